#pragma once

#include "model/catalog/Part.h"

#include <memory>

namespace cw {

class JsonReader;

/// Reads one part object of a catalog file (throws JsonInputError naming the JSON pointer).
std::unique_ptr<Part> readPart(const JsonReader &reader);

} // namespace cw

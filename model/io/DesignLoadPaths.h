#pragma once

// The load's slow path by name, for the tests that compare it with parseDesign (whose fast
// path reads the links straight from the text and hands anything unusual to this one).

#include "model/io/DesignFile.h"

namespace cw {

/// parseDesign through the tape alone (model/io/JsonTape.h): every error and warning of the
/// reader comes from here, whichever path parseDesign took.
Result<LoadedDesign> parseDesignOnTape(std::string_view text, const Catalog &catalog);

} // namespace cw

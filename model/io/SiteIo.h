#pragma once

// The site object of the design file, shared by the design reader and writer and by the
// standalone site files `generate --site` reads (model/io/SiteFile.h).

#include "model/core/Facility.h"

#include <string>
#include <vector>

namespace cw {

class JsonWriter;
class TapeReader;

/// Reads a site object; unknown keys are appended to `warnings` (their JSON pointers), a bad
/// value throws JsonInputError naming its pointer.
Site readSiteObject(const TapeReader &reader, std::vector<std::string> &warnings);
/// Writes a site object in the file format's key order.
void writeSiteObject(JsonWriter &w, const Site &site);

} // namespace cw

#pragma once

#include "model/common/Result.h"
#include "model/core/Facility.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

/// A site read from a site file, with what the reader noticed (unknown keys).
struct LoadedSite
{
    Site site;
    std::vector<std::string> warnings;
};

/// Parses a site: a JSON object exactly like the design file's `site`, or a whole design file
/// (its `site` is taken, nothing else is read). Errors name the JSON pointer and what was
/// expected.
Result<LoadedSite> parseSite(std::string_view text);
Result<LoadedSite> loadSiteFile(const std::filesystem::path &path);
/// The site object as the design file writes it, with a final newline.
std::string serializeSite(const Site &site);

} // namespace cw

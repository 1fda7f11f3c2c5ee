#pragma once

#include "model/common/Result.h"
#include "model/core/Design.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Catalog;

/// A design read from text, with what the reader noticed but could load anyway (unknown keys,
/// migrations applied).
struct LoadedDesign
{
    Design design;
    std::vector<std::string> warnings;
    int fileSchemaVersion = 0;
};

/// Parses a `.cluster.json` document. Every error names the JSON pointer (or line and column
/// for malformed JSON) and what was expected; nothing is half-loaded.
Result<LoadedDesign> parseDesign(std::string_view text, const Catalog &catalog);
Result<LoadedDesign> loadDesignFile(const std::filesystem::path &path, const Catalog &catalog);

/// The canonical text of a design: ids in order, fixed key order, 2-space indent, final
/// newline. Load-then-serialize of a current file gives the same bytes.
std::string serializeDesign(const Design &design, const Catalog &catalog);
Result<void> saveDesignFile(const Design &design, const Catalog &catalog,
                            const std::filesystem::path &path);

} // namespace cw

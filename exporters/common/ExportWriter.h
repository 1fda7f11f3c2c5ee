#pragma once

#include "exporters/Exporter.h"

#include <filesystem>
#include <string>
#include <vector>

namespace cw::exporters {

/// A file-name component made from a design name: letters, digits, '.', '_' and '-' kept,
/// anything else (path separators included) becomes '_', leading dots become '_' (no
/// hidden files, no ".."), an empty name becomes `fallback`.
std::string safeFileName(const std::string &name, const std::string &fallback = "unnamed");

/// Checks that `relativePath` stays inside the export folder: '/'-separated components,
/// each non-empty, none "." or "..", no leading '/', only the characters safeFileName keeps.
Result<void> checkRelativePath(const std::string &relativePath);

/// Writes `files` under `folder` (created if missing). Every path is checked first and, unless
/// `force`, no file may exist yet, so a refusal writes nothing. Each file is written
/// atomically. Returns the written paths in order.
Result<std::vector<std::filesystem::path>> writeExport(const std::vector<ExportedFile> &files,
                                                        const std::filesystem::path &folder,
                                                        bool force);

} // namespace cw::exporters

#pragma once

#include "model/common/Result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace cw {

/// Writes `contents` to `path` atomically: a temporary file in the same folder, flushed to
/// disk, then renamed over the target. Readers see the old file or the new one, never half.
Result<void> writeFileAtomically(const std::filesystem::path &path, std::string_view contents);

/// Reads a whole file; the error names the path and the reason.
Result<std::string> readWholeFile(const std::filesystem::path &path);

} // namespace cw

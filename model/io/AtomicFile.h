#pragma once

#include "model/common/JsonLimits.h"
#include "model/common/Result.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace cw {

/// Writes `contents` to `path` atomically: a temporary file in the same folder, flushed to
/// disk, then renamed over the target. Readers see the old file or the new one, never half.
/// The temporary is named ".<name>.cw-<pid>-XXXXXX"; those a killed earlier run left
/// beside `path` are removed first (removeStaleTemporaries).
Result<void> writeFileAtomically(const std::filesystem::path &path, std::string_view contents);

/// Removes the temporaries ".<name of path>.cw-<pid>-*" (files or folders) beside `path` whose
/// process no longer runs: what a run killed between creating and renaming them left.
void removeStaleTemporaries(const std::filesystem::path &path);

/// A new empty folder ".<name>.cw-<pid>-XXXXXX" beside `target` (same file system, so it can
/// be renamed onto it).
Result<std::filesystem::path> makeTemporaryFolderBeside(const std::filesystem::path &target);

/// Puts the complete folder `prepared` in the place of `target` in one step: an atomic
/// exchange of the two names (renameat2 RENAME_EXCHANGE) when `target` exists, a rename when
/// it does not; then removes the old folder. A kill at any moment leaves at `target` either
/// the old folder or the new one, plus at most a temporary that the next run removes.
Result<void> swapFolderIn(const std::filesystem::path &prepared,
                          const std::filesystem::path &target);

/// Reads a whole file of at most `maxBytes` into memory (default: the limit for design text
/// that is not a regular file, model/common/JsonLimits.h; MappedFile maps regular files); the
/// error names the path and the reason. A device that never
/// ends (/dev/zero) stops at the limit.
Result<std::string> readWholeFile(const std::filesystem::path &path,
                                  std::size_t maxBytes = kMaxStreamedDesignBytes);

} // namespace cw

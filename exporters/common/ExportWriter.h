#pragma once

#include "exporters/Exporter.h"

#include <cstdint>
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

/// Writes `files` under `folder` (created if missing) as one set, all or nothing. Every path
/// and its length is checked first and, unless `force`, no file may exist yet, so a refusal
/// writes nothing. The set (plus the folder's other files, hard-linked) is written to a
/// temporary folder beside `folder` and swapped in with one atomic rename (swapFolderIn):
/// after a failure or a kill the folder holds the old set or the new one, never a mix;
/// temporaries of a killed run are removed by the next. A streamed file (ExportedFile::stream)
/// is produced straight into its place in the temporary folder; its failure abandons the set.
/// The files are written without a flush each; the finished set is flushed to disk once
/// (syncfs of the temporary folder's file system, then an fsync of each of its folders)
/// before the swap, so after a power cut the folder holds the old set or the complete new
/// one. A failed flush (a writeback error) abandons the set with an error naming the folder.
/// Returns the paths in order; `sizes`, when given, receives each file's byte count.
Result<std::vector<std::filesystem::path>> writeExport(const std::vector<ExportedFile> &files,
                                                       const std::filesystem::path &folder,
                                                       bool force,
                                                       std::vector<std::uint64_t> *sizes = nullptr);

namespace testing {

/// The call that flushes a finished set's file system before the swap (::syncfs by default),
/// replaceable so a test can make it fail as a writeback error would; nullptr restores it.
using SetFlush = int (*)(int folderFd);
void setSetFlushForTesting(SetFlush flush);

} // namespace testing

} // namespace cw::exporters

#pragma once

#include "model/common/Result.h"

#include <cstddef>
#include <string_view>

namespace cw {

/// The bounds every design and catalog text is held to before it is parsed
/// (docs/file-format.md, "Limits"). They are far above anything real (the largest reference
/// design nests 5 levels deep and its longest string is 1.6 KB) and low enough that a
/// hostile file cannot exhaust the stack, the memory or the terminal.
struct JsonLimits
{
    std::size_t maxBytes = 0;
    std::size_t maxDepth = 64;
    std::size_t maxStringBytes = std::size_t { 64 } * 1024;
    std::size_t maxKeysPerObject = 10000;
};

/// A design file: 3 GiB (a 131,072-node, million-GPU design with every link is about 0.9 GB;
/// the parser's offsets are 32-bit). A regular file is memory-mapped, so its text costs no
/// heap.
inline constexpr std::size_t kMaxDesignBytes = std::size_t { 3 } * 1024 * 1024 * 1024;
/// Design text from something that is not a regular file (a pipe, a device), which has to be
/// read into memory: 512 MiB (reading /dev/zero stops there).
inline constexpr std::size_t kMaxStreamedDesignBytes = std::size_t { 512 } * 1024 * 1024;
/// A catalog file: 16 MiB (the built-in catalog is under 200 KB).
inline constexpr std::size_t kMaxCatalogBytes = std::size_t { 16 } * 1024 * 1024;
/// Warnings listed for one load; the rest are counted in one last line.
inline constexpr std::size_t kMaxLoadWarnings = 100;

JsonLimits designLimits();
JsonLimits catalogLimits();

/// One linear pass over `text` (no recursion, so any nesting is safe to look at) that refuses
/// nesting deeper than maxDepth, a string longer than maxStringBytes, an object with more than
/// maxKeysPerObject keys and an object that has the same key twice (RFC 8259 leaves duplicates
/// undefined; readers disagree on which wins, so a file could mean two things). The error names
/// the JSON pointer and the line and column. Text that is not JSON passes: the parser reports it.
Result<void> checkJsonLimits(std::string_view text, const JsonLimits &limits);

} // namespace cw

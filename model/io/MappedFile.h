#pragma once

#include "model/common/JsonLimits.h"
#include "model/common/Result.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

namespace cw {

/// A whole file's bytes for reading: a read-only memory map of a regular file (no copy and
/// no zero-filled buffer: the page cache is the storage), or, for anything that cannot be
/// mapped (a pipe, an empty file, /dev/zero), the bytes read by readWholeFile.
class MappedFile
{
public:
    /// Errors name the path and the reason; a regular file over `maxBytes`, or other input
    /// over `maxStreamBytes`, is refused.
    static Result<MappedFile> open(const std::filesystem::path &path,
                                   std::size_t maxBytes = kMaxDesignBytes,
                                   std::size_t maxStreamBytes = kMaxStreamedDesignBytes);

    MappedFile(MappedFile &&other) noexcept;
    MappedFile &operator=(MappedFile &&other) noexcept;
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;
    ~MappedFile();

    std::string_view text() const { return m_map ? std::string_view(m_map, m_size) : m_copy; }

    /// Lets go of `file` off the caller's path: a large mapping is unmapped by a thread of
    /// its own, as a design's reader need not wait for it (unmapping the 138 MB of a
    /// 16,384-node design took 7 % of its load in `perf`, as long as mapping it).
    static void releaseAside(MappedFile &&file);

private:
    MappedFile() = default;
    void release();

    const char *m_map = nullptr;
    std::size_t m_size = 0;
    std::string m_copy;
};

} // namespace cw

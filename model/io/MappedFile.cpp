#include "model/io/MappedFile.h"

#include "model/io/AtomicFile.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace cw {

Result<MappedFile> MappedFile::open(const std::filesystem::path &path, std::size_t maxBytes,
                                    std::size_t maxStreamBytes)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat info
    {
    };
    const bool regular
        = fd >= 0 && ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0;
    if (!regular) {
        // Folders, pipes, devices, empty files and open errors: readWholeFile has the
        // messages and the chunked read for those.
        if (fd >= 0)
            ::close(fd);
        auto text = readWholeFile(path, std::min(maxBytes, maxStreamBytes));
        if (!text)
            return text.error();
        MappedFile file;
        file.m_copy = std::move(text).value();
        return file;
    }
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size > maxBytes) {
        ::close(fd);
        return Error { path.string() + ": larger than the limit of "
                       + std::to_string(maxBytes / (std::size_t { 1024 } * 1024)) + " MiB" };
    }
    // Not MAP_POPULATE: the reader's threads map their own parts of the page cache
    // (mapAhead), side by side, instead of this thread mapping all of them first.
    void *map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    const int mapError = errno;
    ::close(fd);
    if (map == MAP_FAILED)
        return Error { path.string() + ": cannot be read (" + std::strerror(mapError) + ")" };
    ::madvise(map, size, MADV_SEQUENTIAL);
    MappedFile file;
    file.m_map = static_cast<const char *>(map);
    file.m_size = size;
    return file;
}

MappedFile::MappedFile(MappedFile &&other) noexcept
    : m_map(std::exchange(other.m_map, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_copy(std::move(other.m_copy))
{ }

MappedFile &MappedFile::operator=(MappedFile &&other) noexcept
{
    if (this != &other) {
        release();
        m_map = std::exchange(other.m_map, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_copy = std::move(other.m_copy);
    }
    return *this;
}

MappedFile::~MappedFile()
{
    release();
}

void MappedFile::releaseAside(MappedFile &&file)
{
    constexpr std::size_t kBytesWorthAThread = std::size_t { 16 } << 20;
    if (file.m_size < kBytesWorthAThread)
        return; // `file` goes with the caller's copy of it
    try {
        std::thread([aside = std::move(file)] {}).detach();
    } catch (...) {
        // No thread to be had: the mapping is released here, on the caller's path.
    }
}

void MappedFile::release()
{
    if (m_map)
        ::munmap(const_cast<char *>(m_map), m_size);
    m_map = nullptr;
    m_size = 0;
}

} // namespace cw

#include "model/common/MapAhead.h"

#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22 // Linux 5.14; older headers lack the name
#endif

namespace cw {

void mapAhead(const void *data, std::size_t bytes)
{
    if (bytes == 0)
        return;
    static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    // madvise wants a page-aligned start: from the page that holds the first byte.
    const std::size_t misaligned = reinterpret_cast<std::uintptr_t>(data) % page;
    ::madvise(const_cast<char *>(static_cast<const char *>(data)) - misaligned, bytes + misaligned,
              MADV_POPULATE_READ);
}

} // namespace cw

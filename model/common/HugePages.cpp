#include "model/common/HugePages.h"

#include <cstdint>
#include <sys/mman.h>

namespace cw {

void adviseHugePages(const void *data, std::size_t bytes)
{
    constexpr std::size_t kHugePage = std::size_t { 2 } << 20;
    // Offsets from `data` (a pointer made from an integer would hide where it points).
    const std::size_t misaligned = reinterpret_cast<std::uintptr_t>(data) % kHugePage;
    const std::size_t skip = misaligned == 0 ? 0 : kHugePage - misaligned;
    if (bytes <= skip)
        return;
    const std::size_t length = (bytes - skip) / kHugePage * kHugePage;
    if (length > 0)
        ::madvise(const_cast<char *>(static_cast<const char *>(data)) + skip, length,
                  MADV_HUGEPAGE);
}

} // namespace cw

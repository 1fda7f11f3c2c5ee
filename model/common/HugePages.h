#pragma once

#include <cstddef>

namespace cw {

/// Asks the kernel for 2 MB pages under the 2 MB-aligned part of [data, data + bytes) (a
/// large array about to be written once, such as the loader's link table or the adjacency's
/// bulk lists): a fault per 2 MB instead of per 4 KB, where a first touch is what a load
/// spends most on (on the 2-core VM a 4 KB fault costs microseconds). Only a hint: nothing
/// changes where the kernel has none to give.
void adviseHugePages(const void *data, std::size_t bytes);

} // namespace cw

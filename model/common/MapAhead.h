#pragma once

#include <cstddef>

namespace cw {

/// Maps every page of [data, data + bytes) of a file mapping from the page cache in one call,
/// before the bytes are read (the kernel's MADV_POPULATE_READ): what MAP_POPULATE does for a
/// whole file, for the part one thread is about to read, so that the threads of a load map
/// their own parts side by side instead of one thread mapping all of them first. Only a
/// hint: where the kernel lacks it the pages fault in as they are read, as they would anyway.
void mapAhead(const void *data, std::size_t bytes);

} // namespace cw

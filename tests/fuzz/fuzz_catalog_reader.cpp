// libFuzzer target: a user catalog file (model/catalog Catalog::addFile, CatalogReader and
// model/common JsonReader over nlohmann, after the input limits) on arbitrary bytes.
#include "model/catalog/Catalog.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    cw::Catalog catalog;
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto added = catalog.addFile("fuzz.json", text);
    return added ? 0 : 0;
}

// libFuzzer target: the design reader (model/io DesignReader over JsonTape, the input limits
// and the name policy) on arbitrary bytes, against the built-in catalog. Any crash, leak or
// undefined behaviour ASan/UBSan sees is a bug: bad input must give an Error, nothing else.
#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const cw::Catalog &catalog = cw::Catalog::builtin();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto loaded = cw::parseDesign(text, catalog);
    // Use the result so the reader's work is not optimised away.
    return loaded ? static_cast<int>(loaded->warnings.size() & 0) : 0;
}

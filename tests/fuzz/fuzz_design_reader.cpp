// libFuzzer target: the design reader (model/io DesignReader over JsonTape, the input limits
// and the name policy) on arbitrary bytes, against the built-in catalog. Any crash, leak or
// undefined behaviour ASan/UBSan sees is a bug: bad input must give an Error, nothing else.
// Whatever the load's fast path (the links read straight from the text) accepts must be the
// design the tape's path reads from the same bytes: a difference aborts.
#include "model/catalog/Catalog.h"
#include "model/core/DesignAdjacency.h"
#include "model/io/DesignFile.h"
#include "model/io/DesignLoadPaths.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

bool sameDesign(const cw::Design &a, const cw::Design &b)
{
    return a.name() == b.name() && a.nextId() == b.nextId() && a.site() == b.site()
        && a.rows().items() == b.rows().items() && a.racks().items() == b.racks().items()
        && a.devices().items() == b.devices().items() && a.links().items() == b.links().items()
        && a.fabrics().items() == b.fabrics().items()
        && a.storageTiers().items() == b.storageTiers().items() && a.scheduler() == b.scheduler()
        && a.nccl() == b.nccl() && a.workload() == b.workload()
        && a.severityOverrides() == b.severityOverrides() && a.adjacency() == b.adjacency();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const cw::Catalog &catalog = cw::Catalog::builtin();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto loaded = cw::parseDesign(text, catalog);
    if (auto fast = cw::parseDesignFast(text, catalog)) {
        auto tape = cw::parseDesignOnTape(text, catalog);
        if (!tape || !tape->warnings.empty() || !sameDesign(fast->design, tape->design))
            std::abort();
    }
    // Use the result so the reader's work is not optimised away.
    return loaded ? static_cast<int>(loaded->warnings.size() & 0) : 0;
}

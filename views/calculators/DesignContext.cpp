#include "views/calculators/DesignContext.h"

#include "model/core/Design.h"
#include "model/prefill/CapexPrefill.h"

namespace cw::calcviews {

std::shared_ptr<const DesignContext> makeDesignContext(const Design *design, const Catalog &catalog)
{
    auto context = std::make_shared<DesignContext>();
    if (!design)
        return context;
    context->facts = calc::gatherDesignFacts(*design, catalog);
    context->racks = calc::rackPower(*design, catalog);
    context->bandwidth = calc::nodeBandwidthHierarchy(*context->facts);
    // The BOM walks the whole cabling plan: only the cost panel needs it, once per design
    // state. The design must outlive the context (the dock rebuilds it on every change).
    auto cache = std::make_shared<std::optional<calc::PrefillExtras>>();
    context->costExtras = [design, &catalog, cache] {
        if (!*cache)
            *cache = calc::capexFromBom(*design, catalog);
        return **cache;
    };
    return context;
}

} // namespace cw::calcviews

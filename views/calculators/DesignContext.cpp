#include "views/calculators/DesignContext.h"

#include "exporters/bom/BillOfMaterials.h"
#include "model/core/Design.h"

namespace cw::calcviews {

calc::PrefillExtras costExtrasFromBom(const Design &design, const Catalog &catalog)
{
    calc::PrefillExtras extras;
    const auto bom = bom::computeBom(design, catalog);
    if (!bom) {
        extras.capexNote = "the bill of materials failed: " + bom.error().message;
        return extras;
    }
    int unpriced = 0;
    for (const bom::BomLine &line : bom->lines)
        unpriced += line.unitPriceUsd <= 0 ? 1 : 0;
    extras.capexUsd = bom->grandTotalUsd;
    extras.capexSource = "bill of materials grand total: " + std::to_string(bom->lines.size())
        + " lines incl. spares at catalog list prices"
        + (unpriced > 0 ? ", " + std::to_string(unpriced) + " unpriced lines at 0" : "");
    return extras;
}

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
            *cache = costExtrasFromBom(*design, catalog);
        return **cache;
    };
    return context;
}

} // namespace cw::calcviews

#include "model/prefill/CapexPrefill.h"

#include "model/quantities/BillOfMaterials.h"

#include <string>

namespace cw::calc {

PrefillExtras capexFromBom(const Design &design, const Catalog &catalog)
{
    PrefillExtras extras;
    const auto bom = bom::computeBom(design, catalog);
    if (!bom) {
        extras.capexNote = "the bill of materials failed: " + bom.error().message;
        return extras;
    }
    int &unpriced = extras.unpricedLines;
    for (const bom::BomLine &line : bom->lines)
        unpriced += line.unitPriceUsd <= 0 ? 1 : 0;
    extras.capexUsd = bom->grandTotalUsd;
    extras.capexSource = "bill of materials grand total: " + std::to_string(bom->lines.size())
        + " lines incl. spares at catalog list prices"
        + (unpriced > 0 ? ", " + std::to_string(unpriced) + " unpriced lines at 0" : "");
    return extras;
}

} // namespace cw::calc

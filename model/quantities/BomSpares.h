#pragma once

// Internal to model/quantities: the spares lines of computeBom().

#include "model/quantities/BillOfMaterials.h"

namespace cw::bom::detail {

/// Spares by `policy`: host adapters per linked host port group, a share of every cable,
/// optics and fibre line in `lines`, and power supplies per server type.
std::vector<BomLine> spareLines(const Design &design, const Catalog &catalog,
                                const SparesPolicy &policy, const std::vector<BomLine> &lines);

/// ceil(count / per), 0 when `per` is not positive (that spare kind is switched off).
int sparesPer(int count, int per);
/// ceil(count x pct / 100), 0 when `pct` is not positive.
int sparesPct(int count, double pct);

} // namespace cw::bom::detail

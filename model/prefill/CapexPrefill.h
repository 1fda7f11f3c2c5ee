#pragma once

#include "model/prefill/DesignPrefill.h"

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::calc {

/// The capex input of the `cost` calculator: the bill of materials' grand total
/// (model/quantities, the same count the BOM files print), with a sentence saying where it
/// comes from and how many lines have no price. When the BOM cannot be computed (a link to a
/// missing device) capexUsd stays empty and capexNote says why. The CLI's `calc cost` and the
/// Calculators dock both read it from here.
PrefillExtras capexFromBom(const Design &design, const Catalog &catalog);

} // namespace cw::calc

#pragma once

#include "exporters/report/ReportData.h"

#include <vector>

namespace cw {
class RuleContext;
}

namespace cw::report {

/// Per-rack figures from the validation rules' own lookups (RuleContext::rackLoadW,
/// rackUnits, rackCooling), so a rack the report shows over its feed is the rack the power
/// rules flag. Sorted by row index, position, name.
std::vector<RackFigures> gatherRackFigures(const RuleContext &context);

/// Per-row totals of `racks` (rows in index order; racks without a row under "-").
std::vector<RowFigures> gatherRowFigures(const Design &design,
                                         const std::vector<RackFigures> &racks);

} // namespace cw::report

#pragma once

#include "exporters/cabling/CablePlan.h"

#include <string>

namespace cw {
class Design;
}

namespace cw::cabling {

/// cabling.csv: a `#` header comment, the column names, then one row per link in plan order.
std::string cablingCsv(const Design &design, const CablePlan &plan);
/// cabling-summary.csv: links, cables, transceivers and active power per medium and length
/// bin, and a final "all,all" total row.
std::string cablingSummaryCsv(const Design &design, const CablePlan &plan);
/// labels.csv: the text printed on the label at each end of every cable.
std::string labelsCsv(const Design &design, const CablePlan &plan);

/// The label text at one end: the cable id and fabric, this end's location first, then
/// the far end ("C00123 compute | C0001 U12 gpu001 mlx5_0 > N001 U40 leaf01 p3").
std::string labelText(const CableRow &row, bool aEnd);

} // namespace cw::cabling

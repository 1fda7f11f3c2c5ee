#pragma once

#include "exporters/cabling/CablePlan.h"

#include <string>

namespace cw {
class Design;
}

namespace cw::cabling {

/// cabling.csv: a `#` header comment, the column names, then one row per link in plan order;
/// the legs of a twin-port or splitter cable share its cable_id and differ in `leg`.
std::string cablingCsv(const Design &design, const CablePlan &plan);
/// cabling-summary.csv: links, cables, transceivers and active power per medium and length
/// bin, and a final "all,all" total row.
std::string cablingSummaryCsv(const Design &design, const CablePlan &plan);
/// labels.csv: one row per physical cable, the text printed on the label at each end.
std::string labelsCsv(const Design &design, const CablePlan &plan);

/// The label text at one end of a physical cable: the cable id and fabric, this end's
/// location first, then the far end ("C00123 compute | C0001 U12 gpu001 mlx5_0 > N001 U40
/// leaf01 p3"); the legs' ports on one device are joined with '/' ("leaf01 p1/p2"), legs on
/// different devices with " + ".
std::string labelText(const PhysicalCable &cable, bool aEnd);
/// The label text of a one-leg cable.
std::string labelText(const CableRow &row, bool aEnd);

} // namespace cw::cabling

#pragma once

#include "exporters/cabling/CablingTable.h"
#include "model/quantities/CablePlan.h"

#include <string>

namespace cw {
class Design;
}

namespace cw::cabling {

/// The tables of cabling.csv (one row per link in plan order; the legs of a twin-port or
/// splitter cable share its cable_id and differ in `leg`), cabling-summary.csv (per medium
/// and length bin, then an "all,all" total row) and labels.csv (one row per physical cable)
/// are in exporters/cabling/CablingTable.h. The CSV files carry no comment line: the
/// provenance a `#` line used to hold is cabling-provenance.txt.
std::string cablingProvenance(const Design &design);

/// The label text at one end of a physical cable: the cable id and fabric, this end's
/// location first, then the far end ("C00123 compute | C0001 U12 gpu001 mlx5_0 > N001 U40
/// leaf01 p3"); the legs' ports on one device are joined with '/' ("leaf01 p1/p2"), legs on
/// different devices with " + ".
std::string labelText(const PhysicalCable &cable, bool aEnd);
/// The label text of a one-leg cable.
std::string labelText(const CableRow &row, bool aEnd);

} // namespace cw::cabling

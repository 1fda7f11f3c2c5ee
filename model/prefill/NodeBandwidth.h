#pragma once

#include "model/prefill/DesignFacts.h"

#include <string>
#include <vector>

namespace cw::calc {

/// One level of a GPU node's bandwidth hierarchy, per GPU.
struct BandwidthLevel
{
    std::string name; ///< "HBM", "NVLink", "PCIe", "NIC", "storage read", "storage write"
    double gbPerS = 0; ///< GB/s (1e9 B/s) per GPU, per direction where links have one
    std::string source;
};

/// The bandwidth a GPU of the design's node sees at each level, from its own memory down to
/// its share of the parallel filesystem (the seed field guide's table; docs/calculators.md).
/// Levels the design or catalog cannot give are left out; the list is ordered as above.
std::vector<BandwidthLevel> nodeBandwidthHierarchy(const DesignFacts &facts);

} // namespace cw::calc

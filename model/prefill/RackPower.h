#pragma once

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::calc {

/// Load of one rack against what its power feed can carry.
struct RackPowerRow
{
    std::string rack;
    double loadKw = 0; ///< sum of the maximum power of the rack's devices (catalog)
    /// What the weaker feed carries continuously after derating (with feeds A and B either
    /// alone must carry the rack); 0 when the rack has no PDU.
    double feedCapacityKw = 0;
};

/// Every rack of the design, in id order. The same load and feed figures as the power rules
/// (model/validation/rules/PowerRules.cpp), so the chart and the violations agree.
std::vector<RackPowerRow> rackPower(const Design &design, const Catalog &catalog);

} // namespace cw::calc

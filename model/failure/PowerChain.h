#pragma once

#include "model/core/Ids.h"

#include <vector>

namespace cw {

class Catalog;
class Design;
struct Rack;

/// How one device draws power: its PSUs, each on one PDU of its rack.
///
/// Placement rule (docs/failure-domains.md): in a rack with PDUs on feeds A and B the PSUs
/// alternate A, B, A, B... (the usual A/B cabling: a DGX H100's six PSUs are three on each
/// feed); the j-th PSU on a feed goes to that feed's (j mod m)-th PDU in the rack's order. In a
/// rack with one feed every PSU is on it. A device whose catalog part gives no PSU figures
/// (most switches) is taken as two PSUs, one per feed, either carrying the whole device.
struct DevicePower
{
    DeviceId device;
    RackId rack;
    double maxPowerW = 0; ///< the part's maximum draw
    double psuRatingW = 0; ///< what one PSU can deliver
    bool psuAssumed = false; ///< no PSU figures in the catalog: two PSUs, each carrying it all
    std::vector<int> psuPdu; ///< per PSU: index into rack.pdus; empty when the rack has no PDU
};

/// Where each PSU of each device in the design is plugged (devices without a rack or part
/// are left out).
std::vector<DevicePower> placePowerSupplies(const Design &design, const Catalog &catalog);

/// The PDU index of each of `psuCount` PSUs in `rack` by the placement rule above.
std::vector<int> psuPdus(const Rack &rack, int psuCount);

} // namespace cw

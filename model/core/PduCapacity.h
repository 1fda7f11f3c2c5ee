#pragma once

#include "model/core/Facility.h"

#include "calculators/Units.h"

#include <algorithm>
#include <array>
#include <numbers>

namespace cw {

/// Continuous loads may use 80 % of a breaker's rating (NEC 210.19(A)/210.20(A): conductors
/// and breakers sized at 125 % of a continuous load).
inline constexpr double kContinuousLoadDerating = 0.8;

/// A PDU's apparent power at its breaker rating: V x A, x sqrt 3 for three-phase (V line to line).
inline double pduRatedVa(const Pdu &pdu)
{
    const double phaseFactor = pdu.phases == 3 ? std::numbers::sqrt3 : 1.0;
    return pdu.voltageV * pdu.breakerA * phaseFactor;
}

/// What one PDU may carry continuously (unity power factor): its rating after the 80 % derating.
/// The power rules, the floor plan colours and the facilities report all use this.
inline double pduCapacityW(const Pdu &pdu)
{
    return pduRatedVa(pdu) * kContinuousLoadDerating;
}

/// What each feed of a rack carries continuously: the sum of its PDUs' capacity, indexed by Feed.
inline std::array<double, 2> feedCapacitiesW(const Rack &rack)
{
    std::array<double, 2> capacityW {};
    for (const Pdu &pdu : rack.pdus)
        capacityW[static_cast<std::size_t>(pdu.feed)] += pduCapacityW(pdu);
    return capacityW;
}

/// What the rack may draw as power.rack-over-feed and power.rack-over-rating judge it: the
/// weakest feed present (with A and B either must carry the whole rack), capped by the rack
/// type's rating when it has one. 0 when the rack has no PDU: the rule then reports "no PDU"
/// whatever the rating. The floor plan's colours and the facilities report use this too.
inline double rackCapacityW(const Rack &rack, double rackRatingKw)
{
    double capacityW = 0;
    for (double feedW : feedCapacitiesW(rack))
        if (feedW > 0)
            capacityW = capacityW == 0 ? feedW : std::min(capacityW, feedW);
    if (capacityW > 0 && rackRatingKw > 0)
        capacityW = std::min(capacityW, rackRatingKw * calc::wattsPerKw);
    return capacityW;
}

} // namespace cw

#pragma once

#include "model/core/Facility.h"

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

} // namespace cw

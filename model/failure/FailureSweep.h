#pragma once

#include "model/failure/WhatIf.h"

#include <vector>

namespace cw {

/// One single failure of an N-1 sweep, with what it costs.
struct SweepEntry
{
    WhatIfReport report;
    double bisectionLostGbps = 0; ///< summed over the fabrics
};

/// Fails each domain alone and ranks them: GPUs lost, then bisection lost, then devices
/// capped, then name. The design's worst single points of failure come first.
/// The domains are simulated on `threads` threads (0: one per hardware thread); the result
/// does not depend on the thread count.
std::vector<SweepEntry> sweepSingleFailures(const FailureModel &model,
                                            const std::vector<FailureDomain> &domains,
                                            int threads = 0);

/// The first `top` entries of sweepSingleFailures(model, domains, threads): the same entries in
/// the same order, without solving the bisection of the domains that cannot rank among them.
/// GPUs lost ranks first, so every domain is simulated without max-flows, and only those
/// losing at least as many GPUs as the top-th worst are simulated in full and ranked.
std::vector<SweepEntry> sweepWorstFailures(const FailureModel &model,
                                           const std::vector<FailureDomain> &domains,
                                           std::size_t top, int threads = 0);

} // namespace cw

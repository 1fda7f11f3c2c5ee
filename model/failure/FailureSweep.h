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

/// The worst domains of an N-1 sweep with a bound on the full simulations.
struct WorstFailures
{
    std::vector<SweepEntry> entries; ///< worst first, at most `top`
    /// Domains losing as many GPUs as the last entries that were not simulated in full: more
    /// than `maxSolved` domains could rank (2,072 equal rows at 131,072 nodes), so the tied
    /// entries shown are the first tied domains in design order, ranked among themselves as
    /// the full sweep ranks them, not the worst of every tie by bisection lost. 0 when
    /// `entries` is exactly the full sweep's head.
    std::size_t tiesUnsolved = 0;
    int tiedGpusLost = 0; ///< what each of those ties loses
};

/// sweepWorstFailures, solving the bisection of at most max(top, maxSolved) domains: every
/// domain that loses more GPUs than the top-th worst, then the domains tied with it in
/// design order (WorstFailures::tiesUnsolved says how many were left out).
WorstFailures sweepWorstFailuresBounded(const FailureModel &model,
                                        const std::vector<FailureDomain> &domains, std::size_t top,
                                        std::size_t maxSolved, int threads = 0);

} // namespace cw

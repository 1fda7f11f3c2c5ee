#include "calculators/AllReduce.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

#include <bit>

namespace cw::calc {

AllReduceResult allReduce(const AllReduceInput &input)
{
    requirePositive("bytes", input.bytes);
    requireAtLeast("ranks", input.ranks, 2);
    requirePositive("link-gbyte-s", input.linkGBps);
    if (input.efficiency <= 0.0 || input.efficiency > 1.0)
        throw InputError("efficiency",
                         "expected a fraction > 0 and <= 1, got " + formatNumber(input.efficiency));
    requireNonNegative("latency-us", input.latencyUs);

    AllReduceResult r;
    const double n = static_cast<double>(input.ranks);
    // ref:nvidia-nccl-tests-performance: all_reduce busbw = algbw x 2(n-1)/n, the
    // fraction of the buffer each rank must send (and receive) in an optimal all-reduce.
    r.busFactor = 2.0 * (n - 1.0) / n;

    const double bytesPerSecond = input.linkGBps * input.efficiency * bytesPerGB;
    const double alphaSeconds = input.latencyUs * secondsPerMicrosecond;
    if (input.algorithm == AllReduceAlgorithm::Ring) {
        // Ring = reduce-scatter + all-gather, n-1 steps each, S/n per step
        // (ref:patarasuk-2009-allreduce; ref:thakur-2005-mpich section 4):
        //   t = 2(n-1) alpha + 2(n-1)/n * S/B
        r.seconds = 2.0 * (n - 1.0) * alphaSeconds + r.busFactor * input.bytes / bytesPerSecond;
        r.assumptions.push_back("ring: t = 2(n-1) alpha + 2(n-1)/n S/B (ref:thakur-2005-mpich; "
                                "ref:patarasuk-2009-allreduce)");
    } else {
        // NCCL double binary tree (ref:nvidia-nccl-2-4-blog): reduce up and broadcast down a tree
        // of depth ceil(log2 n), pipelined, so latency grows with log2 n and each rank moves ~S up
        // and ~S down:
        //   t ~ 2 ceil(log2 n) alpha + 2 S/B
        const auto depth
            = static_cast<double>(std::bit_width(static_cast<unsigned long long>(input.ranks - 1)));
        r.seconds = 2.0 * depth * alphaSeconds + 2.0 * input.bytes / bytesPerSecond;
        r.assumptions.push_back("tree: t ~ 2 ceil(log2 n) alpha + 2 S/B (NCCL double binary tree, "
                                "pipelined reduce + broadcast; an approximation)");
    }
    r.algbwGBps = input.bytes / r.seconds / bytesPerGB;
    r.busbwGBps = r.algbwGBps * r.busFactor;

    r.assumptions.push_back(
        "algbw = S/t, busbw = algbw x 2(n-1)/n (ref:nvidia-nccl-tests-performance)");
    r.assumptions.push_back("B = link-gbyte-s " + formatNumber(input.linkGBps)
                            + " GB/s (1e9 B/s) x "
                              "efficiency "
                            + formatNumber(input.efficiency)
                            + (input.efficiency == 1.0 ? " (line rate: optimistic; measured NCCL "
                                                         "busbw is lower, see calc collective)"
                                                       : "")
                            + "; latency-us is alpha per step");
    if (input.latencyUs == 0.0)
        r.assumptions.push_back("latency term ignored (latency-us = 0)");
    return r;
}

} // namespace cw::calc

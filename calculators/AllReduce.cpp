#include "calculators/AllReduce.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

#include <bit>

namespace cw::calc {

AllReduceResult allReduce(const AllReduceInput &input)
{
    requirePositive("bytes", input.bytes);
    requireAtLeast("ranks", input.ranks, 2);
    requirePositive("link-gbps", input.linkGBps);
    requireNonNegative("latency-us", input.latencyUs);

    AllReduceResult r;
    const double n = static_cast<double>(input.ranks);
    // nccl-tests doc/PERFORMANCE.md (v2.19.6): all_reduce busbw = algbw x 2(n-1)/n, the
    // fraction of the buffer each rank must send (and receive) in an optimal all-reduce.
    r.busFactor = 2.0 * (n - 1.0) / n;

    const double bytesPerSecond = input.linkGBps * bytesPerGB;
    const double alphaSeconds = input.latencyUs * secondsPerMicrosecond;
    if (input.algorithm == AllReduceAlgorithm::Ring) {
        // Ring = reduce-scatter + all-gather, n-1 steps each, S/n per step
        // (Patarasuk & Yuan 2009; Thakur, Rabenseifner & Gropp 2005 §4):
        //   t = 2(n-1) alpha + 2(n-1)/n * S/B
        r.seconds = 2.0 * (n - 1.0) * alphaSeconds + r.busFactor * input.bytes / bytesPerSecond;
        r.assumptions.push_back("ring: t = 2(n-1) alpha + 2(n-1)/n S/B (Thakur, Rabenseifner & "
                                "Gropp 2005; Patarasuk & Yuan 2009)");
    } else {
        // NCCL double binary tree (Jeaugey, "Massively Scale Your Deep Learning Training with
        // NCCL 2.4", NVIDIA 2019): reduce up and broadcast down a tree of depth ceil(log2 n),
        // pipelined, so latency grows with log2 n and each rank moves ~S up and ~S down:
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
        "algbw = S/t, busbw = algbw x 2(n-1)/n as in nccl-tests PERFORMANCE.md");
    r.assumptions.push_back("link-gbps is the per-rank bottleneck bandwidth in GB/s (1e9 B/s), "
                            "latency-us is alpha per step");
    if (input.latencyUs == 0.0)
        r.assumptions.push_back("latency term ignored (latency-us = 0)");
    return r;
}

} // namespace cw::calc

#pragma once

#include <string>
#include <vector>

namespace cw::calc {

/// Collective algorithm whose latency model is used (see allReduce()).
enum class AllReduceAlgorithm { Ring, Tree };

/// Inputs of allReduce(): one all-reduce of `bytes` over `ranks` ranks.
struct AllReduceInput
{
    double bytes = 0.0; // S, full buffer size per rank
    long long ranks = 0; // n >= 2
    double linkGBps = 0.0; // per-rank bottleneck line rate, GB/s (1e9 B/s)
    double efficiency = 1.0; // share of the line rate NCCL reaches (B = linkGBps x efficiency)
    double latencyUs = 0.0; // alpha, per-step latency
    AllReduceAlgorithm algorithm = AllReduceAlgorithm::Ring;
};

/// Time and nccl-tests bandwidths of one all-reduce.
struct AllReduceResult
{
    double busFactor = 0.0; // 2(n-1)/n
    double seconds = 0.0;
    double algbwGBps = 0.0; // S / t
    double busbwGBps = 0.0; // algbw x busFactor
    std::vector<std::string> assumptions;
};

/// nccl-tests bandwidth figures from an alpha-beta cost model. Throws InputError on bad input.
AllReduceResult allReduce(const AllReduceInput &input);

} // namespace cw::calc

#pragma once

#include <string>
#include <vector>

namespace cw::calc {

enum class CollectiveKind { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast };

/// Where the bytes travel, for the documented efficiency of measured NCCL runs.
enum class CollectivePath { Custom, NvLink, Nvls, InfiniBand, Roce };

/// Inputs of collective(): one NCCL collective over `ranks` ranks.
struct CollectiveInput
{
    CollectiveKind kind = CollectiveKind::AllReduce;
    double bytes = 0.0; // S as nccl-tests counts it (see collectiveSizeNote())
    long long ranks = 0; // n >= 2
    double linkGBps = 0.0; // per-rank line rate, one direction, GB/s
    double efficiency = 1.0; // measured busbw / line rate (pathEfficiency() for a path)
    double latencyUs = 0.0; // alpha per step
    CollectivePath path = CollectivePath::Custom;
};

struct CollectiveResult
{
    double busFactor = 0.0;
    double effectiveGBps = 0.0; // line rate x efficiency
    double seconds = 0.0;
    double algbwGBps = 0.0;
    double busbwGBps = 0.0;
    std::vector<std::string> assumptions;
};

/// nccl-tests bus factor of a collective over n ranks (ref:nvidia-nccl-tests-performance):
/// all-reduce 2(n-1)/n; all-gather, reduce-scatter and all-to-all (n-1)/n; broadcast 1.
double busFactor(CollectiveKind kind, long long ranks);

/// Share of the line rate NCCL reaches on a path, from public measurements; 1 for Custom.
double pathEfficiency(CollectivePath path);
/// Where pathEfficiency() comes from, one line.
std::string pathEfficiencySource(CollectivePath path);

/// Per-step latency alpha of NCCL's own tuning model for a path (Ring/Simple hardware latency;
/// NVLS its one-shot latency split over its two steps), in microseconds; 0 for Custom.
double pathLatencyUs(CollectivePath path);

/// Time and nccl-tests bandwidths from a bandwidth-bound ring model plus per-step latency.
/// Throws InputError on out-of-domain input (NVLS for anything but all-reduce).
CollectiveResult collective(const CollectiveInput &input);

std::string collectiveName(CollectiveKind kind);

} // namespace cw::calc

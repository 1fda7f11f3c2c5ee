#include "calculators/Collective.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

namespace {

// NCCL's own model of an H100's NVLink: 18 links x 20.6 GB/s = 370.8 GB/s of the 450 GB/s
// line rate per direction (ref:nvidia-nccl-src, SM90_NVLINK_BW), what its maintainers quote as the
// Ring bus bandwidth on 8 x H100 (ref:nccl-tests-issue-212).
constexpr double nvlinkEfficiency = 370.8 / 450.0;
// NVLink SHARP all-reduce on 8 x H100: algbw about 275 GB/s of the 450 GB/s line rate (busbw
// about 480 GB/s, ref:nccl-tests-issue-212).
constexpr double nvlsEfficiency = 275.0 / 450.0;
// NDR 400 Gb/s = 50 GB/s per NIC; NCCL reaches 46-48 GB/s of bus bandwidth per NIC
// (ref:nccl-tests-issue-290). The low end, 46/50.
constexpr double infinibandEfficiency = 46.0 / 50.0;
// RoCEv2 (DCQCN, ECMP hashing): no public measurement retained; the acceptance runbook's
// planning figure (exporters/nccl/AcceptancePlan.h), an assumption.
constexpr double roceEfficiency = 0.88;

// NCCL's tuning model (ref:nvidia-nccl-src, src/graph/tuning.cc hwLat, Ring/Simple): 3.4 us per
// step on NVLink, 14.0 us over the network; NVLS 25 us on NVLink.
constexpr double nvlinkStepUs = 3.4;
constexpr double networkStepUs = 14.0;
constexpr double nvlsLatencyUs = 25.0;

} // namespace

double pathLatencyUs(CollectivePath path)
{
    switch (path) {
    case CollectivePath::Custom:
        return 0.0;
    case CollectivePath::NvLink:
        return nvlinkStepUs;
    case CollectivePath::Nvls:
        return nvlsLatencyUs / 2.0; // t = 2 alpha + S/B
    case CollectivePath::InfiniBand:
    case CollectivePath::Roce:
        return networkStepUs;
    }
    return 0.0;
}

double busFactor(CollectiveKind kind, long long ranks)
{
    const double n = static_cast<double>(ranks);
    switch (kind) {
    case CollectiveKind::AllReduce:
        return 2.0 * (n - 1.0) / n;
    case CollectiveKind::AllGather:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::AllToAll:
        return (n - 1.0) / n;
    case CollectiveKind::Broadcast:
        return 1.0;
    }
    return 1.0;
}

double pathEfficiency(CollectivePath path)
{
    switch (path) {
    case CollectivePath::Custom:
        return 1.0;
    case CollectivePath::NvLink:
        return nvlinkEfficiency;
    case CollectivePath::Nvls:
        return nvlsEfficiency;
    case CollectivePath::InfiniBand:
        return infinibandEfficiency;
    case CollectivePath::Roce:
        return roceEfficiency;
    }
    return 1.0;
}

std::string pathEfficiencySource(CollectivePath path)
{
    switch (path) {
    case CollectivePath::Custom:
        return "efficiency as given (1 = line rate, optimistic)";
    case CollectivePath::NvLink:
        return "NVLink: 370.8 of 450 GB/s, NCCL's SM90 model and the Ring busbw its maintainers "
               "quote for 8 x H100 (ref:nvidia-nccl-src; ref:nccl-tests-issue-212)";
    case CollectivePath::Nvls:
        return "NVLink SHARP all-reduce: algbw about 275 of 450 GB/s, busbw about 480 GB/s on "
               "8 x H100 (ref:nccl-tests-issue-212)";
    case CollectivePath::InfiniBand:
        return "InfiniBand NDR: 46-48 GB/s busbw per 50 GB/s NIC measured with nccl-tests, low "
               "end used (ref:nccl-tests-issue-290)";
    case CollectivePath::Roce:
        return "RoCEv2: 0.88 of line rate, an assumption (no public measurement retained; "
               "DCQCN and ECMP cost more than InfiniBand's 0.92)";
    }
    return {};
}

std::string collectiveName(CollectiveKind kind)
{
    switch (kind) {
    case CollectiveKind::AllReduce:
        return "all-reduce";
    case CollectiveKind::AllGather:
        return "all-gather";
    case CollectiveKind::ReduceScatter:
        return "reduce-scatter";
    case CollectiveKind::AllToAll:
        return "all-to-all";
    case CollectiveKind::Broadcast:
        return "broadcast";
    }
    return {};
}

CollectiveResult collective(const CollectiveInput &in)
{
    requirePositive("bytes", in.bytes);
    requireAtLeast("ranks", in.ranks, 2);
    requirePositive("link-gbyte-s", in.linkGBps);
    if (in.efficiency <= 0.0 || in.efficiency > 1.0)
        throw InputError("efficiency",
                         "expected a fraction > 0 and <= 1, got " + formatNumber(in.efficiency));
    requireNonNegative("latency-us", in.latencyUs);
    const bool nvls = in.path == CollectivePath::Nvls;
    if (nvls && in.kind != CollectiveKind::AllReduce)
        throw InputError("path",
                         "nvls (NVLink SHARP) is modelled for all-reduce only, got "
                             + collectiveName(in.kind));

    CollectiveResult r;
    const double n = static_cast<double>(in.ranks);
    r.busFactor = busFactor(in.kind, in.ranks);
    r.effectiveGBps = in.linkGBps * in.efficiency;
    const double beta = 1.0 / (r.effectiveGBps * bytesPerGB);
    const double alpha = in.latencyUs * secondsPerMicrosecond;
    if (nvls) {
        // The switch reduces: each GPU sends S once and receives the sum once.
        r.seconds = 2.0 * alpha + in.bytes * beta;
    } else if (in.kind == CollectiveKind::AllReduce) {
        // Ring: reduce-scatter + all-gather, 2(n-1) steps of S/n (ref:patarasuk-2009-allreduce;
        // ref:thakur-2005-mpich).
        r.seconds = 2.0 * (n - 1.0) * alpha + r.busFactor * in.bytes * beta;
    } else if (in.kind == CollectiveKind::Broadcast) {
        // Pipelined ring broadcast: the whole buffer crosses every link once.
        r.seconds = (n - 1.0) * alpha + in.bytes * beta;
    } else {
        // Ring all-gather / reduce-scatter and pairwise all-to-all: n-1 steps of S/n
        // (ref:thakur-2005-mpich).
        r.seconds = (n - 1.0) * alpha + r.busFactor * in.bytes * beta;
    }
    r.algbwGBps = in.bytes / r.seconds / bytesPerGB;
    r.busbwGBps = r.algbwGBps * r.busFactor;

    r.assumptions.push_back(
        collectiveName(in.kind) + ": busbw = algbw x " + formatNumber(r.busFactor)
        + " (nccl-tests bus factor, "
          "ref:nvidia-nccl-tests-performance); S is the total buffer for all-gather and "
          "reduce-scatter, the per-rank buffer otherwise");
    r.assumptions.push_back(
        nvls ? std::string("NVLS: the NVSwitch reduces, t = 2 alpha + S/B")
             : std::string("ring model with n-1 (all-reduce: 2(n-1)) steps of latency alpha"));
    r.assumptions.push_back("B = " + formatNumber(in.linkGBps) + " GB/s line rate x "
                            + formatNumber(in.efficiency) + " = " + formatNumber(r.effectiveGBps)
                            + " GB/s; " + pathEfficiencySource(in.path));
    if (in.latencyUs == 0.0)
        r.assumptions.push_back("latency term ignored (latency-us = 0): large messages only");
    return r;
}

} // namespace cw::calc

#pragma once

#include <optional>
#include <string>

namespace cw::nccl {

/// What NCCL's topology loader needs to know about a CPU socket (ref:nvidia-nccl-src
/// src/graph/topo.cc).
struct CpuIdentity
{
    std::string arch; ///< x86_64 | arm64 | ppc64
    std::string vendor; ///< GenuineIntel | AuthenticAMD; empty off x86
    std::optional<int> familyId;
    std::optional<int> modelId;
};

/// The CPUID identity of a catalog CPU model string ("Intel Xeon Platinum 8480C"), or nullopt
/// when the string names no family we know. NCCL needs `vendor` on x86 and `familyid` and
/// `modelid` on Intel (ref:nvidia-nccl-src src/graph/topo.cc ncclTopoAddCpu).
std::optional<CpuIdentity> cpuIdentity(const std::string &cpuModel);

/// CUDA compute capability as NCCL writes it in `sm` (90 for Hopper), by GPU catalog id.
std::optional<int> gpuSm(const std::string &gpuPartId);

/// PCIe generation of a GPU's host link, by GPU catalog id (4 when not known).
int gpuPcieGen(const std::string &gpuPartId);

/// PCIe generation a NIC port of this speed needs: more than 200 Gb/s does not fit a Gen4 x16
/// link (16 GT/s x 16 lanes ~ 252 Gb/s raw), so 400G ConnectX-7 cards are Gen5.
int nicPcieGen(double speedGbps);

/// The link_speed string NCCL's loader maps (kvDictPciGen): "32.0 GT/s PCIe" for Gen5.
std::string pcieLinkSpeed(int gen);

/// NCCL's own PCIe bandwidth model for an x`width` link of generation `gen`, GB/s:
/// width x per-lane rate (in 100 Mb/s: Gen3 60, Gen4 120, Gen5 240) / 80 (ref:nvidia-nccl-src
/// src/graph/topo.cc).
double ncclPcieGBps(int gen, int width);

} // namespace cw::nccl

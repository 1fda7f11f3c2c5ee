#include "model/prefill/NodeBandwidth.h"

#include "calculators/InputError.h"
#include "model/catalog/Part.h"

#include <string_view>

namespace cw::calc {

namespace {

// PCIe x16 raw rate per direction: Gen4 16 GT/s and Gen5 32 GT/s per lane (PCI-SIG), x16 / 8
// bits = 32 and 64 GB/s. NVIDIA quotes the sum of both directions ("PCIe Gen5: 128 GB/s").
constexpr double pcieGen4x16GBps = 32.0;
constexpr double pcieGen5x16GBps = 64.0;

struct PcieHostLink
{
    std::string_view gpuPart;
    double gbPerS;
    std::string_view source;
};

// The catalog's GpuSpec carries no host-link figure; the GPU's host interface per datasheet.
constexpr PcieHostLink pcieHostLinks[] = {
    { "h100-sxm-80gb", pcieGen5x16GBps, "NVIDIA H100 datasheet: PCIe Gen5 128 GB/s both ways" },
    { "h200-sxm-141gb", pcieGen5x16GBps, "NVIDIA H200 datasheet: PCIe Gen5 128 GB/s both ways" },
    { "b200-sxm-180gb", pcieGen5x16GBps,
      "PCIe Gen5 x16 host link (UNCONFIRMED for B200: no datasheet figure retrieved)" },
    { "a100-sxm-80gb", pcieGen4x16GBps, "NVIDIA A100 datasheet: PCIe Gen4 64 GB/s both ways" },
    { "l40s-48gb", pcieGen4x16GBps, "NVIDIA L40S datasheet: PCIe Gen4 x16 64 GB/s both ways" },
};

} // namespace

std::vector<BandwidthLevel> nodeBandwidthHierarchy(const DesignFacts &facts)
{
    std::vector<BandwidthLevel> levels;
    if (facts.gpu) {
        const GpuSpec &gpu = *facts.gpu->gpu;
        if (gpu.memoryBandwidthGBps > 0)
            levels.push_back({ "HBM", gpu.memoryBandwidthGBps,
                               "memory bandwidth of GPU part " + facts.gpu->id + " (catalog)" });
        // The catalog gives NVLink per GPU bidirectional, as NVIDIA quotes it (gpus.json).
        if (gpu.nvlinkBandwidthGBps > 0)
            levels.push_back({ "NVLink", gpu.nvlinkBandwidthGBps / 2,
                               "NVLink of GPU part " + facts.gpu->id + ": "
                                   + formatNumber(gpu.nvlinkBandwidthGBps)
                                   + " GB/s both ways / 2 (catalog)" });
        for (const PcieHostLink &link : pcieHostLinks) {
            if (link.gpuPart == facts.gpu->id)
                levels.push_back(
                    { "PCIe", link.gbPerS, std::string(link.source) + ", per direction" });
        }
    }
    if (const double nic = facts.nicGBpsPerGpu(); nic > 0)
        levels.push_back({ "NIC", nic,
                           "compute ports of " + facts.node->id + " at "
                               + formatNumber(facts.computeFabric->linkSpeedGbps)
                               + " Gb/s, shared by its " + std::to_string(facts.gpusPerNode)
                               + " GPUs" });
    if (facts.parallelFs && facts.gpus > 0) {
        const StorageTier &tier = *facts.parallelFs;
        const std::string share
            = " of storage tier '" + tier.name + "' / " + std::to_string(facts.gpus) + " GPUs";
        if (tier.readGBps > 0)
            levels.push_back({ "storage read", tier.readGBps / facts.gpus,
                               formatNumber(tier.readGBps) + " GB/s read" + share });
        levels.push_back({ "storage write", tier.writeGBps / facts.gpus,
                           formatNumber(tier.writeGBps) + " GB/s write" + share });
    }
    return levels;
}

} // namespace cw::calc

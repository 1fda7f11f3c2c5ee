#include "calculators/GpuPeaks.h"

namespace cw::calc {

const std::vector<GpuPeak> &gpuPeaks()
{
    // NVIDIA datasheets quote tensor throughput "with sparsity"; the dense figure is half.
    static const std::vector<GpuPeak> table = {
        { "h100-sxm-80gb", 989.0,
          "NVIDIA H100 Tensor Core GPU datasheet: BF16 1,979 TFLOPS with sparsity (SXM) -> 989 "
          "dense" },
        { "h200-sxm-141gb", 989.0,
          "NVIDIA H200 Tensor Core GPU datasheet: BF16 1,979 TFLOPS with sparsity (SXM) -> 989 "
          "dense" },
        { "b200-sxm-180gb", 2250.0,
          "NVIDIA DGX/HGX B200 datasheet: BF16 4.5 PFLOPS with sparsity per GPU -> 2,250 dense" },
        { "a100-sxm-80gb", 312.0,
          "NVIDIA A100 Tensor Core GPU datasheet: BF16 312 TFLOPS dense (624 with sparsity)" },
        { "l40s-48gb", 362.0,
          "NVIDIA L40S datasheet: BF16 362.05 TFLOPS dense (733 with sparsity)" },
    };
    return table;
}

std::optional<GpuPeak> findGpuPeak(std::string_view name)
{
    for (const GpuPeak &peak : gpuPeaks()) {
        if (peak.name == name)
            return peak;
    }
    return std::nullopt;
}

} // namespace cw::calc

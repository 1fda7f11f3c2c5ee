#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw::calc {

/// Dense BF16 tensor-core peak of one GPU, with the document it comes from.
/// The figures live in the parts catalog (resources/catalog/gpus.json, GpuSpec::denseBf16Tflops);
/// this library has no catalog of its own, so the program registers them at start-up
/// (model/prefill/CatalogGpus.h: gpuPeaksFromCatalog()).
struct GpuPeak
{
    std::string name; // catalog id, e.g. "h100-sxm-80gb"
    double denseBf16Tflops = 0.0;
    std::string source;
};

/// The registered GPUs (empty until setGpuPeaks() runs), in registration order.
const std::vector<GpuPeak> &gpuPeaks();
/// Replaces the registered GPUs. Call before calculators run (the list is not synchronised).
void setGpuPeaks(std::vector<GpuPeak> peaks);
std::optional<GpuPeak> findGpuPeak(std::string_view name);

} // namespace cw::calc

#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw::calc {

/// Dense BF16 tensor-core peak of one GPU, with the document it comes from.
/// Interim table: the parts catalog (resources/catalog) will supply these figures later.
struct GpuPeak
{
    std::string name; // catalog-style id, e.g. "h100-sxm-80gb"
    double denseBf16Tflops = 0.0;
    std::string source;
};

const std::vector<GpuPeak> &gpuPeaks();
std::optional<GpuPeak> findGpuPeak(std::string_view name);

} // namespace cw::calc

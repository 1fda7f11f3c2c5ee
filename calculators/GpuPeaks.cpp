#include "calculators/GpuPeaks.h"

namespace cw::calc {

namespace {

std::vector<GpuPeak> &registered()
{
    static std::vector<GpuPeak> peaks;
    return peaks;
}

} // namespace

const std::vector<GpuPeak> &gpuPeaks()
{
    return registered();
}

void setGpuPeaks(std::vector<GpuPeak> peaks)
{
    registered() = std::move(peaks);
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

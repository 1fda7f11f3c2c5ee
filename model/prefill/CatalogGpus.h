#pragma once

#include "calculators/GpuPeaks.h"

#include <vector>

namespace cw {
class Catalog;
}

namespace cw::calc {

/// The dense BF16 peaks of the catalog's GPU parts (GpuSpec::denseBf16Tflops > 0), in catalog
/// order, each with the part's source. The catalog is the one place these figures live.
std::vector<GpuPeak> gpuPeaksFromCatalog(const Catalog &catalog);

/// setGpuPeaks(gpuPeaksFromCatalog(catalog)): what the CLI and the GUI call before running.
void registerCatalogGpus(const Catalog &catalog);

} // namespace cw::calc

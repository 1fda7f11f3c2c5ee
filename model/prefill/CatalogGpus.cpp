#include "model/prefill/CatalogGpus.h"

#include "model/catalog/Catalog.h"

#include <algorithm>

namespace cw::calc {

std::vector<GpuPeak> gpuPeaksFromCatalog(const Catalog &catalog)
{
    std::vector<GpuPeak> peaks;
    for (const Part *part : catalog.partsOfKind(PartKind::Gpu)) {
        if (!part->gpu || part->gpu->denseBf16Tflops <= 0)
            continue;
        // The first clause of the part's source names the datasheet; the rest (how it was
        // read, unconfirmed figures) stays in the catalog file.
        std::string document = part->source.substr(0, part->source.find(';'));
        if (std::count(document.begin(), document.end(), '(')
            > std::count(document.begin(), document.end(), ')'))
            document += ")";
        peaks.push_back(
            { part->id, part->gpu->denseBf16Tflops, "catalog part " + part->id + ": " + document });
    }
    return peaks;
}

void registerCatalogGpus(const Catalog &catalog)
{
    setGpuPeaks(gpuPeaksFromCatalog(catalog));
}

} // namespace cw::calc

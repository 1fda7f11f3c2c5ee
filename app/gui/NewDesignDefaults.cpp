#include "app/gui/NewDesignDefaults.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <cmath>

namespace cw {

std::unique_ptr<Design> defaultNewDesign(const Catalog &catalog)
{
    auto design = std::make_unique<Design>();
    design->setName("New cluster");
    // One scalable unit of the DGX H100 SuperPOD: 32 DGX H100 (ref:nvidia-superpod-h100-ra)
    // at 10.2 kW maximum each (ref:nvidia-dgx-h100-ug; the catalog's maxPowerW) is 326.4 kW
    // of nodes; a quarter more for the unit's switches, storage and management servers gives
    // 408 kW, rounded up to 410 kW of IT budget. Utility = IT x PUE 1.3 (Site's default,
    // ref:green-grid-pue) = 533 kW. The hall is air cooled for the whole IT load; the per-rack
    // air limit stays Site's default (30 kW).
    constexpr int kNodesPerScalableUnit = 32;
    constexpr double kInfrastructureShare = 0.25;
    const Part *node = catalog.find("dgx-h100");
    const double nodeKw = node ? node->maxPowerW / 1000.0 : 10.2;
    Site site = design->site();
    site.name = "Hall 1";
    site.itPowerBudgetKw
        = std::ceil(kNodesPerScalableUnit * nodeKw * (1 + kInfrastructureShare) / 10) * 10;
    site.utilityPowerKw = std::ceil(site.itPowerBudgetKw * site.pue);
    site.airCoolingCapacityKw = site.itPowerBudgetKw;
    design->setSite(site);
    return design;
}

} // namespace cw

#pragma once

#include "model/core/Enums.h"

#include <string>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// Links on one fabric, for the summary.
struct FabricSummary
{
    std::string name;
    FabricPurpose purpose = FabricPurpose::Compute;
    Technology technology = Technology::InfiniBand;
    double linkSpeedGbps = 0;
    int links = 0;
};

/// Counts and totals of a design, as `clusterwright-cli info` and the GUI summary show them.
struct DesignSummary
{
    int rows = 0;
    int racks = 0;
    int devices = 0;
    int nodes = 0; ///< compute nodes
    int storageServers = 0;
    int managementServers = 0;
    int switches = 0;
    int gpus = 0;
    int links = 0;
    double itPowerKw = 0; ///< sum of the devices' maximum power
    double itTypicalPowerKw = 0; ///< sum of typical power
    double storageCapacityTB = 0; ///< sum of the storage tiers' usable capacity
    std::vector<FabricSummary> fabrics;
};

DesignSummary summarize(const Design &design, const Catalog &catalog);

} // namespace cw

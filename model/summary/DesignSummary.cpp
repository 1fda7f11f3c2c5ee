#include "model/summary/DesignSummary.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <unordered_map>

namespace cw {

DesignSummary summarize(const Design &design, const Catalog &catalog)
{
    DesignSummary summary;
    summary.rows = static_cast<int>(design.rows().size());
    summary.racks = static_cast<int>(design.racks().size());
    summary.devices = static_cast<int>(design.devices().size());
    summary.links = static_cast<int>(design.links().size());
    double maxPowerW = 0;
    double typicalPowerW = 0;
    for (const Device &device : design.devices()) {
        switch (device.role) {
        case DeviceRole::Compute:
            ++summary.nodes;
            break;
        case DeviceRole::Storage:
            ++summary.storageServers;
            break;
        case DeviceRole::Management:
            ++summary.managementServers;
            break;
        case DeviceRole::Switch:
            ++summary.switches;
            break;
        }
        const Part *part = catalog.find(device.catalogType);
        if (!part)
            continue;
        maxPowerW += part->maxPowerW;
        typicalPowerW += part->typicalPowerW;
        if (part->server)
            summary.gpus += part->server->gpuCount;
    }
    summary.itPowerKw = maxPowerW / 1000.0;
    summary.itTypicalPowerKw = typicalPowerW / 1000.0;
    for (const StorageTier &tier : design.storageTiers())
        summary.storageCapacityTB += tier.capacityTB;

    std::unordered_map<FabricId, int> linksPerFabric;
    for (const Link &link : design.links())
        ++linksPerFabric[link.fabric];
    for (const Fabric &fabric : design.fabrics())
        summary.fabrics.push_back(FabricSummary { fabric.name, fabric.purpose, fabric.technology,
                                                  fabric.linkSpeedGbps,
                                                  linksPerFabric[fabric.id] });
    return summary;
}

} // namespace cw

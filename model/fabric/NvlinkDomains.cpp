#include "model/fabric/NvlinkDomains.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <map>

namespace cw {
namespace {

/// Switch trays of `part` a rack-scale rack type is delivered with.
int switchTraysOf(const Catalog &catalog, const Part &rackPart)
{
    int count = 0;
    for (const RackSlot &slot : rackPart.rack->contents)
        if (const Part *device = catalog.find(slot.part);
            device && device->network && device->network->nvlinkSwitch)
            count += slot.count;
    return count;
}

} // namespace

std::vector<NvlinkDomain> multiNodeNvlinkDomains(const Design &design, const Catalog &catalog)
{
    std::map<std::uint64_t, NvlinkDomain> byRack;
    std::map<std::uint64_t, int> switchesByRack;
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part)
            continue;
        if (part->network && part->network->nvlinkSwitch) {
            ++switchesByRack[device.rack.value];
            continue;
        }
        if (device.role != DeviceRole::Compute || !part->server
            || part->server->nvlinkDomainGpus <= 0)
            continue;
        NvlinkDomain &domain = byRack[device.rack.value];
        domain.rack = device.rack;
        domain.nodes.push_back(device.id);
        domain.nodeNames.push_back(device.name);
        domain.gpus += part->server->gpuCount;
        domain.gpusPerNode = domain.gpusPerNode == 0
            ? part->server->gpuCount
            : std::min(domain.gpusPerNode, part->server->gpuCount);
        domain.fullGpus = std::max(domain.fullGpus, part->server->nvlinkDomainGpus);
        if (const Part *gpu = catalog.find(part->server->gpuPart); gpu && gpu->gpu)
            domain.nvlinkGBpsPerGpu = gpu->gpu->nvlinkBandwidthGBps;
    }
    std::vector<NvlinkDomain> domains;
    for (auto &[rackId, domain] : byRack) {
        if (const Rack *rack = design.rack(domain.rack)) {
            domain.name = rack->name;
            if (const Part *rackPart = catalog.find(rack->catalogType);
                rackPart && rackPart->rack && rackPart->rack->rackScale()) {
                domain.rackScaleRack = true;
                domain.fullNvlinkSwitches = switchTraysOf(catalog, *rackPart);
            }
        }
        domain.nvlinkSwitches = switchesByRack[rackId];
        // Hostnames and ids in the same order: sort the pairs by name.
        std::vector<std::pair<std::string, DeviceId>> order;
        for (std::size_t i = 0; i < domain.nodes.size(); ++i)
            order.emplace_back(domain.nodeNames[i], domain.nodes[i]);
        std::sort(order.begin(), order.end());
        for (std::size_t i = 0; i < order.size(); ++i) {
            domain.nodeNames[i] = order[i].first;
            domain.nodes[i] = order[i].second;
        }
        domains.push_back(std::move(domain));
    }
    std::sort(domains.begin(), domains.end(), [](const NvlinkDomain &a, const NvlinkDomain &b) {
        return a.nodeNames.front() < b.nodeNames.front();
    });
    return domains;
}

} // namespace cw

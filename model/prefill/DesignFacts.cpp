#include "model/prefill/DesignFacts.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/summary/DesignSummary.h"

#include <map>
#include <set>

namespace cw::calc {

namespace {

double longestLinkM(const Design &design, FabricId fabric)
{
    double longest = 0;
    for (const Link &link : design.links()) {
        if (link.fabric == fabric && link.lengthM > longest)
            longest = link.lengthM;
    }
    return longest;
}

/// A switch part on the fabric: a leaf (tier 0) if any device says so, else any switch linked.
const Part *switchOnFabric(const Design &design, const Catalog &catalog, FabricId fabric)
{
    std::set<std::uint64_t> onFabric;
    for (const Link &link : design.links()) {
        if (link.fabric == fabric) {
            onFabric.insert(link.a.device.value);
            onFabric.insert(link.b.device.value);
        }
    }
    const Part *anySwitch = nullptr;
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Switch || !onFabric.contains(device.id.value))
            continue;
        const Part *part = catalog.find(device.catalogType);
        if (!part || !part->network || part->network->radix <= 0)
            continue;
        if (device.tier == 0)
            return part;
        if (!anySwitch)
            anySwitch = part;
    }
    return anySwitch;
}

} // namespace

double DesignFacts::nicGBpsPerGpu() const
{
    if (!node || !computeFabric || gpusPerNode <= 0)
        return 0;
    const int ports = node->countPorts(PortRole::Compute);
    if (ports <= 0)
        return 0;
    return ports * computeFabric->linkSpeedGbps * bitsPerGbit / bitsPerByte / bytesPerGB
        / gpusPerNode;
}

DesignFacts gatherDesignFacts(const Design &design, const Catalog &catalog)
{
    DesignFacts facts;
    facts.designName = design.name();
    facts.site = design.site();
    facts.workload = design.workload();

    // The same totals `clusterwright-cli info` prints (maximum power, GPUs of every server).
    const DesignSummary summary = summarize(design, catalog);
    facts.gpus = summary.gpus;
    facts.itKw = summary.itPowerKw;
    std::map<std::uint64_t, Cooling> rackCooling;
    for (const Rack &rack : design.racks()) {
        const Part *part = catalog.find(rack.catalogType);
        rackCooling[rack.id.value] = part && part->cooling ? *part->cooling : Cooling::Air;
    }
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part || part->maxPowerW <= 0)
            continue;
        ++facts.devicesWithPower;
        const auto rack = rackCooling.find(device.rack.value);
        const bool liquidRack = rack != rackCooling.end() && rack->second == Cooling::Liquid;
        const Cooling cooling = part->cooling.value_or(Cooling::Air);
        const double kw = part->maxPowerW / wattsPerKw;
        if (cooling == Cooling::Liquid || (cooling == Cooling::Hybrid && liquidRack))
            facts.liquidHeatKw += kw;
        else
            facts.airHeatKw += kw;
    }

    std::map<std::string, int> gpusByNodePart;
    std::set<std::string> gpuParts;
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part || !part->server || part->server->gpuCount <= 0)
            continue;
        gpusByNodePart[part->id] += part->server->gpuCount;
        gpuParts.insert(part->server->gpuPart);
    }
    facts.mixedGpus = gpuParts.size() > 1;
    int best = 0;
    for (const auto &[id, count] : gpusByNodePart) {
        if (count > best) { // ties: the first id in name order, so the choice is stable
            best = count;
            facts.node = catalog.find(id);
        }
    }
    if (facts.node) {
        facts.gpusPerNode = facts.node->server->gpuCount;
        facts.nodes = best / facts.gpusPerNode;
        facts.gpu = catalog.find(facts.node->server->gpuPart);
        if (facts.gpu && !facts.gpu->gpu)
            facts.gpu = nullptr;
    }

    for (const StorageTier &tier : design.storageTiers()) {
        if (tier.kind != StorageKind::ParallelFilesystem || tier.writeGBps <= 0)
            continue;
        if (!facts.parallelFs || tier.writeGBps > facts.parallelFs->writeGBps)
            facts.parallelFs = tier;
    }

    for (const Fabric &fabric : design.fabrics()) {
        if (fabric.purpose == FabricPurpose::Compute && !facts.computeFabric) {
            facts.computeFabric = fabric;
            facts.fabricSwitch = switchOnFabric(design, catalog, fabric.id);
            facts.longestComputeLinkM = longestLinkM(design, fabric.id);
        }
        if (fabric.technology == Technology::RoCEv2 && !facts.roceFabric) {
            facts.roceFabric = fabric;
            facts.longestRoceLinkM = longestLinkM(design, fabric.id);
        }
    }
    return facts;
}

} // namespace cw::calc

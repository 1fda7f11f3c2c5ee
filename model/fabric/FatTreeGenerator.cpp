// The fat-tree generator: plans the trees, places the racks and devices into the site, lays
// them out over its halls, adds the out-of-band network, cables every fabric (FatTreeBuilder.h).

#include "model/fabric/FatTreeGenerator.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/fabric/FatTreeBuilder.h"

#include <algorithm>

namespace cw {
namespace fattree {

int digits(int n)
{
    return std::max(3, static_cast<int>(std::to_string(n).size()));
}

std::vector<int> portsWithRole(const Part &part, PortRole role)
{
    std::vector<int> result;
    for (std::size_t i = 0; i < part.ports.size(); ++i)
        if (part.ports[i].role == role)
            result.push_back(static_cast<int>(i));
    return result;
}

/// Switch ports that can run a link of `speedGbps` (a faster port runs slower links).
std::vector<int> fabricPortsFor(const Part &part, double speedGbps)
{
    std::vector<int> result;
    for (std::size_t i = 0; i < part.ports.size(); ++i)
        if (part.ports[i].role == PortRole::Fabric && part.ports[i].speedGbps >= speedGbps)
            result.push_back(static_cast<int>(i));
    return result;
}

Result<GeneratedDesign> FatTreeBuilder::refuse()
{
    const std::vector<SiteShortfall> all = allShortfalls();
    if (m_spec.shortfalls)
        *m_spec.shortfalls = all;
    if (all.empty()) // placementOnly: placed and within the site
        return std::move(m_result);
    return Error { "does not fit the site (" + std::string(toString(all.front().constraint))
                   + "): it needs " + all.front().need + "; " + all.front().have };
}

Result<GeneratedDesign> FatTreeBuilder::run()
{
    const FatTreeSpec &spec = m_spec;
    Design &design = m_result.design;
    if (spec.storage == "lustre") {
        if (const Part *mds = m_catalog.find("lustre-mds"))
            m_storageParts.push_back(mds);
    }
    if (spec.storage != "none") {
        const std::string type = spec.storage == "lustre" ? "lustre-oss"
            : spec.storage == "weka"                      ? "weka-node"
                                                          : "vast-enclosure";
        const Part *part = m_catalog.find(type);
        if (!part || part->kind != PartKind::Storage)
            return Error { "storage " + spec.storage + " needs catalog part \"" + type + "\"" };
        for (int i = 0; i < spec.storageNodes; ++i)
            m_storageParts.push_back(part);
    }
    if (auto planned = planCompute(); !planned)
        return planned.error();
    if (auto planned = planStorage(); !planned)
        return planned.error();

    if (auto chosen = chooseDensity(); !chosen)
        return chosen.error();
    if (!allShortfalls().empty())
        return refuse();
    if (spec.ufmSlot && !spec.ufmPart)
        m_result.notes.push_back("the catalog has no UFM appliance part (a server with compute "
                                 "ports, id \"ufm-appliance\"): its slot is left empty and its "
                                 "fabric cables are not in the design");

    design.setName(spec.designName);
    design.reserve(static_cast<std::size_t>(spec.nodes) * 2 + 1024,
                   static_cast<std::size_t>(spec.nodes) * static_cast<std::size_t>(spec.rails + 8)
                       * 3);
    if (auto placed = placeAll(); !placed)
        return placed.error();
    m_assembler.layoutFloor(spec.cduType);
    if (!allShortfalls().empty()) {
        // The budgets too (without the management switches not yet placed), so a refusal
        // can give the figures of whichever constraint binds first at smaller sizes.
        m_assembler.checkSite();
        return refuse();
    }
    const Part *mgmt = m_catalog.find(kMgmtSwitchType);
    if (mgmt) {
        if (auto placed = m_assembler.placeOutOfBand(*mgmt); !placed)
            return placed.error();
    } else {
        m_result.notes.push_back(std::string("no \"") + kMgmtSwitchType
                                 + "\" in the catalog: no management network");
    }
    m_assembler.checkSite();
    if (!allShortfalls().empty() || spec.placementOnly)
        return refuse();

    DesignBuilder builder(design, m_catalog);
    auto storageId = cableFabrics(builder, mgmt);
    if (!storageId)
        return storageId.error();
    if (!allShortfalls().empty())
        return refuse();
    if (auto added = addStorageTier(builder, *storageId); !added)
        return added.error();
    SchedulerSettings scheduler;
    scheduler.clusterName = spec.clusterName;
    scheduler.controllerHost = "head01";
    scheduler.partitions.push_back(Partition { "gpu", {}, true, "INFINITE" });
    design.setScheduler(scheduler);

    if (auto finished = m_assembler.finish(); !finished)
        return finished.error();
    for (const std::string &note : m_assembler.notes())
        m_result.notes.push_back(note);
    return std::move(m_result);
}

Result<FabricId> FatTreeBuilder::cableFabrics(DesignBuilder &builder, const Part *mgmt)
{
    const FatTreeSpec &spec = m_spec;
    Fabric compute;
    compute.name = spec.technology == Technology::InfiniBand ? "compute-ib" : "compute-roce";
    compute.purpose = FabricPurpose::Compute;
    compute.technology = spec.technology;
    compute.linkSpeedGbps = m_compute.speedGbps;
    compute.topology.kind = TopologyKind::FatTree;
    compute.topology.tiers = m_compute.tiers;
    compute.topology.oversubscription = spec.ratio;
    compute.topology.railOptimized = spec.railOptimized;
    compute.topology.rails = spec.rails;
    auto computeId = builder.addFabric(compute);
    if (!computeId)
        return computeId.error();
    FabricId storageId = *computeId;
    if (m_hasStorageFabric) {
        Fabric storage;
        storage.name = spec.technology == Technology::InfiniBand ? "storage-ib" : "storage-roce";
        storage.purpose = FabricPurpose::Storage;
        storage.technology = spec.technology;
        storage.linkSpeedGbps = m_storage.speedGbps;
        storage.topology.kind = TopologyKind::FatTree;
        storage.topology.tiers = m_storage.tiers;
        storage.topology.oversubscription = spec.storageRatio;
        auto id = builder.addFabric(storage);
        if (!id)
            return id.error();
        storageId = *id;
    }
    // One management fabric per tree: a hall's, or a zone of a hall too large for one tree
    // (a 1 GbE copper tree cannot leave its hall; the trees join at the site's management
    // core, outside the design).
    std::vector<FabricId> oobIds;
    if (mgmt) {
        for (const std::string &name : m_assembler.outOfBandTreeNames()) {
            Fabric oob;
            oob.name = name;
            oob.purpose = FabricPurpose::OutOfBand;
            oob.technology = Technology::Ethernet;
            oob.linkSpeedGbps = 1;
            auto id = builder.addFabric(oob);
            if (!id)
                return id.error();
            oobIds.push_back(*id);
        }
    }
    cableTree(m_compute, *computeId);
    if (m_hasStorageFabric)
        cableTree(m_storage, storageId);
    if (mgmt)
        m_assembler.connectOutOfBand(oobIds);
    return storageId;
}

Result<void> FatTreeBuilder::addStorageTier(DesignBuilder &builder, FabricId storageFabric)
{
    if (m_servers.empty())
        return {};
    StorageTier tier;
    tier.name = m_spec.storage;
    tier.kind = StorageKind::ParallelFilesystem;
    tier.fabric = storageFabric;
    for (std::size_t k = 0; k < m_servers.size(); ++k) {
        tier.members.push_back(m_assembler.deviceId(m_servers[k]));
        // Capacity and bandwidth are the data servers'; a Lustre MDS holds metadata only.
        const StorageSpec &storage = *m_storageParts[k]->storage;
        if (storage.storageRole == "mds")
            continue;
        tier.capacityTB += storage.capacityTB;
        tier.readGBps += storage.readGBps;
        tier.writeGBps += storage.writeGBps;
    }
    auto id = builder.addStorageTier(std::move(tier));
    if (!id)
        return id.error();
    return {};
}

} // namespace fattree

Result<GeneratedDesign> buildFatTree(const FatTreeSpec &spec, const Catalog &catalog)
{
    if (!spec.nodePart || !spec.switchPart)
        return Error { "fat-tree: node and switch parts are required" };
    if (spec.nodes < 1)
        return Error { "nodes must be at least 1" };
    const int nics
        = static_cast<int>(fattree::portsWithRole(*spec.nodePart, PortRole::Compute).size());
    if (spec.rails < 1 || spec.rails > nics)
        return Error { "rails " + std::to_string(spec.rails) + " is more than the "
                       + std::to_string(nics) + " compute NICs of " + spec.nodePart->id };
    if (spec.nodesPerRack < 0)
        return Error { "nodes-per-rack must be at least 1" };
    fattree::FatTreeBuilder builder(spec, catalog);
    return builder.run();
}

} // namespace cw

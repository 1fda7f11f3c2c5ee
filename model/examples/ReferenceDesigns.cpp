#include "model/examples/ReferenceDesigns.h"

#include "model/build/CableChooser.h"
#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"

#include <algorithm>

namespace cw {
namespace {

// `var` is the name of the variable the macro declares, which cannot be parenthesised.
// NOLINTBEGIN(bugprone-macro-parentheses)
#define CW_TRY(var, expr)                                                                          \
    auto var##Result = (expr);                                                                     \
    if (!var##Result)                                                                              \
        return var##Result.error();                                                                \
    auto var = *var##Result
// NOLINTEND(bugprone-macro-parentheses)

/// Places devices bottom-up in racks and cables them with a length estimated from the floor
/// plan and a medium chosen by reach.
class Assembler
{
public:
    Assembler(Design &design, const Catalog &catalog)
        : m_builder(design, catalog)
        , m_catalog(catalog)
    { }

    DesignBuilder &builder() { return m_builder; }

    Result<DeviceId> place(RackId rack, const std::string &name, const char *type, DeviceRole role,
                           Face face = Face::Front, int tier = -1)
    {
        auto u = m_builder.firstFreeU(rack, type);
        if (!u)
            return Error { name + ": " + u.error().message };
        return m_builder.placeDevice(rack, name, type, *u, role, face, tier);
    }

    Result<LinkId> cable(FabricId fabricId, PortRef a, PortRef b)
    {
        const Design &design = m_builder.design();
        const Device &da = *design.device(a.device);
        const Device &db = *design.device(b.device);
        const Rack &ra = *design.rack(da.rack);
        const Rack &rb = *design.rack(db.rack);
        const Part *rackPart = m_catalog.find(ra.catalogType);
        const Site &site = design.site();
        const double lengthM = estimateCableLengthM(
            design.row(ra.row)->index, ra.position, da.uPosition, design.row(rb.row)->index,
            rb.position, db.uPosition, rackPart && rackPart->rack ? rackPart->rack->rackUnits : 42,
            site.rackWidthM, site.rowPitchM, site.trayHeightM, site.slackM);
        // The slower port sets the link speed (an HDR MDS on an NDR leaf runs at 200G over an
        // OSFP-to-2xQSFP56 splitter), as in ClusterAssembler::connect.
        const double portsGbps = std::min(portSpeed(a), portSpeed(b));
        const double speed = portsGbps > 0 ? portsGbps : design.fabric(fabricId)->linkSpeedGbps;
        const CableChoice choice
            = chooseCable(m_catalog, speed, lengthM, formFactor(a), formFactor(b));
        if (!choice.part)
            return Error { "no catalog cable reaches " + std::to_string(lengthM) + " m at "
                           + std::to_string(speed) + " Gb/s (" + da.name + " to " + db.name + ")" };
        return m_builder.connect(fabricId, a, b, choice.part->id, choice.orderedLengthM);
    }

    Result<LinkId> cableNextFree(FabricId fabric, DeviceId a, PortRole roleA, DeviceId b,
                                 PortRole roleB)
    {
        CW_TRY(portA, m_builder.firstFreePort(a, roleA));
        CW_TRY(portB, m_builder.firstFreePort(b, roleB));
        return cable(fabric, portA, portB);
    }

private:
    double portSpeed(PortRef port) const
    {
        const Part *part = m_builder.partOf(port.device);
        return part ? part->ports[static_cast<std::size_t>(port.port)].speedGbps : 0.0;
    }

    std::string formFactor(PortRef port) const
    {
        const Part *part = m_builder.partOf(port.device);
        return part ? part->ports[static_cast<std::size_t>(port.port)].formFactor : std::string();
    }

    DesignBuilder m_builder;
    const Catalog &m_catalog;
};

std::vector<Pdu> redundantPdus(int pairs, int phases, double voltageV, double breakerA,
                               const char *type)
{
    std::vector<Pdu> pdus;
    for (Feed feed : { Feed::A, Feed::B })
        for (int i = 1; i <= pairs; ++i)
            pdus.push_back(Pdu { std::string(toString(feed)) + std::to_string(i), feed, type,
                                 phases, voltageV, breakerA });
    return pdus;
}

std::string numbered(const char *prefix, int n, int width = 2)
{
    std::string digits = std::to_string(n);
    while (static_cast<int>(digits.size()) < width)
        digits.insert(digits.begin(), '0');
    return prefix + digits;
}

Fabric makeFabric(const char *name, FabricPurpose purpose, Technology technology, double speedGbps)
{
    Fabric fabric;
    fabric.name = name;
    fabric.purpose = purpose;
    fabric.technology = technology;
    fabric.linkSpeedGbps = speedGbps;
    return fabric;
}

Result<StorageTierId> addLustre(Assembler &assembler, const Catalog &catalog, FabricId fabric,
                                DeviceId mds, const std::vector<DeviceId> &osses)
{
    StorageTier tier;
    tier.name = "lustre";
    tier.kind = StorageKind::ParallelFilesystem;
    tier.fabric = fabric;
    tier.members.push_back(mds);
    for (DeviceId oss : osses) {
        tier.members.push_back(oss);
        // Capacity and bandwidth of a Lustre filesystem are the OSSes'; the MDS holds metadata.
        const Part *part = catalog.find(assembler.builder().design().device(oss)->catalogType);
        tier.capacityTB += part->storage->capacityTB;
        tier.readGBps += part->storage->readGBps;
        tier.writeGBps += part->storage->writeGBps;
    }
    return assembler.builder().addStorageTier(std::move(tier));
}

Workload referenceWorkload()
{
    Workload workload;
    workload.name = "Llama-2-70B-class pre-training";
    workload.parameterCount = 70e9;
    workload.trainingTokens = 2e12; // Llama 2 paper: 2.0T tokens
    workload.mfu = 0.4;
    return workload;
}

} // namespace

Result<Design> buildSeed8NodeHdr(const Catalog &catalog)
{
    Design design;
    design.setName("Seed 8-node HGX H100 cluster (HDR 200G)");
    Assembler assembler(design, catalog);
    DesignBuilder &b = assembler.builder();

    CW_TRY(row, b.addRow("R1", 60));
    // Two 8-GPU nodes per rack: 2 x 10.2 kW = 20.4 kW stays under the default 30 kW air limit
    // per rack. Two three-phase 400 V 32 A PDUs per feed carry it on one feed alone:
    // 2 x 400 V x 32 A x sqrt(3) x 0.8 = 35.5 kW.
    const auto gpuPdus = redundantPdus(2, 3, 400, 32, "pdu-3ph-400v-32a");
    std::vector<RackId> gpuRacks;
    for (int i = 1; i <= 4; ++i) {
        CW_TRY(rack, b.addRack(row, numbered("A", i), "rack-42u-air", gpuPdus));
        gpuRacks.push_back(rack);
    }
    // The infrastructure rack (switches, head node, Lustre, ~9 kW): one PDU per feed, 17.7 kW.
    CW_TRY(rack3,
           b.addRack(row, "A05", "rack-42u-air", redundantPdus(1, 3, 400, 32, "pdu-3ph-400v-32a")));

    Site site = design.site();
    site.name = "Seed lab";
    site.itPowerBudgetKw = 100;
    site.utilityPowerKw = 150;
    site.pue = 1.4;
    site.airCoolingCapacityKw = 120;
    design.setSite(site);

    CW_TRY(compute,
           b.addFabric(
               makeFabric("compute-hdr", FabricPurpose::Compute, Technology::InfiniBand, 200)));
    CW_TRY(oob,
           b.addFabric(makeFabric("oob-mgmt", FabricPurpose::OutOfBand, Technology::Ethernet, 1)));
    {
        Fabric f = *design.fabric(compute);
        f.topology.kind = TopologyKind::FatTree;
        f.topology.tiers = 1;
        f.topology.rails = 1;
        design.updateFabric(f);
    }

    CW_TRY(ibSwitch,
           assembler.place(rack3, "ib-hdr01", "qm8700", DeviceRole::Switch, Face::Rear, 0));
    CW_TRY(mgmt, assembler.place(rack3, "mgmt01", "mgmt-48x1g", DeviceRole::Switch, Face::Rear));
    CW_TRY(head, assembler.place(rack3, "head01", "mgmt-server-1u", DeviceRole::Management));
    CW_TRY(mds, assembler.place(rack3, "mds01", "lustre-mds", DeviceRole::Storage));
    std::vector<DeviceId> osses;
    for (int i = 1; i <= 4; ++i) {
        CW_TRY(oss,
               assembler.place(rack3, numbered("oss", i), "lustre-oss-hdr", DeviceRole::Storage));
        osses.push_back(oss);
    }
    std::vector<DeviceId> nodes;
    for (int i = 1; i <= 8; ++i) {
        CW_TRY(node,
               assembler.place(gpuRacks[static_cast<std::size_t>((i - 1) / 2)],
                               numbered("gpu", i, 3), "hdr-8x-h100-seed", DeviceRole::Compute));
        nodes.push_back(node);
    }

    for (DeviceId node : nodes) {
        CW_TRY(
            link,
            assembler.cableNextFree(compute, node, PortRole::Compute, ibSwitch, PortRole::Fabric));
        (void)link;
    }
    // The seed's Lustre servers sit on the same HDR switch (one HCA per node: no separate
    // storage fabric). The validation deck flags this as converged storage, as it should.
    for (DeviceId server : { mds, osses[0], osses[1], osses[2], osses[3] }) {
        CW_TRY(link,
               assembler.cableNextFree(compute, server, PortRole::Storage, ibSwitch,
                                       PortRole::Fabric));
        (void)link;
    }
    std::vector<DeviceId> managed = nodes;
    managed.insert(managed.end(), { head, mds, osses[0], osses[1], osses[2], osses[3] });
    for (DeviceId device : managed) {
        CW_TRY(link,
               assembler.cableNextFree(oob, device, PortRole::Management, mgmt, PortRole::Fabric));
        (void)link;
    }
    CW_TRY(tier, addLustre(assembler, catalog, compute, mds, osses));
    (void)tier;

    SchedulerSettings scheduler;
    scheduler.clusterName = "seed";
    scheduler.controllerHost = "head01";
    scheduler.partitions.push_back(Partition { "gpu", {}, true, "INFINITE" });
    design.setScheduler(scheduler);
    design.setWorkload(referenceWorkload());
    return design;
}

Result<Design> buildDgx8H100Ndr(const Catalog &catalog)
{
    Design design;
    design.setName("8x DGX H100, NDR 400G 2-leaf/2-spine");
    Assembler assembler(design, catalog);
    DesignBuilder &b = assembler.builder();

    Site site = design.site();
    site.name = "Reference hall";
    // 2 racks at ~46 kW: a high-density air hall (rear-door heat exchangers or hot-aisle
    // containment); the per-rack air limit is set to match, as a real site survey would.
    site.itPowerBudgetKw = 120;
    site.utilityPowerKw = 180;
    site.pue = 1.3;
    site.airCoolingCapacityKw = 130;
    site.airLimitPerRackKw = 50;
    design.setSite(site);

    CW_TRY(row, b.addRow("R1"));
    // Two 3-phase 400 V 63 A PDUs per feed: one feed alone carries 2 x 400 V x 63 A x sqrt(3)
    // x 0.8 = 69.8 kW, enough for 4 DGX H100 at 10.2 kW plus switches and storage (~48 kW).
    const auto pdus = redundantPdus(2, 3, 400, 63, "");
    CW_TRY(rack1, b.addRack(row, "A01", "rack-42u-air", pdus));
    CW_TRY(rack2, b.addRack(row, "A02", "rack-42u-air", pdus));

    Fabric computeSpec
        = makeFabric("compute-ndr", FabricPurpose::Compute, Technology::InfiniBand, 400);
    computeSpec.topology = FabricTopology { TopologyKind::FatTree, 2, 1.0, true, 8 };
    CW_TRY(compute, b.addFabric(computeSpec));
    CW_TRY(storage,
           b.addFabric(
               makeFabric("storage-ndr", FabricPurpose::Storage, Technology::InfiniBand, 400)));
    CW_TRY(oob,
           b.addFabric(makeFabric("oob-mgmt", FabricPurpose::OutOfBand, Technology::Ethernet, 1)));

    std::vector<DeviceId> nodes;
    for (int i = 1; i <= 8; ++i) {
        CW_TRY(node,
               assembler.place(i <= 4 ? rack1 : rack2, numbered("dgx", i, 2), "dgx-h100",
                               DeviceRole::Compute));
        nodes.push_back(node);
    }
    CW_TRY(leaf1, assembler.place(rack1, "leaf01", "qm9700", DeviceRole::Switch, Face::Rear, 0));
    CW_TRY(leaf2, assembler.place(rack1, "leaf02", "qm9700", DeviceRole::Switch, Face::Rear, 0));
    CW_TRY(spine1, assembler.place(rack2, "spine01", "qm9700", DeviceRole::Switch, Face::Rear, 1));
    CW_TRY(spine2, assembler.place(rack2, "spine02", "qm9700", DeviceRole::Switch, Face::Rear, 1));
    CW_TRY(mgmt, assembler.place(rack1, "mgmt01", "mgmt-48x1g", DeviceRole::Switch, Face::Rear));
    CW_TRY(storageSwitch,
           assembler.place(rack2, "stor01", "qm9700", DeviceRole::Switch, Face::Rear, 0));
    CW_TRY(head, assembler.place(rack2, "head01", "mgmt-server-1u", DeviceRole::Management));
    CW_TRY(mds, assembler.place(rack1, "mds01", "lustre-mds", DeviceRole::Storage));
    std::vector<DeviceId> osses;
    for (int i = 1; i <= 4; ++i) {
        CW_TRY(oss,
               assembler.place(i <= 2 ? rack1 : rack2, numbered("oss", i), "lustre-oss",
                               DeviceRole::Storage));
        osses.push_back(oss);
    }

    // Rail-optimized: rails 0-3 on leaf01, rails 4-7 on leaf02, so each leaf has 32 node
    // ports; 32 uplinks per leaf (16 to each spine) keep it non-blocking.
    for (DeviceId node : nodes) {
        const auto railPorts = b.ports(node, PortRole::Compute);
        for (std::size_t rail = 0; rail < railPorts.size(); ++rail) {
            const DeviceId leaf = rail < 4 ? leaf1 : leaf2;
            CW_TRY(leafPort, b.firstFreePort(leaf, PortRole::Fabric));
            CW_TRY(link, assembler.cable(compute, railPorts[rail], leafPort));
            (void)link;
        }
    }
    for (DeviceId leaf : { leaf1, leaf2 })
        for (DeviceId spine : { spine1, spine2 })
            for (int i = 0; i < 16; ++i) {
                CW_TRY(link,
                       assembler.cableNextFree(compute, leaf, PortRole::Fabric, spine,
                                               PortRole::Fabric));
                (void)link;
            }
    std::vector<DeviceId> storageClients = nodes;
    for (DeviceId node : storageClients)
        for (PortRef port : b.ports(node, PortRole::Storage)) {
            CW_TRY(switchPort, b.firstFreePort(storageSwitch, PortRole::Fabric));
            CW_TRY(link, assembler.cable(storage, port, switchPort));
            (void)link;
        }
    for (DeviceId server : { mds, osses[0], osses[1], osses[2], osses[3] })
        for (PortRef port : b.ports(server, PortRole::Storage)) {
            CW_TRY(switchPort, b.firstFreePort(storageSwitch, PortRole::Fabric));
            CW_TRY(link, assembler.cable(storage, port, switchPort));
            (void)link;
        }
    std::vector<DeviceId> managed = nodes;
    managed.insert(managed.end(), { head, mds, osses[0], osses[1], osses[2], osses[3] });
    for (DeviceId device : managed) {
        CW_TRY(link,
               assembler.cableNextFree(oob, device, PortRole::Management, mgmt, PortRole::Fabric));
        (void)link;
    }
    CW_TRY(tier, addLustre(assembler, catalog, storage, mds, osses));
    (void)tier;

    SchedulerSettings scheduler;
    scheduler.clusterName = "dgx8";
    scheduler.controllerHost = "head01";
    scheduler.partitions.push_back(Partition { "gpu", {}, true, "INFINITE" });
    design.setScheduler(scheduler);
    design.setWorkload(referenceWorkload());
    return design;
}

const std::vector<ReferenceDesign> &referenceDesigns()
{
    static const std::vector<ReferenceDesign> designs {
        { "seed-8node-hdr.cluster.json",
          "8 HGX H100 servers, one HDR 200G HCA each, one HDR switch, Lustre 1 MDS + 4 OSS",
          &buildSeed8NodeHdr },
        { "8dgx-h100-ndr.cluster.json",
          "8 DGX H100, 8x NDR 400G each, 2-leaf/2-spine QM9700, Lustre, two 42U racks",
          &buildDgx8H100Ndr },
    };
    return designs;
}

} // namespace cw

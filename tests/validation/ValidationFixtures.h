#pragma once

// A small, clean design the rule tests mutate: two DGX H100 nodes on a rail-optimized RoCEv2
// fabric (2 leaves, 1 spine), a separate storage fabric with one Lustre OSS, three racks
// (two air, one empty liquid rack). Every built-in rule passes on it; each test row changes
// one thing. Figures used by the tests, worked from the catalog:
//   rack A01: gpu01 10.2 kW + leaf01 1.4 kW + leaf02 1.4 kW = 13.0 kW, 130.45 + 18 + 18 kg
//   rack A02: gpu02 10.2 + spine01 1.4 + stor01 1.4 + oss01 1.6 = 14.6 kW
//   IT load 27.6 kW; one 3-phase 400 V 32 A PDU per feed carries 400 x 32 x sqrt3 x 0.8
//   = 17736 W = 17.7 kW; leaves: 8 x 400 Gb/s down, 8 x 400 Gb/s up (1:1).

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace cw::test {

/// The built-in catalog plus tests/data/validation/catalog (fixture parts).
inline std::shared_ptr<const Catalog> validationCatalog()
{
    static std::shared_ptr<const Catalog> catalog = [] {
        auto loaded = Catalog::withUserFolders(
            { std::filesystem::path(CW_TEST_DATA_DIR) / "validation" / "catalog" });
        if (!loaded)
            throw std::runtime_error(loaded.error().message);
        return *loaded;
    }();
    return catalog;
}

template<typename T>
T must(Result<T> result)
{
    if (!result)
        throw std::runtime_error(result.error().message);
    return *result;
}

struct Mini
{
    Design design;
    RackId a01, a02, a03;
    DeviceId gpu01, gpu02, leaf01, leaf02, spine01, stor01, oss01;
    FabricId compute, storage;
    StorageTierId lustre;
    std::vector<LinkId> leaf01Uplinks;
    std::vector<LinkId> gpu01Rails; ///< link of rail r of gpu01
};

inline constexpr const char *kCable = "aoc-400g-qsfpdd"; // 400G, 30 m reach
inline constexpr double kCableM = 5;
// Node and OSS links: fixture AOCs whose ends fit the twin-port OSFP (DGX H100) and single-port
// OSFP (OSS) cages on one side and QSFP-DD on the other (net.cable-connector-mismatch).
inline constexpr const char *kNodeCable = "test-aoc-osfp-twin-qsfpdd";
inline constexpr const char *kOssCable = "test-aoc-osfp-qsfpdd";

inline Mini buildMini(const Catalog &catalog)
{
    Mini m;
    DesignBuilder b(m.design, catalog);
    m.design.setName("validation mini");
    Site site;
    site.name = "test hall";
    site.itPowerBudgetKw = 50;
    site.utilityPowerKw = 80;
    site.pue = 1.3;
    site.airCoolingCapacityKw = 50;
    site.airLimitPerRackKw = 30;
    m.design.setSite(site);

    const RowId row = must(b.addRow("R1"));
    const std::vector<Pdu> pdus { { "A1", Feed::A, "", 3, 400, 32 },
                                  { "B1", Feed::B, "", 3, 400, 32 } };
    m.a01 = must(b.addRack(row, "A01", "rack-42u-air", pdus));
    m.a02 = must(b.addRack(row, "A02", "rack-42u-air", pdus));
    m.a03 = must(b.addRack(row, "A03", "rack-48u-liquid", pdus));

    Fabric compute;
    compute.name = "compute-roce";
    compute.purpose = FabricPurpose::Compute;
    compute.technology = Technology::RoCEv2;
    compute.linkSpeedGbps = 400;
    compute.topology = FabricTopology { TopologyKind::FatTree, 2, 1.0, true, 8 };
    m.compute = must(b.addFabric(compute));
    Fabric storage;
    storage.name = "storage-eth";
    storage.purpose = FabricPurpose::Storage;
    storage.technology = Technology::Ethernet;
    storage.linkSpeedGbps = 400;
    m.storage = must(b.addFabric(storage));

    m.gpu01 = must(b.placeDevice(m.a01, "gpu01", "dgx-h100", 1, DeviceRole::Compute));
    m.leaf01 = must(
        b.placeDevice(m.a01, "leaf01", "sonic-64x400g", 9, DeviceRole::Switch, Face::Rear, 0));
    m.leaf02 = must(
        b.placeDevice(m.a01, "leaf02", "sonic-64x400g", 11, DeviceRole::Switch, Face::Rear, 0));
    m.gpu02 = must(b.placeDevice(m.a02, "gpu02", "dgx-h100", 1, DeviceRole::Compute));
    m.spine01 = must(
        b.placeDevice(m.a02, "spine01", "sonic-64x400g", 9, DeviceRole::Switch, Face::Rear, 1));
    m.stor01 = must(
        b.placeDevice(m.a02, "stor01", "sonic-64x400g", 11, DeviceRole::Switch, Face::Rear, 0));
    m.oss01 = must(b.placeDevice(m.a02, "oss01", "lustre-oss", 13, DeviceRole::Storage));

    for (DeviceId node : { m.gpu01, m.gpu02 }) {
        const auto rails = b.ports(node, PortRole::Compute);
        for (std::size_t r = 0; r < rails.size(); ++r) {
            const DeviceId leaf = r < 4 ? m.leaf01 : m.leaf02;
            const LinkId link
                = must(b.connect(m.compute, rails[r], must(b.firstFreePort(leaf, PortRole::Fabric)),
                                 kNodeCable, kCableM));
            if (node == m.gpu01)
                m.gpu01Rails.push_back(link);
        }
    }
    for (DeviceId leaf : { m.leaf01, m.leaf02 })
        for (int i = 0; i < 8; ++i) {
            const LinkId link = must(
                b.connect(m.compute, must(b.firstFreePort(leaf, PortRole::Fabric)),
                          must(b.firstFreePort(m.spine01, PortRole::Fabric)), kCable, kCableM));
            if (leaf == m.leaf01)
                m.leaf01Uplinks.push_back(link);
        }
    for (PortRef port : b.ports(m.oss01, PortRole::Storage))
        must(b.connect(m.storage, port, must(b.firstFreePort(m.stor01, PortRole::Fabric)),
                       kOssCable, kCableM));

    StorageTier tier;
    tier.name = "lustre";
    tier.kind = StorageKind::ParallelFilesystem;
    tier.fabric = m.storage;
    tier.members = { m.oss01 };
    tier.capacityTB = 290;
    tier.readGBps = 45;
    tier.writeGBps = 30;
    m.lustre = must(b.addStorageTier(tier));

    Workload workload;
    workload.name = "70B";
    workload.parameterCount = 70e9;
    workload.trainingTokens = 2e12;
    workload.checkpointBytesPerParam = 14;
    workload.checkpointIntervalMin = 60;
    workload.maxCheckpointStallFraction = 0.05;
    workload.datasetReadMBpsPerGpu = 100;
    m.design.setWorkload(workload);
    NcclSettings nccl;
    nccl.ibTrafficClass = 106; // 26 << 2 | 2
    m.design.setNccl(nccl);
    return m;
}

} // namespace cw::test

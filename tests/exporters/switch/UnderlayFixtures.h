#pragma once

// A 2-leaf / 2-spine RoCE pod built by hand: 4 DGX H100 nodes, rail 0 of each on leaf01,
// rail 1 on leaf02, one 400G link from each leaf to each spine, all SONiC switches. Small
// enough that every address of it is worked out in tst_underlay.

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <stdexcept>
#include <string>

namespace cw::test {

template<typename T>
T must(Result<T> result)
{
    if (!result)
        throw std::runtime_error(result.error().message);
    return std::move(result).value();
}

struct Pod
{
    Design design;
    FabricId fabric;
    DeviceId leaves[2];
    DeviceId spines[2];
    DeviceId hosts[4];
};

inline constexpr const char *kSwitchType = "sonic-64x400g";

/// The pod; ids in creation order: row, racks, switches (leaf01, leaf02, spine01, spine02),
/// then hosts, then the fabric, then links host-leaf before leaf-spine.
inline Pod buildPod2x2()
{
    Pod pod;
    pod.design.setName("roce-pod-2x2");
    DesignBuilder b(pod.design, Catalog::builtin());
    const RowId row = must(b.addRow("A"));
    const RackId rack1 = must(b.addRack(row, "A01", "rack-42u-air"));
    const RackId rack2 = must(b.addRack(row, "A02", "rack-42u-air"));
    const char *switchNames[] = { "leaf01", "leaf02", "spine01", "spine02" };
    for (int i = 0; i < 4; ++i) {
        const DeviceId id = must(b.placeDevice(rack1, switchNames[i], kSwitchType, 33 + 2 * i,
                                               DeviceRole::Switch, Face::Front, i < 2 ? 0 : 1));
        (i < 2 ? pod.leaves[i] : pod.spines[i - 2]) = id;
    }
    for (int i = 0; i < 4; ++i)
        pod.hosts[i]
            = must(b.placeDevice(i < 2 ? rack1 : rack2, "dgx0" + std::to_string(i + 1), "dgx-h100",
                                 i < 2 ? 1 + 8 * i : 1 + 8 * (i - 2), DeviceRole::Compute));
    Fabric fabric;
    fabric.name = "compute-roce";
    fabric.purpose = FabricPurpose::Compute;
    fabric.technology = Technology::RoCEv2;
    fabric.linkSpeedGbps = 400;
    fabric.topology.kind = TopologyKind::FatTree;
    fabric.topology.tiers = 2;
    fabric.topology.railOptimized = true;
    fabric.topology.rails = 2;
    pod.fabric = must(b.addFabric(fabric));
    for (DeviceId host : pod.hosts)
        for (int rail = 0; rail < 2; ++rail) {
            const PortRef nic = b.ports(host, PortRole::Compute).at(static_cast<std::size_t>(rail));
            const PortRef leafPort = must(b.firstFreePort(pod.leaves[rail], PortRole::Fabric));
            must(b.connect(pod.fabric, nic, leafPort, {}, 3));
        }
    for (DeviceId leaf : pod.leaves)
        for (DeviceId spine : pod.spines) {
            const PortRef up = must(b.firstFreePort(leaf, PortRole::Fabric));
            const PortRef down = must(b.firstFreePort(spine, PortRole::Fabric));
            must(b.connect(pod.fabric, up, down, {}, 10));
        }
    return pod;
}

} // namespace cw::test

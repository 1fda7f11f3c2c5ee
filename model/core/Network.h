#pragma once

#include "model/core/Enums.h"
#include "model/core/Ids.h"

#include <map>
#include <string>
#include <vector>

namespace cw {

/// RoCEv2 lossless settings of a fabric. Defaults are NVIDIA Cumulus `nv set qos roce`
/// (ref:nvidia-cumulus-roce): RoCE DSCP 26 -> priority 3 lossless, CNP DSCP 48 -> priority 6
/// strict, ECN 150 000 / 1 500 000 B at 100 %, PFC watchdog 200 ms (SONiC defaults, S9).
struct QosProfile
{
    int roceDscp = 26;
    int cnpDscp = 48;
    int pfcPriority = 3;
    int cnpPriority = 6;
    std::vector<int> losslessPriorities { 3 };
    bool ecnEnabled = true;
    int ecnMinBytes = 150000;
    int ecnMaxBytes = 1500000;
    int ecnMaxProbabilityPct = 100;
    bool pfcWatchdog = true;
    int pfcWatchdogDetectionMs = 200;
    int pfcWatchdogRestorationMs = 200;
    int switchMtu = 9216; ///< Cumulus default (ref:nvidia-cumulus-roce)
    int hostMtu = 9000; ///< >= 4192 needed for RoCE MTU 4096
    /// DSCP -> switch priority entries that differ from the default map, DSCP >> 3
    /// (ConnectX default dscp2prio, Cumulus 24-31 -> 3; ref:nvidia-cumulus-roce). SONiC's AZURE
    /// map is not the default: it sends 26 to TC1, so a SONiC hop lists {26: 1}
    /// (ref:sonic-config-db).
    std::map<int, int> dscpToPriority;
    /// Cable length the lossless headroom was sized for (Cumulus `nv set qos pfc ...
    /// cable-length`, default 100 m; ref:nvidia-cumulus-roce, ref:sonic-buffer-headroom).
    double pfcCableLengthM = 100;

    /// The switch priority a DSCP value lands in on a hop using this profile.
    int priorityOfDscp(int dscp) const
    {
        auto it = dscpToPriority.find(dscp);
        return it != dscpToPriority.end() ? it->second : dscp >> 3;
    }

    bool operator==(const QosProfile &) const = default;
};

/// Topology parameters a fabric was designed with (the generator's inputs, the rules' targets).
/// One fact, one field: the kind is the switches' shape; rail optimization (rail r of every
/// node on the rail-r leaves) is its own property, on a fat tree or a custom fabric alike.
/// The file's kind "rail-optimized" reads as FatTree with railOptimized set.
struct FabricTopology
{
    TopologyKind kind = TopologyKind::Custom;
    int tiers = 0; ///< switch tiers; 0 = not stated
    double oversubscription = 1; ///< leaf downlink:uplink target, 1 = non-blocking
    bool railOptimized = false; ///< NCCL's rail-local traffic stays on one leaf
    int rails = 0; ///< compute NICs per node used on this fabric

    bool operator==(const FabricTopology &) const = default;
};

/// A network: compute (GPU) fabric, storage, frontend or out-of-band management.
struct Fabric
{
    FabricId id;
    std::string name;
    FabricPurpose purpose = FabricPurpose::Compute;
    Technology technology = Technology::InfiniBand;
    double linkSpeedGbps = 400;
    FabricTopology topology;
    QosProfile qos; ///< used when technology is RoCEv2

    bool operator==(const Fabric &) const = default;
};

/// A storage tier and the servers that make it up.
struct StorageTier
{
    StorageTierId id;
    std::string name;
    StorageKind kind = StorageKind::ParallelFilesystem;
    FabricId fabric; ///< network clients reach it on (none for node-local)
    std::vector<DeviceId> members; ///< storage servers (empty for node-local NVMe)
    double capacityTB = 0; ///< usable, decimal TB
    double readGBps = 0; ///< aggregate, GB/s = 1e9 B/s
    double writeGBps = 0;

    bool operator==(const StorageTier &) const = default;
};

} // namespace cw

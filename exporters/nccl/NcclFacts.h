#pragma once

#include "model/common/Result.h"
#include "model/fabric/NvlinkDomains.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Fabric;
struct Part;
} // namespace cw

namespace cw::nccl {

/// One compute NIC port of a server type, as NCCL sees it.
struct RailNic
{
    int rail = 0; ///< position in rail order (the catalog port's rail index)
    int portIndex = -1; ///< index in the catalog part's port list
    std::string name; ///< catalog port name, taken as the RDMA device name (mlx5_N)
    double speedGbps = 0; ///< the slower of the port and the compute fabric's link speed
};

/// The compute nodes of one catalog server type and what NCCL needs to know about them.
struct ServerTypeFacts
{
    const Part *part = nullptr;
    const Part *gpuPart = nullptr; ///< null when the catalog lacks the GPU part
    std::vector<std::string> nodeNames; ///< sorted
    std::vector<RailNic> nics; ///< compute NICs cabled to the compute fabric, rail order
    std::vector<std::string> socketInterfaces; ///< frontend ports, for NCCL_SOCKET_IFNAME
    bool socketInterfacesCabled = false; ///< the frontend ports are cabled in the design

    int gpuCount() const;
    /// Sum of the rail NICs' speeds in GB/s (1e9 B/s): what one node can send to the fabric.
    double nicGBps() const;
};

/// Nodes cabled to the same set of leaf switches: one leaf, or one rail group of leaves (a
/// scalable unit of a rail-optimized fabric).
struct LeafGroup
{
    std::vector<std::string> leaves; ///< sorted
    std::vector<std::string> nodes; ///< sorted
};

/// What the NCCL files are derived from: the compute fabric, its GPU nodes by server type,
/// the leaf groups, and whether its switches can run SHARP.
struct NcclFacts
{
    const Fabric *compute = nullptr;
    std::vector<ServerTypeFacts> serverTypes; ///< most nodes first, then catalog id
    std::vector<LeafGroup> leafGroups; ///< in the order of their first node
    int switchTiers = 0; ///< switch levels of the compute fabric
    std::vector<std::string> switchParts; ///< catalog ids of its switches, sorted
    bool sharpCapable = false; ///< every switch part offers SHARP
    /// Multi-node NVLink domains (GB200 NVL72 racks): NCCL reaches their GPUs over NVLink
    /// (MNNVL), not the network; empty for 8-GPU HGX/DGX nodes.
    std::vector<NvlinkDomain> nvlinkDomains;
    std::vector<std::string> notes;

    int nodeCount() const;
    const ServerTypeFacts *typeOfNode(const std::string &nodeName) const;
};

/// Whether a switch part can aggregate in-network (SHARP). The catalog has no field for it;
/// NVIDIA names it in the part description ("SHARPv3" for Quantum-2 QM9700).
bool isSharpCapable(const Part &switchPart);

/// Reads the design's first compute fabric. Errors name what is missing (no compute fabric,
/// no GPU node cabled to it).
Result<NcclFacts> collectNcclFacts(const Design &design, const Catalog &catalog);

} // namespace cw::nccl

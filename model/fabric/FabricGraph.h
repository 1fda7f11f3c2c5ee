#pragma once

#include "model/common/Result.h"
#include "model/core/Design.h"

#include <set>
#include <string>
#include <vector>

namespace cw {

class Catalog;
struct Part;

enum class VertexKind { Node, Switch };

/// One vertex of the flow graph: a compute node or a switch of the fabric.
struct FabricVertex
{
    DeviceId device;
    VertexKind kind = VertexKind::Node;
    std::string name;
    std::string rack; ///< rack name, empty if the device has none
    int tier = -1; ///< switches: 0 leaf, 1 spine, 2 core, -1 unknown; nodes: -1
    bool tierInferred = false; ///< the device had tier -1 and BFS from the nodes set it
    int order = 0; ///< index in the canonical order (see docs/fabric.md)
    int otherLinks = 0; ///< links on the fabric to storage or management devices
    const Part *part = nullptr;
};

/// One undirected edge of the flow graph: a link of the fabric between two vertices.
struct FabricEdge
{
    int a = 0;
    int b = 0;
    double capacityGbps = 0;
    LinkId link;
};

/// The flow graph of one fabric, exactly as docs/fabric.md defines it: a vertex per compute
/// node and per switch that has a link on the fabric, an edge per link, capacity = link speed.
/// Vertices are in canonical order: compute nodes first, then switches, each sorted by row
/// index, rack position, U from the bottom, then name; `order` is the index in `vertices`.
struct FabricGraph
{
    FabricId fabric;
    std::string fabricName;
    Technology technology = Technology::InfiniBand;
    std::vector<FabricVertex> vertices;
    std::vector<FabricEdge> edges; ///< in link id order
    int nodeCount = 0; ///< vertices [0, nodeCount) are compute nodes
    /// Links to devices that are neither compute nodes nor switches (storage servers,
    /// management hosts): not part of the flow graph, counted for the report.
    int otherEndpointLinks = 0;
    std::vector<std::string> failedSwitches; ///< removed before the graph was built
    int failedLinks = 0; ///< links that ended on a removed switch

    bool isNode(int vertex) const { return vertex < nodeCount; }
};

/// A link's speed: the slower of its two ports and the fabric's nominal link speed (a 200G
/// port on a 400G switch runs at 200G). Falls back to the fabric speed when a port has none.
double linkSpeedGbps(const Design &design, const Catalog &catalog, const Link &link);

/// Builds the flow graph of `fabric`. Switches in `failed` (device ids) are left out with
/// their links. Switch tiers come from Device::tier, or, where it is -1, from the BFS
/// distance to the nearest compute node over the whole fabric (before any failure).
Result<FabricGraph> buildFabricGraph(const Design &design, const Catalog &catalog, FabricId fabric,
                                     const std::set<DeviceId> &failed = {});

} // namespace cw

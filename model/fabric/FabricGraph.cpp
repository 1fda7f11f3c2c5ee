#include "model/fabric/FabricGraph.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/FabricLinks.h"

#include <algorithm>
#include <climits>
#include <deque>
#include <tuple>
#include <unordered_map>

namespace cw {
namespace {

double portSpeedGbps(const Part *part, int port)
{
    if (!part || port < 0 || port >= static_cast<int>(part->ports.size()))
        return 0;
    return part->ports[static_cast<std::size_t>(port)].speedGbps;
}

/// Canonical position of a device on the floor: row index, rack position, U, name.
struct FloorKey
{
    int rowIndex = INT_MAX;
    int rackPosition = INT_MAX;
    int u = INT_MAX;
    const std::string *name = nullptr;

    bool operator<(const FloorKey &other) const
    {
        return std::tie(rowIndex, rackPosition, u, *name)
            < std::tie(other.rowIndex, other.rackPosition, other.u, *other.name);
    }
};

/// BFS from every compute node at once: a switch at distance d is at tier d - 1.
std::vector<int> inferTiers(const std::vector<FabricVertex> &vertices,
                            const std::vector<FabricEdge> &edges, int nodeCount)
{
    const int count = static_cast<int>(vertices.size());
    std::vector<int> degree(static_cast<std::size_t>(count) + 1, 0);
    for (const FabricEdge &edge : edges) {
        ++degree[static_cast<std::size_t>(edge.a) + 1];
        ++degree[static_cast<std::size_t>(edge.b) + 1];
    }
    for (int i = 0; i < count; ++i)
        degree[static_cast<std::size_t>(i) + 1] += degree[static_cast<std::size_t>(i)];
    std::vector<int> adjacency(static_cast<std::size_t>(degree.back()));
    std::vector<int> fill(degree.begin(), degree.end() - 1);
    for (const FabricEdge &edge : edges) {
        adjacency[static_cast<std::size_t>(fill[static_cast<std::size_t>(edge.a)]++)] = edge.b;
        adjacency[static_cast<std::size_t>(fill[static_cast<std::size_t>(edge.b)]++)] = edge.a;
    }
    std::vector<int> distance(static_cast<std::size_t>(count), -1);
    std::deque<int> queue;
    for (int v = 0; v < nodeCount; ++v) {
        distance[static_cast<std::size_t>(v)] = 0;
        queue.push_back(v);
    }
    while (!queue.empty()) {
        const int v = queue.front();
        queue.pop_front();
        for (int i = degree[static_cast<std::size_t>(v)];
             i < degree[static_cast<std::size_t>(v) + 1]; ++i) {
            const int w = adjacency[static_cast<std::size_t>(i)];
            if (distance[static_cast<std::size_t>(w)] >= 0)
                continue;
            distance[static_cast<std::size_t>(w)] = distance[static_cast<std::size_t>(v)] + 1;
            queue.push_back(w);
        }
    }
    std::vector<int> tiers(static_cast<std::size_t>(count), -1);
    for (int v = nodeCount; v < count; ++v)
        if (distance[static_cast<std::size_t>(v)] > 0)
            tiers[static_cast<std::size_t>(v)] = distance[static_cast<std::size_t>(v)] - 1;
    return tiers;
}

} // namespace

double linkSpeedGbps(const Design &design, const Catalog &catalog, const Link &link)
{
    const Fabric *fabric = design.fabric(link.fabric);
    double speed = fabric ? fabric->linkSpeedGbps : 0;
    for (const PortRef &end : { link.a, link.b }) {
        const Device *device = design.device(end.device);
        const double port
            = portSpeedGbps(device ? catalog.find(device->catalogType) : nullptr, end.port);
        if (port > 0 && (speed <= 0 || port < speed))
            speed = port;
    }
    return speed;
}

namespace {

/// A device the fabric touches (a compute node or a switch), with its floor position.
struct Member
{
    const Device *device = nullptr;
    const Part *part = nullptr;
    FloorKey key;
    int otherLinks = 0;
};

/// The fabric's members in order of first appearance, keyed by device id; devices of other
/// roles are remembered as -1 (their links count as other-endpoint links).
class MemberTable
{
public:
    MemberTable(const Design &design, const Catalog &catalog)
        : m_design(design)
        , m_catalog(catalog)
    { }

    int memberOf(DeviceId id)
    {
        auto it = m_memberIndex.find(id.value);
        if (it != m_memberIndex.end())
            return it->second;
        const Device *device = m_design.device(id);
        if (!device
            || (device->role != DeviceRole::Compute && device->role != DeviceRole::Switch)) {
            m_memberIndex.emplace(id.value, -1);
            return -1;
        }
        Member member;
        member.device = device;
        member.part = partOf(*device);
        member.key.name = &device->name;
        member.key.u = device->uPosition;
        if (const Rack *rack = m_design.rack(device->rack)) {
            member.key.rackPosition = rack->position;
            if (const Row *row = m_design.row(rack->row))
                member.key.rowIndex = row->index;
        }
        const int index = static_cast<int>(members.size());
        members.push_back(member);
        m_memberIndex.emplace(id.value, index);
        return index;
    }

    std::vector<Member> members;

private:
    const Part *partOf(const Device &device)
    {
        auto it = m_partCache.find(device.catalogType);
        if (it != m_partCache.end())
            return it->second;
        const Part *part = m_catalog.find(device.catalogType);
        m_partCache.emplace(device.catalogType, part);
        return part;
    }

    const Design &m_design;
    const Catalog &m_catalog;
    std::unordered_map<std::uint64_t, int> m_memberIndex;
    std::unordered_map<std::string_view, const Part *> m_partCache;
};

/// The fabric's links between members, at the slowest of fabric and port speed (member
/// indices); links to other devices are counted in the graph and on their member.
/// `fabricLinks`: the fabric's links in design order, or null to find them among all links.
std::vector<FabricEdge> collectEdges(const Design &design, const Fabric &fabric, MemberTable &table,
                                     FabricGraph &graph,
                                     const std::vector<const Link *> *fabricLinks)
{
    std::vector<FabricEdge> rawEdges;
    auto collect = [&](const Link &link) {
        const int a = table.memberOf(link.a.device);
        const int b = table.memberOf(link.b.device);
        if (a < 0 || b < 0) {
            ++graph.otherEndpointLinks;
            if (a >= 0 || b >= 0)
                ++table.members[static_cast<std::size_t>(std::max(a, b))].otherLinks;
            return;
        }
        if (a == b)
            return; // a loopback cable carries nothing across a cut
        double speed = fabric.linkSpeedGbps;
        for (const auto &[member, end] : { std::pair { a, link.a }, std::pair { b, link.b } }) {
            const double port
                = portSpeedGbps(table.members[static_cast<std::size_t>(member)].part, end.port);
            if (port > 0 && (speed <= 0 || port < speed))
                speed = port;
        }
        rawEdges.push_back(FabricEdge { a, b, speed, link.id });
    };
    if (fabricLinks) {
        for (const Link *link : *fabricLinks)
            collect(*link);
        return rawEdges;
    }
    for (const Link &link : design.links())
        if (link.fabric == fabric.id)
            collect(link);
    return rawEdges;
}

/// Canonical order: nodes first, then switches, each by floor position then name. Renumbers
/// `rawEdges` to the new positions and counts the nodes.
std::vector<FabricVertex> canonicalVertices(const Design &design,
                                            const std::vector<Member> &members,
                                            std::vector<FabricEdge> &rawEdges, int &nodeCount)
{
    std::vector<int> sorted(members.size());
    for (std::size_t i = 0; i < sorted.size(); ++i)
        sorted[i] = static_cast<int>(i);
    std::sort(sorted.begin(), sorted.end(), [&](int x, int y) {
        const Member &mx = members[static_cast<std::size_t>(x)];
        const Member &my = members[static_cast<std::size_t>(y)];
        const bool nx = mx.device->role == DeviceRole::Compute;
        const bool ny = my.device->role == DeviceRole::Compute;
        if (nx != ny)
            return nx;
        return mx.key < my.key;
    });
    std::vector<int> position(members.size());
    std::vector<FabricVertex> all(members.size());
    nodeCount = 0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const Member &member = members[static_cast<std::size_t>(sorted[i])];
        position[static_cast<std::size_t>(sorted[i])] = static_cast<int>(i);
        FabricVertex &vertex = all[i];
        vertex.device = member.device->id;
        vertex.kind
            = member.device->role == DeviceRole::Compute ? VertexKind::Node : VertexKind::Switch;
        vertex.name = member.device->name;
        if (const Rack *rack = design.rack(member.device->rack))
            vertex.rack = rack->name;
        vertex.tier = vertex.kind == VertexKind::Switch ? member.device->tier : -1;
        vertex.part = member.part;
        vertex.otherLinks = member.otherLinks;
        if (vertex.kind == VertexKind::Node)
            ++nodeCount;
    }
    for (FabricEdge &edge : rawEdges) {
        edge.a = position[static_cast<std::size_t>(edge.a)];
        edge.b = position[static_cast<std::size_t>(edge.b)];
    }
    return all;
}

/// Tiers the design leaves open come from the structure of the whole (unfailed) fabric.
void inferOpenTiers(std::vector<FabricVertex> &all, const std::vector<FabricEdge> &rawEdges,
                    int nodeCount)
{
    bool needInference = false;
    for (int v = nodeCount; v < static_cast<int>(all.size()); ++v)
        needInference = needInference || all[static_cast<std::size_t>(v)].tier < 0;
    if (!needInference)
        return;
    const std::vector<int> inferred = inferTiers(all, rawEdges, nodeCount);
    for (int v = nodeCount; v < static_cast<int>(all.size()); ++v) {
        FabricVertex &vertex = all[static_cast<std::size_t>(v)];
        if (vertex.tier < 0) {
            vertex.tier = inferred[static_cast<std::size_t>(v)];
            vertex.tierInferred = vertex.tier >= 0;
        }
    }
}

/// Removes failed switches; the remaining vertices keep their relative (canonical) order.
void keepUnfailed(FabricGraph &graph, std::vector<FabricVertex> &all,
                  const std::vector<FabricEdge> &rawEdges, const std::set<DeviceId> &failed)
{
    std::vector<int> remap(all.size(), -1);
    for (std::size_t v = 0; v < all.size(); ++v) {
        FabricVertex &vertex = all[v];
        if (vertex.kind == VertexKind::Switch && failed.contains(vertex.device)) {
            graph.failedSwitches.push_back(vertex.name);
            continue;
        }
        remap[v] = static_cast<int>(graph.vertices.size());
        vertex.order = remap[v];
        graph.vertices.push_back(std::move(vertex));
    }
    graph.edges.reserve(rawEdges.size());
    for (const FabricEdge &edge : rawEdges) {
        const int a = remap[static_cast<std::size_t>(edge.a)];
        const int b = remap[static_cast<std::size_t>(edge.b)];
        if (a < 0 || b < 0) {
            ++graph.failedLinks;
            continue;
        }
        graph.edges.push_back(FabricEdge { a, b, edge.capacityGbps, edge.link });
    }
}

Result<FabricGraph> buildGraph(const Design &design, const Catalog &catalog, FabricId fabricId,
                               const std::vector<const Link *> *fabricLinks,
                               const std::set<DeviceId> &failed)
{
    const Fabric *fabric = design.fabric(fabricId);
    if (!fabric)
        return Error { "unknown fabric id " + std::to_string(fabricId.value) };

    FabricGraph graph;
    graph.fabric = fabricId;
    graph.fabricName = fabric->name;
    graph.technology = fabric->technology;
    MemberTable table(design, catalog);
    std::vector<FabricEdge> rawEdges = collectEdges(design, *fabric, table, graph, fabricLinks);
    int nodeCount = 0;
    std::vector<FabricVertex> all = canonicalVertices(design, table.members, rawEdges, nodeCount);
    inferOpenTiers(all, rawEdges, nodeCount);
    graph.nodeCount = nodeCount;
    keepUnfailed(graph, all, rawEdges, failed);
    return graph;
}

} // namespace

Result<FabricGraph> buildFabricGraph(const Design &design, const Catalog &catalog,
                                     FabricId fabricId, const std::set<DeviceId> &failed)
{
    return buildGraph(design, catalog, fabricId, nullptr, failed);
}

Result<FabricGraph> buildFabricGraphFromLinks(const Design &design, const Catalog &catalog,
                                              FabricId fabric,
                                              const std::vector<const Link *> &fabricLinks,
                                              const std::set<DeviceId> &failed)
{
    return buildGraph(design, catalog, fabric, &fabricLinks, failed);
}

std::unordered_map<std::uint64_t, std::vector<const Link *>> linksByFabric(const Design &design)
{
    std::unordered_map<std::uint64_t, std::vector<const Link *>> links;
    for (const Link &link : design.links())
        links[link.fabric.value].push_back(&link);
    return links;
}

} // namespace cw

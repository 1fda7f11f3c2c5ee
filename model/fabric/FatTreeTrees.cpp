// The fat-tree generator's trees: the compute fabric (rail planes, scalable units, converged
// storage leaves) and the separate storage fabric are planned into leaves and upper tiers, and
// cabled once their switches are placed.

#include "model/fabric/FatTreeBuilder.h"

#include "model/catalog/Catalog.h"

#include <algorithm>

namespace cw::fattree {

int FatTreeBuilder::resolve(const Endpoint &endpoint) const
{
    if (endpoint.owner >= 0)
        return m_nodes[static_cast<std::size_t>(endpoint.owner)];
    if (endpoint.owner == -1)
        return m_ufm;
    return m_servers[static_cast<std::size_t>(-2 - endpoint.owner)];
}

Result<void> FatTreeBuilder::planCompute()
{
    const FatTreeSpec &spec = m_spec;
    const std::vector<int> compute = portsWithRole(*spec.nodePart, PortRole::Compute);
    m_rails.assign(compute.begin(), compute.begin() + spec.rails);
    double speed = 0;
    for (int port : m_rails) {
        const double s = spec.nodePart->ports[static_cast<std::size_t>(port)].speedGbps;
        speed = speed == 0 ? s : std::min(speed, s);
    }
    Tree &tree = m_compute;
    tree.speedGbps = speed;
    tree.switchPart = spec.switchPart;
    tree.switchPorts = fabricPortsFor(*spec.switchPart, speed);
    tree.radix = static_cast<int>(tree.switchPorts.size());
    if (tree.radix < 2)
        return Error { "switch-type " + spec.switchPart->id + " has no fabric ports of "
                       + std::to_string(static_cast<int>(speed)) + " Gb/s or faster for "
                       + spec.nodePart->id + "'s compute NICs" };
    auto split = leafSplit(tree.radix, spec.ratio);
    if (!split)
        return Error { "switch-type " + spec.switchPart->id + ": " + split.error().message };
    tree.split = *split;
    m_suSize = spec.suSlots > 0 ? spec.suSlots : tree.split.down;
    if (spec.railOptimized && m_suSize > tree.split.down)
        return Error { "a scalable unit of " + std::to_string(m_suSize)
                       + " nodes needs leaves with " + std::to_string(m_suSize) + " downlinks; "
                       + spec.switchPart->id + " at " + std::to_string(spec.ratio) + ":1 has "
                       + std::to_string(tree.split.down) };
    const int slots = spec.nodes + (spec.ufmSlot ? 1 : 0);
    m_ufmSlot = spec.ufmSlot ? m_suSize - 1 : -1;
    m_suCount = (slots + m_suSize - 1) / m_suSize;

    // Converged storage: the storage servers' ports join the compute fabric on extra leaves.
    std::vector<Endpoint> storageEndpoints;
    if (spec.storageConverged)
        for (std::size_t k = 0; k < m_storageParts.size(); ++k)
            for (int port : portsWithRole(*m_storageParts[k], PortRole::Storage))
                storageEndpoints.push_back(Endpoint { -2 - static_cast<int>(k), port, 0 });

    auto makeLeaves = [&](int planes) {
        std::vector<Leaf> leaves;
        const int railsPerPlane = spec.rails / planes;
        for (int su = 0; su < m_suCount; ++su) {
            // Slot s of this SU holds node (global slot - (1 if past the UFM slot)).
            std::vector<std::pair<int, int>> slotOwners; // (slot in SU, owner)
            for (int slot = 0; slot < m_suSize; ++slot) {
                const int global = su * m_suSize + slot;
                if (global >= slots)
                    break;
                if (global == m_ufmSlot)
                    slotOwners.emplace_back(slot, -1);
                else
                    slotOwners.emplace_back(
                        slot, global - (m_ufmSlot >= 0 && global > m_ufmSlot ? 1 : 0));
            }
            if (spec.railOptimized) {
                for (int rail = 0; rail < spec.rails; ++rail) {
                    Leaf leaf;
                    leaf.plane = rail / railsPerPlane;
                    leaf.homeSu = su;
                    for (const auto &[slot, owner] : slotOwners) {
                        if (owner == -1) {
                            const auto ufmPorts = spec.ufmPart
                                ? portsWithRole(*spec.ufmPart, PortRole::Compute)
                                : std::vector<int> {};
                            if (rail < static_cast<int>(ufmPorts.size()))
                                leaf.endpoints.push_back(Endpoint {
                                    -1, ufmPorts[static_cast<std::size_t>(rail)], slot });
                            continue;
                        }
                        leaf.endpoints.push_back(
                            Endpoint { owner, m_rails[static_cast<std::size_t>(rail)], slot });
                    }
                    leaves.push_back(std::move(leaf));
                }
            } else {
                std::vector<Endpoint> endpoints;
                if (spec.stripePorts) {
                    // Rail by rail: port r of consecutive nodes shares a leaf, so one leaf's
                    // loss costs each node one port, not all of them.
                    for (int port : m_rails)
                        for (const auto &[slot, owner] : slotOwners)
                            if (owner >= 0)
                                endpoints.push_back(Endpoint { owner, port, 0 });
                } else {
                    for (const auto &[slot, owner] : slotOwners)
                        if (owner >= 0)
                            for (int port : m_rails)
                                endpoints.push_back(Endpoint { owner, port, 0 });
                }
                chunkLeaves(endpoints, tree.split.down, 0, su, leaves);
            }
        }
        chunkLeaves(storageEndpoints, tree.split.down, 0, -1, leaves);
        return leaves;
    };
    std::vector<int> planeOptions { 1 };
    if (spec.railOptimized)
        planeOptions = divisors(spec.rails);
    // What the parameters can still change: tiers, rail planes, then only the switch.
    std::string hint;
    if (spec.tiers == 2)
        hint = "use tiers=3 or tiers=auto";
    else if (!spec.railOptimized)
        hint = "use rail-optimized=true (one rail plane per rail) or a switch of higher radix";
    else
        hint = "a rail-optimized " + std::to_string(maxLeaves(tree.radix, 3)) + "-leaf plane of "
            + spec.switchPart->id + " joins at most "
            + std::to_string(maxLeaves(tree.radix, 3) * m_suSize - (spec.ufmSlot ? 1 : 0))
            + " nodes; use fewer nodes or a switch of higher radix";
    return shapeTree(
        tree, spec.tiers, planeOptions, makeLeaves,
        std::to_string(spec.nodes) + " nodes x " + std::to_string(spec.rails) + " rails", hint);
}

Result<void> FatTreeBuilder::planStorage()
{
    if (m_storageParts.empty() || m_spec.storageConverged)
        return {};
    m_hasStorageFabric = true;
    const std::vector<int> nodePorts = portsWithRole(*m_spec.nodePart, PortRole::Storage);
    double speed = 0;
    for (int port : nodePorts)
        speed = std::max(speed, m_spec.nodePart->ports[static_cast<std::size_t>(port)].speedGbps);
    // Endpoint i of a node or server goes to plane i % planes: with two storage ports per node
    // and two planes, port 1 of every node is on plane 0 and port 2 on plane 1 (dual-rail
    // storage), which doubles the nodes one storage switch radix can join.
    std::vector<std::pair<Endpoint, int>> nodeEndpoints; // (endpoint, port ordinal)
    std::vector<std::pair<Endpoint, int>> serverEndpoints;
    for (int node = 0; node < m_spec.nodes; ++node)
        for (std::size_t i = 0; i < nodePorts.size(); ++i)
            nodeEndpoints.push_back({ Endpoint { node, nodePorts[i], 0 }, static_cast<int>(i) });
    for (std::size_t k = 0; k < m_storageParts.size(); ++k) {
        const std::vector<int> ports = portsWithRole(*m_storageParts[k], PortRole::Storage);
        for (std::size_t i = 0; i < ports.size(); ++i) {
            serverEndpoints.push_back(
                { Endpoint { -2 - static_cast<int>(k), ports[i], 0 }, static_cast<int>(i) });
            speed = std::max(
                speed, m_storageParts[k]->ports[static_cast<std::size_t>(ports[i])].speedGbps);
        }
    }
    if (nodePorts.empty())
        m_result.notes.push_back("node-type " + m_spec.nodePart->id
                                 + " has no storage ports: only the storage servers are on the "
                                   "storage fabric");
    Tree &tree = m_storage;
    // The switch's fastest ports set the fabric's nominal speed; slower endpoints link slower.
    tree.switchPart = m_spec.storageSwitchPart ? m_spec.storageSwitchPart : m_spec.switchPart;
    double switchSpeed = 0;
    for (const PortSpec &port : tree.switchPart->ports)
        if (port.role == PortRole::Fabric)
            switchSpeed = std::max(switchSpeed, port.speedGbps);
    tree.speedGbps = std::min(speed, switchSpeed);
    tree.switchPorts = fabricPortsFor(*tree.switchPart, tree.speedGbps);
    tree.radix = static_cast<int>(tree.switchPorts.size());
    auto split = leafSplit(tree.radix, m_spec.storageRatio);
    if (!split)
        return Error { "storage fabric: " + split.error().message };
    tree.split = *split;
    const int down = tree.split.down;
    auto makeLeaves = [&](int planes) {
        std::vector<Leaf> leaves;
        // A node's storage leaf is one of its SU's (in the SU's leaf rack: node-to-leaf optics
        // reach 50 m), so a leaf never takes nodes of two SUs. Servers get leaves of their own,
        // next to them in the network area: a leaf shared with nodes would sit in an SU's leaf
        // rack, too far for 200G splitter AOCs.
        for (int plane = 0; plane < planes; ++plane) {
            std::vector<std::vector<Endpoint>> perSu(static_cast<std::size_t>(m_suCount));
            for (const auto &[endpoint, ordinal] : nodeEndpoints) {
                if (ordinal % planes != plane)
                    continue;
                const int node = endpoint.owner;
                const int slot = node + (m_ufmSlot >= 0 && node >= m_ufmSlot ? 1 : 0);
                perSu[static_cast<std::size_t>(slot / m_suSize)].push_back(endpoint);
            }
            for (std::size_t su = 0; su < perSu.size(); ++su) {
                // Port by port, and spread where a partial SU's chunks would not: a node's
                // ports on one plane go to different leaves, so losing a leaf cuts no node
                // off its storage (net.single-point-of-failure).
                std::stable_sort(
                    perSu[su].begin(), perSu[su].end(),
                    [](const Endpoint &x, const Endpoint &y) { return x.port < y.port; });
                spreadLeaves(perSu[su], down, plane, static_cast<int>(su), leaves);
            }
        }
        for (int plane = 0; plane < planes; ++plane) {
            std::vector<Endpoint> endpoints;
            for (const auto &[endpoint, ordinal] : serverEndpoints)
                if (ordinal % planes == plane)
                    endpoints.push_back(endpoint);
            spreadLeaves(endpoints, down, plane, -1, leaves);
        }
        return leaves;
    };
    std::vector<int> planeOptions { 1 };
    if (nodePorts.size() > 1)
        planeOptions = divisors(static_cast<int>(nodePorts.size()));
    return shapeTree(tree, 0, planeOptions, makeLeaves, "storage fabric",
                     "use storage=none, fewer nodes, or a switch of higher radix");
}

void FatTreeBuilder::cableTree(Tree &tree, FabricId fabric)
{
    const std::vector<int> &ports = tree.switchPorts;
    const int down = tree.split.down;
    const int half = tree.radix / 2;
    for (const Leaf &leaf : tree.leaves)
        for (const Endpoint &endpoint : leaf.endpoints) {
            const int device = resolve(endpoint);
            if (device >= 0)
                m_assembler.connect(fabric, device, endpoint.port, leaf.device,
                                    ports[static_cast<std::size_t>(endpoint.leafPort)]);
        }
    for (std::size_t plane = 0; plane < tree.upper.size(); ++plane) {
        const auto &leaves = tree.planeLeaves[plane];
        std::vector<int> leafUp(leaves.size(), down);
        std::vector<int> spineDown(tree.spineDevices[plane].size(), 0);
        // In 3 tiers a spine's lower half faces the leaves, its upper half the cores.
        std::vector<int> spineUp(tree.spineDevices[plane].size(), half);
        std::vector<int> coreDown(tree.coreDevices[plane].size(), 0);
        for (const UpperWire &wire : tree.upper[plane].wires)
            for (int i = 0; i < wire.count; ++i) {
                if (wire.lowerTier == 0) {
                    const Leaf &leaf = tree.leaves[static_cast<std::size_t>(
                        leaves[static_cast<std::size_t>(wire.lower)])];
                    m_assembler.connect(
                        fabric, leaf.device,
                        ports[static_cast<std::size_t>(
                            leafUp[static_cast<std::size_t>(wire.lower)]++)],
                        tree.spineDevices[plane][static_cast<std::size_t>(wire.upper)],
                        ports[static_cast<std::size_t>(
                            spineDown[static_cast<std::size_t>(wire.upper)]++)]);
                } else {
                    m_assembler.connect(
                        fabric, tree.spineDevices[plane][static_cast<std::size_t>(wire.lower)],
                        ports[static_cast<std::size_t>(
                            spineUp[static_cast<std::size_t>(wire.lower)]++)],
                        tree.coreDevices[plane][static_cast<std::size_t>(wire.upper)],
                        ports[static_cast<std::size_t>(
                            coreDown[static_cast<std::size_t>(wire.upper)]++)]);
                }
            }
    }
}

} // namespace cw::fattree

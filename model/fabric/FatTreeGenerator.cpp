#include "model/fabric/FatTreeGenerator.h"

#include "calculators/Units.h"
#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/fabric/ClusterAssembler.h"
#include "model/fabric/FatTreePlan.h"
#include "model/fabric/FatTreeShape.h"

#include <algorithm>
#include <cmath>

namespace cw {
namespace {

using namespace fattree;

constexpr const char *kMgmtSwitchType = "mgmt-48x1g";
constexpr const char *kHeadNodeType = "mgmt-server-1u";

std::string numbered(const std::string &prefix, int n, int width)
{
    std::string text = std::to_string(n);
    if (static_cast<int>(text.size()) < width)
        text.insert(0, static_cast<std::size_t>(width) - text.size(), '0');
    return prefix + text;
}

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

/// The rack type for `uNeeded` U drawing `loadW`: one whose power rating covers the load
/// first, then one whose cooling matches the devices, then the smaller rack.
std::string chooseRackType(const Catalog &catalog, int uNeeded, double loadW, Cooling cooling)
{
    const Part *best = nullptr;
    int bestScore = 0;
    for (const Part *part : catalog.partsOfKind(PartKind::Rack)) {
        // A rack-scale system's rack comes with its own trays: never an empty cabinet.
        if (!part->rack || part->rack->rackUnits < uNeeded || part->rack->rackScale())
            continue;
        const bool powerFits
            = part->rack->maxPowerKw <= 0 || part->rack->maxPowerKw * 1000 >= loadW;
        // A hybrid part (cold plates plus fans) belongs in a liquid rack, which takes its
        // cold-plate heat into the liquid loop.
        const Cooling wanted = cooling == Cooling::Hybrid ? Cooling::Liquid : cooling;
        const bool coolingFits = part->cooling.value_or(Cooling::Air) == wanted;
        const int score = (powerFits ? 0 : 2) + (coolingFits ? 0 : 1);
        if (!best || score < bestScore
            || (score == bestScore
                && std::pair(part->rack->rackUnits, part->id)
                    < std::pair(best->rack->rackUnits, best->id))) {
            best = part;
            bestScore = score;
        }
    }
    return best ? best->id : std::string();
}

class FatTreeBuilder
{
public:
    FatTreeBuilder(const FatTreeSpec &spec, const Catalog &catalog)
        : m_spec(spec)
        , m_catalog(catalog)
        , m_assembler(m_result.design, catalog, spec.site, spec.racksPerRow)
    { }

    Result<GeneratedDesign> run();

private:
    Result<void> planCompute();
    Result<void> planStorage();
    Result<void> chooseDensity();
    Result<void> chooseRackScale();
    Result<GeneratedDesign> refuse();
    std::vector<SiteShortfall> allShortfalls() const
    {
        std::vector<SiteShortfall> all = m_densityShortfalls;
        all.insert(all.end(), m_assembler.shortfalls().begin(), m_assembler.shortfalls().end());
        return all;
    }
    Result<void> placeAll();
    Result<void> fillRackScale(int rack, int width);
    Result<void> placeLeaves(Tree &tree, int su, const char *prefix, int &counter);
    Result<void> placeUpper(Tree &tree, const char *spinePrefix, const char *corePrefix);
    int resolve(const Endpoint &endpoint) const;
    void cableTree(Tree &tree, FabricId fabric);

    const FatTreeSpec &m_spec;
    const Catalog &m_catalog;
    GeneratedDesign m_result;
    ClusterAssembler m_assembler;
    std::vector<int> m_rails; ///< the node part's compute ports used, rail order
    int m_suSize = 0;
    int m_rackScaleSwitches = 0; ///< NVLink switch trays placed so far
    int m_suCount = 0;
    int m_ufmSlot = -1; ///< global slot index of the UFM, -1 none
    std::vector<const Part *> m_storageParts;
    Tree m_compute;
    Tree m_storage;
    bool m_hasStorageFabric = false;
    std::string m_computeRack;
    std::string m_networkRack;
    int m_nodesPerRack = 1;
    std::vector<SiteShortfall> m_densityShortfalls;
    std::vector<int> m_nodes; ///< local device of node n
    std::vector<int> m_servers; ///< local device of storage server k
    int m_ufm = -1;
};

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
    double switchSpeed = 0;
    for (const PortSpec &port : m_spec.switchPart->ports)
        if (port.role == PortRole::Fabric)
            switchSpeed = std::max(switchSpeed, port.speedGbps);
    tree.speedGbps = std::min(speed, switchSpeed);
    tree.switchPorts = fabricPortsFor(*m_spec.switchPart, tree.speedGbps);
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

Result<void> FatTreeBuilder::placeLeaves(Tree &tree, int su, const char *prefix, int &counter)
{
    const double optics = tree.radix * m_assembler.opticsWPerPort(tree.speedGbps);
    const FloorArea area = su >= 0 ? FloorArea::Compute : FloorArea::Network;
    for (Leaf &leaf : tree.leaves) {
        if (leaf.homeSu != su)
            continue;
        auto placed = m_assembler.placeInArea(area, m_networkRack, numbered(prefix, ++counter, 4),
                                              *m_spec.switchPart, DeviceRole::Switch, Face::Rear, 0,
                                              optics);
        if (!placed)
            return placed.error();
        leaf.device = *placed;
    }
    return {};
}

Result<void> FatTreeBuilder::placeUpper(Tree &tree, const char *spinePrefix, const char *corePrefix)
{
    const double optics = tree.radix * m_assembler.opticsWPerPort(tree.speedGbps);
    int spineNumber = 0;
    int coreNumber = 0;
    tree.spineDevices.resize(tree.upper.size());
    tree.coreDevices.resize(tree.upper.size());
    for (std::size_t plane = 0; plane < tree.upper.size(); ++plane) {
        for (int i = 0; i < tree.upper[plane].spines; ++i) {
            auto placed = m_assembler.placeInArea(
                FloorArea::Network, m_networkRack, numbered(spinePrefix, ++spineNumber, 4),
                *m_spec.switchPart, DeviceRole::Switch, Face::Rear, 1, optics);
            if (!placed)
                return placed.error();
            tree.spineDevices[plane].push_back(*placed);
        }
    }
    for (std::size_t plane = 0; plane < tree.upper.size(); ++plane) {
        for (int i = 0; i < tree.upper[plane].cores; ++i) {
            auto placed = m_assembler.placeInArea(
                FloorArea::Network, m_networkRack, numbered(corePrefix, ++coreNumber, 4),
                *m_spec.switchPart, DeviceRole::Switch, Face::Rear, 2, optics);
            if (!placed)
                return placed.error();
            tree.coreDevices[plane].push_back(*placed);
        }
    }
    return {};
}

Result<void> FatTreeBuilder::fillRackScale(int rack, int width)
{
    const Part &system = *m_spec.rackScalePart;
    for (const RackSlot &slot : system.rack->contents) {
        const Part *part = slot.part.empty() ? nullptr : m_catalog.find(slot.part);
        const int units = part ? std::max(part->uHeight, 1) : slot.units;
        for (int i = 0; i < slot.count; ++i) {
            const bool node = part == m_spec.nodePart;
            if (!part || (node && static_cast<int>(m_nodes.size()) >= m_spec.nodes)) {
                // The rack's own U (power shelves), or a tray slot this design leaves empty.
                if (!m_assembler.reserveUnits(rack, units))
                    return Error { system.id + ": its contents do not fit its rack units" };
                continue;
            }
            const std::string name = node
                ? numbered(m_spec.nodePrefix, static_cast<int>(m_nodes.size()) + 1, width)
                : numbered("nvsw", ++m_rackScaleSwitches, 4);
            auto placed = m_assembler.place(rack, name, *part,
                                            node ? DeviceRole::Compute : DeviceRole::Switch,
                                            Face::Front, -1);
            if (!placed)
                return placed.error();
            if (node)
                m_nodes.push_back(*placed);
        }
    }
    return {};
}

Result<void> FatTreeBuilder::placeAll()
{
    const FatTreeSpec &spec = m_spec;
    const int width = digits(spec.nodes);
    int leafNumber = 0;
    int storageLeafNumber = 0;
    int slotInRack = m_nodesPerRack;
    int rack = -1;
    const int slots = spec.nodes + (spec.ufmSlot ? 1 : 0);
    m_nodes.reserve(static_cast<std::size_t>(spec.nodes));
    for (int su = 0; su < m_suCount; ++su) {
        m_assembler.beginGroup(); // an SU's racks stay in one hall (node-to-leaf reach)
        slotInRack = m_nodesPerRack; // every SU starts in a fresh rack
        for (int slot = 0; slot < m_suSize; ++slot) {
            const int global = su * m_suSize + slot;
            if (global >= slots)
                break;
            if (slotInRack == m_nodesPerRack) {
                auto opened = m_assembler.openRack(FloorArea::Compute, m_computeRack);
                if (!opened)
                    return opened.error();
                rack = *opened;
                slotInRack = 0;
                if (spec.rackScalePart)
                    if (auto filled = fillRackScale(rack, width); !filled)
                        return filled.error();
            }
            ++slotInRack;
            if (spec.rackScalePart)
                continue; // its tray was placed with the rack's contents
            if (global == m_ufmSlot) {
                if (!spec.ufmPart)
                    continue;
                auto placed = m_assembler.place(rack, "ufm01", *spec.ufmPart,
                                                DeviceRole::Management, Face::Front, -1);
                if (!placed)
                    return placed.error();
                m_ufm = *placed;
                continue;
            }
            const int node = static_cast<int>(m_nodes.size());
            auto placed = m_assembler.place(rack, numbered(spec.nodePrefix, node + 1, width),
                                            *spec.nodePart, DeviceRole::Compute, Face::Front, -1);
            if (!placed)
                return placed.error();
            m_nodes.push_back(*placed);
        }
        // The SU's leaves (and storage leaves of its nodes) in its own network rack(s).
        auto opened = m_assembler.openRack(FloorArea::Compute, m_networkRack);
        if (!opened)
            return opened.error();
        if (auto placed = placeLeaves(m_compute, su, "leaf", leafNumber); !placed)
            return placed;
        if (auto placed = placeLeaves(m_storage, su, "sleaf", storageLeafNumber); !placed)
            return placed;
    }
    // Network area: storage servers and their leaves side by side (splitter cables to a
    // 200G server reach 30 m) in one group, the head node, then spines and cores.
    m_assembler.beginGroup();
    int serverNumber = 0;
    for (const Part *part : m_storageParts) {
        const std::string role = part->storage ? part->storage->storageRole : "stor";
        auto placed = m_assembler.placeInArea(FloorArea::Network, m_networkRack,
                                              numbered(role, ++serverNumber, 2), *part,
                                              DeviceRole::Storage, Face::Front, -1);
        if (!placed)
            return placed.error();
        m_servers.push_back(*placed);
    }
    if (auto placed = placeLeaves(m_compute, -1, "leaf", leafNumber); !placed)
        return placed;
    if (auto placed = placeLeaves(m_storage, -1, "sleaf", storageLeafNumber); !placed)
        return placed;
    if (const Part *head = m_catalog.find(kHeadNodeType)) {
        auto placed = m_assembler.placeInArea(FloorArea::Network, m_networkRack, "head01", *head,
                                              DeviceRole::Management, Face::Front, -1);
        if (!placed)
            return placed.error();
    }
    m_assembler.beginGroup();
    if (auto placed = placeUpper(m_compute, "spine", "core"); !placed)
        return placed;
    return placeUpper(m_storage, "sspine", "score");
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

/// Nodes per rack: as many as the site's limit per position allows (or the spec's count,
/// refused when above it), after the node's optics and the rack's management switch.
Result<void> FatTreeBuilder::chooseDensity()
{
    const FatTreeSpec &spec = m_spec;
    if (spec.rackScalePart)
        return chooseRackScale();
    const Part &node = *spec.nodePart;
    const Cooling cooling = node.cooling.value_or(Cooling::Air);
    double opticsW = 0; // a worst-case transceiver on every fabric port the node uses
    for (int port : m_rails)
        opticsW += m_assembler.opticsWPerPort(node.ports[static_cast<std::size_t>(port)].speedGbps);
    if (m_hasStorageFabric)
        for (int port : portsWithRole(node, PortRole::Storage))
            opticsW
                += m_assembler.opticsWPerPort(node.ports[static_cast<std::size_t>(port)].speedGbps);
    const double nodeW = node.maxPowerW + opticsW;
    const Part *mgmt = m_catalog.find(kMgmtSwitchType);
    const double reserveW = mgmt ? mgmt->maxPowerW : 0; // the rack's top-U management switch
    const int nodeU = std::max(node.uHeight, 1);
    int largestU = 0;
    for (const Part *part : m_catalog.partsOfKind(PartKind::Rack))
        if (part->rack)
            largestU = std::max(largestU, part->rack->rackUnits);
    const int uCap = std::max(largestU - 1, 0) / nodeU;
    m_networkRack = chooseRackType(m_catalog, 2, 0, Cooling::Air);
    const std::string firstRack = chooseRackType(m_catalog, nodeU + 1, nodeW + reserveW, cooling);
    if (uCap < 1 || firstRack.empty() || m_networkRack.empty()
        || (spec.nodesPerRack > 0 && spec.nodesPerRack > uCap))
        return Error { "no rack in the catalog holds "
                       + std::to_string(std::max(spec.nodesPerRack, 1)) + " x " + node.id + " ("
                       + std::to_string(node.uHeight) + "U each)" };
    const Part *rack = m_catalog.find(firstRack);
    const double ratingW = rack->rack->maxPowerKw * calc::wattsPerKw;
    const double siteW = m_assembler.rackLimitW(rack->cooling.value_or(Cooling::Air));
    const double limitW = ratingW <= 0 ? siteW : siteW <= 0 ? ratingW : std::min(ratingW, siteW);
    const int powerCap
        = limitW > 0 ? static_cast<int>(std::floor((limitW - reserveW) / nodeW)) : uCap;
    if (powerCap < 1) {
        m_densityShortfalls.push_back({ SiteConstraint::Power,
                                        formatPower(nodeW + reserveW)
                                            + " in one rack position for one " + node.id
                                            + " (with its optics) and the rack's management switch",
                                        "a position gives at most " + formatPower(limitW) });
        return {};
    }
    if (spec.nodesPerRack > powerCap) {
        m_densityShortfalls.push_back(
            { SiteConstraint::Power,
              formatPower(spec.nodesPerRack * nodeW + reserveW) + " in one rack position for "
                  + std::to_string(spec.nodesPerRack) + " x " + node.id
                  + " (with optics and the management switch)",
              "a position gives " + formatPower(limitW) + ": at most " + std::to_string(powerCap)
                  + " per rack (nodes-per-rack=" + std::to_string(powerCap) + ")" });
        return {};
    }
    int wanted = spec.nodesPerRack > 0 ? spec.nodesPerRack : std::min(powerCap, uCap);
    if (spec.nodesPerRack <= 0 && spec.nodesPerRackCap > 0)
        wanted = std::min(wanted, spec.nodesPerRackCap);
    m_nodesPerRack = wanted;
    m_computeRack
        = chooseRackType(m_catalog, wanted * nodeU + 1, wanted * nodeW + reserveW, cooling);
    if (const Part *chosen = m_catalog.find(m_computeRack); chosen && chosen->rack->maxPowerKw > 0
        && chosen->rack->maxPowerKw * calc::wattsPerKw < wanted * node.maxPowerW)
        m_result.notes.push_back("a rack of " + std::to_string(wanted) + " x " + node.id
                                 + " draws more than any catalog rack is rated for; lower "
                                   "nodes-per-rack");
    return {};
}

/// A rack-scale system's rack comes with its trays: the count per rack is the system's, and
/// a rack the site's positions cannot take (power) is a shortfall, never a lighter rack.
Result<void> FatTreeBuilder::chooseRackScale()
{
    const Part &system = *m_spec.rackScalePart;
    m_computeRack = system.id;
    m_nodesPerRack = std::max(m_spec.nodesPerRack, 1);
    m_networkRack = chooseRackType(m_catalog, 2, 0, Cooling::Air);
    if (m_networkRack.empty())
        return Error { "no rack in the catalog holds the network switches" };
    double rackW = 0;
    for (const RackSlot &slot : system.rack->contents)
        if (const Part *part = slot.part.empty() ? nullptr : m_catalog.find(slot.part))
            rackW += slot.count * part->maxPowerW;
    if (const Part *mgmt = m_catalog.find(kMgmtSwitchType))
        rackW += mgmt->maxPowerW;
    const double limitW = m_assembler.rackLimitW(system.cooling.value_or(Cooling::Air));
    if (limitW > 0 && rackW > limitW)
        m_densityShortfalls.push_back({ SiteConstraint::Power,
                                        formatPower(rackW) + " in one rack position for one "
                                            + system.id + " (its trays and the management switch)",
                                        "a position gives at most " + formatPower(limitW) });
    return {};
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
    // One management fabric per hall: a 1 GbE copper tree cannot leave its hall (the halls'
    // trees join at the site's management core, outside the design).
    std::map<int, FabricId> oobIds;
    if (mgmt) {
        const std::vector<int> halls = m_assembler.outOfBandHalls();
        for (int hall : halls) {
            Fabric oob;
            oob.name = halls.size() == 1 ? "oob-mgmt" : "oob-mgmt-" + m_assembler.hallName(hall);
            oob.purpose = FabricPurpose::OutOfBand;
            oob.technology = Technology::Ethernet;
            oob.linkSpeedGbps = 1;
            auto id = builder.addFabric(oob);
            if (!id)
                return id.error();
            oobIds[hall] = *id;
        }
    }
    cableTree(m_compute, *computeId);
    if (m_hasStorageFabric)
        cableTree(m_storage, storageId);
    if (mgmt)
        m_assembler.connectOutOfBand(oobIds);
    if (!allShortfalls().empty())
        return refuse();

    if (!m_servers.empty()) {
        StorageTier tier;
        tier.name = spec.storage;
        tier.kind = StorageKind::ParallelFilesystem;
        tier.fabric = storageId;
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
    }
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

} // namespace

Result<GeneratedDesign> buildFatTree(const FatTreeSpec &spec, const Catalog &catalog)
{
    if (!spec.nodePart || !spec.switchPart)
        return Error { "fat-tree: node and switch parts are required" };
    if (spec.nodes < 1)
        return Error { "nodes must be at least 1" };
    const int nics = static_cast<int>(portsWithRole(*spec.nodePart, PortRole::Compute).size());
    if (spec.rails < 1 || spec.rails > nics)
        return Error { "rails " + std::to_string(spec.rails) + " is more than the "
                       + std::to_string(nics) + " compute NICs of " + spec.nodePart->id };
    if (spec.nodesPerRack < 0)
        return Error { "nodes-per-rack must be at least 1" };
    FatTreeBuilder builder(spec, catalog);
    return builder.run();
}

} // namespace cw

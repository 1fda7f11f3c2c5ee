#include "model/fabric/SelectionFabric.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/FatTreePlan.h"
#include "model/fabric/Recable.h"

#include <algorithm>

namespace cw {
namespace {

std::string numbered(const std::string &prefix, int n)
{
    std::string text = std::to_string(n);
    if (text.size() < 2)
        text.insert(0, 1, '0');
    return prefix + text;
}

/// One leaf: the node ports it takes, in downlink-port order.
using LeafPlan = std::vector<PortRef>;

/// Leaves as the fat-tree generator forms them (FatTreeGenerator.cpp planCompute): with rails,
/// node groups of at most `down` nodes and as many rails per leaf as fit (a divisor of the
/// rail count, so every leaf of a group holds the same number of rails); without, the rail
/// ports in node order, `down` per leaf.
std::vector<LeafPlan> planLeaves(const std::vector<std::vector<PortRef>> &railPorts, int rails,
                                 int down, bool railOptimized)
{
    std::vector<LeafPlan> leaves;
    const int nodes = static_cast<int>(railPorts.size());
    if (!railOptimized) {
        for (int n = 0; n < nodes; ++n)
            for (int r = 0; r < rails; ++r) {
                if (leaves.empty() || static_cast<int>(leaves.back().size()) == down)
                    leaves.emplace_back();
                leaves.back().push_back(
                    railPorts[static_cast<std::size_t>(n)][static_cast<std::size_t>(r)]);
            }
        return leaves;
    }
    const int group = std::min(nodes, down);
    int railsPerLeaf = 1;
    for (int r = rails; r >= 1; --r)
        if (rails % r == 0 && r * group <= down) {
            railsPerLeaf = r;
            break;
        }
    for (int first = 0; first < nodes; first += group)
        for (int rail = 0; rail < rails; rail += railsPerLeaf) {
            LeafPlan leaf;
            for (int r = rail; r < rail + railsPerLeaf; ++r)
                for (int n = first; n < std::min(nodes, first + group); ++n)
                    leaf.push_back(
                        railPorts[static_cast<std::size_t>(n)][static_cast<std::size_t>(r)]);
            leaves.push_back(std::move(leaf));
        }
    return leaves;
}

class SelectionFabricBuilder
{
public:
    SelectionFabricBuilder(Design &design, const Catalog &catalog, const SelectionFabricSpec &spec)
        : m_design(design)
        , m_catalog(catalog)
        , m_spec(spec)
        , m_builder(design, catalog)
    { }

    Result<ChangeSet> run(const std::vector<DeviceId> &nodes);

private:
    Result<DeviceId> placeSwitch(const std::string &name, int tier);
    /// Checks the architect's switches (part, free fabric ports) and queues them for reuse.
    Result<void> takeExistingSwitches(const std::vector<int> &switchPorts);
    Result<void> cable(FabricId fabric, PortRef a, PortRef b);

    Design &m_design;
    const Catalog &m_catalog;
    const SelectionFabricSpec &m_spec;
    DesignBuilder m_builder;
    ChangeSet m_changes;
    const Rack *m_templateRack = nullptr;
    RackId m_rack; ///< the network rack being filled
    int m_racksOpened = 0;
    std::vector<DeviceId> m_reuse; ///< placed switches still to take, in order
    std::size_t m_reused = 0;
};

Result<void> SelectionFabricBuilder::takeExistingSwitches(const std::vector<int> &switchPorts)
{
    for (DeviceId id : m_spec.existingSwitches) {
        const Device *device = m_design.device(id);
        if (!device)
            return Error { "generate fabric: switch " + std::to_string(id.value)
                           + " is not in the design" };
        if (device->catalogType != m_spec.switchType)
            return Error { "generate fabric: " + device->name + " is a " + device->catalogType
                           + ", the fabric is built of " + m_spec.switchType + " switches" };
        for (int port : switchPorts)
            if (m_design.linkAt(PortRef { id, port }).isValid())
                return Error { "generate fabric: " + device->name
                               + " already has cabled fabric ports; remove its links first" };
        if (std::find(m_reuse.begin(), m_reuse.end(), id) == m_reuse.end())
            m_reuse.push_back(id);
    }
    return {};
}

Result<DeviceId> SelectionFabricBuilder::placeSwitch(const std::string &name, int tier)
{
    if (m_reused < m_reuse.size()) {
        Device device = *m_design.device(m_reuse[m_reused++]);
        if (device.tier != tier || device.role != DeviceRole::Switch) {
            device.tier = tier;
            device.role = DeviceRole::Switch;
            m_design.updateDevice(device);
            m_changes.modified.push_back(EntityRef::of(device.id));
        }
        return device.id;
    }
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (m_rack.isValid())
            if (auto u = m_builder.firstFreeU(m_rack, m_spec.switchType)) {
                auto placed = m_builder.placeDevice(m_rack, name, m_spec.switchType, *u,
                                                    DeviceRole::Switch, Face::Rear, tier);
                if (placed)
                    m_changes.added.push_back(EntityRef::of(*placed));
                return placed;
            }
        // The rack is full (or none yet): append a new one to the first node's row.
        auto rack = m_builder.addRack(m_templateRack->row,
                                      numbered(m_spec.name + "-rack", ++m_racksOpened),
                                      m_templateRack->catalogType, m_templateRack->pdus);
        if (!rack)
            return rack.error();
        m_rack = *rack;
        m_changes.added.push_back(EntityRef::of(m_rack));
    }
    return Error { "switch-type " + m_spec.switchType + " does not fit an empty "
                   + m_templateRack->catalogType + " rack" };
}

Result<void> SelectionFabricBuilder::cable(FabricId fabric, PortRef a, PortRef b)
{
    Link link;
    link.fabric = fabric;
    link.a = a;
    link.b = b;
    autoCableLink(m_design, m_catalog, link);
    auto id = m_builder.connect(fabric, a, b, link.cableType, link.lengthM);
    if (!id)
        return id.error();
    m_changes.added.push_back(EntityRef::of(*id));
    return {};
}

Result<ChangeSet> SelectionFabricBuilder::run(const std::vector<DeviceId> &nodes)
{
    const SelectionFabricSpec &spec = m_spec;
    if (nodes.empty())
        return Error { "generate fabric: no compute nodes selected" };
    if (spec.technology != Technology::InfiniBand && spec.technology != Technology::RoCEv2)
        return Error { "generate fabric: technology must be InfiniBand or RoCEv2" };
    const Part *switchPart = m_catalog.find(spec.switchType);
    if (!switchPart || switchPart->kind != PartKind::Switch)
        return Error { "generate fabric: switch type \"" + spec.switchType
                       + "\" is not a switch of the catalog" };
    for (const Fabric &fabric : m_design.fabrics())
        if (fabric.name == spec.name)
            return Error { "generate fabric: a fabric named \"" + spec.name + "\" exists" };

    // Rails: the first `rails` compute ports of every node, all free.
    const Device *first = m_design.device(nodes.front());
    int rails = spec.rails;
    std::vector<std::vector<PortRef>> railPorts;
    double speedGbps = 0;
    for (DeviceId id : nodes) {
        const Device *device = m_design.device(id);
        if (!device)
            return Error { "generate fabric: device " + std::to_string(id.value)
                           + " is not in the design" };
        std::vector<PortRef> ports = m_builder.ports(id, PortRole::Compute);
        if (rails <= 0)
            rails = static_cast<int>(ports.size());
        if (ports.empty() || static_cast<int>(ports.size()) < rails)
            return Error { "generate fabric: " + device->name + " has "
                           + std::to_string(ports.size()) + " compute ports, "
                           + std::to_string(std::max(rails, 1)) + " rails needed" };
        ports.resize(static_cast<std::size_t>(rails));
        const Part *part = m_builder.partOf(id);
        for (const PortRef &port : ports) {
            if (m_design.linkAt(port).isValid())
                return Error { "generate fabric: compute port "
                               + part->ports[static_cast<std::size_t>(port.port)].name + " of "
                               + device->name + " is already cabled; remove its fabric first" };
            const double s = part->ports[static_cast<std::size_t>(port.port)].speedGbps;
            speedGbps = speedGbps == 0 ? s : std::min(speedGbps, s);
        }
        railPorts.push_back(std::move(ports));
    }
    std::sort(railPorts.begin(), railPorts.end());
    railPorts.erase(std::unique(railPorts.begin(), railPorts.end()), railPorts.end());

    // Switch ports that run the node speed, as FatTreeGenerator's fabricPortsFor.
    std::vector<int> switchPorts;
    for (std::size_t i = 0; i < switchPart->ports.size(); ++i)
        if (switchPart->ports[i].role == PortRole::Fabric
            && switchPart->ports[i].speedGbps >= speedGbps)
            switchPorts.push_back(static_cast<int>(i));
    const int radix = static_cast<int>(switchPorts.size());
    if (radix < 2)
        return Error { "generate fabric: switch type " + spec.switchType
                       + " has no fabric ports of " + std::to_string(static_cast<int>(speedGbps))
                       + " Gb/s or faster" };
    auto split = leafSplit(radix, spec.oversubscription);
    if (!split)
        return Error { "generate fabric: " + spec.switchType + ": " + split.error().message };
    const std::vector<LeafPlan> leaves
        = planLeaves(railPorts, rails, split->down, spec.railOptimized);
    const int leafCount = static_cast<int>(leaves.size());
    if (leafCount > maxLeaves(radix, 2))
        return Error { "generate fabric: " + std::to_string(railPorts.size()) + " nodes x "
                       + std::to_string(rails) + " rails need " + std::to_string(leafCount)
                       + " leaves; a 2-tier fabric of " + spec.switchType + " joins at most "
                       + std::to_string(maxLeaves(radix, 2)) };
    auto upper = planUpperTiers(leafCount, radix, split->up, 2);
    if (!upper)
        return Error { "generate fabric: " + upper.error().message };
    if (auto taken = takeExistingSwitches(switchPorts); !taken)
        return taken.error();

    // Nothing can fail for bad input from here on, but errors still leave `design` as it was
    // because generateFabricForNodes works on a copy.
    m_templateRack = m_design.rack(first->rack);
    if (!m_templateRack)
        return Error { "generate fabric: " + first->name + " is not in a rack" };
    Fabric fabric;
    fabric.name = spec.name;
    fabric.purpose = FabricPurpose::Compute;
    fabric.technology = spec.technology;
    fabric.linkSpeedGbps = speedGbps;
    fabric.topology
        = FabricTopology { TopologyKind::FatTree, 2, static_cast<double>(spec.oversubscription),
                           spec.railOptimized, rails };
    auto fabricId = m_builder.addFabric(fabric);
    if (!fabricId)
        return fabricId.error();
    m_changes.added.push_back(EntityRef::of(*fabricId));

    std::vector<DeviceId> leafDevices, spineDevices;
    for (int i = 0; i < leafCount; ++i) {
        auto placed = placeSwitch(numbered(spec.name + "-leaf", i + 1), 0);
        if (!placed)
            return placed.error();
        leafDevices.push_back(*placed);
    }
    for (int i = 0; i < upper->spines; ++i) {
        auto placed = placeSwitch(numbered(spec.name + "-spine", i + 1), 1);
        if (!placed)
            return placed.error();
        spineDevices.push_back(*placed);
    }
    // Downlinks on the leaf's first d ports, uplinks after them (as FatTreeGenerator cableTree).
    for (int l = 0; l < leafCount; ++l) {
        const LeafPlan &leaf = leaves[static_cast<std::size_t>(l)];
        for (std::size_t p = 0; p < leaf.size(); ++p)
            if (auto cabled
                = cable(*fabricId, leaf[p],
                        PortRef { leafDevices[static_cast<std::size_t>(l)], switchPorts[p] });
                !cabled)
                return cabled.error();
    }
    std::vector<int> leafUp(leaves.size(), split->down);
    std::vector<int> spineDown(spineDevices.size(), 0);
    for (const UpperWire &wire : upper->wires)
        for (int i = 0; i < wire.count; ++i) {
            const auto lower = static_cast<std::size_t>(wire.lower);
            const auto upperIndex = static_cast<std::size_t>(wire.upper);
            const PortRef a { leafDevices[lower],
                              switchPorts[static_cast<std::size_t>(leafUp[lower]++)] };
            const PortRef b { spineDevices[upperIndex],
                              switchPorts[static_cast<std::size_t>(spineDown[upperIndex]++)] };
            if (auto cabled = cable(*fabricId, a, b); !cabled)
                return cabled.error();
        }
    return m_changes;
}

} // namespace

Result<ChangeSet> generateFabricForNodes(Design &design, const Catalog &catalog,
                                         const std::vector<DeviceId> &computeNodes,
                                         const SelectionFabricSpec &spec)
{
    Design work = design;
    SelectionFabricBuilder builder(work, catalog, spec);
    auto changes = builder.run(computeNodes);
    if (changes)
        design = std::move(work);
    return changes;
}

} // namespace cw

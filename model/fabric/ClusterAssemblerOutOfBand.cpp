// ClusterAssembler, third part: the out-of-band management network. Access switches in the
// rows, an aggregation tree per hall (several where one tree would be deeper than a design
// file holds), and switches placed in a hall's racks through an index.

#include "model/fabric/ClusterAssembler.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace cw {

/// The management switch's fabric ports: 1G access ports for the devices, the uplink to the
/// parent and the ports that take children's uplinks.
struct ClusterAssembler::OobPorts
{
    std::vector<int> access;
    std::vector<int> children;
    int uplink = -1;
};

namespace {

/// The management switch's fabric ports of its slowest (access) and fastest (uplink) speed.
std::pair<std::vector<int>, std::vector<int>> accessAndUplinkPorts(const Part &mgmtSwitch)
{
    double slowest = 0;
    double fastest = 0;
    for (const PortSpec &port : mgmtSwitch.ports)
        if (port.role == PortRole::Fabric) {
            slowest = slowest == 0 ? port.speedGbps : std::min(slowest, port.speedGbps);
            fastest = std::max(fastest, port.speedGbps);
        }
    std::vector<int> access;
    std::vector<int> fast;
    for (std::size_t i = 0; i < mgmtSwitch.ports.size(); ++i) {
        const PortSpec &port = mgmtSwitch.ports[i];
        if (port.role != PortRole::Fabric)
            continue;
        if (port.speedGbps == slowest)
            access.push_back(static_cast<int>(i));
        else if (port.speedGbps == fastest)
            fast.push_back(static_cast<int>(i));
    }
    return { access, fast };
}

/// Access switches one tree of `tiers` aggregation tiers with `children` per switch joins:
/// children^tiers (capped at `cap`, all that matters to the caller).
std::size_t treeCapacity(std::size_t children, int tiers, std::size_t cap)
{
    std::size_t capacity = 1;
    for (int t = 0; t < tiers && capacity < cap; ++t)
        capacity *= children;
    return std::min(capacity, cap);
}

} // namespace

Result<int> ClusterAssembler::placeInHall(int hallIndex, std::string name, const Part &part,
                                          int tier)
{
    // The first rack of the hall that fits: network racks first, each area in opening order.
    // A rack that cannot take `part` never will (its free U and headroom only shrink), so the
    // search for a part resumes where it last stopped: each rack is passed once per part,
    // not once per placement (a campus of 120 halls places thousands of aggregation switches).
    if (m_hallRacksIndexed != m_racks.size())
        indexHallRacks();
    if (hallIndex >= 0 && hallIndex < static_cast<int>(m_hallRacks.size())) {
        HallRacks &racks = m_hallRacks[static_cast<std::size_t>(hallIndex)];
        std::size_t &next = racks.next[&part];
        for (; next < racks.racks.size(); ++next)
            if (fits(racks.racks[next], part))
                return place(racks.racks[next], std::move(name), part, DeviceRole::Switch,
                             Face::Rear, tier);
    }
    return Error { name + ": no rack in hall " + hall(hallIndex).name + " has a free U for "
                   + part.id };
}

void ClusterAssembler::indexHallRacks()
{
    m_hallRacks.clear();
    for (FloorArea area : { FloorArea::Network, FloorArea::Compute })
        for (std::size_t r = 0; r < m_racks.size(); ++r) {
            const RackState &rack = m_racks[r];
            if (rack.area != area || rack.row < 0)
                continue;
            const auto hallIndex
                = static_cast<std::size_t>(m_rows[static_cast<std::size_t>(rack.row)].hall);
            if (hallIndex >= m_hallRacks.size())
                m_hallRacks.resize(hallIndex + 1);
            m_hallRacks[hallIndex].racks.push_back(static_cast<int>(r));
        }
    m_hallRacksIndexed = m_racks.size();
}

Result<void> ClusterAssembler::placeOutOfBand(const Part &mgmtSwitch)
{
    // Devices reach their management switch over 1GBASE-T in their own row (<= 100 m,
    // ref:ieee-802-3ab); switches reach their parent over the fast uplink ports (SN2201:
    // 4 x 100G QSFP28), DAC in reach and single-mode optics beyond, so a hall's tree spans a
    // hall of any size. Without fast ports the last access port is the uplink (copper only).
    auto [access, fast] = accessAndUplinkPorts(mgmtSwitch);
    const bool fibreUplinks = fast.size() >= 2;
    OobPorts ports;
    ports.uplink = fibreUplinks ? fast.front() : (access.empty() ? -1 : access.back());
    if (!fibreUplinks && !access.empty())
        access.pop_back();
    ports.children = fibreUplinks ? std::vector<int>(fast.begin() + 1, fast.end()) : access;
    ports.access = std::move(access);
    if (ports.access.size() < 2 || ports.children.size() < 2)
        return Error { mgmtSwitch.id
                       + " has too few access or uplink ports for a management network" };

    int switchNumber = 0;
    std::map<int, std::vector<int>> leavesOfHall;
    if (auto placed = placeAccessSwitches(mgmtSwitch, ports, leavesOfHall, switchNumber); !placed)
        return placed;
    // A design file holds device tiers 0-7 (DesignReader): one tree takes at most children^7
    // access switches. A hall with more gets several trees, each over consecutive access
    // switches in floor order (whole rows), as even as can be, each its own fabric.
    m_oobTrees.clear();
    std::map<int, int> treeOfAccess; // access switch (local device) -> its tree
    const std::size_t perTree = treeCapacity(ports.children.size(), kMaxOutOfBandTier,
                                             std::numeric_limits<std::size_t>::max() / 64);
    for (const auto &[hallIndex, leaves] : leavesOfHall) {
        const std::size_t trees = (leaves.size() + perTree - 1) / perTree;
        for (std::size_t z = 0; z < trees; ++z) {
            const int tree = static_cast<int>(m_oobTrees.size());
            m_oobTrees.push_back({ hallIndex, static_cast<int>(z), static_cast<int>(trees) });
            const std::size_t first = leaves.size() * z / trees;
            const std::size_t last = leaves.size() * (z + 1) / trees;
            std::vector<int> level(leaves.begin() + static_cast<long>(first),
                                   leaves.begin() + static_cast<long>(last));
            for (int leaf : level)
                treeOfAccess[leaf] = tree;
            if (auto built
                = aggregateOutOfBand(tree, std::move(level), mgmtSwitch, ports, switchNumber);
                !built)
                return built;
        }
    }
    for (OobLink &link : m_oobLinks)
        if (link.tree < 0)
            link.tree = treeOfAccess.at(link.b.first);
    return {};
}

Result<void> ClusterAssembler::placeAccessSwitches(const Part &mgmtSwitch, const OobPorts &ports,
                                                   std::map<int, std::vector<int>> &leavesOfHall,
                                                   int &switchNumber)
{
    std::vector<std::pair<int, int>> managed; // (device, its management port)
    for (std::size_t d = 0; d < m_devices.size(); ++d) {
        if (m_racks[static_cast<std::size_t>(m_devices[d].rack)].row < 0)
            continue;
        const Part &part = *m_devices[d].part;
        for (std::size_t p = 0; p < part.ports.size(); ++p)
            if (part.ports[p].role == PortRole::Management) {
                managed.emplace_back(static_cast<int>(d), static_cast<int>(p));
                break;
            }
    }
    // Floor order: rows are created front to back, hall by hall.
    auto floorKey = [this](int device) {
        const DeviceState &d = m_devices[static_cast<std::size_t>(device)];
        const RackState &rack = m_racks[static_cast<std::size_t>(d.rack)];
        return std::tuple(rack.row, rack.position, d.u);
    };
    std::stable_sort(managed.begin(), managed.end(), [&](const auto &x, const auto &y) {
        return floorKey(x.first) < floorKey(y.first);
    });
    const std::size_t fanOut = ports.access.size();
    const int height = std::max(mgmtSwitch.uHeight, 1);
    for (std::size_t first = 0; first < managed.size();) {
        // A group never leaves its row (so never its hall): its devices' copper stays there.
        const int row = std::get<0>(floorKey(managed[first].first));
        const int hallIndex = m_rows[static_cast<std::size_t>(row)].hall;
        std::size_t last = first;
        while (last < managed.size() && last - first < fanOut
               && std::get<0>(floorKey(managed[last].first)) == row)
            ++last;
        std::string name = numberedName("mgmt", ++switchNumber, 4);
        Result<int> placed = Error { "" };
        for (std::size_t i = first; i < last && !placed && height == 1; ++i) {
            const int rackIndex = m_devices[static_cast<std::size_t>(managed[i].first)].rack;
            RackState &rack = m_racks[static_cast<std::size_t>(rackIndex)];
            if (!rack.topFree)
                continue;
            rack.topFree = false;
            placed = placeAt(rackIndex, rack.rackUnits, name, mgmtSwitch, DeviceRole::Switch,
                             Face::Rear, 0, mgmtSwitch.maxPowerW);
        }
        if (!placed)
            placed = placeInHall(hallIndex, name, mgmtSwitch, 0);
        if (!placed)
            return placed.error();
        for (std::size_t i = first; i < last; ++i)
            m_oobLinks.push_back({ -1,
                                   { managed[i].first, managed[i].second },
                                   { *placed, ports.access[i - first] } });
        leavesOfHall[hallIndex].push_back(*placed);
        first = last;
    }
    return {};
}

Result<void> ClusterAssembler::aggregateOutOfBand(int tree, std::vector<int> level,
                                                  const Part &mgmtSwitch, const OobPorts &ports,
                                                  int &switchNumber)
{
    const int hallIndex = m_oobTrees[static_cast<std::size_t>(tree)].hall;
    const std::size_t fanIn = ports.children.size();
    for (int tier = 1; level.size() > 1; ++tier) {
        // placeOutOfBand sized the tree to fit; a deeper one would write a design that
        // cannot be opened again.
        if (tier > kMaxOutOfBandTier)
            return Error { "the management network of hall "
                           + (m_freeFloor ? std::string("(free floor)") : hall(hallIndex).name)
                           + " needs more than " + std::to_string(kMaxOutOfBandTier)
                           + " aggregation tiers of " + mgmtSwitch.id };
        std::vector<int> parents;
        for (std::size_t first = 0; first < level.size(); first += fanIn) {
            auto parent = placeInHall(hallIndex, numberedName("mgmt-agg", ++switchNumber, 4),
                                      mgmtSwitch, tier);
            if (!parent)
                return parent.error();
            const std::size_t last = std::min(level.size(), first + fanIn);
            for (std::size_t i = first; i < last; ++i)
                m_oobLinks.push_back(
                    { tree, { level[i], ports.uplink }, { *parent, ports.children[i - first] } });
            parents.push_back(*parent);
        }
        level = std::move(parents);
    }
    return {};
}

std::vector<std::string> ClusterAssembler::outOfBandTreeNames() const
{
    std::set<int> halls;
    for (const OobTree &tree : m_oobTrees)
        halls.insert(tree.hall);
    std::vector<std::string> names;
    for (const OobTree &tree : m_oobTrees) {
        std::string name = "oob-mgmt";
        if (halls.size() > 1 && !m_freeFloor)
            name += "-" + hall(tree.hall).name;
        if (tree.trees > 1)
            name += "-" + std::to_string(tree.zone + 1);
        names.push_back(std::move(name));
    }
    return names;
}

void ClusterAssembler::connectOutOfBand(const std::vector<FabricId> &fabricOfTree)
{
    for (const OobLink &link : m_oobLinks)
        connect(fabricOfTree[static_cast<std::size_t>(link.tree)], link.a.first, link.a.second,
                link.b.first, link.b.second);
}

} // namespace cw

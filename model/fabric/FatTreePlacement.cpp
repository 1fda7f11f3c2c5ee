// The fat-tree generator's placement: rack types and nodes per rack within the site's limit
// per position, then every device in its rack (scalable units with their leaf racks, the
// network area's storage servers, head node, spines and cores).

#include "model/fabric/FatTreeBuilder.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>

namespace cw::fattree {

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
            auto placed = m_assembler.place(rack, numberedName(spec.nodePrefix, node + 1, width),
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
                                              numberedName(role, ++serverNumber, 2), *part,
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

Result<void> FatTreeBuilder::placeLeaves(Tree &tree, int su, const char *prefix, int &counter)
{
    const double optics = tree.radix * m_assembler.opticsWPerPort(tree.speedGbps);
    const FloorArea area = su >= 0 ? FloorArea::Compute : FloorArea::Network;
    for (Leaf &leaf : tree.leaves) {
        if (leaf.homeSu != su)
            continue;
        auto placed
            = m_assembler.placeInArea(area, m_networkRack, numberedName(prefix, ++counter, 4),
                                      *tree.switchPart, DeviceRole::Switch, Face::Rear, 0, optics);
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
                FloorArea::Network, m_networkRack, numberedName(spinePrefix, ++spineNumber, 4),
                *tree.switchPart, DeviceRole::Switch, Face::Rear, 1, optics);
            if (!placed)
                return placed.error();
            tree.spineDevices[plane].push_back(*placed);
        }
    }
    for (std::size_t plane = 0; plane < tree.upper.size(); ++plane) {
        for (int i = 0; i < tree.upper[plane].cores; ++i) {
            auto placed = m_assembler.placeInArea(
                FloorArea::Network, m_networkRack, numberedName(corePrefix, ++coreNumber, 4),
                *tree.switchPart, DeviceRole::Switch, Face::Rear, 2, optics);
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
                ? numberedName(m_spec.nodePrefix, static_cast<int>(m_nodes.size()) + 1, width)
                : numberedName("nvsw", ++m_rackScaleSwitches, 4);
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

} // namespace cw::fattree

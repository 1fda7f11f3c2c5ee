#include "model/quantities/CablePlanSteps.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <string_view>
#include <tuple>

namespace cw::cabling::detail {
namespace {

/// The end nearer the hosts becomes A: a server before a switch, a lower switch tier before
/// a higher one, so every row reads host -> leaf -> spine -> core.
int endRank(const Device &device)
{
    if (device.role != DeviceRole::Switch)
        return -1;
    return device.tier >= 0 ? device.tier : 1000;
}

double portSpeed(const DevicePlace &place, int portIndex)
{
    if (!place.part || portIndex < 0
        || static_cast<std::size_t>(portIndex) >= place.part->ports.size())
        return 0;
    return place.part->ports[static_cast<std::size_t>(portIndex)].speedGbps;
}

bool validPort(const DevicePlace &place, int port)
{
    return place.part && port >= 0 && static_cast<std::size_t>(port) < place.part->ports.size();
}

/// The link's part, medium, modules and links per cable from its catalog part; returns the
/// part's per-link speed (0 when unknown).
double describeCable(PlanLink &row, ModuleCache &modules, Oddities &odd)
{
    const Link &link = *row.link;
    if (link.cableType.empty())
        return 0; // medium "none", named in the notes
    const Part *part = modules.part(link.cableType);
    if (!part || !part->cable) {
        row.partNumber = &link.cableType.str(); // medium "unknown"
        ++odd.unknownParts[link.cableType.str()];
        return 0;
    }
    row.part = part;
    row.partNumber = modules.partNumber(*part);
    row.transceiver = part->kind == PartKind::Transceiver;
    if (row.transceiver) {
        for (auto [place, port, module] : { std::tuple(row.a, row.portA, &row.moduleA),
                                            std::tuple(row.z, row.portZ, &row.moduleZ) }) {
            const std::string &cage = cageFormFactor(*place, port);
            const Part *fit = modules.find(*part, cage);
            if (!fit)
                ++odd.unfittedCages[part->id + " in a " + cage + " cage"];
            *module = fit ? fit : part;
        }
    }
    // Optics: a fibre per link, whatever the modules carry (ref:nvidia-linkx-specs).
    row.linksPerCable = row.transceiver ? 1 : std::max(part->cable->linksPerCable, 1);
    return part->cable->linkSpeedGbps;
}

/// A link in plan order: the sort key (fabric order, the A end's floor rank and port, link
/// id) and what the plan link is made from.
struct RowEntry
{
    int fabricOrder = 0;
    int rank = 0;
    int port = 0;
    std::uint64_t linkId = 0;
    const Link *link = nullptr;
    bool swapped = false; ///< the link's b end is the row's A end

    auto key() const { return std::tie(fabricOrder, rank, port, linkId); }
};

} // namespace

std::string cableIdOf(std::uint64_t linkId)
{
    char buffer[24];
    return std::string(linktext::cableId(linkId, buffer));
}

Result<std::vector<PlanLink>> sortedLinks(const Design &design, const FabricIndex &fabrics,
                                          const PlaceTable &places, ModuleCache &modules,
                                          Oddities &odd)
{
    std::vector<RowEntry> entries;
    entries.reserve(design.links().size());
    const int fabricOrder = static_cast<int>(fabrics.size());
    for (const Link &link : design.links()) {
        const DevicePlace *placeA = places.find(link.a.device);
        const DevicePlace *placeB = places.find(link.b.device);
        if (!placeA || !placeB)
            return Error { "cabling plan: link " + std::to_string(link.id.value)
                           + " names a device that is not in the design ("
                           + std::to_string((!placeA ? link.a : link.b).device.value) + ")" };
        RowEntry entry;
        entry.link = &link;
        entry.linkId = link.id.value;
        entry.swapped = endRank(*placeB->device) < endRank(*placeA->device);
        if (entry.swapped)
            std::swap(placeA, placeB);
        const PortRef &refA = entry.swapped ? link.b : link.a;
        const PortRef &refB = entry.swapped ? link.a : link.b;
        auto fabric = fabrics.find(link.fabric);
        entry.fabricOrder = fabric != fabrics.end() ? fabric->second.first : fabricOrder;
        entry.rank = placeA->rank;
        entry.port = refA.port;
        if (fabric == fabrics.end())
            odd.unknownFabric.push_back(cableIdOf(link.id.value));
        for (const auto &[place, ref] : { std::pair(placeA, refA), std::pair(placeB, refB) })
            if (!validPort(*place, ref.port))
                odd.badPorts.push_back(cableIdOf(link.id.value));
        if (link.cableType.empty())
            odd.unassigned.push_back(cableIdOf(link.id.value));
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end(),
              [](const RowEntry &x, const RowEntry &y) { return x.key() < y.key(); });

    std::vector<PlanLink> rows;
    rows.reserve(entries.size());
    for (const RowEntry &entry : entries) {
        const Link &link = *entry.link;
        const PortRef &refA = entry.swapped ? link.b : link.a;
        const PortRef &refB = entry.swapped ? link.a : link.b;
        PlanLink &row = rows.emplace_back();
        row.link = &link;
        row.cableLink = link.id.value; // assignCables pairs twin legs later
        row.a = &places.at(refA.device);
        row.z = &places.at(refB.device);
        row.portA = refA.port;
        row.portZ = refB.port;
        auto fabric = fabrics.find(link.fabric);
        row.fabric = fabric != fabrics.end() ? fabric->second.second : nullptr;

        double speed = 0;
        for (double candidate : { portSpeed(*row.a, refA.port), portSpeed(*row.z, refB.port) })
            if (candidate > 0 && (speed == 0 || candidate < speed))
                speed = candidate;
        const double cableSpeed = describeCable(row, modules, odd);
        if (cableSpeed > 0 && (speed == 0 || cableSpeed < speed))
            speed = cableSpeed;
        if (speed == 0 && fabric != fabrics.end())
            speed = design.fabric(link.fabric)->linkSpeedGbps;
        row.speedGbps = speed;
    }
    return rows;
}

void assignCables(std::vector<PlanLink> &links)
{
    // The twin-port end is Z (the switch, or the higher tier); links of one fabric, part and
    // length whose Z ends share a cage are the legs of one cable, in Z port order,
    // `linksPerCable` to a cable. Every other link is a cable of its own, named by its link.
    using CageKey = std::tuple<std::string_view, std::string_view, double, std::uint64_t, int>;
    std::map<CageKey, std::vector<PlanLink *>> cages;
    for (PlanLink &row : links) {
        if (row.linksPerCable < 2)
            continue;
        cages[{ linktext::fabric(row), row.link->cableType, row.link->lengthM,
                row.z->device->id.value, cageOf(row.z->part, row.portZ, row.linksPerCable) }]
            .push_back(&row);
    }
    for (auto &[key, legs] : cages) {
        std::sort(legs.begin(), legs.end(), [](const PlanLink *x, const PlanLink *y) {
            return std::pair(x->portZ, x->link->id.value) < std::pair(y->portZ, y->link->id.value);
        });
        const std::size_t perCable = static_cast<std::size_t>(legs.front()->linksPerCable);
        for (std::size_t first = 0; first < legs.size(); first += perCable) {
            const std::size_t last = std::min(first + perCable, legs.size());
            for (std::size_t i = first; i < last; ++i) {
                legs[i]->cableLink = legs[first]->link->id.value;
                legs[i]->leg = static_cast<int>(i - first) + 1;
                legs[i]->legs = static_cast<int>(last - first);
            }
        }
    }
}

} // namespace cw::cabling::detail

// The counts of the cabling plan: links grouped by part and length, physical cables,
// transceiver modules per cage, the summary by medium and length bin, and the notes.
#include "model/quantities/CablePlanSteps.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace cw::cabling::detail {
namespace {

constexpr std::size_t kIdsNamedInNote = 5;

std::string joinIds(const std::vector<std::string> &ids)
{
    std::string out;
    for (std::size_t i = 0; i < ids.size() && i < kIdsNamedInNote; ++i)
        out += (i ? ", " : "") + ids[i];
    if (ids.size() > kIdsNamedInNote)
        out += ", ...";
    return out;
}

int ceilDiv(int numerator, int denominator)
{
    return denominator > 0 ? (numerator + denominator - 1) / denominator : numerator;
}

/// The groups of the plan by (part, length), with the number of physical cables of each:
/// every cable has exactly one link with leg 1 (its legs share part and length).
struct GroupTable
{
    std::map<std::pair<std::string, double>, CableGroup> groups;
    std::map<std::pair<std::string, double>, int> cableCounts;

    /// The group of (part, length); consecutive links mostly share it, so the last one is kept.
    CableGroup &at(const std::string &part, double lengthM, int **cables = nullptr)
    {
        if (!m_last || m_lastKey->first != part || m_lastKey->second != lengthM) {
            const std::pair<std::string, double> key(part, lengthM);
            auto it = groups.try_emplace(key).first;
            m_lastKey = &it->first;
            m_last = &it->second;
            m_lastCables = &cableCounts[key];
        }
        if (cables)
            *cables = m_lastCables;
        return *m_last;
    }

private:
    const std::pair<std::string, double> *m_lastKey = nullptr;
    CableGroup *m_last = nullptr;
    int *m_lastCables = nullptr;
};

/// Groups by part and length: the physical items to order (modules and cables counted later).
GroupTable groupByPartAndLength(const std::vector<PlanLink> &links, const Catalog &catalog)
{
    GroupTable table;
    for (const PlanLink &row : links) {
        const std::string &catalogPart = row.link->cableType;
        int *cables = nullptr;
        CableGroup &group = table.at(catalogPart, row.link->lengthM, &cables);
        if (row.leg == 1)
            ++*cables;
        if (group.links == 0) {
            group.catalogPart = catalogPart;
            group.partNumber = linktext::partNumber(row);
            group.medium = linktext::medium(row);
            group.lengthM = row.link->lengthM;
            group.transceiver = row.transceiver;
            const Part *part = catalogPart.empty() ? nullptr : catalog.find(catalogPart);
            group.inCatalog = part && part->cable;
            if (group.inCatalog) {
                group.description = part->model;
                group.unitPriceUsd = part->priceUsd;
                group.fibre = part->cable->fibre;
            } else {
                group.description = catalogPart.empty()
                    ? "cable not chosen in the design"
                    : "cable part \"" + catalogPart + "\" not in the catalog";
            }
        }
        ++group.links;
    }
    return table;
}

/// One transceiver end: its cage (device, cage, module part), the link it is on and that
/// link's group. `cage` is kept with its sign bit flipped and the module as its rank by id, so
/// the sort compares integers only; the group is found while the links are read in order, not
/// through the sorted ends (a cache miss each: a million ends at 16,384 nodes).
struct ModuleEnd
{
    std::uint64_t device = 0;
    std::uint32_t cage = 0;
    std::uint32_t moduleRank = 0;
    const Part *module = nullptr;
    CableGroup *group = nullptr;
    std::size_t row = 0;

    bool sameCage(const ModuleEnd &other) const
    {
        return device == other.device && cage == other.cage && module == other.module;
    }
    bool operator<(const ModuleEnd &other) const
    {
        return std::tie(device, cage, moduleRank, row)
            < std::tie(other.device, other.cage, other.moduleRank, other.row);
    }
};

/// Each place's position in device id order, and where its ends start in an array of the ends
/// grouped by device in that order (one slot per end, counted from the links).
struct EndSlots
{
    std::vector<std::uint32_t> rankOfPlace;
    std::vector<std::size_t> start; ///< per rank, then the total
};

EndSlots endSlots(const std::vector<PlanLink> &links, const std::vector<DevicePlace> &places)
{
    EndSlots slots;
    std::vector<std::uint32_t> order(places.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<std::uint32_t>(i);
    auto byId = [&places](std::uint32_t x, std::uint32_t y) {
        return places[x].device->id.value < places[y].device->id.value;
    };
    if (!std::is_sorted(order.begin(), order.end(), byId)) // placeDevices adds them in id order
        std::sort(order.begin(), order.end(), byId);
    slots.rankOfPlace.resize(places.size());
    for (std::size_t rank = 0; rank < order.size(); ++rank)
        slots.rankOfPlace[order[rank]] = static_cast<std::uint32_t>(rank);
    slots.start.assign(places.size() + 1, 0);
    const DevicePlace *first = places.data();
    for (const PlanLink &row : links)
        if (row.transceiver) {
            ++slots.start[slots.rankOfPlace[static_cast<std::size_t>(row.a - first)] + 1];
            ++slots.start[slots.rankOfPlace[static_cast<std::size_t>(row.z - first)] + 1];
        }
    for (std::size_t rank = 1; rank < slots.start.size(); ++rank)
        slots.start[rank] += slots.start[rank - 1];
    return slots;
}

std::uint32_t orderedBits(int value)
{
    return static_cast<std::uint32_t>(value) ^ 0x80000000u; // signed order as unsigned
}

/// Sets each end's moduleRank: the place of its module's id among the distinct ids. Returns
/// how many there are.
std::size_t rankModules(std::vector<ModuleEnd> &ends)
{
    std::vector<const Part *> modules;
    for (const ModuleEnd &end : ends)
        if (std::find(modules.begin(), modules.end(), end.module) == modules.end())
            modules.push_back(end.module); // a handful of transceiver parts
    std::stable_sort(modules.begin(), modules.end(),
                     [](const Part *x, const Part *y) { return x->id < y->id; });
    std::vector<std::uint32_t> ranks(modules.size(), 0);
    for (std::size_t i = 1; i < modules.size(); ++i)
        ranks[i] = ranks[i - 1] + (modules[i]->id != modules[i - 1]->id ? 1 : 0);
    const Part *last = nullptr;
    std::uint32_t lastRank = 0;
    for (ModuleEnd &end : ends) {
        if (end.module != last) {
            last = end.module;
            lastRank = ranks[static_cast<std::size_t>(
                std::find(modules.begin(), modules.end(), last) - modules.begin())];
        }
        end.moduleRank = lastRank;
    }
    return modules.empty() ? 0 : ranks.back() + 1;
}

/// Optics modules per cage: the links on the ports of one cage share its modules, a module
/// serving linksPerCable ports (a twin-port OSFP module both ports of its OSFP-twin cage;
/// ref:nvidia-superpod-h100-ra, ref:nvidia-linkx-specs). Each cage's modules count in the group
/// of its first link. Returns the modules per part, sorted by part id. The ends are sorted by
/// (device, cage, module id, row), so each cage's ends are adjacent, its first link comes first
/// and the totals are summed in the same order whatever the input order (a sort of a million
/// small records instead of a hash map of them).
std::vector<ModuleCount> countModules(const std::vector<PlanLink> &links,
                                      const std::vector<DevicePlace> &places, GroupTable &table)
{
    // The ends go straight to their device's slots, devices in id order, each device's in
    // link order; sorting each device's few ends then gives the order a sort of all of them
    // by (device, cage, module id, row) gives, without sorting a million ends at once.
    EndSlots slots = endSlots(links, places);
    std::vector<ModuleEnd> ends(slots.start.back());
    std::vector<std::size_t> &next = slots.start; // advances to each device's end
    const DevicePlace *base = places.data();
    // One table per side: the A ends are mostly one part (the nodes'), the Z ends another, so
    // each table's last-part shortcut holds.
    CageTable cagesA, cagesZ;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const PlanLink &row = links[i];
        if (!row.transceiver)
            continue;
        CableGroup *group = &table.at(row.link->cableType, row.link->lengthM);
        for (const auto &[place, port, module, cages] :
             { std::tuple(row.a, row.portA, row.moduleA, &cagesA),
               std::tuple(row.z, row.portZ, row.moduleZ, &cagesZ) }) {
            const int perModule = std::max(module->cable->linksPerCable, 1);
            ends[next[slots.rankOfPlace[static_cast<std::size_t>(place - base)]]++]
                = { place->device->id.value,
                    orderedBits(cages->cage(place->part, port, perModule)),
                    0,
                    module,
                    group,
                    i };
        }
    }
    // The totals by rank, which is the order of the ids.
    std::vector<ModuleCount> modules(rankModules(ends));
    // next[rank] is now where device rank + 1's ends start.
    for (std::size_t rank = 0, begin = 0; rank + 1 < next.size(); begin = next[rank++])
        std::sort(ends.begin() + static_cast<std::ptrdiff_t>(begin),
                  ends.begin() + static_cast<std::ptrdiff_t>(next[rank]));
    for (std::size_t first = 0; first < ends.size();) {
        std::size_t last = first + 1;
        while (last < ends.size() && ends[last].sameCage(ends[first]))
            ++last;
        const Part *module = ends[first].module;
        const int count
            = ceilDiv(static_cast<int>(last - first), std::max(module->cable->linksPerCable, 1));
        CableGroup &group = *ends[first].group; // its first link's
        group.transceivers += count;
        group.activePowerW += count * module->maxPowerW;
        ModuleCount &total = modules[ends[first].moduleRank];
        if (total.count == 0) {
            total.catalogPart = module->id;
            total.partNumber = partNumberOf(*module);
            total.description = module->model;
            total.medium = module->cable->medium;
            total.unitPriceUsd = module->priceUsd;
        }
        total.count += count;
        total.powerW += count * module->maxPowerW;
        first = last;
    }
    return modules;
}

/// Physical cables (one fibre per optics link) and active-cable power per group, sorted by
/// medium, part and length.
std::vector<CableGroup> finishGroups(GroupTable &table, const Catalog &catalog)
{
    std::vector<CableGroup> out;
    for (auto &[key, group] : table.groups) {
        const Part *part = group.inCatalog ? catalog.find(group.catalogPart) : nullptr;
        if (group.transceiver) {
            group.cables = group.links; // one fibre per link
        } else {
            group.cables = table.cableCounts[key];
            group.activePowerW = part ? 2.0 * group.cables * part->cable->powerWPerEnd : 0.0;
        }
        out.push_back(group);
    }
    std::stable_sort(out.begin(), out.end(), [](const auto &x, const auto &y) {
        return std::tie(x.medium, x.catalogPart, x.lengthM)
            < std::tie(y.medium, y.catalogPart, y.lengthM);
    });
    return out;
}

/// Summary by medium and bin, bins in length order, and the total.
void summarize(CablePlan &plan)
{
    std::map<std::pair<std::string, std::size_t>, SummaryRow> summary;
    const auto &bins = lengthBins();
    plan.total.medium = "all";
    plan.total.lengthBin = "all";
    for (const CableGroup &group : plan.groups) {
        const std::string bin = lengthBin(group.lengthM);
        const auto binIndex
            = static_cast<std::size_t>(std::find(bins.begin(), bins.end(), bin) - bins.begin());
        SummaryRow &row = summary[{ group.medium, binIndex }];
        row.medium = group.medium;
        row.lengthBin = bin;
        for (SummaryRow *target : { &row, &plan.total }) {
            target->links += group.links;
            target->cables += group.cables;
            target->transceivers += group.transceivers;
            target->activePowerW += group.activePowerW;
        }
    }
    for (auto &[key, row] : summary)
        plan.summary.push_back(row);
}

void addNotes(CablePlan &plan, const Oddities &odd)
{
    if (!odd.unassigned.empty())
        plan.notes.push_back(std::to_string(odd.unassigned.size())
                             + " link(s) have no cable part chosen (medium \"none\"): "
                             + joinIds(odd.unassigned));
    for (const auto &[type, count] : odd.unknownParts)
        plan.notes.push_back(
            std::to_string(count) + " link(s) use cable part \"" + type
            + "\", which is not a cable or transceiver in the catalog (medium \"unknown\")");
    for (const auto &[what, ends] : odd.unfittedCages)
        plan.notes.push_back(std::to_string(ends) + " optics link end(s) put " + what
                             + ", which no catalog transceiver's own cage fits; counted as "
                               "that part");
    if (!odd.badPorts.empty())
        plan.notes.push_back(std::to_string(odd.badPorts.size())
                             + " cable end(s) name a port the device's catalog part does not have: "
                             + joinIds(odd.badPorts));
    if (!odd.unknownFabric.empty())
        plan.notes.push_back(std::to_string(odd.unknownFabric.size())
                             + " link(s) are on a fabric missing from the design (fabric \"?\"): "
                             + joinIds(odd.unknownFabric));
}

} // namespace

void countCables(CablePlan &plan, const std::vector<PlanLink> &links,
                 const std::vector<DevicePlace> &places, const Catalog &catalog,
                 const Oddities &odd)
{
    GroupTable groups = groupByPartAndLength(links, catalog);
    plan.modules = countModules(links, places, groups);
    plan.groups = finishGroups(groups, catalog);
    summarize(plan);
    addNotes(plan, odd);
}

} // namespace cw::cabling::detail

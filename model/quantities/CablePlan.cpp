#include "model/quantities/CablePlan.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace cw::cabling {
namespace {

// Bin upper edges in metres, from the media reaches of ref:nvidia-linkx-specs.
constexpr std::array<double, 8> kBinEdgesM { 1, 2, 3, 5, 10, 30, 50, 100 };
constexpr double kLengthEpsilonM = 1e-9; // 2.0000000001 m from a sum still counts as 2 m
constexpr int kCableIdDigits = 5;
constexpr std::size_t kIdsNamedInNote = 5;

/// Where a device is, with the sort keys of its rack.
struct Place
{
    const Device *device = nullptr;
    const Part *part = nullptr;
    int rowIndex = 0;
    int rackPosition = 0;
    std::string row;
    std::string rack;
    /// Position of the device in floor order (row, rack position, rack name, U, hostname);
    /// equal for equal keys. Rows sort by it instead of by those strings.
    int rank = 0;
};

/// Every device's Place, found by id without hashing: ids index a table of positions (the
/// ids of a generated or edited design are dense, so the table is a few MB at 16,384 nodes).
/// Half a million links look their ends up several times each. Ids far beyond the device
/// count (a hand-written file) fall back to a hash map rather than a huge table.
class PlaceTable
{
public:
    void reserve(std::size_t devices, std::uint64_t maxId)
    {
        m_places.reserve(devices);
        m_dense = maxId <= 8 * static_cast<std::uint64_t>(devices) + (std::uint64_t(1) << 20);
        if (m_dense)
            m_index.assign(static_cast<std::size_t>(maxId) + 1, -1);
    }
    Place &add(DeviceId id)
    {
        const int position = static_cast<int>(m_places.size());
        if (m_dense && id.value < m_index.size())
            m_index[static_cast<std::size_t>(id.value)] = position;
        else
            m_sparse[id.value] = position;
        return m_places.emplace_back();
    }
    const Place *find(DeviceId id) const
    {
        int position = -1;
        if (m_dense && id.value < m_index.size()) {
            position = m_index[static_cast<std::size_t>(id.value)];
        } else if (auto it = m_sparse.find(id.value); it != m_sparse.end()) {
            position = it->second;
        }
        return position < 0 ? nullptr : &m_places[static_cast<std::size_t>(position)];
    }
    const Place &at(DeviceId id) const { return *find(id); }
    std::vector<Place> &all() { return m_places; }

private:
    std::vector<Place> m_places;
    bool m_dense = false;
    std::vector<int> m_index;
    std::unordered_map<std::uint64_t, int> m_sparse;
};

std::string cableIdOf(LinkId link)
{
    std::string digits = std::to_string(link.value);
    if (static_cast<int>(digits.size()) < kCableIdDigits)
        digits.insert(0, static_cast<std::size_t>(kCableIdDigits) - digits.size(), '0');
    return "C" + digits;
}

/// The end nearer the hosts becomes A: a server before a switch, a lower switch tier before
/// a higher one, so every row reads host -> leaf -> spine -> core.
int endRank(const Device &device)
{
    if (device.role != DeviceRole::Switch)
        return -1;
    return device.tier >= 0 ? device.tier : 1000;
}

CableEnd makeEnd(const Place &place, int portIndex, std::vector<std::string> &badPorts,
                 const std::string &cableId, bool text = true)
{
    CableEnd end;
    end.deviceId = place.device->id;
    end.portIndex = portIndex;
    if (!text) // counting only: where the end is, not how a reader names it
        return end;
    end.row = place.row;
    end.rack = place.rack;
    end.u = place.device->uPosition;
    end.device = place.device->name;
    end.portIndex = portIndex;
    if (place.part && portIndex >= 0
        && static_cast<std::size_t>(portIndex) < place.part->ports.size()) {
        end.port = place.part->ports[static_cast<std::size_t>(portIndex)].name;
        return end;
    }
    end.port = "port" + std::to_string(portIndex);
    badPorts.push_back(cableId);
    return end;
}

double portSpeed(const Place &place, int portIndex)
{
    if (!place.part || portIndex < 0
        || static_cast<std::size_t>(portIndex) >= place.part->ports.size())
        return 0;
    return place.part->ports[static_cast<std::size_t>(portIndex)].speedGbps;
}

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

/// The cage a port sits in: consecutive ports of one form factor, `perCage` to a cage, in
/// catalog order (QM9700 p1/p2 share the first twin-port OSFP cage; ref:nvidia-superpod-h100-ra,
/// ref:nvidia-linkx-specs).
int cageOf(const Part *part, int portIndex, int perCage)
{
    if (!part || portIndex < 0 || static_cast<std::size_t>(portIndex) >= part->ports.size())
        return portIndex / perCage;
    const std::string &formFactor = part->ports[static_cast<std::size_t>(portIndex)].formFactor;
    int ordinal = 0;
    for (int p = 0; p < portIndex; ++p)
        ordinal += part->ports[static_cast<std::size_t>(p)].formFactor == formFactor ? 1 : 0;
    return ordinal / perCage;
}

/// cageOf without the walk over the ports before it: each part's ordinals (the port's place
/// among the ports of its form factor) are worked out once.
class CageTable
{
public:
    int cage(const Part *part, int portIndex, int perCage)
    {
        if (!part || portIndex < 0 || static_cast<std::size_t>(portIndex) >= part->ports.size())
            return cageOf(part, portIndex, perCage);
        if (part != m_lastPart) {
            auto [it, inserted] = m_ordinals.try_emplace(part);
            if (inserted) {
                it->second.reserve(part->ports.size());
                for (std::size_t p = 0; p < part->ports.size(); ++p)
                    it->second.push_back(cageOf(part, static_cast<int>(p), 1));
            }
            m_lastPart = part;
            m_last = &it->second;
        }
        return (*m_last)[static_cast<std::size_t>(portIndex)] / perCage;
    }

private:
    std::unordered_map<const Part *, std::vector<int>> m_ordinals;
    const Part *m_lastPart = nullptr;
    const std::vector<int> *m_last = nullptr;
};

bool connectorFits(const std::string &connector, const std::string &cage)
{
    // The cage compatibility of cableFitsCages (model/catalog/Part.cpp): QSFP56 plugs in
    // QSFP112 cages, QSFP28/QSFP56 plugs in QSFP-DD cages.
    CableSpec plug;
    plug.endA.connector = connector;
    plug.endB.connector = connector;
    return cableFitsCages(plug, cage, cage);
}

const std::string &cageFormFactor(const Place &place, int portIndex)
{
    static const std::string none;
    if (!place.part || portIndex < 0
        || static_cast<std::size_t>(portIndex) >= place.part->ports.size())
        return none;
    return place.part->ports[static_cast<std::size_t>(portIndex)].formFactor;
}

/// The module that sits in an end's `cage`: the link's own part when its own cage (endA)
/// fits, else the catalog transceiver of the same per-link speed whose own cage is `cage`,
/// one of the link's medium first (an SR4 link needs SR4 at both ends), then by id. E.g. the
/// far end of a single-port MMA4Z00-NS400 in a switch's OSFP-twin cage is a twin-port
/// MMA4Z00-NS (LinkX product specs, ref:nvidia-linkx-specs). Null when no catalog module fits.
const Part *moduleFor(const Catalog &catalog, const Part &linkPart, const std::string &cage)
{
    if (connectorFits(linkPart.cable->endA.connector, cage))
        return &linkPart;
    const Part *best = nullptr;
    for (const auto &part : catalog.parts()) {
        if (part->kind != PartKind::Transceiver || !part->cable
            || part->cable->linkSpeedGbps != linkPart.cable->linkSpeedGbps
            || part->cable->endA.connector != cage)
            continue;
        const auto rank = [&](const Part &p) {
            return std::pair(p.cable->medium == linkPart.cable->medium ? 0 : 1, p.id);
        };
        if (!best || rank(*part) < rank(*best))
            best = part.get();
    }
    return best;
}

/// moduleFor once per (link part, cage): a handful of combinations over half a million ends.
class ModuleCache
{
public:
    explicit ModuleCache(const Catalog &catalog)
        : m_catalog(catalog)
    { }
    /// catalog.find, remembering the last id (consecutive links mostly share their part).
    const Part *part(const std::string &id)
    {
        if (!m_lastId || *m_lastId != id) {
            m_lastPart = m_catalog.find(id);
            m_lastIdText = id;
            m_lastId = &m_lastIdText;
        }
        return m_lastPart;
    }

    const Part *find(const Part &linkPart, const std::string &cage)
    {
        for (const Entry &entry : m_entries)
            if (entry.linkPart == &linkPart && entry.cage == cage)
                return entry.module;
        m_entries.push_back({ &linkPart, cage, moduleFor(m_catalog, linkPart, cage) });
        return m_entries.back().module;
    }

private:
    struct Entry
    {
        const Part *linkPart;
        std::string cage;
        const Part *module;
    };
    const Catalog &m_catalog;
    std::vector<Entry> m_entries;
    std::string m_lastIdText;
    const std::string *m_lastId = nullptr;
    const Part *m_lastPart = nullptr;
};

/// Pairs the links of twin-port and splitter cables into physical cables. The twin-port end
/// is Z (the switch, or the higher tier); links of one fabric, part and length whose Z ends
/// share a cage are the legs of one cable, in Z port order, `linksPerCable` to a cable.
/// Every other link is a cable of its own. The cable id is that of its first leg's link.
void assignCables(std::vector<CableRow> &rows, const PlaceTable &places)
{
    using CageKey = std::tuple<std::string, std::string, double, std::uint64_t, int>;
    std::map<CageKey, std::vector<CableRow *>> cages;
    for (CableRow &row : rows) {
        if (row.linksPerCable < 2)
            continue;
        const Part *zPart = places.at(row.z.deviceId).part;
        cages[{ row.fabric, row.catalogPart, row.lengthM, row.z.deviceId.value,
                cageOf(zPart, row.z.portIndex, row.linksPerCable) }]
            .push_back(&row);
    }
    for (auto &[key, legs] : cages) {
        std::sort(legs.begin(), legs.end(), [](const CableRow *x, const CableRow *y) {
            return std::tie(x->z.portIndex, x->link.value)
                < std::tie(y->z.portIndex, y->link.value);
        });
        const std::size_t perCable = static_cast<std::size_t>(legs.front()->linksPerCable);
        for (std::size_t first = 0; first < legs.size(); first += perCable) {
            const std::size_t last = std::min(first + perCable, legs.size());
            for (std::size_t i = first; i < last; ++i) {
                legs[i]->cableId = cableIdOf(legs[first]->link);
                legs[i]->leg = static_cast<int>(i - first) + 1;
                legs[i]->legs = static_cast<int>(last - first);
            }
        }
    }
}

} // namespace

const std::vector<std::string> &lengthBins()
{
    static const std::vector<std::string> bins = [] {
        std::vector<std::string> out;
        double lower = 0;
        for (double edge : kBinEdgesM) {
            out.push_back(std::to_string(static_cast<int>(lower)) + "-"
                          + std::to_string(static_cast<int>(edge)));
            lower = edge;
        }
        out.push_back(std::to_string(static_cast<int>(lower)) + "+");
        return out;
    }();
    return bins;
}

std::string lengthBin(double lengthM)
{
    for (std::size_t i = 0; i < kBinEdgesM.size(); ++i)
        if (lengthM <= kBinEdgesM[i] + kLengthEpsilonM)
            return lengthBins()[i];
    return lengthBins().back();
}

std::vector<PhysicalCable> physicalCables(const CablePlan &plan)
{
    std::vector<PhysicalCable> cables;
    std::map<std::string, std::size_t> index;
    for (const CableRow &row : plan.rows) {
        auto [it, inserted] = index.try_emplace(row.cableId, cables.size());
        if (inserted)
            cables.push_back({ row.cableId, row.fabric, {} });
        cables[it->second].legs.push_back(&row);
    }
    for (PhysicalCable &cable : cables)
        std::stable_sort(cable.legs.begin(), cable.legs.end(),
                         [](const CableRow *x, const CableRow *y) { return x->leg < y->leg; });
    return cables;
}

std::string partNumberOf(const Part &part)
{
    if (part.cable && !part.cable->partNumberPattern.empty())
        return part.cable->partNumberPattern;
    if (!part.model.empty() && part.model.find(' ') == std::string::npos)
        return part.model;
    return part.id;
}

std::string displayName(const Part &part)
{
    if (part.vendor.empty() || part.model.rfind(part.vendor, 0) == 0)
        return part.model;
    return part.vendor + " " + part.model;
}

namespace {

/// Fabric id -> (order in the design, name).
using FabricIndex = std::unordered_map<FabricId, std::pair<int, std::string>>;

/// What the plan found odd, named in its notes (cable ids, or counts by part).
struct Oddities
{
    std::vector<std::string> unassigned, badPorts, unknownFabric;
    std::map<std::string, int> unknownParts; // cableType -> links
    std::map<std::string, int> unfittedCages; // "part in a <cage> cage" -> link ends
};

/// The groups of the plan by (part, length), with the number of physical cables of each:
/// every cable has exactly one row with leg 1 (its legs share part and length).
struct GroupTable
{
    std::map<std::pair<std::string, double>, CableGroup> groups;
    std::map<std::pair<std::string, double>, int> cableCounts;

    /// The group of (part, length); consecutive rows mostly share it, so the last one is kept.
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

FabricIndex indexFabrics(const Design &design)
{
    FabricIndex fabrics;
    int fabricOrder = 0;
    for (const Fabric &fabric : design.fabrics())
        fabrics.emplace(fabric.id, std::pair(fabricOrder++, fabric.name));
    return fabrics;
}

PlaceTable placeDevices(const Design &design, const Catalog &catalog)
{
    PlaceTable places;
    places.reserve(design.devices().size(),
                   design.devices().empty() ? 0 : design.devices().items().back().id.value);
    for (const Device &device : design.devices()) {
        Place &place = places.add(device.id);
        place.device = &device;
        place.part = catalog.find(device.catalogType);
        if (const Rack *rack = design.rack(device.rack)) {
            place.rack = rack->name;
            place.rackPosition = rack->position;
            if (const Row *row = design.row(rack->row)) {
                place.row = row->name;
                place.rowIndex = row->index;
            }
        }
    }
    // Floor order once per device, so the rows sort by integers (not by rack and host names
    // per link).
    std::vector<Place *> order;
    order.reserve(places.all().size());
    for (Place &place : places.all())
        order.push_back(&place);
    auto key = [](const Place *p) {
        return std::tie(p->rowIndex, p->rackPosition, p->rack, p->device->uPosition,
                        p->device->name);
    };
    std::sort(order.begin(), order.end(),
              [&key](const Place *x, const Place *y) { return key(x) < key(y); });
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i]->rank = i > 0 && key(order[i]) == key(order[i - 1]) ? order[i - 1]->rank
                                                                     : static_cast<int>(i);
    return places;
}

/// The row's medium, part number, modules and links per cable from the link's catalog part;
/// returns the part's per-link speed (0 when unknown).
double describeCable(CableRow &row, const Link &link, const Place &a, PortRef refA, const Place &z,
                     PortRef refZ, const Catalog &catalog, ModuleCache &modules, Oddities &odd)
{
    (void)catalog;
    const Part *part = link.cableType.empty() ? nullptr : modules.part(link.cableType);
    if (link.cableType.empty()) {
        row.medium = "none"; // named in the notes by oddities()
        return 0;
    }
    if (!part || !part->cable) {
        row.medium = "unknown";
        row.partNumber = link.cableType;
        ++odd.unknownParts[link.cableType];
        return 0;
    }
    row.medium = part->cable->medium;
    row.partNumber = partNumberOf(*part);
    row.transceiver = part->kind == PartKind::Transceiver;
    if (row.transceiver) {
        for (auto [place, port, module] :
             { std::tuple(&a, refA.port, &row.moduleA), std::tuple(&z, refZ.port, &row.moduleZ) }) {
            const std::string &cage = cageFormFactor(*place, port);
            const Part *fit = modules.find(*part, cage);
            if (!fit)
                ++odd.unfittedCages[part->id + " in a " + cage + " cage"];
            *module = fit ? fit->id : part->id;
        }
    }
    // Optics: a fibre per link, whatever the modules carry (ref:nvidia-linkx-specs).
    row.linksPerCable = row.transceiver ? 1 : std::max(part->cable->linksPerCable, 1);
    return part->cable->linkSpeedGbps;
}

/// A link in plan order: the sort key (fabric order, the A end's floor rank and port, link
/// id) and what the row is made from.
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

/// One row per link, host end first, sorted by fabric order and then the A end's floor
/// position. Fails on a link whose device is missing from the design. The oddities are
/// collected in link order (the order the notes name them in), the rows made after sorting.
Result<std::vector<CableRow>> sortedRows(const Design &design, const Catalog &catalog,
                                         const FabricIndex &fabrics, const PlaceTable &places,
                                         Oddities &odd, bool text)
{
    std::vector<RowEntry> entries;
    entries.reserve(design.links().size());
    const int fabricOrder = static_cast<int>(fabrics.size());
    auto validPort = [](const Place &place, int port) {
        return place.part && port >= 0 && static_cast<std::size_t>(port) < place.part->ports.size();
    };
    for (const Link &link : design.links()) {
        const Place *placeA = places.find(link.a.device);
        const Place *placeB = places.find(link.b.device);
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
            odd.unknownFabric.push_back(cableIdOf(link.id));
        for (const auto &[place, ref] : { std::pair(placeA, refA), std::pair(placeB, refB) })
            if (!validPort(*place, ref.port))
                odd.badPorts.push_back(cableIdOf(link.id));
        if (link.cableType.empty())
            odd.unassigned.push_back(cableIdOf(link.id));
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end(),
              [](const RowEntry &x, const RowEntry &y) { return x.key() < y.key(); });

    std::vector<CableRow> rows;
    rows.reserve(entries.size());
    std::vector<std::string> ignored; // bad ports were named above, in link order
    ModuleCache modules(catalog);
    for (const RowEntry &entry : entries) {
        const Link &link = *entry.link;
        const PortRef &refA = entry.swapped ? link.b : link.a;
        const PortRef &refB = entry.swapped ? link.a : link.b;
        const Place &a = places.at(refA.device);
        const Place &z = places.at(refB.device);
        CableRow &row = rows.emplace_back();
        row.link = link.id;
        if (text)
            row.cableId = cableIdOf(link.id); // assignCables pairs twin legs later
        auto fabric = fabrics.find(link.fabric);
        row.fabric = fabric != fabrics.end() ? fabric->second.second : std::string("?");
        row.a = makeEnd(a, refA.port, ignored, row.cableId, text);
        row.z = makeEnd(z, refB.port, ignored, row.cableId, text);
        row.lengthM = link.lengthM;
        row.catalogPart = link.cableType;

        double speed = 0;
        for (double candidate : { portSpeed(a, refA.port), portSpeed(z, refB.port) })
            if (candidate > 0 && (speed == 0 || candidate < speed))
                speed = candidate;
        const double cableSpeed = describeCable(row, link, a, refA, z, refB, catalog, modules, odd);
        if (cableSpeed > 0 && (speed == 0 || cableSpeed < speed))
            speed = cableSpeed;
        if (speed == 0 && fabric != fabrics.end())
            speed = design.fabric(link.fabric)->linkSpeedGbps;
        row.speedGbps = speed;
    }
    return rows;
}

/// Groups by part and length: the physical items to order (modules and cables counted later).
GroupTable groupByPartAndLength(const std::vector<CableRow> &rows, const Catalog &catalog)
{
    GroupTable table;
    for (const CableRow &row : rows) {
        int *cables = nullptr;
        CableGroup &group = table.at(row.catalogPart, row.lengthM, &cables);
        if (row.leg == 1)
            ++*cables;
        if (group.links == 0) {
            group.catalogPart = row.catalogPart;
            group.partNumber = row.partNumber;
            group.medium = row.medium;
            group.lengthM = row.lengthM;
            group.transceiver = row.transceiver;
            const Part *part = row.catalogPart.empty() ? nullptr : catalog.find(row.catalogPart);
            group.inCatalog = part && part->cable;
            if (group.inCatalog) {
                group.description = part->model;
                group.unitPriceUsd = part->priceUsd;
                group.fibre = part->cable->fibre;
            } else {
                group.description = row.catalogPart.empty()
                    ? "cable not chosen in the design"
                    : "cable part \"" + row.catalogPart + "\" not in the catalog";
            }
        }
        ++group.links;
    }
    return table;
}

/// One transceiver end: its cage (device, cage, module part) and the row it is on.
struct ModuleEnd
{
    std::uint64_t device = 0;
    int cage = 0;
    const Part *module = nullptr;
    std::size_t row = 0;

    bool sameCage(const ModuleEnd &other) const
    {
        return device == other.device && cage == other.cage && module == other.module;
    }
};

/// Optics modules per cage: the links on the ports of one cage share its modules, a module
/// serving linksPerCable ports (a twin-port OSFP module both ports of its OSFP-twin cage;
/// ref:nvidia-superpod-h100-ra, ref:nvidia-linkx-specs). Each cage's modules count in the group
/// of its first link. Returns the modules per part, sorted by part id. The ends are sorted by
/// (device, cage, module id, row), so each cage's ends are adjacent, its first row comes first
/// and the totals are summed in the same order whatever the input order (a sort of a million
/// small records instead of a hash map of them).
std::vector<ModuleCount> countModules(const std::vector<CableRow> &rows, const PlaceTable &places,
                                      const Catalog &catalog, GroupTable &table)
{
    std::vector<ModuleEnd> ends;
    CageTable cages;
    ModuleCache parts(catalog);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const CableRow &row = rows[i];
        if (!row.transceiver)
            continue;
        for (const auto &[end, moduleId] :
             { std::pair(&row.a, &row.moduleA), std::pair(&row.z, &row.moduleZ) }) {
            const Part *module = parts.part(*moduleId);
            const int perModule = std::max(module->cable->linksPerCable, 1);
            ends.push_back({ end->deviceId.value,
                             cages.cage(places.at(end->deviceId).part, end->portIndex, perModule),
                             module, i });
        }
    }
    std::sort(ends.begin(), ends.end(), [](const ModuleEnd &x, const ModuleEnd &y) {
        if (x.device != y.device || x.cage != y.cage)
            return std::pair(x.device, x.cage) < std::pair(y.device, y.cage);
        if (x.module != y.module)
            return x.module->id < y.module->id;
        return x.row < y.row;
    });
    std::map<std::string, ModuleCount> modules;
    for (std::size_t first = 0; first < ends.size();) {
        std::size_t last = first + 1;
        while (last < ends.size() && ends[last].sameCage(ends[first]))
            ++last;
        const Part *module = ends[first].module;
        const int links = static_cast<int>(last - first);
        const int count = ceilDiv(links, std::max(module->cable->linksPerCable, 1));
        const CableRow &firstRow = rows[ends[first].row];
        CableGroup &group = table.at(firstRow.catalogPart, firstRow.lengthM);
        group.transceivers += count;
        group.activePowerW += count * module->maxPowerW;
        ModuleCount &total = modules[module->id];
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
    std::vector<ModuleCount> out;
    out.reserve(modules.size());
    for (auto &[id, total] : modules)
        out.push_back(total);
    return out;
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

Result<CablePlan> buildCablePlan(const Design &design, const Catalog &catalog,
                                 CablePlanDetail detail)
{
    const bool text = detail == CablePlanDetail::Rows;
    const FabricIndex fabrics = indexFabrics(design);
    const PlaceTable places = placeDevices(design, catalog);
    Oddities odd;
    auto rows = sortedRows(design, catalog, fabrics, places, odd, text);
    if (!rows)
        return rows.error();
    CablePlan plan;
    plan.rows = std::move(rows).value();
    assignCables(plan.rows, places);

    GroupTable groups = groupByPartAndLength(plan.rows, catalog);
    plan.modules = countModules(plan.rows, places, catalog, groups);
    plan.groups = finishGroups(groups, catalog);
    summarize(plan);
    addNotes(plan, odd);
    if (!text)
        std::vector<CableRow>().swap(plan.rows); // the counts are all the caller wants
    return plan;
}

} // namespace cw::cabling

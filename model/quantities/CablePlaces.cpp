#include "model/quantities/CablePlaces.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlan.h"

#include <algorithm>
#include <tuple>

namespace cw::cabling::detail {

PlaceTable::PlaceTable()
    : m_places(std::make_shared<std::vector<DevicePlace>>())
{ }

void PlaceTable::reserve(std::size_t devices, std::uint64_t maxId)
{
    m_places->reserve(devices);
    m_dense = maxId <= 8 * static_cast<std::uint64_t>(devices) + (std::uint64_t(1) << 20);
    if (m_dense)
        m_index.assign(static_cast<std::size_t>(maxId) + 1, -1);
}

DevicePlace &PlaceTable::add(DeviceId id)
{
    const int position = static_cast<int>(m_places->size());
    if (m_dense && id.value < m_index.size())
        m_index[static_cast<std::size_t>(id.value)] = position;
    else
        m_sparse[id.value] = position;
    return m_places->emplace_back();
}

PlaceTable placeDevices(const Design &design, const Catalog &catalog)
{
    PlaceTable places;
    places.reserve(design.devices().size(),
                   design.devices().empty() ? 0 : design.devices().items().back().id.value);
    for (const Device &device : design.devices()) {
        DevicePlace &place = places.add(device.id);
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
    // Floor order once per device, so the links sort by integers (not by rack and host names
    // per link).
    std::vector<DevicePlace *> order;
    order.reserve(places.all().size());
    for (DevicePlace &place : places.all())
        order.push_back(&place);
    auto key = [](const DevicePlace *p) {
        return std::tie(p->rowIndex, p->rackPosition, p->rack, p->device->uPosition,
                        p->device->name);
    };
    std::sort(order.begin(), order.end(),
              [&key](const DevicePlace *x, const DevicePlace *y) { return key(x) < key(y); });
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i]->rank = i > 0 && key(order[i]) == key(order[i - 1]) ? order[i - 1]->rank
                                                                     : static_cast<int>(i);
    return places;
}

FabricIndex indexFabrics(const Design &design)
{
    FabricIndex fabrics;
    int fabricOrder = 0;
    for (const Fabric &fabric : design.fabrics())
        fabrics.emplace(fabric.id, std::pair(fabricOrder++, &fabric.name));
    return fabrics;
}

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

int CageTable::cage(const Part *part, int portIndex, int perCage)
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

const std::string &cageFormFactor(const DevicePlace &place, int portIndex)
{
    static const std::string none;
    if (!place.part || portIndex < 0
        || static_cast<std::size_t>(portIndex) >= place.part->ports.size())
        return none;
    return place.part->ports[static_cast<std::size_t>(portIndex)].formFactor;
}

namespace {

bool connectorFits(const std::string &connector, const std::string &cage)
{
    // The cage compatibility of cableFitsCages (model/catalog/Part.cpp): QSFP56 plugs in
    // QSFP112 cages, QSFP28/QSFP56 plugs in QSFP-DD cages.
    CableSpec plug;
    plug.endA.connector = connector;
    plug.endB.connector = connector;
    return cableFitsCages(plug, cage, cage);
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

} // namespace

ModuleCache::ModuleCache(const Catalog &catalog)
    : m_catalog(catalog)
    , m_numberTexts(std::make_shared<std::deque<std::string>>())
{ }

const Part *ModuleCache::part(const std::string &id)
{
    if (!m_lastId || *m_lastId != id) {
        m_lastPart = m_catalog.find(id);
        m_lastIdText = id;
        m_lastId = &m_lastIdText;
    }
    return m_lastPart;
}

const Part *ModuleCache::find(const Part &linkPart, const std::string &cage)
{
    for (const Entry &entry : m_entries)
        if (entry.linkPart == &linkPart && entry.cage == cage)
            return entry.module;
    m_entries.push_back({ &linkPart, cage, moduleFor(m_catalog, linkPart, cage) });
    return m_entries.back().module;
}

const std::string *ModuleCache::partNumber(const Part &part)
{
    auto [it, inserted] = m_numbers.try_emplace(&part, nullptr);
    if (inserted)
        it->second = &m_numberTexts->emplace_back(partNumberOf(part));
    return it->second;
}

} // namespace cw::cabling::detail

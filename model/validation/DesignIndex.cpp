#include "model/validation/DesignIndex.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace cw {
namespace {

template<typename Id>
void insertSorted(std::vector<Id> &ids, Id id)
{
    auto it = std::lower_bound(ids.begin(), ids.end(), id);
    if (it == ids.end() || *it != id)
        ids.insert(it, id);
}

template<typename Id>
void eraseSorted(std::vector<Id> &ids, Id id)
{
    auto it = std::lower_bound(ids.begin(), ids.end(), id);
    if (it != ids.end() && *it == id)
        ids.erase(it);
}

/// Which inputs differ between two versions of a device.
Inputs deviceDiff(const Device &before, const Device &after)
{
    Inputs changed = 0;
    if (before.rack != after.rack || before.uPosition != after.uPosition
        || before.face != after.face)
        changed |= input::Placement;
    if (before.rack != after.rack)
        changed |= input::DeviceRack;
    if (before.catalogType != after.catalogType || before.role != after.role
        || before.tier != after.tier)
        changed |= input::DeviceSpec;
    if (before.name != after.name)
        changed |= input::DeviceName;
    if (before.qos != after.qos)
        changed |= input::DeviceQos;
    return changed;
}

constexpr double kMicrowattsPerW = 1e6;

/// A rack type with liquid manifolds (RuleContext::rackCooling: air when the type does not
/// say).
bool liquidType(const Rack &rack, const Catalog &catalog)
{
    const Part *part = catalog.find(rack.catalogType);
    return part && part->rack && part->cooling == Cooling::Liquid;
}

/// Liquid carries a liquid-only part's heat, and a hybrid part's when its rack has the
/// manifolds; everything else is air (the conservative split without per-part air/liquid
/// fractions in the catalog).
bool heatToLiquid(const Part *part, bool liquidRack)
{
    const Cooling cooling = part && part->cooling ? *part->cooling : Cooling::Air;
    return cooling == Cooling::Liquid || (cooling == Cooling::Hybrid && liquidRack);
}

const std::vector<DeviceId> kNoDevices;
const std::vector<LinkId> kNoLinks;

} // namespace

void DesignIndex::count(const DeviceEntry &entry, int sign)
{
    const Part *part = entry.part;
    if (!part)
        return;
    if (part->server)
        m_gpus += sign * part->server->gpuCount;
    if (part->maxPowerW <= 0)
        return;
    m_devicesWithPower += sign;
    const std::int64_t powerUw = sign * std::llround(part->maxPowerW * kMicrowattsPerW);
    m_itPowerUw += powerUw;
    (entry.liquidHeat ? m_liquidHeatUw : m_airHeatUw) += powerUw;
}

bool DesignIndex::rackIsLiquid(RackId rack) const
{
    auto it = m_rackLiquid.find(rack.value);
    return it != m_rackLiquid.end() && it->second;
}

void DesignIndex::addDevice(const Device &device, const Catalog &catalog, Memory memory)
{
    const Part *part = catalog.find(device.catalogType);
    DeviceEntry &entry = m_devices[device.id.value];
    const bool liquid = heatToLiquid(part, rackIsLiquid(device.rack));
    if (device.id.value < m_partById.size())
        m_partById[device.id.value] = part;
    if (memory == Memory::RulesOnly) {
        // Rules read the part and the sums; the copy is only for update()'s comparisons.
        entry.part = part;
        entry.liquidHeat = liquid;
        count(entry, +1);
        return;
    }
    entry = DeviceEntry { device, part, liquid };
    count(entry, +1);
    insertSorted(m_rackDevices[device.rack.value], device.id);
}

void DesignIndex::updateRack(RackId id, const Design &design, const Catalog &catalog)
{
    const Rack *rack = design.rack(id);
    if (!rack) {
        m_rackLiquid.erase(id.value);
        return;
    }
    const bool liquid = liquidType(*rack, catalog);
    auto [it, added] = m_rackLiquid.try_emplace(id.value, liquid);
    if (!added && it->second == liquid)
        return;
    it->second = liquid;
    // The heat of the hybrid parts already in the rack moves between the two sums.
    for (DeviceId device : devicesInRack(id)) {
        DeviceEntry &entry = m_devices.at(device.value);
        count(entry, -1);
        entry.liquidHeat = heatToLiquid(entry.part, liquid);
        count(entry, +1);
    }
}

DesignTotals DesignIndex::totals() const
{
    DesignTotals totals;
    totals.itPowerW = static_cast<double>(m_itPowerUw) / kMicrowattsPerW;
    totals.airHeatW = static_cast<double>(m_airHeatUw) / kMicrowattsPerW;
    totals.liquidHeatW = static_cast<double>(m_liquidHeatUw) / kMicrowattsPerW;
    totals.devicesWithPower = m_devicesWithPower;
    totals.gpus = m_gpus;
    return totals;
}

void DesignIndex::removeDevice(DeviceId id)
{
    auto it = m_devices.find(id.value);
    if (it == m_devices.end())
        return;
    count(it->second, -1);
    if (id.value < m_partById.size())
        m_partById[id.value] = nullptr;
    auto rack = m_rackDevices.find(it->second.device.rack.value);
    if (rack != m_rackDevices.end()) {
        eraseSorted(rack->second, id);
        if (rack->second.empty())
            m_rackDevices.erase(rack);
    }
    m_devices.erase(it);
}

void DesignIndex::addLink(const Link &link)
{
    m_links[link.id.value] = link;
    insertSorted(m_deviceLinks[link.a.device.value], link.id);
    insertSorted(m_deviceLinks[link.b.device.value], link.id);
}

void DesignIndex::removeLink(LinkId id)
{
    auto it = m_links.find(id.value);
    if (it == m_links.end())
        return;
    for (DeviceId end : { it->second.a.device, it->second.b.device }) {
        auto links = m_deviceLinks.find(end.value);
        if (links == m_deviceLinks.end())
            continue;
        eraseSorted(links->second, id);
        if (links->second.empty())
            m_deviceLinks.erase(links);
    }
    m_links.erase(it);
}

void DesignIndex::rebuild(const Design &design, const Catalog &catalog, Memory memory)
{
    m_memory = memory;
    m_devices.clear();
    m_links.clear();
    m_tierFabric.clear();
    m_rackDevices.clear();
    m_deviceLinks.clear();
    m_rackLiquid.clear();
    m_itPowerUw = m_airHeatUw = m_liquidHeatUw = 0;
    m_devicesWithPower = m_gpus = 0;
    m_devices.reserve(design.devices().size());
    m_partById.clear();
    // Dense only when the ids are (a table of a few entries per device at most).
    if (!design.devices().empty()) {
        const std::uint64_t maxId = design.devices().items().back().id.value;
        if (maxId <= 4 * design.devices().size() + 65536)
            m_partById.assign(maxId + 1, nullptr);
    }
    for (const Rack &rack : design.racks())
        m_rackLiquid[rack.id.value] = liquidType(rack, catalog);
    for (const Device &device : design.devices())
        addDevice(device, catalog, memory);
    for (const StorageTier &tier : design.storageTiers())
        m_tierFabric[tier.id.value] = tier.fabric;
    if (memory != Memory::ForUpdates)
        return; // the rules' and the views' link lists come from the design's own adjacency
    m_links.reserve(design.links().size());
    for (const Link &link : design.links())
        addLink(link);
}

void DesignIndex::markDeviceDependents(DirtySubjects &dirty, DeviceId id, Inputs inputs) const
{
    dirty.mark(RuleScope::Device, id.value, inputs);
    if (auto it = m_devices.find(id.value); it != m_devices.end())
        dirty.mark(RuleScope::Rack, it->second.device.rack.value, inputs);
    if (auto it = m_deviceLinks.find(id.value); it != m_deviceLinks.end())
        for (LinkId link : it->second) {
            dirty.mark(RuleScope::Link, link.value, inputs);
            if (auto l = m_links.find(link.value); l != m_links.end())
                dirty.mark(RuleScope::Fabric, l->second.fabric.value, inputs);
        }
}

DirtySubjects DesignIndex::update(const Design &design, const Catalog &catalog,
                                  const ChangeSet &changes)
{
    DirtySubjects dirty;
    if (changes.siteChanged)
        dirty.global |= input::Site;
    if (changes.settingsChanged)
        dirty.global |= input::Settings;

    // A merged ChangeSet may name an entity several times (added, then modified, then
    // removed); what counts is the remembered state against the current one.
    std::set<EntityRef> refs;
    for (const auto *list : { &changes.added, &changes.removed, &changes.modified })
        refs.insert(list->begin(), list->end());

    // Pass 1: mark dependents as they were (old rack, old links, old fabric).
    std::vector<std::pair<DeviceId, Inputs>> changedDevices;
    std::vector<LinkId> changedLinks;
    std::vector<StorageTierId> changedTiers;
    std::vector<RackId> changedRacks;
    for (const EntityRef &ref : refs) {
        switch (ref.kind) {
        case EntityKind::Device: {
            const DeviceId id { ref.id };
            auto old = m_devices.find(ref.id);
            const Device *current = design.device(id);
            Inputs changed = 0;
            if (old == m_devices.end() && !current)
                continue;
            if (old == m_devices.end() || !current)
                changed = input::kDeviceAll;
            else
                changed = deviceDiff(old->second.device, *current);
            if (changed == 0)
                continue;
            dirty.markDesign(changed);
            markDeviceDependents(dirty, id, changed);
            changedDevices.emplace_back(id, changed);
            break;
        }
        case EntityKind::Link: {
            const LinkId id { ref.id };
            auto old = m_links.find(ref.id);
            const Link *current = design.link(id);
            if (old == m_links.end() && !current)
                continue;
            if (old != m_links.end() && current && old->second == *current)
                continue;
            const Link *before = old != m_links.end() ? &old->second : nullptr;
            for (const Link *link : { before, current }) {
                if (!link)
                    continue;
                dirty.mark(RuleScope::Link, id.value, input::Links);
                dirty.mark(RuleScope::Device, link->a.device.value, input::Links);
                dirty.mark(RuleScope::Device, link->b.device.value, input::Links);
                dirty.mark(RuleScope::Fabric, link->fabric.value, input::Links);
            }
            dirty.markDesign(input::Links);
            changedLinks.push_back(id);
            break;
        }
        case EntityKind::Rack:
            dirty.mark(RuleScope::Rack, ref.id, input::RackSpec);
            dirty.markDesign(input::RackSpec);
            changedRacks.push_back(RackId { ref.id });
            if (auto devices = m_rackDevices.find(ref.id); devices != m_rackDevices.end())
                for (DeviceId device : devices->second)
                    dirty.mark(RuleScope::Device, device.value, input::RackSpec);
            break;
        case EntityKind::Fabric:
            dirty.mark(RuleScope::Fabric, ref.id, input::Fabrics);
            dirty.markDesign(input::Fabrics);
            break;
        case EntityKind::StorageTier: {
            if (auto old = m_tierFabric.find(ref.id); old != m_tierFabric.end())
                dirty.mark(RuleScope::Fabric, old->second.value, input::StorageTiers);
            if (const StorageTier *tier = design.storageTier(StorageTierId { ref.id }))
                dirty.mark(RuleScope::Fabric, tier->fabric.value, input::StorageTiers);
            dirty.markDesign(input::StorageTiers);
            changedTiers.push_back(StorageTierId { ref.id });
            break;
        }
        case EntityKind::Row:
            break; // no rule reads rows; their racks and devices come as their own refs
        }
    }

    // Pass 2: bring the memory up to date; racks first, so a device added to a new rack
    // counts its heat by that rack's cooling.
    for (RackId id : changedRacks)
        updateRack(id, design, catalog);
    for (const auto &[id, changed] : changedDevices) {
        removeDevice(id);
        if (const Device *device = design.device(id))
            addDevice(*device, catalog);
    }
    for (LinkId id : changedLinks) {
        if (m_memory != Memory::ForUpdates)
            break; // no links kept: nothing to bring up to date
        removeLink(id);
        if (const Link *link = design.link(id))
            addLink(*link);
    }
    for (StorageTierId id : changedTiers) {
        m_tierFabric.erase(id.value);
        if (const StorageTier *tier = design.storageTier(id))
            m_tierFabric[id.value] = tier->fabric;
    }

    // Pass 3: mark dependents as they are now (new rack, links added in the same change).
    for (const auto &[id, changed] : changedDevices)
        markDeviceDependents(dirty, id, changed);
    return dirty;
}

const Part *DesignIndex::part(DeviceId device) const
{
    if (device.value < m_partById.size())
        return m_partById[device.value];
    auto it = m_devices.find(device.value);
    return it == m_devices.end() ? nullptr : it->second.part;
}

const std::vector<DeviceId> &DesignIndex::devicesInRack(RackId rack) const
{
    auto it = m_rackDevices.find(rack.value);
    return it == m_rackDevices.end() ? kNoDevices : it->second;
}

const std::vector<LinkId> &DesignIndex::linksOfDevice(DeviceId device) const
{
    auto it = m_deviceLinks.find(device.value);
    return it == m_deviceLinks.end() ? kNoLinks : it->second;
}

} // namespace cw

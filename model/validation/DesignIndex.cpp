#include "model/validation/DesignIndex.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
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
    if (before.catalogType != after.catalogType || before.role != after.role
        || before.tier != after.tier)
        changed |= input::DeviceSpec;
    if (before.name != after.name)
        changed |= input::DeviceName;
    if (before.qos != after.qos)
        changed |= input::DeviceQos;
    return changed;
}

const std::vector<DeviceId> kNoDevices;
const std::vector<LinkId> kNoLinks;

} // namespace

void DesignIndex::addDevice(const Device &device, const Catalog &catalog)
{
    m_devices[device.id.value] = DeviceEntry { device, catalog.find(device.catalogType) };
    insertSorted(m_rackDevices[device.rack.value], device.id);
}

void DesignIndex::removeDevice(DeviceId id)
{
    auto it = m_devices.find(id.value);
    if (it == m_devices.end())
        return;
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

void DesignIndex::rebuild(const Design &design, const Catalog &catalog)
{
    m_devices.clear();
    m_links.clear();
    m_tierFabric.clear();
    m_rackDevices.clear();
    m_deviceLinks.clear();
    m_devices.reserve(design.devices().size());
    m_links.reserve(design.links().size());
    for (const Device &device : design.devices())
        addDevice(device, catalog);
    for (const Link &link : design.links())
        addLink(link);
    for (const StorageTier &tier : design.storageTiers())
        m_tierFabric[tier.id.value] = tier.fabric;
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

    // Pass 2: bring the memory up to date.
    for (const auto &[id, changed] : changedDevices) {
        removeDevice(id);
        if (const Device *device = design.device(id))
            addDevice(*device, catalog);
    }
    for (LinkId id : changedLinks) {
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

#include "views/document/DesignPatch.h"

#include <algorithm>

namespace cw {

EntityRef refOf(const EntityValue &value)
{
    return std::visit([](const auto &entity) { return EntityRef::of(entity.id); }, value);
}

std::optional<EntityValue> valueOf(const Design &design, EntityRef ref)
{
    switch (ref.kind) {
    case EntityKind::Row:
        if (const Row *row = design.row(RowId { ref.id }))
            return EntityValue { *row };
        break;
    case EntityKind::Rack:
        if (const Rack *rack = design.rack(RackId { ref.id }))
            return EntityValue { *rack };
        break;
    case EntityKind::Device:
        if (const Device *device = design.device(DeviceId { ref.id }))
            return EntityValue { *device };
        break;
    case EntityKind::Link:
        if (const Link *link = design.link(LinkId { ref.id }))
            return EntityValue { *link };
        break;
    case EntityKind::Fabric:
        if (const Fabric *fabric = design.fabric(FabricId { ref.id }))
            return EntityValue { *fabric };
        break;
    case EntityKind::StorageTier:
        if (const StorageTier *tier = design.storageTier(StorageTierId { ref.id }))
            return EntityValue { *tier };
        break;
    }
    return std::nullopt;
}

DesignSettings DesignSettings::of(const Design &design)
{
    return { design.name(),     design.scheduler(), design.nccl(),
             design.workload(), design.waivers(),   design.severityOverrides() };
}

DesignPatch::DesignPatch(const Design &design)
    : m_nextIdBefore(design.nextId())
    , m_nextIdAfter(design.nextId())
{ }

PatchEntry &DesignPatch::entryFor(const Design &design, EntityRef ref)
{
    for (PatchEntry &entry : m_entries)
        if (entry.ref == ref)
            return entry;
    PatchEntry entry;
    entry.ref = ref;
    entry.before = valueOf(design, ref);
    entry.after = entry.before;
    m_entries.push_back(std::move(entry));
    return m_entries.back();
}

const PatchEntry *DesignPatch::entry(EntityRef ref) const
{
    for (const PatchEntry &entry : m_entries)
        if (entry.ref == ref)
            return &entry;
    return nullptr;
}

std::optional<EntityValue> DesignPatch::afterValue(const Design &design, EntityRef ref) const
{
    if (const PatchEntry *patched = entry(ref))
        return patched->after;
    return valueOf(design, ref);
}

void DesignPatch::put(const Design &design, const EntityValue &value)
{
    entryFor(design, refOf(value)).after = value;
    // An entity restored under an id beyond the counter keeps the counter ahead of it.
    m_nextIdAfter = std::max(m_nextIdAfter, refOf(value).id + 1);
}

void DesignPatch::setSettings(const Design &design, DesignSettings settings)
{
    if (!m_settingsBefore)
        m_settingsBefore = DesignSettings::of(design);
    m_settingsAfter = std::move(settings);
}

void DesignPatch::setSite(const Design &design, Site site)
{
    if (!m_siteBefore)
        m_siteBefore = design.site();
    m_siteAfter = std::move(site);
}

void DesignPatch::remove(const Design &design, EntityRef ref)
{
    PatchEntry &target = entryFor(design, ref);
    if (!target.after)
        return; // already removed by this patch
    target.after.reset();
    // Cascades mirror Design::removeRow/Rack/Device/Fabric so that undo can put every piece
    // back under its own id.
    switch (ref.kind) {
    case EntityKind::Row:
        for (const Rack &rack : design.racks())
            if (rack.row.value == ref.id)
                remove(design, EntityRef::of(rack.id));
        break;
    case EntityKind::Rack:
        for (DeviceId device : design.devicesInRack(RackId { ref.id }))
            remove(design, EntityRef::of(device));
        break;
    case EntityKind::Device: {
        const DeviceId id { ref.id };
        for (LinkId link : design.linksOfDevice(id))
            remove(design, EntityRef::of(link));
        for (const StorageTier &tier : design.storageTiers()) {
            auto current = afterValue(design, EntityRef::of(tier.id));
            if (!current)
                continue;
            StorageTier updated = std::get<StorageTier>(*current);
            if (std::erase(updated.members, id) > 0)
                put(design, updated);
        }
        DesignSettings settings = m_settingsAfter ? *m_settingsAfter : DesignSettings::of(design);
        bool partitionsChanged = false;
        for (Partition &partition : settings.scheduler.partitions)
            partitionsChanged = std::erase(partition.nodes, id) > 0 || partitionsChanged;
        if (partitionsChanged)
            setSettings(design, std::move(settings));
        break;
    }
    case EntityKind::Fabric:
        for (const Link &link : design.links())
            if (link.fabric.value == ref.id)
                remove(design, EntityRef::of(link.id));
        for (const StorageTier &tier : design.storageTiers()) {
            auto current = afterValue(design, EntityRef::of(tier.id));
            if (!current)
                continue;
            StorageTier updated = std::get<StorageTier>(*current);
            if (updated.fabric.value == ref.id) {
                updated.fabric = FabricId {};
                put(design, updated);
            }
        }
        break;
    case EntityKind::Link:
    case EntityKind::StorageTier:
        break;
    }
}

bool DesignPatch::isEmpty() const
{
    return m_entries.empty() && !m_settingsAfter && !m_siteAfter;
}

bool DesignPatch::isNoop() const
{
    for (const PatchEntry &entry : m_entries)
        if (entry.before != entry.after)
            return false;
    return m_settingsBefore == m_settingsAfter && m_siteBefore == m_siteAfter;
}

void DesignPatch::absorb(const DesignPatch &later)
{
    for (const PatchEntry &next : later.m_entries) {
        auto it = std::find_if(m_entries.begin(), m_entries.end(),
                               [&next](const PatchEntry &e) { return e.ref == next.ref; });
        if (it == m_entries.end())
            m_entries.push_back(next);
        else
            it->after = next.after;
    }
    if (later.m_settingsAfter) {
        if (!m_settingsBefore)
            m_settingsBefore = later.m_settingsBefore;
        m_settingsAfter = later.m_settingsAfter;
    }
    if (later.m_siteAfter) {
        if (!m_siteBefore)
            m_siteBefore = later.m_siteBefore;
        m_siteAfter = later.m_siteAfter;
    }
    m_nextIdAfter = later.m_nextIdAfter;
}

namespace {

/// Order in which kinds are added (parents first); removal runs it backwards.
constexpr EntityKind kAddOrder[]
    = { EntityKind::Row,    EntityKind::Fabric, EntityKind::Rack,
        EntityKind::Device, EntityKind::Link,   EntityKind::StorageTier };

void addEntity(Design &design, const EntityValue &value)
{
    std::visit(
        [&design](const auto &entity) {
            using T = std::decay_t<decltype(entity)>;
            if constexpr (std::is_same_v<T, Row>)
                design.addRow(entity);
            else if constexpr (std::is_same_v<T, Rack>)
                design.addRack(entity);
            else if constexpr (std::is_same_v<T, Device>)
                design.addDevice(entity);
            else if constexpr (std::is_same_v<T, Link>)
                design.addLink(entity);
            else if constexpr (std::is_same_v<T, Fabric>)
                design.addFabric(entity);
            else
                design.addStorageTier(entity);
        },
        value);
}

void updateEntity(Design &design, const EntityValue &value)
{
    std::visit(
        [&design](const auto &entity) {
            using T = std::decay_t<decltype(entity)>;
            if constexpr (std::is_same_v<T, Row>)
                design.updateRow(entity);
            else if constexpr (std::is_same_v<T, Rack>)
                design.updateRack(entity);
            else if constexpr (std::is_same_v<T, Device>)
                design.updateDevice(entity);
            else if constexpr (std::is_same_v<T, Link>)
                design.updateLink(entity);
            else if constexpr (std::is_same_v<T, Fabric>)
                design.updateFabric(entity);
            else
                design.updateStorageTier(entity);
        },
        value);
}

void removeEntity(Design &design, EntityRef ref)
{
    // Cascaded pieces are in the patch too and were removed first, so these remove one thing.
    switch (ref.kind) {
    case EntityKind::Row:
        design.removeRow(RowId { ref.id });
        break;
    case EntityKind::Rack:
        design.removeRack(RackId { ref.id });
        break;
    case EntityKind::Device:
        design.removeDevice(DeviceId { ref.id });
        break;
    case EntityKind::Link:
        design.removeLink(LinkId { ref.id });
        break;
    case EntityKind::Fabric:
        design.removeFabric(FabricId { ref.id });
        break;
    case EntityKind::StorageTier:
        design.removeStorageTier(StorageTierId { ref.id });
        break;
    }
}

} // namespace

ChangeSet DesignPatch::apply(Design &design, bool forward) const
{
    auto from = [forward](const PatchEntry &e) -> const std::optional<EntityValue> & {
        return forward ? e.before : e.after;
    };
    auto to = [forward](const PatchEntry &e) -> const std::optional<EntityValue> & {
        return forward ? e.after : e.before;
    };
    ChangeSet changes;
    // Removals, children first: links, tiers, devices, racks, rows, fabrics.
    for (auto kind = std::rbegin(kAddOrder); kind != std::rend(kAddOrder); ++kind)
        for (const PatchEntry &e : m_entries)
            if (e.ref.kind == *kind && from(e) && !to(e)) {
                removeEntity(design, e.ref);
                changes.removed.push_back(e.ref);
            }
    // Additions and modifications, parents first. A link is modified before links are added
    // so that a port it frees can be taken by a new link; tiers come last (they name devices).
    for (EntityKind kind : kAddOrder) {
        if (kind == EntityKind::Link || kind == EntityKind::StorageTier) {
            for (const PatchEntry &e : m_entries)
                if (e.ref.kind == kind && from(e) && to(e) && *from(e) != *to(e)) {
                    updateEntity(design, *to(e));
                    changes.modified.push_back(e.ref);
                }
        }
        for (const PatchEntry &e : m_entries)
            if (e.ref.kind == kind && !from(e) && to(e)) {
                addEntity(design, *to(e));
                changes.added.push_back(e.ref);
            }
        if (kind != EntityKind::Link && kind != EntityKind::StorageTier) {
            for (const PatchEntry &e : m_entries)
                if (e.ref.kind == kind && from(e) && to(e) && *from(e) != *to(e)) {
                    updateEntity(design, *to(e));
                    changes.modified.push_back(e.ref);
                }
        }
    }
    const auto &settings = forward ? m_settingsAfter : m_settingsBefore;
    if (settings && m_settingsBefore != m_settingsAfter) {
        design.setName(settings->name);
        design.setScheduler(settings->scheduler);
        design.setNccl(settings->nccl);
        design.setWorkload(settings->workload);
        design.setWaivers(settings->waivers);
        design.setSeverityOverrides(settings->severities);
        changes.settingsChanged = true;
    }
    const auto &site = forward ? m_siteAfter : m_siteBefore;
    if (site && m_siteBefore != m_siteAfter) {
        design.setSite(*site);
        changes.siteChanged = true;
    }
    const std::uint64_t nextId = forward ? m_nextIdAfter : m_nextIdBefore;
    if (nextId > design.maxUsedId())
        design.setNextId(nextId);
    return changes;
}

} // namespace cw

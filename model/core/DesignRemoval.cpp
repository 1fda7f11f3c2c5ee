// Design's removals: removeMany and the remove* calls built on it (a cascade walked entity by
// entity, each table erased once at the end). Split from Design.cpp, which keeps the rest.

#include "model/core/Design.h"

#include "model/core/DesignAdjacency.h"

#include <algorithm>
#include <string>
#include <unordered_set>

namespace cw {
namespace {

/// The entity with this id, or DesignIntegrityError in Design's words ("unknown rack id 7").
template<typename Table, typename Id>
void mustFind(const Table &table, Id id, const char *what)
{
    if (!table.find(id))
        throw DesignIntegrityError("unknown " + std::string(what) + " id "
                                   + std::to_string(id.value));
}

} // namespace

/// The cascade of one removeMany: the adjacency is updated entity by entity as the calls
/// one by one did (so later steps see what earlier ones took), the tables are erased once
/// at the end. An entity taken earlier in the same removal is skipped.
struct Design::Removal
{
    Design &design;
    ChangeSet changes;
    std::vector<LinkId> links;
    std::vector<DeviceId> devices;
    std::vector<RackId> racks;
    std::vector<RowId> rows;
    std::vector<FabricId> fabrics;
    std::vector<StorageTierId> tiers;
    std::unordered_set<std::uint64_t> taken; ///< rows, racks, fabrics, tiers (few)

    bool linkLive(const Link &link) const
    {
        // A removed link has left its port (the adjacency is updated as we go).
        return design.adjacency().linkAt(link.a) == link.id;
    }
    bool deviceLive(DeviceId id) const { return design.adjacency().deviceLinks(id) != nullptr; }
    bool tierLive(const StorageTier &tier) const { return !taken.contains(tier.id.value); }

    void link(LinkId id)
    {
        const Link *found = design.m_links.find(id);
        if (!found || !linkLive(*found))
            return;
        design.mutableAdjacency().removeLink(*found);
        links.push_back(id);
        changes.removed.push_back(EntityRef::of(id));
    }

    void device(DeviceId id)
    {
        if (!deviceLive(id))
            return;
        const std::vector<LinkId> of = design.linksOfDevice(id); // link() edits the list
        for (LinkId each : of)
            link(each);
        for (const StorageTier &tier : design.m_storageTiers) {
            if (!tierLive(tier)
                || std::find(tier.members.begin(), tier.members.end(), id) == tier.members.end())
                continue;
            StorageTier updated = tier;
            std::erase(updated.members, id);
            changes.merge(design.updateStorageTier(std::move(updated)));
        }
        design.mutableAdjacency().removeDevice(*design.m_devices.find(id));
        devices.push_back(id);
        changes.removed.push_back(EntityRef::of(id));
    }

    void rack(RackId id)
    {
        if (taken.contains(id.value))
            return;
        const std::vector<DeviceId> in = design.devicesInRack(id); // device() edits the list
        for (DeviceId each : in)
            device(each);
        design.mutableAdjacency().removeRack(*design.m_racks.find(id));
        take(racks, id);
    }

    void row(RowId id)
    {
        if (taken.contains(id.value))
            return;
        const std::vector<RackId> in = design.racksInRow(id); // rack() edits the list
        for (RackId each : in)
            rack(each);
        take(rows, id);
    }

    void fabric(FabricId id)
    {
        if (taken.contains(id.value))
            return;
        std::vector<LinkId> on;
        for (const Link &each : design.m_links)
            if (each.fabric == id)
                on.push_back(each.id);
        for (LinkId each : on)
            link(each);
        for (const StorageTier &tier : design.m_storageTiers) {
            if (!tierLive(tier) || tier.fabric != id)
                continue;
            StorageTier updated = tier;
            updated.fabric = FabricId {};
            changes.merge(design.updateStorageTier(std::move(updated)));
        }
        take(fabrics, id);
    }

    void tier(StorageTierId id)
    {
        if (!taken.contains(id.value))
            take(tiers, id);
    }

    template<typename Id>
    void take(std::vector<Id> &list, Id id)
    {
        taken.insert(id.value);
        list.push_back(id);
        changes.removed.push_back(EntityRef::of(id));
    }

    /// The tables, each erased in one pass, and the scheduler's partitions.
    void finish()
    {
        eraseFrom(design.m_links, links);
        eraseFrom(design.m_devices, devices);
        eraseFrom(design.m_racks, racks);
        eraseFrom(design.m_rows, rows);
        eraseFrom(design.m_fabrics, fabrics);
        eraseFrom(design.m_storageTiers, tiers);
        if (devices.empty())
            return;
        bool partitionsChanged = false;
        for (Partition &partition : design.m_scheduler.partitions)
            partitionsChanged
                = std::erase_if(partition.nodes,
                                [this](DeviceId node) {
                                    return std::binary_search(devices.begin(), devices.end(), node);
                                })
                    > 0
                || partitionsChanged;
        changes.settingsChanged = changes.settingsChanged || partitionsChanged;
    }

    template<typename Table, typename Id>
    static void eraseFrom(Table &table, std::vector<Id> &ids)
    {
        std::sort(ids.begin(), ids.end());
        table.eraseIds(ids);
    }
};

ChangeSet Design::removeMany(const std::vector<EntityRef> &refs)
{
    // Every id first, so that an unknown one changes nothing.
    for (const EntityRef &ref : refs) {
        switch (ref.kind) {
        case EntityKind::Row:
            mustFind(m_rows, RowId { ref.id }, "row");
            break;
        case EntityKind::Rack:
            mustFind(m_racks, RackId { ref.id }, "rack");
            break;
        case EntityKind::Device:
            mustFind(m_devices, DeviceId { ref.id }, "device");
            break;
        case EntityKind::Link:
            mustFind(m_links, LinkId { ref.id }, "link");
            break;
        case EntityKind::Fabric:
            mustFind(m_fabrics, FabricId { ref.id }, "fabric");
            break;
        case EntityKind::StorageTier:
            mustFind(m_storageTiers, StorageTierId { ref.id }, "storage tier");
            break;
        }
    }
    Removal removal { *this, {}, {}, {}, {}, {}, {}, {}, {} };
    for (const EntityRef &ref : refs) {
        switch (ref.kind) {
        case EntityKind::Row:
            removal.row(RowId { ref.id });
            break;
        case EntityKind::Rack:
            removal.rack(RackId { ref.id });
            break;
        case EntityKind::Device:
            removal.device(DeviceId { ref.id });
            break;
        case EntityKind::Link:
            removal.link(LinkId { ref.id });
            break;
        case EntityKind::Fabric:
            removal.fabric(FabricId { ref.id });
            break;
        case EntityKind::StorageTier:
            removal.tier(StorageTierId { ref.id });
            break;
        }
    }
    removal.finish();
    return std::move(removal.changes);
}

ChangeSet Design::removeDevice(DeviceId id)
{
    return removeMany({ EntityRef::of(id) });
}

ChangeSet Design::removeRack(RackId id)
{
    return removeMany({ EntityRef::of(id) });
}

ChangeSet Design::removeRow(RowId id)
{
    return removeMany({ EntityRef::of(id) });
}

ChangeSet Design::removeFabric(FabricId id)
{
    return removeMany({ EntityRef::of(id) });
}

ChangeSet Design::removeStorageTier(StorageTierId id)
{
    return removeMany({ EntityRef::of(id) });
}

} // namespace cw

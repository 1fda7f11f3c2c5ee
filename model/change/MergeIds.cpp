#include "model/change/MergeIds.h"

#include <algorithm>
#include <unordered_map>

namespace cw::change {
namespace {

template<typename E>
void collect(const EntityTable<E> &table, const Design &base, const Design &ours,
             std::unordered_map<std::uint64_t, std::uint64_t> &map, std::uint64_t &next,
             std::vector<std::string> &notes, const char *kind)
{
    for (const E &e : table) {
        const std::uint64_t id = e.id.value;
        if (base.hasId(id) || !ours.hasId(id))
            continue;
        map[id] = next;
        notes.push_back(std::string("theirs' new ") + kind + " \"" + e.name
                        + "\" renumbered from id " + std::to_string(id) + " to "
                        + std::to_string(next) + " (ours used that id for another new entity)");
        ++next;
    }
}

} // namespace

Design renumberCollisions(const Design &base, const Design &ours, const Design &theirs,
                          std::vector<std::string> &notes)
{
    std::unordered_map<std::uint64_t, std::uint64_t> map;
    std::uint64_t next = std::max(ours.nextId(), theirs.nextId());
    collect(theirs.rows(), base, ours, map, next, notes, "row");
    collect(theirs.racks(), base, ours, map, next, notes, "rack");
    collect(theirs.fabrics(), base, ours, map, next, notes, "fabric");
    collect(theirs.devices(), base, ours, map, next, notes, "device");
    for (const Link &l : theirs.links())
        if (!base.hasId(l.id.value) && ours.hasId(l.id.value))
            map[l.id.value] = next++; // links have no name; the note on their devices suffices
    collect(theirs.storageTiers(), base, ours, map, next, notes, "storage tier");
    if (map.empty())
        return theirs;

    auto m = [&](std::uint64_t v) {
        auto it = map.find(v);
        return it == map.end() ? v : it->second;
    };
    Design d;
    d.setName(theirs.name());
    d.setSite(theirs.site());
    for (Row r : theirs.rows()) {
        r.id.value = m(r.id.value);
        d.addRow(r);
    }
    for (Rack r : theirs.racks()) {
        r.id.value = m(r.id.value);
        r.row.value = m(r.row.value);
        d.addRack(r);
    }
    for (Fabric f : theirs.fabrics()) {
        f.id.value = m(f.id.value);
        d.addFabric(f);
    }
    for (Device v : theirs.devices()) {
        v.id.value = m(v.id.value);
        v.rack.value = m(v.rack.value);
        d.addDevice(v);
    }
    for (Link l : theirs.links()) {
        l.id.value = m(l.id.value);
        l.fabric.value = m(l.fabric.value);
        l.a.device.value = m(l.a.device.value);
        l.b.device.value = m(l.b.device.value);
        d.addLink(l);
    }
    for (StorageTier t : theirs.storageTiers()) {
        t.id.value = m(t.id.value);
        t.fabric.value = m(t.fabric.value);
        for (DeviceId &member : t.members)
            member.value = m(member.value);
        d.addStorageTier(t);
    }
    SchedulerSettings scheduler = theirs.scheduler();
    for (Partition &p : scheduler.partitions)
        for (DeviceId &node : p.nodes)
            node.value = m(node.value);
    d.setScheduler(scheduler);
    d.setNccl(theirs.nccl());
    d.setWorkload(theirs.workload());
    std::vector<Waiver> waivers = theirs.waivers();
    for (Waiver &w : waivers)
        for (std::uint64_t &id : w.entityIds)
            id = m(id);
    d.setWaivers(waivers);
    d.setSeverityOverrides(theirs.severityOverrides());
    d.setNextId(next);
    return d;
}

} // namespace cw::change

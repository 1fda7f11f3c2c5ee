#include "views/document/DesignRebuild.h"

#include <algorithm>
#include <unordered_set>

namespace cw {
namespace {

/// Adds the old table's untouched entities and the touched ones' final values to `target`
/// in id order, so every insert is an append.
template<typename Entity, typename Add>
void mergeTable(const EntityTable<Entity> &old, const FinalValues &finals, Add add)
{
    std::vector<const Entity *> patched;
    for (const auto &[id, value] : finals)
        if (value && std::holds_alternative<Entity>(*value))
            patched.push_back(&std::get<Entity>(*value));
    std::sort(patched.begin(), patched.end(),
              [](const Entity *a, const Entity *b) { return a->id < b->id; });
    auto next = patched.begin();
    for (const Entity &entity : old) {
        for (; next != patched.end() && (*next)->id < entity.id; ++next)
            add(**next);
        if (!finals.contains(entity.id.value))
            add(entity);
    }
    for (; next != patched.end(); ++next)
        add(**next);
}

} // namespace

void rebuildDesign(Design &design, const FinalValues &finals)
{
    Design fresh;
    fresh.reserve(design.devices().size(), design.links().size());
    fresh.setName(design.name());
    fresh.setSite(design.site());
    fresh.setNccl(design.nccl());
    fresh.setWorkload(design.workload());
    fresh.setWaivers(design.waivers());
    fresh.setSeverityOverrides(design.severityOverrides());
    // Parents before children, as Design's mutators require.
    mergeTable(design.rows(), finals, [&fresh](const Row &row) { fresh.addRow(row); });
    mergeTable(design.fabrics(), finals,
               [&fresh](const Fabric &fabric) { fresh.addFabric(fabric); });
    mergeTable(design.racks(), finals, [&fresh](const Rack &rack) { fresh.addRack(rack); });
    mergeTable(design.devices(), finals,
               [&fresh](const Device &device) { fresh.addDevice(device); });
    mergeTable(design.links(), finals, [&fresh](const Link &link) { fresh.addLink(link); });
    mergeTable(design.storageTiers(), finals,
               [&fresh](const StorageTier &tier) { fresh.addStorageTier(tier); });
    SchedulerSettings scheduler = design.scheduler();
    for (Partition &partition : scheduler.partitions)
        std::erase_if(partition.nodes, [&fresh](DeviceId id) { return !fresh.device(id); });
    fresh.setScheduler(std::move(scheduler));
    fresh.setNextId(std::max(design.nextId(), fresh.nextId()));
    design = std::move(fresh);
}

} // namespace cw

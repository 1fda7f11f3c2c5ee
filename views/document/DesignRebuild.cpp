#include "views/document/DesignRebuild.h"
#include "views/document/DesignSnapshots.h"

#include <algorithm>
#include <type_traits>
#include <unordered_set>

namespace cw {
namespace {

/// Adds the old table's untouched entities and the touched ones' final values to the new
/// design in id order, so every insert is an append; a merge of two sorted lists, no hashing.
template<typename Entity, typename Add>
void mergeTable(const EntityTable<Entity> &old, const FinalValues &finals, EntityKind kind, Add add)
{
    std::vector<const FinalValue *> touched;
    for (const FinalValue &final : finals)
        if (final.ref.kind == kind)
            touched.push_back(&final);
    std::sort(touched.begin(), touched.end(),
              [](const FinalValue *a, const FinalValue *b) { return a->ref.id < b->ref.id; });
    auto next = touched.begin();
    const auto addTouched = [&add](const FinalValue *final) {
        if constexpr (std::is_same_v<Entity, Link>) {
            if (final->link) {
                add(*final->link);
                return;
            }
        }
        if (final->value)
            add(std::get<Entity>(*final->value));
    };
    for (const Entity &entity : old) {
        for (; next != touched.end() && (*next)->ref.id < entity.id.value; ++next)
            addTouched(*next);
        if (next != touched.end() && (*next)->ref.id == entity.id.value)
            addTouched(*next++); // modified or removed
        else
            add(entity);
    }
    for (; next != touched.end(); ++next)
        addTouched(*next);
}

} // namespace

void rebuildDesign(Design &design, const FinalValues &finals, std::unique_ptr<Design> *keep)
{
    Design fresh;
    // An undone mass delete adds its entities back: reserve for them too.
    std::size_t devices = design.devices().size();
    std::size_t links = design.links().size();
    for (const FinalValue &final : finals) {
        devices += final.ref.kind == EntityKind::Device ? 1 : 0;
        links += final.ref.kind == EntityKind::Link ? 1 : 0;
    }
    fresh.reserve(devices, links);
    fresh.setName(design.name());
    fresh.setSite(design.site());
    fresh.setNccl(design.nccl());
    fresh.setWorkload(design.workload());
    fresh.setWaivers(design.waivers());
    fresh.setSeverityOverrides(design.severityOverrides());
    // Parents before children, as Design's mutators require.
    mergeTable(design.rows(), finals, EntityKind::Row,
               [&fresh](const Row &row) { fresh.addRow(row); });
    mergeTable(design.fabrics(), finals, EntityKind::Fabric,
               [&fresh](const Fabric &fabric) { fresh.addFabric(fabric); });
    mergeTable(design.racks(), finals, EntityKind::Rack,
               [&fresh](const Rack &rack) { fresh.addRack(rack); });
    mergeTable(design.devices(), finals, EntityKind::Device,
               [&fresh](const Device &device) { fresh.addDevice(device); });
    mergeTable(design.links(), finals, EntityKind::Link,
               [&fresh](const Link &link) { fresh.addLink(link); });
    mergeTable(design.storageTiers(), finals, EntityKind::StorageTier,
               [&fresh](const StorageTier &tier) { fresh.addStorageTier(tier); });
    SchedulerSettings scheduler = design.scheduler();
    for (Partition &partition : scheduler.partitions)
        std::erase_if(partition.nodes, [&fresh](DeviceId id) { return !fresh.device(id); });
    fresh.setScheduler(std::move(scheduler));
    fresh.setNextId(std::max(design.nextId(), fresh.nextId()));
    if (keep) {
        *keep = std::make_unique<Design>(std::move(design));
        design = std::move(fresh);
        return;
    }
    // The old tables go on a worker: freeing 10^5 entities is a tenth of a second the GUI
    // thread need not wait for. Nothing refers to them any more.
    auto old = std::make_shared<Design>(std::move(design));
    design = std::move(fresh);
    backgroundJobs()->start([old = std::move(old)]() mutable { old.reset(); });
}

} // namespace cw

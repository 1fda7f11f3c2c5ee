#include "model/change/DesignChangeSet.h"

#include "model/core/Design.h"

namespace cw::change {
namespace {

/// Walks two id-sorted tables side by side.
template<typename Entity>
void compareTables(const EntityTable<Entity> &before, const EntityTable<Entity> &after,
                   ChangeSet &changes)
{
    auto b = before.begin(), a = after.begin();
    while (b != before.end() || a != after.end()) {
        if (a == after.end() || (b != before.end() && b->id < a->id)) {
            changes.removed.push_back(EntityRef::of(b->id));
            ++b;
        } else if (b == before.end() || a->id < b->id) {
            changes.added.push_back(EntityRef::of(a->id));
            ++a;
        } else {
            if (!(*b == *a))
                changes.modified.push_back(EntityRef::of(a->id));
            ++b, ++a;
        }
    }
}

} // namespace

ChangeSet changeSetBetween(const Design &before, const Design &after)
{
    ChangeSet changes;
    compareTables(before.rows(), after.rows(), changes);
    compareTables(before.racks(), after.racks(), changes);
    compareTables(before.devices(), after.devices(), changes);
    compareTables(before.fabrics(), after.fabrics(), changes);
    compareTables(before.links(), after.links(), changes);
    compareTables(before.storageTiers(), after.storageTiers(), changes);
    changes.siteChanged = !(before.site() == after.site());
    changes.settingsChanged = before.name() != after.name()
        || !(before.scheduler() == after.scheduler()) || !(before.nccl() == after.nccl())
        || !(before.workload() == after.workload()) || before.waivers() != after.waivers()
        || before.severityOverrides() != after.severityOverrides();
    return changes;
}

} // namespace cw::change

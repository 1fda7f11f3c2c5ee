#pragma once

#include "model/core/Ids.h"

#include <cstdint>
#include <vector>

namespace cw {

/// A reference to any entity: its kind and id value.
struct EntityRef
{
    EntityKind kind = EntityKind::Device;
    std::uint64_t id = 0;

    auto operator<=>(const EntityRef &) const = default;

    template<EntityKind K>
    static EntityRef of(TypedId<K> typed)
    {
        return { K, typed.value };
    }
};

/// What a mutation did: entities added, removed, modified, and the design-wide settings it
/// touched. Views and the validator update from this, never by diffing the design.
struct ChangeSet
{
    std::vector<EntityRef> added;
    std::vector<EntityRef> removed;
    std::vector<EntityRef> modified;
    bool siteChanged = false;
    bool settingsChanged = false; ///< scheduler, NCCL, workload, waivers, severities, name

    bool isEmpty() const
    {
        return added.empty() && removed.empty() && modified.empty() && !siteChanged
            && !settingsChanged;
    }

    void merge(const ChangeSet &other)
    {
        added.insert(added.end(), other.added.begin(), other.added.end());
        removed.insert(removed.end(), other.removed.begin(), other.removed.end());
        modified.insert(modified.end(), other.modified.begin(), other.modified.end());
        siteChanged = siteChanged || other.siteChanged;
        settingsChanged = settingsChanged || other.settingsChanged;
    }
};

} // namespace cw

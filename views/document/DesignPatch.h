#pragma once

#include "model/core/Design.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

namespace cw {

/// A copy of one entity, whatever its kind.
using EntityValue = std::variant<Row, Rack, Device, Link, Fabric, StorageTier>;

EntityRef refOf(const EntityValue &value);
/// The entity `ref` names as it is in `design` now, or nullopt when there is none.
std::optional<EntityValue> valueOf(const Design &design, EntityRef ref);
/// Whether `design` has the entity `ref` names (kind and id), without copying it.
bool exists(const Design &design, EntityRef ref);

/// The design-wide settings an edit can touch (removing a node edits the partitions,
/// waiving a violation edits the waivers).
struct DesignSettings
{
    std::string name;
    SchedulerSettings scheduler;
    NcclSettings nccl;
    Workload workload;
    std::vector<Waiver> waivers;
    std::map<std::string, std::string> severities;

    bool operator==(const DesignSettings &) const = default;
    static DesignSettings of(const Design &design);
};

/// One entity before and after an edit: added (no before), removed (no after) or modified.
struct PatchEntry
{
    EntityRef ref;
    std::optional<EntityValue> before;
    std::optional<EntityValue> after;
};

/// What an undo command holds: values of everything an edit changes, before and after, and
/// the id counter on both sides (so apply-then-revert leaves a byte-identical file). Ids
/// and values only, never pointers, so it stays valid whatever happens to the scene items.
class DesignPatch
{
public:
    /// A patch starting from `design` as it is now; the building calls below read it but the
    /// patch keeps no reference to it.
    explicit DesignPatch(const Design &design);

    /// Records `value` as the new state of its entity (added if the design lacks it).
    void put(const Design &design, const EntityValue &value);
    /// Records the removal of the entity and of everything Design::remove* would take with
    /// it (links, devices, storage-tier memberships, partition entries).
    void remove(const Design &design, EntityRef ref);
    /// The same for many entities at once, in time linear in the design's size (one lookup
    /// table for the cascades, one pass over tiers and partitions at the end).
    void removeAll(const Design &design, const std::vector<EntityRef> &refs);
    void setSettings(const Design &design, DesignSettings settings);
    void setSite(const Design &design, Site site);
    /// Takes the next free id for a new entity of this patch.
    template<typename IdType>
    IdType newId()
    {
        return IdType { m_nextIdAfter++ };
    }

    bool isEmpty() const;
    /// What the patch changes, but for the links removeAll removed whole (removedLinks()).
    const std::vector<PatchEntry> &entries() const { return m_entries; }
    /// Links removeAll removed that the patch had not met before, by value (96 bytes each
    /// where a PatchEntry takes 528: a mass delete removes 5x10^5 of them). An id of 0 marks
    /// one later moved to entries() (a later edit folded into the patch touched it again).
    const std::vector<Link> &removedLinks() const { return m_removedLinks; }
    /// The entry of `ref`, or nullptr (also for a link in removedLinks()).
    const PatchEntry *entry(EntityRef ref) const;
    /// The entity as it will be after the patch: the patched value, the design's, or none.
    std::optional<EntityValue> afterValue(const Design &design, EntityRef ref) const;

    /// Whether applying would change nothing (an edit merged back to where it started).
    bool isNoop() const;

    /// Applies the patch (forward) or reverts it; returns the exact change set. The design
    /// must be in the patch's "before" state (or "after" state to revert).
    ChangeSet apply(Design &design, bool forward) const;
    /// As apply(); a bulk edit that rebuilds the tables (isBulk(), with many entities other
    /// than links added) moves the design as it was into `*keep` instead of freeing it, so
    /// that applying the patch the other way can swap it back in O(1) (PatchCommand); any
    /// other edit empties `*keep`.
    ChangeSet apply(Design &design, bool forward, std::unique_ptr<Design> *keep) const;
    /// Whether the patch has many additions or removals (deleting a rack and its links, a
    /// mass delete, their undo): applying it batches the removals and links (one pass over
    /// each table) or, when it also adds many other entities, rebuilds the design's tables;
    /// only a rebuild fills `*keep`.
    bool isBulk() const;
    /// The change set apply() returns, without applying anything.
    ChangeSet changeSet(bool forward) const;

    /// Folds `later` (applied right after this one) into this patch: keeps this patch's
    /// before values and takes the later after values.
    void absorb(const DesignPatch &later);

private:
    /// Set in an m_lookup index that points into m_removedLinks instead of m_entries.
    static constexpr std::size_t kRemovedLink = std::size_t(1) << 63;

    PatchEntry &entryFor(const Design &design, EntityRef ref);
    /// Moves a link of m_removedLinks (m_lookup index `index`) to an entry; returns its index.
    std::size_t promoteRemovedLink(std::size_t index);
    /// The tier as it will be after the patch, without copying it.
    const StorageTier *tierAfter(const Design &design, StorageTierId id) const;
    void dropMemberships(const Design &design, const std::unordered_set<std::uint64_t> &devices,
                         const std::unordered_set<std::uint64_t> &fabrics);

    std::vector<PatchEntry> m_entries;
    std::vector<Link> m_removedLinks;
    /// Entity id -> m_entries index, or m_removedLinks index | kRemovedLink.
    std::unordered_map<std::uint64_t, std::size_t> m_lookup;
    std::optional<DesignSettings> m_settingsBefore;
    std::optional<DesignSettings> m_settingsAfter;
    std::optional<Site> m_siteBefore;
    std::optional<Site> m_siteAfter;
    std::uint64_t m_nextIdBefore = 0;
    std::uint64_t m_nextIdAfter = 0;
};

} // namespace cw

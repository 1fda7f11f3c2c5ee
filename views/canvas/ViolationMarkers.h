#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/Violation.h"

#include <array>
#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

namespace cw::canvas {

class CanvasItem;

/// A view's violation markers, kept from the validator's deltas: per entity, how many
/// findings that are not waived name it at each severity; per item, the sum over the
/// entities marked on it. An edit re-resolves only the entities its delta or its change
/// names (and those whose items were rebuilt), so its cost follows the edit, not the list.
class ViolationMarkers
{
public:
    using ItemsFor = std::function<std::vector<CanvasItem *>(EntityRef)>;

    /// `itemsFor` says where a finding naming an entity is shown (the view's markerItemsFor).
    explicit ViolationMarkers(ItemsFor itemsFor);

    /// A finding joins (+1) or leaves (-1) the list.
    void count(const Violation &violation, int sign);
    /// Forgets every finding and every marker (before counting a whole new list).
    void clear();
    /// Where `ref` is shown may have changed (moved, added, removed).
    void touch(EntityRef ref);
    /// An item was created: entities it shows that carry findings are resolved again.
    void itemAdded(const CanvasItem *item, const std::vector<EntityRef> &entities);
    /// An item is about to be deleted: it is forgotten, what it showed is resolved again.
    void itemRemoved(CanvasItem *item);
    /// Every item was deleted at once (scene cleared): everything is resolved again at the
    /// next refresh.
    void itemsCleared();
    /// Resolves what was touched since the last call and updates those items' markers.
    void refresh();
    /// Resolves every entity with findings again (after a view rebuilt its items).
    void reapplyAll();

    const std::vector<CanvasItem *> &marked() const { return m_marked; }

private:
    using Counts = std::array<int, 3>; ///< per Severity value

    struct Source
    {
        EntityRef ref;
        Counts counts {}; ///< findings naming it now
        Counts applied {}; ///< what was added to its items' sums
        std::vector<CanvasItem *> items; ///< where it was applied
    };
    struct ItemMarks
    {
        Counts counts {};
        std::vector<std::uint64_t> sources;
    };

    void resolve(std::uint64_t id, std::vector<CanvasItem *> &dirty);
    void updateMarker(CanvasItem *item);

    ItemsFor m_itemsFor;
    std::unordered_map<std::uint64_t, Source> m_sources; ///< entity id -> its findings
    std::unordered_map<CanvasItem *, ItemMarks> m_items;
    std::vector<std::uint64_t> m_touched;
    std::vector<CanvasItem *> m_marked;
};

} // namespace cw::canvas

#include "views/canvas/ViolationMarkers.h"

#include "views/canvas/CanvasItem.h"

#include <algorithm>
#include <utility>

namespace cw::canvas {

ViolationMarkers::ViolationMarkers(ItemsFor itemsFor)
    : m_itemsFor(std::move(itemsFor))
{ }

void ViolationMarkers::count(const Violation &violation, int sign)
{
    if (violation.waived)
        return;
    for (const EntityRef &ref : violation.entities) {
        Source &source = m_sources[ref.id];
        source.ref = ref;
        source.counts[static_cast<std::size_t>(violation.severity)] += sign;
        m_touched.push_back(ref.id);
    }
}

void ViolationMarkers::clear()
{
    for (CanvasItem *item : m_marked)
        item->setMarker(std::nullopt);
    m_marked.clear();
    m_items.clear();
    m_sources.clear();
    m_touched.clear();
}

void ViolationMarkers::touch(EntityRef ref)
{
    if (m_sources.count(ref.id))
        m_touched.push_back(ref.id);
}

void ViolationMarkers::itemAdded(const CanvasItem *, const std::vector<EntityRef> &entities)
{
    for (const EntityRef &ref : entities)
        touch(ref);
}

void ViolationMarkers::itemRemoved(CanvasItem *item)
{
    const auto it = m_items.find(item);
    if (it != m_items.end()) {
        // What was shown on it must find its new place (a rebuilt rack, a regrouped box).
        for (std::uint64_t id : it->second.sources) {
            if (auto source = m_sources.find(id); source != m_sources.end())
                std::erase(source->second.items, item);
            m_touched.push_back(id);
        }
        m_items.erase(it);
    }
    std::erase(m_marked, item);
}

void ViolationMarkers::itemsCleared()
{
    m_items.clear();
    m_marked.clear();
    // The view builds new items next (as expensive as this): every finding is resolved again
    // at the next refresh, whichever item it lands on.
    m_touched.clear();
    for (auto &[id, source] : m_sources) {
        source.items.clear();
        source.applied = {};
        m_touched.push_back(id);
    }
}

void ViolationMarkers::resolve(std::uint64_t id, std::vector<CanvasItem *> &dirty)
{
    const auto it = m_sources.find(id);
    if (it == m_sources.end())
        return;
    Source &source = it->second;
    for (CanvasItem *item : source.items) {
        ItemMarks &marks = m_items[item];
        for (std::size_t s = 0; s < marks.counts.size(); ++s)
            marks.counts[s] -= source.applied[s];
        std::erase(marks.sources, id);
        dirty.push_back(item);
    }
    source.items.clear();
    source.applied = {};
    if (std::all_of(source.counts.begin(), source.counts.end(), [](int n) { return n == 0; })) {
        m_sources.erase(it);
        return;
    }
    source.items = m_itemsFor(source.ref);
    // An item listed twice for one entity still counts the entity once.
    std::sort(source.items.begin(), source.items.end());
    source.items.erase(std::unique(source.items.begin(), source.items.end()), source.items.end());
    source.applied = source.counts;
    for (CanvasItem *item : source.items) {
        ItemMarks &marks = m_items[item];
        for (std::size_t s = 0; s < marks.counts.size(); ++s)
            marks.counts[s] += source.applied[s];
        marks.sources.push_back(id);
        dirty.push_back(item);
    }
}

void ViolationMarkers::updateMarker(CanvasItem *item)
{
    const auto it = m_items.find(item);
    std::optional<Severity> severity;
    if (it != m_items.end()) {
        // Lower Severity values are more severe: the first with a finding wins.
        for (std::size_t s = 0; s < it->second.counts.size() && !severity; ++s)
            if (it->second.counts[s] > 0)
                severity = static_cast<Severity>(s);
        if (it->second.sources.empty())
            m_items.erase(it);
    }
    const bool wasMarked = item->marker().has_value();
    if (item->marker() != severity)
        item->setMarker(severity);
    if (severity && !wasMarked)
        m_marked.push_back(item);
    else if (!severity && wasMarked)
        std::erase(m_marked, item);
}

void ViolationMarkers::refresh()
{
    if (m_touched.empty())
        return;
    std::vector<std::uint64_t> touched = std::exchange(m_touched, {});
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    std::vector<CanvasItem *> dirty;
    for (std::uint64_t id : touched)
        resolve(id, dirty);
    std::sort(dirty.begin(), dirty.end());
    dirty.erase(std::unique(dirty.begin(), dirty.end()), dirty.end());
    for (CanvasItem *item : dirty)
        updateMarker(item);
}

void ViolationMarkers::reapplyAll()
{
    for (CanvasItem *item : m_marked)
        item->setMarker(std::nullopt);
    itemsCleared();
    refresh();
}

} // namespace cw::canvas

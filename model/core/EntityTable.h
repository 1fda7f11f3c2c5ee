#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace cw {

/// Entities of one kind kept sorted by id: iteration order is id order (what the file writer
/// and every report want), lookup is a guess then a binary search, and appending a new id is
/// O(1).
template<typename Entity>
class EntityTable
{
public:
    using Id = decltype(Entity::id);
    using const_iterator = typename std::vector<Entity>::const_iterator;

    const Entity *find(Id id) const
    {
        // Ids of one kind are mostly consecutive (a generator or a loaded file numbers them
        // in runs), so the position interpolated between the first and last id is usually
        // the entity itself: one cache miss instead of the ~20 of a binary search over the
        // half-million links of a 16k-node design (rules and exporters look links up by id).
        if (const Entity *guessed = guess(id))
            return guessed;
        auto it = lowerBound(id);
        return it != m_items.end() && it->id == id ? &*it : nullptr;
    }
    Entity *find(Id id) { return const_cast<Entity *>(std::as_const(*this).find(id)); }
    bool contains(Id id) const { return find(id) != nullptr; }

    /// Inserts in id order; returns false when the id is already present.
    bool insert(Entity entity)
    {
        if (m_items.empty() || m_items.back().id < entity.id) {
            m_items.push_back(std::move(entity));
            return true;
        }
        auto it = lowerBound(entity.id);
        if (it != m_items.end() && it->id == entity.id)
            return false;
        m_items.insert(it, std::move(entity));
        return true;
    }

    std::optional<Entity> take(Id id)
    {
        auto it = lowerBound(id);
        if (it == m_items.end() || it->id != id)
            return std::nullopt;
        Entity entity = std::move(*it);
        m_items.erase(it);
        return entity;
    }

    template<typename Predicate>
    std::size_t eraseIf(Predicate predicate)
    {
        return std::erase_if(m_items, predicate);
    }

    void reserve(std::size_t count) { m_items.reserve(count); }
    std::size_t size() const { return m_items.size(); }
    bool empty() const { return m_items.empty(); }
    const_iterator begin() const { return m_items.begin(); }
    const_iterator end() const { return m_items.end(); }
    const std::vector<Entity> &items() const { return m_items; }

private:
    const Entity *guess(Id id) const
    {
        if (m_items.size() < 2)
            return nullptr;
        const auto first = m_items.front().id.value;
        const auto last = m_items.back().id.value;
        if (id.value <= first || id.value >= last)
            return nullptr;
        const double fraction
            = static_cast<double>(id.value - first) / static_cast<double>(last - first);
        const auto at
            = static_cast<std::size_t>(fraction * static_cast<double>(m_items.size() - 1));
        const Entity &candidate = m_items[std::min(at, m_items.size() - 1)];
        return candidate.id == id ? &candidate : nullptr;
    }

    typename std::vector<Entity>::const_iterator lowerBound(Id id) const
    {
        return std::lower_bound(m_items.begin(), m_items.end(), id,
                                [](const Entity &e, Id value) { return e.id < value; });
    }
    typename std::vector<Entity>::iterator lowerBound(Id id)
    {
        return std::lower_bound(m_items.begin(), m_items.end(), id,
                                [](const Entity &e, Id value) { return e.id < value; });
    }

    std::vector<Entity> m_items;
};

} // namespace cw

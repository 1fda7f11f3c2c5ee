#pragma once

#include "model/common/HugePages.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

namespace cw {

/// Entities of one kind kept sorted by id: iteration order is id order (what the file writer
/// and every report want), lookup is an interpolation then a binary search, and appending a
/// new id is O(1).
template<typename Entity>
class EntityTable
{
public:
    using Id = decltype(Entity::id);
    using const_iterator = typename std::vector<Entity>::const_iterator;

    EntityTable() = default;
    /// A large table's copy (the 33 MB of links at 16k nodes, copied twice while a design
    /// opens: the validator's and the snapshots' designs) is written into 2 MB pages: its
    /// first touch, a page fault per 4 KB otherwise, was half of the copy's time.
    EntityTable(const EntityTable &other)
    {
        m_items.reserve(other.m_items.size());
        if (other.m_items.size() * sizeof(Entity) >= kHugeCopyBytes)
            adviseHugePages(m_items.data(), m_items.capacity() * sizeof(Entity));
        m_items.insert(m_items.end(), other.m_items.begin(), other.m_items.end());
    }
    EntityTable(EntityTable &&) noexcept = default;
    EntityTable &operator=(const EntityTable &other)
    {
        if (this != &other) {
            EntityTable copy(other);
            m_items = std::move(copy.m_items);
        }
        return *this;
    }
    EntityTable &operator=(EntityTable &&) noexcept = default;

    const Entity *find(Id id) const
    {
        // Interpolation first: ids of one kind are spread nearly evenly (generators and
        // loaded files number them in runs, other kinds interleaved), so a guess between the
        // range's first and last id lands on or near the entity: a cache miss or three
        // instead of the ~20 of a binary search over the half-million links of a 16k-node
        // design (devices of a generated 16k design: 3 probes on average). Five rounds at
        // most, then a binary search of what is left: never worse than O(log n).
        // A small table (fabrics, storage tiers) is searched at once: a division costs more
        // than the few steps it would save.
        constexpr std::size_t kInterpolateAbove = 64;
        std::size_t lo = 0;
        std::size_t hi = m_items.size();
        for (int round = 0; round < 5 && hi - lo > kInterpolateAbove; ++round) {
            const std::uint64_t first = m_items[lo].id.value;
            const std::uint64_t last = m_items[hi - 1].id.value;
            if (id.value < first || id.value > last)
                return nullptr;
            const double fraction
                = static_cast<double>(id.value - first) / static_cast<double>(last - first);
            const std::size_t at = lo
                + std::min(hi - 1 - lo,
                           static_cast<std::size_t>(fraction * static_cast<double>(hi - 1 - lo)));
            const Entity &candidate = m_items[at];
            if (candidate.id == id)
                return &candidate;
            if (candidate.id < id)
                lo = at + 1;
            else
                hi = at;
        }
        const auto begin = m_items.begin() + static_cast<std::ptrdiff_t>(lo);
        const auto end = m_items.begin() + static_cast<std::ptrdiff_t>(hi);
        auto it = std::lower_bound(begin, end, id,
                                   [](const Entity &e, Id value) { return e.id < value; });
        return it != end && it->id == id ? &*it : nullptr;
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

    /// Inserts many entities with one sort and one merge instead of a vector insert each (an
    /// empty table adopts the vector, entities in id order are appended). Returns false, the
    /// table unchanged, when an id repeats or is already present.
    bool insertMany(std::vector<Entity> entities)
    {
        auto byId = [](const Entity &x, const Entity &y) {
            return x.id < y.id;
        };
        if (!std::is_sorted(entities.begin(), entities.end(), byId))
            std::sort(entities.begin(), entities.end(), byId);
        for (std::size_t i = 1; i < entities.size(); ++i)
            if (entities[i - 1].id == entities[i].id)
                return false;
        if (m_items.empty()) {
            m_items = std::move(entities);
            return true;
        }
        for (const Entity &entity : entities)
            if (contains(entity.id))
                return false;
        const auto middle = static_cast<std::ptrdiff_t>(m_items.size());
        m_items.insert(m_items.end(), std::make_move_iterator(entities.begin()),
                       std::make_move_iterator(entities.end()));
        std::inplace_merge(m_items.begin(), m_items.begin() + middle, m_items.end(), byId);
        return true;
    }

    /// Removes the entities with these ids (sorted, each once; ids not present are skipped)
    /// in one pass over the table from the first of them: O(table) once for the lot, where
    /// take() per id moves the rest of the table each time.
    std::size_t eraseIds(const std::vector<Id> &sortedIds)
    {
        if (sortedIds.empty())
            return 0;
        auto out = lowerBound(sortedIds.front());
        auto next = sortedIds.begin();
        for (auto it = out; it != m_items.end(); ++it) {
            while (next != sortedIds.end() && *next < it->id)
                ++next;
            if (next != sortedIds.end() && *next == it->id) {
                ++next;
                continue;
            }
            if (out != it)
                *out = std::move(*it);
            ++out;
        }
        const auto removed = static_cast<std::size_t>(m_items.end() - out);
        m_items.erase(out, m_items.end());
        return removed;
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
    static constexpr std::size_t kHugeCopyBytes = std::size_t { 4 } << 20;

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

#pragma once

// Header-only because one translation unit of cw_model (DesignReader.cpp) uses it.

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace cw {

/// Which entity (a tape index) claimed each id. Ids below a limit (the file's nextId, as
/// written files have them) live in a flat table; others in a hash map. A hash map alone
/// was half a million node allocations for a 16k-node design.
class IdOwners
{
public:
    static constexpr std::uint32_t none = 0xffffffffu;
    /// The owner of an id read outside the tape (a link of the fast path): no pointer text.
    static constexpr std::uint32_t untaped = none - 1;

    void reserveDense(std::uint64_t limit) { m_dense.assign(limit, none); }

    /// Records `owner` for `id` and returns none, or returns the earlier owner.
    std::uint32_t claim(std::uint64_t id, std::uint32_t owner)
    {
        if (id < m_dense.size()) {
            std::uint32_t &slot = m_dense[id];
            if (slot != none)
                return slot;
            slot = owner;
            return none;
        }
        auto [it, inserted] = m_sparse.emplace(id, owner);
        return inserted ? none : it->second;
    }

private:
    std::vector<std::uint32_t> m_dense;
    std::unordered_map<std::uint64_t, std::uint32_t> m_sparse;
};

/// A part's port names to their indices: open addressing over a power-of-two table with a
/// FNV-1a hash of the name, built on the part's first lookup. Names are a few bytes ("p17",
/// "mlx5_3"); std::unordered_map hashed them through a library call and reached each entry
/// through a node, a tenth of a 16k-node load's reading of the links.
class PortNameTable
{
public:
    explicit PortNameTable(const Part &part)
    {
        const std::size_t size = std::bit_ceil(std::max<std::size_t>(8, 2 * part.ports.size()));
        m_slots.resize(size);
        m_mask = size - 1;
        for (std::size_t i = 0; i < part.ports.size(); ++i) {
            const std::string_view name = part.ports[i].name;
            const std::uint32_t hash = hashOf(name);
            std::size_t at = hash & m_mask;
            while (m_slots[at].index >= 0
                   && !(m_slots[at].hash == hash && m_slots[at].name == name))
                at = (at + 1) & m_mask;
            if (m_slots[at].index < 0) // a repeated name keeps its first port, as emplace did
                m_slots[at] = { hash, static_cast<int>(i), name };
        }
    }

    /// The port's index, or -1 (an int, not an optional: a million lookups a load).
    int find(std::string_view name) const
    {
        const std::uint32_t hash = hashOf(name);
        for (std::size_t at = hash & m_mask;; at = (at + 1) & m_mask) {
            const Slot &slot = m_slots[at];
            if (slot.index < 0)
                return -1;
            if (slot.hash == hash && slot.name.size() == name.size() && same(slot.name, name))
                return slot.index;
        }
    }

private:
    /// Byte by byte: a port name is a few bytes, shorter than a call to memcmp.
    static bool same(std::string_view x, std::string_view y)
    {
        for (std::size_t i = 0; i < x.size(); ++i)
            if (x[i] != y[i])
                return false;
        return true;
    }

    static std::uint32_t hashOf(std::string_view name)
    {
        std::uint32_t hash = 2166136261u;
        for (char c : name)
            hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
        return hash;
    }

    struct Slot
    {
        std::uint32_t hash = 0;
        int index = -1; ///< -1: empty
        std::string_view name; ///< the catalog's, which outlives the reader
    };
    std::vector<Slot> m_slots;
    std::size_t m_mask = 0;
};

/// Port-name tables of the parts met so far, the last two at hand: links come in runs between
/// two parts (node NIC to leaf, leaf to spine), so most ends need no lookup of the part.
/// One per thread: a lookup may add a table.
class PortNameCache
{
public:
    /// The index of the port called `name` on `part`, or -1.
    int portIndex(const Part &part, std::string_view name)
    {
        if (m_recent[0].part != &part) {
            if (m_recent[1].part == &part) {
                std::swap(m_recent[0], m_recent[1]);
            } else {
                m_recent[1] = m_recent[0];
                m_recent[0] = { &part, &m_tables.try_emplace(&part, part).first->second };
            }
        }
        return m_recent[0].names->find(name);
    }

private:
    std::unordered_map<const Part *, PortNameTable> m_tables;
    struct Recent
    {
        const Part *part = nullptr;
        const PortNameTable *names = nullptr; ///< stable: the map's nodes do not move
    };
    Recent m_recent[2];
};

/// The lookups the design reader makes per entity and per link end: catalog parts by id,
/// devices by id, port indices by name, ports already taken. A 16k-node design has 1 M link
/// ends; hash maps of strings and of ids made each end a few cache misses, so these tables
/// cache what repeats (parts, port-name maps per part) and keep the per-end data small enough
/// to stay in cache (a dense id index when ids are compact, as written files are; a bit per
/// port).
class ReaderTables
{
public:
    struct DeviceInfo
    {
        std::uint64_t id;
        const Part *part;
        std::size_t firstPort; ///< slot of its port 0 (see portSlot)
    };

    explicit ReaderTables(const Catalog &catalog)
        : m_catalog(catalog)
    { }

    /// The catalog part with this id, or null.
    const Part *part(std::string_view id)
    {
        auto it = m_parts.find(id);
        if (it != m_parts.end())
            return it->second;
        const Part *found = m_catalog.find(id);
        if (found)
            m_parts.emplace(std::string(id), found);
        return found;
    }

    void reserveDevices(std::size_t count) { m_devices.reserve(count); }
    /// Call for each device as it is added, then indexDevices() once before device().
    void addDevice(std::uint64_t id, const Part &part)
    {
        m_devices.push_back({ id, &part, m_portUsed.size() });
        m_portUsed.resize(m_portUsed.size() + part.ports.size(), false);
    }
    void indexDevices()
    {
        std::uint64_t maxId = 0;
        for (const DeviceInfo &device : m_devices)
            maxId = std::max(maxId, device.id);
        if (maxId <= 16 * m_devices.size() + 65536) {
            m_denseIndex.assign(maxId + 1, 0);
            for (std::size_t i = 0; i < m_devices.size(); ++i)
                m_denseIndex[m_devices[i].id] = static_cast<std::uint32_t>(i + 1);
        } else {
            for (std::size_t i = 0; i < m_devices.size(); ++i)
                m_sparseIndex.emplace(m_devices[i].id, static_cast<std::uint32_t>(i + 1));
        }
    }
    /// The device with this id, or null.
    const DeviceInfo *device(long long id) const
    {
        if (id <= 0)
            return nullptr;
        const auto key = static_cast<std::uint64_t>(id);
        std::uint32_t index = 0;
        if (!m_denseIndex.empty()) {
            if (key < m_denseIndex.size())
                index = m_denseIndex[key];
        } else if (auto it = m_sparseIndex.find(key); it != m_sparseIndex.end()) {
            index = it->second;
        }
        return index ? &m_devices[index - 1] : nullptr;
    }

    /// The index of the port called `name` on `part`.
    std::optional<int> portIndex(const Part &part, std::string_view name)
    {
        const int index = m_portNames.portIndex(part, name);
        return index < 0 ? std::nullopt : std::optional<int>(index);
    }

    std::size_t portSlot(const DeviceInfo &device, int port) const
    {
        return device.firstPort + static_cast<std::size_t>(port);
    }
    /// The number of port slots: every port of every device added.
    std::size_t portSlotCount() const { return m_portUsed.size(); }
    bool portUsed(std::size_t slot) const { return m_portUsed[slot]; }
    void markPortUsed(std::size_t slot) { m_portUsed[slot] = true; }

private:
    /// std::string keys looked up by string_view without building a string.
    struct StringHash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const
        {
            return std::hash<std::string_view> {}(text);
        }
    };
    template<typename Value>
    using StringMap = std::unordered_map<std::string, Value, StringHash, std::equal_to<>>;

    const Catalog &m_catalog;
    StringMap<const Part *> m_parts;
    PortNameCache m_portNames;
    std::vector<DeviceInfo> m_devices;
    std::vector<std::uint32_t> m_denseIndex; ///< id -> index + 1 into m_devices, 0 = none
    std::unordered_map<std::uint64_t, std::uint32_t> m_sparseIndex;
    std::vector<bool> m_portUsed;
};

} // namespace cw

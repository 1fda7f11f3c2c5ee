#pragma once

// Internal to model/quantities: where the ends of the cabling plan's links are (devices,
// racks, rows, fabrics) and which catalog part plugs into a cage. Used by the steps of
// buildCablePlan (CablePlanLinks.cpp, CableCounts.cpp).

#include "model/core/Ids.h"
#include "model/quantities/PlanLink.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::cabling::detail {

/// Every device's place, found by id without hashing: ids index a table of positions (the
/// ids of a generated or edited design are dense, so the table is a few MB at 16,384 nodes).
/// Half a million links look their ends up several times each. Ids far beyond the device
/// count (a hand-written file) fall back to a hash map rather than a huge table. The places
/// are shared (plan links point at them), so the plan keeps them alive.
class PlaceTable
{
public:
    PlaceTable();
    void reserve(std::size_t devices, std::uint64_t maxId);
    DevicePlace &add(DeviceId id);
    const DevicePlace *find(DeviceId id) const
    {
        int position = -1;
        if (m_dense && id.value < m_index.size()) {
            position = m_index[static_cast<std::size_t>(id.value)];
        } else if (auto it = m_sparse.find(id.value); it != m_sparse.end()) {
            position = it->second;
        }
        return position < 0 ? nullptr : &(*m_places)[static_cast<std::size_t>(position)];
    }
    const DevicePlace &at(DeviceId id) const { return *find(id); }
    std::vector<DevicePlace> &all() { return *m_places; }
    std::shared_ptr<const std::vector<DevicePlace>> shared() const { return m_places; }

private:
    std::shared_ptr<std::vector<DevicePlace>> m_places;
    bool m_dense = false;
    std::vector<int> m_index;
    std::unordered_map<std::uint64_t, int> m_sparse;
};

/// Every device's place, with its floor rank.
PlaceTable placeDevices(const Design &design, const Catalog &catalog);

/// Fabric id -> (order in the design, name).
using FabricIndex = std::unordered_map<FabricId, std::pair<int, const std::string *>>;
FabricIndex indexFabrics(const Design &design);

/// The cage a port sits in: consecutive ports of one form factor, `perCage` to a cage, in
/// catalog order (QM9700 p1/p2 share the first twin-port OSFP cage; ref:nvidia-superpod-h100-ra,
/// ref:nvidia-linkx-specs).
int cageOf(const Part *part, int portIndex, int perCage);

/// cageOf without the walk over the ports before it: each part's ordinals (the port's place
/// among the ports of its form factor) are worked out once.
class CageTable
{
public:
    int cage(const Part *part, int portIndex, int perCage);

private:
    std::unordered_map<const Part *, std::vector<int>> m_ordinals;
    const Part *m_lastPart = nullptr;
    const std::vector<int> *m_last = nullptr;
};

/// The form factor of a port's cage, empty when the port is unknown.
const std::string &cageFormFactor(const DevicePlace &place, int portIndex);

/// Catalog look-ups over half a million links: the part of an id (remembering the last), the
/// module that fits a cage (moduleFor once per link part and cage) and a part's part number.
class ModuleCache
{
public:
    explicit ModuleCache(const Catalog &catalog);
    /// catalog.find, remembering the last id (consecutive links mostly share their part).
    const Part *part(const std::string &id);
    /// The module that sits in an end's `cage`: the link's own part when its own cage fits,
    /// else the catalog transceiver of the same per-link speed whose own cage is `cage`.
    const Part *find(const Part &linkPart, const std::string &cage);
    /// partNumberOf(part), made once per part (the string lives as long as the cache's plan).
    const std::string *partNumber(const Part &part);
    /// The part numbers made so far, for the plan to keep.
    std::shared_ptr<std::deque<std::string>> numbers() const { return m_numberTexts; }

private:
    struct Entry
    {
        const Part *linkPart;
        std::string cage;
        const Part *module;
    };
    const Catalog &m_catalog;
    std::vector<Entry> m_entries;
    std::string m_lastIdText;
    const std::string *m_lastId = nullptr;
    const Part *m_lastPart = nullptr;
    std::unordered_map<const Part *, const std::string *> m_numbers;
    std::shared_ptr<std::deque<std::string>> m_numberTexts;
};

} // namespace cw::cabling::detail

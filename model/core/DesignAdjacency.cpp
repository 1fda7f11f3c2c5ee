#include "model/core/DesignAdjacency.h"

#include <algorithm>

namespace cw {
namespace {

template<typename Id>
void insertSorted(std::vector<Id> &ids, Id id)
{
    // Ids grow, so a new entity almost always lands at the back.
    if (ids.empty() || ids.back() < id) {
        ids.push_back(id);
        return;
    }
    auto it = std::lower_bound(ids.begin(), ids.end(), id);
    if (it == ids.end() || *it != id)
        ids.insert(it, id);
}

template<typename Id>
void eraseSorted(std::unordered_map<std::uint64_t, std::vector<Id>> &lists, std::uint64_t key,
                 Id id)
{
    auto list = lists.find(key);
    if (list == lists.end())
        return;
    auto it = std::lower_bound(list->second.begin(), list->second.end(), id);
    if (it != list->second.end() && *it == id)
        list->second.erase(it);
    if (list->second.empty())
        lists.erase(list);
}

template<typename Id>
const std::vector<Id> &listOf(const std::unordered_map<std::uint64_t, std::vector<Id>> &lists,
                              std::uint64_t key)
{
    static const std::vector<Id> kNone;
    auto it = lists.find(key);
    return it == lists.end() ? kNone : it->second;
}

} // namespace

const std::vector<RackId> &DesignAdjacency::racksInRow(RowId row) const
{
    return listOf(m_rowRacks, row.value);
}

const std::vector<DeviceId> &DesignAdjacency::devicesInRack(RackId rack) const
{
    return listOf(m_rackDevices, rack.value);
}

const std::vector<LinkId> &DesignAdjacency::linksOfDevice(DeviceId device) const
{
    return listOf(m_deviceLinks, device.value);
}

void DesignAdjacency::addRack(const Rack &rack)
{
    insertSorted(m_rowRacks[rack.row.value], rack.id);
}

void DesignAdjacency::removeRack(const Rack &rack)
{
    eraseSorted(m_rowRacks, rack.row.value, rack.id);
}

void DesignAdjacency::addDevice(const Device &device)
{
    insertSorted(m_rackDevices[device.rack.value], device.id);
}

void DesignAdjacency::removeDevice(const Device &device)
{
    eraseSorted(m_rackDevices, device.rack.value, device.id);
}

void DesignAdjacency::addLink(const Link &link)
{
    insertSorted(m_deviceLinks[link.a.device.value], link.id);
    if (link.b.device != link.a.device)
        insertSorted(m_deviceLinks[link.b.device.value], link.id);
}

void DesignAdjacency::removeLink(const Link &link)
{
    eraseSorted(m_deviceLinks, link.a.device.value, link.id);
    eraseSorted(m_deviceLinks, link.b.device.value, link.id);
}

void DesignAdjacency::reserve(std::size_t devices)
{
    m_deviceLinks.reserve(devices);
}

} // namespace cw

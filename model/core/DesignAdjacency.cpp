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
void eraseSorted(std::vector<Id> &ids, Id id)
{
    auto it = std::lower_bound(ids.begin(), ids.end(), id);
    if (it != ids.end() && *it == id)
        ids.erase(it);
}

template<typename Id>
void eraseSorted(std::unordered_map<std::uint64_t, std::vector<Id>> &lists, std::uint64_t key,
                 Id id)
{
    auto list = lists.find(key);
    if (list == lists.end())
        return;
    eraseSorted(list->second, id);
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

bool portBefore(const std::pair<int, LinkId> &slot, int port)
{
    return slot.first < port;
}

} // namespace

LinkId PortLinks::at(int port) const
{
    if (port < 0)
        return {};
    if (port < kDensePorts)
        return static_cast<std::size_t>(port) < m_dense.size() ? m_dense[port] : LinkId {};
    auto it = std::lower_bound(m_sparse.begin(), m_sparse.end(), port, portBefore);
    return it != m_sparse.end() && it->first == port ? it->second : LinkId {};
}

void PortLinks::plug(int port, LinkId link)
{
    if (port < 0)
        return;
    if (port < kDensePorts) {
        if (static_cast<std::size_t>(port) >= m_dense.size())
            m_dense.resize(port + 1);
        m_dense[port] = link;
        return;
    }
    auto it = std::lower_bound(m_sparse.begin(), m_sparse.end(), port, portBefore);
    if (it != m_sparse.end() && it->first == port)
        it->second = link;
    else
        m_sparse.insert(it, { port, link });
}

void PortLinks::unplug(int port, LinkId link)
{
    if (port < 0)
        return;
    if (port < kDensePorts) {
        if (static_cast<std::size_t>(port) >= m_dense.size() || m_dense[port] != link)
            return;
        m_dense[port] = LinkId {};
        // Trimmed, so two tables holding the same links compare equal.
        while (!m_dense.empty() && !m_dense.back().isValid())
            m_dense.pop_back();
        return;
    }
    auto it = std::lower_bound(m_sparse.begin(), m_sparse.end(), port, portBefore);
    if (it != m_sparse.end() && it->first == port && it->second == link)
        m_sparse.erase(it);
}

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
    static const std::vector<LinkId> kNone;
    const DeviceLinks *entry = deviceLinks(device);
    return entry ? entry->links : kNone;
}

const DesignAdjacency::DeviceLinks *DesignAdjacency::deviceLinks(DeviceId device) const
{
    auto it = m_devices.find(device.value);
    return it == m_devices.end() ? nullptr : &it->second;
}

LinkId DesignAdjacency::linkAt(PortRef port) const
{
    const DeviceLinks *entry = deviceLinks(port.device);
    return entry ? entry->ports.at(port.port) : LinkId {};
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
    m_devices.try_emplace(device.id.value);
}

void DesignAdjacency::moveDevice(const Device &from, const Device &to)
{
    eraseSorted(m_rackDevices, from.rack.value, from.id);
    insertSorted(m_rackDevices[to.rack.value], to.id);
}

void DesignAdjacency::removeDevice(const Device &device)
{
    eraseSorted(m_rackDevices, device.rack.value, device.id);
    m_devices.erase(device.id.value);
}

namespace {

/// A device's first link makes room for eight: servers carry 8-12 (a NIC per GPU, storage,
/// management), switches 32-64, so lists grow from 8 instead of 1, 2, 4: a third of the
/// allocations while a large design loads.
constexpr std::size_t kFirstLinks = 8;

void addEnd(DesignAdjacency::DeviceLinks &device, int port, LinkId link)
{
    if (device.links.capacity() == 0)
        device.links.reserve(kFirstLinks);
    insertSorted(device.links, link);
    device.ports.plug(port, link);
}

} // namespace

void DesignAdjacency::addLink(const Link &link)
{
    addEnd(m_devices[link.a.device.value], link.a.port, link.id);
    // Looked up after a's insertion is done: a new key could rehash and move nothing, but
    // the reference to a stays valid either way (node-based map).
    addEnd(m_devices[link.b.device.value], link.b.port, link.id);
}

void DesignAdjacency::removeLink(const Link &link)
{
    for (const PortRef &end : { link.a, link.b }) {
        auto it = m_devices.find(end.device.value);
        if (it == m_devices.end())
            continue;
        eraseSorted(it->second.links, link.id);
        it->second.ports.unplug(end.port, link.id);
    }
}

void DesignAdjacency::reserve(std::size_t devices)
{
    m_devices.reserve(devices);
}

} // namespace cw

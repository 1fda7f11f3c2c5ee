#include "model/core/DesignAdjacency.h"

#include <algorithm>
#include <bit>
#include <exception>
#include <thread>
#include <utility>

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

void PortLinks::reserve(int highest)
{
    if (highest >= 0)
        m_dense.reserve(static_cast<std::size_t>(std::min(highest, kDensePorts - 1)) + 1);
}

void PortLinks::plug(int port, LinkId link)
{
    if (port < 0)
        return;
    if (port < kDensePorts) {
        const auto slots = static_cast<std::size_t>(port) + 1;
        if (slots > m_dense.size()) {
            // Room for 16 ports at first, then doubling: a switch's 64 ports plugged one by
            // one while a design loads grow the table three times instead of seven.
            if (slots > m_dense.capacity())
                m_dense.reserve(std::max<std::size_t>(16, std::bit_ceil(slots)));
            m_dense.resize(slots);
        }
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
    return findDevice(device.value);
}

std::uint32_t DesignAdjacency::slotOf(std::uint64_t id) const
{
    if (id < m_slotOfId.size())
        return m_slotOfId[id];
    if (m_sparseSlots.empty())
        return 0;
    auto it = m_sparseSlots.find(id);
    return it == m_sparseSlots.end() ? 0 : it->second;
}

const DesignAdjacency::DeviceLinks *DesignAdjacency::findDevice(std::uint64_t id) const
{
    const std::uint32_t slot = slotOf(id);
    return slot ? &m_entries[slot - 1] : nullptr;
}

DesignAdjacency::DeviceLinks *DesignAdjacency::findDevice(std::uint64_t id)
{
    return const_cast<DeviceLinks *>(std::as_const(*this).findDevice(id));
}

void DesignAdjacency::growDenseTable(std::uint64_t id)
{
    const std::uint64_t limit = 4 * std::uint64_t { m_deviceCount } + 65536;
    if (id < m_slotOfId.size() || id >= limit)
        return;
    // Doubling, so a design whose ids climb one by one resizes log(n) times.
    const std::uint64_t size
        = std::min<std::uint64_t>(limit, std::max<std::uint64_t>(id + 1, 2 * m_slotOfId.size()));
    m_slotOfId.resize(size, 0);
    for (auto it = m_sparseSlots.begin(); it != m_sparseSlots.end();) {
        if (it->first < size) {
            m_slotOfId[it->first] = it->second;
            it = m_sparseSlots.erase(it);
        } else {
            ++it;
        }
    }
}

DesignAdjacency::DeviceLinks &DesignAdjacency::deviceEntry(std::uint64_t id)
{
    if (DeviceLinks *entry = findDevice(id))
        return *entry;
    std::uint32_t slot = 0;
    if (!m_freeSlots.empty()) {
        slot = m_freeSlots.back();
        m_freeSlots.pop_back();
    } else {
        slot = static_cast<std::uint32_t>(m_entries.size());
        m_entries.emplace_back();
    }
    ++m_deviceCount;
    growDenseTable(id);
    if (id < m_slotOfId.size())
        m_slotOfId[id] = slot + 1;
    else
        m_sparseSlots.emplace(id, slot + 1);
    return m_entries[slot];
}

bool DesignAdjacency::operator==(const DesignAdjacency &other) const
{
    if (m_deviceCount != other.m_deviceCount || m_rowRacks != other.m_rowRacks
        || m_rackDevices != other.m_rackDevices)
        return false;
    auto same = [&other, this](std::uint64_t id, std::uint32_t slot) {
        const DeviceLinks *theirs = other.findDevice(id);
        return slot == 0 || (theirs && *theirs == m_entries[slot - 1]);
    };
    for (std::size_t id = 0; id < m_slotOfId.size(); ++id)
        if (!same(id, m_slotOfId[id]))
            return false;
    for (const auto &[id, slot] : m_sparseSlots)
        if (!same(id, slot))
            return false;
    return true;
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
    deviceEntry(device.id.value);
}

void DesignAdjacency::addDevicesInIdOrder(std::span<const Device> devices)
{
    std::vector<DeviceId> *rackList = nullptr;
    RackId rack;
    for (const Device &device : devices) {
        if (!rackList || device.rack != rack) {
            rack = device.rack;
            rackList = &m_rackDevices[rack.value]; // a node's value: stays put on a rehash
        }
        insertSorted(*rackList, device.id);
        deviceEntry(device.id.value);
    }
}

void DesignAdjacency::moveDevice(const Device &from, const Device &to)
{
    eraseSorted(m_rackDevices, from.rack.value, from.id);
    insertSorted(m_rackDevices[to.rack.value], to.id);
}

void DesignAdjacency::removeDevice(const Device &device)
{
    eraseSorted(m_rackDevices, device.rack.value, device.id);
    const std::uint64_t id = device.id.value;
    std::uint32_t slot = 0;
    if (id < m_slotOfId.size()) {
        slot = std::exchange(m_slotOfId[id], 0);
    } else if (auto it = m_sparseSlots.find(id); it != m_sparseSlots.end()) {
        slot = it->second;
        m_sparseSlots.erase(it);
    }
    if (slot == 0)
        return;
    m_entries[slot - 1] = DeviceLinks {};
    m_freeSlots.push_back(slot - 1);
    --m_deviceCount;
}

namespace {

/// A device's first link makes room for eight: servers carry 8-12 (a NIC per GPU, storage,
/// management), switches 32-64, so lists grow from 8 instead of 1, 2, 4: two allocations
/// instead of five for a server's 11 links, four instead of seven for a switch's 64.
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
    addEnd(deviceEntry(link.a.device.value), link.a.port, link.id);
    addEnd(deviceEntry(link.b.device.value), link.b.port, link.id);
}

bool DesignAdjacency::addEndsOfShare(std::span<const Link> links, std::uint32_t share,
                                     std::uint32_t shares, std::vector<std::uint32_t> &counts)
{
    // Two passes over the links (read in sequence): what each of this share's devices gets,
    // then the ends themselves into lists sized for them. `counts` and `highest` are indexed
    // by slot; the shares touch disjoint slots, so the threads never write the same place.
    std::vector<int> highest(counts.size(), -1);
    // A device without an entry (slot 0, against the contract) is left to the caller, who is
    // told so and only then looks for it.
    bool withoutEntry = false;
    auto count = [&](const PortRef &end) {
        const std::uint32_t slot = slotOf(end.device.value) - 1;
        withoutEntry = withoutEntry || slot >= counts.size();
        if (slot >= counts.size() || slot % shares != share)
            return;
        ++counts[slot];
        highest[slot] = std::max(highest[slot], end.port);
    };
    for (const Link &link : links) {
        count(link.a);
        count(link.b);
    }
    for (std::uint32_t slot = share; slot < counts.size(); slot += shares) {
        if (counts[slot] == 0)
            continue;
        DeviceLinks &entry = m_entries[slot];
        entry.links.reserve(entry.links.size() + counts[slot]);
        entry.ports.reserve(highest[slot]);
    }
    auto add = [&](const PortRef &end, LinkId id) {
        const std::uint32_t slot = slotOf(end.device.value) - 1;
        if (slot < counts.size() && slot % shares == share)
            addEnd(m_entries[slot], end.port, id);
    };
    for (const Link &link : links) {
        add(link.a, link.id);
        add(link.b, link.id);
    }
    return withoutEntry;
}

void DesignAdjacency::addLinksInIdOrder(std::span<const Link> links)
{
    // Below this the second thread costs more than it saves.
    constexpr std::size_t kLinksForTwoThreads = 1u << 16;
    const std::uint32_t shares
        = links.size() >= kLinksForTwoThreads && std::thread::hardware_concurrency() > 1 ? 2 : 1;
    std::vector<std::uint32_t> counts(m_entries.size(), 0);
    bool withoutEntry = false;
    if (shares == 1) {
        withoutEntry = addEndsOfShare(links, 0, 1, counts);
    } else {
        std::exception_ptr failure;
        std::thread other([&] {
            try {
                addEndsOfShare(links, 1, shares, counts);
            } catch (...) {
                failure = std::current_exception();
            }
        });
        try {
            withoutEntry = addEndsOfShare(links, 0, shares, counts);
        } catch (...) {
            other.join();
            throw;
        }
        other.join();
        if (failure)
            std::rethrow_exception(failure);
    }
    if (withoutEntry) // each share sees every end, so the first share's answer is enough
        finishEndsWithoutEntry(links);
}

void DesignAdjacency::finishEndsWithoutEntry(std::span<const Link> links)
{
    // The contract says every end's device has an entry; should one not, it gets one here as
    // addLink would give it. The devices are found before any entry is made: once made, the
    // rest of their ends would look like the ones the shares already added.
    std::vector<std::uint64_t> withoutEntry;
    for (const Link &link : links)
        for (const PortRef &end : { link.a, link.b })
            if (slotOf(end.device.value) == 0)
                withoutEntry.push_back(end.device.value);
    std::sort(withoutEntry.begin(), withoutEntry.end());
    withoutEntry.erase(std::unique(withoutEntry.begin(), withoutEntry.end()), withoutEntry.end());
    for (const Link &link : links)
        for (const PortRef &end : { link.a, link.b })
            if (std::binary_search(withoutEntry.begin(), withoutEntry.end(), end.device.value))
                addEnd(deviceEntry(end.device.value), end.port, link.id);
}

void DesignAdjacency::removeLink(const Link &link)
{
    for (const PortRef &end : { link.a, link.b }) {
        DeviceLinks *entry = findDevice(end.device.value);
        if (!entry)
            continue;
        eraseSorted(entry->links, link.id);
        entry->ports.unplug(end.port, link.id);
    }
}

void DesignAdjacency::reserve(std::size_t devices)
{
    // Ids come with the devices: the dense table grows to them as they are added.
    m_slotOfId.reserve(std::min<std::size_t>(2 * devices, 4 * devices + 65536));
}

} // namespace cw

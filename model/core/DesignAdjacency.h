#pragma once

#include "model/core/Equipment.h"
#include "model/core/Facility.h"
#include "model/core/Ids.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cw {

/// The link plugged into each port of one device: a flat slot per port index (the catalog's
/// ports are numbered from 0), with a sorted list for the rare index beyond kDensePorts so a
/// stray high index cannot make the table huge. It replaced a hash map node per port (a
/// million nodes at 16k GPUs nodes, 14 % of a load in `perf`).
class PortLinks
{
public:
    static constexpr int kDensePorts = 1024;

    LinkId at(int port) const;
    /// Plugs `link` into `port` (which must be free).
    void plug(int port, LinkId link);
    /// Room for ports up to `highest` without growing the table as they are plugged.
    void reserve(int highest);
    /// Frees `port` if `link` is the one plugged into it.
    void unplug(int port, LinkId link);

    /// Equal when the same ports hold the same links (the slot vectors are kept trimmed).
    bool operator==(const PortLinks &) const = default;

private:
    std::vector<LinkId> m_dense; ///< index = port; trailing free slots trimmed
    std::vector<std::pair<int, LinkId>> m_sparse; ///< ports >= kDensePorts, sorted
};

/// Who contains or touches whom (row -> racks, rack -> devices, device -> links and ports),
/// kept by Design's mutators so every "in" or "of" lookup and every removal costs O(degree),
/// not a scan of the design. Each list is in id order, the order a scan of the tables would
/// give. Every device of the design has an entry (addDevice to removeDevice), so finding it
/// also answers whether the device exists.
class DesignAdjacency
{
public:
    struct DeviceLinks
    {
        std::vector<LinkId> links; ///< in id order
        PortLinks ports;

        bool operator==(const DeviceLinks &) const = default;
    };

    const std::vector<RackId> &racksInRow(RowId row) const;
    const std::vector<DeviceId> &devicesInRack(RackId rack) const;
    const std::vector<LinkId> &linksOfDevice(DeviceId device) const;
    /// The device's links and ports, or null when the design has no such device.
    const DeviceLinks *deviceLinks(DeviceId device) const;
    /// The link plugged into a port, or an invalid id.
    LinkId linkAt(PortRef port) const;

    void addRack(const Rack &rack);
    void removeRack(const Rack &rack);
    void addDevice(const Device &device);
    /// addDevice for each of `devices`, in id order (a rack's list is found once per run of
    /// devices in the same rack).
    void addDevicesInIdOrder(std::span<const Device> devices);
    /// Moves a device between racks; its links and ports stay.
    void moveDevice(const Device &from, const Device &to);
    void removeDevice(const Device &device);
    /// Both ends' devices must have entries (Design checks them first).
    void addLink(const Link &link);
    /// addLink for each of `links`, which are in id order and whose ends' devices all have
    /// entries: each device's lists are sized once for what it gets, and a large table is
    /// shared between two threads by device (the load's case: a million ends at 16k nodes).
    void addLinksInIdOrder(std::span<const Link> links);
    void removeLink(const Link &link);
    void reserve(std::size_t devices);

    /// Equal when the same devices have equal entries, whatever slots they sit in.
    bool operator==(const DesignAdjacency &other) const;

private:
    const DeviceLinks *findDevice(std::uint64_t id) const;
    DeviceLinks *findDevice(std::uint64_t id);
    /// The device's entry, made when it has none.
    DeviceLinks &deviceEntry(std::uint64_t id);
    void growDenseTable(std::uint64_t id);
    /// The slot of a device that has an entry (findDevice's lookup), 1-based.
    std::uint32_t slotOf(std::uint64_t id) const;
    /// addLinksInIdOrder's share of one thread: the ends whose slot is `share` mod `shares`.
    /// True when an end's device has no entry (finishEndsWithoutEntry then adds it).
    bool addEndsOfShare(std::span<const Link> links, std::uint32_t share, std::uint32_t shares,
                        std::vector<std::uint32_t> &counts);
    void finishEndsWithoutEntry(std::span<const Link> links);

    std::unordered_map<std::uint64_t, std::vector<RackId>> m_rowRacks;
    std::unordered_map<std::uint64_t, std::vector<DeviceId>> m_rackDevices;
    /// Device id -> its slot in m_entries + 1 (0: no such device) for the ids below the
    /// table's size, which stays within 4x the devices + 65,536 so that a stray huge id
    /// cannot make it large; such ids are in m_sparseSlots. Every link end finds its device
    /// here (two per link added, two more for the checks): a load and an index instead of a
    /// hash map node reached through its bucket (half a million links at 16k nodes).
    std::vector<std::uint32_t> m_slotOfId;
    std::unordered_map<std::uint64_t, std::uint32_t> m_sparseSlots;
    /// A deque: entries never move when others are added, as a hash map's nodes did not.
    std::deque<DeviceLinks> m_entries;
    std::vector<std::uint32_t> m_freeSlots; ///< slots of removed devices, reused first
    std::size_t m_deviceCount = 0;
};

} // namespace cw

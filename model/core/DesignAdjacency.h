#pragma once

#include "model/core/Equipment.h"
#include "model/core/Facility.h"
#include "model/core/Ids.h"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace cw {

/// Who contains or touches whom (row -> racks, rack -> devices, device -> links), kept by
/// Design's mutators so every "in" or "of" lookup and every removal costs O(degree), not a
/// scan of the design. Each list is in id order, the order a scan of the tables would give.
class DesignAdjacency
{
public:
    const std::vector<RackId> &racksInRow(RowId row) const;
    const std::vector<DeviceId> &devicesInRack(RackId rack) const;
    const std::vector<LinkId> &linksOfDevice(DeviceId device) const;

    void addRack(const Rack &rack);
    void removeRack(const Rack &rack);
    void addDevice(const Device &device);
    void removeDevice(const Device &device);
    void addLink(const Link &link);
    void removeLink(const Link &link);
    void reserve(std::size_t devices);

    bool operator==(const DesignAdjacency &) const = default;

private:
    std::unordered_map<std::uint64_t, std::vector<RackId>> m_rowRacks;
    std::unordered_map<std::uint64_t, std::vector<DeviceId>> m_rackDevices;
    std::unordered_map<std::uint64_t, std::vector<LinkId>> m_deviceLinks;
};

} // namespace cw

#pragma once

// What the adjacency tests compare Design's adjacency with: a scan of the design's tables.

#include "model/core/Design.h"

#include <QString>

#include <vector>

namespace cw::test {

/// The ports a test device has: mismatch() asks each, and one past each end, for its link.
constexpr int kPortsPerDevice = 8;

/// The link on `port` by a scan of every link (what the former port -> link hash map held).
inline LinkId scanLinkAt(const Design &design, PortRef port)
{
    for (const Link &link : design.links())
        if (link.a == port || link.b == port)
            return link.id;
    return {};
}

/// Compares every adjacency list with a scan of the design's tables; returns the first
/// mismatch in words, empty when they agree.
inline QString mismatch(const Design &design)
{
    for (const Row &row : design.rows()) {
        std::vector<RackId> scan;
        for (const Rack &rack : design.racks())
            if (rack.row == row.id)
                scan.push_back(rack.id);
        if (design.racksInRow(row.id) != scan)
            return QString("racks of row %1").arg(row.id.value);
    }
    for (const Rack &rack : design.racks()) {
        std::vector<DeviceId> scan;
        for (const Device &device : design.devices())
            if (device.rack == rack.id)
                scan.push_back(device.id);
        if (design.devicesInRack(rack.id) != scan)
            return QString("devices of rack %1").arg(rack.id.value);
    }
    for (const Device &device : design.devices()) {
        std::vector<LinkId> scan;
        for (const Link &link : design.links())
            if (link.a.device == device.id || link.b.device == device.id)
                scan.push_back(link.id);
        if (design.linksOfDevice(device.id) != scan)
            return QString("links of device %1").arg(device.id.value);
        // One past each end of the port range too: nothing may answer there.
        for (int port = -1; port <= kPortsPerDevice; ++port)
            if (design.linkAt({ device.id, port }) != scanLinkAt(design, { device.id, port }))
                return QString("port %1 of device %2").arg(port).arg(device.id.value);
    }
    // Nothing is left behind for removed entities: every id below nextId that is no longer
    // in the design has empty lists.
    for (std::uint64_t id = 1; id < design.nextId(); ++id) {
        if (!design.row(RowId { id }) && !design.racksInRow(RowId { id }).empty())
            return QString("removed row %1 still lists racks").arg(id);
        if (!design.rack(RackId { id }) && !design.devicesInRack(RackId { id }).empty())
            return QString("removed rack %1 still lists devices").arg(id);
        if (!design.device(DeviceId { id }) && !design.linksOfDevice(DeviceId { id }).empty())
            return QString("removed device %1 still lists links").arg(id);
        if (!design.device(DeviceId { id }) && design.linkAt({ DeviceId { id }, 0 }).isValid())
            return QString("removed device %1 still holds port 0").arg(id);
    }
    return {};
}

/// A fabric named "f" added to `design`: its id (the links the tests add run on it).
inline FabricId addFabric(Design &design)
{
    Fabric fabric;
    fabric.id = design.newId<FabricId>();
    fabric.name = "f";
    design.addFabric(fabric);
    return fabric.id;
}

} // namespace cw::test

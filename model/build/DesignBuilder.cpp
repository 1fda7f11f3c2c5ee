#include "model/build/DesignBuilder.h"

#include "model/catalog/Catalog.h"

#include <algorithm>

namespace cw {

DesignBuilder::DesignBuilder(Design &design, const Catalog &catalog)
    : m_design(design)
    , m_catalog(catalog)
{
    for (const Device &device : design.devices())
        m_hostnames.insert(device.name);
}

Result<const Part *> DesignBuilder::catalogPart(std::string_view type,
                                                std::initializer_list<PartKind> kinds,
                                                const char *what) const
{
    const Part *part = m_catalog.find(type);
    if (!part)
        return Error { std::string("unknown catalog type \"") + std::string(type) + "\" for a "
                       + what };
    for (PartKind kind : kinds)
        if (part->kind == kind)
            return part;
    return Error { std::string("catalog type \"") + std::string(type) + "\" is a "
                   + std::string(toString(part->kind)) + ", not a " + what };
}

const Part *DesignBuilder::partOf(DeviceId device) const
{
    const Device *d = m_design.device(device);
    return d ? m_catalog.find(d->catalogType) : nullptr;
}

Result<RowId> DesignBuilder::addRow(std::string name, double powerBudgetKw)
{
    if (name.empty())
        return Error { "a row needs a name" };
    if (powerBudgetKw < 0)
        return Error { "row " + name + ": power budget must be >= 0 kW" };
    Row row;
    row.id = m_design.newId<RowId>();
    row.name = std::move(name);
    row.index = static_cast<int>(m_design.rows().size());
    row.powerBudgetKw = powerBudgetKw;
    const RowId id = row.id;
    m_design.addRow(std::move(row));
    return id;
}

Result<RackId> DesignBuilder::addRack(RowId rowId, std::string name, std::string_view rackType,
                                      std::vector<Pdu> pdus, int position)
{
    const Row *row = m_design.row(rowId);
    if (!row)
        return Error { "rack " + name + ": unknown row id " + std::to_string(rowId.value) };
    // A floor-standing CDU takes a rack position of its own (ClusterAssembler places them).
    auto part = catalogPart(rackType, { PartKind::Rack, PartKind::Cdu }, "rack");
    if (!part)
        return Error { "rack " + name + ": " + part.error().message };
    int lastPosition = -1;
    for (const Rack &rack : m_design.racks()) {
        if (rack.row != rowId)
            continue;
        if (rack.name == name)
            return Error { "rack " + name + ": row " + row->name
                           + " already has a rack of that name" };
        if (rack.position == position)
            return Error { "rack " + name + ": position " + std::to_string(position) + " in row "
                           + row->name + " is taken by rack " + rack.name };
        lastPosition = std::max(lastPosition, rack.position);
    }
    for (const Pdu &pdu : pdus)
        if (pdu.voltageV <= 0 || pdu.breakerA <= 0 || (pdu.phases != 1 && pdu.phases != 3))
            return Error { "rack " + name + ": PDU " + pdu.name
                           + " needs voltage > 0, breaker > 0 A and 1 or 3 phases" };
    Rack rack;
    rack.id = m_design.newId<RackId>();
    rack.name = std::move(name);
    rack.catalogType = std::string(rackType);
    rack.row = rowId;
    rack.position = position >= 0 ? position : lastPosition + 1;
    rack.pdus = std::move(pdus);
    const RackId id = rack.id;
    m_design.addRack(std::move(rack));
    return id;
}

Result<void> DesignBuilder::checkSlot(const Rack &rack, const Part &part, int uPosition,
                                      DeviceId ignore) const
{
    const Part *rackPart = m_catalog.find(rack.catalogType);
    const int rackUnits = rackPart && rackPart->rack ? rackPart->rack->rackUnits : 42;
    const int top = uPosition + std::max(part.uHeight, 1) - 1;
    if (uPosition < 1 || top > rackUnits)
        return Error { "rack " + rack.name + " has U1-U" + std::to_string(rackUnits) + "; "
                       + part.id + " (" + std::to_string(part.uHeight) + "U) at U"
                       + std::to_string(uPosition) + " would reach U" + std::to_string(top) };
    for (const Device &other : m_design.devices()) {
        if (other.rack != rack.id || other.id == ignore)
            continue;
        const Part *otherPart = m_catalog.find(other.catalogType);
        const int otherTop = other.uPosition + std::max(otherPart ? otherPart->uHeight : 1, 1) - 1;
        if (uPosition <= otherTop && other.uPosition <= top)
            return Error { "rack " + rack.name + ": U" + std::to_string(uPosition) + "-U"
                           + std::to_string(top) + " overlaps " + other.name + " at U"
                           + std::to_string(other.uPosition) + "-U" + std::to_string(otherTop) };
    }
    return {};
}

Result<int> DesignBuilder::firstFreeU(RackId rackId, std::string_view type, int fromU) const
{
    const Rack *rack = m_design.rack(rackId);
    if (!rack)
        return Error { "unknown rack id " + std::to_string(rackId.value) };
    auto part = catalogPart(
        type, { PartKind::Server, PartKind::Switch, PartKind::Storage, PartKind::Cdu },
        "rack-mounted device");
    if (!part)
        return part.error();
    for (int u = std::max(fromU, 1); u <= 60; ++u)
        if (checkSlot(*rack, **part, u, DeviceId {}))
            return u;
    return Error { "rack " + rack->name + " has no free slot for " + std::string(type) + " ("
                   + std::to_string((*part)->uHeight) + "U)" };
}

Result<DeviceId> DesignBuilder::placeDevice(RackId rackId, std::string name, std::string_view type,
                                            int uPosition, DeviceRole role, Face face, int tier)
{
    if (name.empty())
        return Error { "a device needs a hostname" };
    const Rack *rack = m_design.rack(rackId);
    if (!rack)
        return Error { name + ": unknown rack id " + std::to_string(rackId.value) };
    auto part = catalogPart(
        type, { PartKind::Server, PartKind::Switch, PartKind::Storage, PartKind::Cdu },
        "rack-mounted device");
    if (!part)
        return Error { name + ": " + part.error().message };
    if (m_hostnames.contains(name))
        return Error { name + ": hostname already used by another device" };
    if (auto slot = checkSlot(*rack, **part, uPosition, DeviceId {}); !slot)
        return Error { name + ": " + slot.error().message };
    Device device;
    device.id = m_design.newId<DeviceId>();
    device.name = name;
    device.catalogType = std::string(type);
    device.rack = rackId;
    device.uPosition = uPosition;
    device.face = face;
    device.role = role;
    device.tier = tier;
    const DeviceId id = device.id;
    m_design.addDevice(std::move(device));
    m_hostnames.insert(std::move(name));
    return id;
}

Result<FabricId> DesignBuilder::addFabric(Fabric fabric)
{
    if (fabric.name.empty())
        return Error { "a fabric needs a name" };
    if (fabric.linkSpeedGbps <= 0)
        return Error { "fabric " + fabric.name + ": link speed must be > 0 Gb/s" };
    for (const Fabric &other : m_design.fabrics())
        if (other.name == fabric.name)
            return Error { "fabric " + fabric.name + ": name already used" };
    fabric.id = m_design.newId<FabricId>();
    const FabricId id = fabric.id;
    m_design.addFabric(std::move(fabric));
    return id;
}

Result<PortRef> DesignBuilder::port(DeviceId deviceId, std::string_view portName) const
{
    const Device *device = m_design.device(deviceId);
    if (!device)
        return Error { "unknown device id " + std::to_string(deviceId.value) };
    const Part *part = m_catalog.find(device->catalogType);
    const int index = part ? part->portIndex(portName) : -1;
    if (index < 0)
        return Error { device->name + " (" + device->catalogType + ") has no port \""
                       + std::string(portName) + "\"" };
    return PortRef { deviceId, index };
}

std::vector<PortRef> DesignBuilder::ports(DeviceId deviceId, PortRole role) const
{
    std::vector<PortRef> result;
    const Part *part = partOf(deviceId);
    if (!part)
        return result;
    for (std::size_t i = 0; i < part->ports.size(); ++i)
        if (part->ports[i].role == role)
            result.push_back(PortRef { deviceId, static_cast<int>(i) });
    return result;
}

Result<PortRef> DesignBuilder::firstFreePort(DeviceId deviceId, PortRole role) const
{
    for (PortRef ref : ports(deviceId, role))
        if (!m_design.linkAt(ref).isValid())
            return ref;
    const Device *device = m_design.device(deviceId);
    return Error { (device ? device->name : std::string("unknown device")) + " has no free "
                   + std::string(toString(role)) + " port" };
}

Result<LinkId> DesignBuilder::connect(FabricId fabric, DeviceId a, std::string_view portA,
                                      DeviceId b, std::string_view portB,
                                      std::string_view cableType, double lengthM)
{
    auto refA = port(a, portA);
    if (!refA)
        return refA.error();
    auto refB = port(b, portB);
    if (!refB)
        return refB.error();
    return connect(fabric, *refA, *refB, cableType, lengthM);
}

Result<LinkId> DesignBuilder::connect(FabricId fabric, PortRef a, PortRef b,
                                      std::string_view cableType, double lengthM)
{
    if (!m_design.fabric(fabric))
        return Error { "unknown fabric id " + std::to_string(fabric.value) };
    if (lengthM < 0)
        return Error { "a cable length must be >= 0 m" };
    for (PortRef end : { a, b }) {
        const Device *device = m_design.device(end.device);
        const Part *part = partOf(end.device);
        if (!device || !part)
            return Error { "unknown device id " + std::to_string(end.device.value) };
        if (end.port < 0 || end.port >= static_cast<int>(part->ports.size()))
            return Error { device->name + " has no port #" + std::to_string(end.port) };
        if (const LinkId used = m_design.linkAt(end); used.isValid())
            return Error { device->name + " port "
                           + part->ports[static_cast<std::size_t>(end.port)].name
                           + " is already used by link " + std::to_string(used.value) };
    }
    if (a == b)
        return Error { "a link cannot connect a port to itself" };
    if (!cableType.empty())
        if (auto cable = catalogPart(cableType, { PartKind::Cable, PartKind::Transceiver },
                                     "cable or transceiver");
            !cable)
            return cable.error();
    Link link;
    link.id = m_design.newId<LinkId>();
    link.fabric = fabric;
    link.a = a;
    link.b = b;
    link.cableType = std::string(cableType);
    link.lengthM = lengthM;
    const LinkId id = link.id;
    m_design.addLink(link);
    return id;
}

Result<StorageTierId> DesignBuilder::addStorageTier(StorageTier tier)
{
    if (tier.name.empty())
        return Error { "a storage tier needs a name" };
    if (tier.fabric.isValid() && !m_design.fabric(tier.fabric))
        return Error { "storage tier " + tier.name + ": unknown fabric id "
                       + std::to_string(tier.fabric.value) };
    for (DeviceId member : tier.members) {
        const Part *part = partOf(member);
        if (!part)
            return Error { "storage tier " + tier.name + ": unknown device id "
                           + std::to_string(member.value) };
        if (part->kind != PartKind::Storage)
            return Error { "storage tier " + tier.name + ": " + m_design.device(member)->name
                           + " is not a storage server" };
    }
    if (tier.capacityTB < 0 || tier.readGBps < 0 || tier.writeGBps < 0)
        return Error { "storage tier " + tier.name + ": capacity and bandwidth must be >= 0" };
    tier.id = m_design.newId<StorageTierId>();
    const StorageTierId id = tier.id;
    m_design.addStorageTier(std::move(tier));
    return id;
}

} // namespace cw

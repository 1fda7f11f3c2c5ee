#include "views/document/EditChecks.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/common/VisibleText.h"
#include "model/core/NamePolicy.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_set>

namespace cw {
namespace {

bool contains(const std::vector<Device> &devices, DeviceId id)
{
    return std::any_of(devices.begin(), devices.end(),
                       [id](const Device &d) { return d.id == id; });
}

/// A design holding only `rack` (and its row) with the devices already in it, minus the
/// ones being edited: what DesignBuilder needs to judge a slot. Existing devices go in
/// unchecked, so a file that already has an overlap does not block every edit in the rack.
Design scratchRack(const Design &design, const Rack &rack, const std::vector<Device> &editing)
{
    Design scratch;
    Row row;
    row.id = rack.row;
    scratch.addRow(row);
    Rack copy = rack;
    copy.pdus.clear();
    scratch.addRack(copy);
    for (DeviceId id : design.devicesInRack(rack.id))
        if (!contains(editing, id))
            scratch.addDevice(*design.device(id));
    return scratch;
}

} // namespace

int firstFreeU(const Design &design, const Catalog &catalog, RackId rackId,
               const std::string &partId, std::string *why)
{
    const Rack *rack = design.rack(rackId);
    if (!rack) {
        *why = "unknown rack id " + std::to_string(rackId.value);
        return -1;
    }
    Design scratch = scratchRack(design, *rack, {});
    DesignBuilder builder(scratch, catalog);
    auto u = builder.firstFreeU(rackId, partId);
    if (!u) {
        *why = u.error().message;
        return -1;
    }
    return *u;
}

std::string uniqueHostname(const Design &design, const std::string &prefix,
                           const std::vector<std::string> &alsoTaken, int digits)
{
    std::unordered_set<std::string> taken(alsoTaken.begin(), alsoTaken.end());
    for (const Device &device : design.devices())
        if (device.name.starts_with(prefix))
            taken.insert(device.name);
    for (int n = 1;; ++n) {
        std::string number = std::to_string(n);
        if (number.size() < static_cast<std::size_t>(digits))
            number.insert(0, static_cast<std::size_t>(digits) - number.size(), '0');
        std::string name = prefix + number;
        if (!taken.contains(name))
            return name;
    }
}

std::string checkName(std::string_view what, std::string_view text, NameKind kind)
{
    const std::string problem = nameProblem(text, kind);
    if (problem.empty())
        return {};
    // The refusal quotes the name visibly (no raw control or direction characters).
    return std::string(what) + " \"" + visibleExcerpt(text, 40) + "\" is refused: " + problem
        + "; expected " + nameRule(kind);
}

std::string checkDevices(const Design &design, const Catalog &catalog,
                         const std::vector<Device> &devices)
{
    std::set<std::string> batchNames;
    std::map<std::uint64_t, std::vector<const Device *>> byRack;
    for (const Device &device : devices) {
        if (device.name.empty())
            return "a device needs a hostname";
        if (std::string why = checkName("hostname", device.name, NameKind::Identifier);
            !why.empty())
            return why;
        if (!batchNames.insert(device.name).second)
            return device.name + ": hostname given to two devices";
        if (!design.rack(device.rack))
            return device.name + ": unknown rack id " + std::to_string(device.rack.value);
        if (device.tier < -1 || device.tier > 2)
            return device.name + ": switch tier must be 0 (leaf), 1 (spine), 2 (core) or -1";
        byRack[device.rack.value].push_back(&device);
    }
    for (const Device &other : design.devices())
        if (batchNames.contains(other.name) && !contains(devices, other.id))
            return other.name + ": hostname already used by another device";
    for (const auto &[rackId, placed] : byRack) {
        const Rack &rack = *design.rack(RackId { rackId });
        Design scratch = scratchRack(design, rack, devices);
        DesignBuilder builder(scratch, catalog);
        for (const Device *device : placed) {
            auto result
                = builder.placeDevice(rack.id, device->name, device->catalogType, device->uPosition,
                                      device->role, device->face, device->tier);
            if (!result)
                return result.error().message;
        }
    }
    return {};
}

std::string checkRack(const Design &design, const Catalog &catalog, const Rack &rack)
{
    if (rack.name.empty())
        return "a rack needs a name";
    if (std::string why = checkName("rack name", rack.name, NameKind::Identifier); !why.empty())
        return why;
    for (const Pdu &pdu : rack.pdus)
        if (std::string why = checkName("PDU name", pdu.name, NameKind::Identifier); !why.empty())
            return why;
    const Row *row = design.row(rack.row);
    if (!row)
        return "rack " + rack.name + ": unknown row id " + std::to_string(rack.row.value);
    if (rack.position < 0)
        return "rack " + rack.name + ": position must be >= 0";
    Design scratch;
    scratch.addRow(*row);
    for (const Rack &other : design.racks())
        if (other.row == rack.row && other.id != rack.id)
            scratch.addRack(other);
    DesignBuilder builder(scratch, catalog);
    auto result = builder.addRack(rack.row, rack.name, rack.catalogType, rack.pdus, rack.position);
    if (!result)
        return result.error().message;
    // A rack part change must still hold what the rack carries (fewer U, say): place its
    // devices into the scratch rack of the new type.
    if (const Rack *current = design.rack(rack.id);
        current && current->catalogType != rack.catalogType) {
        DesignBuilder placer(scratch, catalog);
        for (DeviceId id : design.devicesInRack(rack.id)) {
            const Device &device = *design.device(id);
            if (auto placed
                = placer.placeDevice(*result, device.name, device.catalogType, device.uPosition,
                                     device.role, device.face, device.tier);
                !placed)
                return "rack " + rack.name + " as " + rack.catalogType + ": "
                    + placed.error().message;
        }
    }
    return {};
}

std::string checkRow(const Design &design, const Row &row)
{
    if (row.name.empty())
        return "a row needs a name";
    if (std::string why = checkName("row name", row.name, NameKind::Identifier); !why.empty())
        return why;
    if (row.powerBudgetKw < 0)
        return "row " + row.name + ": power budget must be >= 0 kW";
    for (const Row &other : design.rows())
        if (other.id != row.id && other.name == row.name)
            return "row " + row.name + ": name already used";
    return {};
}

std::string checkFabric(const Design &design, const Fabric &fabric)
{
    if (fabric.name.empty())
        return "a fabric needs a name";
    if (std::string why = checkName("fabric name", fabric.name, NameKind::Identifier); !why.empty())
        return why;
    if (fabric.linkSpeedGbps <= 0)
        return "fabric " + fabric.name + ": link speed must be > 0 Gb/s";
    if (fabric.topology.oversubscription <= 0)
        return "fabric " + fabric.name + ": oversubscription must be > 0";
    for (const Fabric &other : design.fabrics())
        if (other.id != fabric.id && other.name == fabric.name)
            return "fabric " + fabric.name + ": name already used";
    return {};
}

std::string checkLink(const Design &design, const Catalog &catalog, const Link &link)
{
    if (!design.fabric(link.fabric))
        return "link: unknown fabric id " + std::to_string(link.fabric.value);
    if (link.lengthM < 0)
        return "a cable length must be >= 0 m";
    if (link.a == link.b)
        return "a link cannot connect a port to itself";
    for (const PortRef &end : { link.a, link.b }) {
        const Device *device = design.device(end.device);
        const Part *part = device ? catalog.find(device->catalogType) : nullptr;
        if (!device || !part)
            return "link: unknown device id " + std::to_string(end.device.value);
        if (end.port < 0 || end.port >= static_cast<int>(part->ports.size()))
            return device->name + " has no port #" + std::to_string(end.port);
        const LinkId used = design.linkAt(end);
        if (used.isValid() && used != link.id)
            return device->name + " port " + part->ports[static_cast<std::size_t>(end.port)].name
                + " is already used by link " + std::to_string(used.value);
    }
    if (!link.cableType.empty()) {
        const Part *cable = catalog.find(link.cableType);
        if (!cable)
            return "unknown catalog type \"" + link.cableType + "\" for a cable";
        if (cable->kind != PartKind::Cable && cable->kind != PartKind::Transceiver)
            return "catalog type \"" + link.cableType + "\" is a "
                + std::string(toString(cable->kind)) + ", not a cable or transceiver";
    }
    return {};
}

std::string checkStorageTier(const Design &design, const Catalog &catalog, const StorageTier &tier)
{
    if (tier.name.empty())
        return "a storage tier needs a name";
    if (std::string why = checkName("storage tier name", tier.name, NameKind::Identifier);
        !why.empty())
        return why;
    if (tier.fabric.isValid() && !design.fabric(tier.fabric))
        return "storage tier " + tier.name + ": unknown fabric id "
            + std::to_string(tier.fabric.value);
    for (DeviceId member : tier.members) {
        const Device *device = design.device(member);
        const Part *part = device ? catalog.find(device->catalogType) : nullptr;
        if (!device)
            return "storage tier " + tier.name + ": unknown device id "
                + std::to_string(member.value);
        if (!part || part->kind != PartKind::Storage)
            return "storage tier " + tier.name + ": " + device->name + " is not a storage server";
    }
    if (tier.capacityTB < 0 || tier.readGBps < 0 || tier.writeGBps < 0)
        return "storage tier " + tier.name + ": capacity and bandwidth must be >= 0";
    return {};
}

std::string checkSite(const Site &site)
{
    if (std::string why = checkName("site name", site.name, NameKind::Label); !why.empty())
        return why;
    const std::pair<double, const char *> budgets[] = {
        { site.utilityPowerKw, "utility power" },
        { site.itPowerBudgetKw, "IT power budget" },
        { site.airCoolingCapacityKw, "air cooling capacity" },
        { site.liquidCoolingCapacityKw, "liquid cooling capacity" },
        { site.airLimitPerRackKw, "air limit per rack" },
        { site.electricityUsdPerKwh, "electricity price" },
    };
    for (const auto &[value, what] : budgets)
        if (value < 0)
            return std::string("site: ") + what + " must be >= 0";
    // PUE is facility power over IT power, so it cannot be below 1 (The Green Grid).
    if (site.pue < 1)
        return "site: PUE must be >= 1";
    if (site.rackWidthM <= 0 || site.rackDepthM <= 0 || site.rowPitchM <= 0)
        return "site: rack width, depth and row pitch must be > 0 m";
    if (site.trayHeightM < 0 || site.slackM < 0 || site.coolantDeltaTK <= 0)
        return "site: tray height and slack must be >= 0 m, coolant delta-T > 0 K";
    return {};
}

} // namespace cw

#include "model/catalog/Catalog.h"
#include "model/common/JsonLimits.h"
#include "model/common/VisibleText.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"
#include "model/io/DesignLoadPaths.h"
#include "model/io/DesignText.h"
#include "model/io/LinkScan.h"
#include "model/io/MappedFile.h"
#include "model/io/ReaderTables.h"
#include "model/io/SchemaVersion.h"
#include "model/io/SiteIo.h"
#include "model/io/TapeReader.h"

#include <array>
#include <optional>
#include <span>
#include <unordered_map>

namespace cw {
namespace {

using Reader = TapeReader;

/// The fast path met something only the tape's reader words (an error, a warning): the load
/// starts over on the tape. Never leaves this file.
struct FastPathDeclined
{
};

/// The links the fast path read from the text (LinkScanner), in place of the tape's.
struct ScannedLinks
{
    std::string_view text;
    const std::vector<LinkRecord> &records;
};

/// The fewest tape nodes a link takes (its object, four required keys and their values, two
/// ends of two keys and values each): what a scanned link stands for in the document's size.
constexpr std::uint64_t kTapeNodesPerLink = 17;

/// Reads the entities of one document into a Design, checking ids and references as it
/// goes so that every problem is reported with the pointer of the value that causes it.
class DesignReader
{
public:
    DesignReader(const Catalog &catalog, std::vector<std::string> &warnings,
                 const ScannedLinks *scanned = nullptr)
        : m_warnings(warnings)
        , m_tables(catalog)
        , m_scanned(scanned)
    { }

    Design read(const Reader &root);

private:
    template<typename IdType>
    IdType claim(const Reader &entity)
    {
        return claim<IdType>(entity, entity.integer("id"));
    }
    /// The same with the value of "id" already read.
    template<typename IdType>
    IdType claim(const Reader &entity, long long value)
    {
        if (value <= 0)
            entity.fail("id", "a positive whole number");
        // The owner is kept as a tape index: its pointer text is only needed for the error.
        const auto owner = m_idOwners.claim(static_cast<std::uint64_t>(value), entity.index());
        if (owner == IdOwners::untaped)
            throw FastPathDeclined {}; // the message names the link's pointer
        if (owner != IdOwners::none)
            entity.fail("id",
                        "an id not used elsewhere (" + std::to_string(value)
                            + " is already the id of " + entity.tape().pointerOf(owner) + ")");
        return IdType { static_cast<std::uint64_t>(value) };
    }

    template<typename IdType, typename Table>
    IdType reference(const Reader &entity, const char *key, const Table &table, const char *what)
    {
        return reference<IdType>(entity, key, entity.integer(key), table, what);
    }
    template<typename IdType, typename Table>
    IdType reference(const Reader &entity, const char *key, long long value, const Table &table,
                     const char *what)
    {
        const IdType id { static_cast<std::uint64_t>(value < 0 ? 0 : value) };
        if (value <= 0 || !table.contains(id))
            entity.fail(key, std::string("the id of a ") + what + " in this design");
        return id;
    }

    const Part &part(const Reader &entity, const char *key, std::initializer_list<PartKind> kinds,
                     const char *what)
    {
        return part(entity, key, entity.stringView(key), kinds, what);
    }
    /// The same with the value of `key` already read.
    const Part &part(const Reader &entity, const char *key, std::string_view id,
                     std::initializer_list<PartKind> kinds, const char *what);
    void warnUnknown(const Reader &reader, std::initializer_list<std::string_view> known)
    {
        warnUnknown(reader, std::span<const std::string_view>(known.begin(), known.size()));
    }
    void warnUnknown(const Reader &reader, std::span<const std::string_view> known);
    int portIndex(const Reader &end, std::string_view name, const Part &part);
    /// One end of a link (the object at `key` of `link`, or the error for what is there) and
    /// its port slot in m_tables.
    std::pair<PortRef, std::size_t> linkEnd(const Reader &link, const char *key,
                                            Reader::Index value, const Design &design);
    void readLink(const Reader &entry, Design &design);
    /// The fast path's links: the checks of readLink, any failure declined to the tape.
    void readScannedLinks(Design &design);
    PortRef scannedEnd(std::uint32_t device, std::uint32_t port, std::uint16_t size,
                       std::size_t &slot);

    void readSite(const Reader &reader, Design &design);
    void readRows(const Reader &root, Design &design);
    void readRacks(const Reader &root, Design &design);
    void readDevices(const Reader &root, Design &design);
    void readFabrics(const Reader &root, Design &design);
    void readQos(const Reader &q, QosProfile &qos);
    void readLinks(const Reader &root, Design &design);
    void readStorageTiers(const Reader &root, Design &design);
    void readSettings(const Reader &root, Design &design);

    std::vector<std::string> &m_warnings;
    std::size_t m_suppressedWarnings = 0;
    IdOwners m_idOwners;
    ReaderTables m_tables;
    const ScannedLinks *m_scanned;
};

const Part &DesignReader::part(const Reader &entity, const char *key, std::string_view id,
                               std::initializer_list<PartKind> kinds, const char *what)
{
    const Part *found = m_tables.part(id);
    if (!found)
        entity.fail(key,
                    std::string("a catalog ") + what + " id (\"" + std::string(id)
                        + "\" is not in the catalog; add it to a user catalog file)");
    for (PartKind kind : kinds)
        if (found->kind == kind)
            return *found;
    entity.fail(key,
                std::string("a catalog ") + what + " id (\"" + std::string(id) + "\" is a "
                    + std::string(toString(found->kind)) + ")");
}

void DesignReader::warnUnknown(const Reader &reader, std::span<const std::string_view> known)
{
    for (const std::string &pointer : reader.unknownKeys(known)) {
        // A file of a million unknown keys must not print a million lines.
        if (m_warnings.size() >= kMaxLoadWarnings) {
            ++m_suppressedWarnings;
            continue;
        }
        m_warnings.push_back(visibleText(pointer)
                             + ": unknown key, ignored (it will not be saved)");
    }
}

int DesignReader::portIndex(const Reader &end, std::string_view name, const Part &part)
{
    const std::optional<int> index = m_tables.portIndex(part, name);
    if (!index)
        end.fail("port",
                 "a port of " + part.id + " (\"" + std::string(name) + "\" is not one of its "
                     + std::to_string(part.ports.size()) + " ports)");
    return *index;
}

// The keys of a link and of its ends, in the order the writer puts them (collect() tries
// that order first); the reads below go through them in the order the key-by-key reader did,
// so the first error of a file is the same.
constexpr std::array<std::string_view, 6> kLinkKeys {
    "id", "fabric", "a", "b", "cable", "lengthM"
};
enum LinkKey { LinkId_, LinkFabric, LinkA, LinkB, LinkCable, LinkLength };
constexpr std::array<std::string_view, 2> kEndKeys { "device", "port" };

/// One end of a link: a device of this design and a free port of it.
std::pair<PortRef, std::size_t> DesignReader::linkEnd(const Reader &link, const char *key,
                                                      Reader::Index value, const Design &design)
{
    const Reader end = link.objectAt(key, value);
    std::array<Reader::Index, kEndKeys.size()> values;
    if (end.collect(kEndKeys, values))
        warnUnknown(end, kEndKeys);
    const ReaderTables::DeviceInfo *device = m_tables.device(end.integerAt("device", values[0]));
    if (!device)
        end.fail("device", "the id of a device in this design");
    const DeviceId deviceId { device->id };
    const std::string_view portName = end.stringAt("port", values[1]);
    const PortRef ref { deviceId, portIndex(end, portName, *device->part) };
    const std::size_t slot = m_tables.portSlot(*device, ref.port);
    if (m_tables.portUsed(slot))
        end.fail("port",
                 "a free port (\"" + std::string(portName) + "\" of device "
                     + std::to_string(deviceId.value) + " is already used by link "
                     + std::to_string(design.linkAt(ref).value) + ")");
    return { ref, slot };
}

void DesignReader::readSite(const Reader &reader, Design &design)
{
    design.setSite(readSiteObject(reader, m_warnings));
}

void DesignReader::readRows(const Reader &root, Design &design)
{
    for (const Reader &entry : root.objects("rows")) {
        warnUnknown(entry, { "id", "name", "index", "powerBudgetKw", "hall" });
        Row row;
        row.id = claim<RowId>(entry);
        row.name = entry.name("name", NameKind::Identifier);
        row.index = static_cast<int>(entry.integerInRange("index", 0, 100000, 0));
        row.powerBudgetKw = entry.nonNegative("powerBudgetKw", 0);
        row.hall = entry.string("hall", "");
        if (!row.hall.empty() && !design.site().hall(row.hall))
            entry.fail("hall", "the name of a hall of the site (or no hall)");
        design.addRow(std::move(row));
    }
}

void DesignReader::readRacks(const Reader &root, Design &design)
{
    for (const Reader &entry : root.objects("racks")) {
        warnUnknown(entry, { "id", "name", "type", "row", "position", "pdus" });
        Rack rack;
        rack.id = claim<RackId>(entry);
        rack.name = entry.name("name", NameKind::Identifier);
        // A floor-standing CDU takes a rack position of its own.
        rack.catalogType
            = part(entry, "type", { PartKind::Rack, PartKind::Cdu }, "rack (or floor-standing CDU)")
                  .id;
        rack.row = reference<RowId>(entry, "row", design.rows(), "row");
        rack.position = static_cast<int>(entry.integerInRange("position", 0, 100000));
        for (const Reader &p : entry.objects("pdus")) {
            warnUnknown(p, { "name", "feed", "type", "phases", "voltageV", "breakerA" });
            Pdu pdu;
            pdu.name = p.name("name", NameKind::Identifier);
            const auto feed = parseFeed(p.string("feed"));
            if (!feed)
                p.fail("feed", "A | B");
            pdu.feed = *feed;
            if (p.has("type"))
                pdu.catalogType = part(p, "type", { PartKind::Pdu }, "PDU").id;
            pdu.phases = static_cast<int>(p.integerInRange("phases", 1, 3));
            if (pdu.phases == 2)
                p.fail("phases", "1 or 3");
            pdu.voltageV = p.positive("voltageV");
            pdu.breakerA = p.positive("breakerA");
            rack.pdus.push_back(std::move(pdu));
        }
        design.addRack(std::move(rack));
    }
}

void DesignReader::readDevices(const Reader &root, Design &design)
{
    const auto entries = root.objects("devices");
    m_tables.reserveDevices(entries.size());
    for (const Reader &entry : entries) {
        warnUnknown(entry, { "id", "name", "type", "role", "rack", "u", "face", "tier", "qos" });
        Device device;
        device.id = claim<DeviceId>(entry);
        // The name policy here; the Slurm/RFC 1123 hostname rules are validation rules.
        device.name = entry.name("name", NameKind::Identifier);
        const Part &devicePart = part(
            entry, "type", { PartKind::Server, PartKind::Switch, PartKind::Storage, PartKind::Cdu },
            "rack-mounted device");
        device.catalogType = devicePart.id;
        const auto role = parseDeviceRole(entry.string("role"));
        if (!role)
            entry.fail("role", std::string(allowedNames<DeviceRole>()));
        device.role = *role;
        device.rack = reference<RackId>(entry, "rack", design.racks(), "rack");
        device.uPosition = static_cast<int>(entry.integerInRange("u", 1, 60));
        const auto face = parseFace(entry.string("face", "front"));
        if (!face)
            entry.fail("face", std::string(allowedNames<Face>()));
        device.face = *face;
        device.tier = static_cast<int>(entry.integerInRange("tier", 0, 7, -1));
        if (entry.has("qos")) {
            // A device override starts from the defaults, like a fabric's profile.
            device.qos.emplace();
            readQos(entry.object("qos"), *device.qos);
        }
        const std::uint64_t id = device.id.value;
        design.addDevice(std::move(device));
        m_tables.addDevice(id, devicePart);
    }
}

void DesignReader::readQos(const Reader &q, QosProfile &qos)
{
    warnUnknown(q,
                { "roceDscp", "cnpDscp", "pfcPriority", "cnpPriority", "losslessPriorities",
                  "ecnEnabled", "ecnMinBytes", "ecnMaxBytes", "ecnMaxProbabilityPct", "pfcWatchdog",
                  "pfcWatchdogDetectionMs", "pfcWatchdogRestorationMs", "switchMtu", "hostMtu",
                  "dscpToPriority", "pfcCableLengthM" });
    qos.roceDscp = static_cast<int>(q.integerInRange("roceDscp", 0, 63, qos.roceDscp));
    qos.cnpDscp = static_cast<int>(q.integerInRange("cnpDscp", 0, 63, qos.cnpDscp));
    qos.pfcPriority = static_cast<int>(q.integerInRange("pfcPriority", 0, 7, qos.pfcPriority));
    qos.cnpPriority = static_cast<int>(q.integerInRange("cnpPriority", 0, 7, qos.cnpPriority));
    if (q.has("losslessPriorities")) {
        qos.losslessPriorities.clear();
        for (long long priority : q.integerArray("losslessPriorities")) {
            if (priority < 0 || priority > 7)
                q.fail("losslessPriorities", "priorities from 0 to 7");
            qos.losslessPriorities.push_back(static_cast<int>(priority));
        }
    }
    qos.ecnEnabled = q.boolean("ecnEnabled", qos.ecnEnabled);
    // Thresholds are read as given, even when inconsistent: the RoCE rules report
    // Kmin >= Kmax, so the design can be loaded and fixed.
    qos.ecnMinBytes
        = static_cast<int>(q.integerInRange("ecnMinBytes", 0, 2000000000, qos.ecnMinBytes));
    qos.ecnMaxBytes
        = static_cast<int>(q.integerInRange("ecnMaxBytes", 0, 2000000000, qos.ecnMaxBytes));
    qos.ecnMaxProbabilityPct = static_cast<int>(
        q.integerInRange("ecnMaxProbabilityPct", -1000, 1000, qos.ecnMaxProbabilityPct));
    qos.pfcWatchdog = q.boolean("pfcWatchdog", qos.pfcWatchdog);
    qos.pfcWatchdogDetectionMs = static_cast<int>(
        q.integerInRange("pfcWatchdogDetectionMs", 0, 60000, qos.pfcWatchdogDetectionMs));
    qos.pfcWatchdogRestorationMs = static_cast<int>(
        q.integerInRange("pfcWatchdogRestorationMs", 0, 600000, qos.pfcWatchdogRestorationMs));
    qos.switchMtu = static_cast<int>(q.integerInRange("switchMtu", 576, 16384, qos.switchMtu));
    qos.hostMtu = static_cast<int>(q.integerInRange("hostMtu", 576, 16384, qos.hostMtu));
    if (q.has("dscpToPriority")) {
        // An object {"26": 3}: keys are DSCP values, values switch priorities.
        const Reader map = q.object("dscpToPriority");
        qos.dscpToPriority.clear();
        for (const auto &item : map.sortedMembers()) {
            const std::string &key = item.first;
            int dscp = -1;
            if (!key.empty() && key.size() <= 2
                && key.find_first_not_of("0123456789") == std::string::npos)
                dscp = std::stoi(key);
            if (dscp < 0 || dscp > 63)
                map.failHere("expected DSCP keys from \"0\" to \"63\", got \"" + key + "\"");
            qos.dscpToPriority[dscp] = static_cast<int>(map.integerInRange(key.c_str(), 0, 7));
        }
    }
    qos.pfcCableLengthM = q.nonNegative("pfcCableLengthM", qos.pfcCableLengthM);
}

void DesignReader::readFabrics(const Reader &root, Design &design)
{
    for (const Reader &entry : root.objects("fabrics")) {
        warnUnknown(entry,
                    { "id", "name", "purpose", "technology", "linkSpeedGbps", "topology", "qos" });
        Fabric fabric;
        fabric.id = claim<FabricId>(entry);
        fabric.name = entry.name("name", NameKind::Identifier);
        const auto purpose = parseFabricPurpose(entry.string("purpose"));
        if (!purpose)
            entry.fail("purpose", std::string(allowedNames<FabricPurpose>()));
        fabric.purpose = *purpose;
        const auto technology = parseTechnology(entry.string("technology"));
        if (!technology)
            entry.fail("technology", std::string(allowedNames<Technology>()));
        fabric.technology = *technology;
        fabric.linkSpeedGbps = entry.positive("linkSpeedGbps");
        if (entry.has("topology")) {
            const Reader t = entry.object("topology");
            warnUnknown(t, { "kind", "tiers", "oversubscription", "railOptimized", "rails" });
            // Version 1's kind "rail-optimized" became kind "fat-tree" + railOptimized in the
            // migration to 2 (SchemaVersion.cpp): one field for each fact.
            const auto topologyKind = parseTopologyKind(t.string("kind", "custom"));
            if (!topologyKind)
                t.fail("kind", std::string(allowedNames<TopologyKind>()));
            fabric.topology.kind = *topologyKind;
            fabric.topology.tiers = static_cast<int>(t.integerInRange("tiers", 0, 5, 0));
            fabric.topology.oversubscription = t.number("oversubscription", 1);
            if (fabric.topology.oversubscription < 1)
                t.fail("oversubscription", "a downlink:uplink ratio >= 1 (1 = non-blocking)");
            fabric.topology.railOptimized = t.boolean("railOptimized", false);
            fabric.topology.rails = static_cast<int>(t.integerInRange("rails", 0, 64, 0));
        }
        if (entry.has("qos"))
            readQos(entry.object("qos"), fabric.qos);
        design.addFabric(std::move(fabric));
    }
}

void DesignReader::readLinks(const Reader &root, Design &design)
{
    if (m_scanned) {
        readScannedLinks(design);
        return;
    }
    const auto entries = root.objects("links");
    design.reserve(design.devices().size(), entries.size());
    for (const Reader &entry : entries)
        readLink(entry, design);
}

void DesignReader::readLink(const Reader &entry, Design &design)
{
    std::array<Reader::Index, kLinkKeys.size()> values;
    if (entry.collect(kLinkKeys, values))
        warnUnknown(entry, kLinkKeys);
    Link link;
    link.id = claim<LinkId>(entry, entry.integerAt("id", values[LinkId_]));
    link.fabric = reference<FabricId>(
        entry, "fabric", entry.integerAt("fabric", values[LinkFabric]), design.fabrics(), "fabric");
    const auto [a, slotA] = linkEnd(entry, "a", values[LinkA], design);
    const auto [b, slotB] = linkEnd(entry, "b", values[LinkB], design);
    link.a = a;
    link.b = b;
    if (link.a == link.b)
        entry.fail("b", "a port other than the a side's");
    if (values[LinkCable] != JsonTape::npos) {
        const std::string_view cable = entry.stringAt("cable", values[LinkCable]);
        if (!cable.empty())
            part(entry, "cable", cable, { PartKind::Cable, PartKind::Transceiver },
                 "cable or transceiver");
        link.cableType = std::string(cable);
    }
    link.lengthM = values[LinkLength] == JsonTape::npos
        ? 0
        : entry.nonNegativeAt("lengthM", values[LinkLength]);
    m_tables.markPortUsed(slotA);
    m_tables.markPortUsed(slotB);
    design.addLink(std::move(link));
}

PortRef DesignReader::scannedEnd(std::uint32_t device, std::uint32_t port, std::uint16_t size,
                                 std::size_t &slot)
{
    const ReaderTables::DeviceInfo *info = m_tables.device(device);
    if (!info)
        throw FastPathDeclined {};
    const std::optional<int> index
        = m_tables.portIndex(*info->part, m_scanned->text.substr(port, size));
    if (!index)
        throw FastPathDeclined {};
    slot = m_tables.portSlot(*info, *index);
    if (m_tables.portUsed(slot))
        throw FastPathDeclined {};
    return { DeviceId { info->id }, *index };
}

void DesignReader::readScannedLinks(Design &design)
{
    const std::vector<LinkRecord> &records = m_scanned->records;
    design.reserve(design.devices().size(), records.size());
    std::string_view lastCable; // a cable part already found in the catalog
    for (const LinkRecord &record : records) {
        // The scanner passed only positive ids and names without escapes.
        if (m_idOwners.claim(record.id, IdOwners::untaped) != IdOwners::none)
            throw FastPathDeclined {};
        Link link;
        link.id = LinkId { record.id };
        link.fabric = FabricId { record.fabric };
        if (!design.fabrics().contains(link.fabric))
            throw FastPathDeclined {};
        std::size_t slotA = 0;
        std::size_t slotB = 0;
        link.a = scannedEnd(record.deviceA, record.portA, record.portASize, slotA);
        link.b = scannedEnd(record.deviceB, record.portB, record.portBSize, slotB);
        if (link.a == link.b)
            throw FastPathDeclined {};
        if (record.cableSize > 0) {
            // Links come in runs of one cable part: the last one checked needs no lookup.
            const std::string_view cable = m_scanned->text.substr(record.cable, record.cableSize);
            if (cable != lastCable) {
                const Part *cablePart = m_tables.part(cable);
                if (!cablePart
                    || (cablePart->kind != PartKind::Cable
                        && cablePart->kind != PartKind::Transceiver))
                    throw FastPathDeclined {};
                lastCable = cable;
            }
            link.cableType = std::string(cable);
        }
        link.lengthM = record.lengthM;
        m_tables.markPortUsed(slotA);
        m_tables.markPortUsed(slotB);
        design.addLink(std::move(link));
    }
}

void DesignReader::readStorageTiers(const Reader &root, Design &design)
{
    for (const Reader &entry : root.objects("storageTiers")) {
        warnUnknown(
            entry,
            { "id", "name", "kind", "fabric", "members", "capacityTB", "readGBps", "writeGBps" });
        StorageTier tier;
        tier.id = claim<StorageTierId>(entry);
        tier.name = entry.name("name", NameKind::Identifier);
        const auto kind = parseStorageKind(entry.string("kind"));
        if (!kind)
            entry.fail("kind", std::string(allowedNames<StorageKind>()));
        tier.kind = *kind;
        if (entry.has("fabric"))
            tier.fabric = reference<FabricId>(entry, "fabric", design.fabrics(), "fabric");
        for (long long member : entry.integerArray("members")) {
            const DeviceId id { static_cast<std::uint64_t>(member < 0 ? 0 : member) };
            if (member <= 0 || !design.device(id))
                entry.fail("members",
                           "ids of devices in this design (" + std::to_string(member)
                               + " is not one)");
            tier.members.push_back(id);
        }
        tier.capacityTB = entry.nonNegative("capacityTB", 0);
        tier.readGBps = entry.nonNegative("readGBps", 0);
        tier.writeGBps = entry.nonNegative("writeGBps", 0);
        design.addStorageTier(std::move(tier));
    }
}

void DesignReader::readSettings(const Reader &root, Design &design)
{
    if (root.has("scheduler")) {
        const Reader s = root.object("scheduler");
        warnUnknown(s, { "clusterName", "controllerHost", "partitions", "slurmOverrides" });
        SchedulerSettings scheduler;
        scheduler.clusterName = s.name("clusterName", NameKind::Identifier, scheduler.clusterName);
        if (scheduler.clusterName.empty())
            s.fail("clusterName", nameRule(NameKind::Identifier));
        scheduler.controllerHost
            = s.name("controllerHost", NameKind::Identifier, scheduler.controllerHost);
        if (scheduler.controllerHost.empty())
            s.fail("controllerHost", nameRule(NameKind::Identifier));
        for (const Reader &p : s.objects("partitions")) {
            warnUnknown(p, { "name", "nodes", "default", "maxTime" });
            Partition partition;
            partition.name = p.name("name", NameKind::Identifier);
            for (long long node : p.integerArray("nodes")) {
                const DeviceId id { static_cast<std::uint64_t>(node < 0 ? 0 : node) };
                if (node <= 0 || !design.device(id))
                    p.fail("nodes",
                           "ids of devices in this design (" + std::to_string(node)
                               + " is not one)");
                partition.nodes.push_back(id);
            }
            partition.isDefault = p.boolean("default", false);
            partition.maxTime = p.string("maxTime", partition.maxTime);
            if (const std::string problem = slurmTimeProblem(partition.maxTime); !problem.empty())
                p.fail("maxTime", "a Slurm time limit (" + problem + ")");
            scheduler.partitions.push_back(std::move(partition));
        }
        if (s.has("slurmOverrides")) {
            // {"MaxTime": "7-00:00:00"}: the exporter checks keys and values, the reader types.
            const Reader overrides = s.object("slurmOverrides");
            for (const auto &item : overrides.sortedMembers())
                scheduler.slurmOverrides[item.first] = overrides.string(item.first.c_str());
        }
        design.setScheduler(std::move(scheduler));
    }
    if (root.has("nccl")) {
        const Reader n = root.object("nccl");
        warnUnknown(n,
                    { "ibTimeout", "ibRetryCount", "crossNic", "ibGidIndex", "ibTrafficClass",
                      "ibServiceLevel", "qpsPerConnection", "socketIfname", "netGdrLevel",
                      "collnetEnable" });
        NcclSettings nccl;
        auto optionalInt = [&n](const char *key, long long min, long long max) {
            auto value = n.optionalInteger(key, min, max);
            return value ? std::optional<int>(static_cast<int>(*value)) : std::nullopt;
        };
        nccl.ibTimeout = optionalInt("ibTimeout", 0, 31);
        nccl.ibRetryCount = optionalInt("ibRetryCount", 0, 7);
        nccl.crossNic = optionalInt("crossNic", 0, 2);
        nccl.ibGidIndex = optionalInt("ibGidIndex", -1, 255);
        nccl.ibTrafficClass = optionalInt("ibTrafficClass", 0, 255);
        nccl.ibServiceLevel = optionalInt("ibServiceLevel", 0, 15);
        nccl.qpsPerConnection = optionalInt("qpsPerConnection", 1, 128);
        nccl.socketIfname = n.string("socketIfname", "");
        if (const std::string problem = socketIfnameProblem(nccl.socketIfname); !problem.empty())
            n.fail("socketIfname", "an NCCL_SOCKET_IFNAME value (" + problem + ")");
        nccl.netGdrLevel = n.name("netGdrLevel", NameKind::Identifier, "");
        nccl.collnetEnable = n.boolean("collnetEnable", false);
        design.setNccl(std::move(nccl));
    }
    if (root.has("workload")) {
        const Reader w = root.object("workload");
        warnUnknown(w,
                    { "name", "parameterCount", "trainingTokens", "mfu", "checkpointBytesPerParam",
                      "checkpointIntervalMin", "maxCheckpointStallFraction",
                      "datasetReadMBpsPerGpu" });
        Workload workload;
        workload.name = w.name("name", NameKind::Label, "");
        workload.parameterCount = w.nonNegative("parameterCount", 0);
        workload.trainingTokens = w.nonNegative("trainingTokens", 0);
        workload.mfu = w.nonNegative("mfu", workload.mfu);
        if (workload.mfu > 1)
            w.fail("mfu", "a fraction from 0 to 1");
        workload.checkpointBytesPerParam
            = w.nonNegative("checkpointBytesPerParam", workload.checkpointBytesPerParam);
        workload.checkpointIntervalMin
            = w.positive("checkpointIntervalMin", workload.checkpointIntervalMin);
        workload.maxCheckpointStallFraction
            = w.nonNegative("maxCheckpointStallFraction", workload.maxCheckpointStallFraction);
        workload.datasetReadMBpsPerGpu = w.nonNegative("datasetReadMBpsPerGpu", 0);
        design.setWorkload(std::move(workload));
    }
    std::vector<Waiver> waivers;
    for (const Reader &entry : root.objects("waivers")) {
        warnUnknown(entry, { "rule", "entities", "reason", "author", "date", "expires" });
        Waiver waiver;
        waiver.ruleKey = entry.name("rule", NameKind::Identifier);
        for (long long id : entry.integerArray("entities")) {
            if (id <= 0)
                entry.fail("entities", "positive entity ids");
            waiver.entityIds.push_back(static_cast<std::uint64_t>(id));
        }
        waiver.reason = entry.name("reason", NameKind::FreeText);
        if (waiver.reason.empty())
            entry.fail("reason", "a reason for the waiver");
        waiver.author = entry.name("author", NameKind::Label, "");
        waiver.date = entry.name("date", NameKind::Identifier, "");
        waiver.expires = entry.name("expires", NameKind::Identifier, "");
        waivers.push_back(std::move(waiver));
    }
    design.setWaivers(std::move(waivers));
    if (root.has("severityOverrides")) {
        const Reader s = root.object("severityOverrides");
        std::map<std::string, std::string> severities;
        for (const auto &[key, index] : s.sortedMembers()) {
            const std::string value = s.tape().node(index).type == JsonTape::Type::String
                ? std::string(s.tape().string(index))
                : std::string();
            if (value != "error" && value != "warning" && value != "info" && value != "off")
                s.fail(key.c_str(), "error | warning | info | off");
            severities[key] = value;
        }
        design.setSeverityOverrides(std::move(severities));
    }
}

Design DesignReader::read(const Reader &root)
{
    warnUnknown(root,
                { "format", "schemaVersion", "generator", "nextId", "name", "site", "rows", "racks",
                  "devices", "fabrics", "links", "storageTiers", "scheduler", "nccl", "workload",
                  "waivers", "severityOverrides" });
    // Ids are below nextId in any valid file; a flat table up to it (never larger than the
    // document, whatever nextId claims) holds their owners. nextId itself is checked last.
    const JsonTape &tape = root.tape();
    const auto nextIdIndex = tape.find(root.index(), "nextId");
    if (nextIdIndex != JsonTape::npos && tape.node(nextIdIndex).type == JsonTape::Type::Unsigned)
        m_idOwners.reserveDense(std::min<std::uint64_t>(
            tape.node(nextIdIndex).v.u,
            tape.nodeCount() + kTapeNodesPerLink * (m_scanned ? m_scanned->records.size() : 0)));
    Design design;
    design.setName(root.name("name", NameKind::Label, ""));
    if (root.has("site"))
        readSite(root.object("site"), design);
    readRows(root, design);
    readRacks(root, design);
    readDevices(root, design);
    m_tables.indexDevices();
    readFabrics(root, design);
    readLinks(root, design);
    readStorageTiers(root, design);
    readSettings(root, design);
    const long long nextId = root.integer("nextId");
    if (nextId <= static_cast<long long>(design.maxUsedId()))
        root.fail("nextId",
                  "a number larger than every id in the file (largest is "
                      + std::to_string(design.maxUsedId()) + ")");
    design.setNextId(static_cast<std::uint64_t>(nextId));
    if (m_suppressedWarnings > 0)
        m_warnings.push_back("... and " + std::to_string(m_suppressedWarnings)
                             + " more unknown keys, not listed");
    return design;
}

} // namespace

std::optional<LoadedDesign> parseDesignFast(std::string_view text, const Catalog &catalog)
{
    const JsonLimits limits = designLimits();
    if (text.size() > limits.maxBytes)
        return std::nullopt;
    std::vector<LinkRecord> records;
    LinkScanner scanner(text, &limits, records);
    const JsonTape::Deferral links { "links", [&scanner](const char *begin, const char *end) {
                                        return scanner.scan(begin, end);
                                    } };
    JsonTape tape;
    if (!tape.parse(text, &limits, &links) || tape.node(0).type != JsonTape::Type::Object)
        return std::nullopt;
    try {
        const Reader header(tape, 0);
        const auto format = tape.find(0, "format");
        if (format == JsonTape::npos || tape.node(format).type != JsonTape::Type::String
            || tape.string(format) != kDesignFormat)
            return std::nullopt;
        const auto version = tape.find(0, "schemaVersion");
        if (version == JsonTape::npos || tape.node(version).type != JsonTape::Type::Unsigned
            || tape.node(version).v.u != static_cast<std::uint64_t>(kDesignSchemaVersion))
            return std::nullopt; // older files are migrated on the tape's path
        LoadedDesign loaded { Design {}, {}, kDesignSchemaVersion };
        const ScannedLinks scanned { text, records };
        DesignReader reader(catalog, loaded.warnings,
                            tape.deferredNode() != JsonTape::npos ? &scanned : nullptr);
        loaded.design = reader.read(header);
        if (!loaded.warnings.empty())
            return std::nullopt; // warnings come from the tape's reader, in its order
        return loaded;
    } catch (const FastPathDeclined &) {
    } catch (const JsonInputError &) {
    } catch (const DesignIntegrityError &) { }
    return std::nullopt;
}

Result<LoadedDesign> parseDesign(std::string_view text, const Catalog &catalog)
{
    if (auto loaded = parseDesignFast(text, catalog))
        return std::move(*loaded);
    return parseDesignOnTape(text, catalog);
}

Result<LoadedDesign> parseDesignOnTape(std::string_view text, const Catalog &catalog)
{
    // Size, nesting, string length, key count and duplicate keys, before any other parser
    // or error path can be made to recurse or to grow without bound. The tape parser (not
    // recursive, its memory bounded by the text) checks them on its way; when it stops, the
    // limit scan runs first so that a limit is reported before a syntax error, wherever the
    // two are, and with the scanner's words.
    const JsonLimits limits = designLimits();
    if (text.size() > limits.maxBytes)
        return checkJsonLimits(text, limits).error();
    JsonTape tape;
    std::string rewritten; // the text the tape points into when it is not `text`
    if (!tape.parse(text, &limits)) {
        if (auto limited = checkJsonLimits(text, limits); !limited)
            return limited.error();
        if (auto error = malformedJsonError(text, tape.errorOffset(), rewritten))
            return *error;
        if (!tape.parse(rewritten))
            return Error { "not valid JSON at " + describeTextPosition(text, tape.errorOffset()) };
    }
    if (tape.node(0).type != JsonTape::Type::Object)
        return Error { "/: expected a JSON object with \"format\": \"" + std::string(kDesignFormat)
                       + "\", got " + describeTapeValue(tape, 0) };
    LoadedDesign loaded { Design {}, {}, 0 };
    try {
        const Reader header(tape, 0);
        const std::string format = header.has("format")
                && tape.node(tape.find(0, "format")).type == JsonTape::Type::String
            ? header.string("format")
            : std::string();
        if (format != kDesignFormat)
            header.fail("format",
                        std::string("\"") + kDesignFormat
                            + "\" (this is not a Clusterwright design)");
        const long long version = header.integer("schemaVersion");
        if (version > kDesignSchemaVersion)
            header.fail("schemaVersion",
                        "a schema version this build reads (at most "
                            + std::to_string(kDesignSchemaVersion)
                            + "); the file was written by a newer Clusterwright ("
                            + header.string("generator", "unknown generator") + ")");
        if (version < kOldestReadableSchemaVersion)
            header.fail("schemaVersion",
                        "a schema version from " + std::to_string(kOldestReadableSchemaVersion)
                            + " to " + std::to_string(kDesignSchemaVersion));
        loaded.fileSchemaVersion = static_cast<int>(version);
        if (auto migrated
            = migrateDesignText(rewritten.empty() ? text : rewritten, version, loaded.warnings)) {
            rewritten = std::move(*migrated);
            if (!tape.parse(rewritten))
                return Error { "migration produced invalid JSON (a bug in the migration chain)" };
        }
        DesignReader reader(catalog, loaded.warnings);
        loaded.design = reader.read(Reader(tape, 0));
    } catch (const JsonInputError &error) {
        return Error { error.what() };
    } catch (const DesignIntegrityError &error) {
        return Error { std::string("inconsistent design: ") + error.what() };
    }
    return loaded;
}

Result<LoadedDesign> loadDesignFile(const std::filesystem::path &path, const Catalog &catalog)
{
    auto file = MappedFile::open(path);
    if (!file)
        return file.error();
    auto loaded = parseDesign(file->text(), catalog);
    if (!loaded)
        return Error { path.string() + ": " + loaded.error().message };
    return loaded;
}

} // namespace cw

#include "model/catalog/Catalog.h"
#include "model/common/HugePages.h"
#include "model/common/JsonLimits.h"
#include "model/common/MapAhead.h"
#include "model/common/VisibleText.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"
#include "model/io/DesignLoadPaths.h"
#include "model/io/DesignReaderClass.h"
#include "model/io/DesignText.h"
#include "model/io/LinkScan.h"
#include "model/io/MappedFile.h"
#include "model/io/ReaderTables.h"
#include "model/io/ScannedEnds.h"
#include "model/io/SchemaVersion.h"
#include "model/io/SiteIo.h"
#include "model/io/TapeReader.h"

#include <array>
#include <optional>
#include <span>
#include <thread>
#include <unordered_map>

namespace cw {
namespace reader_detail {

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

// The keys of a rack, a PDU and a device, in the writer's order, for collect(): 5,000 racks,
// 20,000 PDUs and 30,000 devices at 16k nodes, where a search of the members per key (and a
// walk for the unknown ones) was a third of their reading. Read in the order the key-by-key
// reader read them, so the first error of a file is the same.
constexpr std::array<std::string_view, 6> kRackKeys { "id",  "name",     "type",
                                                      "row", "position", "pdus" };
enum RackKey { RackId_, RackName, RackType, RackRow, RackPosition, RackPdus };
constexpr std::array<std::string_view, 6> kPduKeys { "name",   "feed",     "type",
                                                     "phases", "voltageV", "breakerA" };
enum PduKey { PduName, PduFeed, PduType, PduPhases, PduVoltage, PduBreaker };
constexpr std::array<std::string_view, 9> kDeviceKeys { "id", "name", "type", "role", "rack",
                                                        "u",  "face", "tier", "qos" };
enum DeviceKey {
    DeviceId_,
    DeviceName,
    DeviceType,
    DeviceRole_,
    DeviceRack,
    DeviceU,
    DeviceFace,
    DeviceTier,
    DeviceQos
};

void DesignReader::readRacks(const Reader &root, Design &design)
{
    for (const Reader &entry : root.objects("racks")) {
        std::array<Reader::Index, kRackKeys.size()> values;
        if (entry.collect(kRackKeys, values))
            warnUnknown(entry, kRackKeys);
        Rack rack;
        rack.id = claim<RackId>(entry, entry.integerAt("id", values[RackId_]));
        rack.name = entry.nameAt("name", values[RackName], NameKind::Identifier);
        // A floor-standing CDU takes a rack position of its own.
        rack.catalogType = part(entry, "type", entry.stringAt("type", values[RackType]),
                                { PartKind::Rack, PartKind::Cdu }, "rack (or floor-standing CDU)")
                               .id;
        rack.row = reference<RowId>(entry, "row", entry.integerAt("row", values[RackRow]),
                                    design.rows(), "row");
        rack.position
            = static_cast<int>(entry.integerInRangeAt("position", values[RackPosition], 0, 100000));
        const auto pdus = entry.objectsAt("pdus", values[RackPdus]);
        rack.pdus.reserve(pdus.size()); // one allocation a rack instead of one per PDU
        for (const Reader &p : pdus)
            rack.pdus.push_back(readPdu(p));
        design.addRack(std::move(rack));
    }
}

Pdu DesignReader::readPdu(const Reader &entry)
{
    std::array<Reader::Index, kPduKeys.size()> values;
    if (entry.collect(kPduKeys, values))
        warnUnknown(entry, kPduKeys);
    Pdu pdu;
    pdu.name = entry.nameAt("name", values[PduName], NameKind::Identifier);
    const auto feed = parseFeed(entry.stringAt("feed", values[PduFeed]));
    if (!feed)
        entry.fail("feed", "A | B");
    pdu.feed = *feed;
    if (values[PduType] != JsonTape::npos)
        pdu.catalogType
            = part(entry, "type", entry.stringAt("type", values[PduType]), { PartKind::Pdu }, "PDU")
                  .id;
    pdu.phases = static_cast<int>(entry.integerInRangeAt("phases", values[PduPhases], 1, 3));
    if (pdu.phases == 2)
        entry.fail("phases", "1 or 3");
    pdu.voltageV = entry.positiveAt("voltageV", values[PduVoltage]);
    pdu.breakerA = entry.positiveAt("breakerA", values[PduBreaker]);
    return pdu;
}

void DesignReader::readDevices(const Reader &root, Design &design)
{
    const auto entries = root.objects("devices");
    m_tables.reserveDevices(entries.size());
    design.reserve(entries.size(), 0);
    // Added in one go once read: Design::addDevices makes no ChangeSet and no table insert
    // per device (a third of this loop's time at 16k nodes went to them).
    std::vector<Device> devices;
    devices.reserve(entries.size());
    adviseHugePages(devices.data(), devices.capacity() * sizeof(Device)); // 7 MB at 16k nodes
    RackId lastRack; // a rack's devices follow one another: its search is made once
    for (const Reader &entry : entries) {
        std::array<Reader::Index, kDeviceKeys.size()> values;
        if (entry.collect(kDeviceKeys, values))
            warnUnknown(entry, kDeviceKeys);
        Device device;
        device.id = claim<DeviceId>(entry, entry.integerAt("id", values[DeviceId_]));
        // The name policy here; the Slurm/RFC 1123 hostname rules are validation rules.
        device.name = entry.nameAt("name", values[DeviceName], NameKind::Identifier);
        const Part &devicePart
            = part(entry, "type", entry.stringAt("type", values[DeviceType]),
                   { PartKind::Server, PartKind::Switch, PartKind::Storage, PartKind::Cdu },
                   "rack-mounted device");
        device.catalogType = devicePart.id;
        const auto role = parseDeviceRole(entry.stringAt("role", values[DeviceRole_]));
        if (!role)
            entry.fail("role", std::string(allowedNames<DeviceRole>()));
        device.role = *role;
        const long long rack = entry.integerAt("rack", values[DeviceRack]);
        device.rack
            = lastRack.isValid() && rack > 0 && static_cast<std::uint64_t>(rack) == lastRack.value
            ? lastRack
            : reference<RackId>(entry, "rack", rack, design.racks(), "rack");
        lastRack = device.rack;
        device.uPosition = static_cast<int>(entry.integerInRangeAt("u", values[DeviceU], 1, 60));
        const auto face = parseFace(values[DeviceFace] == JsonTape::npos
                                        ? std::string_view("front")
                                        : entry.stringAt("face", values[DeviceFace]));
        if (!face)
            entry.fail("face", std::string(allowedNames<Face>()));
        device.face = *face;
        device.tier = values[DeviceTier] == JsonTape::npos
            ? -1
            : static_cast<int>(entry.integerInRangeAt("tier", values[DeviceTier], 0, 7));
        if (values[DeviceQos] != JsonTape::npos) {
            // A device override starts from the defaults, like a fabric's profile.
            device.qos.emplace();
            readQos(entry.objectAt("qos", values[DeviceQos]), *device.qos);
        }
        m_tables.addDevice(device.id.value, devicePart);
        devices.push_back(std::move(device));
    }
    design.addDevices(std::move(devices));
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
        link.cableType = cable;
    }
    link.lengthM = values[LinkLength] == JsonTape::npos
        ? 0
        : entry.nonNegativeAt("lengthM", values[LinkLength]);
    m_tables.markPortUsed(slotA);
    m_tables.markPortUsed(slotB);
    design.addLink(link);
}

void DesignReader::readScannedLinks(Design &design)
{
    // The scanner wrote the table the design adopts (Design::addCheckedLinks): every check
    // addLink would make is made below, so the design neither checks again nor makes a
    // ChangeSet a link. Ids, fabric, cable (checked against the catalog) and length are
    // final; the ends are resolved here, in place, a large table's two parts on two threads
    // (ScannedEndResolver reads shared tables only).
    if (!m_scanned->scan.finish())
        throw FastPathDeclined {};
    std::vector<Link> &links = m_scanned->links;
    std::vector<Link> &more = m_scanned->more;
    for (const std::vector<Link> *part : { &links, &more })
        for (const Link &link : *part) {
            // The scanner passed only positive ids. Claimed here, in file order, as the tape's
            // links are: the ids are one table for every kind of entity.
            if (m_idOwners.claim(link.id.value, IdOwners::untaped) != IdOwners::none)
                throw FastPathDeclined {};
        }
    constexpr std::size_t kLinksForTwoThreads = 1u << 16; // below, a thread costs more
    std::span<Link> first(links);
    std::span<Link> second(more);
    if (second.empty() && links.size() >= kLinksForTwoThreads
        && std::thread::hardware_concurrency() > 1) {
        second = first.subspan(links.size() / 2);
        first = first.first(links.size() / 2);
    }
    ScannedEndResolver firstResolver(m_tables, design, m_scanned->text);
    if (second.empty()) {
        if (!firstResolver.resolve(first))
            throw FastPathDeclined {};
    } else {
        ScannedEndResolver secondResolver(m_tables, design, m_scanned->text);
        bool secondResolved = false;
        std::thread other([&] {
            try {
                secondResolved = secondResolver.resolve(second);
            } catch (...) {
                secondResolved = false; // out of memory: declined to the tape
            }
        });
        bool firstResolved = false;
        try {
            firstResolved = firstResolver.resolve(first);
        } catch (...) {
            other.join();
            throw;
        }
        other.join();
        if (!firstResolved || !secondResolved
            || ScannedEndResolver::takenByBoth(firstResolver, secondResolver))
            throw FastPathDeclined {};
    }
    // Nothing after the links reads the ports taken (m_tables): the resolvers' bits held them.
    // The scanner reserved room for the second part: appending moves nothing.
    links.insert(links.end(), more.begin(), more.end());
    more = {};
    design.reserve(design.devices().size(), 0); // the adjacency's device table
    design.addCheckedLinks(std::move(links));
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
            tape.nodeCount() + (m_scanned ? m_scanned->text.size() / kFewestBytesPerId : 0)));
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

} // namespace reader_detail

using namespace reader_detail;

std::optional<LoadedDesign> parseDesignFast(std::string_view text, const Catalog &catalog)
{
    const JsonLimits limits = designLimits();
    if (text.size() > limits.maxBytes)
        return std::nullopt;
    std::vector<Link> scannedLinks;
    std::vector<Link> secondLinks; // what a second thread scans of a large array
    LinkScanner scanner(
        text, &limits, scannedLinks, [&catalog](std::string_view name, CableName &pooled) {
            const Part *part = catalog.find(name);
            if (!part || (part->kind != PartKind::Cable && part->kind != PartKind::Transceiver))
                return false;
            pooled = CableName(name);
            return true;
        });
    // Declared after the vectors it fills: its end joins the scan before they go.
    LinkScanAhead ahead(scanner, secondLinks);
    ahead.startEarly(text);
    const JsonTape::Deferral links { "links", [&ahead](const char *begin, const char *end) {
                                        return ahead.start(begin, end);
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
        const ScannedLinks scanned { text, scannedLinks, secondLinks, ahead };
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
    mapAhead(text.data(), text.size()); // one thread reads it all
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
    MappedFile::releaseAside(std::move(file).value());
    if (!loaded)
        return Error { path.string() + ": " + loaded.error().message };
    return loaded;
}

} // namespace cw

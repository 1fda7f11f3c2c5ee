#include "model/catalog/CatalogReader.h"

#include "model/common/JsonReader.h"

#include <nlohmann/json.hpp>

#include <set>

namespace cw {
namespace {

void readPorts(const JsonReader &reader, Part &part)
{
    int rail = 0;
    std::set<std::string> names;
    for (const JsonReader &group : reader.objects("ports")) {
        const std::string roleText = group.string("role");
        const auto role = parsePortRole(roleText);
        if (!role)
            group.fail("role", "compute | storage | frontend | management | fabric");
        const int count = static_cast<int>(group.integerInRange("count", 1, 4096));
        const double speed = group.positive("speedGbps");
        const std::string formFactor = group.string("formFactor", "");
        std::vector<std::string> portNames = group.stringArray("names");
        if (portNames.empty()) {
            if (!group.has("namePrefix"))
                group.failHere("a port group needs `names` (one per port) or `namePrefix`");
            const std::string prefix = group.name("namePrefix", NameKind::Identifier);
            for (int i = 1; i <= count; ++i)
                portNames.push_back(prefix + std::to_string(i));
        } else if (static_cast<int>(portNames.size()) != count) {
            group.fail("names", "exactly " + std::to_string(count) + " names (count)");
        }
        for (const std::string &name : portNames) {
            if (!names.insert(name).second)
                group.fail("names", "port names unique within the part (\"" + name + "\" repeats)");
            PortSpec port;
            port.name = name;
            port.role = *role;
            port.speedGbps = speed;
            port.formFactor = formFactor;
            port.rail = *role == PortRole::Compute ? rail++ : -1;
            part.ports.push_back(std::move(port));
        }
    }
}

std::vector<Technology> readTechnologies(const JsonReader &reader)
{
    std::vector<Technology> result;
    for (const std::string &name : reader.stringArray("technologies")) {
        if (name == "ethernet") {
            // An Ethernet part can carry RoCEv2 as well as plain Ethernet.
            result.push_back(Technology::Ethernet);
            result.push_back(Technology::RoCEv2);
        } else if (auto technology = parseTechnology(name)) {
            result.push_back(*technology);
        } else {
            reader.fail("technologies", "infiniband | ethernet | rocev2 entries");
        }
    }
    return result;
}

/// `{"connector": "OSFP", "count": 2}`; absent = the part's form factor, one connector.
CableEnd readCableEnd(const JsonReader &reader, const char *key, const std::string &formFactor)
{
    if (!reader.has(key))
        return CableEnd { formFactor, 1 };
    const JsonReader end = reader.object(key);
    CableEnd result;
    result.connector = end.string("connector");
    if (result.connector.empty())
        end.fail("connector", "a connector / cage form factor such as OSFP-twin, OSFP, QSFP112");
    result.count = static_cast<int>(end.integerInRange("count", 1, 8, 1));
    return result;
}

/// A rack-scale system's fixed contents, bottom-up. Each slot is a device run
/// `{"part": id, "count": n}` or a run of the rack's own U `{"units": n, "label": text}`; the
/// runs must fit the rack's units. Part ids are resolved once the whole catalog is loaded.
std::vector<RackSlot> readRackContents(const JsonReader &reader, int rackUnits)
{
    std::vector<RackSlot> contents;
    int units = 0;
    for (const JsonReader &entry : reader.objects("contents")) {
        RackSlot slot;
        slot.part = entry.string("part", "");
        slot.count = static_cast<int>(entry.integerInRange("count", 1, 256, 1));
        slot.label = entry.string("label", "");
        if (slot.part.empty()) {
            slot.units = static_cast<int>(entry.integerInRange("units", 1, 60));
            if (slot.label.empty())
                entry.fail("label", "what occupies these units (e.g. \"power shelf\")");
            units += slot.units * slot.count;
        } else {
            if (entry.has("units"))
                entry.fail("units", "no units for a device slot (its part's uHeight counts)");
        }
        contents.push_back(std::move(slot));
    }
    if (units > rackUnits)
        reader.fail("contents", "slots that fit the rack's " + std::to_string(rackUnits) + " U");
    return contents;
}

ServerTopology readTopology(const JsonReader &reader)
{
    ServerTopology topology;
    for (const JsonReader &numa : reader.objects("numa")) {
        NumaNode node;
        node.node = static_cast<int>(numa.integerInRange("node", 0, 64));
        node.socket = static_cast<int>(numa.integerInRange("socket", 0, 16));
        node.cores = numa.string("cores");
        if (const std::string problem = coreListProblem(node.cores); !problem.empty())
            numa.fail("cores", "a core list (" + problem + ")");
        for (long long gpu : numa.integerArray("gpus"))
            node.gpus.push_back(static_cast<int>(gpu));
        node.nics = numa.stringArray("nics");
        topology.numa.push_back(std::move(node));
    }
    for (const JsonReader &pcie : reader.objects("pcieSwitches")) {
        PcieSwitch pcieSwitch;
        for (long long gpu : pcie.integerArray("gpus"))
            pcieSwitch.gpus.push_back(static_cast<int>(gpu));
        pcieSwitch.nics = pcie.stringArray("nics");
        topology.pcieSwitches.push_back(std::move(pcieSwitch));
    }
    topology.gpuBusIds = reader.stringArray("gpuBusIds");
    if (reader.has("nicBusIds")) {
        const JsonReader busIds = reader.object("nicBusIds");
        for (auto it = busIds.json().begin(); it != busIds.json().end(); ++it) {
            if (!it->is_string())
                busIds.fail(it.key().c_str(), "a PCI bus id string");
            topology.nicBusIds[it.key()] = it->get<std::string>();
        }
    }
    topology.nvlinksPerGpu = static_cast<int>(reader.integerInRange("nvlinksPerGpu", 0, 64, 0));
    topology.nvswitch = reader.boolean("nvswitch", false);
    return topology;
}

ServerSpec readServer(const JsonReader &reader)
{
    ServerSpec server;
    const JsonReader cpu = reader.object("cpu");
    server.cpu.model = cpu.string("model", "");
    server.cpu.sockets = static_cast<int>(cpu.integerInRange("sockets", 1, 16));
    server.cpu.coresPerSocket = static_cast<int>(cpu.integerInRange("coresPerSocket", 1, 1024));
    server.cpu.threadsPerCore = static_cast<int>(cpu.integerInRange("threadsPerCore", 1, 8, 1));
    server.memoryGB = reader.positive("memoryGB");
    if (reader.has("gpu")) {
        const JsonReader gpu = reader.object("gpu");
        server.gpuPart = gpu.name("part", NameKind::Identifier);
        server.gpuCount = static_cast<int>(gpu.integerInRange("count", 1, 72));
    }
    if (reader.has("psu")) {
        const JsonReader psu = reader.object("psu");
        server.psu.count = static_cast<int>(psu.integerInRange("count", 1, 32));
        server.psu.ratingW = psu.positive("ratingW");
        server.psu.redundant
            = static_cast<int>(psu.integerInRange("redundant", 0, server.psu.count - 1, 0));
    }
    if (reader.has("topology"))
        server.topology = readTopology(reader.object("topology"));
    server.nvlinkDomainGpus
        = static_cast<int>(reader.integerInRange("nvlinkDomainGpus", 0, 576, 0));
    if (server.nvlinkDomainGpus > 0
        && (server.gpuCount == 0 || server.nvlinkDomainGpus % server.gpuCount != 0))
        reader.fail("nvlinkDomainGpus",
                    "a whole multiple of gpu.count (the domain is made "
                    "of whole servers)");
    return server;
}

void readKindSpecific(const JsonReader &reader, Part &part)
{
    switch (part.kind) {
    case PartKind::Gpu: {
        GpuSpec gpu;
        gpu.memoryGB = reader.positive("memoryGB");
        gpu.memoryBandwidthGBps = reader.nonNegative("memoryBandwidthGBps", 0);
        gpu.nvlinkBandwidthGBps = reader.nonNegative("nvlinkBandwidthGBps", 0);
        gpu.denseBf16Tflops = reader.positive("denseBf16Tflops");
        gpu.formFactor = reader.string("formFactor", "");
        part.gpu = gpu;
        break;
    }
    case PartKind::Server:
        part.server = readServer(reader);
        break;
    case PartKind::Nic:
    case PartKind::Switch: {
        NetworkSpec network;
        network.asic = reader.string("asic", "");
        network.technologies = readTechnologies(reader);
        network.os = reader.string("os", "");
        network.bufferBytes = reader.nonNegative("bufferBytes", 0);
        network.radix = static_cast<int>(reader.integerInRange("radix", 0, 4096, 0));
        network.nvlinkSwitch = reader.boolean("nvlinkSwitch", false);
        if (network.nvlinkSwitch && !network.technologies.empty())
            reader.fail("technologies",
                        "none for an NVLink switch (it is on no Ethernet or "
                        "InfiniBand fabric)");
        part.network = std::move(network);
        break;
    }
    case PartKind::Storage: {
        StorageSpec storage;
        storage.storageRole = reader.string("storageRole");
        storage.capacityTB = reader.nonNegative("capacityTB", 0);
        storage.readGBps = reader.nonNegative("readGBps", 0);
        storage.writeGBps = reader.nonNegative("writeGBps", 0);
        part.storage = storage;
        break;
    }
    case PartKind::Cable:
    case PartKind::Transceiver: {
        CableSpec cable;
        cable.medium = reader.string("medium");
        cable.speedGbps = reader.positive("speedGbps");
        cable.linkSpeedGbps = reader.positive("linkSpeedGbps", cable.speedGbps);
        cable.linksPerCable = static_cast<int>(reader.integerInRange("linksPerCable", 1, 8, 1));
        cable.reachM = reader.positive("reachM");
        if (reader.has("lengthsM")) {
            const auto &lengths = reader.json().at("lengthsM");
            if (!lengths.is_array())
                reader.fail("lengthsM", "an array of lengths in metres");
            for (std::size_t i = 0; i < lengths.size(); ++i) {
                if (!lengths[i].is_number() || lengths[i].get<double>() <= 0)
                    reader.fail("lengthsM", "positive lengths in metres");
                cable.lengthsM.push_back(lengths[i].get<double>());
            }
        }
        cable.formFactor = reader.string("formFactor", "");
        cable.endA = readCableEnd(reader, "endA", cable.formFactor);
        cable.endB = readCableEnd(reader, "endB", cable.formFactor);
        cable.powerWPerEnd = reader.nonNegative("powerWPerEnd", 0);
        cable.fibre = reader.string("fibre", "");
        cable.partNumberPattern = reader.string("partNumberPattern", "");
        part.cable = std::move(cable);
        break;
    }
    case PartKind::Rack: {
        RackSpec rack;
        rack.rackUnits = static_cast<int>(reader.integerInRange("rackUnits", 1, 60));
        rack.widthMm = reader.positive("widthMm", 600);
        rack.depthMm = reader.positive("depthMm", 1200);
        rack.maxPowerKw = reader.nonNegative("maxPowerKw", 0);
        rack.maxWeightKg = reader.nonNegative("maxWeightKg", 0);
        rack.contents = readRackContents(reader, rack.rackUnits);
        part.rack = std::move(rack);
        break;
    }
    case PartKind::Pdu: {
        PduSpec pdu;
        pdu.phases = static_cast<int>(reader.integerInRange("phases", 1, 3));
        if (pdu.phases == 2)
            reader.fail("phases", "1 or 3");
        pdu.voltageV = reader.positive("voltageV");
        pdu.breakerA = reader.positive("breakerA");
        pdu.outlets = static_cast<int>(reader.integerInRange("outlets", 0, 512, 0));
        part.pdu = pdu;
        break;
    }
    case PartKind::Cdu: {
        CduSpec cdu;
        cdu.capacityKw = reader.positive("capacityKw");
        cdu.flowLpm = reader.nonNegative("flowLpm", 0);
        part.cdu = cdu;
        break;
    }
    }
}

} // namespace

std::unique_ptr<Part> readPart(const JsonReader &reader)
{
    auto part = std::make_unique<Part>();
    part->id = reader.name("id", NameKind::Identifier);
    if (part->id.empty())
        reader.fail("id", "a non-empty id");
    const auto kind = parsePartKind(reader.string("kind"));
    if (!kind)
        reader.fail("kind",
                    "gpu | server | nic | switch | storage | cable | transceiver | rack "
                    "| pdu | cdu");
    part->kind = *kind;
    part->vendor = reader.name("vendor", NameKind::Label, "");
    part->model = reader.name("model", NameKind::Label, "");
    part->description = reader.name("description", NameKind::FreeText, "");
    part->uHeight = static_cast<int>(reader.integerInRange("uHeight", 0, 60, 0));
    part->weightKg = reader.nonNegative("weightKg", 0);
    part->maxPowerW = reader.nonNegative("maxPowerW", 0);
    part->typicalPowerW = reader.nonNegative("typicalPowerW", 0);
    if (part->typicalPowerW > part->maxPowerW && part->maxPowerW > 0)
        reader.fail("typicalPowerW",
                    "a typical power no larger than maxPowerW (" + std::to_string(part->maxPowerW)
                        + " W)");
    part->priceUsd = reader.nonNegative("priceUsd", 0);
    if (reader.has("cooling")) {
        const auto cooling = parseCooling(reader.string("cooling"));
        if (!cooling)
            reader.fail("cooling", "air | liquid | hybrid");
        part->cooling = cooling;
    }
    part->source = reader.name("source", NameKind::Note);
    if (part->source.empty())
        reader.fail("source", "where the part's figures come from");
    readPorts(reader, *part);
    readKindSpecific(reader, *part);
    return part;
}

} // namespace cw

#include "model/catalog/Catalog.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"
#include "model/io/JsonWriter.h"
#include "model/io/SchemaVersion.h"
#include "model/io/SiteIo.h"

#include <unordered_map>

namespace cw {
namespace {

// Key order here is the file format (docs/file-format.md): changing it changes every saved
// file. tests/io/tst_examples compares the checked-in examples byte for byte.

void writeRow(JsonWriter &w, const Row &row)
{
    w.beginObject();
    w.member("id", row.id.value);
    w.member("name", row.name);
    w.member("index", row.index);
    w.member("powerBudgetKw", row.powerBudgetKw);
    if (!row.hall.empty())
        w.member("hall", row.hall);
    w.endObject();
}

void writeRack(JsonWriter &w, const Rack &rack)
{
    w.beginObject();
    w.member("id", rack.id.value);
    w.member("name", rack.name);
    w.member("type", rack.catalogType);
    w.member("row", rack.row.value);
    w.member("position", rack.position);
    w.key("pdus");
    w.beginArray();
    for (const Pdu &pdu : rack.pdus) {
        w.beginObject();
        w.member("name", pdu.name);
        w.member("feed", toString(pdu.feed));
        if (!pdu.catalogType.empty())
            w.member("type", pdu.catalogType);
        w.member("phases", pdu.phases);
        w.member("voltageV", pdu.voltageV);
        w.member("breakerA", pdu.breakerA);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

void writeQos(JsonWriter &w, const QosProfile &qos)
{
    w.beginObject();
    w.member("roceDscp", qos.roceDscp);
    w.member("cnpDscp", qos.cnpDscp);
    w.member("pfcPriority", qos.pfcPriority);
    w.member("cnpPriority", qos.cnpPriority);
    w.member("losslessPriorities", qos.losslessPriorities);
    w.member("ecnEnabled", qos.ecnEnabled);
    w.member("ecnMinBytes", qos.ecnMinBytes);
    w.member("ecnMaxBytes", qos.ecnMaxBytes);
    w.member("ecnMaxProbabilityPct", qos.ecnMaxProbabilityPct);
    w.member("pfcWatchdog", qos.pfcWatchdog);
    w.member("pfcWatchdogDetectionMs", qos.pfcWatchdogDetectionMs);
    w.member("pfcWatchdogRestorationMs", qos.pfcWatchdogRestorationMs);
    w.member("switchMtu", qos.switchMtu);
    w.member("hostMtu", qos.hostMtu);
    // Added after schema 1 shipped: written only when set, so older files round-trip.
    if (!qos.dscpToPriority.empty()) {
        w.key("dscpToPriority");
        w.beginObject();
        for (const auto &[dscp, priority] : qos.dscpToPriority)
            w.member(std::to_string(dscp), priority);
        w.endObject();
    }
    if (qos.pfcCableLengthM != QosProfile {}.pfcCableLengthM)
        w.member("pfcCableLengthM", qos.pfcCableLengthM);
    w.endObject();
}

void writeDevice(JsonWriter &w, const Device &device)
{
    w.beginObject();
    w.member("id", device.id.value);
    w.member("name", device.name);
    w.member("type", device.catalogType);
    w.member("role", toString(device.role));
    w.member("rack", device.rack.value);
    w.member("u", device.uPosition);
    w.member("face", toString(device.face));
    if (device.tier >= 0)
        w.member("tier", device.tier);
    if (device.qos) {
        w.key("qos");
        writeQos(w, *device.qos);
    }
    w.endObject();
}

void writeFabric(JsonWriter &w, const Fabric &fabric)
{
    w.beginObject();
    w.member("id", fabric.id.value);
    w.member("name", fabric.name);
    w.member("purpose", toString(fabric.purpose));
    w.member("technology", toString(fabric.technology));
    w.member("linkSpeedGbps", fabric.linkSpeedGbps);
    w.key("topology");
    w.beginObject();
    w.member("kind", toString(fabric.topology.kind));
    w.member("tiers", fabric.topology.tiers);
    w.member("oversubscription", fabric.topology.oversubscription);
    w.member("railOptimized", fabric.topology.railOptimized);
    w.member("rails", fabric.topology.rails);
    w.endObject();
    // QoS matters on RoCE fabrics; elsewhere it is written only if someone changed it.
    if (fabric.technology == Technology::RoCEv2 || fabric.qos != QosProfile {}) {
        w.key("qos");
        writeQos(w, fabric.qos);
    }
    w.endObject();
}

/// Port names by device: one catalog lookup per device instead of two per link.
class PortNames
{
public:
    PortNames(const Design &design, const Catalog &catalog)
    {
        m_parts.reserve(design.devices().size());
        for (const Device &device : design.devices())
            m_parts.emplace(device.id.value, catalog.find(device.catalogType));
    }

    std::string operator()(PortRef port) const
    {
        auto it = m_parts.find(port.device.value);
        const Part *part = it != m_parts.end() ? it->second : nullptr;
        if (part && port.port >= 0 && port.port < static_cast<int>(part->ports.size()))
            return part->ports[static_cast<std::size_t>(port.port)].name;
        // Not reachable for a design that loaded or was built against this catalog; keep the
        // index so nothing is lost.
        return "#" + std::to_string(port.port);
    }

private:
    std::unordered_map<std::uint64_t, const Part *> m_parts;
};

void writeLink(JsonWriter &w, const Link &link, const PortNames &portName)
{
    w.beginObject();
    w.member("id", link.id.value);
    w.member("fabric", link.fabric.value);
    for (const char *side : { "a", "b" }) {
        const PortRef &end = side[0] == 'a' ? link.a : link.b;
        w.key(side);
        w.beginObject();
        w.member("device", end.device.value);
        w.member("port", portName(end));
        w.endObject();
    }
    w.member("cable", link.cableType.str());
    w.member("lengthM", link.lengthM);
    w.endObject();
}

void writeStorageTier(JsonWriter &w, const StorageTier &tier)
{
    w.beginObject();
    w.member("id", tier.id.value);
    w.member("name", tier.name);
    w.member("kind", toString(tier.kind));
    if (tier.fabric.isValid())
        w.member("fabric", tier.fabric.value);
    w.key("members");
    w.beginArray();
    for (DeviceId member : tier.members)
        w.value(member.value);
    w.endArray();
    w.member("capacityTB", tier.capacityTB);
    w.member("readGBps", tier.readGBps);
    w.member("writeGBps", tier.writeGBps);
    w.endObject();
}

void writeScheduler(JsonWriter &w, const SchedulerSettings &scheduler)
{
    w.beginObject();
    w.member("clusterName", scheduler.clusterName);
    w.member("controllerHost", scheduler.controllerHost);
    w.key("partitions");
    w.beginArray();
    for (const Partition &partition : scheduler.partitions) {
        w.beginObject();
        w.member("name", partition.name);
        w.key("nodes");
        w.beginArray();
        for (DeviceId node : partition.nodes)
            w.value(node.value);
        w.endArray();
        w.member("default", partition.isDefault);
        w.member("maxTime", partition.maxTime);
        w.endObject();
    }
    w.endArray();
    // Written only when set, so designs without overrides keep their bytes.
    if (!scheduler.slurmOverrides.empty()) {
        w.key("slurmOverrides");
        w.beginObject();
        for (const auto &[key, value] : scheduler.slurmOverrides)
            w.member(key, value);
        w.endObject();
    }
    w.endObject();
}

template<typename T>
void putOptional(JsonWriter &w, const char *key, const std::optional<T> &value)
{
    if (value)
        w.member(key, *value);
}

void writeNccl(JsonWriter &w, const NcclSettings &nccl)
{
    w.beginObject();
    putOptional(w, "ibTimeout", nccl.ibTimeout);
    putOptional(w, "ibRetryCount", nccl.ibRetryCount);
    putOptional(w, "crossNic", nccl.crossNic);
    putOptional(w, "ibGidIndex", nccl.ibGidIndex);
    putOptional(w, "ibTrafficClass", nccl.ibTrafficClass);
    putOptional(w, "ibServiceLevel", nccl.ibServiceLevel);
    putOptional(w, "qpsPerConnection", nccl.qpsPerConnection);
    if (!nccl.socketIfname.empty())
        w.member("socketIfname", nccl.socketIfname);
    if (!nccl.netGdrLevel.empty())
        w.member("netGdrLevel", nccl.netGdrLevel);
    w.member("collnetEnable", nccl.collnetEnable);
    w.endObject();
}

void writeWorkload(JsonWriter &w, const Workload &workload)
{
    w.beginObject();
    w.member("name", workload.name);
    w.member("parameterCount", workload.parameterCount);
    w.member("trainingTokens", workload.trainingTokens);
    w.member("mfu", workload.mfu);
    w.member("checkpointBytesPerParam", workload.checkpointBytesPerParam);
    w.member("checkpointIntervalMin", workload.checkpointIntervalMin);
    w.member("maxCheckpointStallFraction", workload.maxCheckpointStallFraction);
    w.member("datasetReadMBpsPerGpu", workload.datasetReadMBpsPerGpu);
    w.endObject();
}

void writeWaiver(JsonWriter &w, const Waiver &waiver)
{
    w.beginObject();
    w.member("rule", waiver.ruleKey);
    w.member("entities", waiver.entityIds);
    w.member("reason", waiver.reason);
    w.member("author", waiver.author);
    w.member("date", waiver.date);
    if (!waiver.expires.empty())
        w.member("expires", waiver.expires);
    w.endObject();
}

template<typename Items, typename Write>
void writeArray(JsonWriter &w, const char *key, const Items &items, Write write)
{
    w.key(key);
    w.beginArray();
    for (const auto &item : items)
        write(w, item);
    w.endArray();
}

/// Bytes of the canonical text, measured on generated designs (a link is ~265 bytes, a
/// device ~230): one allocation instead of a dozen doublings of a 138 MB string.
std::size_t estimatedSize(const Design &design)
{
    return 4096 + 280 * design.links().size() + 260 * design.devices().size()
        + 400 * (design.racks().size() + design.rows().size() + design.fabrics().size());
}

} // namespace

std::string serializeDesign(const Design &design, const Catalog &catalog)
{
    std::string text;
    text.reserve(estimatedSize(design));
    JsonWriter w(text);
    w.beginObject();
    w.member("format", kDesignFormat);
    w.member("schemaVersion", kDesignSchemaVersion);
    w.member("generator", generatorName());
    w.member("nextId", design.nextId());
    w.member("name", design.name());
    w.key("site");
    writeSiteObject(w, design.site());
    writeArray(w, "rows", design.rows(), writeRow);
    writeArray(w, "racks", design.racks(), writeRack);
    writeArray(w, "devices", design.devices(), writeDevice);
    writeArray(w, "fabrics", design.fabrics(), writeFabric);
    const PortNames portNames(design, catalog);
    writeArray(w, "links", design.links(),
               [&portNames](JsonWriter &jw, const Link &link) { writeLink(jw, link, portNames); });
    writeArray(w, "storageTiers", design.storageTiers(), writeStorageTier);
    w.key("scheduler");
    writeScheduler(w, design.scheduler());
    w.key("nccl");
    writeNccl(w, design.nccl());
    w.key("workload");
    writeWorkload(w, design.workload());
    writeArray(w, "waivers", design.waivers(), writeWaiver);
    w.key("severityOverrides");
    w.beginObject();
    for (const auto &[rule, severity] : design.severityOverrides())
        w.member(rule, severity);
    w.endObject();
    w.endObject();
    text += '\n';
    return text;
}

Result<void> saveDesignFile(const Design &design, const Catalog &catalog,
                            const std::filesystem::path &path)
{
    return writeFileAtomically(path, serializeDesign(design, catalog));
}

} // namespace cw

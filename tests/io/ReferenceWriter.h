#pragma once

// The design writer as of commit 3674421 (model/io/DesignWriter.cpp before the streaming
// rewrite), verbatim but for names, plus the schema-2 site keys (cduRedundancy, halls,
// hallDistances) and row hall, written the nlohmann way: the reference for tst_designio's
// byte comparisons.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/io/SchemaVersion.h"

#include <nlohmann/json.hpp>

namespace cw::test {
namespace referencewriter {

using Json = nlohmann::ordered_json;

inline Json siteJson(const Site &site)
{
    Json j;
    j["name"] = site.name;
    j["utilityPowerKw"] = site.utilityPowerKw;
    j["itPowerBudgetKw"] = site.itPowerBudgetKw;
    j["pue"] = site.pue;
    j["airCoolingCapacityKw"] = site.airCoolingCapacityKw;
    j["liquidCoolingCapacityKw"] = site.liquidCoolingCapacityKw;
    j["airLimitPerRackKw"] = site.airLimitPerRackKw;
    j["coolantDeltaTK"] = site.coolantDeltaTK;
    j["electricityUsdPerKwh"] = site.electricityUsdPerKwh;
    j["rackWidthM"] = site.rackWidthM;
    j["rackDepthM"] = site.rackDepthM;
    j["rowPitchM"] = site.rowPitchM;
    j["trayHeightM"] = site.trayHeightM;
    j["slackM"] = site.slackM;
    j["cduRedundancy"] = site.cduRedundancy;
    if (!site.halls.empty()) {
        Json halls = Json::array();
        for (const Hall &hall : site.halls) {
            Json rowCooling = Json::array();
            for (const RowCooling &row : hall.rowCooling)
                rowCooling.push_back(
                    Json { { "row", row.row }, { "cooling", toString(row.cooling) } });
            halls.push_back(Json { { "name", hall.name },
                                   { "rows", hall.rows },
                                   { "positionsPerRow", hall.positionsPerRow },
                                   { "rowPitchM", hall.rowPitchM },
                                   { "maxKwPerPosition", hall.maxKwPerPosition },
                                   { "cooling", toString(hall.cooling) },
                                   { "cduSupplyTempC", hall.cduSupplyTempC },
                                   { "rowCooling", std::move(rowCooling) } });
        }
        j["halls"] = std::move(halls);
        Json distances = Json::array();
        for (const HallDistance &d : site.hallDistances)
            distances.push_back(
                Json { { "from", d.from }, { "to", d.to }, { "distanceM", d.distanceM } });
        j["hallDistances"] = std::move(distances);
    }
    return j;
}

inline Json rackJson(const Rack &rack)
{
    Json j;
    j["id"] = rack.id.value;
    j["name"] = rack.name;
    j["type"] = rack.catalogType;
    j["row"] = rack.row.value;
    j["position"] = rack.position;
    Json pdus = Json::array();
    for (const Pdu &pdu : rack.pdus) {
        Json p;
        p["name"] = pdu.name;
        p["feed"] = std::string(toString(pdu.feed));
        if (!pdu.catalogType.empty())
            p["type"] = pdu.catalogType;
        p["phases"] = pdu.phases;
        p["voltageV"] = pdu.voltageV;
        p["breakerA"] = pdu.breakerA;
        pdus.push_back(std::move(p));
    }
    j["pdus"] = std::move(pdus);
    return j;
}

inline std::string portName(const Design &design, const Catalog &catalog, PortRef port)
{
    const Device *device = design.device(port.device);
    const Part *part = device ? catalog.find(device->catalogType) : nullptr;
    if (part && port.port >= 0 && port.port < static_cast<int>(part->ports.size()))
        return part->ports[static_cast<std::size_t>(port.port)].name;
    // Not reachable for a design that loaded or was built against this catalog; keep the
    // index so nothing is lost.
    return "#" + std::to_string(port.port);
}

inline Json qosJson(const QosProfile &qos)
{
    Json j;
    j["roceDscp"] = qos.roceDscp;
    j["cnpDscp"] = qos.cnpDscp;
    j["pfcPriority"] = qos.pfcPriority;
    j["cnpPriority"] = qos.cnpPriority;
    j["losslessPriorities"] = qos.losslessPriorities;
    j["ecnEnabled"] = qos.ecnEnabled;
    j["ecnMinBytes"] = qos.ecnMinBytes;
    j["ecnMaxBytes"] = qos.ecnMaxBytes;
    j["ecnMaxProbabilityPct"] = qos.ecnMaxProbabilityPct;
    j["pfcWatchdog"] = qos.pfcWatchdog;
    j["pfcWatchdogDetectionMs"] = qos.pfcWatchdogDetectionMs;
    j["pfcWatchdogRestorationMs"] = qos.pfcWatchdogRestorationMs;
    j["switchMtu"] = qos.switchMtu;
    j["hostMtu"] = qos.hostMtu;
    // Added after schema 1 shipped: written only when set, so older files round-trip.
    if (!qos.dscpToPriority.empty()) {
        Json map = Json::object();
        for (const auto &[dscp, priority] : qos.dscpToPriority)
            map[std::to_string(dscp)] = priority;
        j["dscpToPriority"] = std::move(map);
    }
    if (qos.pfcCableLengthM != QosProfile {}.pfcCableLengthM)
        j["pfcCableLengthM"] = qos.pfcCableLengthM;
    return j;
}

inline Json fabricJson(const Fabric &fabric)
{
    Json j;
    j["id"] = fabric.id.value;
    j["name"] = fabric.name;
    j["purpose"] = std::string(toString(fabric.purpose));
    j["technology"] = std::string(toString(fabric.technology));
    j["linkSpeedGbps"] = fabric.linkSpeedGbps;
    Json topology;
    topology["kind"] = std::string(toString(fabric.topology.kind));
    topology["tiers"] = fabric.topology.tiers;
    topology["oversubscription"] = fabric.topology.oversubscription;
    topology["railOptimized"] = fabric.topology.railOptimized;
    topology["rails"] = fabric.topology.rails;
    j["topology"] = std::move(topology);
    // QoS matters on RoCE fabrics; elsewhere it is written only if someone changed it.
    if (fabric.technology == Technology::RoCEv2 || fabric.qos != QosProfile {})
        j["qos"] = qosJson(fabric.qos);
    return j;
}

template<typename T>
inline void putOptional(Json &j, const char *key, const std::optional<T> &value)
{
    if (value)
        j[key] = *value;
}

inline Json settingsJson(const Design &design)
{
    Json scheduler;
    scheduler["clusterName"] = design.scheduler().clusterName;
    scheduler["controllerHost"] = design.scheduler().controllerHost;
    Json partitions = Json::array();
    for (const Partition &partition : design.scheduler().partitions) {
        Json p;
        p["name"] = partition.name;
        Json nodes = Json::array();
        for (DeviceId node : partition.nodes)
            nodes.push_back(node.value);
        p["nodes"] = std::move(nodes);
        p["default"] = partition.isDefault;
        p["maxTime"] = partition.maxTime;
        partitions.push_back(std::move(p));
    }
    scheduler["partitions"] = std::move(partitions);
    return scheduler;
}

inline Json ncclJson(const NcclSettings &nccl)
{
    Json j = Json::object();
    putOptional(j, "ibTimeout", nccl.ibTimeout);
    putOptional(j, "ibRetryCount", nccl.ibRetryCount);
    putOptional(j, "crossNic", nccl.crossNic);
    putOptional(j, "ibGidIndex", nccl.ibGidIndex);
    putOptional(j, "ibTrafficClass", nccl.ibTrafficClass);
    putOptional(j, "ibServiceLevel", nccl.ibServiceLevel);
    putOptional(j, "qpsPerConnection", nccl.qpsPerConnection);
    if (!nccl.socketIfname.empty())
        j["socketIfname"] = nccl.socketIfname;
    if (!nccl.netGdrLevel.empty())
        j["netGdrLevel"] = nccl.netGdrLevel;
    j["collnetEnable"] = nccl.collnetEnable;
    return j;
}

inline Json workloadJson(const Workload &workload)
{
    Json j;
    j["name"] = workload.name;
    j["parameterCount"] = workload.parameterCount;
    j["trainingTokens"] = workload.trainingTokens;
    j["mfu"] = workload.mfu;
    j["checkpointBytesPerParam"] = workload.checkpointBytesPerParam;
    j["checkpointIntervalMin"] = workload.checkpointIntervalMin;
    j["maxCheckpointStallFraction"] = workload.maxCheckpointStallFraction;
    j["datasetReadMBpsPerGpu"] = workload.datasetReadMBpsPerGpu;
    return j;
}

} // namespace referencewriter

/// The design writer as it was before the streaming JsonWriter: an ordered_json tree dumped
/// with indent 2. Kept as the reference the new writer must match byte for byte.
inline std::string referenceSerialize(const Design &design, const Catalog &catalog)
{
    using namespace referencewriter;
    Json root;
    root["format"] = kDesignFormat;
    root["schemaVersion"] = kDesignSchemaVersion;
    root["generator"] = generatorName();
    root["nextId"] = design.nextId();
    root["name"] = design.name();
    root["site"] = siteJson(design.site());

    Json rows = Json::array();
    for (const Row &row : design.rows()) {
        Json entry { { "id", row.id.value },
                     { "name", row.name },
                     { "index", row.index },
                     { "powerBudgetKw", row.powerBudgetKw } };
        if (!row.hall.empty())
            entry["hall"] = row.hall;
        rows.push_back(std::move(entry));
    }
    root["rows"] = std::move(rows);

    Json racks = Json::array();
    for (const Rack &rack : design.racks())
        racks.push_back(rackJson(rack));
    root["racks"] = std::move(racks);

    Json devices = Json::array();
    for (const Device &device : design.devices()) {
        Json d;
        d["id"] = device.id.value;
        d["name"] = device.name;
        d["type"] = device.catalogType;
        d["role"] = std::string(toString(device.role));
        d["rack"] = device.rack.value;
        d["u"] = device.uPosition;
        d["face"] = std::string(toString(device.face));
        if (device.tier >= 0)
            d["tier"] = device.tier;
        if (device.qos)
            d["qos"] = qosJson(*device.qos);
        devices.push_back(std::move(d));
    }
    root["devices"] = std::move(devices);

    Json fabrics = Json::array();
    for (const Fabric &fabric : design.fabrics())
        fabrics.push_back(fabricJson(fabric));
    root["fabrics"] = std::move(fabrics);

    Json links = Json::array();
    for (const Link &link : design.links()) {
        Json l;
        l["id"] = link.id.value;
        l["fabric"] = link.fabric.value;
        l["a"] = Json { { "device", link.a.device.value },
                        { "port", portName(design, catalog, link.a) } };
        l["b"] = Json { { "device", link.b.device.value },
                        { "port", portName(design, catalog, link.b) } };
        l["cable"] = link.cableType.str();
        l["lengthM"] = link.lengthM;
        links.push_back(std::move(l));
    }
    root["links"] = std::move(links);

    Json tiers = Json::array();
    for (const StorageTier &tier : design.storageTiers()) {
        Json t;
        t["id"] = tier.id.value;
        t["name"] = tier.name;
        t["kind"] = std::string(toString(tier.kind));
        if (tier.fabric.isValid())
            t["fabric"] = tier.fabric.value;
        Json members = Json::array();
        for (DeviceId member : tier.members)
            members.push_back(member.value);
        t["members"] = std::move(members);
        t["capacityTB"] = tier.capacityTB;
        t["readGBps"] = tier.readGBps;
        t["writeGBps"] = tier.writeGBps;
        tiers.push_back(std::move(t));
    }
    root["storageTiers"] = std::move(tiers);

    root["scheduler"] = settingsJson(design);
    root["nccl"] = ncclJson(design.nccl());
    root["workload"] = workloadJson(design.workload());

    Json waivers = Json::array();
    for (const Waiver &waiver : design.waivers()) {
        Json w;
        w["rule"] = waiver.ruleKey;
        w["entities"] = waiver.entityIds;
        w["reason"] = waiver.reason;
        w["author"] = waiver.author;
        w["date"] = waiver.date;
        if (!waiver.expires.empty())
            w["expires"] = waiver.expires;
        waivers.push_back(std::move(w));
    }
    root["waivers"] = std::move(waivers);
    Json severities = Json::object();
    for (const auto &[rule, severity] : design.severityOverrides())
        severities[rule] = severity;
    root["severityOverrides"] = std::move(severities);

    return root.dump(2) + "\n";
}

} // namespace cw::test

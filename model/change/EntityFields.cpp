#include "model/change/EntityFields.h"

#include "model/catalog/Catalog.h"

#include <charconv>
#include <cmath>
#include <utility>

namespace cw::change {

std::string numberText(double value, const std::string &unit)
{
    if (!std::isfinite(value))
        value = 0;
    char buffer[64];
    auto [end, error]
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 6);
    std::string text = error == std::errc() ? std::string(buffer, end) : "0";
    if (text.find('.') != std::string::npos) {
        while (text.back() == '0')
            text.pop_back();
        if (text.back() == '.')
            text.pop_back();
    }
    if (text == "-0")
        text = "0";
    return unit.empty() ? text : text + " " + unit;
}

std::string deviceLocation(const Design &design, DeviceId id)
{
    const Device *device = design.device(id);
    const Rack *rack = device ? design.rack(device->rack) : nullptr;
    if (!device || !rack)
        return "unplaced";
    return rack->name + " U" + std::to_string(device->uPosition);
}

std::string portText(const NameContext &context, PortRef port)
{
    const Device *device = context.design.device(port.device);
    if (!device)
        return "device " + std::to_string(port.device.value) + " port "
            + std::to_string(port.port + 1);
    const Part *part = context.catalog ? context.catalog->find(device->catalogType) : nullptr;
    std::string name;
    if (part && port.port >= 0 && port.port < static_cast<int>(part->ports.size()))
        name = part->ports[static_cast<std::size_t>(port.port)].name;
    if (name.empty())
        name = "port" + std::to_string(port.port + 1);
    return device->name + " " + name;
}

namespace {

template<typename E, typename M, typename Format>
FieldDef<E> member(std::string name, M E::*pointer, Format format)
{
    return { std::move(name),
             [pointer, format](const E &e, const NameContext &c) { return format(e.*pointer, c); },
             [pointer](const E &a, const E &b) { return a.*pointer == b.*pointer; },
             [pointer](E &to, const E &from) {
                 to.*pointer = from.*pointer;
             } };
}

/// A field of a nested struct (Fabric::qos.roceDscp, Fabric::topology.tiers).
template<typename E, typename S, typename M, typename Format>
FieldDef<E> nested(std::string name, S E::*outer, M S::*inner, Format format)
{
    return { std::move(name),
             [outer, inner, format](const E &e, const NameContext &c) {
                 return format((e.*outer).*inner, c);
             },
             [outer, inner](const E &a, const E &b) {
                 return (a.*outer).*inner == (b.*outer).*inner;
             },
             [outer, inner](E &to, const E &from) {
                 (to.*outer).*inner = (from.*outer).*inner;
             } };
}

auto text()
{
    return [](const std::string &value, const NameContext &) {
        return value.empty() ? std::string("(none)") : "\"" + value + "\"";
    };
}

auto number(std::string unit = {})
{
    return [unit = std::move(unit)](double value, const NameContext &) {
        return numberText(value, unit);
    };
}

auto integer(std::string unit = {})
{
    return [unit = std::move(unit)](int value, const NameContext &) {
        return unit.empty() ? std::to_string(value) : std::to_string(value) + " " + unit;
    };
}

auto boolean()
{
    return [](bool value, const NameContext &) {
        return std::string(value ? "yes" : "no");
    };
}

auto enumName()
{
    return [](auto value, const NameContext &) {
        return std::string(toString(value));
    };
}

auto optionalInt()
{
    return [](const std::optional<int> &value, const NameContext &) {
        return value ? std::to_string(*value) : std::string("(derived)");
    };
}

std::string intList(const std::vector<int> &values)
{
    std::string out;
    for (int v : values)
        out += (out.empty() ? "" : ", ") + std::to_string(v);
    return "[" + out + "]";
}

std::string deviceNames(const std::vector<DeviceId> &ids, const NameContext &c)
{
    std::string out;
    for (DeviceId id : ids) {
        const Device *d = c.design.device(id);
        out += (out.empty() ? "" : ", ") + (d ? d->name : "#" + std::to_string(id.value));
    }
    return std::to_string(ids.size()) + " [" + out + "]";
}

std::string fabricName(FabricId id, const NameContext &c)
{
    if (!id.isValid())
        return "(none)";
    const Fabric *f = c.design.fabric(id);
    return f ? f->name : "#" + std::to_string(id.value);
}

std::string qosText(const QosProfile &q)
{
    return "RoCE DSCP " + std::to_string(q.roceDscp) + ", CNP DSCP " + std::to_string(q.cnpDscp)
        + ", PFC priority " + std::to_string(q.pfcPriority) + ", lossless "
        + intList(q.losslessPriorities) + ", ECN " + (q.ecnEnabled ? "on " : "off ")
        + std::to_string(q.ecnMinBytes) + "-" + std::to_string(q.ecnMaxBytes) + " B, MTU "
        + std::to_string(q.switchMtu) + "/" + std::to_string(q.hostMtu) + " B";
}

} // namespace

const std::vector<FieldDef<Row>> &rowFields()
{
    static const std::vector<FieldDef<Row>> fields {
        member("name", &Row::name, text()),
        member("index", &Row::index, integer()),
        member("powerBudget", &Row::powerBudgetKw, number("kW")),
    };
    return fields;
}

const std::vector<FieldDef<Rack>> &rackFields()
{
    static const std::vector<FieldDef<Rack>> fields {
        member("name", &Rack::name, text()),
        member("catalogType", &Rack::catalogType, text()),
        member("row", &Rack::row,
               [](RowId id, const NameContext &c) {
                   const Row *row = c.design.row(id);
                   return row ? row->name : "#" + std::to_string(id.value);
               }),
        member("position", &Rack::position, integer()),
        member("pdus", &Rack::pdus,
               [](const std::vector<Pdu> &pdus, const NameContext &) {
                   std::string out;
                   for (const Pdu &p : pdus)
                       out += (out.empty() ? "" : "; ") + p.name + " feed "
                           + std::string(toString(p.feed)) + " " + std::to_string(p.phases) + "ph "
                           + numberText(p.voltageV, "V") + " " + numberText(p.breakerA, "A")
                           + (p.catalogType.empty() ? "" : " " + p.catalogType);
                   return std::to_string(pdus.size()) + " PDU(s)" + (out.empty() ? "" : ": " + out);
               }),
    };
    return fields;
}

const std::vector<FieldDef<Device>> &deviceFields()
{
    static const std::vector<FieldDef<Device>> fields {
        member("name", &Device::name, text()),
        member("catalogType", &Device::catalogType, text()),
        member("rack", &Device::rack,
               [](RackId id, const NameContext &c) {
                   const Rack *rack = c.design.rack(id);
                   return rack ? rack->name : "#" + std::to_string(id.value);
               }),
        member("uPosition", &Device::uPosition,
               [](int u, const NameContext &) { return "U" + std::to_string(u); }),
        member("face", &Device::face, enumName()),
        member("role", &Device::role, enumName()),
        member("tier", &Device::tier, integer()),
        member("qos", &Device::qos,
               [](const std::optional<QosProfile> &q, const NameContext &) {
                   return q ? "own: " + qosText(*q) : std::string("follows the fabric");
               }),
    };
    return fields;
}

const std::vector<FieldDef<Link>> &linkFields()
{
    static const std::vector<FieldDef<Link>> fields {
        member("fabric", &Link::fabric, fabricName),
        member("a", &Link::a, [](PortRef p, const NameContext &c) { return portText(c, p); }),
        member("b", &Link::b, [](PortRef p, const NameContext &c) { return portText(c, p); }),
        member("cableType", &Link::cableType, text()),
        member("length", &Link::lengthM, number("m")),
    };
    return fields;
}

const std::vector<FieldDef<Fabric>> &fabricFields()
{
    using Q = QosProfile;
    using T = FabricTopology;
    static const std::vector<FieldDef<Fabric>> fields {
        member("name", &Fabric::name, text()),
        member("purpose", &Fabric::purpose, enumName()),
        member("technology", &Fabric::technology, enumName()),
        member("linkSpeed", &Fabric::linkSpeedGbps, number("Gb/s")),
        nested("topology.kind", &Fabric::topology, &T::kind, enumName()),
        nested("topology.tiers", &Fabric::topology, &T::tiers, integer()),
        nested("topology.oversubscription", &Fabric::topology, &T::oversubscription,
               [](double v, const NameContext &) { return numberText(v) + ":1"; }),
        nested("topology.railOptimized", &Fabric::topology, &T::railOptimized, boolean()),
        nested("topology.rails", &Fabric::topology, &T::rails, integer()),
        nested("qos.roceDscp", &Fabric::qos, &Q::roceDscp, integer()),
        nested("qos.cnpDscp", &Fabric::qos, &Q::cnpDscp, integer()),
        nested("qos.pfcPriority", &Fabric::qos, &Q::pfcPriority, integer()),
        nested("qos.cnpPriority", &Fabric::qos, &Q::cnpPriority, integer()),
        nested("qos.losslessPriorities", &Fabric::qos, &Q::losslessPriorities,
               [](const std::vector<int> &v, const NameContext &) { return intList(v); }),
        nested("qos.ecnEnabled", &Fabric::qos, &Q::ecnEnabled, boolean()),
        nested("qos.ecnMin", &Fabric::qos, &Q::ecnMinBytes, integer("B")),
        nested("qos.ecnMax", &Fabric::qos, &Q::ecnMaxBytes, integer("B")),
        nested("qos.ecnMaxProbability", &Fabric::qos, &Q::ecnMaxProbabilityPct, integer("%")),
        nested("qos.pfcWatchdog", &Fabric::qos, &Q::pfcWatchdog, boolean()),
        nested("qos.pfcWatchdogDetection", &Fabric::qos, &Q::pfcWatchdogDetectionMs, integer("ms")),
        nested("qos.pfcWatchdogRestoration", &Fabric::qos, &Q::pfcWatchdogRestorationMs,
               integer("ms")),
        nested("qos.switchMtu", &Fabric::qos, &Q::switchMtu, integer("B")),
        nested("qos.hostMtu", &Fabric::qos, &Q::hostMtu, integer("B")),
        nested("qos.dscpToPriority", &Fabric::qos, &Q::dscpToPriority,
               [](const std::map<int, int> &m, const NameContext &) {
                   std::string out;
                   for (const auto &[dscp, prio] : m)
                       out += (out.empty() ? "" : ", ") + std::to_string(dscp) + "->"
                           + std::to_string(prio);
                   return "{" + out + "}";
               }),
        nested("qos.pfcCableLength", &Fabric::qos, &Q::pfcCableLengthM, number("m")),
    };
    return fields;
}

const std::vector<FieldDef<StorageTier>> &storageTierFields()
{
    static const std::vector<FieldDef<StorageTier>> fields {
        member("name", &StorageTier::name, text()),
        member("kind", &StorageTier::kind, enumName()),
        member("fabric", &StorageTier::fabric, fabricName),
        member("members", &StorageTier::members, deviceNames),
        member("capacity", &StorageTier::capacityTB, number("TB")),
        member("read", &StorageTier::readGBps, number("GB/s")),
        member("write", &StorageTier::writeGBps, number("GB/s")),
    };
    return fields;
}

const std::vector<FieldDef<Site>> &siteFields()
{
    static const std::vector<FieldDef<Site>> fields {
        member("name", &Site::name, text()),
        member("utilityPower", &Site::utilityPowerKw, number("kW")),
        member("itPowerBudget", &Site::itPowerBudgetKw, number("kW")),
        member("pue", &Site::pue, number()),
        member("airCoolingCapacity", &Site::airCoolingCapacityKw, number("kW")),
        member("liquidCoolingCapacity", &Site::liquidCoolingCapacityKw, number("kW")),
        member("airLimitPerRack", &Site::airLimitPerRackKw, number("kW")),
        member("coolantDeltaT", &Site::coolantDeltaTK, number("K")),
        member("electricityPrice", &Site::electricityUsdPerKwh, number("USD/kWh")),
        member("rackWidth", &Site::rackWidthM, number("m")),
        member("rackDepth", &Site::rackDepthM, number("m")),
        member("rowPitch", &Site::rowPitchM, number("m")),
        member("trayHeight", &Site::trayHeightM, number("m")),
        member("slack", &Site::slackM, number("m")),
    };
    return fields;
}

const std::vector<FieldDef<SchedulerSettings>> &schedulerFields()
{
    static const std::vector<FieldDef<SchedulerSettings>> fields {
        member("clusterName", &SchedulerSettings::clusterName, text()),
        member("controllerHost", &SchedulerSettings::controllerHost, text()),
        member("partitions", &SchedulerSettings::partitions,
               [](const std::vector<Partition> &parts, const NameContext &c) {
                   std::string out;
                   for (const Partition &p : parts)
                       out += (out.empty() ? "" : "; ") + p.name + (p.isDefault ? " (default)" : "")
                           + " " + p.maxTime + " nodes "
                           + (p.nodes.empty() ? std::string("all") : deviceNames(p.nodes, c));
                   return out.empty() ? std::string("(none)") : out;
               }),
    };
    return fields;
}

const std::vector<FieldDef<NcclSettings>> &ncclFields()
{
    using N = NcclSettings;
    static const std::vector<FieldDef<NcclSettings>> fields {
        member("ibTimeout", &N::ibTimeout, optionalInt()),
        member("ibRetryCount", &N::ibRetryCount, optionalInt()),
        member("crossNic", &N::crossNic, optionalInt()),
        member("ibGidIndex", &N::ibGidIndex, optionalInt()),
        member("ibTrafficClass", &N::ibTrafficClass, optionalInt()),
        member("ibServiceLevel", &N::ibServiceLevel, optionalInt()),
        member("qpsPerConnection", &N::qpsPerConnection, optionalInt()),
        member("socketIfname", &N::socketIfname, text()),
        member("netGdrLevel", &N::netGdrLevel, text()),
        member("collnetEnable", &N::collnetEnable, boolean()),
    };
    return fields;
}

const std::vector<FieldDef<Workload>> &workloadFields()
{
    using W = Workload;
    static const std::vector<FieldDef<Workload>> fields {
        member("name", &W::name, text()),
        member("parameterCount", &W::parameterCount, number("parameters")),
        member("trainingTokens", &W::trainingTokens, number("tokens")),
        member("mfu", &W::mfu, number()),
        member("checkpointBytesPerParam", &W::checkpointBytesPerParam, number("B/parameter")),
        member("checkpointInterval", &W::checkpointIntervalMin, number("min")),
        member("maxCheckpointStallFraction", &W::maxCheckpointStallFraction, number()),
        member("datasetReadPerGpu", &W::datasetReadMBpsPerGpu, number("MB/s")),
    };
    return fields;
}

const std::vector<FieldDef<Waiver>> &waiverFields()
{
    static const std::vector<FieldDef<Waiver>> fields {
        member("reason", &Waiver::reason, text()),
        member("author", &Waiver::author, text()),
        member("date", &Waiver::date, text()),
        member("expires", &Waiver::expires, text()),
    };
    return fields;
}

} // namespace cw::change

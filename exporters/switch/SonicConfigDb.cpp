// SONiC config_db.json fragment: table names and fields from sonic-buildimage
// Configuration.md and the yang models (ref:sonic-config-db). Every value is a string, as
// CONFIG_DB stores them. Applied with `sonic-cfggen -j <file> --write-to-db` (what
// `config load` runs), which merges the fields into the running CONFIG_DB.

#include "exporters/switch/SonicConfigDb.h"

#include "exporters/switch/RoceSwitchPlan.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace cw::exporters::roce {
namespace {

using nlohmann::json;

// One name for every map this file installs: SONiC's default "AZURE" DSCP map sends DSCP 26
// to lossy TC1 (ref:sonic-config-db trap), so the design's own map is installed under a new name.
constexpr const char *kMapName = "ROCE";
constexpr const char *kWredProfile = "ROCE_LOSSLESS";
// Every SONiC buffer template defines this pool; the traditional-model lossless PG profiles
// point at it.
constexpr const char *kLosslessPool = "ingress_lossless_pool";
// SONiC pfcwd CLI defaults: poll 200 ms, POLL_INTERVAL range 100-1000 ms and not above the
// detection/restoration times (ref:nvidia-cumulus-roce, ref:sonic-config-db).
constexpr int kPollDefaultMs = 200;
constexpr int kPollMinMs = 100;
constexpr int kPollMaxMs = 1000;

std::string str(int value)
{
    return std::to_string(value);
}

std::string str(double value)
{
    return numberText(value);
}

std::string priorityList(const std::vector<int> &priorities)
{
    std::string text;
    for (int p : priorities)
        text += (text.empty() ? "" : ",") + std::to_string(p);
    return text;
}

std::string schedulerName(int tc)
{
    return "scheduler.roce_tc" + std::to_string(tc);
}

/// SONiC's naming of a traditional-model lossless PG profile, pg_lossless_<Mb/s>_<m>m_profile,
/// so buffermgrd finds the profile it would otherwise create from its lookup table.
std::string bufferProfileName(double speedGbps, int cableM)
{
    return "pg_lossless_" + numberText(speedGbps * 1000) + "_" + std::to_string(cableM)
        + "m_profile";
}

void addMaps(json &db, const SwitchPlan &plan)
{
    json dscp = json::object();
    for (std::size_t d = 0; d < plan.dscpToTc.size(); ++d) // all 64 keys (ref:sonic-config-db)
        dscp[std::to_string(d)] = str(plan.dscpToTc[d]);
    db["DSCP_TO_TC_MAP"][kMapName] = dscp;

    json toQueue = json::object();
    json toPg = json::object();
    json pfcToQueue = json::object();
    for (int tc = 0; tc < 8; ++tc) {
        toQueue[str(tc)] = str(tc);
        pfcToQueue[str(tc)] = str(tc);
        // Lossless classes and CNP get their own priority group, the rest share PG 0
        // (ref:sonic-config-db).
        const bool own
            = std::count(plan.losslessPriorities.begin(), plan.losslessPriorities.end(), tc)
            || tc == plan.strictTc;
        toPg[str(tc)] = str(own ? tc : 0);
    }
    db["TC_TO_QUEUE_MAP"][kMapName] = toQueue;
    db["TC_TO_PRIORITY_GROUP_MAP"][kMapName] = toPg;
    db["MAP_PFC_PRIORITY_TO_QUEUE"][kMapName] = pfcToQueue;
}

void addSchedulingAndEcn(json &db, const SwitchPlan &plan)
{
    const QosProfile &qos = plan.qos;
    for (const auto &[tc, percent] : plan.dwrrPercent)
        db["SCHEDULER"][schedulerName(tc)] = { { "type", "DWRR" }, { "weight", str(percent) } };
    if (plan.strictTc >= 0)
        db["SCHEDULER"][schedulerName(plan.strictTc)] = { { "type", "STRICT" } };
    if (qos.ecnEnabled) {
        json wred = { { "ecn", "ecn_all" } };
        for (const char *color : { "green", "yellow", "red" }) {
            const std::string c(color);
            wred["wred_" + c + "_enable"] = "true";
            wred[c + "_min_threshold"] = str(qos.ecnMinBytes);
            wred[c + "_max_threshold"] = str(qos.ecnMaxBytes);
            wred[c + "_drop_probability"] = str(qos.ecnMaxProbabilityPct);
        }
        db["WRED_PROFILE"][kWredProfile] = wred;
    }
}

void addPort(json &db, const SwitchPlan &plan, const PortPlan &port)
{
    const QosProfile &qos = plan.qos;
    const std::string lossless = priorityList(plan.losslessPriorities);
    json qosMap = { { "dscp_to_tc_map", kMapName },
                    { "tc_to_queue_map", kMapName },
                    { "tc_to_pg_map", kMapName },
                    { "pfc_to_queue_map", kMapName },
                    { "pfc_enable", lossless } };
    if (qos.pfcWatchdog)
        qosMap["pfcwd_sw_enable"] = lossless;
    db["PORT_QOS_MAP"][port.name] = qosMap;

    for (const auto &[tc, percent] : plan.dwrrPercent) {
        json queue = { { "scheduler", schedulerName(tc) } };
        if (std::count(plan.ecnTcs.begin(), plan.ecnTcs.end(), tc))
            queue["wred_profile"] = kWredProfile;
        db["QUEUE"][port.name + "|" + str(tc)] = queue;
    }
    if (plan.strictTc >= 0)
        db["QUEUE"][port.name + "|" + str(plan.strictTc)]
            = { { "scheduler", schedulerName(plan.strictTc) } };

    if (qos.pfcWatchdog)
        db["PFC_WD"][port.name] = { { "action", "drop" },
                                    { "detection_time", str(qos.pfcWatchdogDetectionMs) },
                                    { "restoration_time", str(qos.pfcWatchdogRestorationMs) } };

    db["CABLE_LENGTH"]["AZURE"][port.name] = std::to_string(port.headroomCableM) + "m";
    if (port.headroom)
        for (int priority : plan.losslessPriorities)
            db["BUFFER_PG"][port.name + "|" + str(priority)]
                = { { "profile", bufferProfileName(port.speedGbps, port.headroomCableM) } };
}

/// Plain Ethernet: one VLAN with every cabled port as a member (Configuration.md VLAN and
/// VLAN_MEMBER tables), hosts untagged (the port's native VLAN), switch links tagged. A SONiC
/// port switches frames only once it is a VLAN member.
void addVlan(json &db, const SwitchPlan &plan)
{
    const std::string vlan = "Vlan" + str(plan.accessVlan);
    db["VLAN"][vlan] = { { "vlanid", str(plan.accessVlan) } };
    for (const PortPlan &port : plan.ports)
        db["VLAN_MEMBER"][vlan + "|" + port.name]
            = { { "tagging_mode", port.trunk ? "tagged" : "untagged" } };
}

} // namespace

std::string sonicConfigDb(const SwitchPlan &plan)
{
    json db = json::object();
    db["DEVICE_METADATA"]["localhost"] = { { "hostname", plan.hostname } };
    for (const PortPlan &port : plan.ports)
        db["PORT"][port.name] = { { "admin_status", "up" },
                                  { "description", port.description },
                                  { "mtu", str(plan.qos.switchMtu) },
                                  { "speed", numberText(port.speedGbps * 1000) } };
    if (plan.bridged)
        addVlan(db, plan);
    if (plan.lossless) {
        addMaps(db, plan);
        addSchedulingAndEcn(db, plan);
        for (const PortPlan &port : plan.ports)
            addPort(db, plan, port);
        if (plan.qos.pfcWatchdog) {
            const int poll = std::clamp(std::min({ kPollDefaultMs, plan.qos.pfcWatchdogDetectionMs,
                                                   plan.qos.pfcWatchdogRestorationMs }),
                                        kPollMinMs, kPollMaxMs);
            db["PFC_WD"]["GLOBAL"] = { { "POLL_INTERVAL", str(poll) } };
        }
        // Traditional buffer model: explicit xon/xoff/size per (speed, cable length), the
        // SONiC Spectrum headroom formula (ref:sonic-buffer-headroom); dynamic_th 0 is SONiC's
        // lossless default.
        for (const HeadroomGroup &group : headroomGroups(plan))
            db["BUFFER_PROFILE"][bufferProfileName(group.speedGbps, group.cableM)]
                = { { "pool", kLosslessPool },
                    { "xon", str(group.headroom.xonBytes) },
                    { "xoff", str(group.headroom.xoffBytes) },
                    { "size", str(group.headroom.headroomBytes) },
                    { "dynamic_th", "0" } };
    }
    // Replace, never throw, should a catalog port name carry invalid UTF-8.
    return db.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace cw::exporters::roce

// Cumulus Linux NVUE command file. Commands from the CL 5.x user guide (QoS, RoCE, Interfaces
// pages; ref:cumulus-qos): `nv set qos roce` installs NVIDIA's RoCE defaults, then the
// design's QoS profile is written over them with the manual commands the RoCE page documents
// for changing RoCE settings.

#include "exporters/switch/NvueCommands.h"

#include "exporters/common/Escape.h"
#include "exporters/common/FileHeader.h"
#include "exporters/switch/RoceSwitchPlan.h"
#include "model/catalog/Part.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cw::exporters::roce {
namespace {

// `nv set qos pfc-watchdog polling-interval` takes 100-5000 ms, robustness 1-1000 polls
// (ref:nvidia-cumulus-roce, ref:cumulus-qos).
constexpr int kPollMinMs = 100;
constexpr int kPollMaxMs = 5000;
constexpr int kRobustnessMax = 1000;
// NVUE's default bridge domain (CL 5.x), VLAN-aware.
constexpr const char *kBridge = "br_default";

void line(std::string &out, const std::string &text)
{
    out += text;
    out += '\n';
}

void qosLines(std::string &out, const SwitchPlan &plan)
{
    const QosProfile &qos = plan.qos;
    const std::string lossless = joinInts(plan.losslessPriorities, ",");
    line(out, "");
    line(out,
         "# RoCEv2: NVIDIA's RoCE mode, then this design's QoS profile"
             + std::string(plan.qosOverride ? " (the switch's own override)" : "")
             + " (ref:nvidia-cumulus-roce, ref:cumulus-qos)");
    // No lossless priority: ECN-only RoCE (`mode lossy` = no PFC, ref:cumulus-qos).
    line(out, std::string("nv set qos roce mode ") + (lossless.empty() ? "lossy" : "lossless"));
    // Routed RoCEv2 carries its class in DSCP only (ref:nvidia-cumulus-roce trust,
    // ref:nvidia-cumulus-roce).
    line(out, "nv set qos mapping default-global trust l3");
    std::map<int, std::vector<int>> dscpsByPriority;
    for (int d = 0; d < 64; ++d)
        dscpsByPriority[qos.priorityOfDscp(d)].push_back(d);
    for (const auto &[priority, dscps] : dscpsByPriority)
        line(out,
             "nv set qos mapping default-global dscp " + joinInts(dscps, ",") + " switch-priority "
                 + std::to_string(priority));
    for (int p = 0; p < 8; ++p)
        line(out,
             "nv set qos egress-queue-mapping default-global switch-priority " + std::to_string(p)
                 + " traffic-class "
                 + std::to_string(plan.priorityToTc[static_cast<std::size_t>(p)]));
    if (!lossless.empty()) {
        int cableM = static_cast<int>(std::ceil(qos.pfcCableLengthM));
        for (const PortPlan &port : plan.ports)
            cableM = std::max(cableM, port.headroomCableM);
        line(out, "nv set qos pfc default-global switch-priority " + lossless);
        line(out, "nv set qos pfc default-global tx enable");
        line(out, "nv set qos pfc default-global rx enable");
        // Cumulus sizes the lossless port buffers from this length (ref:nvidia-cumulus-roce,
        // ref:sonic-buffer-headroom); the longest of the profile's length and the installed cables.
        line(out, "nv set qos pfc default-global cable-length " + std::to_string(cableM));
    }
    for (const auto &[tc, percent] : plan.dwrrPercent) {
        const std::string prefix
            = "nv set qos egress-scheduler default-global traffic-class " + std::to_string(tc);
        line(out, prefix + " mode dwrr");
        line(out, prefix + " bw-percent " + std::to_string(percent));
    }
    if (plan.strictTc >= 0)
        line(out,
             "nv set qos egress-scheduler default-global traffic-class "
                 + std::to_string(plan.strictTc) + " mode strict");
    if (qos.ecnEnabled) {
        const std::string prefix = "nv set qos congestion-control default-global traffic-class "
            + joinInts(plan.ecnTcs, ",");
        line(out, prefix + " ecn enable");
        line(out, prefix + " min-threshold " + std::to_string(qos.ecnMinBytes));
        line(out, prefix + " max-threshold " + std::to_string(qos.ecnMaxBytes));
        line(out, prefix + " probability " + std::to_string(qos.ecnMaxProbabilityPct));
    } else {
        line(out,
             "nv set qos congestion-control default-global traffic-class "
                 + std::to_string(trafficClassOf(qos, qos.pfcPriority)) + " ecn disable");
    }
    if (qos.pfcWatchdog && !lossless.empty()) {
        // Cumulus mitigates after `robustness` paused polls and restores after one poll
        // without pause frames: poll = restoration time, robustness x poll = detection time.
        const int poll = std::clamp(qos.pfcWatchdogRestorationMs, kPollMinMs, kPollMaxMs);
        const int robustness
            = std::clamp((qos.pfcWatchdogDetectionMs + poll - 1) / poll, 1, kRobustnessMax);
        line(out,
             "# PFC watchdog: detection " + std::to_string(qos.pfcWatchdogDetectionMs)
                 + " ms = robustness x polling-interval, restoration "
                 + std::to_string(qos.pfcWatchdogRestorationMs) + " ms = one poll");
        line(out, "nv set qos pfc-watchdog polling-interval " + std::to_string(poll));
        line(out, "nv set qos pfc-watchdog robustness " + std::to_string(robustness));
    }
    for (const std::string &note : headroomNotes(plan))
        line(out, "# " + note);
}

/// Plain Ethernet (out-of-band management, Ethernet frontend): Cumulus puts no swp port in a
/// bridge by default, so an unbridged port passes no traffic (CL 5.x "Ethernet Bridging -
/// VLANs"). Every cabled port joins the default VLAN-aware bridge br_default: host ports as
/// access ports of the fabric's VLAN, links to other switches of the fabric as trunks (a
/// bridge port without `access` carries every VLAN of the bridge, tagged).
void bridgeLines(std::string &out, const SwitchPlan &plan)
{
    const std::string vlan = std::to_string(plan.accessVlan);
    line(out, "");
    line(out, "# Plain Ethernet fabric: Cumulus bridges no port by default, so every cabled port");
    line(out,
         "# joins the VLAN-aware bridge " + std::string(kBridge)
             + ": hosts untagged in access VLAN " + vlan + ", links to other");
    line(out,
         "# switches of the fabric as trunks (VLAN " + vlan + " tagged). VLAN " + vlan
             + " is Clusterwright's default (the");
    line(out, "# design has no VLAN field): change it alike on every switch of the fabric.");
    line(out, "nv set bridge domain " + std::string(kBridge) + " vlan " + vlan);
}

/// A word of the policy's identifier alphabet stays bare (the golden scripts read as NVUE's
/// documentation writes them); anything else is quoted.
std::string shellArgument(const std::string &word)
{
    const bool plain = !word.empty()
        && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "0123456789._-")
            == std::string::npos;
    return plain ? word : esc::shellWord(word);
}

} // namespace

std::string nvueCommands(const Design &design, const SwitchPlan &plan)
{
    std::string out = fileHeader(design, "#", "Cumulus Linux NVUE commands");
    line(out,
         "# Switch " + esc::commentText(plan.hostname) + " (" + plan.part->id + ") on fabric "
             + esc::commentText(plan.fabricName) + ". Run on the switch: bash <this file>.");
    // Hostnames pass the name policy; quoting keeps the script one command per line anyway.
    line(out, "nv set system hostname " + shellArgument(plan.hostname));
    if (plan.lossless)
        qosLines(out, plan);

    if (plan.bridged)
        bridgeLines(out, plan);

    line(out, "");
    if (plan.lossless) {
        line(out, "# Cabled ports: description from the cabling, MTU from the QoS profile");
    } else {
        line(out,
             "# Cabled ports: description from the cabling; MTU "
                 + std::to_string(plan.qos.switchMtu) + " = the fabric's switch MTU (default");
        line(out,
             "# 9216, Cumulus's own; ref:nvidia-cumulus-roce), not a QoS setting on a plain "
             "Ethernet "
             "fabric");
    }
    const bool watchdog = plan.lossless && plan.qos.pfcWatchdog && !plan.losslessPriorities.empty();
    for (const PortPlan &port : plan.ports) {
        const std::string prefix = "nv set interface " + port.name;
        if (port.speedGbps > 0 && port.speedGbps < port.portSpeedGbps)
            line(out,
                 "# " + port.name + " runs at " + numberText(port.speedGbps) + "G on a "
                     + numberText(port.portSpeedGbps)
                     + "G port: set the breakout or link speed for the optic");
        line(out, prefix + " description " + esc::shellDoubleQuoted(port.description));
        line(out, prefix + " link mtu " + std::to_string(plan.qos.switchMtu));
        if (port.trunk)
            line(out,
                 "# " + port.name + ": trunk to another switch of the fabric, VLAN "
                     + std::to_string(plan.accessVlan) + " tagged");
        if (plan.bridged)
            line(out,
                 prefix + " bridge domain " + kBridge
                     + (port.trunk ? std::string() : " access " + std::to_string(plan.accessVlan)));
        if (watchdog)
            line(out, prefix + " qos pfc-watchdog state enable");
    }
    line(out, "");
    line(out, "nv config apply --assume-yes");
    line(out, "nv config save");
    return out;
}

} // namespace cw::exporters::roce

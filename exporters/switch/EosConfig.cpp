// Arista EOS configuration. Syntax of Arista AVD's eos_cli_config_gen templates (qos.j2,
// qos-profiles.j2, ethernet-interface-uc-tx-queues.j2, priority-flow-control.j2) and the
// AMD/Arista RoCE example (ref:arista-avd).

#include "exporters/switch/EosConfig.h"

#include "exporters/common/Escape.h"
#include "exporters/common/FileHeader.h"
#include "exporters/switch/RoceSwitchPlan.h"
#include "model/catalog/Part.h"

#include <algorithm>
#include <map>

namespace cw::exporters::roce {
namespace {

constexpr const char *kProfile = "ROCE_LOSSLESS";
// Arista's examples use MTU 9214 (ref:arista-avd); EOS interface MTUs stop there, so a
// 9216 profile is written as 9214, which still carries the 9000-byte host MTU.
constexpr int kEosMaxMtu = 9214;

void line(std::string &out, const std::string &text)
{
    out += text;
    out += '\n';
}

/// Jericho-based platforms (7280R/7500R) name their queues `tx-queue`, the Trident/Tomahawk
/// ones `uc-tx-queue` (ref:arista-avd: the queue keyword is platform-dependent).
std::string queueKeyword(const Part &part)
{
    const std::string asic = part.network ? part.network->asic : std::string();
    return asic.find("Jericho") != std::string::npos ? "tx-queue" : "uc-tx-queue";
}

std::string seconds(int ms)
{
    return numberText(ms / 1000.0);
}

void qosLines(std::string &out, const SwitchPlan &plan)
{
    const QosProfile &qos = plan.qos;
    const bool pfc = !plan.losslessPriorities.empty();
    line(out, "!");
    line(out,
         "! RoCEv2: this design's QoS profile"
             + std::string(plan.qosOverride ? " (the switch's own override)" : "")
             + " (ref:nvidia-cumulus-roce, ref:arista-avd)");
    std::map<int, std::vector<int>> dscpsByTc;
    for (std::size_t d = 0; d < plan.dscpToTc.size(); ++d)
        dscpsByTc[plan.dscpToTc[d]].push_back(static_cast<int>(d));
    for (const auto &[tc, dscps] : dscpsByTc)
        line(out,
             "qos map dscp " + joinInts(dscps, " ") + " to traffic-class " + std::to_string(tc));

    if (pfc && qos.pfcWatchdog) {
        // Timers in seconds; polling at most half the shorter timer ([2ND], ref:arista-avd).
        const int pollMs = std::min(qos.pfcWatchdogDetectionMs, qos.pfcWatchdogRestorationMs) / 2;
        line(out, "!");
        line(out,
             "priority-flow-control pause watchdog default timeout "
                 + seconds(qos.pfcWatchdogDetectionMs));
        line(out,
             "priority-flow-control pause watchdog default recovery-time "
                 + seconds(qos.pfcWatchdogRestorationMs));
        line(out,
             "priority-flow-control pause watchdog default polling-interval " + seconds(pollMs));
        line(out, "priority-flow-control pause watchdog action drop");
    }

    const std::string queue = queueKeyword(*plan.part);
    line(out, "!");
    line(out, std::string("qos profile ") + kProfile);
    line(out, "   qos trust dscp");
    std::map<int, std::vector<std::string>> queues;
    for (const auto &[tc, percent] : plan.dwrrPercent)
        queues[tc].push_back("bandwidth percent " + std::to_string(percent));
    if (plan.strictTc >= 0)
        queues[plan.strictTc].push_back("priority strict");
    if (qos.ecnEnabled)
        for (int tc : plan.ecnTcs)
            queues[tc].push_back("random-detect ecn minimum-threshold "
                                 + std::to_string(qos.ecnMinBytes) + " bytes maximum-threshold "
                                 + std::to_string(qos.ecnMaxBytes) + " bytes max-mark-probability "
                                 + std::to_string(qos.ecnMaxProbabilityPct));
    for (const auto &[tc, settings] : queues) {
        line(out, "   !");
        line(out, "   " + queue + " " + std::to_string(tc));
        for (const std::string &setting : settings)
            line(out, "      " + setting);
    }
    line(out, "   !");
    if (pfc) {
        line(out, "   priority-flow-control on");
        for (int priority : plan.losslessPriorities)
            line(out, "   priority-flow-control priority " + std::to_string(priority) + " no-drop");
        if (qos.pfcWatchdog)
            line(out, "   priority-flow-control pause watchdog");
    } else {
        line(out, "   no priority-flow-control");
    }
    const std::vector<std::string> notes = headroomNotes(plan);
    if (!notes.empty()) {
        line(out, "!");
        line(out, "! EOS sizes PFC headroom itself; the design's figures for review:");
        for (const std::string &note : notes)
            line(out, "! " + note);
    }
}

} // namespace

std::string eosConfig(const Design &design, const SwitchPlan &plan)
{
    std::string out = fileHeader(design, "!", "Arista EOS configuration");
    line(out,
         "! Switch " + esc::eosLineText(plan.hostname) + " (" + plan.part->id + ") on fabric "
             + esc::eosLineText(plan.fabricName)
             + ". Merge with: copy flash:<this file> running-config");
    line(out, "hostname " + esc::eosLineText(plan.hostname));
    if (plan.lossless)
        qosLines(out, plan);

    if (plan.bridged) {
        // Plain Ethernet: hosts as access ports of one VLAN, links to other switches of the
        // fabric as trunks allowing only it. EOS ports are switchports in VLAN 1 by default,
        // so the VLAN must exist and be named on each port.
        line(out, "!");
        line(out,
             "! Plain Ethernet fabric: hosts in access VLAN " + std::to_string(plan.accessVlan)
                 + ", links to other switches of " + esc::eosLineText(plan.fabricName)
                 + " trunked; the VLAN is Clusterwright's default, change it alike on every "
                   "switch of the fabric");
        line(out, "vlan " + std::to_string(plan.accessVlan));
    }
    const int mtu = std::min(plan.qos.switchMtu, kEosMaxMtu);
    if (mtu != plan.qos.switchMtu) {
        line(out, "!");
        line(out,
             "! profile switch MTU " + std::to_string(plan.qos.switchMtu)
                 + " written as EOS's maximum " + std::to_string(kEosMaxMtu));
    }
    for (const PortPlan &port : plan.ports) {
        line(out, "!");
        line(out, "interface " + port.name);
        if (port.speedGbps > 0 && port.speedGbps < port.portSpeedGbps)
            line(out,
                 "   !! runs at " + numberText(port.speedGbps) + "G on a "
                     + numberText(port.portSpeedGbps) + "G port: set speed for the optic");
        line(out, "   description " + esc::eosLineText(port.description));
        line(out, "   mtu " + std::to_string(mtu));
        if (plan.lossless)
            line(out, std::string("   service-profile ") + kProfile);
        if (plan.bridged && port.trunk) {
            line(out, "   switchport mode trunk");
            line(out, "   switchport trunk allowed vlan " + std::to_string(plan.accessVlan));
        } else if (plan.bridged) {
            line(out, "   switchport access vlan " + std::to_string(plan.accessVlan));
        }
    }
    line(out, "!");
    line(out, "end");
    return out;
}

} // namespace cw::exporters::roce

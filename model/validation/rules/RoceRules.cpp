// RoCEv2 lossless-fabric rules: PFC, DSCP maps, ECN, CNP, PFC watchdog, headroom, MTU,
// lossless priority count, and the NCCL traffic class. Each RoCEv2 fabric has a QoS
// profile (Fabric::qos) that every hop follows unless the device carries its own
// (Device::qos): the fabric profile and each override are checked once ("profile owners"),
// hop-to-hop agreement is checked over the links where an override is involved.
// Values and the misconfiguration list: ref:nvidia-cumulus-roce.

#include "calculators/InputError.h"
#include "calculators/PfcHeadroom.h"
#include "model/catalog/Catalog.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <algorithm>
#include <set>

namespace cw::rules {
namespace {

// ref:nvidia-cumulus-roce: RoCE MTU 4096 needs a netdev MTU of 4096 + 96 B of RoCE headers.
constexpr int kMinHostMtuForRoce4096 = 4192;
// ref:nvidia-cumulus-roce: SONiC (3, 4) and Cumulus (3) defaults use at most two lossless
// priorities.
constexpr std::size_t kMaxLosslessPriorities = 2;
// ref:nvidia-cumulus-roce: SONiC PFC watchdog default detection time 200 ms, the bound the rule
// enforces.
constexpr int kPfcWatchdogMaxDetectionMs = 200;
// ref:sonic-config-db: SONiC PFC_WD detection_time range 100-5000 ms.
constexpr int kPfcWatchdogMinDetectionMs = 100;
// ref:arista-avd: ECN max-mark-probability 1-100 % (Arista AVD schema); 0 % never marks.
constexpr int kEcnMinProbabilityPct = 1;
constexpr int kEcnMaxProbabilityPct = 100;

/// A QoS profile that applies somewhere: the fabric's (device == null) or a device override.
struct Owner
{
    const QosProfile *profile;
    const Device *device;
    bool coversSwitches;
    bool coversHosts;
    std::string label;
    std::vector<EntityRef> entities;
};

const Fabric *roceFabric(const RuleContext &context, EntityRef subject)
{
    const Fabric *fabric = context.design().fabric(FabricId { subject.id });
    return fabric->technology == Technology::RoCEv2 ? fabric : nullptr;
}

std::vector<Owner> owners(const RuleContext &context, const Fabric &fabric)
{
    std::vector<Owner> result;
    const EntityRef fabricRef = EntityRef::of(fabric.id);
    result.push_back({ &fabric.qos,
                       nullptr,
                       true,
                       true,
                       "fabric " + fabric.name + "'s QoS profile",
                       { fabricRef } });
    for (DeviceId id : context.fabricView(fabric.id).devices) {
        const Device *device = context.design().device(id);
        if (!device->qos)
            continue;
        const bool isSwitch = device->role == DeviceRole::Switch;
        result.push_back({ &*device->qos,
                           device,
                           isSwitch,
                           !isSwitch,
                           (isSwitch ? "switch " : "host ") + device->name,
                           { EntityRef::of(id), fabricRef } });
    }
    return result;
}

const QosProfile &effective(const Device &device, const Fabric &fabric)
{
    return device.qos ? *device.qos : fabric.qos;
}

bool isLossless(const QosProfile &qos, int priority)
{
    return std::find(qos.losslessPriorities.begin(), qos.losslessPriorities.end(), priority)
        != qos.losslessPriorities.end();
}

std::string losslessText(const QosProfile &qos)
{
    std::vector<int> priorities = qos.losslessPriorities;
    std::sort(priorities.begin(), priorities.end());
    priorities.erase(std::unique(priorities.begin(), priorities.end()), priorities.end());
    return fmt::ranges(priorities);
}

/// Calls `visit(a, b, link)` once per device pair joined on the fabric where at least one
/// end has its own profile (elsewhere both ends follow the fabric profile and agree).
template<typename Visit>
void forOverriddenPairs(const RuleContext &context, const Fabric &fabric, Visit visit)
{
    std::set<std::pair<std::uint64_t, std::uint64_t>> seen;
    for (const Link *link : context.fabricView(fabric.id).links) {
        const Device *a = context.design().device(link->a.device);
        const Device *b = context.design().device(link->b.device);
        if (!a->qos && !b->qos)
            continue;
        const auto key = std::minmax(a->id.value, b->id.value);
        if (!seen.insert(key).second)
            continue;
        // Host first, then switch: the order messages read best in.
        if (a->role == DeviceRole::Switch && b->role != DeviceRole::Switch)
            std::swap(a, b);
        visit(*a, *b);
    }
}

std::string roleOf(const Device &device)
{
    return device.role == DeviceRole::Switch ? "switch " : "host ";
}

void pfcNotEndToEnd(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    const int priority = fabric->qos.pfcPriority;
    for (const Owner &owner : owners(context, *fabric)) {
        if (isLossless(*owner.profile, priority))
            continue;
        out.push_back({ owner.label + " has PFC on priorities " + losslessText(*owner.profile)
                            + " but RoCE on " + fabric->name + " travels on priority "
                            + std::to_string(priority)
                            + ": one hop without PFC makes the whole path lossy",
                        owner.entities,
                        "enable PFC on priority " + std::to_string(priority)
                            + " (nv set qos pfc default-global switch-priority "
                            + std::to_string(priority) + "; mlnx_qos --pfc on hosts)" });
    }
}

void pfcPriorityMismatch(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    forOverriddenPairs(context, *fabric, [&](const Device &a, const Device &b) {
        const int pa = effective(a, *fabric).pfcPriority;
        const int pb = effective(b, *fabric).pfcPriority;
        if (pa == pb)
            return;
        // ref:nvidia-cumulus-roce: the NIC's `mlnx_qos --pfc` priority must be the switch port's.
        out.push_back(
            { roleOf(a) + a.name + " uses PFC priority " + std::to_string(pa) + ", " + roleOf(b)
                  + b.name + " uses " + std::to_string(pb) + " on " + fabric->name
                  + ": pause frames for one are ignored by the other",
              { EntityRef::of(a.id), EntityRef::of(b.id), subject },
              "set both to the fabric's priority " + std::to_string(fabric->qos.pfcPriority) });
    });
}

void dscpMapInconsistent(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    const int dscp = fabric->qos.roceDscp;
    for (const Owner &owner : owners(context, *fabric)) {
        const QosProfile &qos = *owner.profile;
        if (owner.device && qos.roceDscp != dscp)
            out.push_back({ owner.label + " marks RoCE with DSCP " + std::to_string(qos.roceDscp)
                                + "; the rest of " + fabric->name + " uses DSCP "
                                + std::to_string(dscp),
                            owner.entities, "use DSCP " + std::to_string(dscp) + " everywhere" });
        // ref:sonic-config-db: the RoCE DSCP must land in the lossless class on every hop (SONiC's
        // default AZURE map sends 26 to lossy TC1, ref:sonic-config-db).
        const int priority = qos.priorityOfDscp(dscp);
        if (priority == qos.pfcPriority && isLossless(qos, priority))
            continue;
        out.push_back({ "on " + owner.label + " DSCP " + std::to_string(dscp) + " maps to priority "
                            + std::to_string(priority) + ", not to the lossless RoCE priority "
                            + std::to_string(qos.pfcPriority) + ": RoCE traffic is silently lossy",
                        owner.entities,
                        "map DSCP " + std::to_string(dscp) + " to priority "
                            + std::to_string(qos.pfcPriority)
                            + " (nv set qos mapping default-global dscp " + std::to_string(dscp)
                            + " switch-priority " + std::to_string(qos.pfcPriority) + ")" });
    }
}

void ecnMisconfigured(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    for (const Owner &owner : owners(context, *fabric)) {
        const QosProfile &qos = *owner.profile;
        if (!qos.ecnEnabled) // ref:nvidia-cumulus-roce
            out.push_back({ "ECN is off on " + owner.label
                                + ": DCQCN gets no congestion marks and PFC pauses do all the work",
                            owner.entities,
                            "enable ECN on the lossless queue (150000 / 1500000 B, 100%, "
                            "ref:nvidia-cumulus-roce)" });
        if (qos.ecnMinBytes >= qos.ecnMaxBytes) // ref:nvidia-cumulus-roce
            out.push_back({ "ECN Kmin " + fmt::bytes(qos.ecnMinBytes) + " >= Kmax "
                                + fmt::bytes(qos.ecnMaxBytes) + " on " + owner.label,
                            owner.entities,
                            "use Kmin 150000 B, Kmax 1500000 B (ref:nvidia-cumulus-roce)" });
        if (qos.ecnMaxProbabilityPct < kEcnMinProbabilityPct
            || qos.ecnMaxProbabilityPct > kEcnMaxProbabilityPct)
            out.push_back({ "ECN Pmax " + std::to_string(qos.ecnMaxProbabilityPct) + "% on "
                                + owner.label + " is outside 1-100%",
                            owner.entities, "use 100% (ref:nvidia-cumulus-roce)" });
    }
    // ref:nvidia-cumulus-roce: Kmax above the buffer means marking never starts before PFC or
    // drops.
    for (DeviceId id : context.fabricView(fabric->id).devices) {
        const Device *device = context.design().device(id);
        const Part *part = context.part(id);
        if (device->role != DeviceRole::Switch || !part || !part->network
            || part->network->bufferBytes <= 0)
            continue;
        const QosProfile &qos = effective(*device, *fabric);
        if (qos.ecnMaxBytes <= part->network->bufferBytes)
            continue;
        out.push_back({ "ECN Kmax " + fmt::bytes(qos.ecnMaxBytes) + " on switch " + device->name
                            + " is above its " + fmt::bytes(part->network->bufferBytes)
                            + " packet buffer (" + part->id
                            + "): marking never starts before PFC or drops",
                        { EntityRef::of(id), subject },
                        "lower Kmax below the buffer" });
    }
}

void cnpPriority(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    for (const Owner &owner : owners(context, *fabric)) {
        const QosProfile &qos = *owner.profile;
        const std::string cnp = std::to_string(qos.cnpPriority);
        // ref:nvidia-cumulus-roce: CNP DSCP 48 -> priority 6, strict priority, lossy;
        // ref:nvidia-cumulus-roce.
        const int mapped = qos.priorityOfDscp(qos.cnpDscp);
        if (mapped != qos.cnpPriority)
            out.push_back({ "on " + owner.label + " CNP DSCP " + std::to_string(qos.cnpDscp)
                                + " maps to priority " + std::to_string(mapped)
                                + ", not the CNP priority " + cnp,
                            owner.entities,
                            "map DSCP " + std::to_string(qos.cnpDscp) + " to priority " + cnp });
        if (isLossless(qos, qos.cnpPriority))
            out.push_back(
                { "CNP priority " + cnp + " on " + owner.label
                      + " is lossless: congestion notifications get paused with the "
                        "data they should slow down",
                  owner.entities,
                  "keep CNP lossy in a strict-priority queue (6, ref:nvidia-cumulus-roce)" });
        else if (qos.cnpPriority <= qos.pfcPriority)
            out.push_back({ "CNP priority " + cnp + " on " + owner.label
                                + " is not above the RoCE priority "
                                + std::to_string(qos.pfcPriority)
                                + ": notifications queue behind the congested data",
                            owner.entities,
                            "use priority 6 with strict scheduling (ref:nvidia-cumulus-roce)" });
    }
}

void pfcWatchdog(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    for (const Owner &owner : owners(context, *fabric)) {
        if (!owner.coversSwitches)
            continue; // the watchdog is a switch feature
        const QosProfile &qos = *owner.profile;
        if (!qos.pfcWatchdog) { // ref:nvidia-cumulus-roce
            out.push_back({ "PFC watchdog is off on " + owner.label
                                + ": a stuck receiver can pause the lossless class indefinitely",
                            owner.entities,
                            "enable the PFC watchdog (detection 200 ms, restoration 200 ms, "
                            "ref:nvidia-cumulus-roce)" });
            continue;
        }
        const int ms = qos.pfcWatchdogDetectionMs;
        if (ms > kPfcWatchdogMaxDetectionMs || ms < kPfcWatchdogMinDetectionMs)
            out.push_back({ "PFC watchdog on " + owner.label + " detects a storm after "
                                + std::to_string(ms) + " ms; allowed "
                                + std::to_string(kPfcWatchdogMinDetectionMs) + "-"
                                + std::to_string(kPfcWatchdogMaxDetectionMs) + " ms",
                            owner.entities,
                            "set detection to 200 ms (SONiC default, ref:nvidia-cumulus-roce)" });
    }
}

/// Headroom per lossless priority of one port (SONiC's formula via calc::pfcHeadroom,
/// ref:sonic-buffer-headroom); nullopt for a speed the pause-quanta table does not know.
std::optional<double> headroomBytes(double speedGbps, double cableM, int mtu)
{
    calc::PfcHeadroomInput input;
    input.speedGbps = speedGbps;
    input.cableM = cableM;
    input.portMtuBytes = mtu;
    try {
        return calc::pfcHeadroom(input).headroomBytes;
    } catch (const calc::InputError &) {
        return std::nullopt;
    }
}

void headroom(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    const FabricView &view = context.fabricView(fabric->id);
    for (std::size_t v = 0; v < view.devices.size(); ++v) {
        const Device *device = context.design().device(view.devices[v]);
        if (device->role != DeviceRole::Switch)
            continue;
        const QosProfile &qos = effective(*device, *fabric);
        std::set<int> lossless(qos.losslessPriorities.begin(), qos.losslessPriorities.end());
        if (lossless.empty())
            continue; // roce.pfc-not-end-to-end reports it
        double neededTotal = 0;
        int shortPorts = 0;
        std::string worst;
        double worstDeficit = 0;
        for (const FabricView::Edge &edge : view.adjacency[v]) {
            const Link *link = context.design().link(edge.link);
            const double speed = context.linkSpeedGbps(*link);
            const auto needed = headroomBytes(speed, link->lengthM, qos.switchMtu);
            if (!needed)
                continue;
            neededTotal += *needed * static_cast<double>(lossless.size());
            if (link->lengthM <= qos.pfcCableLengthM)
                continue;
            // What is compared: the headroom the profile reserves (the formula at the
            // configured cable length) with what the installed cable needs.
            const double reserved = *headroomBytes(speed, qos.pfcCableLengthM, qos.switchMtu);
            if (*needed <= reserved)
                continue;
            ++shortPorts;
            if (*needed - reserved > worstDeficit) {
                worstDeficit = *needed - reserved;
                const PortRef local = link->a.device == device->id ? link->a : link->b;
                worst = context.portLabel(local) + ": a " + fmt::num(link->lengthM, 1)
                    + " m cable at " + fmt::num(speed, 0) + " Gb/s needs " + fmt::bytes(*needed)
                    + " of PFC headroom per lossless priority; " + "sized for "
                    + fmt::num(qos.pfcCableLengthM, 0) + " m it gets " + fmt::bytes(reserved);
            }
        }
        if (shortPorts > 0)
            out.push_back(
                { "switch " + device->name + ": " + std::to_string(shortPorts)
                      + " port(s) have cables longer than the headroom was sized for; worst "
                      + worst + " (SONiC headroom formula, ref:sonic-buffer-headroom)",
                  { EntityRef::of(device->id), subject },
                  "set the PFC cable length to the longest installed cable" });
        const Part *part = context.part(device->id);
        if (part && part->network && part->network->bufferBytes > 0
            && neededTotal > part->network->bufferBytes)
            out.push_back({ "switch " + device->name + " needs " + fmt::bytes(neededTotal)
                                + " of PFC headroom for " + std::to_string(view.adjacency[v].size())
                                + " ports x " + std::to_string(lossless.size())
                                + " lossless priorities; its packet buffer is "
                                + fmt::bytes(part->network->bufferBytes),
                            { EntityRef::of(device->id), subject },
                            "use fewer lossless priorities or shorter cables" });
    }
}

void mtuMismatch(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    for (const Owner &owner : owners(context, *fabric)) {
        const QosProfile &qos = *owner.profile;
        if (owner.coversHosts && qos.hostMtu < kMinHostMtuForRoce4096)
            out.push_back({ "host MTU " + std::to_string(qos.hostMtu) + " on " + owner.label
                                + " is below 4192: RoCE MTU 4096 needs 4096 + 96 B of headers "
                                  "(ref:nvidia-cumulus-roce)",
                            owner.entities, "use host MTU 9000 (ref:nvidia-cumulus-roce)" });
        if (!owner.device && qos.hostMtu > qos.switchMtu)
            out.push_back({ owner.label + " has host MTU " + std::to_string(qos.hostMtu)
                                + " above switch MTU " + std::to_string(qos.switchMtu)
                                + ": larger frames are dropped",
                            owner.entities,
                            "use switch MTU 9216 and host MTU 9000 (ref:nvidia-cumulus-roce)" });
    }
    // ref:nvidia-cumulus-roce: MTU mismatch along the path.
    forOverriddenPairs(context, *fabric, [&](const Device &a, const Device &b) {
        const bool aSwitch = a.role == DeviceRole::Switch;
        const bool bSwitch = b.role == DeviceRole::Switch;
        const int mtuA = aSwitch ? effective(a, *fabric).switchMtu : effective(a, *fabric).hostMtu;
        const int mtuB = bSwitch ? effective(b, *fabric).switchMtu : effective(b, *fabric).hostMtu;
        const bool bad = aSwitch == bSwitch ? mtuA != mtuB : mtuA > mtuB;
        if (!bad)
            return;
        out.push_back(
            { roleOf(a) + a.name + " MTU " + std::to_string(mtuA) + " and " + roleOf(b) + b.name
                  + " MTU " + std::to_string(mtuB) + " on " + fabric->name
                  + (aSwitch == bSwitch ? " differ" : ": the host sends frames the switch drops"),
              { EntityRef::of(a.id), EntityRef::of(b.id), subject },
              "use one switch MTU (9216) and host MTU 9000 (ref:nvidia-cumulus-roce)" });
    });
}

void tooManyLossless(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Fabric *fabric = roceFabric(context, subject);
    if (!fabric)
        return;
    for (const Owner &owner : owners(context, *fabric)) {
        const std::set<int> lossless(owner.profile->losslessPriorities.begin(),
                                     owner.profile->losslessPriorities.end());
        if (lossless.size() <= kMaxLosslessPriorities)
            continue;
        out.push_back({ owner.label + " has PFC on " + std::to_string(lossless.size())
                            + " priorities (" + losslessText(*owner.profile)
                            + "); at most 2 (SONiC 3,4; Cumulus 3), each needs its own headroom "
                              "(ref:nvidia-cumulus-roce)",
                        owner.entities, "keep PFC on the RoCE priority only" });
    }
}

void ncclTrafficClass(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const NcclSettings &nccl = context.design().nccl();
    for (const Fabric &fabric : context.design().fabrics()) {
        if (fabric.technology != Technology::RoCEv2 || fabric.purpose != FabricPurpose::Compute)
            continue;
        const EntityRef ref = EntityRef::of(fabric.id);
        const int dscp = fabric.qos.roceDscp;
        // ref:nvidia-nccl-env: NCCL_IB_TC is the IPv4 ToS byte, DSCP << 2 | ECN; 106 = 26 << 2 | 2
        // (ECT(0)).
        const int suggested = (dscp << 2) | 2;
        if (nccl.ibTrafficClass
            && (*nccl.ibTrafficClass >> 2 != dscp || *nccl.ibTrafficClass < 0
                || *nccl.ibTrafficClass > 255))
            out.push_back({ "NCCL_IB_TC=" + std::to_string(*nccl.ibTrafficClass) + " is DSCP "
                                + std::to_string(*nccl.ibTrafficClass >> 2) + " (TC >> 2); RoCE on "
                                + fabric.name + " uses DSCP " + std::to_string(dscp)
                                + ", so NCCL traffic misses the lossless class",
                            { ref },
                            "set NCCL_IB_TC=" + std::to_string(suggested) });
        // Default ConnectX GID table (show_gids): per address a RoCEv1 then a RoCEv2 entry;
        // 0/1 IPv6 link-local, 2/3 the first IPv4 address (ref:nvidia-nccl-env). Layout per host
        // is UNCONFIRMED; NCCL >= 2.21 picks the GID itself when the index is unset.
        if (nccl.ibGidIndex && *nccl.ibGidIndex >= 0
            && (*nccl.ibGidIndex % 2 == 0 || *nccl.ibGidIndex == 1)) {
            const int index = *nccl.ibGidIndex;
            const std::string what = index == 1 ? "the RoCEv2 IPv6 link-local GID"
                : index == 0                    ? "the RoCEv1 IPv6 link-local GID"
                                                : "a RoCEv1 GID";
            out.push_back({ "NCCL_IB_GID_INDEX=" + std::to_string(index) + " is " + what
                                + " on the default ConnectX GID table; RoCEv2 over IPv4 on "
                                + fabric.name + " wants the RoCEv2 IPv4 entry (usually 3)",
                            { ref },
                            "leave NCCL_IB_GID_INDEX unset (NCCL >= 2.21) or check show_gids" });
        }
    }
}

} // namespace

void addRoceRules(RuleList &rules)
{
    const Inputs reads
        = input::Links | input::DeviceSpec | input::DeviceName | input::DeviceQos | input::Fabrics;
    const auto fabricRule = [&](const char *key, const char *title, Severity severity,
                                FunctionRule::CheckFunction function) {
        add(rules, { key, title, "roce", severity, RuleScope::Fabric, reads }, function);
    };
    fabricRule("roce.pfc-not-end-to-end", "A hop without PFC on the RoCE priority", Severity::Error,
               &pfcNotEndToEnd);
    fabricRule("roce.pfc-priority-mismatch", "NIC and switch PFC priorities disagree",
               Severity::Error, &pfcPriorityMismatch);
    fabricRule("roce.dscp-map-inconsistent",
               "RoCE DSCP not mapped to the lossless class everywhere", Severity::Error,
               &dscpMapInconsistent);
    fabricRule("roce.ecn-misconfigured", "ECN off or thresholds wrong", Severity::Error,
               &ecnMisconfigured);
    fabricRule("roce.cnp-priority", "Congestion notifications not in a high-priority lossy queue",
               Severity::Error, &cnpPriority);
    fabricRule("roce.pfc-watchdog", "PFC watchdog off or too slow", Severity::Error, &pfcWatchdog);
    fabricRule("roce.headroom", "PFC headroom short of what cable and speed need", Severity::Error,
               &headroom);
    fabricRule("roce.mtu-mismatch", "MTU too small for RoCE 4096 or differing along the path",
               Severity::Error, &mtuMismatch);
    fabricRule("roce.too-many-lossless", "PFC on more than two priorities", Severity::Warning,
               &tooManyLossless);
    add(rules,
        { "roce.nccl-traffic-class", "NCCL_IB_TC / GID index not matching the RoCE class", "roce",
          Severity::Error, RuleScope::Design, input::Settings | input::Fabrics },
        &ncclTrafficClass);
}

} // namespace cw::rules

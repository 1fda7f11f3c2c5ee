// What every RoCE switch configuration is rendered from: the switches of a fabric, each with
// its effective QoS profile (a device's own override wins, as in the RoCE validation rules),
// the DSCP -> traffic class classification, and its cabled ports with PFC headroom.

#include "exporters/switch/RoceSwitchPlan.h"

#include "calculators/InputError.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace cw::exporters::roce {
namespace {

constexpr int kPriorities = 8;
constexpr int kDscpValues = 64;
// Cumulus rejects apostrophes and non-ASCII in descriptions and allows 256 characters
// (CL 5.x Interface Descriptions); the same text is kept for SONiC and EOS.
constexpr std::size_t kMaxDescription = 240;
constexpr double kMaxCableM = 100000;

std::string lower(std::string text)
{
    for (char &c : text)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

/// Printable ASCII without the characters a quoted shell argument or a CLI line would
/// interpret (quotes, backslash, '$', backtick).
std::string descriptionText(const std::string &text)
{
    std::string result;
    for (char c : text) {
        const bool printable = c >= 0x20 && c < 0x7f;
        const bool special = c == '\'' || c == '"' || c == '\\' || c == '$' || c == '`';
        result += printable && !special ? c : '_';
    }
    if (result.size() > kMaxDescription)
        result.resize(kMaxDescription);
    return result;
}

/// Letters, digits, '-' and '.'; anything else becomes '-'. Empty -> "switch-<id>".
std::string hostnameText(const Device &device)
{
    std::string result;
    for (char c : device.name) {
        const bool kept = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
        result += kept && static_cast<unsigned char>(c) < 0x80 ? c : '-';
    }
    return result.empty() ? "switch-" + std::to_string(device.id.value) : result;
}

const PortSpec *portOf(const Part *part, int index)
{
    if (!part || index < 0 || index >= static_cast<int>(part->ports.size()))
        return nullptr;
    return &part->ports[static_cast<std::size_t>(index)];
}

/// The speed a link runs at, as the RoCE rules take it (RuleContext::linkSpeedGbps): the
/// slower port end, capped by the cable's per-link speed.
double linkSpeedGbps(const Catalog &catalog, const Link &link, const PortSpec *a, const PortSpec *b)
{
    double speed = 0;
    if (a && b)
        speed = std::min(a->speedGbps, b->speedGbps);
    else if (a || b)
        speed = (a ? a : b)->speedGbps;
    if (const Part *cable = catalog.find(link.cableType);
        cable && cable->cable && cable->cable->linkSpeedGbps > 0)
        speed = speed > 0 ? std::min(speed, cable->cable->linkSpeedGbps)
                          : cable->cable->linkSpeedGbps;
    return speed;
}

Result<void> checkProfile(const QosProfile &qos, const std::string &owner)
{
    const auto priorityOk = [](int p) {
        return p >= 0 && p < kPriorities;
    };
    const auto dscpOk = [](int d) {
        return d >= 0 && d < kDscpValues;
    };
    const std::string where = owner + "'s QoS profile: ";
    if (!dscpOk(qos.roceDscp) || !dscpOk(qos.cnpDscp))
        return Error { where + "RoCE DSCP " + std::to_string(qos.roceDscp) + " and CNP DSCP "
                       + std::to_string(qos.cnpDscp) + " must be 0-63" };
    if (!priorityOk(qos.pfcPriority) || !priorityOk(qos.cnpPriority))
        return Error { where + "PFC priority " + std::to_string(qos.pfcPriority)
                       + " and CNP priority " + std::to_string(qos.cnpPriority) + " must be 0-7" };
    for (int p : qos.losslessPriorities)
        if (!priorityOk(p))
            return Error { where + "lossless priority " + std::to_string(p) + " must be 0-7" };
    for (const auto &[dscp, priority] : qos.dscpToPriority)
        if (!dscpOk(dscp) || !priorityOk(priority))
            return Error { where + "DSCP map entry " + std::to_string(dscp) + " -> "
                           + std::to_string(priority) + " must map 0-63 to 0-7" };
    // Cumulus `pfc cable-length` takes 1-100000 m (ref:nvidia-cumulus-roce); also keeps the int
    // conversion sane.
    if (!std::isfinite(qos.pfcCableLengthM) || qos.pfcCableLengthM < 0
        || qos.pfcCableLengthM > kMaxCableM)
        return Error { where + "PFC cable length " + numberText(qos.pfcCableLengthM)
                       + " m must be 0-100000 m" };
    if (qos.switchMtu <= 0)
        return Error { where + "switch MTU " + std::to_string(qos.switchMtu)
                       + " must be positive" };
    return {};
}

/// Traffic classes, ECN queues and ETS weights derived from the profile (ref:nvidia-cumulus-roce:
/// RoCE TC DWRR 50 %, other traffic TC 0 DWRR 50 %, CNP strict; with more lossless classes the DWRR
/// share is split evenly so the weights still sum to 100, ref:nvidia-cumulus-roce).
void classify(SwitchPlan &plan)
{
    const QosProfile &qos = plan.qos;
    for (int p = 0; p < kPriorities; ++p)
        plan.priorityToTc[static_cast<std::size_t>(p)] = trafficClassOf(qos, p);
    for (int d = 0; d < kDscpValues; ++d)
        plan.dscpToTc[static_cast<std::size_t>(d)] = trafficClassOf(qos, qos.priorityOfDscp(d));
    std::set<int> lossless(qos.losslessPriorities.begin(), qos.losslessPriorities.end());
    plan.losslessPriorities.assign(lossless.begin(), lossless.end());
    if (!plan.lossless)
        return;

    std::set<int> ecn;
    if (qos.ecnEnabled) {
        ecn.insert(trafficClassOf(qos, qos.pfcPriority));
        for (int p : lossless)
            ecn.insert(trafficClassOf(qos, p));
    }
    plan.ecnTcs.assign(ecn.begin(), ecn.end());

    const int cnpTc = trafficClassOf(qos, qos.cnpPriority);
    std::set<int> dwrr { 0, trafficClassOf(qos, qos.pfcPriority) };
    for (int p : lossless)
        dwrr.insert(trafficClassOf(qos, p));
    // The CNP class is strict unless a misconfigured profile made it lossless or TC 0
    // (roce.cnp-priority reports that); then it stays in the weighted group.
    if (!dwrr.count(cnpTc))
        plan.strictTc = cnpTc;
    const int share = 100 / static_cast<int>(dwrr.size());
    int remainder = 100 - share * static_cast<int>(dwrr.size());
    for (int tc : dwrr) {
        plan.dwrrPercent.emplace_back(tc, share + remainder);
        remainder = 0;
    }
}

Result<calc::PfcHeadroomResult> headroomFor(double speedGbps, int cableM, int mtu)
{
    // Same inputs as the roce.headroom rule: SONiC's Spectrum formula with its ASIC defaults,
    // port MTU = the profile's switch MTU (ref:sonic-buffer-headroom).
    calc::PfcHeadroomInput input;
    input.speedGbps = speedGbps;
    input.cableM = cableM;
    input.portMtuBytes = mtu;
    try {
        return calc::pfcHeadroom(input);
    } catch (const calc::InputError &error) {
        return Error { error.what() };
    }
}

} // namespace

SwitchOs switchOsOf(const Part &part)
{
    if (part.network) {
        const std::string os = lower(part.network->os);
        if (os == "sonic")
            return SwitchOs::Sonic;
        if (os == "cumulus" || os == "nvue" || os == "cumulus-linux")
            return SwitchOs::Nvue;
        if (os == "eos")
            return SwitchOs::Eos;
    }
    const std::string vendor = lower(part.vendor);
    if (vendor == "nvidia" || vendor == "mellanox")
        return SwitchOs::Nvue;
    if (vendor == "arista")
        return SwitchOs::Eos;
    return SwitchOs::Sonic;
}

int trafficClassOf(const QosProfile &qos, int priority)
{
    const bool own = priority == qos.pfcPriority || priority == qos.cnpPriority
        || std::find(qos.losslessPriorities.begin(), qos.losslessPriorities.end(), priority)
            != qos.losslessPriorities.end();
    return own ? priority : 0;
}

Result<std::vector<SwitchPlan>> planSwitches(const Design &design, const Catalog &catalog,
                                             const Fabric &fabric)
{
    if (Result<void> ok = checkProfile(fabric.qos, "fabric " + fabric.name); !ok)
        return ok.error();
    const bool lossless = fabric.technology == Technology::RoCEv2;
    const bool bridged = fabric.technology == Technology::Ethernet;

    // device id -> its ports on this fabric (port index -> link), in id order.
    std::map<DeviceId, std::map<int, const Link *>> switchPorts;
    for (const Link &link : design.links()) {
        if (link.fabric != fabric.id)
            continue;
        for (const PortRef &end : { link.a, link.b }) {
            const Device *device = design.device(end.device);
            if (!device || device->role != DeviceRole::Switch)
                continue;
            const PortSpec *spec = portOf(catalog.find(device->catalogType), end.port);
            // A switch's management port cabled into this (out-of-band) fabric makes it a
            // host of the fabric, not one of its switches.
            if (spec && spec->role == PortRole::Management)
                continue;
            switchPorts[device->id][end.port] = &link;
        }
    }

    std::vector<SwitchPlan> plans;
    for (const auto &[id, ports] : switchPorts) {
        const Device &device = *design.device(id);
        SwitchPlan plan;
        plan.device = &device;
        plan.part = catalog.find(device.catalogType);
        if (!plan.part)
            return Error { "switch " + device.name + ": catalog part \"" + device.catalogType
                           + "\" not found" };
        plan.os = switchOsOf(*plan.part);
        // Printed in comments: one line of printable ASCII, like the descriptions.
        plan.fabricName = descriptionText(fabric.name);
        plan.hostname = hostnameText(device);
        plan.lossless = lossless;
        plan.bridged = bridged;
        plan.accessVlan = bridged ? kDefaultAccessVlan : 0;
        plan.qosOverride = device.qos.has_value();
        plan.qos = device.qos ? *device.qos : fabric.qos;
        if (Result<void> ok = checkProfile(plan.qos, "switch " + device.name); !ok)
            return ok.error();
        classify(plan);

        for (const auto &[index, link] : ports) {
            const PortSpec *local = portOf(plan.part, index);
            if (!local)
                return Error { "switch " + device.name + ": a link on " + fabric.name
                               + " uses port #" + std::to_string(index) + " but part "
                               + plan.part->id + " has " + std::to_string(plan.part->ports.size())
                               + " ports" };
            const bool atA = link->a.device == id && link->a.port == index;
            const PortRef peerRef = atA ? link->b : link->a;
            const Device *peer = design.device(peerRef.device);
            const PortSpec *peerPort
                = peer ? portOf(catalog.find(peer->catalogType), peerRef.port) : nullptr;
            PortPlan port;
            port.index = index;
            port.name = local->name;
            port.portSpeedGbps = local->speedGbps;
            port.speedGbps = linkSpeedGbps(catalog, *link, local, peerPort);
            // A switch reached on its management port is a host of this fabric (see above).
            port.trunk = bridged && peer && peer->role == DeviceRole::Switch && peerPort
                && peerPort->role != PortRole::Management;
            port.description = descriptionText(
                "to " + (peer ? peer->name : "device " + std::to_string(peerRef.device.value)) + " "
                + (peerPort ? peerPort->name : "#" + std::to_string(peerRef.port)));
            // A length the loader would refuse counts as 0 m: the profile's length applies.
            port.cableM
                = std::isfinite(link->lengthM) ? std::clamp(link->lengthM, 0.0, kMaxCableM) : 0.0;
            // Sized for the profile's cable length (what roce.headroom checks against) unless
            // the installed cable is longer: never less headroom than the cable needs
            // (ref:sonic-buffer-headroom).
            port.headroomCableM
                = static_cast<int>(std::ceil(std::max(plan.qos.pfcCableLengthM, port.cableM)));
            if (lossless && !plan.losslessPriorities.empty() && port.speedGbps > 0) {
                auto headroom
                    = headroomFor(port.speedGbps, port.headroomCableM, plan.qos.switchMtu);
                if (headroom)
                    port.headroom = *headroom;
            }
            plan.ports.push_back(std::move(port));
        }
        plans.push_back(std::move(plan));
    }
    return plans;
}

std::vector<HeadroomGroup> headroomGroups(const SwitchPlan &plan)
{
    std::map<std::pair<double, int>, HeadroomGroup> groups;
    for (const PortPlan &port : plan.ports) {
        if (!port.headroom)
            continue;
        HeadroomGroup &group = groups[{ port.speedGbps, port.headroomCableM }];
        group.speedGbps = port.speedGbps;
        group.cableM = port.headroomCableM;
        group.headroom = *port.headroom;
        group.ports.push_back(port.name);
    }
    std::vector<HeadroomGroup> result;
    result.reserve(groups.size());
    for (auto &[key, group] : groups)
        result.push_back(std::move(group));
    return result;
}

std::vector<std::string> headroomNotes(const SwitchPlan &plan)
{
    std::vector<std::string> notes;
    if (!plan.lossless || plan.losslessPriorities.empty())
        return notes;
    notes.push_back(
        "PFC headroom per lossless priority (SONiC Spectrum formula, ref:sonic-buffer-headroom"
        "; ASIC defaults of Spectrum-2/-3, port MTU "
        + std::to_string(plan.qos.switchMtu) + "):");
    for (const HeadroomGroup &group : headroomGroups(plan))
        notes.push_back("  " + numberText(group.speedGbps) + "G ports, "
                        + std::to_string(group.cableM) + " m: xoff "
                        + numberText(group.headroom.xoffBytes) + " B + xon "
                        + numberText(group.headroom.xonBytes)
                        + " B = " + numberText(group.headroom.headroomBytes) + " B ("
                        + std::to_string(group.ports.size()) + " ports)");
    for (const PortPlan &port : plan.ports)
        if (!port.headroom)
            notes.push_back("  " + port.name + ": no headroom figure for "
                            + numberText(port.speedGbps) + " Gb/s (not in the pause-quanta table)");
    return notes;
}

std::string joinInts(const std::vector<int> &values, const std::string &separator)
{
    std::string text;
    for (int v : values)
        text += (text.empty() ? "" : separator) + std::to_string(v);
    return text;
}

std::string numberText(double value)
{
    std::ostringstream out;
    out.precision(12);
    out << value;
    return out.str();
}

} // namespace cw::exporters::roce

// Network rules on single links and devices: unconnected compute NICs, speed mismatches,
// links without a cable part, cable reach, cable ends that do not fit the port cages,
// switches with more links than ports.

#include "model/catalog/Catalog.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <algorithm>

namespace cw::rules {
namespace {

void portUnconnected(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Device *device = context.design().device(DeviceId { subject.id });
    if (device->role != DeviceRole::Compute)
        return;
    const Part *part = context.part(device->id);
    if (!part)
        return;
    std::vector<std::string> open;
    for (std::size_t i = 0; i < part->ports.size(); ++i) {
        if (part->ports[i].role != PortRole::Compute)
            continue;
        if (!context.design().linkAt(PortRef { device->id, static_cast<int>(i) }).isValid())
            open.push_back(part->ports[i].name);
    }
    if (open.empty())
        return;
    // A GPU whose rail NIC has no link reaches other nodes only through another GPU's NIC
    // (PXN) or not at all: NCCL rings lose that rail's bandwidth.
    out.push_back({ device->name + ": " + std::to_string(open.size()) + " of "
                        + std::to_string(part->countPorts(PortRole::Compute))
                        + " compute NIC ports have no link (" + fmt::list(open, 8) + ")",
                    { subject },
                    "cable " + open.front() + " to its rail's leaf" });
}

/// net.port-speed-mismatch's text for ports of two speeds (numbers: the speeds of ends a and
/// b, in Gb/s). Written on demand: a design of 400G NICs on 800G switch ports has one per
/// node link (a million at 131,072 nodes).
void writeSpeedMismatch(const RuleContext &context, const Finding &finding, std::string &message,
                        std::string &fix)
{
    const Link *link = context.design().link(LinkId { finding.entities.front().id });
    const double aGbps = finding.numbers[0];
    const double bGbps = finding.numbers[1];
    message.clear();
    message.append(context.portLabel(link->a))
        .append(" is ")
        .append(fmt::num(aGbps, 0))
        .append(" Gb/s, ")
        .append(context.portLabel(link->b))
        .append(" is ")
        .append(fmt::num(bGbps, 0))
        .append(" Gb/s: the link runs at ")
        .append(fmt::num(std::min(aGbps, bGbps), 0))
        .append(" Gb/s at best");
    fix.assign("connect ports of the same speed");
}

void portSpeedMismatch(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Link *link = context.design().link(LinkId { subject.id });
    const PortSpec *a = context.port(link->a);
    const PortSpec *b = context.port(link->b);
    if (!a || !b)
        return; // net.switch-ports-exceeded reports ports a part does not have
    if (a->speedGbps != b->speedGbps) {
        Finding &finding = out.emplace_back();
        finding.entities
            = { subject, EntityRef::of(link->a.device), EntityRef::of(link->b.device) };
        finding.writer = &writeSpeedMismatch;
        finding.numbers = { a->speedGbps, b->speedGbps, 0, 0 };
        return;
    }
    const Part *cable = context.catalogPart(link->cableType);
    if (cable && cable->cable && cable->cable->linkSpeedGbps > 0
        && cable->cable->linkSpeedGbps < a->speedGbps)
        out.push_back({ "cable " + cable->id + " carries "
                            + fmt::num(cable->cable->linkSpeedGbps, 0) + " Gb/s per link between "
                            + fmt::num(a->speedGbps, 0) + " Gb/s ports "
                            + context.portLabel(link->a) + " and " + context.portLabel(link->b),
                        { subject, EntityRef::of(link->a.device), EntityRef::of(link->b.device) },
                        "use a " + fmt::num(a->speedGbps, 0) + " Gb/s cable" });
}

void linkWithoutCable(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Link *link = context.design().link(LinkId { subject.id });
    const Part *cable = context.catalogPart(link->cableType);
    if (cable && cable->cable)
        return;
    // A link is ordered as a cable (or a pair of modules and fibre): without a part it is
    // missing from the bill of materials and the cabling plan, and a buyer orders too few.
    const std::string why = link->cableType.empty() ? std::string("has no cable part")
                                                    : "names \"" + link->cableType
            + "\", which is not a cable or "
              "transceiver in the catalog";
    out.push_back({ context.portLabel(link->a) + " - " + context.portLabel(link->b) + " ("
                        + fmt::num(link->lengthM, 1) + " m) " + why,
                    { subject, EntityRef::of(link->a.device), EntityRef::of(link->b.device) },
                    "re-cable the link (auto-cabling picks a part of the link's speed that fits "
                    "both cages and reaches) or add such a part to the catalog" });
}

void cableReach(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Link *link = context.design().link(LinkId { subject.id });
    const Part *cable = context.catalogPart(link->cableType);
    if (!cable || !cable->cable || cable->cable->reachM <= 0)
        return; // no cable chosen yet
    // The catalog's reach is the longest orderable length at the part's rated speed
    // (ref:nvidia-linkx-100g-pam4: passive DAC <= 2-3 m, ACC 5 m, SR4 50 m, DR4 100 m).
    if (link->lengthM <= cable->cable->reachM)
        return;
    out.push_back({ context.portLabel(link->a) + " - " + context.portLabel(link->b) + ": "
                        + fmt::num(link->lengthM, 1) + " m exceeds the "
                        + fmt::num(cable->cable->reachM, 1) + " m reach of " + cable->id + " ("
                        + cable->cable->medium + ", " + fmt::num(cable->cable->linkSpeedGbps, 0)
                        + " Gb/s)",
                    { subject, EntityRef::of(link->a.device), EntityRef::of(link->b.device) },
                    "use a longer-reach medium (ACC <= 5 m, multimode optics <= 50 m, single-mode "
                    "DR4 <= 100 m, FR4 <= 2 km)" });
}

std::string endText(const CableEnd &end)
{
    return (end.count > 1 ? std::to_string(end.count) + " x " : std::string()) + end.connector;
}

void cableConnectorMismatch(const RuleContext &context, EntityRef subject,
                            std::vector<Finding> &out)
{
    const Link *link = context.design().link(LinkId { subject.id });
    const Part *cable = context.catalogPart(link->cableType);
    const PortSpec *a = context.port(link->a);
    const PortSpec *b = context.port(link->b);
    if (!cable || !cable->cable || !a || !b)
        return; // no cable chosen, or a port net.switch-ports-exceeded reports
    // A splitter's head and tails differ (MCP7Y00: twin-port OSFP to 2 x single OSFP); each
    // must sit in a cage of its own kind (ref:nvidia-linkx-100g-pam4).
    if (cableFitsCages(*cable->cable, a->formFactor, b->formFactor))
        return;
    const CableSpec &spec = *cable->cable;
    const std::string what = cable->kind == PartKind::Transceiver
        ? "module " + cable->id + " (" + endText(spec.endA) + ", links to " + endText(spec.endB)
            + ")"
        : "cable " + cable->id + " (" + endText(spec.endA) + " to " + endText(spec.endB) + ")";
    out.push_back({ context.portLabel(link->a) + " (" + a->formFactor + " cage) - "
                        + context.portLabel(link->b) + " (" + b->formFactor + " cage): " + what
                        + " does not fit",
                    { subject, EntityRef::of(link->a.device), EntityRef::of(link->b.device) },
                    "re-cable the link (auto-cabling picks a part whose ends fit both cages) or "
                    "add such a part to the catalog" });
}

void switchPortsExceeded(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Device *device = context.design().device(DeviceId { subject.id });
    const Part *part = context.part(device->id);
    if (!part || part->kind != PartKind::Switch)
        return;
    const auto &links = context.linksOfDevice(device->id);
    const int ports = static_cast<int>(part->ports.size());
    std::vector<int> missing;
    for (LinkId id : links) {
        const Link *link = context.design().link(id);
        for (const PortRef &end : { link->a, link->b })
            if (end.device == device->id && end.port >= ports)
                missing.push_back(end.port + 1);
    }
    if (missing.empty())
        return;
    std::sort(missing.begin(), missing.end());
    out.push_back({ device->name + " (" + part->id + ") has " + std::to_string(ports) + " ports; "
                        + std::to_string(links.size()) + " links use it, "
                        + std::to_string(missing.size()) + " of them on ports it does not have (#"
                        + fmt::ranges(missing) + ")",
                    { subject },
                    "use a larger switch or move " + std::to_string(missing.size())
                        + " links to another switch" });
}

} // namespace

void addNetworkRules(RuleList &rules)
{
    add(rules,
        { "net.port-unconnected", "Compute NIC port without a link", "network", Severity::Warning,
          RuleScope::Device, input::DeviceSpec | input::DeviceName | input::Links },
        &portUnconnected);
    add(rules,
        { "net.port-speed-mismatch", "Link between ports (or a cable) of different speeds",
          "network", Severity::Warning, RuleScope::Link,
          input::Links | input::DeviceSpec | input::DeviceName },
        &portSpeedMismatch);
    add(rules,
        { "net.link-without-cable", "Link without a cable part", "network", Severity::Error,
          RuleScope::Link, input::Links | input::DeviceSpec | input::DeviceName },
        &linkWithoutCable);
    add(rules,
        { "net.cable-reach", "Cable longer than its medium reaches", "network", Severity::Error,
          RuleScope::Link, input::Links | input::DeviceSpec | input::DeviceName },
        &cableReach);
    add(rules,
        { "net.cable-connector-mismatch", "Cable ends that do not fit the ports' cages", "network",
          Severity::Error, RuleScope::Link, input::Links | input::DeviceSpec | input::DeviceName },
        &cableConnectorMismatch);
    add(rules,
        { "net.switch-ports-exceeded", "More links on a switch than it has ports", "network",
          Severity::Error, RuleScope::Device,
          input::DeviceSpec | input::DeviceName | input::Links },
        &switchPortsExceeded);
}

} // namespace cw::rules

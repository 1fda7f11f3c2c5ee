// Failure-domain rules: what one lost feed does to a device (docs/failure-domains.md).
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/failure/PowerChain.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

namespace cw::rules {
namespace {

/// power.feed-loss-capacity's text (numbers: the feed lost, 0 = A; the PSUs left on the other;
/// the device's PSU count; each one's rating in W). Written on demand: every node of a design
/// of DGX H100s in A/B racks has one (131,072 at 131,072 nodes).
void writeFeedLoss(const RuleContext &context, const Finding &finding, std::string &message,
                   std::string &fix)
{
    const Device *device = context.design().device(DeviceId { finding.entities.front().id });
    const Part *part = context.part(device->id);
    const bool lostA = finding.numbers[0] == 0;
    const int left = static_cast<int>(finding.numbers[1]);
    const int count = static_cast<int>(finding.numbers[2]);
    const double ratingW = finding.numbers[3];
    const double availableW = left * ratingW;
    const char *lostFeed = lostA ? "A" : "B";
    const std::string available = fmt::kw(availableW);
    message.clear();
    message.append(device->name)
        .append(" (")
        .append(part->id)
        .append(") draws up to ")
        .append(fmt::kw(part->maxPowerW))
        .append("; on feed ")
        .append(lostA ? "B" : "A")
        .append(" alone it keeps ")
        .append(std::to_string(left))
        .append(" of ")
        .append(std::to_string(count))
        .append(" PSUs = ")
        .append(std::to_string(left))
        .append(" x ")
        .append(fmt::kw(ratingW))
        .append(" = ")
        .append(available)
        .append(": losing feed ")
        .append(lostFeed)
        .append(" caps it at ")
        .append(available)
        .append(" (")
        .append(fmt::num((1.0 - availableW / part->maxPowerW) * 100.0, 0))
        .append("% below)");
    fix.assign("accept and document the cap (clusterwright-cli whatif --fail feed:")
        .append(lostFeed)
        .append(" shows the effect), or set a node power limit of ")
        .append(available);
}

/// A device in an A/B rack whose PSUs on one feed cannot carry its maximum draw: losing the
/// other feed leaves it running power-capped (DGX H100: 3 of its 6 x 3.3 kW PSUs per feed,
/// 9.9 kW below its 10.2 kW maximum, ref:nvidia-dgx-h100-ug).
void feedLossCapacity(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Device *device = context.design().device(DeviceId { subject.id });
    const Rack *rack = context.design().rack(device->rack);
    const Part *part = context.part(device->id);
    if (!rack || !part || !part->server || part->server->psu.count <= 0
        || part->server->psu.ratingW <= 0 || part->maxPowerW <= 0)
        return;
    const PsuSpec &psu = part->server->psu;
    int onFeed[2] = { 0, 0 };
    for (int pdu : psuPdus(*rack, psu.count))
        ++onFeed[static_cast<int>(rack->pdus[static_cast<std::size_t>(pdu)].feed)];
    if (onFeed[0] == 0 || onFeed[1] == 0)
        return; // one feed only: there is no feed redundancy to judge
    // The feed whose loss leaves the fewest PSUs.
    const int lost = onFeed[0] >= onFeed[1] ? 0 : 1;
    const int left = onFeed[1 - lost];
    const double availableW = left * psu.ratingW;
    if (availableW >= part->maxPowerW)
        return;
    Finding &finding = out.emplace_back();
    finding.entities = { subject };
    finding.writer = &writeFeedLoss;
    finding.numbers = { double(lost), double(left), double(psu.count), psu.ratingW };
}

/// A device whose power supplies all hang on one PDU or one feed: that PDU or feed is a single
/// point of failure for it (the failure model's PSU placement, model/failure/PowerChain.h:
/// PSUs alternate between the rack's A and B PDUs, round robin within a feed). A part without
/// a PSU figure counts as two supplies, as in `whatif`.
void powerSinglePoint(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Device *device = context.design().device(DeviceId { subject.id });
    const Rack *rack = context.design().rack(device->rack);
    const Part *part = context.part(device->id);
    if (!rack || !part || part->maxPowerW <= 0 || rack->pdus.empty())
        return;
    const bool psuKnown = part->server && part->server->psu.count > 0;
    const int psuCount = psuKnown ? part->server->psu.count : 2;
    const std::vector<int> pdus = psuPdus(*rack, psuCount);
    bool onePdu = true;
    bool oneFeed = true;
    for (int pdu : pdus) {
        onePdu = onePdu && pdu == pdus.front();
        oneFeed = oneFeed
            && rack->pdus[static_cast<std::size_t>(pdu)].feed
                == rack->pdus[static_cast<std::size_t>(pdus.front())].feed;
    }
    if (!oneFeed && !onePdu)
        return;
    const Pdu &first = rack->pdus[static_cast<std::size_t>(pdus.front())];
    const std::string feed(toString(first.feed));
    const std::string supplies = psuKnown
        ? (psuCount == 1       ? "its one PSU draws"
               : psuCount == 2 ? "both of its PSUs draw"
                               : "all " + std::to_string(psuCount) + " of its PSUs draw")
        : "its power supplies draw";
    const int gpus = part->server ? part->server->gpuCount : 0;
    const std::string what
        = device->name + (gpus > 0 ? " and its " + std::to_string(gpus) + " GPUs" : "");
    const std::string where = onePdu
        ? "PDU " + rack->name + "/" + first.name + " (feed " + feed + ")"
        : "feed " + feed + " (rack " + rack->name + " has no PDU on the other feed)";
    out.push_back({ device->name + " (" + part->id + ", " + fmt::kw(part->maxPowerW)
                        + "): " + supplies + " from " + where + "; losing "
                        + (onePdu ? "that PDU" : "feed " + feed) + " turns off " + what,
                    { subject, EntityRef::of(rack->id) },
                    onePdu ? "spread the device's supplies over two PDUs, on feeds A and B"
                           : "add a PDU on the other feed to rack " + rack->name });
}

} // namespace

void addFailureRules(RuleList &rules)
{
    add(rules,
        { "power.single-point-of-failure",
          "A device whose supplies all draw from one PDU or one feed", "power", Severity::Warning,
          RuleScope::Device,
          input::DeviceSpec | input::DeviceName | input::Placement | input::RackSpec },
        &powerSinglePoint);
    add(rules,
        { "power.feed-loss-capacity", "One feed's PSUs cannot carry the device's maximum draw",
          "power", Severity::Warning, RuleScope::Device,
          input::DeviceSpec | input::DeviceName | input::Placement | input::RackSpec },
        &feedLossCapacity);
}

} // namespace cw::rules

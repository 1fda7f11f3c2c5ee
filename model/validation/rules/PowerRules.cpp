// Power rules: rack feeds, rack ratings, site budgets, PSU redundancy.
//
// Every load is the parts' maximum (nameplate) power, the figure breakers and feeds are
// sized on (DGX H100: 10.2 kW max, ref:nvidia-dgx-h100-ug); typical power would hide the peak.

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/core/PduCapacity.h"
#include "model/site/SiteLoad.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <algorithm>
#include <map>
#include <numbers>
#include <tuple>

namespace cw::rules {
namespace {

/// "2 x 3-phase 32 A at 400 V", identical PDUs grouped.
std::string describePdus(const std::vector<const Pdu *> &pdus)
{
    std::map<std::tuple<int, double, double>, int> groups;
    for (const Pdu *pdu : pdus)
        ++groups[{ pdu->phases, pdu->breakerA, pdu->voltageV }];
    std::string text;
    for (const auto &[spec, count] : groups) {
        const auto &[phases, amps, volts] = spec;
        if (!text.empty())
            text += " + ";
        text += std::to_string(count) + " x " + std::to_string(phases) + "-phase "
            + fmt::num(amps, 0) + " A at " + fmt::num(volts, 0) + " V";
    }
    return text;
}

void rackOverFeed(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const double loadW = context.rackLoadW(rack->id);
    if (loadW <= 0)
        return;
    if (rack->pdus.empty()) {
        out.push_back({ "rack " + rack->name + " draws " + fmt::kw(loadW) + " and has no PDU",
                        { subject },
                        "add PDUs on feeds A and B" });
        return;
    }
    std::map<Feed, std::vector<const Pdu *>> feeds;
    for (const Pdu &pdu : rack->pdus)
        feeds[pdu.feed].push_back(&pdu);
    // With A and B present the design promises that either feed alone carries the rack.
    const bool redundant = feeds.size() > 1;
    for (const auto &[feed, pdus] : feeds) {
        double capacityW = 0;
        for (const Pdu *pdu : pdus)
            capacityW += pduCapacityW(*pdu);
        if (loadW <= capacityW)
            continue;
        const std::string feedName(toString(feed));
        out.push_back(
            { "rack " + rack->name + " draws " + fmt::kw(loadW) + "; feed " + feedName
                  + " can carry " + fmt::kw(capacityW) + " after 80% derating of "
                  + describePdus(pdus)
                  + (redundant ? " (A/B redundant: one feed must carry the whole rack)" : ""),
              { subject },
              "add PDU capacity on feed " + feedName + " (" + fmt::kw(loadW)
                  + " after derating) or move " + fmt::kw(loadW - capacityW)
                  + " of equipment to another rack" });
    }
}

void rackOverRating(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Part *part = context.rackPart(*rack);
    if (!part || part->rack->maxPowerKw <= 0)
        return;
    const double loadW = context.rackLoadW(rack->id);
    const double ratingW = part->rack->maxPowerKw * calc::wattsPerKw;
    if (loadW <= ratingW)
        return;
    out.push_back({ "rack " + rack->name + " draws " + fmt::kw(loadW) + "; its type " + part->id
                        + " is rated " + fmt::kw(ratingW),
                    { subject },
                    "move " + fmt::kw(loadW - ratingW)
                        + " of equipment out or use a rack type rated for the load" });
}

void positionLimit(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Row *row = context.design().row(rack->row);
    const Hall *hall = row ? hallOfRow(context.design().site(), *row) : nullptr;
    if (!hall || hall->maxKwPerPosition <= 0)
        return;
    const double loadW = context.rackLoadW(rack->id);
    const double limitW = hall->maxKwPerPosition * calc::wattsPerKw;
    if (loadW <= limitW)
        return;
    out.push_back({ "rack " + rack->name + " draws " + fmt::kw(loadW) + "; a position of hall "
                        + hall->name + " takes " + fmt::kw(limitW) + " ("
                        + std::string(toString(hall->coolingOfRow(row->index))) + " cooling)",
                    { subject },
                    "move " + fmt::kw(loadW - limitW) + " of equipment to another rack" });
}

void siteItBudget(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const Site &site = context.design().site();
    if (site.itPowerBudgetKw <= 0)
        return; // 0 = not set
    const DesignTotals &totals = context.totals();
    const double budgetW = site.itPowerBudgetKw * calc::wattsPerKw;
    if (totals.itPowerW <= budgetW)
        return;
    out.push_back({ "IT load is " + fmt::kw(totals.itPowerW) + " (maximum power of "
                        + std::to_string(totals.devicesWithPower)
                        + " devices); the site IT budget is " + fmt::kw(budgetW),
                    {},
                    "remove " + fmt::kw(totals.itPowerW - budgetW)
                        + " of equipment or raise the site IT budget" });
}

void siteUtility(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const Site &site = context.design().site();
    if (site.utilityPowerKw <= 0)
        return;
    const DesignTotals &totals = context.totals();
    // Facility load = IT load x PUE (the Green Grid definition of PUE).
    const double facilityW = totals.itPowerW * site.pue;
    const double utilityW = site.utilityPowerKw * calc::wattsPerKw;
    if (facilityW <= utilityW)
        return;
    out.push_back({ "IT load " + fmt::kw(totals.itPowerW) + " x PUE " + fmt::num(site.pue, 2)
                        + " = " + fmt::kw(facilityW) + "; the utility feed carries "
                        + fmt::kw(utilityW),
                    {},
                    "reduce the IT load to " + fmt::kw(utilityW / site.pue)
                        + " or raise the utility capacity" });
}

void psuRedundancy(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Device *device = context.design().device(DeviceId { subject.id });
    const Part *part = context.part(device->id);
    if (!part || !part->server || part->server->psu.count <= 0 || part->maxPowerW <= 0)
        return;
    const PsuSpec &psu = part->server->psu;
    const int working = psu.count - psu.redundant;
    const double carriedW = working * psu.ratingW;
    if (working > 0 && part->maxPowerW <= carriedW)
        return;
    out.push_back({ device->name + " (" + part->id + ") draws up to " + fmt::kw(part->maxPowerW)
                        + "; with " + std::to_string(psu.redundant) + " of "
                        + std::to_string(psu.count) + " PSUs failed the remaining "
                        + std::to_string(std::max(working, 0)) + " x " + fmt::kw(psu.ratingW)
                        + " carry " + fmt::kw(std::max(carriedW, 0.0)),
                    { subject },
                    "cap the device's power or plan for fewer redundant PSUs" });
}

} // namespace

void addPowerRules(RuleList &rules)
{
    add(rules,
        { "power.rack-over-feed", "Rack load above what one feed carries", "power", Severity::Error,
          RuleScope::Rack, input::RackSpec | input::Placement | input::DeviceSpec },
        &rackOverFeed);
    add(rules,
        { "power.rack-over-rating", "Rack load above the rack type's rating", "power",
          Severity::Error, RuleScope::Rack,
          input::RackSpec | input::Placement | input::DeviceSpec },
        &rackOverRating);
    add(rules,
        { "power.position-limit", "Rack load above its hall's kW per position", "power",
          Severity::Error, RuleScope::Rack,
          input::RackSpec | input::Placement | input::DeviceSpec | input::Site },
        &positionLimit);
    add(rules,
        { "power.site-it-budget", "IT load above the site IT budget", "power", Severity::Error,
          RuleScope::Design, input::DeviceSpec | input::Site },
        &siteItBudget);
    add(rules,
        { "power.site-utility", "IT load x PUE above the utility capacity", "power",
          Severity::Error, RuleScope::Design, input::DeviceSpec | input::Site },
        &siteUtility);
    add(rules,
        { "power.psu-redundancy", "Maximum draw above the PSUs left after redundant ones fail",
          "power", Severity::Warning, RuleScope::Device, input::DeviceSpec | input::DeviceName },
        &psuRedundancy);
}

} // namespace cw::rules

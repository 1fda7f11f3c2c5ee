// Cooling rules: the air limit per rack, liquid-only parts in air racks, site capacities.
// Heat = maximum power (all electrical power ends as heat; nameplate as for the power rules).

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/site/SiteLoad.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

namespace cw::rules {
namespace {

void airRackLimit(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Site &site = context.design().site();
    if (site.airLimitPerRackKw <= 0 || context.rackCooling(*rack) != Cooling::Air)
        return;
    // A rack in one of the site's halls has the hall's limit per position instead
    // (power.position-limit).
    if (const Row *row = context.design().row(rack->row); row && hallOfRow(site, *row))
        return;
    const double loadW = context.rackLoadW(rack->id);
    const double limitW = site.airLimitPerRackKw * calc::wattsPerKw;
    if (loadW <= limitW)
        return;
    out.push_back({ "air-cooled rack " + rack->name + " dissipates " + fmt::kw(loadW)
                        + "; the site's air limit is " + fmt::kw(limitW) + " per rack",
                    { subject },
                    "spread the load over more racks (" + fmt::kw(loadW - limitW)
                        + " too much) or use a liquid-cooled rack" });
}

void liquidRequired(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    if (context.rackCooling(*rack) == Cooling::Liquid)
        return;
    for (DeviceId id : context.devicesInRack(rack->id)) {
        const Part *part = context.part(id);
        if (!part || part->cooling != Cooling::Liquid)
            continue;
        const Device *device = context.design().device(id);
        out.push_back({ device->name + " (" + part->id + ") is liquid-cooled only, but rack "
                            + rack->name + " (" + rack->catalogType + ") is air-cooled",
                        { EntityRef::of(id), subject },
                        "move " + device->name + " to a liquid-cooled rack" });
    }
}

void siteCapacity(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const Site &site = context.design().site();
    // Rear-door rows hand their air heat to the facility water (SiteLoad), as the generator
    // counts it.
    const SiteLoad totals = siteLoad(context.design(), context.catalog());
    // A capacity of 0 means "not set" (Site): nothing to compare against.
    if (site.airCoolingCapacityKw > 0
        && totals.airHeatW > site.airCoolingCapacityKw * calc::wattsPerKw)
        out.push_back({ "air-cooled equipment dissipates " + fmt::kw(totals.airHeatW)
                            + "; the site's air cooling capacity is "
                            + fmt::kw(site.airCoolingCapacityKw * calc::wattsPerKw),
                        {},
                        "add air cooling or move load to liquid cooling" });
    if (site.liquidCoolingCapacityKw > 0
        && totals.liquidHeatW > site.liquidCoolingCapacityKw * calc::wattsPerKw)
        out.push_back({ "liquid-cooled equipment and rear-door racks dissipate "
                            + fmt::kw(totals.liquidHeatW)
                            + "; the site's liquid cooling capacity is "
                            + fmt::kw(site.liquidCoolingCapacityKw * calc::wattsPerKw),
                        {},
                        "add CDU / facility water capacity" });
}

} // namespace

void addCoolingRules(RuleList &rules)
{
    add(rules,
        { "cooling.air-rack-limit", "Air-cooled rack above the site's air limit per rack",
          "cooling", Severity::Error, RuleScope::Rack,
          input::RackSpec | input::Placement | input::DeviceSpec | input::Site },
        &airRackLimit);
    add(rules,
        { "cooling.liquid-required", "Liquid-cooled-only part in an air-cooled rack", "cooling",
          Severity::Error, RuleScope::Rack,
          input::RackSpec | input::Placement | input::DeviceSpec | input::DeviceName },
        &liquidRequired);
    add(rules,
        { "cooling.site-capacity", "Air or liquid heat above the site's capacity", "cooling",
          Severity::Error, RuleScope::Design,
          input::RackSpec | input::DeviceRack | input::DeviceSpec | input::Site },
        &siteCapacity);
}

} // namespace cw::rules

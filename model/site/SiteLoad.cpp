#include "model/site/SiteLoad.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"

#include <cstdio>
#include <unordered_map>

namespace cw {

std::string_view toString(SiteConstraint constraint)
{
    switch (constraint) {
    case SiteConstraint::Power:
        return "power";
    case SiteConstraint::Cooling:
        return "cooling";
    case SiteConstraint::Positions:
        return "positions";
    case SiteConstraint::Reach:
        return "reach";
    }
    return "?";
}

std::string formatPower(double watts)
{
    char text[48];
    if (watts >= 1e6)
        std::snprintf(text, sizeof text, "%.2f MW", watts / 1e6);
    else if (watts >= 1e3)
        std::snprintf(text, sizeof text, "%.1f kW", watts / 1e3);
    else
        std::snprintf(text, sizeof text, "%.0f W", watts);
    return text;
}

const Hall *hallOfRow(const Site &site, const Row &row)
{
    return row.hall.empty() ? nullptr : site.hall(row.hall);
}

std::optional<HallCooling> coolingOfRow(const Site &site, const Row &row)
{
    const Hall *hall = hallOfRow(site, row);
    if (!hall)
        return std::nullopt;
    return hall->coolingOfRow(row.index);
}

double positionLimitKw(const Site &site, const Row *row, Cooling rackCooling)
{
    if (const Hall *hall = row ? hallOfRow(site, *row) : nullptr)
        return hall->maxKwPerPosition;
    return rackCooling == Cooling::Air ? site.airLimitPerRackKw : 0.0;
}

SiteLoad siteLoad(const Design &design, const Catalog &catalog)
{
    // Per rack: does liquid take the heat of its air-cooled parts (rear door), and of its
    // hybrid parts (liquid rack)?
    struct RackHeat
    {
        bool rearDoor = false;
        bool liquidRack = false;
    };
    std::unordered_map<std::uint64_t, RackHeat> racks;
    racks.reserve(design.racks().size());
    for (const Rack &rack : design.racks()) {
        RackHeat heat;
        if (const Row *row = design.row(rack.row))
            heat.rearDoor = coolingOfRow(design.site(), *row) == HallCooling::RearDoor;
        const Part *part = catalog.find(rack.catalogType);
        heat.liquidRack = part && part->rack && part->cooling == Cooling::Liquid;
        racks.emplace(rack.id.value, heat);
    }
    SiteLoad load;
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part || part->maxPowerW <= 0)
            continue;
        load.itW += part->maxPowerW;
        const auto rack = racks.find(device.rack.value);
        const RackHeat heat = rack == racks.end() ? RackHeat {} : rack->second;
        const Cooling cooling = part->cooling.value_or(Cooling::Air);
        const bool liquid = cooling == Cooling::Liquid
            || (cooling == Cooling::Hybrid && heat.liquidRack) || heat.rearDoor;
        (liquid ? load.liquidHeatW : load.airHeatW) += part->maxPowerW;
    }
    return load;
}

std::vector<SiteShortfall> checkSiteBudgets(const Site &site, const SiteLoad &load)
{
    std::vector<SiteShortfall> out;
    const double kw = calc::wattsPerKw;
    if (site.itPowerBudgetKw > 0 && load.itW > site.itPowerBudgetKw * kw)
        out.push_back({ SiteConstraint::Power, formatPower(load.itW) + " IT",
                        "the site gives " + formatPower(site.itPowerBudgetKw * kw) });
    // Facility load = IT load x PUE (the Green Grid's definition of PUE).
    if (site.utilityPowerKw > 0 && load.itW * site.pue > site.utilityPowerKw * kw)
        out.push_back({ SiteConstraint::Power,
                        formatPower(load.itW * site.pue) + " from the utility (IT x PUE "
                            + std::to_string(site.pue).substr(0, 4) + ")",
                        "the site gives " + formatPower(site.utilityPowerKw * kw) });
    if (site.airCoolingCapacityKw > 0 && load.airHeatW > site.airCoolingCapacityKw * kw)
        out.push_back({ SiteConstraint::Cooling, formatPower(load.airHeatW) + " of air cooling",
                        "the site gives " + formatPower(site.airCoolingCapacityKw * kw) });
    if (site.liquidCoolingCapacityKw > 0 && load.liquidHeatW > site.liquidCoolingCapacityKw * kw)
        out.push_back({ SiteConstraint::Cooling,
                        formatPower(load.liquidHeatW) + " of liquid cooling (facility water)",
                        "the site gives " + formatPower(site.liquidCoolingCapacityKw * kw) });
    return out;
}

} // namespace cw

// Liquid cooling as facilities see it: the CDUs of a row carry the liquid heat of its racks,
// with the site's redundancy (N+1 by default), and a liquid-cooled part needs a row with CDU
// supply. Also the hall geometry a rack must stand in.
//
// Heat = maximum power (all electrical power ends as heat), as for the other cooling rules.
// A CDU supplies the row it stands in: a floor-standing CDU in a rack position of the row, or
// an in-rack CDU mounted in one of the row's racks.

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/site/SiteLoad.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <algorithm>
#include <functional>
#include <map>

namespace cw::rules {
namespace {

struct RowCooling
{
    double liquidW = 0;
    std::vector<double> cduCapacityW; ///< one entry per CDU of the row
    std::vector<EntityRef> cdus;
    std::vector<EntityRef> liquidParts;
};

bool carriesLiquid(const Part &part, Cooling rackCooling)
{
    const Cooling cooling = part.cooling.value_or(Cooling::Air);
    return cooling == Cooling::Liquid
        || (cooling == Cooling::Hybrid && rackCooling == Cooling::Liquid);
}

std::map<RowId, RowCooling> rowCooling(const RuleContext &context)
{
    std::map<RowId, RowCooling> rows;
    const Catalog &catalog = context.catalog();
    for (const Rack &rack : context.design().racks()) {
        RowCooling &row = rows[rack.row];
        if (const Part *unit = catalog.find(rack.catalogType); unit && unit->cdu) {
            row.cduCapacityW.push_back(unit->cdu->capacityKw * calc::wattsPerKw);
            row.cdus.push_back(EntityRef::of(rack.id));
            continue;
        }
        const Cooling cooling = context.rackCooling(rack);
        for (DeviceId id : context.devicesInRack(rack.id)) {
            const Part *part = context.part(id);
            if (!part)
                continue;
            if (part->cdu) {
                row.cduCapacityW.push_back(part->cdu->capacityKw * calc::wattsPerKw);
                row.cdus.push_back(EntityRef::of(id));
            } else if (carriesLiquid(*part, cooling)) {
                row.liquidW += part->maxPowerW;
                row.liquidParts.push_back(EntityRef::of(id));
            }
        }
    }
    return rows;
}

std::string rowName(const RuleContext &context, RowId id)
{
    const Row *row = context.design().row(id);
    return row ? row->name : "row " + std::to_string(id.value);
}

void cduCapacity(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    for (const auto &[id, row] : rowCooling(context)) {
        if (row.liquidW <= 0 || row.cdus.empty())
            continue; // no CDU at all: cooling.liquid-without-cdu
        double capacityW = 0;
        for (double w : row.cduCapacityW)
            capacityW += w;
        if (row.liquidW <= capacityW)
            continue;
        std::vector<EntityRef> entities { EntityRef::of(id) };
        entities.insert(entities.end(), row.cdus.begin(), row.cdus.end());
        out.push_back({ "row " + rowName(context, id) + " carries " + fmt::kw(row.liquidW)
                            + " of liquid heat; its " + std::to_string(row.cdus.size())
                            + " CDU(s) give " + fmt::kw(capacityW),
                        entities,
                        "add CDU capacity (" + fmt::kw(row.liquidW - capacityW)
                            + " short) or move liquid-cooled racks to another row" });
    }
}

void cduRedundancy(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const int spares = context.design().site().cduRedundancy;
    if (spares <= 0)
        return;
    for (const auto &[id, row] : rowCooling(context)) {
        if (row.liquidW <= 0 || row.cdus.empty())
            continue;
        // With the largest `spares` units failed, the rest must still carry the row.
        std::vector<double> units = row.cduCapacityW;
        std::sort(units.begin(), units.end(), std::greater<>());
        double remainingW = 0;
        for (std::size_t i = static_cast<std::size_t>(spares); i < units.size(); ++i)
            remainingW += units[i];
        if (row.liquidW <= remainingW)
            continue;
        std::vector<EntityRef> entities { EntityRef::of(id) };
        entities.insert(entities.end(), row.cdus.begin(), row.cdus.end());
        out.push_back({ "row " + rowName(context, id) + " carries " + fmt::kw(row.liquidW)
                            + " of liquid heat; with " + std::to_string(spares) + " of its "
                            + std::to_string(units.size()) + " CDU(s) failed the rest give "
                            + fmt::kw(remainingW) + " (the site asks for N+"
                            + std::to_string(spares) + ")",
                        entities,
                        "add a CDU to the row, or lower site.cduRedundancy if the facility "
                        "accepts less redundancy" });
    }
}

void liquidWithoutCdu(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const Site &site = context.design().site();
    for (const auto &[id, row] : rowCooling(context)) {
        if (row.liquidParts.empty())
            continue;
        const Row *entity = context.design().row(id);
        const std::optional<HallCooling> supply
            = entity ? coolingOfRow(site, *entity) : std::nullopt;
        std::string why;
        if (supply && *supply != HallCooling::Liquid)
            why = "its hall gives it " + std::string(toString(*supply))
                + " cooling, no facility water for CDUs";
        else if (row.cdus.empty())
            why = "no CDU supplies the row";
        if (why.empty())
            continue;
        std::vector<EntityRef> entities { EntityRef::of(id) };
        entities.insert(entities.end(), row.liquidParts.begin(), row.liquidParts.end());
        out.push_back({ std::to_string(row.liquidParts.size()) + " liquid-cooled part(s) ("
                            + fmt::kw(row.liquidW) + ") in row " + rowName(context, id) + ": "
                            + why,
                        entities,
                        "place CDUs in the row (a row with direct liquid cooling) or move the "
                        "liquid-cooled racks there" });
    }
}

void hallPosition(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const Rack *rack = context.design().rack(RackId { subject.id });
    const Row *row = context.design().row(rack->row);
    const Hall *hall = row ? hallOfRow(context.design().site(), *row) : nullptr;
    if (!hall)
        return;
    if (row->index < hall->rows && rack->position < hall->positionsPerRow)
        return;
    out.push_back({ "rack " + rack->name + " stands at row " + std::to_string(row->index + 1)
                        + ", position " + std::to_string(rack->position + 1) + " of hall "
                        + hall->name + ", which has " + std::to_string(hall->rows) + " rows of "
                        + std::to_string(hall->positionsPerRow) + " positions",
                    { subject },
                    "move the rack to a position of the hall" });
}

} // namespace

void addCduRules(RuleList &rules)
{
    // DeviceName: the violations list the CDUs and liquid parts, whose names the engine shows.
    // DeviceRack, not Placement: a row's sums do not depend on where in a rack a part sits.
    const Inputs reads
        = input::RackSpec | input::DeviceRack | input::DeviceSpec | input::DeviceName | input::Site;
    add(rules,
        { "cooling.cdu-capacity", "Liquid heat of a row above its CDUs' capacity", "cooling",
          Severity::Error, RuleScope::Design, reads },
        &cduCapacity);
    add(rules,
        { "cooling.cdu-redundancy", "Row CDUs without the site's spare units (N+1 by default)",
          "cooling", Severity::Error, RuleScope::Design, reads },
        &cduRedundancy);
    add(rules,
        { "cooling.liquid-without-cdu", "Liquid-cooled part in a row without CDU supply", "cooling",
          Severity::Error, RuleScope::Design, reads },
        &liquidWithoutCdu);
    add(rules,
        { "space.hall-position", "Rack outside its hall's rows and positions", "space",
          Severity::Error, RuleScope::Rack, input::RackSpec | input::Site },
        &hallPosition);
}

} // namespace cw::rules

#include "exporters/report/ReportData.h"

#include "calculators/Units.h"
#include "exporters/report/RackFigures.h"
#include "model/catalog/Catalog.h"
#include "model/io/SchemaVersion.h"
#include "model/validation/DesignIndex.h"
#include "model/validation/RuleContext.h"

#include <exception>
#include <map>
#include <tuple>

namespace cw::report {
namespace {

/// Heat of `kw` through the power calculator, whose BTU/h and tons are those of its IT load
/// (calculators/Power.h: NIST SP 811 conversions). PUE 1 keeps the calculator's input valid;
/// only the heat figures are used.
HeatFigures heatOf(double kw)
{
    HeatFigures heat;
    heat.kw = kw;
    if (kw <= 0)
        return heat;
    try {
        const calc::PowerResult result = calc::power({ kw, 1.0 });
        heat.btuPerHour = result.btuPerHour;
        heat.coolingTons = result.coolingTons;
    } catch (const std::exception &) {
        // Cannot happen for kw > 0 and PUE 1; the figures stay 0 rather than crash.
    }
    return heat;
}

std::vector<WaiverInForce> waiversInForce(const ValidationResult &validation)
{
    std::map<std::pair<std::string, std::string>, int> counts;
    for (const Violation &violation : validation.violations)
        if (violation.waived)
            ++counts[{ violation.ruleKey, violation.waiverReason }];
    std::vector<WaiverInForce> out;
    for (const auto &[key, count] : counts)
        out.push_back({ key.first, key.second, count });
    return out;
}

} // namespace

double floorLoadKgPerM2(const RackFigures &rack)
{
    const double areaM2 = rack.widthM * rack.depthM;
    return areaM2 > 0 ? (rack.equipmentKg + rack.cabinetKg) / areaM2 : 0;
}

ReportData gatherReportData(const Design &design, const Catalog &catalog, const std::string &date)
{
    ReportData data;
    data.designName = design.name();
    data.date = date;
    data.schemaVersion = kDesignSchemaVersion;
    data.generator = generatorName();
    data.site = design.site();

    // What `clusterwright-cli info` prints.
    data.summary = summarize(design, catalog);

    // Facility power at the design's PUE (the `calc power` calculator).
    try {
        data.facility = calc::power({ data.summary.itPowerKw, data.site.pue });
    } catch (const std::exception &error) {
        data.facilityNote = error.what();
    }

    // The validation rules' own lookups for per-rack loads and the air/liquid heat split.
    DesignIndex index;
    index.rebuild(design, catalog);
    const RuleContext context(design, catalog, index);
    const DesignTotals &totals = context.totals();
    data.airHeat = heatOf(totals.airHeatW / calc::wattsPerKw);
    data.liquidHeat = heatOf(totals.liquidHeatW / calc::wattsPerKw);
    if (data.liquidHeat.kw > 0) {
        try {
            calc::CoolantFlowInput input;
            input.heatKw = data.liquidHeat.kw;
            input.deltaTK = data.site.coolantDeltaTK;
            data.coolant = calc::coolantFlow(input);
        } catch (const std::exception &error) {
            data.coolantNote = error.what();
        }
    } else {
        data.coolantNote = "no liquid-cooled load";
    }
    for (const Device &device : design.devices())
        if (const Part *part = index.part(device.id); part && part->cdu) {
            ++data.cdus;
            data.cduCapacityKw += part->cdu->capacityKw;
            data.cduFlowLpm += part->cdu->flowLpm;
        }
    // Floor-standing CDUs take a rack position of their own (the generators' in-row CDUs).
    for (const Rack &rack : design.racks())
        if (const Part *part = catalog.find(rack.catalogType); part && part->cdu) {
            ++data.cdus;
            data.cduCapacityKw += part->cdu->capacityKw;
            data.cduFlowLpm += part->cdu->flowLpm;
        }

    data.racks = gatherRackFigures(context);
    data.rows = gatherRowFigures(design, data.racks);
    for (const RackFigures &rack : data.racks) {
        data.totalWeightKg += rack.equipmentKg + rack.cabinetKg;
        const double load = floorLoadKgPerM2(rack);
        if (load > data.maxFloorLoadKgPerM2) {
            data.maxFloorLoadKgPerM2 = load;
            data.heaviestRack = rack.name;
        }
    }

    // What `clusterwright-cli validate` reports, with the cover's date as "today" for waiver
    // expiry.
    data.validation = validateDesign(design, catalog, date);
    data.waiversInForce = waiversInForce(data.validation);

    // The cabling and BOM exporters' own figures.
    if (auto plan = cabling::buildCablePlan(design, catalog))
        data.cabling = std::move(plan).value();
    else
        data.cablingError = plan.error().message;
    if (auto bom = bom::computeBom(design, catalog))
        data.bom = std::move(bom).value();
    else
        data.bomError = bom.error().message;
    return data;
}

} // namespace cw::report

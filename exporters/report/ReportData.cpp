#include "exporters/report/ReportData.h"

#include "model/failure/FailureSweep.h"
#include "model/failure/WhatIf.h"

#include <unordered_map>

#include "calculators/Units.h"
#include "exporters/report/RackFigures.h"
#include "model/catalog/Catalog.h"
#include "model/io/SchemaVersion.h"
#include "model/validation/DesignIndex.h"
#include "model/validation/RuleContext.h"

#include <algorithm>
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

namespace {

/// The failure-domain table: every feed, PDU, CDU and row failed alone, ranked as whatif ranks
/// them; only the rows shown get their bisection solved (sweepWorstFailuresBounded).
void gatherFailureDomains(const Design &design, const Catalog &catalog, ReportData &data)
{
    WhatIfOptions options;
    options.analysis.randomPartitions = 0; // halves and interleaved, as the CLI's sweep
    auto model = FailureModel::build(design, catalog, options);
    if (!model) {
        data.failureError = model.error().message;
        return;
    }
    const auto domains = enumerateDomains(
        design, { DomainKind::Feed, DomainKind::Pdu, DomainKind::Cdu, DomainKind::Row }, &catalog);
    data.failureDomainCount = static_cast<int>(domains.size());
    WorstFailures sweep = sweepWorstFailuresBounded(model.value(), domains, kFailureTableRows,
                                                    kFailureDomainsSolved);
    data.failureTiesUnsolved = sweep.tiesUnsolved;
    data.failureTiedGpusLost = sweep.tiedGpusLost;
    const std::vector<SweepEntry> &entries = sweep.entries;
    for (const SweepEntry &entry : entries) {
        const WhatIfReport &r = entry.report;
        data.failureDomains.push_back(
            { r.failures.front(), r.gpusLost, static_cast<int>(r.devicesOff.size()),
              static_cast<int>(r.devicesCapped.size()), static_cast<int>(r.pdusOverloaded.size()),
              entry.bisectionLostGbps, r.largestJobNodes, r.verdict });
    }
    if (entries.empty())
        return;
    // The figure: which racks the worst one darkens or caps.
    const WhatIfReport &worst = entries.front().report;
    FailureFigure figure { worst.failures.front(), std::vector<int>(data.racks.size(), 0) };
    std::unordered_map<std::string, int> state;
    for (const std::string &name : worst.devicesOff)
        state[name] = 2;
    for (const CappedDevice &device : worst.devicesCapped)
        state.emplace(device.name, 1);
    for (std::size_t i = 0; i < data.racks.size(); ++i)
        for (const MountedDevice &device : data.racks[i].devices)
            if (auto it = state.find(device.name); it != state.end())
                figure.rackState[i] = std::max(figure.rackState[i], it->second);
    data.worstFailure = std::move(figure);
}

} // namespace

bool validationUsableOn(const Design &design, const std::string &validatedOn,
                        const std::string &date)
{
    if (validatedOn.empty())
        return false;
    // ValidationEngine::readSettings: a waiver is stale once `expires < today` (ISO dates
    // compare as text).
    for (const Waiver &waiver : design.waivers())
        if (!waiver.expires.empty() && (waiver.expires < validatedOn) != (waiver.expires < date))
            return false;
    return true;
}

ReportData gatherReportData(const Design &design, const Catalog &catalog, const std::string &date,
                            const ValidationResult *validated)
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

    // The validation rules' own lookups for per-rack loads and the air/liquid heat split;
    // without update()'s copies of every device and link (the report never edits: a copy of
    // 522,000 links and its teardown were 0.11 s of a 16,384-node report).
    DesignIndex index;
    index.rebuild(design, catalog, DesignIndex::Memory::RulesOnly);
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
        data.unweighedDevices += rack.unweighedDevices;
        const double load = floorLoadKgPerM2(rack);
        if (load > data.maxFloorLoadKgPerM2) {
            data.maxFloorLoadKgPerM2 = load;
            data.heaviestRack = rack.name;
        }
    }
    if (data.unweighedDevices > 0) {
        for (const Device &device : design.devices())
            if (const Part *part = index.part(device.id); part && part->weightKg <= 0)
                data.unweighedParts.push_back(part->id);
        std::sort(data.unweighedParts.begin(), data.unweighedParts.end());
        data.unweighedParts.erase(
            std::unique(data.unweighedParts.begin(), data.unweighedParts.end()),
            data.unweighedParts.end());
    }

    // What `clusterwright-cli validate` reports, with the cover's date as "today" for waiver
    // expiry: the caller's run when it has one (the CLI's gate), a second full validation
    // otherwise. The caller's is aliased, not copied (1.2 million violations at 131k nodes).
    if (validated)
        data.validation
            = std::shared_ptr<const ValidationResult>(std::shared_ptr<void>(), validated);
    else
        data.validation
            = std::make_shared<const ValidationResult>(validateDesign(design, catalog, date));
    data.waiversInForce = waiversInForce(*data.validation);

    // The cabling and BOM exporters' own figures.
    // One counting pass serves both (no row text: the report shows totals and the summary).
    if (auto plan
        = cabling::buildCablePlan(design, catalog, cabling::CablePlanDetail::CountsOnly)) {
        data.cabling = std::move(plan).value();
        data.bom = bom::computeBom(design, catalog, *data.cabling);
    } else {
        data.cablingError = plan.error().message;
        data.bomError = "bill of materials: " + plan.error().message;
    }
    gatherFailureDomains(design, catalog, data);
    return data;
}

} // namespace cw::report

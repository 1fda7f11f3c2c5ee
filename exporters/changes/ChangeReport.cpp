#include "exporters/changes/ChangeReport.h"

#include "model/catalog/Catalog.h"
#include "model/change/DesignChangeSet.h"
#include "model/core/Design.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/quantities/BillOfMaterials.h"
#include "model/quantities/CablePlan.h"
#include "model/summary/DesignSummary.h"
#include "model/validation/ValidationEngine.h"

#include <algorithm>
#include <cmath>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace cw::changes {
namespace {

/// A line item: category, part number and spare flag (descriptions can carry counts).
using BomKey = std::tuple<std::string, std::string, bool>;

BomDelta bomDelta(const bom::Bom &before, const bom::Bom &after)
{
    // Ordered by the key's first member, the category name; the file lists categories in
    // bom::categoryOrder(), so sort by that afterwards.
    std::map<BomKey, BomDeltaLine> lines;
    for (const bom::BomLine &l : before.lines) {
        BomDeltaLine &d = lines[{ l.category, l.partNumber, l.spare }];
        d.category = l.category, d.partNumber = l.partNumber, d.description = l.description;
        d.spare = l.spare;
        d.oldQuantity += l.quantity;
        d.oldUsd += l.extendedUsd;
    }
    for (const bom::BomLine &l : after.lines) {
        BomDeltaLine &d = lines[{ l.category, l.partNumber, l.spare }];
        d.category = l.category, d.partNumber = l.partNumber, d.description = l.description;
        d.spare = l.spare;
        d.newQuantity += l.quantity;
        d.newUsd += l.extendedUsd;
    }
    std::unordered_map<std::string, std::size_t> rank;
    for (const std::string &c : bom::categoryOrder())
        rank.emplace(c, rank.size());
    BomDelta delta;
    delta.oldTotalUsd = before.grandTotalUsd;
    delta.newTotalUsd = after.grandTotalUsd;
    for (auto &[key, line] : lines)
        if (line.oldQuantity != line.newQuantity || std::abs(line.oldUsd - line.newUsd) > 0.005)
            delta.lines.push_back(line);
    std::stable_sort(delta.lines.begin(), delta.lines.end(), [&](const auto &a, const auto &b) {
        return rank[a.category] < rank[b.category];
    });
    return delta;
}

std::string violationKey(const Violation &v)
{
    std::string key = v.ruleKey;
    for (const std::string &name : v.names)
        key += "\x1f" + name;
    return key;
}

ValidationDelta validationDelta(const ValidationResult &before, const ValidationResult &after)
{
    ValidationDelta delta;
    delta.oldErrors = before.errors, delta.newErrors = after.errors;
    delta.oldWarnings = before.warnings, delta.newWarnings = after.warnings;
    std::unordered_map<std::string, int> oldKeys, newKeys;
    for (const Violation &v : before.violations)
        if (!v.waived)
            ++oldKeys[violationKey(v)];
    for (const Violation &v : after.violations)
        if (!v.waived)
            ++newKeys[violationKey(v)];
    for (const Violation &v : after.violations)
        if (!v.waived && oldKeys[violationKey(v)]-- <= 0)
            delta.introduced.push_back(v);
    for (const Violation &v : before.violations)
        if (!v.waived && newKeys[violationKey(v)]-- <= 0)
            delta.fixed.push_back(v);
    return delta;
}

DesignFigures figures(const Design &design, const Catalog &catalog, bool bisection)
{
    const DesignSummary summary = summarize(design, catalog);
    DesignFigures f;
    f.itPowerKw = summary.itPowerKw;
    f.itTypicalPowerKw = summary.itTypicalPowerKw;
    f.facilityPowerKw = summary.itPowerKw * design.site().pue;
    f.heatKw = summary.itPowerKw;
    f.gpus = summary.gpus;
    if (!bisection)
        return f;
    AnalysisOptions options;
    options.randomPartitions = 0; // halves and interleaved: the same splits for both designs
    for (const Fabric &fabric : design.fabrics()) {
        if (fabric.purpose != FabricPurpose::Compute)
            continue;
        auto graph = buildFabricGraph(design, catalog, fabric.id);
        if (!graph)
            continue;
        const FabricReport report = analyzeFabric(*graph, options);
        f.bisection.push_back({ fabric.name, report.bisectionGbps, report.ratio });
    }
    return f;
}

/// What the report needs of one design: the cabling plan (rows, for the work order; its
/// counts make the BOM, so the plan is built once), the BOM and the figures.
struct Side
{
    std::optional<cabling::CablePlan> plan;
    std::string error; ///< why the plan could not be built ("bill of materials: ...")
    bom::Bom bom;
    DesignFigures figures;
};

Side analyzeSide(const Design &design, const Catalog &catalog, const ChangeReportOptions &options)
{
    Side side;
    auto plan = cabling::buildCablePlan(design, catalog, cabling::CablePlanDetail::Rows);
    if (!plan) {
        // The message bom::computeBom gives, which the report returned before.
        side.error = "bill of materials: " + plan.error().message;
        return side;
    }
    side.plan = std::move(plan).value();
    side.bom = bom::computeBom(design, catalog, *side.plan);
    side.figures = figures(design, catalog, options.bisection);
    return side;
}

/// Both designs' validation with one engine: a full run of the old design, then the new one
/// re-checked incrementally for what differs (change::changeSetBetween: every field, matched
/// by id), which the engine guarantees equals a full run of it.
std::pair<ValidationResult, ValidationResult> validateBoth(const Design &oldDesign,
                                                           const Design &newDesign,
                                                           const Catalog &catalog,
                                                           const std::string &today)
{
    ValidationEngine engine(catalog);
    engine.setToday(today);
    ValidationResult before = engine.runFull(oldDesign);
    ValidationResult after
        = engine.runIncremental(newDesign, change::changeSetBetween(oldDesign, newDesign));
    return { std::move(before), std::move(after) };
}

} // namespace

Result<ChangeReport> buildChangeReport(const Design &oldDesign, const Design &newDesign,
                                       const Catalog &catalog, const ChangeReportOptions &options)
{
    // The validations run on a thread of their own while this one builds both cabling plans,
    // BOMs and figures: each only reads the designs and the const catalog.
    auto validations
        = std::async(std::launch::async, validateBoth, std::cref(oldDesign), std::cref(newDesign),
                     std::cref(catalog), std::cref(options.today));
    ChangeReport report;
    report.oldName = oldDesign.name();
    report.newName = newDesign.name();
    report.diff = change::diffDesigns(oldDesign, newDesign, &catalog);
    Side before = analyzeSide(oldDesign, catalog, options);
    Side after = analyzeSide(newDesign, catalog, options);
    const auto [oldValidation, newValidation] = validations.get();
    if (!before.plan)
        return Error { "old design: " + before.error };
    if (!after.plan)
        return Error { "new design: " + after.error };
    report.bom = bomDelta(before.bom, after.bom);
    report.workOrder = buildWorkOrder(oldDesign, newDesign, *before.plan, *after.plan, report.diff);
    report.validation = validationDelta(oldValidation, newValidation);
    report.before = std::move(before.figures);
    report.after = std::move(after.figures);
    return report;
}

} // namespace cw::changes

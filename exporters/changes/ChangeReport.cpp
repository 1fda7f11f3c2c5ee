#include "exporters/changes/ChangeReport.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/quantities/BillOfMaterials.h"
#include "model/summary/DesignSummary.h"
#include "model/validation/ValidationEngine.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>

namespace cw::changes {
namespace {

/// A line item: category, part number and spare flag (descriptions can carry counts).
using BomKey = std::tuple<std::string, std::string, bool>;

Result<BomDelta> bomDelta(const Design &oldDesign, const Design &newDesign, const Catalog &catalog)
{
    auto before = bom::computeBom(oldDesign, catalog);
    if (!before)
        return Error { "old design: " + before.error().message };
    auto after = bom::computeBom(newDesign, catalog);
    if (!after)
        return Error { "new design: " + after.error().message };
    // Ordered by the key's first member, the category name; the file lists categories in
    // bom::categoryOrder(), so sort by that afterwards.
    std::map<BomKey, BomDeltaLine> lines;
    for (const bom::BomLine &l : before->lines) {
        BomDeltaLine &d = lines[{ l.category, l.partNumber, l.spare }];
        d.category = l.category, d.partNumber = l.partNumber, d.description = l.description;
        d.spare = l.spare;
        d.oldQuantity += l.quantity;
        d.oldUsd += l.extendedUsd;
    }
    for (const bom::BomLine &l : after->lines) {
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
    delta.oldTotalUsd = before->grandTotalUsd;
    delta.newTotalUsd = after->grandTotalUsd;
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

} // namespace

Result<ChangeReport> buildChangeReport(const Design &oldDesign, const Design &newDesign,
                                       const Catalog &catalog, const ChangeReportOptions &options)
{
    ChangeReport report;
    report.oldName = oldDesign.name();
    report.newName = newDesign.name();
    report.diff = change::diffDesigns(oldDesign, newDesign, &catalog);
    auto bom = bomDelta(oldDesign, newDesign, catalog);
    if (!bom)
        return bom.error();
    report.bom = std::move(bom).value();
    auto order = buildWorkOrder(oldDesign, newDesign, catalog, report.diff);
    if (!order)
        return order.error();
    report.workOrder = std::move(order).value();
    report.validation = validationDelta(validateDesign(oldDesign, catalog, options.today),
                                        validateDesign(newDesign, catalog, options.today));
    report.before = figures(oldDesign, catalog, options.bisection);
    report.after = figures(newDesign, catalog, options.bisection);
    return report;
}

} // namespace cw::changes

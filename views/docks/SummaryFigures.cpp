#include "views/docks/SummaryFigures.h"

#include "calculators/Cost.h"
#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/summary/DesignSummary.h"
#include "model/validation/DesignIndex.h"
#include "model/validation/RuleContext.h"

namespace cw {

SummaryFigures computeSummaryFigures(const Design &design, const Catalog &catalog)
{
    SummaryFigures figures;
    const DesignSummary summary = summarize(design, catalog);
    figures.racks = summary.racks;
    figures.nodes = summary.nodes;
    figures.gpus = summary.gpus;
    figures.switches = summary.switches;
    figures.links = summary.links;
    figures.itKw = summary.itPowerKw;
    figures.pue = design.site().pue;
    figures.facilityKw = figures.itKw * figures.pue;

    // The heat split is the cooling rules' own (liquid-only parts, hybrid parts in liquid
    // racks), so the dock never disagrees with cooling.site-capacity. Only the sums are read:
    // no copies of the devices and links (at 16k nodes most of this count's time, on a worker
    // that shares the machine with the open and every edit's recount).
    DesignIndex index;
    index.rebuild(design, catalog, DesignIndex::Memory::RulesOnly);
    const RuleContext context(design, catalog, index);
    figures.airHeatKw = context.totals().airHeatW / calc::wattsPerKw;
    figures.liquidHeatKw = context.totals().liquidHeatW / calc::wattsPerKw;

    figures.energyUsdPerYear
        = figures.facilityKw * calc::hoursPerYear * design.site().electricityUsdPerKwh;
    return figures;
}

std::vector<FabricBisection> computeBisections(const Design &design, const Catalog &catalog,
                                               int randomPartitions)
{
    std::vector<FabricBisection> result;
    for (const Fabric &fabric : design.fabrics()) {
        FabricBisection entry;
        entry.name = fabric.name;
        auto graph = buildFabricGraph(design, catalog, fabric.id);
        if (!graph) {
            entry.note = graph.error().message;
            result.push_back(entry);
            continue;
        }
        entry.nodes = graph->nodeCount;
        if (graph->nodeCount < 2) {
            entry.note = "no compute nodes";
            result.push_back(entry);
            continue;
        }
        AnalysisOptions options;
        options.randomPartitions = randomPartitions;
        options.threads = 1; // the GUI thread and the validator share the machine
        const FabricReport report = analyzeFabric(graph.value(), options);
        entry.bisectionGbps = report.bisectionGbps;
        entry.fullBisectionGbps = report.fullBisectionGbps;
        entry.ratio = report.ratio;
        result.push_back(entry);
    }
    return result;
}

} // namespace cw

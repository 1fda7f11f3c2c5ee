#pragma once

#include <string>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// Bisection of one fabric (model/fabric analysis, docs/fabric.md partitions).
struct FabricBisection
{
    std::string name;
    int nodes = 0;
    double bisectionGbps = 0;
    double fullBisectionGbps = 0;
    double ratio = 0; ///< bisection / full bisection, 1 = non-blocking
    std::string note; ///< why there is no figure (no compute nodes, graph error)
};

/// The headline figures of the Summary dock. Plain C++ so that tests check them without a
/// window.
struct SummaryFigures
{
    int racks = 0;
    int nodes = 0;
    int gpus = 0;
    int switches = 0;
    int links = 0;
    double itKw = 0; ///< sum of the parts' maximum power
    double pue = 1;
    double facilityKw = 0; ///< itKw x PUE
    double airHeatKw = 0; ///< split as the cooling rules split it (RuleContext::totals)
    double liquidHeatKw = 0;
    double energyUsdPerYear = 0; ///< facility kW x 8760 h x the site's $/kWh
};

/// The counts, power, heat and energy: one pass each, cheap enough for every edit. The cost is
/// not here: it is the bill of materials' grand total (calc::capexFromBom, model/quantities),
/// which counts every cable and optic and so runs on the dock's worker.
SummaryFigures computeSummaryFigures(const Design &design, const Catalog &catalog);
/// Max-flow bisection of every fabric that has compute nodes; the costly part, run on a
/// worker by the dock. `partitions` random splits besides halves and interleaved.
std::vector<FabricBisection> computeBisections(const Design &design, const Catalog &catalog,
                                               int randomPartitions = 0);

} // namespace cw

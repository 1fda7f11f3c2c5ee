// The facilities pack (exporters/report) of a generated fat-tree design of 128 racks
// (`fat-tree` template, nodes=432): figures, PDF, floor plan SVG and the rack SVGs, as
// `export --format report` makes them: BM_ReportPack/0 one SVG per distinct elevation with
// racks/index.csv and racks/devices.csv (the default), /1 one SVG per rack
// (--param report.rack-svgs=each). Target (issue 8): under 10 s. docs/performance.md records
// the figure.
//
//   bench_report [--benchmark_filter=BM_ReportPack]

#include "exporters/Exporter.h"
#include "exporters/report/GuiApplication.h"
#include "exporters/report/ReportData.h"
#include "exporters/report/ReportFormat.h"
#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>

using namespace cw;

namespace {

constexpr int kNodesFor128Racks = 432; // clusterwright-cli generate fat-tree: 128-133 racks

const Design &design128Racks()
{
    static std::unique_ptr<Design> cached;
    if (!cached) {
        auto generated = generateDesign(
            "fat-tree", { { "nodes", std::to_string(kNodesFor128Racks) } }, Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        cached = std::make_unique<Design>(std::move(generated.value().design));
        // 128 racks when the bench was written, 133 with the current generator: the
        // counters below report the count measured.
    }
    return *cached;
}

/// The whole pack, as the exporter produces it for `export --format report`.
void BM_ReportPack(benchmark::State &state)
{
    if (!report::ensureGuiApplication().ok())
        throw std::runtime_error("no QGuiApplication");
    const Design &d = design128Racks();
    const auto exporter = exporters::makeReportExporter();
    std::size_t bytes = 0, files = 0;
    const std::map<std::string, std::string> params {
        { "report.date", "2025-06-30" },
        { "report.rack-svgs", state.range(0) == 0 ? "grouped" : "each" }
    };
    for (auto _ : state) {
        auto result = exporter->run({ d, Catalog::builtin(), params });
        if (!result)
            throw std::runtime_error(result.error().message);
        bytes = 0;
        for (const exporters::ExportedFile &file : result->files) // streamed files made here
            bytes += exporters::fileBytes(file).value().size();
        files = result->files.size();
        benchmark::DoNotOptimize(bytes);
    }
    state.counters["racks"] = static_cast<double>(d.racks().size());
    state.counters["devices"] = static_cast<double>(d.devices().size());
    state.counters["files"] = static_cast<double>(files);
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

/// Only the figures (summary, validation, calculators, cabling plan, BOM), no painting.
void BM_ReportFigures(benchmark::State &state)
{
    const Design &d = design128Racks();
    for (auto _ : state) {
        const report::ReportData data
            = report::gatherReportData(d, Catalog::builtin(), "2025-06-30");
        benchmark::DoNotOptimize(data.racks.size());
    }
}

} // namespace

BENCHMARK(BM_ReportPack)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ReportFigures)->Unit(benchmark::kMillisecond)->Iterations(3);

BENCHMARK_MAIN();

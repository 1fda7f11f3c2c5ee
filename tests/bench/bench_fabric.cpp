// Generate, save, load and analyze fat-tree designs of 128, 2,048 and 16,384 nodes (DGX H100,
// 8 rails; 2, 3 and 3 tiers). docs/performance.md records the figures.
//
//   bench_fabric [--benchmark_filter=.*/16384]

#include "model/catalog/Catalog.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

using namespace cw;

namespace {

std::map<std::string, std::string> parameters(std::int64_t nodes)
{
    return { { "nodes", std::to_string(nodes) } };
}

/// One generated design per size, shared by the save/load/analyze benchmarks.
const Design &design(std::int64_t nodes)
{
    static std::map<std::int64_t, std::unique_ptr<Design>> cache;
    auto &slot = cache[nodes];
    if (!slot) {
        auto generated = generateDesign("fat-tree", parameters(nodes), Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        slot = std::make_unique<Design>(std::move(generated.value().design));
    }
    return *slot;
}

std::filesystem::path fileFor(std::int64_t nodes)
{
    return std::filesystem::temp_directory_path()
        / ("cw-bench-" + std::to_string(nodes) + ".cluster.json");
}

FabricId computeFabric(const Design &d)
{
    for (const Fabric &fabric : d.fabrics())
        if (fabric.purpose == FabricPurpose::Compute)
            return fabric.id;
    throw std::runtime_error("no compute fabric");
}

void setCounters(benchmark::State &state, const Design &d)
{
    state.counters["links"] = static_cast<double>(d.links().size());
    state.counters["devices"] = static_cast<double>(d.devices().size());
}

void BM_Generate(benchmark::State &state)
{
    for (auto _ : state) {
        auto generated = generateDesign("fat-tree", parameters(state.range(0)), Catalog::builtin());
        if (!generated)
            state.SkipWithError(generated.error().message.c_str());
        benchmark::DoNotOptimize(generated);
    }
    setCounters(state, design(state.range(0)));
}

void BM_Save(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    for (auto _ : state) {
        auto saved = saveDesignFile(d, Catalog::builtin(), fileFor(state.range(0)));
        if (!saved)
            state.SkipWithError(saved.error().message.c_str());
    }
    state.counters["bytes"]
        = static_cast<double>(std::filesystem::file_size(fileFor(state.range(0))));
    setCounters(state, d);
}

void BM_Load(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    if (!std::filesystem::exists(fileFor(state.range(0))))
        (void)saveDesignFile(d, Catalog::builtin(), fileFor(state.range(0)));
    // The loaded design is freed after the timed loop (one iteration): load time, not free.
    std::optional<Result<LoadedDesign>> loaded;
    for (auto _ : state) {
        loaded.emplace(loadDesignFile(fileFor(state.range(0)), Catalog::builtin()));
        if (!*loaded)
            state.SkipWithError(loaded->error().message.c_str());
        benchmark::DoNotOptimize(loaded);
    }
    setCounters(state, d);
}

/// Save without the file: the canonical text in memory (the rest of BM_Save is write + fsync).
void BM_Serialize(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    std::size_t bytes = 0;
    for (auto _ : state) {
        const std::string text = serializeDesign(d, Catalog::builtin());
        bytes = text.size();
        benchmark::DoNotOptimize(text);
    }
    state.counters["bytes"] = static_cast<double>(bytes);
    setCounters(state, d);
}

/// Load without the file: parse the text already in memory into a Design.
void BM_Parse(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    const std::string text = serializeDesign(d, Catalog::builtin());
    std::optional<Result<LoadedDesign>> loaded; // freed after the timed loop, as in BM_Load
    for (auto _ : state) {
        loaded.emplace(parseDesign(text, Catalog::builtin()));
        if (!*loaded)
            state.SkipWithError(loaded->error().message.c_str());
        benchmark::DoNotOptimize(loaded);
    }
    setCounters(state, d);
}

/// The whole analysis of the compute fabric: flow graph, counts, six max-flows.
void BM_Analyze(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    const FabricId fabric = computeFabric(d);
    double ratio = 0;
    for (auto _ : state) {
        auto graph = buildFabricGraph(d, Catalog::builtin(), fabric);
        const FabricReport report = analyzeFabric(*graph);
        ratio = report.ratio;
        benchmark::DoNotOptimize(report);
    }
    state.counters["ratio"] = ratio;
    setCounters(state, d);
}

/// Only the flow graph (no max-flow), to split the analysis cost.
void BM_BuildGraph(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    const FabricId fabric = computeFabric(d);
    for (auto _ : state) {
        auto graph = buildFabricGraph(d, Catalog::builtin(), fabric);
        benchmark::DoNotOptimize(graph);
    }
    setCounters(state, d);
}

/// The baseline: one plain pass over the links of the compute fabric.
void BM_LinkPass(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    const FabricId fabric = computeFabric(d);
    for (auto _ : state) {
        double lengthM = 0;
        for (const Link &link : d.links())
            if (link.fabric == fabric)
                lengthM += link.lengthM;
        benchmark::DoNotOptimize(lengthM);
    }
    setCounters(state, d);
}

void sizes(benchmark::internal::Benchmark *b)
{
    b->Unit(benchmark::kMillisecond)->UseRealTime();
    b->Arg(128)->Arg(2048)->Arg(16384);
}

} // namespace

BENCHMARK(BM_Generate)->Apply(sizes)->Iterations(1);
BENCHMARK(BM_Save)->Apply(sizes)->Iterations(1);
BENCHMARK(BM_Load)->Apply(sizes)->Iterations(1);
BENCHMARK(BM_Serialize)->Apply(sizes)->Iterations(1);
BENCHMARK(BM_Parse)->Apply(sizes)->Iterations(1);
BENCHMARK(BM_BuildGraph)->Apply(sizes)->Iterations(3);
BENCHMARK(BM_Analyze)->Apply(sizes)->Iterations(1);
BENCHMARK(BM_LinkPass)->Apply(sizes)->Iterations(10);

BENCHMARK_MAIN();

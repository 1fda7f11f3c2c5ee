// N-1 failure sweep (docs/failure-domains.md) over every feed, PDU, row, rack and switch of the
// generated fat-tree designs of 2,048 and 16,384 nodes (DGX H100, 8 rails). docs/performance.md
// ("Failure sweep") records the figures.
//
//   bench_failure [--benchmark_filter=.*/2048]

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/failure/FailureSweep.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <stdexcept>

using namespace cw;

namespace {

const Design &design(std::int64_t nodes)
{
    static std::map<std::int64_t, std::unique_ptr<Design>> cache;
    auto &slot = cache[nodes];
    if (!slot) {
        auto generated = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } },
                                        Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        slot = std::make_unique<Design>(std::move(generated.value().design));
    }
    return *slot;
}

/// The sweep `whatif --sweep N-1` runs: halves and interleaved partitions; `warm`: failures
/// that leave every node up start their max-flow from the unfailed flow (the default).
WhatIfOptions sweepOptions(int threads, bool warm = true)
{
    WhatIfOptions options;
    options.analysis.randomPartitions = 0;
    options.analysis.threads = threads;
    options.warmStart = warm;
    return options;
}

const std::set<DomainKind> kKinds { DomainKind::Feed, DomainKind::Pdu, DomainKind::Row,
                                    DomainKind::Rack, DomainKind::Switch };

void BM_BuildFailureModel(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    for (auto _ : state) {
        auto model = FailureModel::build(d, Catalog::builtin(), sweepOptions(0));
        if (!model)
            state.SkipWithError(model.error().message.c_str());
        benchmark::DoNotOptimize(model);
    }
}

/// range(0) nodes, range(1) threads (0 = one per hardware thread), range(2) 1 = warm start,
/// 0 = every max-flow from zero (as before WarmFlow).
void BM_SweepN1(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    const WhatIfOptions options
        = sweepOptions(static_cast<int>(state.range(1)), state.range(2) != 0);
    auto model = FailureModel::build(d, Catalog::builtin(), options);
    if (!model) {
        state.SkipWithError(model.error().message.c_str());
        return;
    }
    const std::vector<FailureDomain> domains = enumerateDomains(d, kKinds);
    for (auto _ : state) {
        auto entries = sweepSingleFailures(*model, domains, options.analysis.threads);
        benchmark::DoNotOptimize(entries);
    }
    state.counters["domains"] = static_cast<double>(domains.size());
}

} // namespace

BENCHMARK(BM_BuildFailureModel)
    ->Arg(2048)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_SweepN1)
    ->Args({ 2048, 1, 0 })
    ->Args({ 2048, 1, 1 })
    ->Args({ 2048, 0, 1 })
    ->Args({ 16384, 1, 1 })
    ->Args({ 16384, 0, 1 })
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

BENCHMARK_MAIN();

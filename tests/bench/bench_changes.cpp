// Change control at scale (issue 17): the semantic diff of two 16,384-node designs and the
// as-built comparison of a 16,384-node InfiniBand fabric, both linear. Target: a few seconds.
// docs/performance.md records the figures.
//
//   bench_changes [--benchmark_filter=.*/16384]

#include "exporters/changes/IbEndpoints.h"
#include "exporters/switch/IbnetTopology.h"
#include "model/asbuilt/AsBuiltCompare.h"
#include "model/catalog/Catalog.h"
#include "model/change/DesignDiff.h"
#include "model/fabric/Templates.h"

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
        auto generated = generateDesign(
            "fat-tree", { { "nodes", std::to_string(nodes) }, { "storage", "none" } },
            Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        slot = std::make_unique<Design>(std::move(generated.value().design));
    }
    return *slot;
}

/// The design with every 100th device moved up one U and every 50th link removed.
Design edited(const Design &d)
{
    Design e = d;
    std::size_t i = 0;
    for (const Device &device : d.devices())
        if (i++ % 100 == 0) {
            Device moved = device;
            moved.uPosition += 1;
            e.updateDevice(moved);
        }
    i = 0;
    for (const Link &link : d.links())
        if (i++ % 50 == 0)
            e.removeLink(link.id);
    return e;
}

void BM_DiffDesigns(benchmark::State &state)
{
    const Design &before = design(state.range(0));
    const Design after = edited(before);
    std::size_t changes = 0;
    for (auto _ : state) {
        const change::DesignDiff diff = change::diffDesigns(before, after, &Catalog::builtin());
        changes = diff.changes.size();
        benchmark::DoNotOptimize(changes);
    }
    state.counters["devices"] = static_cast<double>(before.devices().size());
    state.counters["links"] = static_cast<double>(before.links().size());
    state.counters["changes"] = static_cast<double>(changes);
}

/// Parse an ibnetdiscover-format listing of the compute fabric with every 50th link removed
/// and compare it with the design.
void BM_AsBuiltCompare(benchmark::State &state)
{
    const Design &d = design(state.range(0));
    const Design built = edited(d);
    const Fabric *fabric = nullptr;
    for (const Fabric &f : built.fabrics())
        if (f.technology == Technology::InfiniBand && f.purpose == FabricPurpose::Compute)
            fabric = &f;
    auto ib = exporters::ib::buildIbFabric(built, Catalog::builtin(), *fabric);
    if (!ib)
        throw std::runtime_error(ib.error().message);
    const std::string text = exporters::ib::ibnetTopologyText(built, *ib);
    // The listing says 4xHDR for NDR links (written for ibsim 0.10, which stops at HDR).
    asbuilt::CompareOptions options;
    options.laneCapGbps = asbuilt::laneGbps("HDR");
    std::size_t findings = 0;
    for (auto _ : state) {
        auto observed = asbuilt::parseIbnetdiscover(text, "bench");
        auto expectation = changes::ibExpectation(d, Catalog::builtin(), fabric->name, *observed);
        const auto report = asbuilt::compareAsBuilt(d, Catalog::builtin(), expectation->links,
                                                    expectation->endpoints, *observed, options);
        findings = report.findings.size();
        benchmark::DoNotOptimize(findings);
    }
    state.counters["links"] = static_cast<double>(ib->links.size());
    state.counters["findings"] = static_cast<double>(findings);
}

} // namespace

BENCHMARK(BM_DiffDesigns)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_AsBuiltCompare)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_MAIN();

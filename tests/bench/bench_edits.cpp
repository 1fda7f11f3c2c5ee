// Removing one rack of a generated fat-tree design (the fabric generator's "fat-tree"
// template) and putting it back, at 2,048, 4,096 and 16,384 DGX H100 nodes: the cost must
// follow the rack (its devices and their links), plus at most one pass over each table, not
// a pass over the link table per link. BM_RemoveRack is Design::removeRack (each table
// erased once, Design::removeMany); BM_RemoveRackLinkByLink removes the rack's links one
// removeLink at a time first, each moving the rest of the link table, as removeDevice did
// before the batch erase. BM_RestoreRack puts the rack back as an undo does, its links with
// one addLinks; BM_RestoreRackLinkByLink with an addLink each. docs/performance.md records
// the figures.
//
//   bench_edits [--benchmark_filter=.*/16384]

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>

using namespace cw;

namespace {

/// One generated design per size, kept for the whole run.
const Design &designFor(std::int64_t nodes)
{
    static std::map<std::int64_t, std::unique_ptr<Design>> designs;
    auto &design = designs[nodes];
    if (!design) {
        auto generated = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } },
                                        Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        design = std::make_unique<Design>(std::move(generated->design));
    }
    return *design;
}

/// The compute rack halfway through the rack table (a rack of DGX nodes and their links).
RackId middleRack(const Design &design)
{
    const auto &racks = design.racks().items();
    for (std::size_t i = racks.size() / 2; i < racks.size(); ++i)
        if (design.devicesInRack(racks[i].id).size() >= 2)
            return racks[i].id;
    throw std::runtime_error("no rack with devices");
}

/// What an undo of the rack's removal holds: the rack, its devices, their links.
struct RackContents
{
    Rack rack;
    std::vector<Device> devices;
    std::vector<Link> links;
};

RackContents contentsOf(const Design &design, RackId id)
{
    RackContents contents { *design.rack(id), {}, {} };
    std::set<LinkId> links;
    for (DeviceId device : design.devicesInRack(id)) {
        contents.devices.push_back(*design.device(device));
        links.insert(design.linksOfDevice(device).begin(), design.linksOfDevice(device).end());
    }
    for (LinkId link : links)
        contents.links.push_back(*design.link(link));
    return contents;
}

void counters(benchmark::State &state, const Design &design, const RackContents &contents)
{
    state.counters["links"] = static_cast<double>(design.links().size());
    state.counters["rackLinks"] = static_cast<double>(contents.links.size());
    state.counters["rackDevices"] = static_cast<double>(contents.devices.size());
}

/// Runs `edit` on a fresh copy of the design each iteration; the copy is made and freed
/// outside the timed region.
template<typename Edit>
void timeOnCopies(benchmark::State &state, bool rackRemoved, Edit edit)
{
    const Design &design = designFor(state.range(0));
    const RackId rack = middleRack(design);
    const RackContents contents = contentsOf(design, rack);
    for (auto _ : state) {
        state.PauseTiming();
        auto copy = std::make_unique<Design>(design);
        if (rackRemoved)
            copy->removeRack(rack);
        state.ResumeTiming();
        edit(*copy, contents);
        state.PauseTiming();
        copy.reset();
        state.ResumeTiming();
    }
    counters(state, design, contents);
}

void BM_RemoveRack(benchmark::State &state)
{
    timeOnCopies(state, false, [](Design &design, const RackContents &contents) {
        benchmark::DoNotOptimize(design.removeRack(contents.rack.id));
    });
}

void BM_RemoveRackLinkByLink(benchmark::State &state)
{
    timeOnCopies(state, false, [](Design &design, const RackContents &contents) {
        for (const Link &link : contents.links)
            benchmark::DoNotOptimize(design.removeLink(link.id));
        benchmark::DoNotOptimize(design.removeRack(contents.rack.id));
    });
}

void restoreDevices(Design &design, const RackContents &contents)
{
    design.addRack(contents.rack);
    for (const Device &device : contents.devices)
        design.addDevice(device);
}

void BM_RestoreRack(benchmark::State &state)
{
    timeOnCopies(state, true, [](Design &design, const RackContents &contents) {
        restoreDevices(design, contents);
        benchmark::DoNotOptimize(design.addLinks(contents.links));
    });
}

void BM_RestoreRackLinkByLink(benchmark::State &state)
{
    timeOnCopies(state, true, [](Design &design, const RackContents &contents) {
        restoreDevices(design, contents);
        for (const Link &link : contents.links)
            benchmark::DoNotOptimize(design.addLink(link));
    });
}

void sizes(benchmark::internal::Benchmark *b)
{
    b->Unit(benchmark::kMillisecond)->Arg(2048)->Arg(4096)->Arg(16384)->Iterations(10);
}

} // namespace

BENCHMARK(BM_RemoveRack)->Apply(sizes);
BENCHMARK(BM_RemoveRackLinkByLink)->Apply(sizes);
BENCHMARK(BM_RestoreRack)->Apply(sizes);
BENCHMARK(BM_RestoreRackLinkByLink)->Apply(sizes);
BENCHMARK_MAIN();

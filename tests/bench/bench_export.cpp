// Export families at scale (issue 15): each exporter run on the generated `fat-tree` design
// and every file it produces streamed to a sink that only counts the bytes, as the CLI's
// writer streams them (no disk in the figure). Load and validation are not included: this is
// the exporter's own time. BM_SheetDeflate is the workbooks' deflate alone, on 256 MB of
// sheet-like XML. docs/performance.md records the figures.
//
//   bench_export [--benchmark_filter='.*/16384']

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/cabling/ZipStream.h"
#include "exporters/common/ByteSink.h"
#include "exporters/kubernetes/KubeFiles.h"
#include "model/catalog/Catalog.h"
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
        auto generated = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } },
                                        Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        slot = std::make_unique<Design>(std::move(generated.value().design));
    }
    return *slot;
}

/// Drops the bytes, keeps the count.
class CountingSink final : public exporters::ByteSink
{
protected:
    std::string drain(std::string_view) override { return {}; }
};

void runFamily(benchmark::State &state, std::unique_ptr<exporters::Exporter> exporter)
{
    const Design &d = design(state.range(0));
    std::uint64_t bytes = 0;
    for (auto _ : state) {
        auto result = exporter->run({ d, Catalog::builtin(), {} });
        if (!result) {
            state.SkipWithError(result.error().message.c_str());
            return;
        }
        bytes = 0;
        for (const exporters::ExportedFile &file : result->files) {
            CountingSink sink;
            if (file.stream) {
                if (auto produced = file.stream(sink); !produced) {
                    state.SkipWithError(produced.error().message.c_str());
                    return;
                }
            } else {
                sink.write(file.bytes);
            }
            sink.flush();
            bytes += sink.bytesWritten();
        }
    }
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

void BM_ExportCabling(benchmark::State &state)
{
    runFamily(state, exporters::makeCablingExporter());
}
void BM_ExportBom(benchmark::State &state)
{
    runFamily(state, exporters::makeBomExporter());
}
void BM_ExportNetbox(benchmark::State &state)
{
    runFamily(state, exporters::makeNetboxExporter());
}
void BM_ExportDrawio(benchmark::State &state)
{
    runFamily(state, exporters::makeDrawioExporter());
}

void BM_ExportSwitch(benchmark::State &state)
{
    runFamily(state, exporters::makeSwitchExporter());
}
void BM_ExportGraphMl(benchmark::State &state)
{
    runFamily(state, exporters::makeGraphMlExporter());
}
void BM_ExportKubernetes(benchmark::State &state)
{
    runFamily(state, exporters::makeKubernetesExporter());
}

/// The Volcano HyperNodes alone (kube::volcanoYaml): each leaf's nodes and each spine group's
/// leaves, gathered by a pass over every node per leaf and per group until session 11 (1.45
/// million name comparisons at 8,192 nodes). The complexity fit over 2k-32k nodes reads O(N).
void BM_KubeVolcano(benchmark::State &state)
{
    const Design &generated = design(state.range(0));
    auto topology = kube::collectKubeTopology(generated, Catalog::builtin());
    if (!topology) {
        state.SkipWithError(topology.error().message.c_str());
        return;
    }
    for (auto _ : state)
        benchmark::DoNotOptimize(kube::volcanoYaml(generated, *topology));
    state.SetComplexityN(state.range(0));
}

/// Sheet XML like the cabling workbook's (inline-string cells of cable ids, racks, devices and
/// ports, numeric cells), `megabytes` of it.
std::string sheetXml(std::int64_t megabytes)
{
    std::string xml;
    const auto target = static_cast<std::size_t>(megabytes) << 20;
    for (std::uint64_t row = 2; xml.size() < target; ++row) {
        const std::string node = std::to_string(10000 + row / 8);
        const std::string leaf = std::to_string(1000 + (row * 7) % 512);
        xml += "<row r=\"" + std::to_string(row) + "\"><c t=\"inlineStr\"><is><t>C"
            + std::to_string(30000 + row) + "</t></is></c><c><v>1</v></c><c t=\"inlineStr\"><is><t>"
            + "compute-ib</t></is></c><c t=\"inlineStr\"><is><t>C" + node.substr(1)
            + "</t></is></c><c><v>1</v></c><c t=\"inlineStr\"><is><t>dgx" + node + "</t></is></c>"
            + "<c t=\"inlineStr\"><is><t>mlx5_" + std::to_string(row % 8)
            + "</t></is></c><c t=\"inlineStr\"><is><t>leaf" + leaf + "</t></is></c>"
            + "<c t=\"inlineStr\"><is><t>p" + std::to_string(row % 64 + 1)
            + "</t></is></c><c><v>3</v></c><c><v>400</v></c></row>";
    }
    return xml;
}

/// The workbooks' deflate alone (exporters/cabling/ZipStream: ISA-L's igzip, level 1), fed
/// in the 256 KiB pieces the cell writer drains; counters give the input MB/s and the ratio.
void BM_SheetDeflate(benchmark::State &state)
{
    const std::string xml = sheetXml(state.range(0));
    std::uint64_t compressed = 0;
    for (auto _ : state) {
        CountingSink sink;
        exporters::ZipStream zip(sink);
        zip.beginMember("xl/worksheets/sheet1.xml");
        for (std::size_t at = 0; at < xml.size(); at += std::size_t(1) << 18)
            zip.write(std::string_view(xml).substr(at, std::size_t(1) << 18));
        zip.endMember();
        if (!zip.finish()) {
            state.SkipWithError("ZipStream failed");
            return;
        }
        sink.flush();
        compressed = sink.bytesWritten();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * xml.size()));
    state.counters["ratio"] = static_cast<double>(compressed) / static_cast<double>(xml.size());
}

} // namespace

BENCHMARK(BM_SheetDeflate)->Arg(256)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_ExportCabling)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ExportBom)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ExportNetbox)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ExportDrawio)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ExportSwitch)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ExportGraphMl)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_ExportKubernetes)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK(BM_KubeVolcano)
    ->RangeMultiplier(2)
    ->Range(2048, 32768)
    ->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oN);

BENCHMARK_MAIN();

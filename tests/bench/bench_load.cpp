// Loading a design file, phase by phase, against reading its bytes: generated fat-tree
// designs of 2,048 and 16,384 DGX H100 nodes (the fabric generator's "fat-tree" template),
// saved once to a temporary file. Target (issue 15): the whole load at or below 5x the time
// to read the file's bytes (`cat`). BM_LoadFile takes the links straight from the text
// (BM_LinkScan); BM_LoadFileOnTape is the tape-only path that files with errors take.
// BM_LoadThenValidate is the prefix `validate` and every `export` pay (load + validateDesign).
// docs/performance.md records the figures.
//
//   bench_load [--benchmark_filter=.*/16384]

#include "model/catalog/Catalog.h"
#include "model/common/JsonLimits.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/io/DesignLoadPaths.h"
#include "model/io/JsonTape.h"
#include "model/io/LinkScan.h"
#include "model/io/MappedFile.h"
#include "model/validation/ValidationEngine.h"

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

using namespace cw;

namespace {

/// The saved file of one generated design per size (removed at exit).
const std::filesystem::path &fileFor(std::int64_t nodes)
{
    struct Files
    {
        std::map<std::int64_t, std::filesystem::path> paths;
        ~Files()
        {
            for (const auto &[n, path] : paths)
                std::filesystem::remove(path);
        }
    };
    static Files files;
    auto &path = files.paths[nodes];
    if (path.empty()) {
        auto generated = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } },
                                        Catalog::builtin());
        if (!generated)
            throw std::runtime_error(generated.error().message);
        path = std::filesystem::temp_directory_path()
            / ("cw-bench-load-" + std::to_string(::getpid()) + "-" + std::to_string(nodes)
               + ".cluster.json");
        if (auto saved = saveDesignFile(generated->design, Catalog::builtin(), path); !saved)
            throw std::runtime_error(saved.error().message);
    }
    return path;
}

void setBytes(benchmark::State &state, std::size_t bytes)
{
    state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
    state.counters["MB"] = static_cast<double>(bytes) / 1e6;
}

/// What `cat` does at least: map the file and read every byte once.
void BM_ReadBytes(benchmark::State &state)
{
    const auto &path = fileFor(state.range(0));
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto file = MappedFile::open(path);
        if (!file)
            state.SkipWithError(file.error().message.c_str());
        const std::string_view text = file->text();
        unsigned sum = 0;
        for (char c : text)
            sum += static_cast<unsigned char>(c);
        benchmark::DoNotOptimize(sum);
        bytes = text.size();
    }
    setBytes(state, bytes);
}

/// The separate limit scan (nesting, string length, keys, duplicates) over the text.
void BM_LimitScan(benchmark::State &state)
{
    auto file = MappedFile::open(fileFor(state.range(0)));
    for (auto _ : state) {
        auto limited = checkJsonLimits(file->text(), designLimits());
        benchmark::DoNotOptimize(limited);
    }
    setBytes(state, file->text().size());
}

/// The JSON parse into the flat tape, the limits checked on the way.
void BM_TapeParse(benchmark::State &state)
{
    auto file = MappedFile::open(fileFor(state.range(0)));
    const JsonLimits limits = designLimits();
    for (auto _ : state) {
        JsonTape tape;
        if (!tape.parse(file->text(), &limits))
            state.SkipWithError("tape parse failed");
        benchmark::DoNotOptimize(tape.nodeCount());
    }
    setBytes(state, file->text().size());
}

/// The links array alone, read from the text into the Link table (the load's fast path; the
/// ends' ports are resolved afterwards by the reader).
void BM_LinkScan(benchmark::State &state)
{
    auto file = MappedFile::open(fileFor(state.range(0)));
    const std::string_view text = file->text();
    const std::size_t at = text.find("\"links\": [") + 9;
    const JsonLimits limits = designLimits();
    std::size_t links = 0;
    for (auto _ : state) {
        std::vector<Link> scanned;
        LinkScanner scanner(text, &limits, scanned, [](std::string_view name, CableName &pooled) {
            if (!Catalog::builtin().find(name))
                return false;
            pooled = CableName(name);
            return true;
        });
        if (!scanner.scan(text.data() + at, text.data() + text.size()))
            state.SkipWithError("link scan declined");
        links = scanned.size();
        benchmark::DoNotOptimize(scanned.data());
    }
    setBytes(state, text.size());
    state.counters["links"] = static_cast<double>(links);
}

/// The whole load through the tape alone (the path every file took before the link scan,
/// and the one a file with an error or a warning still takes); as BM_LoadFile, the previous
/// iteration's design is freed inside the timed loop.
void BM_LoadFileOnTape(benchmark::State &state)
{
    const auto &path = fileFor(state.range(0));
    std::optional<Result<LoadedDesign>> loaded;
    for (auto _ : state) {
        auto file = MappedFile::open(path);
        loaded.emplace(parseDesignOnTape(file->text(), Catalog::builtin()));
        if (!*loaded)
            state.SkipWithError(loaded->error().message.c_str());
    }
    setBytes(state, std::filesystem::file_size(path));
}

/// The whole load: map, limits, tape, reader and Design (freed after the timed loop).
void BM_LoadFile(benchmark::State &state)
{
    const auto &path = fileFor(state.range(0));
    std::optional<Result<LoadedDesign>> loaded;
    std::size_t bytes = 0;
    for (auto _ : state) {
        loaded.emplace(loadDesignFile(path, Catalog::builtin()));
        if (!*loaded)
            state.SkipWithError(loaded->error().message.c_str());
        benchmark::DoNotOptimize(loaded);
        bytes = std::filesystem::file_size(path);
    }
    setBytes(state, bytes);
    if (loaded && *loaded)
        state.counters["links"] = static_cast<double>((*loaded)->design.links().size());
}

/// What every CLI command that reads a design pays before its own work: the load and, for
/// `validate` and every `export`, the full validation (validateDesign). The previous
/// iteration's design is freed outside the timed region, as the CLI leaves it to the exit.
void BM_LoadThenValidate(benchmark::State &state)
{
    const auto &path = fileFor(state.range(0));
    std::optional<Result<LoadedDesign>> loaded;
    std::size_t violations = 0;
    for (auto _ : state) {
        state.PauseTiming();
        loaded.reset();
        state.ResumeTiming();
        loaded.emplace(loadDesignFile(path, Catalog::builtin()));
        if (!*loaded) {
            state.SkipWithError(loaded->error().message.c_str());
            break;
        }
        const ValidationResult result = validateDesign((*loaded)->design, Catalog::builtin());
        violations = result.violations.size();
        benchmark::DoNotOptimize(violations);
    }
    setBytes(state, std::filesystem::file_size(path));
    state.counters["violations"] = static_cast<double>(violations);
}

void sizes(benchmark::internal::Benchmark *b)
{
    b->Unit(benchmark::kMillisecond)->Arg(2048)->Arg(16384)->Iterations(3);
}

} // namespace

BENCHMARK(BM_ReadBytes)->Apply(sizes);
BENCHMARK(BM_LimitScan)->Apply(sizes);
BENCHMARK(BM_TapeParse)->Apply(sizes);
BENCHMARK(BM_LinkScan)->Apply(sizes);
BENCHMARK(BM_LoadFileOnTape)->Apply(sizes);
BENCHMARK(BM_LoadFile)->Apply(sizes);
BENCHMARK(BM_LoadThenValidate)->Apply(sizes);
BENCHMARK_MAIN();

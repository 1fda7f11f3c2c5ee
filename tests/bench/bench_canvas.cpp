// Canvas views on generated fat-tree designs (8 rails, 3 tiers) of 2,048 and 16,384 nodes:
// - BM_Load / BM_OpenToInteractive: the CLI's load of the saved file, then what the GUI adds
//   on top of it (Document, three views, first frames); target: the second within 2x the first.
// - BM_Pan: offscreen frame times of each view (floor plan, rack elevation, fabric) while
//   panning at several zooms (target 30+ fps, i.e. < 33 ms a frame).
// - BM_Zoom: a new zoom every frame (wheel zooming): level-of-detail changes and text laid
//   out again, the frames a pan at a fixed zoom never pays for.
// docs/performance.md records the figures.
//
//   bench_canvas [--benchmark_filter=Pan]   (runs offscreen unless QT_QPA_PLATFORM is set)

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <benchmark/benchmark.h>

#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <stdexcept>

using namespace cw;
using namespace cw::canvas;

namespace {

const QSize kFrame(1920, 1080);

enum ViewKind { kFloor = 0, kElevation = 1, kFabric = 2 };

/// Generated designs, by node count, and their saved files (what the CLI and GUI load).
struct Fixtures
{
    QTemporaryDir dir;
    std::map<int, std::unique_ptr<Design>> designs;

    const Design &design(int nodes)
    {
        auto &slot = designs[nodes];
        if (!slot) {
            auto result = generateDesign(
                "fat-tree",
                { { "nodes", std::to_string(nodes) }, { "rails", "8" }, { "tiers", "3" } },
                Catalog::builtin());
            if (!result)
                throw std::runtime_error(result.error().message);
            slot = std::make_unique<Design>(std::move(result.value().design));
            if (!saveDesignFile(*slot, Catalog::builtin(), path(nodes)))
                throw std::runtime_error("cannot save the generated design");
        }
        return *slot;
    }
    std::filesystem::path path(int nodes) const
    {
        return QDir(dir.path())
            .filePath(QStringLiteral("fat-tree-%1.cluster.json").arg(nodes))
            .toStdString();
    }
};

Fixtures &fixtures()
{
    static Fixtures instance;
    return instance;
}

/// One open document with its three views, shared by the frame benchmarks.
struct Workbench
{
    std::unique_ptr<Document> document;
    std::unique_ptr<FloorPlanView> floor;
    std::unique_ptr<RackElevationView> elevation;
    std::unique_ptr<FabricView> fabric;

    explicit Workbench(const Design &design)
        : Workbench(std::make_unique<Design>(design))
    { }
    explicit Workbench(std::unique_ptr<Design> design)
    {
        document = std::make_unique<Document>(Catalog::builtin(), std::move(design), QString());
        floor = std::make_unique<FloorPlanView>(document.get());
        elevation = std::make_unique<RackElevationView>(document.get());
        fabric = std::make_unique<FabricView>(document.get());
        for (CanvasView *view : views()) {
            view->resize(kFrame);
            view->show();
        }
        QCoreApplication::processEvents();
        for (CanvasView *view : views())
            view->zoomToFit();
    }
    ~Workbench()
    {
        // Views before the document they listen to.
        fabric.reset();
        elevation.reset();
        floor.reset();
    }
    std::vector<CanvasView *> views() const
    {
        return { floor.get(), elevation.get(), fabric.get() };
    }
};

// Widgets must die before QApplication: main() clears this before returning (a static
// Workbench destroyed after main crashed at exit).
std::map<int, std::unique_ptr<Workbench>> g_workbenches;

Workbench &workbench(int nodes)
{
    auto &slot = g_workbenches[nodes];
    if (!slot)
        slot = std::make_unique<Workbench>(fixtures().design(nodes));
    return *slot;
}

void renderFrame(QGraphicsView &view, QImage &image)
{
    QPainter painter(&image);
    view.viewport()->render(&painter);
}

using Clock = std::chrono::steady_clock;
double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

/// What `clusterwright-cli info` starts with: the file read and parsed into a Design.
void BM_Load(benchmark::State &state)
{
    const int nodes = static_cast<int>(state.range(0));
    fixtures().design(nodes);
    for (auto _ : state) {
        auto loaded = loadDesignFile(fixtures().path(nodes), Catalog::builtin());
        if (!loaded)
            state.SkipWithError(loaded.error().message.c_str());
        benchmark::DoNotOptimize(loaded);
    }
}

/// From a loaded design to three views built and drawn once: what the user waits for after
/// the file load finishes. Split into its parts as counters (seconds).
void BM_OpenToInteractive(benchmark::State &state)
{
    const int nodes = static_cast<int>(state.range(0));
    const Design &design = fixtures().design(nodes);
    QImage image(kFrame, QImage::Format_ARGB32_Premultiplied);
    double documentS = 0, floorS = 0, elevationS = 0, fabricS = 0, framesS = 0;
    for (auto _ : state) {
        state.PauseTiming();
        auto copy = std::make_unique<Design>(design); // the loaded design, handed over
        state.ResumeTiming();
        const auto t0 = Clock::now();
        auto document = std::make_unique<Document>(Catalog::builtin(), std::move(copy), QString());
        const auto t1 = Clock::now();
        auto floor = std::make_unique<FloorPlanView>(document.get());
        const auto t2 = Clock::now();
        auto elevation = std::make_unique<RackElevationView>(document.get());
        const auto t3 = Clock::now();
        auto fabric = std::make_unique<FabricView>(document.get());
        const auto t4 = Clock::now();
        for (CanvasView *view :
             std::initializer_list<CanvasView *> { floor.get(), elevation.get(), fabric.get() }) {
            view->resize(kFrame);
            view->zoomToFit();
            renderFrame(*view, image);
        }
        const auto t5 = Clock::now();
        documentS += seconds(t0, t1);
        floorS += seconds(t1, t2);
        elevationS += seconds(t2, t3);
        fabricS += seconds(t3, t4);
        framesS += seconds(t4, t5);
        state.PauseTiming(); // the teardown is not the user's wait
        fabric.reset();
        elevation.reset();
        floor.reset();
        document.reset();
        state.ResumeTiming();
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["document_s"] = documentS / n;
    state.counters["floor_s"] = floorS / n;
    state.counters["elevation_s"] = elevationS / n;
    state.counters["fabric_s"] = fabricS / n;
    state.counters["first_frames_s"] = framesS / n;
    state.counters["racks"] = static_cast<double>(design.racks().size());
    state.counters["links"] = static_cast<double>(design.links().size());
}

CanvasView &viewOf(Workbench &bench, int kind)
{
    switch (kind) {
    case kFloor:
        return *bench.floor;
    case kElevation:
        return *bench.elevation;
    default:
        return *bench.fabric;
    }
}

void keepShot(const CanvasView &view, const QImage &image, const QString &tag)
{
    // CW_BENCH_SHOTS=<dir> keeps the last frame of each run, to look at.
    if (qEnvironmentVariableIsSet("CW_BENCH_SHOTS"))
        image.save(qEnvironmentVariable("CW_BENCH_SHOTS") + "/" + view.objectName() + "-" + tag
                   + ".png");
}

/// CW_BENCH_FILE=<design file>: the views of that design (the 131,072-node campus), loaded
/// once; key -1 of g_workbenches.
Workbench &fileWorkbench()
{
    auto &slot = g_workbenches[-1];
    if (!slot) {
        auto loaded = loadDesignFile(qEnvironmentVariable("CW_BENCH_FILE").toStdString(),
                                     Catalog::builtin());
        if (!loaded)
            throw std::runtime_error(loaded.error().message);
        slot = std::make_unique<Workbench>(
            std::make_unique<Design>(std::move(loaded.value().design)));
    }
    return *slot;
}

void panFrames(benchmark::State &state, CanvasView &view, double zoom4, const QString &tag);

/// Frames while panning: args (view, nodes, zoom x4 of the fitted zoom: 4 = whole design).
void BM_Pan(benchmark::State &state)
{
    Workbench &bench = workbench(static_cast<int>(state.range(1)));
    CanvasView &view = viewOf(bench, static_cast<int>(state.range(0)));
    panFrames(state, view, static_cast<double>(state.range(2)),
              QStringLiteral("%1-pan%2").arg(state.range(1)).arg(state.range(2)));
}

/// The same on the CW_BENCH_FILE design: args (view, zoom x4).
void BM_PanFile(benchmark::State &state)
{
    if (qEnvironmentVariableIsEmpty("CW_BENCH_FILE")) {
        state.SkipWithError("set CW_BENCH_FILE to a design file");
        return;
    }
    CanvasView &view = viewOf(fileWorkbench(), static_cast<int>(state.range(0)));
    panFrames(state, view, static_cast<double>(state.range(1)),
              QStringLiteral("file-pan%1").arg(state.range(1)));
}

void panFrames(benchmark::State &state, CanvasView &view, double zoom4, const QString &tag)
{
    view.zoomToFit();
    const double zoom = view.zoom() * zoom4 / 4.0;
    view.setTransform(QTransform::fromScale(zoom, zoom));
    // Pan over the drawing, not the empty margin around it.
    const QRectF scene = view.scene()->itemsBoundingRect();
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    int step = 0;
    for (auto _ : state) {
        const double fx = 0.1 + 0.8 * ((step * 7) % 40) / 40.0;
        const double fy = 0.1 + 0.8 * ((step * 3) % 20) / 20.0;
        view.centerOn(scene.left() + fx * scene.width(), scene.top() + fy * scene.height());
        renderFrame(view, image);
        ++step;
    }
    state.counters["fps"]
        = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["items"] = static_cast<double>(view.scene()->items().size());
    keepShot(view, image, tag);
}

/// A wheel zoom every frame, in and out between the fitted zoom and 64x it, around the
/// middle of the drawing: args (view, nodes).
void BM_Zoom(benchmark::State &state)
{
    Workbench &bench = workbench(static_cast<int>(state.range(1)));
    CanvasView &view = viewOf(bench, static_cast<int>(state.range(0)));
    view.zoomToFit();
    const double fit = view.zoom();
    const QRectF scene = view.scene()->itemsBoundingRect();
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    constexpr int kSteps = 19; // 1.25^18 ~ 55x
    int step = 0;
    for (auto _ : state) {
        const int phase = step % (2 * kSteps - 2);
        const int level = phase < kSteps ? phase : 2 * kSteps - 2 - phase;
        const double zoom = fit * std::pow(1.25, level);
        view.setTransform(QTransform::fromScale(zoom, zoom));
        view.centerOn(scene.center());
        renderFrame(view, image);
        ++step;
    }
    state.counters["fps"]
        = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    keepShot(view, image, QStringLiteral("%1-zoom").arg(state.range(1)));
}

} // namespace

BENCHMARK(BM_Load)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(2);
BENCHMARK(BM_OpenToInteractive)
    ->Arg(2048)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2);
// Zoom = arg / 4 x fitted: 4 = whole design, 16 = 4x, 64 = 16x, 256 = 64x (racks legible).
// Wall-clock frame times (fps from real time): what the user sees.
BENCHMARK(BM_Pan)
    ->ArgsProduct({ { kFloor, kElevation, kFabric }, { 2048, 16384 }, { 4, 16, 64, 256 } })
    ->ArgNames({ "view", "nodes", "zoom4" })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
// Only with CW_BENCH_FILE (e.g. the 131,072-node campus): --benchmark_filter=PanFile.
BENCHMARK(BM_PanFile)
    ->ArgsProduct({ { kFloor, kFabric }, { 4, 16 } })
    ->ArgNames({ "view", "zoom4" })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Zoom)
    ->ArgsProduct({ { kFloor, kElevation, kFabric }, { 2048, 16384 } })
    ->ArgNames({ "view", "nodes" })
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    {
        QApplication app(argc, argv);
        benchmark::Initialize(&argc, argv);
        if (benchmark::ReportUnrecognizedArguments(argc, argv))
            return 1;
        benchmark::RunSpecifiedBenchmarks();
        benchmark::Shutdown();
        g_workbenches.clear(); // widgets go while QApplication is alive
    }
    return 0;
}

// Canvas views on the generated 16,384-node design (fat-tree, 8 rails, 3 tiers): time from a
// loaded design to three built views with their first frames (target: interactive within
// 3 s of the load), and offscreen frame times of the floor plan and the aggregated fabric
// view at several zoom levels while panning (target: 30+ fps, i.e. < 33 ms a frame).
// docs/performance.md records the figures.
//
//   bench_canvas [--benchmark_filter=Frame]   (runs offscreen unless QT_QPA_PLATFORM is set)

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <stdexcept>

using namespace cw;
using namespace cw::canvas;

namespace {

constexpr int kNodes = 16384;
const QSize kFrame(1920, 1080);

const Design &generated()
{
    static std::unique_ptr<Design> design;
    if (!design) {
        auto result = generateDesign(
            "fat-tree", { { "nodes", std::to_string(kNodes) }, { "rails", "8" }, { "tiers", "3" } },
            Catalog::builtin());
        if (!result)
            throw std::runtime_error(result.error().message);
        design = std::make_unique<Design>(std::move(result.value().design));
    }
    return *design;
}

/// One open document with its three views, shared by the frame benchmarks.
struct Workbench
{
    std::unique_ptr<Document> document;
    std::unique_ptr<FloorPlanView> floor;
    std::unique_ptr<FabricView> fabric;
    std::unique_ptr<RackElevationView> elevation;

    void open(const Design &design)
    {
        document = std::make_unique<Document>(Catalog::builtin(), std::make_unique<Design>(design),
                                              QString());
        floor = std::make_unique<FloorPlanView>(document.get());
        fabric = std::make_unique<FabricView>(document.get());
        elevation = std::make_unique<RackElevationView>(document.get());
        for (QGraphicsView *view : std::initializer_list<QGraphicsView *> {
                 floor.get(), fabric.get(), elevation.get() }) {
            view->resize(kFrame);
            view->show();
        }
        QCoreApplication::processEvents();
        floor->zoomToFit();
        fabric->zoomToFit();
        elevation->zoomToFit();
    }
};

/// Owned here, not as a function-local static: the views are widgets and must go before
/// main's QApplication does (a static destroyed after main returned crashed at exit).
std::unique_ptr<Workbench> sharedBench;

Workbench &workbench()
{
    if (!sharedBench) {
        sharedBench = std::make_unique<Workbench>();
        sharedBench->open(generated());
    }
    return *sharedBench;
}

void renderFrame(QGraphicsView &view, QImage &image)
{
    QPainter painter(&image);
    view.viewport()->render(&painter);
}

/// From a loaded design to three views built and drawn once: what the user waits for after
/// the file load finishes. Split into its parts as counters (seconds).
void BM_OpenToInteractive(benchmark::State &state)
{
    const Design &design = generated();
    QImage image(kFrame, QImage::Format_ARGB32_Premultiplied);
    double documentS = 0, floorS = 0, fabricS = 0, elevationS = 0, framesS = 0;
    using Clock = std::chrono::steady_clock;
    const auto seconds = [](Clock::time_point a, Clock::time_point b) {
        return std::chrono::duration<double>(b - a).count();
    };
    for (auto _ : state) {
        state.PauseTiming();
        auto copy = std::make_unique<Design>(design); // the loaded design, handed over
        state.ResumeTiming();
        const auto t0 = Clock::now();
        auto document = std::make_unique<Document>(Catalog::builtin(), std::move(copy), QString());
        const auto t1 = Clock::now();
        auto floor = std::make_unique<FloorPlanView>(document.get());
        const auto t2 = Clock::now();
        auto fabric = std::make_unique<FabricView>(document.get());
        const auto t3 = Clock::now();
        auto elevation = std::make_unique<RackElevationView>(document.get());
        const auto t4 = Clock::now();
        for (QGraphicsView *view : std::initializer_list<QGraphicsView *> {
                 floor.get(), fabric.get(), elevation.get() }) {
            view->resize(kFrame);
            renderFrame(*view, image);
        }
        const auto t5 = Clock::now();
        documentS += seconds(t0, t1);
        floorS += seconds(t1, t2);
        fabricS += seconds(t2, t3);
        elevationS += seconds(t3, t4);
        framesS += seconds(t4, t5);
        // The teardown is not the user's wait.
        state.PauseTiming();
        elevation.reset();
        fabric.reset();
        floor.reset();
        document.reset();
        state.ResumeTiming();
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["document_s"] = documentS / n;
    state.counters["floor_s"] = floorS / n;
    state.counters["fabric_s"] = fabricS / n;
    state.counters["elevation_s"] = elevationS / n;
    state.counters["first_frames_s"] = framesS / n;
    state.counters["racks"] = static_cast<double>(design.racks().size());
    state.counters["devices"] = static_cast<double>(design.devices().size());
    state.counters["links"] = static_cast<double>(design.links().size());
}

/// Frames while panning at zoom `range(0)` / 4 x the fitted zoom (1 = whole floor).
void frames(benchmark::State &state, QGraphicsView &view, double fitZoom)
{
    const double zoom = fitZoom * static_cast<double>(state.range(0)) / 4.0;
    view.setTransform(QTransform::fromScale(zoom, zoom));
    // Pan over the drawing, not the empty margin around it.
    const QRectF scene = view.scene()->itemsBoundingRect();
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    int step = 0;
    for (auto _ : state) {
        // Pan across the scene: a new part of it every frame.
        const double fx = 0.1 + 0.8 * ((step * 7) % 40) / 40.0;
        const double fy = 0.1 + 0.8 * ((step * 3) % 20) / 20.0;
        view.centerOn(scene.left() + fx * scene.width(), scene.top() + fy * scene.height());
        renderFrame(view, image);
        ++step;
    }
    state.counters["fps"]
        = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    // CW_BENCH_SHOTS=<dir> keeps the last frame of each run, to look at.
    if (qEnvironmentVariableIsSet("CW_BENCH_SHOTS"))
        image.save(qEnvironmentVariable("CW_BENCH_SHOTS") + "/" + view.objectName() + "-"
                   + QString::number(state.range(0)) + ".png");
    state.counters["items"] = static_cast<double>(view.scene()->items().size());
}

void BM_FloorPlanFrame(benchmark::State &state)
{
    Workbench &bench = workbench();
    bench.floor->zoomToFit();
    const double fit = bench.floor->zoom();
    frames(state, *bench.floor, fit);
}

void BM_FabricFrame(benchmark::State &state)
{
    Workbench &bench = workbench();
    bench.fabric->zoomToFit();
    const double fit = bench.fabric->zoom();
    frames(state, *bench.fabric, fit);
    state.counters["boxes"] = bench.fabric->boxCount();
}

} // namespace

BENCHMARK(BM_OpenToInteractive)->Unit(benchmark::kMillisecond)->Iterations(2);
// Zoom = arg / 4 x fitted: 4 = whole design, 16 = 4x, 64 = 16x, 256 = 64x (racks legible).
// Wall-clock frame times (fps from real time): what the user sees.
BENCHMARK(BM_FloorPlanFrame)
    ->Arg(4)
    ->Arg(16)
    ->Arg(64)
    ->Arg(256)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_FabricFrame)
    ->Arg(4)
    ->Arg(16)
    ->Arg(64)
    ->Arg(256)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    sharedBench.reset(); // widgets before the QApplication
    return 0;
}

// Edits through Document on generated fat-tree designs (2,048 and 16,384 nodes): GUI-thread
// time of a device move, its undo and its redo (target < 16 ms at 16,384 nodes), and of
// deleting every rack in one step and undoing it (target < 1 s), with the document alone and
// with the three canvas views listening. The time reported as CPU is the benchmark thread's,
// i.e. the GUI thread's: the live validator's worker runs elsewhere; the debounced snapshot
// it takes on the GUI thread is counted (the debounce is set to 0 and the event loop run).
// Save: the GUI thread's time for File > Save, synchronous and on a worker.
// docs/performance.md records the figures.
//
//   bench_document [--benchmark_filter=Move]   (runs offscreen unless QT_QPA_PLATFORM is set)

#include "model/catalog/Catalog.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QApplication>
#include <QFuture>
#include <QTemporaryDir>
#include <QUndoStack>

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <stdexcept>

using namespace cw;
using namespace cw::canvas;

namespace {

const Design &generated(int nodes)
{
    static std::map<int, std::unique_ptr<Design>> designs;
    auto &design = designs[nodes];
    if (!design) {
        auto result = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } },
                                     Catalog::builtin());
        if (!result)
            throw std::runtime_error(result.error().message);
        design = std::make_unique<Design>(std::move(result.value().design));
    }
    return *design;
}

/// A document on a copy of the generated design, optionally with the three views.
struct Session
{
    Session(int nodes, bool views)
        : document(Catalog::builtin(), std::make_unique<Design>(generated(nodes)), QString())
    {
        document.validator()->setDebounceMs(0);
        if (views) {
            floor = std::make_unique<FloorPlanView>(&document);
            elevation = std::make_unique<RackElevationView>(&document);
            fabric = std::make_unique<FabricView>(&document);
        }
        settle();
    }
    /// Lets the debounce fire (its snapshot is GUI-thread work) and waits for the worker.
    void settle()
    {
        QApplication::processEvents();
        document.validator()->flush();
        QApplication::processEvents();
    }

    Document document;
    std::unique_ptr<FloorPlanView> floor;
    std::unique_ptr<RackElevationView> elevation;
    std::unique_ptr<FabricView> fabric;
};

/// A compute node and a free U in another rack it can move to and back from.
struct MoveTarget
{
    DeviceId device;
    RackId home;
    int homeU = 0;
    RackId away;
    int awayU = 0;
};

int heightU(const Device &device)
{
    const Part *part = Catalog::builtin().find(device.catalogType);
    return part && part->uHeight > 0 ? part->uHeight : 1;
}

/// The first compute node, and the lowest U of another rack where it fits (42U racks).
MoveTarget moveTarget(const Design &design)
{
    constexpr int kRackUnits = 42;
    MoveTarget target;
    const Device *node = nullptr;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute) {
            node = &device;
            break;
        }
    if (!node)
        return target;
    target.device = node->id;
    target.home = node->rack;
    target.homeU = node->uPosition;
    const int height = heightU(*node);
    for (const Rack &rack : design.racks()) {
        if (rack.id == target.home)
            continue;
        std::vector<bool> used(kRackUnits + 2, false);
        for (DeviceId id : design.devicesInRack(rack.id)) {
            const Device &other = *design.device(id);
            for (int u = other.uPosition; u < other.uPosition + heightU(other); ++u)
                if (u >= 0 && u <= kRackUnits)
                    used[static_cast<std::size_t>(u)] = true;
        }
        for (int u = 1; u + height - 1 <= kRackUnits; ++u) {
            bool free = true;
            for (int k = u; k < u + height; ++k)
                free = free && !used[static_cast<std::size_t>(k)];
            if (free) {
                target.away = rack.id;
                target.awayU = u;
                return target;
            }
        }
    }
    return target;
}

void moveUndoRedo(benchmark::State &state, bool views)
{
    Session session(static_cast<int>(state.range(0)), views);
    Document &document = session.document;
    const MoveTarget target = moveTarget(document.design());
    const QString refusal
        = document.moveDevice(target.device, target.away, target.awayU, Face::Front);
    if (!refusal.isEmpty()) {
        state.SkipWithError(refusal.toUtf8().constData());
        return;
    }
    document.undoStack()->undo();
    session.settle();
    for (auto _ : state) {
        document.moveDevice(target.device, target.away, target.awayU, Face::Front);
        QApplication::processEvents();
        document.undoStack()->undo();
        QApplication::processEvents();
        document.undoStack()->redo();
        QApplication::processEvents();
        state.PauseTiming();
        document.undoStack()->undo(); // back home for the next iteration, not timed
        session.settle();
        state.ResumeTiming();
    }
    state.SetLabel("move + undo + redo");
}

/// Runs the event loop until the live validator has caught up with the latest edit (its
/// worker's results accepted on this thread, which is counted; the wait itself costs no CPU).
void waitForValidator(Document &document)
{
    while (document.validator()->isPending())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

/// `caughtUp`: the timed part also waits for the validator to catch up after each step, so
/// the GUI-thread work of taking its worker's results (the cheap rules of a change this big
/// run there too) is counted.
void deleteAllRacksAndUndo(benchmark::State &state, bool views, bool caughtUp = false)
{
    Session session(static_cast<int>(state.range(0)), views);
    Document &document = session.document;
    std::vector<EntityRef> racks;
    for (const Rack &rack : document.design().racks())
        racks.push_back(EntityRef::of(rack.id));
    for (auto _ : state) {
        document.remove(racks);
        QApplication::processEvents();
        if (caughtUp)
            waitForValidator(document);
        document.undoStack()->undo();
        QApplication::processEvents();
        if (caughtUp)
            waitForValidator(document);
        state.PauseTiming();
        session.settle();
        state.ResumeTiming();
    }
    state.SetLabel(std::to_string(racks.size()) + " racks deleted + undo"
                   + (caughtUp ? ", validator caught up" : ""));
}

/// File > Save at 16,384 nodes: the GUI thread's share. Synchronous (Document::save, what
/// Save did before) against Document::saveInBackground: the snapshot is brought up to date
/// and the file serialized and written on workers, so the GUI thread only starts the job and
/// takes note when it ends; the wall time still includes the whole save.
void saveDesign(benchmark::State &state, bool background)
{
    Session session(static_cast<int>(state.range(0)), false);
    Document &document = session.document;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bench.cluster.json"));
    for (auto _ : state) {
        document.setDesignName(QStringLiteral("edited")); // something to save
        if (background) {
            QFuture<QString> saved = document.saveInBackground(path);
            while (!saved.isFinished())
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
            QCoreApplication::processEvents(); // the document takes note
            if (!saved.result().isEmpty())
                state.SkipWithError(saved.result().toUtf8().constData());
        } else if (const QString error = document.save(path); !error.isEmpty()) {
            state.SkipWithError(error.toUtf8().constData());
        }
        state.PauseTiming();
        document.undoStack()->undo();
        session.settle();
        state.ResumeTiming();
    }
    state.SetLabel(background ? "GUI thread: start + completion" : "GUI thread: the whole save");
}

void BM_Save_OnGuiThread(benchmark::State &state)
{
    saveDesign(state, false);
}
void BM_Save_InBackground(benchmark::State &state)
{
    saveDesign(state, true);
}

/// Delete of one rack in the middle of the design (4 DGX and its management switch, with
/// their links) and its undo, on the document alone: the edit Delete makes in the workbench
/// (a second at 131,072 nodes, docs/performance.md "131,072 nodes (B300 campus)").
void BM_DeleteOneRackUndo_Document(benchmark::State &state)
{
    Session session(static_cast<int>(state.range(0)), false);
    Document &document = session.document;
    const auto &racks = document.design().racks();
    const RackId rack = std::next(racks.begin(), static_cast<std::ptrdiff_t>(racks.size() / 2))->id;
    for (auto _ : state) {
        if (const QString refused = document.remove({ EntityRef::of(rack) }); !refused.isEmpty())
            state.SkipWithError(refused.toUtf8().constData());
        document.undoStack()->undo();
        state.PauseTiming();
        session.settle();
        state.ResumeTiming();
    }
    state.SetLabel("delete + undo");
}

void BM_MoveUndoRedo_Document(benchmark::State &state)
{
    moveUndoRedo(state, false);
}
void BM_MoveUndoRedo_WithViews(benchmark::State &state)
{
    moveUndoRedo(state, true);
}
void BM_DeleteAllRacksUndo_Document(benchmark::State &state)
{
    deleteAllRacksAndUndo(state, false);
}
void BM_DeleteAllRacksUndo_WithViews(benchmark::State &state)
{
    deleteAllRacksAndUndo(state, true);
}
void BM_DeleteAllRacksUndo_WithViewsCaughtUp(benchmark::State &state)
{
    deleteAllRacksAndUndo(state, true, true);
}

} // namespace

BENCHMARK(BM_MoveUndoRedo_Document)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MoveUndoRedo_WithViews)->Arg(2048)->Arg(16384)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Save_OnGuiThread)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_Save_InBackground)->Arg(16384)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_DeleteOneRackUndo_Document)
    ->Arg(2048)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(5);
BENCHMARK(BM_DeleteAllRacksUndo_Document)
    ->Arg(2048)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK(BM_DeleteAllRacksUndo_WithViews)
    ->Arg(2048)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);
BENCHMARK(BM_DeleteAllRacksUndo_WithViewsCaughtUp)
    ->Arg(16384)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

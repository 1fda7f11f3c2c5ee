// Opening a design off the GUI thread (issue 22 "Never block the window", issue 15 item 5):
// File > Open, recent files, Revert, recovery and the command line load the file on a
// worker while the window paints and shows the load with Cancel; a cancel or a bad file
// leave the open design as it was; the result is the design a synchronous
// Document::open gives, with no whole-design copy on the GUI thread. And the Summary dock
// of a design with a hundred fabrics no longer grows the window past the screen.
//
// lazyViewsFillWhenShown() checks that only the shown tab's scene is built at open and that
// every other view, built when first shown (after an edit made meanwhile, and after undo),
// holds the same items as a view built at once on the same design.
// openTimesLog() logs time to interactive and the GUI thread's longest stall for the files
// named in CW_OPEN_LOG_DESIGNS (colon-separated; skipped when unset): figures for
// docs/performance.md, never asserted.

#include "JobFixtures.h"
#include "WorkbenchFixtures.h"

#include "app/gui/JobStatus.h"
#include "app/gui/OpenMeter.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/docks/SummaryDock.h"
#include "views/document/DesignSnapshots.h"
#include "views/document/DocumentOpen.h"

#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcessEnvironment>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>

#include <algorithm>
#include <chrono>
#include <set>

using namespace cw;
using cw::workbench::PoolBlocker;
using cw::workbench::Ticker;

namespace {

const QString kDgxExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

std::unique_ptr<MainWindow> batchWindow()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    window->resize(1200, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qFatal("window not exposed");
    return window;
}

/// The generated 2,048-node fat tree saved to `folder` (65k links: a load of a tenth of a
/// second or more, long enough for the event loop to turn many times meanwhile).
QString saved2048(const QString &folder)
{
    auto result = generateDesign("fat-tree", { { "nodes", "2048" } }, Catalog::builtin());
    if (!result)
        qFatal("cannot generate: %s", result.error().message.c_str());
    const QString path = folder + QStringLiteral("/ft2048.cluster.json");
    if (!saveDesignFile(result.value().design, Catalog::builtin(), path.toStdString()))
        qFatal("cannot save the generated design");
    return path;
}

void waitUntilIdle(MainWindow &window)
{
    QTRY_VERIFY_WITH_TIMEOUT(!window.jobStatus()->isBusy(), 60000);
}

/// The longest time the GUI thread went without turning its event loop, sampled by a 1 ms
/// timer (what a user feels as a frozen window).
struct StallMeter
{
    StallMeter()
    {
        timer.setInterval(1);
        QObject::connect(&timer, &QTimer::timeout,
                         [this] { longestMs = std::max(longestMs, clock.restart()); });
        clock.start();
        timer.start();
    }
    QTimer timer;
    QElapsedTimer clock;
    qint64 longestMs = 0;
};

/// The entity ids a view shows items for.
std::set<std::uint64_t> shownIds(const canvas::CanvasView &view)
{
    std::set<std::uint64_t> ids;
    for (const auto &[id, items] : view.itemIndex())
        ids.insert(id);
    return ids;
}

/// A view of each kind built at once (SceneBuild::Now) on `document` as it is now.
std::vector<std::unique_ptr<canvas::CanvasView>> eagerViews(Document *document)
{
    std::vector<std::unique_ptr<canvas::CanvasView>> views;
    views.push_back(std::make_unique<canvas::FloorPlanView>(document));
    views.push_back(std::make_unique<canvas::RackElevationView>(document));
    views.push_back(std::make_unique<canvas::FabricView>(document));
    return views;
}

/// Pixels of the view's viewport, as painted now, that differ from its background.
int drawnPixels(canvas::CanvasView &view)
{
    const QImage image = view.viewport()->grab().toImage();
    const QRgb background = view.backgroundBrush().color().rgb();
    int drawn = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            drawn += image.pixel(x, y) != background;
    return drawn;
}

/// Shows tab `index` and checks its view against `eager` (same kind, built at once).
void checkShownView(MainWindow &window, int index, const canvas::CanvasView &eager)
{
    window.viewTabs()->setCurrentIndex(index);
    QCoreApplication::processEvents();
    auto *view = qobject_cast<canvas::CanvasView *>(window.viewTabs()->widget(index));
    QVERIFY(view);
    QVERIFY(view->isSceneComplete());
    QVERIFY(eager.entityItemCount() > 0);
    QCOMPARE(view->entityItemCount(), eager.entityItemCount());
    QCOMPARE(shownIds(*view), shownIds(eager));
    // The findings that came while it waited are marked as on a view built at once.
    QCOMPARE(view->markedItems().size(), eager.markedItems().size());
    QVERIFY2(drawnPixels(*view) > 1000, qPrintable(view->objectName()));
}

} // namespace

class TestWorkbenchOpen : public QObject
{
    Q_OBJECT

private slots:
    void openRunsOffTheGuiThread();
    void cancelLeavesTheOldDesign();
    void badFileNamesThePlace();
    void resultEqualsSynchronousOpen();
    void summaryOfManyFabricsKeepsTheWindowHeight();
    void lazyViewsFillWhenShown();
    void hiddenFabricWaitsForItsNextShow();
    void openTimesLog();
};

void TestWorkbenchOpen::openRunsOffTheGuiThread()
{
    QTemporaryDir folder;
    const QString path = saved2048(folder.path());
    auto window = batchWindow();
    const Document *before = window->document();
    Ticker ticker; // a 0 ms timer: counts turns of the event loop
    int ticksWhileLoading = 0;
    QObject::connect(&ticker.timer, &QTimer::timeout,
                     [&] { ticksWhileLoading += window->jobStatus()->isBusy(); });
    QVERIFY(window->startOpen(path));
    // startOpen returned with the load still to come: the old design is still shown and the
    // status bar names the load.
    QCOMPARE(window->document(), before);
    QVERIFY(window->jobStatus()->isBusy());
    QVERIFY(window->jobStatus()->title().contains(QStringLiteral("ft2048.cluster.json")));
    waitUntilIdle(*window);
    QVERIFY2(ticksWhileLoading > 0, "the event loop never turned while the file loaded");
    QVERIFY(window->document() != before);
    QCOMPARE(window->document()->filePath(), path);
    // The 2,048 compute nodes the generator was asked for: the whole file arrived.
    std::size_t nodes = 0;
    for (const Device &device : window->design()->devices())
        nodes += device.role == DeviceRole::Compute;
    QCOMPARE(nodes, std::size_t { 2048 });
    QVERIFY(!window->document()->isModified());
    QCOMPARE(window->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
}

void TestWorkbenchOpen::cancelLeavesTheOldDesign()
{
    auto window = workbench::windowFromTemplate();
    const Document *before = window->document();
    const std::string text = serializeDesign(*window->design(), Catalog::builtin());
    {
        // The load is queued behind the held pool: certainly not done when Cancel comes.
        PoolBlocker blocker;
        QVERIFY(window->startOpen(kDgxExample));
        QVERIFY(window->jobStatus()->cancelButton()->isVisibleTo(window.get()));
        window->jobStatus()->cancel();
        blocker.release();
        waitUntilIdle(*window);
    }
    QCOMPARE(window->document(), before);
    QCOMPARE(serializeDesign(*window->design(), Catalog::builtin()), text);
    QVERIFY(!window->recentFiles().contains(QFileInfo(kDgxExample).absoluteFilePath()));
    // The window is free for the next open, which goes through.
    QVERIFY(window->openFile(kDgxExample));
    QCOMPARE(window->document()->filePath(), kDgxExample);
}

void TestWorkbenchOpen::badFileNamesThePlace()
{
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("broken.cluster.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    // Line 3 has a second comma: the parser stops there (line 3, column 16 in nlohmann's count).
    file.write("{\n  \"format\": \"clusterwright\",\n  \"version\": 1,,\n  \"name\": \"x\"\n}\n");
    file.close();

    QFuture<OpenedDesign> future = openInBackground(Catalog::builtin(), path);
    future.waitForFinished();
    const OpenedDesign opened = future.result();
    QVERIFY(!opened.design);
    QVERIFY2(opened.error.contains(path), qPrintable(opened.error));
    QVERIFY2(opened.error.contains(QStringLiteral("line 3")), qPrintable(opened.error));
    QString syncError;
    QVERIFY(!Document::open(Catalog::builtin(), path, &syncError));
    QCOMPARE(opened.error, syncError); // the same words as the synchronous open

    auto window = workbench::windowFromTemplate();
    const Document *before = window->document();
    QVERIFY(!window->openFile(path));
    QCOMPARE(window->document(), before);
    QVERIFY(!window->jobStatus()->isBusy());
}

void TestWorkbenchOpen::resultEqualsSynchronousOpen()
{
    auto window = batchWindow();
    QVERIFY(window->openFile(kDgxExample));
    Document *document = window->document();
    // Nothing was copied on the GUI thread: the snapshot mirror is the worker's copy and
    // the validator's first run used the worker's copy too.
    QCOMPARE(document->snapshots()->copies(), 1);
    QCOMPARE(document->validator()->designCopies(), 0);
    QString error;
    auto synchronous = Document::open(Catalog::builtin(), kDgxExample, &error);
    QVERIFY2(synchronous, qPrintable(error));
    QCOMPARE(serializeDesign(document->design(), Catalog::builtin()),
             serializeDesign(synchronous->design(), Catalog::builtin()));
    // The validator's first full run, on its worker, lists what the synchronous one does.
    QSignalSpy settled(document->validator(), &LiveValidator::settled);
    if (document->validator()->isPending())
        QVERIFY(settled.wait(30000));
    synchronous->validator()->flush();
    QCOMPARE(document->validator()->result().violations.size(),
             synchronous->validator()->result().violations.size());
    QCOMPARE(document->validator()->result().errors, synchronous->validator()->result().errors);
    QCOMPARE(document->validator()->result().warnings, synchronous->validator()->result().warnings);
    // An edit patches the worker copies in place: still one copy, none on the GUI thread.
    // Once the open's own background jobs (the summary's) are done: one still reading a
    // snapshot makes the mirror copy before it patches, as it must (seen when the suite ran
    // two tests at once). Snapshots are handed out in order, so when this job has had its
    // snapshot, every job asked for before it has had its own; then wait for them to end.
    // Twice: the summary asks for its bisections from a 0 ms timer, which may fire while
    // the first wait turns the event loop.
    for (int round = 0; round < 2; ++round) {
        QFuture<int> handedOut = document->snapshots()->run<int>(
            backgroundJobs(), [](QPromise<int> &promise, const Design &) { promise.addResult(0); });
        handedOut.waitForFinished();
        QTRY_COMPARE_WITH_TIMEOUT(backgroundJobs()->activeThreadCount(), 0, 30000);
    }
    const Device &first = *document->design().devices().begin();
    Device renamed = first;
    renamed.name += "-renamed";
    QCOMPARE(document->updateDevice(renamed), QString());
    QFuture<int> count = document->snapshots()->run<int>(
        backgroundJobs(), [](QPromise<int> &promise, const Design &design) {
            promise.addResult(static_cast<int>(design.devices().size()));
        });
    count.waitForFinished();
    QCOMPARE(count.result(), static_cast<int>(document->design().devices().size()));
    QCOMPARE(document->snapshots()->copies(), 1);
    document->validator()->flush();
    QCOMPARE(document->validator()->designCopies(), 0);
}

void TestWorkbenchOpen::summaryOfManyFabricsKeepsTheWindowHeight()
{
    // The seed design with 120 more fabrics, the size of a campus's out-of-band trees (one
    // per hall): the Summary lists one bisection row each.
    auto window = workbench::windowFromTemplate();
    const QSize given = window->size();
    auto design = std::make_unique<Design>(*window->design());
    constexpr int kExtraFabrics = 120;
    for (int i = 0; i < kExtraFabrics; ++i) {
        Fabric fabric;
        fabric.id = design->newId<FabricId>();
        fabric.name = "oob-hall-" + std::to_string(i + 1);
        fabric.purpose = FabricPurpose::OutOfBand;
        fabric.technology = Technology::Ethernet;
        fabric.linkSpeedGbps = 1;
        design->addFabric(std::move(fabric));
    }
    const std::size_t fabrics = design->fabrics().size();
    window->newDocument(std::move(design));
    SummaryDock *summary = window->summaryDock();
    summary->show();
    summary->raise();
    QSignalSpy updated(summary, &SummaryDock::bisectionsUpdated);
    summary->analyzeFabrics();
    QVERIFY(updated.wait(30000));
    QCOMPARE(summary->bisections().size(), fabrics);
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    // The table scrolls inside the dock; the window keeps the size it was given.
    QCOMPARE(window->size(), given);
    QVERIFY(summary->height() <= given.height());
}

void TestWorkbenchOpen::lazyViewsFillWhenShown()
{
    auto window = batchWindow();
    QVERIFY(window->openFile(kDgxExample));
    // The validator's first run comes back while two of the views wait to be shown.
    QSignalSpy settled(window->document()->validator(), &LiveValidator::settled);
    if (window->document()->validator()->isPending())
        QVERIFY(settled.wait(30000));
    QVERIFY(!window->document()->validator()->violations().empty());
    QTabWidget *tabs = window->viewTabs();
    QCOMPARE(tabs->currentIndex(), 0);
    auto viewAt = [tabs](int i) {
        return qobject_cast<canvas::CanvasView *>(tabs->widget(i));
    };
    // Only the floor plan, the tab shown, has its scene; the others wait to be shown.
    QVERIFY(viewAt(0)->isSceneComplete());
    QVERIFY(!viewAt(1)->isSceneComplete());
    QVERIFY(!viewAt(2)->isSceneComplete());
    QCOMPARE(viewAt(1)->entityItemCount(), std::size_t { 0 });
    Document *document = window->document();
    {
        auto eager = eagerViews(document);
        checkShownView(*window, 0, *eager[0]);
    }
    // An edit while the fabric and the elevation wait: the first compute node of A01 goes
    // (with its links). Shown afterwards, they draw the design as it is now.
    const Rack *a01 = nullptr;
    for (const Rack &rack : document->design().racks())
        if (rack.name == "A01")
            a01 = &rack;
    QVERIFY(a01);
    std::optional<DeviceId> node;
    for (const Device &device : document->design().devices())
        if (device.rack == a01->id && device.role == DeviceRole::Compute && !node)
            node = device.id;
    QVERIFY(node);
    const std::size_t links = document->design().links().size();
    QCOMPARE(document->remove({ EntityRef::of(*node) }), QString());
    QVERIFY(document->design().links().size() < links);
    {
        auto eager = eagerViews(document);
        QVERIFY(eager[2]->itemsFor(EntityRef::of(*node)).empty());
        checkShownView(*window, 2, *eager[2]);
        checkShownView(*window, 1, *eager[1]);
    }
    // Undo: every view, now built, follows the edit back.
    document->undoStack()->undo();
    QCOMPARE(document->design().links().size(), links);
    auto eager = eagerViews(document);
    QVERIFY(!eager[2]->itemsFor(EntityRef::of(*node)).empty());
    for (int i : { 2, 0, 1 })
        checkShownView(*window, i, *eager[static_cast<std::size_t>(i)]);
}

void TestWorkbenchOpen::hiddenFabricWaitsForItsNextShow()
{
    // At 131,072 nodes the fabric view behind another tab laid its compute band (3.1 million
    // links) out again on every edit and every F11: 1.5-13 s per Delete or undo. Now it drops
    // its scene and builds it when shown again, as it was zoomed, with what the edit changed;
    // a presentation toggle waits for the show the same way.
    auto window = batchWindow();
    QVERIFY(window->openFile(kDgxExample));
    QTabWidget *tabs = window->viewTabs();
    auto *fabric = qobject_cast<canvas::FabricView *>(tabs->widget(2));
    QVERIFY(fabric);
    tabs->setCurrentIndex(2);
    QCoreApplication::processEvents();
    QVERIFY(fabric->isSceneComplete());
    fabric->zoomIn();
    fabric->zoomIn();
    QVERIFY(!fabric->isFitMode());
    const double zoom = fabric->transform().m11();
    tabs->setCurrentIndex(0);
    QCoreApplication::processEvents();
    Document *document = window->document();
    std::optional<DeviceId> node;
    for (const Device &device : document->design().devices())
        if (device.role == DeviceRole::Compute && !node)
            node = device.id;
    QVERIFY(node);
    QCOMPARE(document->remove({ EntityRef::of(*node) }), QString());
    QVERIFY(!fabric->isSceneComplete()); // dropped, not laid out behind the floor plan
    {
        auto eager = eagerViews(document);
        QVERIFY(eager[2]->itemsFor(EntityRef::of(*node)).empty());
        checkShownView(*window, 2, *eager[2]);
    }
    QCOMPARE(fabric->transform().m11(), zoom); // the architect's zoom, not a fit
    QVERIFY(!fabric->isFitMode());

    // F11 with the floor plan shown: the fabric is laid out for the larger labels when shown.
    tabs->setCurrentIndex(0);
    QCoreApplication::processEvents();
    canvas::FabricView presented(document);
    presented.setPresentationMode(true);
    window->setPresentationMode(true);
    tabs->setCurrentIndex(2);
    QCoreApplication::processEvents();
    QCOMPARE(fabric->geometry().headerScale, presented.geometry().headerScale);
    QCOMPARE(fabric->scene()->itemsBoundingRect(), presented.scene()->itemsBoundingRect());
    window->setPresentationMode(false);
}

void TestWorkbenchOpen::openTimesLog()
{
    const QString designs
        = QProcessEnvironment::systemEnvironment().value(QStringLiteral("CW_OPEN_LOG_DESIGNS"));
    if (designs.isEmpty())
        QSKIP("set CW_OPEN_LOG_DESIGNS=a.cluster.json:b.cluster.json to log open times");
    for (const QString &path : designs.split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
        {
            // Before: the whole open on the GUI thread (load, then the Document: copies and
            // the local rules' full run), as File > Open did it.
            auto window = batchWindow();
            StallMeter stall;
            QElapsedTimer clock;
            clock.start();
            auto loaded = loadDesignFile(path.toStdString(), Catalog::builtin());
            QVERIFY(loaded);
            window->newDocument(std::make_unique<Design>(std::move(loaded.value().design)));
            QCoreApplication::processEvents();
            const qint64 interactiveMs = clock.elapsed();
            QSignalSpy settled(window->document()->validator(), &LiveValidator::settled);
            if (window->document()->validator()->isPending())
                QVERIFY(settled.wait(600000));
            qInfo("%s synchronous: interactive %lld ms, validated %lld ms, longest stall %lld ms",
                  qPrintable(QFileInfo(path).fileName()), interactiveMs, clock.elapsed(),
                  stall.longestMs);
        }
        {
            // File > Open as the architect sees it (app/gui/OpenMeter.h): the shown view
            // painted in full and a probe answered within 50 ms, then the violations listed.
            auto window = batchWindow();
            const OpenTimes times = measureOpen(*window, path);
            QVERIFY(times.interactiveMs >= 0 && times.violationsMs >= 0);
            qInfo("%s background: %s", qPrintable(QFileInfo(path).fileName()),
                  qPrintable(describe(times)));
        }
    }
}

QTEST_MAIN(TestWorkbenchOpen)
#include "tst_workbench_open.moc"

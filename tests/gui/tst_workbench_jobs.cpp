// Work off the GUI thread (issue 22, "Never block the window"): export, the facilities pack,
// save and template generation run on workers against a snapshot of the design, with
// progress and a Cancel that leaves the design and the target folder untouched.
//
// To catch a job while it runs without any timing, some tests fill the jobs' thread pool
// with tasks that wait on a semaphore (PoolBlocker): the job is then certainly in flight
// (queued behind them) while the test types, edits and cancels, and it goes on only when
// the test releases the pool.

#include "app/gui/JobStatus.h"
#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignWizard.h"

#include "JobFixtures.h"

#include "views/document/DesignSnapshots.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"
#include "views/export/ExportDialog.h"

#include "exporters/Exporter.h"
#include "exporters/common/ExportRun.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/SelectionFabric.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <atomic>
#include <memory>

using namespace cw;
using cw::workbench::PoolBlocker;
using cw::workbench::Ticker;

namespace {

const QString kDgxExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

/// The generated 2,048-node fat tree of the issue (built once).
const Design &generated2048()
{
    static std::unique_ptr<Design> design;
    if (!design) {
        auto result = generateDesign("fat-tree", { { "nodes", "2048" } }, Catalog::builtin());
        if (!result)
            qFatal("cannot generate: %s", result.error().message.c_str());
        design = std::make_unique<Design>(std::move(result.value().design));
    }
    return *design;
}

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

std::unique_ptr<MainWindow> windowWith2048()
{
    auto window = batchWindow();
    window->newDocument(std::make_unique<Design>(generated2048()));
    return window;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Every file under `folder`, relative, sorted.
QStringList filesUnder(const QString &folder)
{
    QStringList files;
    QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(folder).relativeFilePath(it.next());
    files.sort();
    return files;
}

exportviews::ExportDialog *dialogWithAllFormats(MainWindow &window, const QString &folder)
{
    exportviews::ExportDialog *dialog = window.openExportDialog();
    for (const exporters::Exporter *exporter : window.exporterRegistry().all())
        dialog->setFormatChecked(QString::fromStdString(exporter->name()), true);
    dialog->allowErrorsBox()->setChecked(true); // the gate is tst_export_dialog's
    dialog->setOutputFolder(folder);
    return dialog;
}

} // namespace

class TestWorkbenchJobs : public QObject
{
    Q_OBJECT

private slots:
    void snapshotsFollowEditsWithoutCopies();
    void exportCancelledWhileQueuedWritesNothing();
    void exportCancelledMidwayWritesNothing();
    void completedExportMatchesTheCliRun();
    void facilitiesPackCancelAndActions();
    void saveDoesNotBlockTyping();
    void templateGeneratesOffTheGuiThread();
    void fabricGeneratesOffTheGuiThread();
};

void TestWorkbenchJobs::snapshotsFollowEditsWithoutCopies()
{
    auto loaded = loadDesignFile(kDgxExample.toStdString(), Catalog::builtin());
    QVERIFY(loaded);
    Document document(Catalog::builtin(), std::make_unique<Design>(loaded.value().design),
                      QString());
    DesignSnapshots *snapshots = document.snapshots();
    auto take = [snapshots] {
        std::shared_ptr<const Design> result;
        QSemaphore ready;
        snapshots->withSnapshot([&](std::shared_ptr<const Design> design) {
            result = std::move(design);
            ready.release();
        });
        ready.acquire();
        return result;
    };
    const std::string original = serializeDesign(document.design(), Catalog::builtin());
    // Edits while nobody holds a snapshot patch the one mirror in place: no new copy.
    QCOMPARE(document.setDesignName(QStringLiteral("First")), QString());
    QCOMPARE(document.setDesignName(QStringLiteral("Second")), QString());
    std::shared_ptr<const Design> held = take();
    QCOMPARE(snapshots->copies(), 1);
    QCOMPARE(held->name(), std::string("Second"));
    QCOMPARE(serializeDesign(*held, Catalog::builtin()),
             serializeDesign(document.design(), Catalog::builtin()));
    // An edit while a snapshot is held: the next snapshot is a new copy, the held one keeps
    // the design as it was.
    QCOMPARE(document.setDesignName(QStringLiteral("Third")), QString());
    std::shared_ptr<const Design> next = take();
    QCOMPARE(snapshots->copies(), 2);
    QCOMPARE(held->name(), std::string("Second"));
    QCOMPARE(next->name(), std::string("Third"));
    // Undo all the way: the snapshot is the file as loaded, byte for byte.
    held.reset();
    next.reset();
    while (document.undoStack()->canUndo())
        document.undoStack()->undo();
    QCOMPARE(serializeDesign(*take(), Catalog::builtin()), original);
    QCOMPARE(snapshots->copies(), 2);
}

void TestWorkbenchJobs::exportCancelledWhileQueuedWritesNothing()
{
    auto window = windowWith2048();
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("export"));
    const std::string before = serializeDesign(window->document()->design(), Catalog::builtin());
    exportviews::ExportDialog *dialog = dialogWithAllFormats(*window, folder);
    PoolBlocker blocker;
    Ticker ticker;
    QVERIFY(dialog->startExport());
    QVERIFY(dialog->isExporting());
    QVERIFY(dialog->progressBar()->isVisible());
    QVERIFY(!dialog->exportButton()->isEnabled()); // no second export at once
    QVERIFY(dialog->cancelButton()->isEnabled());
    // The window lives on while the export is in flight.
    QTRY_VERIFY(ticker.ticks >= 3);
    QVERIFY(dialog->isExporting());
    QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
    blocker.release();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isExporting(), 120000);
    QVERIFY(dialog->lastOutcome());
    QVERIFY(dialog->lastOutcome()->status == exporters::ExportStatus::Cancelled);
    QVERIFY(!QFileInfo::exists(folder));
    QCOMPARE(filesUnder(dir.path()), QStringList());
    QVERIFY(!window->document()->isModified());
    QCOMPARE(serializeDesign(window->document()->design(), Catalog::builtin()), before);
    QVERIFY(dialog->exportButton()->isEnabled());
}

void TestWorkbenchJobs::exportCancelledMidwayWritesNothing()
{
    auto window = windowWith2048();
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("export"));
    const std::string before = serializeDesign(window->document()->design(), Catalog::builtin());
    exportviews::ExportDialog *dialog = dialogWithAllFormats(*window, folder);
    const int formats = static_cast<int>(window->exporterRegistry().all().size());
    QVERIFY(formats >= 3);
    Ticker ticker;
    int ticksAtFirstStep = -1;
    // Cancel once the worker has prepared the first format (a determinate count: one step
    // per format, then the write): the worker is inside the export when it hears it.
    connect(dialog->progressBar(), &QProgressBar::valueChanged, dialog, [&](int value) {
        if (value >= 1 && ticksAtFirstStep < 0) {
            QCOMPARE(dialog->progressBar()->maximum(), formats + 1);
            ticksAtFirstStep = ticker.ticks;
            dialog->cancelExport();
        }
    });
    QVERIFY(dialog->startExport());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isExporting(), 120000);
    QVERIFY(ticksAtFirstStep >= 0);
    QVERIFY(ticker.ticks > 0);
    QVERIFY(dialog->lastOutcome()->status == exporters::ExportStatus::Cancelled);
    QVERIFY(!QFileInfo::exists(folder));
    QCOMPARE(filesUnder(dir.path()), QStringList());
    QCOMPARE(serializeDesign(window->document()->design(), Catalog::builtin()), before);
    QVERIFY(!window->document()->isModified());
}

void TestWorkbenchJobs::completedExportMatchesTheCliRun()
{
    auto window = windowWith2048();
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("gui"));
    exportviews::ExportDialog *dialog = window->openExportDialog();
    const QStringList formats { QStringLiteral("slurm"), QStringLiteral("graphml"),
                                QStringLiteral("cabling") };
    for (const QString &format : formats)
        dialog->setFormatChecked(format, true);
    QCOMPARE(dialog->checkedFormats().size(), formats.size());
    dialog->allowErrorsBox()->setChecked(true);
    dialog->setOutputFolder(folder);
    Ticker ticker;
    QVERIFY(dialog->startExport());
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isExporting(), 120000);
    QVERIFY2(dialog->lastOutcome()->ok(), qPrintable(dialog->resultView()->toPlainText()));

    // What `clusterwright-cli export --format slurm,graphml,cabling --allow-errors` runs
    // (app/cli/CommandExport.cpp): a full validation, then runExport, on the same design.
    const Design &design = window->document()->design();
    std::vector<exporters::ExportSelection> selections;
    for (const exporters::Exporter *exporter : window->exporterRegistry().all())
        if (formats.contains(QString::fromStdString(exporter->name())))
            selections.push_back({ exporter, {} });
    exporters::ExportRunOptions options;
    const QString cliFolder = dir.filePath(QStringLiteral("cli"));
    options.folder = cliFolder.toStdString();
    options.allowErrors = true;
    options.subfolders = true;
    const auto cli = exporters::runExport(design, Catalog::builtin(),
                                          validateDesign(design, Catalog::builtin()).violations,
                                          selections, options);
    QVERIFY(cli.ok());
    const QStringList files = filesUnder(folder);
    QCOMPARE(files, filesUnder(cliFolder));
    QVERIFY(files.size() >= formats.size());
    for (const QString &file : files)
        QVERIFY2(readAll(QDir(folder).filePath(file)) == readAll(QDir(cliFolder).filePath(file)),
                 qPrintable(file));
}

void TestWorkbenchJobs::facilitiesPackCancelAndActions()
{
    auto window = batchWindow();
    QVERIFY(window->openFile(kDgxExample));
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("pack"));
    std::optional<exporters::ExportRunOutcome> outcome;
    {
        PoolBlocker blocker;
        window->startFacilitiesPack(
            folder, [&](const exporters::ExportRunOutcome &result) { outcome = result; });
        // In the status bar, with Cancel; nothing may start a second job or replace the
        // document meanwhile, but editing goes on.
        QVERIFY(window->jobStatus()->isBusy());
        QVERIFY(window->jobStatus()->isVisible());
        QVERIFY(window->jobStatus()->cancelButton()->isVisible());
        for (const char *name :
             { "fileSave", "fileSaveAs", "fileOpen", "fileNew", "exportFacilitiesPack" })
            QVERIFY2(!window->action(QString::fromLatin1(name))->isEnabled(), name);
        QVERIFY(window->action(QStringLiteral("editUndo")));
        QCOMPARE(window->document()->setDesignName(QStringLiteral("edited meanwhile")), QString());
        QTest::mouseClick(window->jobStatus()->cancelButton(), Qt::LeftButton);
    }
    QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 120000);
    QVERIFY(outcome->status == exporters::ExportStatus::Cancelled);
    QVERIFY(!QFileInfo::exists(folder));
    QTRY_VERIFY(!window->jobStatus()->isBusy());
    QVERIFY(window->action(QStringLiteral("fileSave"))->isEnabled());
    QVERIFY(window->action(QStringLiteral("exportFacilitiesPack"))->isEnabled());
    // Uncancelled, the same call writes the pack (the report's files, docs/facilities-report.md:
    // one SVG per distinct elevation, A01 and A02 differ, the rack index and device list).
    const exporters::ExportRunOutcome written = window->exportFacilitiesPackTo(folder);
    QVERIFY2(written.ok(), written.error.c_str());
    QCOMPARE(filesUnder(folder),
             (QStringList { "facilities-report.pdf", "floorplan.svg", "racks/E1.svg",
                            "racks/E2.svg", "racks/devices.csv", "racks/index.csv" }));
}

void TestWorkbenchJobs::saveDoesNotBlockTyping()
{
    auto window = windowWith2048();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.cluster.json"));
    Document *document = window->document();
    QCOMPARE(document->setDesignName(QStringLiteral("before the save")), QString());
    const std::string expected = serializeDesign(document->design(), Catalog::builtin());
    auto *field = new QLineEdit(window.get());
    field->show();
    field->setFocus();
    QFuture<QString> save;
    {
        PoolBlocker blocker;
        save = window->saveTo(path);
        QVERIFY(document->isSaving());
        QVERIFY(window->jobStatus()->isBusy());
        QVERIFY(!window->jobStatus()->cancelButton()->isVisible()); // a save runs to the end
        // Typing reaches the field, and the design can be edited, while the save runs.
        QTest::keyClicks(field, QStringLiteral("typed while saving"));
        QCOMPARE(field->text(), QStringLiteral("typed while saving"));
        QCOMPARE(document->setDesignName(QStringLiteral("after the save began")), QString());
        QVERIFY(document->isSaving());
        QVERIFY(!save.isFinished());
    }
    QTRY_VERIFY_WITH_TIMEOUT(!window->jobStatus()->isBusy(), 120000);
    QCOMPARE(save.result(), QString());
    // The file holds the design as it was when Save was pressed; the later edit keeps the
    // document modified, under its new name.
    QCOMPARE(readAll(path).toStdString(), expected);
    QCOMPARE(document->filePath(), path);
    QVERIFY(document->isModified());
    QVERIFY(window->recentFiles().contains(QFileInfo(path).absoluteFilePath()));
    // A save with nothing edited since makes the document clean.
    window->saveTo(path);
    QTRY_VERIFY_WITH_TIMEOUT(!window->jobStatus()->isBusy(), 120000);
    QVERIFY(!document->isModified());
    auto reloaded = loadDesignFile(path.toStdString(), Catalog::builtin());
    QVERIFY(reloaded);
    QCOMPARE(reloaded.value().design.name(), std::string("after the save began"));
}

void TestWorkbenchJobs::templateGeneratesOffTheGuiThread()
{
    NewDesignWizard wizard(Catalog::builtin());
    wizard.setTemplate(QStringLiteral("fat-tree"));
    wizard.setParameter(QStringLiteral("nodes"), QStringLiteral("2048"));
    std::optional<QString> error;
    {
        PoolBlocker blocker;
        Ticker ticker;
        QVERIFY(wizard.startGenerating([&error](const QString &why) { error = why; }));
        QVERIFY(wizard.isGenerating());
        QVERIFY(!wizard.startGenerating({})); // one at a time
        QTRY_VERIFY(ticker.ticks >= 3);
        QVERIFY(!error);
    }
    QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 120000);
    QCOMPARE(*error, QString());
    QVERIFY(wizard.hasCurrentDesign());
    // The same design as the generator gives on this thread.
    std::unique_ptr<Design> design = wizard.takeDesign();
    QVERIFY(design);
    QCOMPARE(serializeDesign(*design, Catalog::builtin()),
             serializeDesign(generated2048(), Catalog::builtin()));
    // Other choices: the design made before is not the current one.
    wizard.setParameter(QStringLiteral("nodes"), QStringLiteral("16"));
    QVERIFY(!wizard.hasCurrentDesign());
}

void TestWorkbenchJobs::fabricGeneratesOffTheGuiThread()
{
    // The 8x DGX example without its compute fabric; the 8 DGX get a new one (as in
    // tst_workbench generateFabricForSelectionIsOneUndoStep, here on a worker).
    auto built = buildDgx8H100Ndr(Catalog::builtin());
    QVERIFY(built);
    Design design = std::move(built).value();
    for (const Fabric &fabric : design.fabrics())
        if (fabric.name == "compute-ndr") {
            design.removeFabric(fabric.id);
            break;
        }
    std::vector<EntityRef> selection;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute)
            selection.push_back(EntityRef::of(device.id));
    QCOMPARE(selection.size(), std::size_t(8));
    Document document(Catalog::builtin(), std::make_unique<Design>(std::move(design)), QString());
    const std::string before = serializeDesign(document.design(), Catalog::builtin());
    const std::size_t linksBefore = document.design().links().size();
    SelectionFabricSpec spec;
    spec.name = "compute-new";
    spec.switchType = "qm9700";

    // Cancelled while it runs: the design is as it was, no undo step.
    auto cancelled = std::make_shared<std::atomic_bool>(false);
    QFuture<QString> future;
    {
        PoolBlocker blocker;
        future = document.generateFabricInBackground(selection, spec, cancelled);
        QVERIFY(!future.isFinished());
        cancelled->store(true);
    }
    QTRY_VERIFY_WITH_TIMEOUT(future.isFinished(), 60000);
    QVERIFY(future.result().contains(QStringLiteral("cancelled")));
    QCOMPARE(document.undoStack()->count(), 0);
    QCOMPARE(serializeDesign(document.design(), Catalog::builtin()), before);

    // Edited while it runs: refused, nothing added over the newer design.
    {
        PoolBlocker blocker;
        future = document.generateFabricInBackground(selection, spec);
        QCOMPARE(document.setDesignName(QStringLiteral("renamed meanwhile")), QString());
    }
    QTRY_VERIFY_WITH_TIMEOUT(future.isFinished(), 60000);
    QVERIFY(future.result().contains(QStringLiteral("changed while")));
    QCOMPARE(document.design().links().size(), linksBefore);
    QCOMPARE(document.undoStack()->count(), 1);

    // Left alone: one undo step with the same fabric as the synchronous edit gives.
    future = document.generateFabricInBackground(selection, spec);
    QTRY_VERIFY_WITH_TIMEOUT(future.isFinished(), 60000);
    QCOMPARE(future.result(), QString());
    QCOMPARE(document.undoStack()->count(), 2);
    // 8 nodes x 8 rails = 64 node links + 2 leaves x 32 uplinks = 64 leaf-spine links
    // (worked out in tests/fabric/tst_selection_fabric.cpp from ref:al-fares-2008).
    QCOMPARE(document.design().links().size(), linksBefore + 128);
    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(serializeDesign(document.design(), Catalog::builtin()), before);
}

QTEST_MAIN(TestWorkbenchJobs)
#include "tst_workbench_jobs.moc"

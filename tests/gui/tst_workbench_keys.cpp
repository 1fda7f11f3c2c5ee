// The workbench's usual key bindings (issue 22, item 4) pressed as a user would, on the real
// window: Ctrl+= and Ctrl+- zoom, Delete deletes the selection as one undo step, Escape
// drops the selection (and leaves presentation mode), and File > Open starts in the
// design's folder.

#include "app/gui/MainWindow.h"

#include "views/canvas/FloorPlanView.h"
#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QTabWidget>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace cw;

namespace {

const QString kExamples = QStringLiteral(CW_SOURCE_DIR "/resources/examples");
const QString kDgxExample = kExamples + QStringLiteral("/8dgx-h100-ndr.cluster.json");

/// CanvasView's zoom step (views/canvas/CanvasView.cpp, kZoomStep): one key press.
constexpr double kZoomStep = 1.25;

std::unique_ptr<MainWindow> activeWindow()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    if (!window->openFile(kDgxExample))
        qFatal("cannot open %s", qPrintable(kDgxExample));
    window->resize(1400, 900);
    window->show();
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window.get()))
        qFatal("window not active");
    window->viewTabs()->setCurrentWidget(window->floorPlanView());
    window->floorPlanView()->setFocus();
    QCoreApplication::processEvents();
    return window;
}

} // namespace

class TestWorkbenchKeys : public QObject
{
    Q_OBJECT

private slots:
    void zoomKeys();
    void deleteKeyIsOneUndoStep();
    void escapeDropsSelectionAndLeavesPresentation();
    void openStartsInTheDesignsFolder();
};

void TestWorkbenchKeys::zoomKeys()
{
    auto window = activeWindow();
    canvas::FloorPlanView *view = window->floorPlanView();
    const double before = view->zoom();
    QTest::keyClick(view, Qt::Key_Equal, Qt::ControlModifier);
    QVERIFY(qFuzzyCompare(view->zoom(), before * kZoomStep));
    QTest::keyClick(view, Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(qFuzzyCompare(view->zoom(), before));
    QTest::keyClick(view, Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(qFuzzyCompare(view->zoom(), before / kZoomStep));
    // Both are in the View menu's actions, so they show there with their keys.
    QVERIFY(window->action(QStringLiteral("viewZoomIn"))
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::Key_Equal)));
    QVERIFY(window->action(QStringLiteral("viewZoomOut"))
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::Key_Minus)));
}

void TestWorkbenchKeys::deleteKeyIsOneUndoStep()
{
    auto window = activeWindow();
    Document *document = window->document();
    const Design &design = document->design();
    // The example's two racks, A01 and A02, each with four DGX H100 and their links.
    QCOMPARE(static_cast<int>(design.racks().size()), 2);
    const Rack rack = *design.racks().begin();
    const std::size_t devicesBefore = design.devices().size();
    const std::size_t inRack = design.devicesInRack(rack.id).size();
    QVERIFY(inRack > 0);
    document->setSelection({ EntityRef::of(rack.id) });
    const int steps = document->undoStack()->count();
    QTest::keyClick(window->floorPlanView(), Qt::Key_Delete);
    QCOMPARE(static_cast<int>(design.racks().size()), 1);
    QVERIFY(!design.rack(rack.id));
    QCOMPARE(design.devices().size(), devicesBefore - inRack);
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QVERIFY(document->selection().empty());
    document->undoStack()->undo();
    QVERIFY(design.rack(rack.id));
    QCOMPARE(design.devices().size(), devicesBefore);
}

void TestWorkbenchKeys::escapeDropsSelectionAndLeavesPresentation()
{
    auto window = activeWindow();
    Document *document = window->document();
    const Rack rack = *document->design().racks().begin();
    document->setSelection({ EntityRef::of(rack.id) });
    QTest::keyClick(window->floorPlanView(), Qt::Key_Escape);
    QVERIFY(document->selection().empty());
    QVERIFY(!window->isPresentationMode());

    window->setPresentationMode(true);
    QVERIFY(window->isPresentationMode());
    QTest::keyClick(window->floorPlanView(), Qt::Key_Escape);
    QVERIFY(!window->isPresentationMode());
}

void TestWorkbenchKeys::openStartsInTheDesignsFolder()
{
    auto window = activeWindow();
    const QString examples = QFileInfo(kExamples).absoluteFilePath();
    QCOMPARE(window->openDialogFolder(), examples);
    // An untitled design: the folder of the file opened last.
    window->newDocument(std::make_unique<Design>());
    QVERIFY(window->document()->filePath().isEmpty());
    QCOMPARE(window->openDialogFolder(), examples);
    // Nothing opened yet: the home folder.
    MainWindow fresh(Catalog::builtin());
    fresh.setBatchMode(true);
    QCOMPARE(fresh.openDialogFolder(), QDir::homePath());
}

QTEST_MAIN(TestWorkbenchKeys)
#include "tst_workbench_keys.moc"

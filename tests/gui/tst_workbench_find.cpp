// Finding your way in the workbench window: the Violations dock (a power rule tripped and
// waived, a click that selects and shows the culprit, next/previous violation keys), the
// toolbar, menus and shortcuts, presentation mode, and find by name.

#include "WorkbenchFixtures.h"

#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignWizard.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Recable.h"
#include "model/fabric/SelectionFabric.h"
#include "model/io/DesignFile.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/ElevationItems.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/docks/FabricDialog.h"
#include "views/docks/FindBar.h"
#include "views/docks/InspectorDock.h"
#include "views/docks/LibraryDock.h"
#include "views/docks/LinkDialog.h"
#include "views/docks/StorageTierDialog.h"
#include "views/docks/ViolationsDock.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace cw;
using namespace cw::workbench;

class TestWorkbenchFind : public QObject
{
    Q_OBJECT

private slots:
    void powerRuleInDockThenWaive();
    void violationClickSelectsAndShows();
    void toolbarAndViolationKeys();
    void presentationModeHidesDocks();
    void menusAndShortcuts();
    void findByNameSelectsAndShows();
};

void TestWorkbenchFind::powerRuleInDockThenWaive()
{
    auto window = windowFromTemplate();
    Document *document = window->document();
    const Design &design = document->design();
    const RackId a01 = rackNamed(design, "A01")->id;
    // Add servers through the library (Enter on a part places it in the selected rack).
    document->setSelection({ EntityRef::of(a01) });
    QCOMPARE(window->placePart(QString::fromLatin1(kSeedNode)), QString());
    document->validator()->flush();
    QCOMPARE(countRule(document->validator()->violations(), "power.rack-over-feed"), 0);
    QCOMPARE(window->placePart(QString::fromLatin1(kSeedNode)), QString());
    // Four nodes: 40.8 kW against 2 x 400 V x 32 A x sqrt(3) x 0.8 = 35.47 kW per feed, and
    // each of feed A and B must carry the rack alone: one violation per feed.
    document->validator()->flush();
    QCOMPARE(countRule(document->validator()->violations(), "power.rack-over-feed"), 2);
    ViolationsDock *dock = window->violationsDock();
    QTreeWidgetItem *item = dock->firstItemOfRule("power.rack-over-feed");
    QVERIFY(item);
    QVERIFY(item->text(0).contains(QStringLiteral("40.8 kW")));
    // The marker on the rack in the floor plan.
    canvas::FloorRackItem *rackItem = window->floorPlanView()->rackItem(a01);
    QVERIFY(rackItem);
    QVERIFY(rackItem->marker().has_value());
    QVERIFY(*rackItem->marker() == Severity::Error);

    const int errors = document->validator()->result().errors;
    QCOMPARE(dock->waive(item, QStringLiteral("feeds upgraded to 63 A in Q3")), QString());
    document->validator()->flush();
    // The waiver names rack A01 only, so it covers both feed violations.
    QCOMPARE(countRule(document->validator()->violations(), "power.rack-over-feed", true), 2);
    QCOMPARE(document->validator()->result().errors, errors - 2);
    QCOMPARE(document->validator()->result().waived, 2);
    QVERIFY(dock->countsText().contains(QStringLiteral("2 waived")));
    bool waivedGroup = false;
    for (int i = 0; i < dock->tree()->topLevelItemCount(); ++i)
        waivedGroup = waivedGroup
            || dock->tree()->topLevelItem(i)->text(0).startsWith(QStringLiteral("Waived (2)"));
    QVERIFY(waivedGroup);
    QCOMPARE(design.waivers().size(), std::size_t(1));
    QCOMPARE(design.waivers().front().reason, std::string("feeds upgraded to 63 A in Q3"));

    // Removing the load makes the waiver stale, and the dock says so.
    window->action(QStringLiteral("editUndo"))->trigger(); // the waiver
    window->action(QStringLiteral("editRedo"))->trigger();
    const DeviceId last = design.devices().items().back().id;
    QCOMPARE(document->remove({ EntityRef::of(last) }), QString());
    document->validator()->flush();
    QCOMPARE(static_cast<int>(document->validator()->result().staleWaivers.size()), 1);
    QVERIFY(dock->countsText().contains(QStringLiteral("1 stale waiver")));
}

void TestWorkbenchFind::violationClickSelectsAndShows()
{
    auto window = windowFromTemplate();
    Document *document = window->document();
    const Design &design = document->design();
    // Lustre on the compute fabric: net.converged-storage names the fabric.
    ViolationsDock *dock = window->violationsDock();
    QTreeWidgetItem *item = dock->firstItemOfRule("net.converged-storage");
    QVERIFY(item);
    const Violation violation = *dock->violationAt(item);
    dock->activate(item);
    // The culprit alone: the fabric the finding is about (its first, most specific entity).
    QVERIFY(!violation.entities.empty());
    QCOMPARE(violation.entities.front().kind, EntityKind::Fabric);
    const std::vector<EntityRef> expected { violation.entities.front() };
    QVERIFY(document->selection() == expected);
    QCOMPARE(window->viewTabs()->currentWidget(), static_cast<QWidget *>(window->fabricView()));

    // Filtering by text narrows the tree to matching violations.
    dock->setFilterText(QStringLiteral("net.converged-storage"));
    QCOMPARE(dock->shownViolationCount(),
             countRule(document->validator()->violations(), "net.converged-storage"));
    dock->setFilterText(QString());
    (void)design;
}

void TestWorkbenchFind::toolbarAndViolationKeys()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    auto *bar = window->findChild<QToolBar *>(QStringLiteral("mainToolBar"));
    QVERIFY(bar);
    QStringList names;
    for (QAction *a : bar->actions())
        names << a->objectName();
    for (const char *name : { "fileNew", "fileOpen", "fileSave", "editUndo", "editRedo",
                              "viewZoomFit", "editNewFabric", "editAddLink", "editGenerateFabric" })
        QVERIFY2(names.contains(QString::fromLatin1(name)), name);
    // F8 / Shift+F8 work from the window, also with the dock hidden.
    QVERIFY(window->actions().contains(window->violationsDock()->nextAction()));
    QVERIFY(window->actions().contains(window->violationsDock()->previousAction()));
}

void TestWorkbenchFind::presentationModeHidesDocks()
{
    auto window = windowFromTemplate();
    QVERIFY(window->libraryDock()->isVisible());
    window->action(QStringLiteral("viewPresentation"))->trigger();
    QVERIFY(window->isPresentationMode());
    QVERIFY(window->windowState() & Qt::WindowFullScreen);
    QVERIFY(!window->libraryDock()->isVisible());
    QVERIFY(!window->violationsDock()->isVisible());
    QVERIFY(window->floorPlanView()->isPresentationMode());
    // The toolbar goes with the menu bar (docs/canvas.md), and comes back with it.
    auto *toolBar = window->findChild<QToolBar *>(QStringLiteral("mainToolBar"));
    QVERIFY(toolBar);
    QVERIFY(!toolBar->isVisible());
    QVERIFY(!window->menuBar()->isVisible());
    window->action(QStringLiteral("viewPresentation"))->trigger();
    QVERIFY(!window->isPresentationMode());
    QVERIFY(toolBar->isVisible());
    QVERIFY(window->libraryDock()->isVisible());
    QVERIFY(!window->floorPlanView()->isPresentationMode());
}

void TestWorkbenchFind::menusAndShortcuts()
{
    auto window = windowFromTemplate();
    // Standard shortcuts on the standard actions.
    QVERIFY(window->action(QStringLiteral("fileSave"))
                ->shortcuts()
                .contains(QKeySequence(QKeySequence::Save)));
    QVERIFY(window->action(QStringLiteral("editUndo"))
                ->shortcuts()
                .contains(QKeySequence(QKeySequence::Undo)));
    QVERIFY(window->action(QStringLiteral("editRedo"))
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
    QVERIFY(window->action(QStringLiteral("editDelete"))
                ->shortcuts()
                .contains(QKeySequence(QKeySequence::Delete)));
    QVERIFY(window->action(QStringLiteral("viewPresentation"))
                ->shortcuts()
                .contains(QKeySequence(Qt::Key_F11)));
    // Export opens the export dialog (the exporters have landed).
    QVERIFY(window->action(QStringLiteral("exportDialog"))
                ->shortcuts()
                .contains(QKeySequence(Qt::CTRL | Qt::Key_E)));

    // Delete with the keyboard, undo with the keyboard: one step each.
    Document *document = window->document();
    const DeviceId gpu = deviceNamed(document->design(), "gpu005")->id;
    document->setSelection({ EntityRef::of(gpu) });
    window->floorPlanView()->setFocus();
    QTest::keySequence(window.get(), QKeySequence(QKeySequence::Delete));
    QVERIFY(!document->design().device(gpu));
    QTest::keySequence(window.get(), QKeySequence(QKeySequence::Undo));
    QVERIFY(document->design().device(gpu));
    // Copy and paste into the selected device's rack.
    document->setSelection({ EntityRef::of(gpu) });
    window->action(QStringLiteral("editCopy"))->trigger();
    window->action(QStringLiteral("editPaste"))->trigger();
    QVERIFY(deviceNamed(document->design(), "gpu009"));
    QCOMPARE(deviceNamed(document->design(), "gpu009")->rack, document->design().device(gpu)->rack);
    // Select All on the floor plan selects the racks.
    window->viewTabs()->setCurrentWidget(window->floorPlanView());
    window->action(QStringLiteral("editSelectAll"))->trigger();
    QCOMPARE(document->selection().size(), document->design().racks().size());
}

void TestWorkbenchFind::findByNameSelectsAndShows()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    auto built = buildDgx8H100Ndr(Catalog::builtin());
    QVERIFY(built);
    window->newDocument(std::make_unique<Design>(std::move(built).value()));
    window->resize(1400, 900);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    Document *document = window->document();
    const Device *dgx05 = deviceNamed(document->design(), "dgx05");
    QVERIFY(dgx05);
    window->viewTabs()->setCurrentIndex(0); // start on the floor plan

    // Ctrl+F puts the cursor in the find field.
    QAction *find = window->action(QStringLiteral("editFind"));
    QVERIFY(find);
    QCOMPARE(find->shortcut(), QKeySequence(QKeySequence::Find));
    find->trigger();
    QLineEdit *field = window->findBar()->field();
    QVERIFY(field->hasFocus() || QApplication::focusWidget() == field);
    QTest::keyClicks(field, QStringLiteral("DGX05")); // case does not matter
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(document->selection(), std::vector<EntityRef> { EntityRef::of(dgx05->id) });
    // A device is shown in the rack elevation, inside the viewport.
    QCOMPARE(window->currentView(), static_cast<canvas::CanvasView *>(window->rackElevationView()));
    const auto items = window->rackElevationView()->itemsFor(EntityRef::of(dgx05->id));
    QVERIFY(!items.empty());
    QGraphicsView *view = window->rackElevationView();
    const QRect onScreen = view->mapFromScene(items.front()->sceneBoundingRect()).boundingRect();
    QVERIFY2(view->viewport()->rect().contains(onScreen),
             qPrintable(QStringLiteral("dgx05 at %1,%2 %3x%4 outside the viewport")
                            .arg(onScreen.x())
                            .arg(onScreen.y())
                            .arg(onScreen.width())
                            .arg(onScreen.height())));

    // "dgx" names the eight DGX: Enter steps through them, "1 of 8", "2 of 8"...
    field->setText(QStringLiteral("dgx"));
    QCOMPARE(window->findBar()->matches(QStringLiteral("dgx")).size(), std::size_t(8));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(window->findBar()->statusText(), QStringLiteral("1 of 8"));
    QCOMPARE(document->displayName(document->selection().front()), QStringLiteral("dgx01"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(window->findBar()->statusText(), QStringLiteral("2 of 8"));
    QCOMPARE(document->displayName(document->selection().front()), QStringLiteral("dgx02"));
    // An exact name comes before names containing it; racks are found as well.
    const Rack *rack
        = document->design().racks().size() > 0 ? &*document->design().racks().begin() : nullptr;
    QVERIFY(rack);
    field->setText(QString::fromStdString(rack->name));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(document->selection(), std::vector<EntityRef> { EntityRef::of(rack->id) });
    QCOMPARE(window->currentView(), static_cast<canvas::CanvasView *>(window->floorPlanView()));
    field->setText(QStringLiteral("no-such-host"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(window->findBar()->statusText(), QStringLiteral("no match"));
    QCOMPARE(document->selection(), std::vector<EntityRef> { EntityRef::of(rack->id) });
}

QTEST_MAIN(TestWorkbenchFind)
#include "tst_workbench_find.moc"

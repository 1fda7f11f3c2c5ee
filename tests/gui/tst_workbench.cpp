// The workbench window driven as a user would to build and edit a design: start from a
// template, drop a server into a rack slot, edit in the inspector and undo, drag a device,
// keep the legend choice, save and reopen, and a new design's default hall.
// (Cabling: tst_workbench_fabric; finding your way and the violations: tst_workbench_find.)

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

class TestWorkbench : public QObject
{
    Q_OBJECT

private slots:
    void templateThenDropServerIntoSlot();
    void inspectorEditsAndUndo();
    void legendChoiceOutlivesTheDocument();
    void dragDeviceIsOneUndoStep();
    void saveReopenCompare();
    void newDesignStartsFromDefaultHall();
};

void TestWorkbench::templateThenDropServerIntoSlot()
{
    auto window = windowFromTemplate();
    Document *document = window->document();
    const Design &design = document->design();
    // The seed template: 8 HGX nodes in A01-A04 (2 each), infrastructure in A05.
    QCOMPARE(static_cast<int>(design.racks().size()), 5);
    int nodes = 0;
    for (const Device &device : design.devices())
        nodes += device.role == DeviceRole::Compute;
    QCOMPARE(nodes, 8);
    const ValidationResult before = document->validator()->result();
    QCOMPARE(countRule(before.violations, "cooling.air-rack-limit"), 0);
    QCOMPARE(countRule(before.violations, "power.site-it-budget"), 0);

    // Drag the part from the library's model onto U17 of A01's front in the elevation.
    const RackId a01 = rackNamed(design, "A01")->id;
    window->viewTabs()->setCurrentWidget(window->rackElevationView());
    canvas::RackElevationView *view = window->rackElevationView();
    view->setRacks({ a01 });
    view->zoomToFit();
    QCoreApplication::processEvents();
    QStandardItemModel *library = window->libraryDock()->model();
    QModelIndex partIndex;
    for (int g = 0; g < library->rowCount() && !partIndex.isValid(); ++g)
        for (int r = 0; r < library->item(g)->rowCount(); ++r)
            if (library->item(g)->child(r)->text() == QLatin1String(kSeedNode))
                partIndex = library->item(g)->child(r)->index();
    QVERIFY(partIndex.isValid());
    std::unique_ptr<QMimeData> mime(library->mimeData({ partIndex }));
    const QPoint pos = view->mapFromScene(view->slotCenter(a01, Face::Front, 17));
    QWidget *viewport = view->viewport();
    QDragEnterEvent enter(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QDragMoveEvent move(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QDropEvent drop(QPointF(pos), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);

    const std::vector<DeviceId> inRack = design.devicesInRack(a01);
    QCOMPARE(static_cast<int>(inRack.size()), 3);
    const Device *added = nullptr;
    for (DeviceId id : inRack)
        if (design.device(id)->uPosition == 17)
            added = design.device(id);
    QVERIFY(added);
    QCOMPARE(added->catalogType, std::string(kSeedNode));
    QVERIFY(added->role == DeviceRole::Compute);
    QCOMPARE(document->undoStack()->count(), 1);

    // A01 now carries 3 x 10.2 kW = 30.6 kW, above the site's 30 kW air limit per rack; the
    // site's IT load goes from 90.55 kW (8 x 10.2 nodes + QM8700 0.55 + mgmt switch 0.2 +
    // head 0.8 + MDS 1.0 + 4 OSS x 1.6) to 100.75 kW, above the 100 kW IT budget.
    document->validator()->flush();
    const ValidationResult after = document->validator()->result();
    QCOMPARE(countRule(after.violations, "cooling.air-rack-limit"), 1);
    QCOMPARE(countRule(after.violations, "power.site-it-budget"), 1);
    QCOMPARE(after.errors, before.errors + 2);
    ViolationsDock *dock = window->violationsDock();
    QVERIFY(dock->firstItemOfRule("cooling.air-rack-limit"));
    QVERIFY(dock->countsText().contains(QStringLiteral("%1 error").arg(after.errors)));
}

void TestWorkbench::inspectorEditsAndUndo()
{
    auto window = windowFromTemplate();
    Document *document = window->document();
    const Design &design = document->design();
    InspectorDock *inspector = window->inspectorDock();
    const DeviceId gpu = deviceNamed(design, "gpu001")->id;
    document->setSelection({ EntityRef::of(gpu) });

    // Type a new hostname and press Enter.
    auto *name = qobject_cast<QLineEdit *>(inspector->editor(QStringLiteral("name")));
    QVERIFY(name);
    QCOMPARE(name->text(), QStringLiteral("gpu001"));
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("gpu-a"));
    QTest::keyClick(name, Qt::Key_Return);
    QCOMPARE(design.device(gpu)->name, std::string("gpu-a"));
    QCOMPARE(document->undoStack()->count(), 1);
    window->action(QStringLiteral("editUndo"))->trigger();
    QCOMPARE(design.device(gpu)->name, std::string("gpu001"));
    QCOMPARE(name->text(), QStringLiteral("gpu001")); // the form follows the undo

    // Refusals leave the design and the undo stack alone and say why.
    auto *u = qobject_cast<QSpinBox *>(inspector->editor(QStringLiteral("uPosition")));
    QVERIFY(u);
    u->setValue(40); // an 8U part at U40 would reach U47 of a 42U rack
    QVERIFY2(inspector->lastMessage().contains(QStringLiteral("U47")),
             qPrintable(inspector->lastMessage()));
    QCOMPARE(design.device(gpu)->uPosition, 1);
    QCOMPARE(u->value(), 1);
    auto *part = qobject_cast<QComboBox *>(inspector->editor(QStringLiteral("part")));
    QVERIFY(part && part->isEditable());
    part->setEditText(QStringLiteral("no-such-part"));
    emit part->lineEdit()->editingFinished();
    QVERIFY2(inspector->lastMessage().contains(QStringLiteral("unknown catalog type")),
             qPrintable(inspector->lastMessage()));
    QCOMPARE(design.device(gpu)->catalogType, std::string(kSeedNode));

    const RowId row = rackNamed(design, "A01")->row;
    document->setSelection({ EntityRef::of(row) });
    auto *budget
        = qobject_cast<QDoubleSpinBox *>(inspector->editor(QStringLiteral("powerBudgetKw")));
    QVERIFY(budget);
    QCOMPARE(budget->value(), 60.0); // the seed's row budget
    budget->setValue(-5);
    QVERIFY2(inspector->lastMessage().contains(QStringLiteral(">= 0 kW")),
             qPrintable(inspector->lastMessage()));
    QCOMPARE(design.row(row)->powerBudgetKw, 60.0);
    QCOMPARE(document->undoStack()->index(), 0);

    // Several devices: one change, one undo step for all.
    std::vector<EntityRef> nodes;
    for (const char *host : { "gpu001", "gpu002", "gpu003", "gpu004" })
        nodes.push_back(EntityRef::of(deviceNamed(design, host)->id));
    document->setSelection(nodes);
    QVERIFY(!inspector->editor(QStringLiteral("name"))); // hostnames are per device
    auto *tier = qobject_cast<QSpinBox *>(inspector->editor(QStringLiteral("tier")));
    QVERIFY(tier);
    tier->setValue(1);
    QCOMPARE(document->undoStack()->index(), 1);
    for (EntityRef ref : nodes)
        QCOMPARE(design.device(DeviceId { ref.id })->tier, 1);
    window->action(QStringLiteral("editUndo"))->trigger();
    for (EntityRef ref : nodes)
        QCOMPARE(design.device(DeviceId { ref.id })->tier, -1);
}

void TestWorkbench::legendChoiceOutlivesTheDocument()
{
    // View > Legend hides the legend in all three views, and a new document keeps the choice.
    auto window = windowFromTemplate();
    QAction *legend = window->action(QStringLiteral("viewLegend"));
    QVERIFY(legend);
    QVERIFY(window->floorPlanView()->isLegendVisible());
    legend->trigger();
    QVERIFY(!legend->isChecked());
    QVERIFY(!window->floorPlanView()->isLegendVisible());
    QVERIFY(!window->rackElevationView()->isLegendVisible());
    QVERIFY(!window->fabricView()->isLegendVisible());
    window->action(QStringLiteral("fileNew"))->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!window->floorPlanView()->isLegendVisible());
    QVERIFY(!window->fabricView()->isLegendVisible());
    QVERIFY(window->action(QStringLiteral("viewShowRacks")));
}

void TestWorkbench::dragDeviceIsOneUndoStep()
{
    auto window = windowFromTemplate();
    Document *document = window->document();
    const Design &design = document->design();
    const RackId a01 = rackNamed(design, "A01")->id;
    const DeviceId gpu002 = deviceNamed(design, "gpu002")->id; // A01, U9-U16
    window->viewTabs()->setCurrentWidget(window->rackElevationView());
    canvas::RackElevationView *view = window->rackElevationView();
    view->setRacks({ a01 });
    view->zoomToFit();
    QCoreApplication::processEvents();
    // Grab half a U above the device's bottom edge and drop that point on U30: its lowest U
    // becomes 30 (U30-U37 are free).
    canvas::ElevationDeviceItem *item = view->deviceItem(gpu002);
    QVERIFY(item);
    const QRectF rect = item->sceneBoundingRect();
    const double halfU = rect.height() / 8 / 2; // the seed node is 8U
    const QPoint from = view->mapFromScene(QPointF(rect.center().x(), rect.bottom() - halfU));
    const QPoint to = view->mapFromScene(view->slotCenter(a01, Face::Front, 30));
    QWidget *viewport = view->viewport();
    sendMouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    for (int step = 1; step <= 6; ++step)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * step / 6, Qt::NoButton,
                  Qt::LeftButton);
    sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);

    QCOMPARE(design.device(gpu002)->uPosition, 30);
    QCOMPARE(document->undoStack()->count(), 1); // the whole drag: one step
    QVERIFY(document->undoStack()->undoText().contains(QStringLiteral("gpu002")));
    window->action(QStringLiteral("editUndo"))->trigger();
    QCOMPARE(design.device(gpu002)->uPosition, 9);
    window->action(QStringLiteral("editRedo"))->trigger();
    QCOMPARE(design.device(gpu002)->uPosition, 30);
}

void TestWorkbench::saveReopenCompare()
{
    QTemporaryDir dir;
    auto window = windowFromTemplate();
    Document *document = window->document();
    QVERIFY(window->windowTitle().startsWith(QStringLiteral("Untitled")));
    // An edit, so the saved file differs from the template's bytes.
    Device node;
    node.catalogType = kSeedNode;
    node.rack = rackNamed(document->design(), "A02")->id;
    node.uPosition = 20;
    QCOMPARE(document->addDevice(node), QString());
    QVERIFY(window->isWindowModified());
    const QString path = dir.filePath(QStringLiteral("work.cluster.json"));
    QCOMPARE(document->save(path), QString());
    QVERIFY(!window->isWindowModified());
    QVERIFY(window->windowTitle().startsWith(QStringLiteral("work.cluster.json")));
    const std::string saved = serializeDesign(document->design(), document->catalog());

    QVERIFY(window->openFile(path));
    QVERIFY(window->document() != nullptr);
    QCOMPARE(serializeDesign(*window->design(), Catalog::builtin()), saved);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().toStdString(), saved);
    QVERIFY(deviceNamed(*window->design(), "node01"));
    QCOMPARE(window->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
    QVERIFY(!window->document()->undoStack()->canUndo());
}

void TestWorkbench::newDesignStartsFromDefaultHall()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    window->resize(1200, 800);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->action(QStringLiteral("fileNew"))->trigger();
    const Site &site = window->document()->design().site();
    // By hand: 32 DGX H100 x 10.2 kW = 326.4 kW, x 1.25 = 408 kW -> 410 kW IT; x PUE 1.3
    // = 533 kW utility; air cooling for the whole IT load.
    QCOMPARE(site.itPowerBudgetKw, 410.0);
    QCOMPARE(site.utilityPowerKw, 533.0);
    QCOMPARE(site.airCoolingCapacityKw, 410.0);
    QVERIFY(window->emptyHint());
    QVERIFY(window->emptyHint()->isVisible());
    QVERIFY(window->emptyHint()->text().contains(QStringLiteral("New from Template")));
    QVERIFY(window->emptyHint()->text().contains(QStringLiteral("410 kW")));
    // The first rack placed: the hint goes, and the power rules judge against the budget.
    QCOMPARE(window->placePart(QStringLiteral("rack-42u-air")), QString());
    QVERIFY(!window->emptyHint()->isVisible());
    // The new rack is selected, so the next part placed goes into it (at U1).
    QCOMPARE(window->document()->selection().size(), std::size_t(1));
    QCOMPARE(window->placePart(QStringLiteral("dgx-h100")), QString());
    QCOMPARE(window->document()->design().devices().size(), std::size_t(1));
    QCOMPARE(window->document()->design().devices().items().front().uPosition, 1);
    window->document()->undoStack()->undo();
    window->document()->undoStack()->undo();
    QVERIFY(window->emptyHint()->isVisible());
}

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"

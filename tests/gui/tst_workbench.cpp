// The workbench window driven as a user would: start from a template, drop a server into a
// rack slot, edit in the inspector and undo, drag a device, save and reopen, trip a power
// rule and waive it from the Violations dock, presentation mode.

#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignWizard.h"

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

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Recable.h"
#include "model/fabric/SelectionFabric.h"
#include "model/io/DesignFile.h"

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

namespace {

constexpr const char *kSeedNode = "hdr-8x-h100-seed";

const Rack *rackNamed(const Design &design, const std::string &name)
{
    for (const Rack &rack : design.racks())
        if (rack.name == name)
            return &rack;
    return nullptr;
}

const Device *deviceNamed(const Design &design, const std::string &name)
{
    for (const Device &device : design.devices())
        if (device.name == name)
            return &device;
    return nullptr;
}

int countRule(const std::vector<Violation> &violations, const std::string &key, bool waived = false)
{
    int count = 0;
    for (const Violation &v : violations)
        count += v.ruleKey == key && v.waived == waived;
    return count;
}

void sendMouse(QWidget *widget, QEvent::Type type, QPoint pos, Qt::MouseButton button,
               Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(pos), widget->mapToGlobal(QPointF(pos)), button, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

/// The window with the seed template loaded through the New from Template wizard.
std::unique_ptr<MainWindow> windowFromTemplate()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    NewDesignWizard wizard(Catalog::builtin(), window.get());
    wizard.setTemplate(QStringLiteral("seed-8node-hdr"));
    QString error;
    if (!wizard.generate(&error))
        qFatal("template: %s", qPrintable(error));
    window->newDocument(wizard.takeDesign());
    window->resize(1600, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qFatal("window not exposed");
    window->document()->validator()->flush();
    return window;
}

} // namespace

class TestWorkbench : public QObject
{
    Q_OBJECT

private slots:
    void templateThenDropServerIntoSlot();
    void inspectorEditsAndUndo();
    void dragDeviceIsOneUndoStep();
    void legendChoiceOutlivesTheDocument();
    void saveReopenCompare();
    void powerRuleInDockThenWaive();
    void violationClickSelectsAndShows();
    void presentationModeHidesDocks();
    void menusAndShortcuts();
    void storageTierFromSelectionAndMembers();
    void generateFabricForSelectionIsOneUndoStep();
    void findByNameSelectsAndShows();
    void handMadeFabricAndLink();
    void inspectorPortTable();
    void toolbarAndViolationKeys();
    void generateFabricReusesPlacedSwitches();
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

void TestWorkbench::powerRuleInDockThenWaive()
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

void TestWorkbench::violationClickSelectsAndShows()
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

void TestWorkbench::presentationModeHidesDocks()
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

void TestWorkbench::menusAndShortcuts()
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

void TestWorkbench::storageTierFromSelectionAndMembers()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    QVERIFY(window->openFile(
        QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json")));
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    Document *document = window->document();
    const Design &design = document->design();
    QCOMPARE(design.storageTiers().size(), std::size_t(1)); // the example's "lustre"
    const DeviceId oss1 = deviceNamed(design, "oss01")->id;
    const DeviceId oss2 = deviceNamed(design, "oss02")->id;
    const DeviceId oss3 = deviceNamed(design, "oss03")->id;
    const DeviceId dgx1 = deviceNamed(design, "dgx01")->id;
    document->setSelection({ EntityRef::of(oss1), EntityRef::of(oss2), EntityRef::of(dgx1) });

    // The proposal: the two OSSes (dgx01 is no storage server), their figures added up from
    // resources/catalog/storage.json, lustre-oss = 290 TB, 45 GB/s read, 30 GB/s write:
    // 2 x 290 = 580 TB, 2 x 45 = 90 GB/s, 2 x 30 = 60 GB/s; on the storage fabric.
    int skipped = 0;
    const StorageTier proposal
        = proposeStorageTier(design, Catalog::builtin(), document->selection(), &skipped);
    QCOMPARE(skipped, 1);
    QVERIFY(proposal.members == (std::vector<DeviceId> { oss1, oss2 }));
    QCOMPARE(proposal.capacityTB, 580.0);
    QCOMPARE(proposal.readGBps, 90.0);
    QCOMPARE(proposal.writeGBps, 60.0);
    QVERIFY(design.fabric(proposal.fabric));
    QCOMPARE(design.fabric(proposal.fabric)->name, std::string("storage-ndr"));
    QCOMPARE(proposal.name, std::string("tier1"));

    // Edit > New Storage Tier...: fill in the dialog and accept it.
    bool dialogSeen = false;
    QTimer::singleShot(0, this, [&dialogSeen] {
        auto *dialog = qobject_cast<StorageTierDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        dialogSeen = true;
        dialog->findChild<QLineEdit *>(QStringLiteral("tierName"))
            ->setText(QStringLiteral("objstore"));
        auto *kind = dialog->findChild<QComboBox *>(QStringLiteral("tierKind"));
        kind->setCurrentIndex(kind->findData(static_cast<int>(StorageKind::Object)));
        dialog->findChild<QDoubleSpinBox *>(QStringLiteral("tierCapacityTB"))->setValue(500);
        dialog->accept();
    });
    const int steps = document->undoStack()->count();
    window->action(QStringLiteral("editNewStorageTier"))->trigger();
    QVERIFY(dialogSeen);
    QCOMPARE(document->undoStack()->count(), steps + 1);
    QCOMPARE(design.storageTiers().size(), std::size_t(2));
    QCOMPARE(document->selection().size(), std::size_t(1));
    QVERIFY(document->selection().front().kind == EntityKind::StorageTier);
    const StorageTierId tierId { document->selection().front().id };
    const StorageTier *tier = design.storageTier(tierId);
    QVERIFY(tier);
    QCOMPARE(tier->name, std::string("objstore"));
    QVERIFY(tier->kind == StorageKind::Object);
    QCOMPARE(tier->capacityTB, 500.0);
    QCOMPARE(tier->readGBps, 90.0); // left as proposed
    QVERIFY(tier->members == (std::vector<DeviceId> { oss1, oss2 }));
    // One undo step takes the whole tier away; redo brings it back under the same id.
    window->action(QStringLiteral("editUndo"))->trigger();
    QCOMPARE(design.storageTiers().size(), std::size_t(1));
    QVERIFY(!design.storageTier(tierId));
    window->action(QStringLiteral("editRedo"))->trigger();
    QVERIFY(design.storageTier(tierId));

    // A compute node is refused as a member, with the reason.
    StorageTier bad = proposal;
    bad.name = "bad";
    bad.members = { dgx1 };
    QVERIFY(window->createStorageTier(bad).contains(QStringLiteral("not a storage server")));
    QCOMPARE(design.storageTiers().size(), std::size_t(2));

    // The inspector's member lists: oss01 and oss02 are members; the other storage servers
    // (mds01, oss03, oss04) can join.
    document->setSelection({ EntityRef::of(tierId) });
    QCoreApplication::processEvents();
    InspectorDock *inspector = window->inspectorDock();
    auto *members = qobject_cast<QListWidget *>(inspector->editor(QStringLiteral("members")));
    auto *candidates
        = qobject_cast<QListWidget *>(inspector->editor(QStringLiteral("memberCandidates")));
    auto *add = qobject_cast<QPushButton *>(inspector->editor(QStringLiteral("addMembers")));
    auto *remove = qobject_cast<QPushButton *>(inspector->editor(QStringLiteral("removeMembers")));
    QVERIFY(members && candidates && add && remove);
    QCOMPARE(members->count(), 2);
    QCOMPARE(candidates->count(), 3);
    const auto byName = [](QListWidget *list, const QString &name) {
        const auto items = list->findItems(name, Qt::MatchExactly);
        return items.isEmpty() ? nullptr : items.front();
    };
    QVERIFY(byName(candidates, QStringLiteral("oss03")));
    QVERIFY(byName(candidates, QStringLiteral("mds01")));

    byName(candidates, QStringLiteral("oss03"))->setSelected(true);
    QTest::mouseClick(add, Qt::LeftButton);
    QCOMPARE(inspector->lastMessage(), QString());
    QVERIFY(design.storageTier(tierId)->members == (std::vector<DeviceId> { oss1, oss2, oss3 }));
    QCOMPARE(members->count(), 3);
    QCOMPARE(candidates->count(), 2);
    QCOMPARE(document->undoStack()->count(), steps + 2);

    byName(members, QStringLiteral("oss01"))->setSelected(true);
    QTest::mouseClick(remove, Qt::LeftButton);
    QVERIFY(design.storageTier(tierId)->members == (std::vector<DeviceId> { oss2, oss3 }));
    QCOMPARE(document->undoStack()->count(), steps + 3); // not merged with the add

    window->action(QStringLiteral("editUndo"))->trigger();
    QVERIFY(design.storageTier(tierId)->members == (std::vector<DeviceId> { oss1, oss2, oss3 }));
    QCOMPARE(members->count(), 3); // the lists follow the undo
    window->action(QStringLiteral("editUndo"))->trigger();
    QVERIFY(design.storageTier(tierId)->members == (std::vector<DeviceId> { oss1, oss2 }));
    QCOMPARE(candidates->count(), 3);

    // Node-local NVMe has no member servers (model/core/Network.h): the dialog drops them.
    StorageTierDialog dialog(design, proposal);
    auto *kind = dialog.findChild<QComboBox *>(QStringLiteral("tierKind"));
    kind->setCurrentIndex(kind->findData(static_cast<int>(StorageKind::NodeLocalNvme)));
    QVERIFY(dialog.tier().members.empty());
    QVERIFY(dialog.tier().kind == StorageKind::NodeLocalNvme);
}

void TestWorkbench::generateFabricForSelectionIsOneUndoStep()
{
    // The 8dgx example without its compute fabric; the 8 DGX get a new one (issue 5).
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

    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    window->newDocument(std::make_unique<Design>(std::move(design)));
    Document *document = window->document();
    QVERIFY(window->action(QStringLiteral("editGenerateFabric"))); // Edit menu entry, with dialog
    const std::string before = serializeDesign(document->design(), document->catalog());
    const std::size_t linksBefore = document->design().links().size();
    const int steps = document->undoStack()->count();

    SelectionFabricSpec spec;
    spec.name = "compute-new";
    spec.switchType = "qm9700";
    QCOMPARE(document->generateFabric(selection, spec), QString());
    QCOMPARE(document->undoStack()->count(), steps + 1);
    // 8 nodes x 8 rails = 64 node links + 2 leaves x 32 uplinks = 64 leaf-spine links
    // (worked out in tests/fabric/tst_selection_fabric.cpp from ref:al-fares-2008).
    QCOMPARE(document->design().links().size(), linksBefore + 128);

    // A second run finds every compute port cabled and is refused without an undo step.
    spec.name = "compute-again";
    QVERIFY(document->generateFabric(selection, spec).contains(QStringLiteral("already cabled")));
    QCOMPARE(document->undoStack()->count(), steps + 1);

    document->undoStack()->undo();
    QCOMPARE(serializeDesign(document->design(), document->catalog()), before);
}

/// The 8x DGX example with its compute fabric removed (its 128 links go with it).
std::unique_ptr<MainWindow> windowWithoutComputeFabric()
{
    auto built = buildDgx8H100Ndr(Catalog::builtin());
    if (!built)
        return nullptr;
    Design design = std::move(built).value();
    for (const Fabric &fabric : design.fabrics())
        if (fabric.name == "compute-ndr") {
            design.removeFabric(fabric.id);
            break;
        }
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    window->newDocument(std::make_unique<Design>(std::move(design)));
    return window;
}

void TestWorkbench::findByNameSelectsAndShows()
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

void TestWorkbench::handMadeFabricAndLink()
{
    auto window = windowWithoutComputeFabric();
    QVERIFY(window);
    Document *document = window->document();
    const Device *dgx01 = deviceNamed(document->design(), "dgx01");
    const Device *leaf01 = deviceNamed(document->design(), "leaf01");
    QVERIFY(dgx01 && leaf01);
    // Ids, not pointers: an edit may rebuild the design's tables.
    const DeviceId dgx01Id = dgx01->id, leaf01Id = leaf01->id;
    const std::string dgxPart = dgx01->catalogType;
    const int steps = document->undoStack()->count();

    // New Fabric: a taken name is refused in the dialog, nothing changes.
    {
        FabricDialog dialog(document);
        dialog.findChild<QLineEdit *>(QStringLiteral("fabricName"))
            ->setText(QStringLiteral("storage-ndr"));
        QVERIFY(dialog.apply().contains(QStringLiteral("already used")));
        QCOMPARE(document->undoStack()->count(), steps);
        dialog.findChild<QLineEdit *>(QStringLiteral("fabricName"))
            ->setText(QStringLiteral("compute-hand"));
        QCOMPARE(dialog.apply(), QString());
        QVERIFY(dialog.addedId().isValid());
        QCOMPARE(document->undoStack()->count(), steps + 1);
        QCOMPARE(document->design().fabric(dialog.addedId())->linkSpeedGbps, 400.0);
    }

    // Add Link with dgx01 and leaf01 selected: the two ends are prefilled, the first free
    // port preselected; the cable is what auto-cabling picks for that link.
    document->setSelection({ EntityRef::of(dgx01Id), EntityRef::of(leaf01Id) });
    const std::size_t linksBefore = document->design().links().size();
    LinkDialog dialog(document, document->selection());
    dialog.setFabric(QStringLiteral("compute-hand"));
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("linkDeviceA"))->text(),
             QStringLiteral("dgx01"));
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("linkDeviceB"))->text(),
             QStringLiteral("leaf01"));
    // dgx01's first compute port: its eight NDR ports were freed with the old fabric.
    const Part *dgx = document->catalog().find(dgxPart);
    int computePort = -1;
    for (int i = 0; i < static_cast<int>(dgx->ports.size()) && computePort < 0; ++i)
        if (dgx->ports[static_cast<std::size_t>(i)].role == PortRole::Compute)
            computePort = i;
    QVERIFY(computePort >= 0);
    dialog.setEnd(0, QStringLiteral("dgx01"), computePort);
    Link expected = dialog.link();
    QCOMPARE(expected.a, (PortRef { dgx01Id, computePort }));
    QCOMPARE(expected.b.device, leaf01Id);
    autoCableLink(document->design(), document->catalog(), expected);
    QVERIFY(!expected.cableType.empty());
    QCOMPARE(dialog.apply(), QString());
    QCOMPARE(document->design().links().size(), linksBefore + 1);
    QCOMPARE(document->undoStack()->count(), steps + 2);
    const LinkId added = document->design().linkAt(PortRef { dgx01Id, computePort });
    QVERIFY(added.isValid());
    QCOMPARE(document->design().link(added)->cableType, expected.cableType);
    QCOMPARE(document->design().link(added)->lengthM, expected.lengthM);

    // The same port again: refused like any edit, shown in the dialog, nothing pushed.
    LinkDialog again(document, {});
    again.setFabric(QStringLiteral("compute-hand"));
    again.setEnd(0, QStringLiteral("dgx02"), computePort);
    again.setEnd(1, QStringLiteral("dgx01"), computePort); // not offered: it is taken
    QVERIFY(again.link().b.port != computePort);
    Link taken = again.link();
    taken.b = PortRef { dgx01Id, computePort };
    QVERIFY(!document->addLink(taken).isEmpty());
    again.findChild<QLineEdit *>(QStringLiteral("linkDeviceB"))->setText(QStringLiteral("nobody"));
    QVERIFY(again.apply().contains(QStringLiteral("nobody")));
    QVERIFY(!again.message().isEmpty());
    QCOMPARE(document->undoStack()->count(), steps + 2);
}

void TestWorkbench::inspectorPortTable()
{
    auto window = windowWithoutComputeFabric();
    QVERIFY(window);
    Document *document = window->document();
    const Device *dgx01 = deviceNamed(document->design(), "dgx01");
    QVERIFY(dgx01);
    // dgx01 lost its compute cables with the fabric; its storage and management cables stay.
    const std::vector<LinkId> links = document->design().linksOfDevice(dgx01->id);
    const Part *part = document->catalog().find(dgx01->catalogType);
    QVERIFY(part);
    document->setSelection({ EntityRef::of(dgx01->id) });
    auto *table = window->inspectorDock()->findChild<QTableWidget *>(QStringLiteral("ports"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), static_cast<int>(part->ports.size()));
    int cabled = 0;
    int firstCabled = -1;
    for (int row = 0; row < table->rowCount(); ++row) {
        const LinkId id = document->design().linkAt(PortRef { dgx01->id, row });
        QCOMPARE(table->item(row, 0)->text(),
                 QString::fromStdString(part->ports[static_cast<std::size_t>(row)].name));
        if (!id.isValid()) {
            QCOMPARE(table->item(row, 3)->text(), QStringLiteral("(free)"));
            continue;
        }
        ++cabled;
        if (firstCabled < 0)
            firstCabled = row;
        const Link *link = document->design().link(id);
        const PortRef peer = link->a.device == dgx01->id ? link->b : link->a;
        QVERIFY(table->item(row, 3)->text().startsWith(
            QString::fromStdString(document->design().device(peer.device)->name)));
        QCOMPARE(table->item(row, 4)->text(), QString::fromStdString(link->cableType));
        QCOMPARE(table->item(row, 5)->text(), QString::number(link->lengthM, 'f', 1));
    }
    QCOMPARE(cabled, static_cast<int>(links.size()));
    QVERIFY(cabled > 0);
    QVERIFY(cabled < table->rowCount()); // the eight compute ports are free
    // Editing the length is an undo step on the link.
    const LinkId link = document->design().linkAt(PortRef { dgx01->id, firstCabled });
    const int steps = document->undoStack()->count();
    table->item(firstCabled, 5)->setText(QStringLiteral("7.5"));
    QCOMPARE(document->design().link(link)->lengthM, 7.5);
    QCOMPARE(document->undoStack()->count(), steps + 1);
    // Disconnect removes the link (undoable).
    table = window->inspectorDock()->findChild<QTableWidget *>(QStringLiteral("ports"));
    table->setCurrentCell(firstCabled, 0);
    window->inspectorDock()->findChild<QPushButton *>(QStringLiteral("disconnectPort"))->click();
    QVERIFY(!document->design().link(link));
    document->undoStack()->undo();
    QVERIFY(document->design().link(link));
}

void TestWorkbench::toolbarAndViolationKeys()
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

void TestWorkbench::generateFabricReusesPlacedSwitches()
{
    // The example without its compute fabric keeps its QM9700 leaf01, leaf02, spine01 and
    // spine02, now unused. Selected with the 8 DGX, they are the new fabric's switches.
    auto window = windowWithoutComputeFabric();
    QVERIFY(window);
    Document *document = window->document();
    const Design &design = document->design();
    std::vector<EntityRef> selection;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute)
            selection.push_back(EntityRef::of(device.id));
    QCOMPARE(selection.size(), std::size_t(8));
    const Device *leaf01 = deviceNamed(design, "leaf01");
    const Device *leaf02 = deviceNamed(design, "leaf02");
    const Device *spine01 = deviceNamed(design, "spine01");
    const Device *mgmt01 = deviceNamed(design, "mgmt01");
    QVERIFY(leaf01 && leaf02 && spine01 && mgmt01);
    QCOMPARE(QString::fromStdString(leaf01->catalogType), QStringLiteral("qm9700"));
    // Ids, not pointers: an edit may rebuild the design's tables.
    const DeviceId leaf01Id = leaf01->id, leaf02Id = leaf02->id, spine01Id = spine01->id,
                   mgmt01Id = mgmt01->id;
    const std::size_t devicesBefore = design.devices().size();
    const std::size_t racksBefore = design.racks().size();
    const std::string before = serializeDesign(design, document->catalog());

    SelectionFabricSpec spec;
    spec.name = "compute-reuse";
    spec.switchType = "qm9700";
    // A management switch of another part is refused by name, nothing changes.
    std::vector<EntityRef> wrong = selection;
    wrong.push_back(EntityRef::of(mgmt01Id));
    const QString refusal = document->generateFabric(wrong, spec);
    QVERIFY2(refusal.contains(QStringLiteral("mgmt01")), qPrintable(refusal));
    QCOMPARE(serializeDesign(design, document->catalog()), before);

    for (DeviceId id : { leaf01Id, leaf02Id, spine01Id })
        selection.push_back(EntityRef::of(id));
    QCOMPARE(document->generateFabric(selection, spec), QString());
    // By hand (as tests/fabric/tst_selection_fabric.cpp, ref:al-fares-2008): 2 leaves and
    // 1 spine; each leaf takes 32 node ports and sends 32 uplinks to the spine. The three
    // placed switches are exactly that: no new device, no new rack.
    QCOMPARE(design.devices().size(), devicesBefore);
    QCOMPARE(design.racks().size(), racksBefore);
    QCOMPARE(design.linksOfDevice(leaf01Id).size(), std::size_t(64));
    QCOMPARE(design.linksOfDevice(leaf02Id).size(), std::size_t(64));
    QCOMPARE(design.linksOfDevice(spine01Id).size(), std::size_t(64));
    QCOMPARE(design.device(leaf01Id)->tier, 0);
    QCOMPARE(design.device(spine01Id)->tier, 1);
    QCOMPARE(QString::fromStdString(design.device(leaf01Id)->name), QStringLiteral("leaf01"));
    document->undoStack()->undo();
    QCOMPARE(serializeDesign(design, document->catalog()), before);
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

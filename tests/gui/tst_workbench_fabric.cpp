// Cabling through the workbench window: a storage tier from the selection, Generate Fabric
// for Selection (one undo step, reusing the switches the user placed), a fabric and a link
// made by hand, and the Inspector's port table.

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

namespace {

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

} // namespace

class TestWorkbenchFabric : public QObject
{
    Q_OBJECT

private slots:
    void storageTierFromSelectionAndMembers();
    void generateFabricForSelectionIsOneUndoStep();
    void handMadeFabricAndLink();
    void inspectorPortTable();
    void generateFabricReusesPlacedSwitches();
};

void TestWorkbenchFabric::storageTierFromSelectionAndMembers()
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

void TestWorkbenchFabric::generateFabricForSelectionIsOneUndoStep()
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

void TestWorkbenchFabric::handMadeFabricAndLink()
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

void TestWorkbenchFabric::inspectorPortTable()
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

void TestWorkbenchFabric::generateFabricReusesPlacedSwitches()
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

QTEST_MAIN(TestWorkbenchFabric)
#include "tst_workbench_fabric.moc"

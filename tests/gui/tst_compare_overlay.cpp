// File > Compare with... drawn in every view (issue 17): the 8x DGX example compared with a
// copy edited by hand (rack A02 moved one slot along the row, storage server oss01 removed,
// dgx01's link on leaf01 re-cabled to a free leaf01 port, a new leaf01-leaf02 cable). Each
// view's items are checked against what those four edits mean, worked out from the example:
// A01 holds oss01, leaf01 and leaf02; A02 holds nothing that changed.
#include "app/gui/MainWindow.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/docks/CompareDialog.h"
#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/io/DesignFile.h"

#include <QAction>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>

using namespace cw;
using canvas::CompareState;

namespace {

const QString kExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

const Device &deviceNamed(const Design &design, const std::string &name)
{
    for (const Device &device : design.devices())
        if (device.name == name)
            return device;
    qFatal("no device %s", name.c_str());
}

const Rack &rackNamed(const Design &design, const std::string &name)
{
    for (const Rack &rack : design.racks())
        if (rack.name == name)
            return rack;
    qFatal("no rack %s", name.c_str());
}

/// The first port of `device` with no link, by the catalog's port list.
int freePort(const Design &design, const Device &device)
{
    const Part *part = Catalog::builtin().find(device.catalogType);
    for (int port = 0; part && port < static_cast<int>(part->ports.size()); ++port)
        if (design.linkAt({ device.id, port }).value == 0)
            return port;
    qFatal("no free port on %s", device.name.c_str());
}

struct Edits
{
    std::uint64_t movedRack = 0, removedDevice = 0, recabledLink = 0;
    std::uint64_t leaf01 = 0, leaf02 = 0, rackA01 = 0;
};

/// The other revision, saved to `path`: the four edits named at the top of the file.
Edits writeOther(const Design &open, const QString &path)
{
    Design other = open;
    Edits e;
    Rack a02 = rackNamed(other, "A02");
    e.movedRack = a02.id.value;
    a02.position += 1; // one slot further along row R1
    if (other.updateRack(a02).isEmpty())
        qFatal("rack not moved");
    e.removedDevice = deviceNamed(other, "oss01").id.value;
    other.removeDevice(DeviceId { e.removedDevice });
    const Device leaf01 = deviceNamed(other, "leaf01");
    const Device leaf02 = deviceNamed(other, "leaf02");
    e.leaf01 = leaf01.id.value, e.leaf02 = leaf02.id.value;
    e.rackA01 = rackNamed(other, "A01").id.value;
    const Device dgx01 = deviceNamed(other, "dgx01");
    for (const LinkId id : other.linksOfDevice(dgx01.id)) {
        Link link = *other.link(id);
        if (link.b.device != leaf01.id)
            continue;
        e.recabledLink = id.value;
        link.b.port = freePort(other, leaf01); // same switch, another port
        other.updateLink(link);
        break;
    }
    Link added;
    added.id = other.newId<LinkId>();
    added.fabric = other.link(LinkId { e.recabledLink })->fabric;
    added.a = { leaf01.id, freePort(other, leaf01) };
    added.b = { leaf02.id, freePort(other, leaf02) };
    added.cableType = other.link(LinkId { e.recabledLink })->cableType;
    added.lengthM = 1;
    other.addLink(added);
    auto saved = saveDesignFile(other, Catalog::builtin(), path.toStdString());
    if (!saved)
        qFatal("%s", saved.error().message.c_str());
    return e;
}

/// The comparison states the items showing `ref` in `view` carry (markerItemsFor: a device
/// rolls up to its rack on the floor plan).
std::set<CompareState> statesOf(const canvas::CanvasView &view, EntityRef ref)
{
    std::set<CompareState> states;
    for (const canvas::CanvasItem *item : view.markerItemsFor(ref))
        states.insert(item->compareState());
    return states;
}

EntityRef device(std::uint64_t id)
{
    return { EntityKind::Device, id };
}

int rowOf(const CompareDialog &dialog, const std::string &kind, const std::string &name)
{
    for (std::size_t r = 0; r < dialog.diff().changes.size(); ++r)
        if (dialog.diff().changes[r].kind == kind && dialog.diff().changes[r].name == name)
            return static_cast<int>(r);
    return -1;
}

QStringList legendTexts(const canvas::CanvasView &view)
{
    QStringList texts;
    for (const canvas::LegendEntry &entry : view.shownLegend())
        texts << entry.text;
    return texts;
}

} // namespace

class TestCompareOverlay : public QObject
{
    Q_OBJECT

private slots:
    void changesShowInEveryView()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kExample, &error);
        QVERIFY2(document, qPrintable(error));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("other.cluster.json"));
        const Edits e = writeOther(document->design(), path);
        QVERIFY(e.recabledLink != 0);

        canvas::FloorPlanView floor(document.get());
        canvas::RackElevationView elevation(document.get());
        canvas::FabricView fabric(document.get());
        elevation.setRacks({ RackId { e.rackA01 }, RackId { e.movedRack } });
        CompareDialog dialog(document.get());
        for (canvas::CanvasView *view : { static_cast<canvas::CanvasView *>(&floor),
                                          static_cast<canvas::CanvasView *>(&elevation),
                                          static_cast<canvas::CanvasView *>(&fabric) })
            connect(&dialog, &CompareDialog::compareMarksChanged, view,
                    &canvas::CanvasView::setCompareMarks);
        QVERIFY(dialog.compareWith(path).isEmpty());

        const EntityRef movedRack { EntityKind::Rack, e.movedRack };
        const EntityRef a01 { EntityKind::Rack, e.rackA01 };
        const EntityRef recabled { EntityKind::Link, e.recabledLink };
        using S = std::set<CompareState>;
        // Floor plan: A02 moved; A01 holds the removed oss01 and the new cable's ends, and
        // the heaviest of those shows (removed). Links have no item there.
        QCOMPARE(statesOf(floor, movedRack), S { CompareState::Moved });
        QCOMPARE(statesOf(floor, a01), S { CompareState::Removed });
        QCOMPARE(statesOf(floor, device(e.removedDevice)), S { CompareState::Removed });
        QVERIFY(statesOf(floor, recabled).empty());
        // Rack elevation: the removed server, the new cable's ends (added there), A02's faces
        // moved; dgx01 itself did not change (only its cable did).
        QCOMPARE(statesOf(elevation, device(e.removedDevice)), S { CompareState::Removed });
        QCOMPARE(statesOf(elevation, device(e.leaf01)), S { CompareState::Added });
        QCOMPARE(statesOf(elevation, device(e.leaf02)), S { CompareState::Added });
        QCOMPARE(statesOf(elevation, movedRack), S { CompareState::Moved });
        const std::uint64_t dgx01 = deviceNamed(document->design(), "dgx01").id.value;
        QCOMPARE(statesOf(elevation, device(dgx01)), S { CompareState::None });
        // Fabric: the re-cabled link moved, the removed server's box, the new cable's ends.
        QCOMPARE(statesOf(fabric, recabled), S { CompareState::Moved });
        QCOMPARE(statesOf(fabric, device(e.removedDevice)), S { CompareState::Removed });
        QCOMPARE(statesOf(fabric, device(e.leaf02)), S { CompareState::Added });
        QVERIFY(legendTexts(floor).contains(QStringLiteral("Compare: moved or re-cabled")));
        QVERIFY(legendTexts(floor).contains(QStringLiteral("Compare: removed there")));
        QVERIFY(legendTexts(fabric).contains(
            QStringLiteral("Compare: added there (or holds an added entity)")));

        // Kept across rebuilds: the elevation lays itself out again for another pick, the
        // floor plan for presentation mode, and an edit elsewhere rebuilds dgx02's rack.
        elevation.setRacks({ RackId { e.movedRack } });
        elevation.setRacks({ RackId { e.rackA01 }, RackId { e.movedRack } });
        floor.setPresentationMode(true);
        Device dgx02 = deviceNamed(document->design(), "dgx02");
        dgx02.name = "dgx02-renamed";
        QVERIFY(document->updateDevice(dgx02).isEmpty());
        QCOMPARE(statesOf(elevation, device(e.removedDevice)), S { CompareState::Removed });
        QCOMPARE(statesOf(floor, movedRack), S { CompareState::Moved });
        QCOMPARE(statesOf(floor, a01), S { CompareState::Removed });
        QCOMPARE(statesOf(fabric, recabled), S { CompareState::Moved });

        // A click on a row selects exactly that entity (an added cable: the ends holding it).
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *table = const_cast<QTableWidget *>(dialog.table());
        const auto click = [&](int row) {
            QVERIFY(row >= 0);
            table->scrollToItem(table->item(row, 0));
            QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                              table->visualItemRect(table->item(row, 0)).center());
        };
        click(rowOf(dialog, "rack", "A02"));
        QCOMPARE(document->selection(), std::vector<EntityRef> { movedRack });
        click(rowOf(dialog, "device", "oss01"));
        QCOMPARE(document->selection(), std::vector<EntityRef> { device(e.removedDevice) });
        int recabledRow = -1, addedRow = -1;
        for (std::size_t r = 0; r < dialog.diff().changes.size(); ++r) {
            const change::EntityChange &c = dialog.diff().changes[r];
            if (c.kind == "link" && c.oldId == e.recabledLink)
                recabledRow = static_cast<int>(r);
            if (c.kind == "link" && c.change == change::ChangeKind::Added)
                addedRow = static_cast<int>(r);
        }
        click(recabledRow);
        QCOMPARE(document->selection(), std::vector<EntityRef> { recabled });
        click(addedRow);
        QCOMPARE(document->selection(),
                 (std::vector<EntityRef> { device(e.leaf01), device(e.leaf02) }));

        // Clear Comparison takes the highlight off every view; the list stays.
        auto *clear = dialog.findChild<QPushButton *>(QStringLiteral("clearComparison"));
        QVERIFY(clear && clear->isEnabled());
        QTest::mouseClick(clear, Qt::LeftButton);
        for (const canvas::CanvasView *view : { static_cast<canvas::CanvasView *>(&floor),
                                                static_cast<canvas::CanvasView *>(&elevation),
                                                static_cast<canvas::CanvasView *>(&fabric) }) {
            QVERIFY(view->comparedItems().empty());
            QVERIFY(!legendTexts(*view).join(' ').contains(QStringLiteral("Compare:")));
        }
        QCOMPARE(statesOf(floor, movedRack), S { CompareState::None });
        QVERIFY(dialog.table()->rowCount() > 0);
    }

    // File > Clear Comparison in the workbench takes the highlight off all three views.
    void clearComparisonActionClearsEveryView()
    {
        MainWindow window(Catalog::builtin());
        window.setBatchMode(true);
        QVERIFY(window.openFile(kExample));
        const EntityRef a01 { EntityKind::Rack,
                              rackNamed(window.document()->design(), "A01").id.value };
        const EntityRef dgx01 { EntityKind::Device,
                                deviceNamed(window.document()->design(), "dgx01").id.value };
        const std::vector<canvas::CanvasView *> views { window.floorPlanView(),
                                                        window.rackElevationView(),
                                                        window.fabricView() };
        for (canvas::CanvasView *view : views) {
            view->setCompareMarks(
                { { a01, CompareState::Moved }, { dgx01, CompareState::Changed } });
            QVERIFY(!view->comparedItems().empty());
        }
        QAction *clear = window.action(QStringLiteral("fileClearComparison"));
        QVERIFY(clear);
        clear->trigger();
        for (const canvas::CanvasView *view : views) {
            QVERIFY(view->comparedItems().empty());
            QVERIFY(view->compareMarks().empty());
        }
    }
};

QTEST_MAIN(TestCompareOverlay)
#include "tst_compare_overlay.moc"

// File > Compare with... drawn in every view (issue 17): the 8x DGX example compared with a
// copy edited by hand (rack A02 moved one slot along the row, storage server oss01 removed,
// dgx01's link on leaf01 re-cabled to a free leaf01 port, a new leaf01-leaf02 cable). Each
// view's items are checked against what those four edits mean, worked out from the example:
// A01 holds oss01, leaf01 and leaf02; A02 holds nothing that changed.
#include "app/gui/MainWindow.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CompareGhostItem.h"
#include "views/canvas/ElevationItems.h"
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

/// The ghost (or, with `leaders`, the leader) items `view` draws now.
template<typename T>
std::vector<const T *> overlayItems(const canvas::CanvasView &view)
{
    std::vector<const T *> out;
    for (const QGraphicsItem *item : view.compareGhostItems())
        if (const auto *typed = dynamic_cast<const T *>(item))
            out.push_back(typed);
    return out;
}

/// Whether a click or hover at the middle of `item` could find it: the scene's hit test.
bool hitTestFinds(const canvas::CanvasView &view, const QGraphicsItem *item)
{
    const QList<QGraphicsItem *> under = view.scene()->items(item->boundingRect().center());
    return under.contains(const_cast<QGraphicsItem *>(item));
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

    // A moved rack and a moved device also show where they stand in the other revision: the
    // 8x DGX example against a copy with rack A02 one slot further along row R1 (position 1
    // -> 2) and head01 (a 1U server) moved from A02 U36 to the free U42 of A01 (A01's top U:
    // oss02 fills U40-41).
    void movedEntitiesLeaveGhosts()
    {
        QString error;
        auto document = Document::open(Catalog::builtin(), kExample, &error);
        QVERIFY2(document, qPrintable(error));
        const Design &open = document->design();
        Design other = open;
        Rack a02 = rackNamed(other, "A02");
        QCOMPARE(a02.position, 1);
        a02.position = 2;
        QVERIFY(!other.updateRack(a02).isEmpty()); // the change set: the rack changed
        Device head01 = deviceNamed(other, "head01");
        const RackId a01 = rackNamed(other, "A01").id;
        QCOMPARE(head01.uPosition, 36);
        head01.rack = a01;
        head01.uPosition = 42;
        other.updateDevice(head01);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("moved.cluster.json"));
        const auto saved = saveDesignFile(other, Catalog::builtin(), path.toStdString());
        if (!saved)
            QFAIL(saved.error().message.c_str());

        canvas::FloorPlanView floor(document.get());
        canvas::RackElevationView elevation(document.get());
        canvas::FabricView fabric(document.get());
        elevation.setRacks({ a01, a02.id });
        CompareDialog dialog(document.get());
        const std::vector<canvas::CanvasView *> views { &floor, &elevation, &fabric };
        for (canvas::CanvasView *view : views) {
            connect(&dialog, &CompareDialog::compareMarksChanged, view,
                    &canvas::CanvasView::setCompareMarks);
            connect(&dialog, &CompareDialog::compareGhostsChanged, view,
                    &canvas::CanvasView::setCompareGhosts);
        }
        QVERIFY(dialog.compareWith(path).isEmpty());
        QCOMPARE(dialog.compareGhosts().size(), std::size_t(2));

        // Floor plan: one ghost, on the slot after A02's own (one rack width along the row,
        // same depth), and one arrow from A02 (drawn at position 1) to it.
        const RowId r1 = a02.row;
        const auto checkFloor = [&] {
            const QRectF before = floor.slotRect(r1, 1); // the layout moves with the labels
            const auto ghosts = overlayItems<canvas::CompareGhostItem>(floor);
            QCOMPARE(ghosts.size(), std::size_t(1));
            const QRectF ghost = ghosts[0]->ghostRect();
            QCOMPARE(ghost, floor.slotRect(r1, 2));
            QCOMPARE(ghost.left() - before.left(), before.width());
            QCOMPARE(ghost.top(), before.top());
            QCOMPARE(ghosts[0]->label(), QStringLiteral("A02 \u2192 R1 position 2"));
            const auto leaders = overlayItems<canvas::CompareLeaderItem>(floor);
            QCOMPARE(leaders.size(), std::size_t(1));
            QVERIFY(before.contains(leaders[0]->line().p1()));
            QCOMPARE(leaders[0]->line().p2(), ghost.center());
        };
        checkFloor();
        QVERIFY(legendTexts(floor).contains(
            QStringLiteral("Compare: where it stands in the other design")));
        // Rack elevation: head01's ghost on A01's front at U42, the top U of the 42U rack:
        // the face's first 44.45 mm (1U, EIA-310) from its top, the 19 in panel wide.
        const auto checkElevation = [&] {
            const auto ghosts = overlayItems<canvas::CompareGhostItem>(elevation);
            QCOMPARE(ghosts.size(), std::size_t(1));
            const canvas::ElevationFaceItem *face = elevation.faceItem(a01, Face::Front);
            QVERIFY(face);
            QCOMPARE(face->units(), 42);
            const QRectF ghost = ghosts[0]->ghostRect();
            QCOMPARE(ghost, face->mapRectToScene(face->slotRect(42, 1)));
            QVERIFY(qAbs(ghost.top() - face->scenePos().y()) < 1e-9);
            QVERIFY(qAbs(ghost.height() - 44.45) < 1e-9);
            QVERIFY(qAbs(ghost.width() - 482.6) < 1e-9);
            QCOMPARE(ghosts[0]->label(), QStringLiteral("head01 \u2192 A01 U42"));
            QVERIFY(ghosts[0]->ghostRect().contains(ghosts[0]->labelRect()));
            QVERIFY(overlayItems<canvas::CompareLeaderItem>(elevation).empty());
        };
        checkElevation();
        QVERIFY(fabric.compareGhostItems().empty()); // no place to draw there

        // Overlays only: not selectable, no buttons, no hover, and the scene's hit test (what
        // clicks, tooltips and rubber bands use) does not find them; not entity items.
        for (canvas::CanvasView *view : views)
            for (const QGraphicsItem *item : view->compareGhostItems()) {
                QVERIFY(!(item->flags() & QGraphicsItem::ItemIsSelectable));
                QCOMPARE(item->acceptedMouseButtons(), Qt::NoButton);
                QVERIFY(!item->acceptHoverEvents());
                QVERIFY(!hitTestFinds(*view, item));
                QVERIFY(!dynamic_cast<const canvas::CanvasItem *>(item));
            }

        // Not shown where the place is not: the elevation without A01 has no ghost.
        elevation.setRacks({ a02.id });
        QVERIFY(elevation.compareGhostItems().empty());
        // Kept across rebuilds and edits.
        elevation.setRacks({ a01, a02.id });
        checkElevation();
        floor.setPresentationMode(true);
        checkFloor();
        Device dgx02 = deviceNamed(document->design(), "dgx02");
        dgx02.name = "dgx02-renamed";
        QVERIFY(document->updateDevice(dgx02).isEmpty());
        checkFloor();
        checkElevation();

        // Clear Comparison removes them from every view and scene.
        dialog.clearComparison();
        for (canvas::CanvasView *view : views) {
            QVERIFY(view->compareGhostItems().empty());
            QVERIFY(!legendTexts(*view).join(' ').contains(QStringLiteral("Compare:")));
            for (const QGraphicsItem *item : view->scene()->items())
                QVERIFY(!dynamic_cast<const canvas::CompareGhostItem *>(item)
                        && !dynamic_cast<const canvas::CompareLeaderItem *>(item));
        }
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

// The three canvas views (views/canvas) driven through their widgets: each view of each
// reference example renders, rack colours follow loads worked by hand, a catalog drop lands
// in the U slot under the cursor (or is refused with the reason), a rack drag is one undo
// step, links are drawn by dragging, and large fabrics aggregate.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/ElevationItems.h"
#include "views/canvas/FabricItems.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/NewEntities.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QApplication>
#include <QMimeData>
#include <QMouseEvent>
#include <QUndoStack>
#include <QtTest>

#include <memory>
#include <set>

using namespace cw;
using namespace cw::canvas;

namespace {

constexpr int kSeed = 0; ///< referenceDesigns()[0]: seed-8node-hdr
constexpr int kDgx = 1; ///< referenceDesigns()[1]: 8dgx-h100-ndr

std::unique_ptr<Document> openExample(int index)
{
    auto built = referenceDesigns()[static_cast<std::size_t>(index)].build(Catalog::builtin());
    if (!built)
        qFatal("example %d does not build: %s", index, built.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(built).value()), QString());
}

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

void showView(QGraphicsView &view, QSize size = QSize(1200, 800))
{
    view.resize(size);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
}

void sendMouse(QWidget *widget, QEvent::Type type, QPoint pos, Qt::MouseButton button,
               Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(pos), widget->mapToGlobal(QPointF(pos)), button, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

/// Press at `from`, move in steps to `to` with the button held, release there.
void drag(QGraphicsView &view, QPoint from, QPoint to)
{
    QWidget *viewport = view.viewport();
    sendMouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    for (int step = 1; step <= 5; ++step)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * step / 5, Qt::NoButton,
                  Qt::LeftButton);
    sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
}

/// Drags a catalog part (the Library dock's MIME type) onto the viewport and drops it.
void dropPart(QGraphicsView &view, const QByteArray &partId, QPoint pos)
{
    QMimeData mime;
    mime.setData(QString::fromLatin1(kPartMimeType), partId);
    QWidget *viewport = view.viewport();
    QDragEnterEvent enter(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QDragMoveEvent move(pos, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QDropEvent drop(QPointF(pos), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
}

bool hasViolation(Document &document, const std::string &rule, EntityRef ref)
{
    for (const Violation &violation : document.validator()->violations())
        if (violation.ruleKey == rule
            && std::find(violation.entities.begin(), violation.entities.end(), ref)
                != violation.entities.end())
            return true;
    return false;
}

} // namespace

class TestCanvas : public QObject
{
    Q_OBJECT

private slots:
    void eachViewOfEachExampleRenders_data();
    void eachViewOfEachExampleRenders();
    void itemsMatchTheExamples();
    void rackColourFollowsLoadWorkedByHand();
    void dropServerIntoSlot();
    void refusedOverlappingDropLeavesModel();
    void draggingRackIsOneUndoStep();
    void draggingDeviceMovesIt();
    void selectionBothWays();
    void focusOnZoomsToItem();
    void drawLinkByDragging();
    void aggregationByHand();
    void largeFabricAggregates();
    void removingRackAndUndoKeepViewsConsistent();
    void hoverTextAndEscape();
};

void TestCanvas::eachViewOfEachExampleRenders_data()
{
    QTest::addColumn<int>("example");
    QTest::addColumn<int>("view");
    for (int example : { kSeed, kDgx })
        for (int view = 0; view < 3; ++view)
            QTest::addRow("%s/%s", example == kSeed ? "seed" : "dgx",
                          view == 0       ? "floor"
                              : view == 1 ? "elevation"
                                          : "fabric")
                << example << view;
}

void TestCanvas::eachViewOfEachExampleRenders()
{
    QFETCH(int, example);
    QFETCH(int, view);
    auto document = openExample(example);
    std::unique_ptr<CanvasView> canvas;
    if (view == 0)
        canvas = std::make_unique<FloorPlanView>(document.get());
    else if (view == 1)
        canvas = std::make_unique<RackElevationView>(document.get());
    else
        canvas = std::make_unique<FabricView>(document.get());
    showView(*canvas, QSize(800, 600));
    canvas->zoomToFit();
    std::vector<DrawnLabel> labels;
    QImage image;
    {
        LabelRecorder recorder;
        image = canvas->viewport()->grab().toImage();
        labels = recorder.labels();
    }
    QCOMPARE(image.size(), canvas->viewport()->size());
    // What is drawn, item by item: each name below is painted (alone, or first as in the
    // elevation's "A01 · front") inside its own item's rectangle
    // (every rack on the floor plan, every rack the elevation shows, every fabric in the
    // fabric view), and each rack of the floor plan is filled with its load's colour.
    const Design &design = document->design();
    const auto drawnInside = [&](const QString &name, const QGraphicsItem *item) {
        const QRect box = canvas->mapFromScene(item->sceneBoundingRect()).boundingRect();
        for (const DrawnLabel &label : labels)
            if ((label.text == name || label.text.startsWith(name + ' '))
                && box.intersects(label.deviceRect.toAlignedRect()))
                return true;
        return false;
    };
    if (view == 0) {
        auto *floor = static_cast<FloorPlanView *>(canvas.get());
        for (const Rack &rack : design.racks()) {
            const FloorRackItem *item = floor->rackItem(rack.id);
            QVERIFY(item);
            const QString name = QString::fromStdString(rack.name);
            QVERIFY2(drawnInside(name, item), qPrintable(name));
            QCOMPARE(item->fillColor(), loadColor(item->power().level));
            // The corner by the front strip, away from the labels and off the strip itself
            // (rackColourFollowsLoadWorkedByHand).
            const QRectF front = item->frontRect();
            const double bottom
                = item->isFrontDown() ? front.top() : item->boundingRect().bottom() - 2;
            const QPoint corner
                = canvas->mapFromScene(item->mapToScene(QPointF(front.right() - 4, bottom - 4)));
            QCOMPARE(QColor(image.pixel(corner)), item->fillColor());
        }
    } else if (view == 1) {
        auto *elevation = static_cast<RackElevationView *>(canvas.get());
        QVERIFY(!elevation->racks().empty());
        for (RackId id : elevation->racks()) {
            const QString name = QString::fromStdString(design.rack(id)->name);
            const ElevationFaceItem *face = elevation->faceItem(id, Face::Front);
            QVERIFY2(face, qPrintable(name));
            QVERIFY2(drawnInside(name, face), qPrintable(name));
        }
    } else {
        // Fitted, a box is too small for its device's name: each band shows its fabric's.
        auto *fabricView = static_cast<FabricView *>(canvas.get());
        for (const Fabric &fabric : design.fabrics()) {
            const QString name = QString::fromStdString(fabric.name);
            const FabricBandItem *band = fabricView->bandItem(fabric.id);
            QVERIFY2(band, qPrintable(name));
            QVERIFY2(drawnInside(name, band), qPrintable(name));
        }
    }

    // Presentation mode enlarges labels: the same items, different text pixels.
    canvas->setPresentationMode(true);
    QVERIFY(canvas->isPresentationMode());
    const QImage presentation = canvas->viewport()->grab().toImage();
    if (qEnvironmentVariableIsSet("CW_CANVAS_SHOTS")) {
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace('/', '-');
        image.save(qEnvironmentVariable("CW_CANVAS_SHOTS") + "/" + tag + ".png");
        presentation.save(qEnvironmentVariable("CW_CANVAS_SHOTS") + "/" + tag
                          + "-presentation.png");
    }
    QVERIFY(presentation != image);
}

void TestCanvas::itemsMatchTheExamples()
{
    // Counts from model/examples/ReferenceDesigns.cpp, by hand.
    auto seed = openExample(kSeed);
    FloorPlanView seedFloor(seed.get());
    // Racks A01-A05 and row R1.
    QCOMPARE(seedFloor.entityItemCount(), std::size_t(6));
    FabricView seedFabric(seed.get());
    // compute-hdr: 8 nodes + MDS + 4 OSS + ib-hdr01 = 14 boxes, 8 + 5 links;
    // oob-mgmt: 8 nodes + head01 + MDS + 4 OSS + mgmt01 = 15 boxes, 14 links.
    QCOMPARE(seedFabric.boxCount(), 14 + 15);
    QCOMPARE(seedFabric.linkItemCount(), 13 + 14);
    RackElevationView seedElevation(seed.get());
    // The first two racks of row R1 (A01, A02), front and rear: few enough that a 1U
    // device's name is readable in a usual window.
    QCOMPARE(seedElevation.racks().size(), std::size_t(2));
    QVERIFY(seedElevation.faceItem(rackNamed(seed->design(), "A01")->id, Face::Rear));

    auto dgx = openExample(kDgx);
    FabricView dgxFabric(dgx.get());
    // compute-ndr: 8 DGX + 2 leaves + 2 spines, 8 x 8 rails + 2 x 2 x 16 uplinks = 128 links;
    // storage-ndr: 8 DGX + stor01 + MDS + 4 OSS = 14 boxes; oob-mgmt: 14 managed + mgmt01.
    QCOMPARE(dgxFabric.bandItem(dgx->design().fabrics().begin()->id) != nullptr, true);
    const Device *leaf = deviceNamed(dgx->design(), "leaf01");
    const FabricId compute = dgx->design().fabrics().begin()->id;
    QVERIFY(dgxFabric.boxItem(leaf->id, compute));
    QCOMPARE(dgxFabric.boxItem(leaf->id, compute)->layer() == FabricLayer::Leaf, true);
    const Device *spine = deviceNamed(dgx->design(), "spine02");
    QVERIFY(dgxFabric.boxItem(spine->id, compute)->layer() == FabricLayer::Spine);
    QCOMPARE(dgxFabric.boxCount(), 12 + 14 + 15);
}

void TestCanvas::rackColourFollowsLoadWorkedByHand()
{
    auto document = openExample(kSeed);
    FloorPlanView floor(document.get());
    RackElevationView elevation(document.get());
    const Design &design = document->design();
    const Rack *a01 = rackNamed(design, "A01");
    const Rack *a05 = rackNamed(design, "A05");
    FloorRackItem *item = floor.rackItem(a01->id);
    QVERIFY(item);

    // A01: 2 x hdr-8x-h100-seed at 10,200 W max (catalog) = 20,400 W. Feed A carries
    // 2 PDUs x 400 V x 32 A x sqrt(3) x 0.8 = 35,473 W; 20.4 / 35.47 = 57.5 % -> green.
    QCOMPARE(item->power().loadW, 20400.0);
    QVERIFY(qAbs(item->power().capacityW - 35472.6) < 1.0);
    QVERIFY(item->power().level == LoadLevel::Green);
    QCOMPARE(item->fillColor(), loadColor(LoadLevel::Green));
    // A05: qm8700 550 + mgmt-48x1g 200 + mgmt-server-1u 800 + lustre-mds 1000
    // + 4 x lustre-oss 1600 = 8,950 W on one 17,736 W PDU per feed -> 50.5 %, green.
    QCOMPARE(floor.rackItem(a05->id)->power().loadW, 8950.0);
    QVERIFY(floor.rackItem(a05->id)->power().level == LoadLevel::Green);

    // The rendered rack shows the colour (bottom-right corner, away from the labels and from
    // the dark strip on its front edge).
    showView(floor);
    floor.zoomToFit();
    const QRectF front = item->frontRect();
    const double bottom = item->isFrontDown() ? front.top() : item->boundingRect().bottom() - 2;
    const QPoint corner
        = floor.mapFromScene(item->mapToScene(QPointF(front.right() - 4, bottom - 4)));
    const QImage image = floor.viewport()->grab().toImage();
    QCOMPARE(QColor(image.pixel(corner)), loadColor(LoadLevel::Green));

    FloorRackItem *before = floor.rackItem(a05->id);
    // Third server (U20): 30,600 W = 86.3 % of 35,473 W -> amber (>= 80 %).
    Device third
        = newDevice(design, *Catalog::builtin().find("hdr-8x-h100-seed"), a01->id, 20, Face::Front);
    QCOMPARE(document->addDevice(third), QString());
    QCOMPARE(item->power().loadW, 30600.0);
    QVERIFY(item->power().level == LoadLevel::Amber);
    QVERIFY(!hasViolation(*document, "power.rack-over-feed", EntityRef::of(a01->id)));
    // Only the changed rack was touched: A05 keeps its item.
    QCOMPARE(floor.rackItem(a05->id), before);

    // Fourth server (U30): 40,800 W > 35,473 W -> red, and the feed rule fires on the rack.
    Device fourth
        = newDevice(design, *Catalog::builtin().find("hdr-8x-h100-seed"), a01->id, 30, Face::Front);
    QCOMPARE(document->addDevice(fourth), QString());
    QVERIFY(item->power().level == LoadLevel::Red);
    document->validator()->flush();
    QVERIFY(hasViolation(*document, "power.rack-over-feed", EntityRef::of(a01->id)));
    QVERIFY(item->marker().has_value());
    QVERIFY(*item->marker() == Severity::Error);
    // The elevation shows the same load on the rack's title.
    QVERIFY(elevation.faceItem(a01->id, Face::Front)->marker().has_value());

    // Undo brings back amber and the feed rule no longer fires. (30.6 kW is above the
    // site's 30 kW air limit per rack, so a cooling finding keeps a marker on the rack.)
    document->undoStack()->undo();
    document->validator()->flush();
    QVERIFY(item->power().level == LoadLevel::Amber);
    QVERIFY(!hasViolation(*document, "power.rack-over-feed", EntityRef::of(a01->id)));
    QVERIFY(hasViolation(*document, "cooling.air-rack-limit", EntityRef::of(a01->id)));
    QVERIFY(item->marker().has_value());
}

void TestCanvas::dropServerIntoSlot()
{
    auto document = openExample(kSeed);
    RackElevationView view(document.get());
    showView(view, QSize(1600, 1000));
    view.zoomToFit();
    const Design &design = document->design();
    const RackId a01 = rackNamed(design, "A01")->id;
    const std::size_t devices = design.devices().size();
    const int undoSteps = document->undoStack()->count();

    // U20 of A01 is free: gpu001 and gpu002 (8U each) fill U1-U16 bottom-up.
    const QPoint pos = view.mapFromScene(view.slotCenter(a01, Face::Front, 20));
    const auto slot = view.slotAt(view.mapToScene(pos));
    QVERIFY(slot);
    QCOMPARE(slot->u, 20);
    dropPart(view, "hdr-8x-h100-seed", pos);

    QCOMPARE(design.devices().size(), devices + 1);
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    const Device &added = *std::prev(design.devices().end());
    QCOMPARE(added.catalogType, std::string("hdr-8x-h100-seed"));
    QVERIFY(added.rack == a01);
    QCOMPARE(added.uPosition, 20);
    QVERIFY(added.face == Face::Front);
    QVERIFY(added.role == DeviceRole::Compute); // a server with GPUs
    QVERIFY(view.deviceItem(added.id));
    QVERIFY(view.lastMessage().isEmpty());
}

void TestCanvas::refusedOverlappingDropLeavesModel()
{
    auto document = openExample(kSeed);
    RackElevationView view(document.get());
    showView(view, QSize(1600, 1000));
    view.zoomToFit();
    const Design &design = document->design();
    const RackId a01 = rackNamed(design, "A01")->id;
    const std::size_t devices = design.devices().size();
    const int undoSteps = document->undoStack()->count();

    // U12 is inside gpu002 (U9-U16): an 8U server there would take U12-U19.
    dropPart(view, "hdr-8x-h100-seed", view.mapFromScene(view.slotCenter(a01, Face::Front, 12)));
    QCOMPARE(design.devices().size(), devices);
    QCOMPARE(document->undoStack()->count(), undoSteps);
    QVERIFY2(view.lastMessage().contains(QStringLiteral("overlaps gpu002")),
             qPrintable(view.lastMessage()));
    QVERIFY(view.lastMessage().contains(QStringLiteral("U12-U19")));

    // A rack part is not rack-mounted: refused with the reason, model unchanged.
    dropPart(view, "rack-42u-air", view.mapFromScene(view.slotCenter(a01, Face::Front, 30)));
    QCOMPARE(design.devices().size(), devices);
    QVERIFY(view.lastMessage().contains(QStringLiteral("floor plan")));
}

void TestCanvas::draggingRackIsOneUndoStep()
{
    auto document = openExample(kSeed);
    FloorPlanView view(document.get());
    showView(view);
    view.zoomToFit();
    const Design &design = document->design();
    const Rack *a05 = rackNamed(design, "A05");
    const RackId id = a05->id;
    const RowId row = a05->row;
    QCOMPARE(a05->position, 4);
    const int undoSteps = document->undoStack()->count();

    const QPoint from = view.mapFromScene(view.rackItem(id)->sceneBoundingRect().center());
    const QPoint to = view.mapFromScene(view.slotRect(row, 6).center());
    drag(view, from, to);

    QCOMPARE(design.rack(id)->position, 6);
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    // The item follows the model.
    QCOMPARE(view.rackItem(id)->pos(), view.slotRect(row, 6).topLeft());
    document->undoStack()->undo();
    QCOMPARE(design.rack(id)->position, 4);
    QCOMPARE(view.rackItem(id)->pos(), view.slotRect(row, 4).topLeft());
}

void TestCanvas::draggingDeviceMovesIt()
{
    auto document = openExample(kSeed);
    RackElevationView view(document.get());
    showView(view, QSize(1600, 1000));
    view.zoomToFit();
    const Design &design = document->design();
    const DeviceId gpu002 = deviceNamed(design, "gpu002")->id;
    const RackId a02 = rackNamed(design, "A02")->id;
    const int undoSteps = document->undoStack()->count();

    // Grab gpu002 half a U above its bottom edge (U9) and drop it with that point on U25 of
    // A02's rear: its lowest U becomes 25 (U25-U32 are free: A02 holds U1-U16).
    ElevationDeviceItem *item = view.deviceItem(gpu002);
    const QRectF rect = item->mapRectToScene(item->rect());
    const QPoint from
        = view.mapFromScene(QPointF(rect.center().x(), rect.bottom() - elevation::kUnitMm / 2));
    const QPoint to = view.mapFromScene(view.slotCenter(a02, Face::Rear, 25));
    drag(view, from, to);

    const Device *moved = design.device(gpu002);
    QVERIFY(moved->rack == a02);
    QCOMPARE(moved->uPosition, 25);
    QVERIFY(moved->face == Face::Rear);
    QCOMPARE(document->undoStack()->count(), undoSteps + 1);
    QVERIFY(view.deviceItem(gpu002));
    QCOMPARE(view.deviceItem(gpu002)->parentItem(), view.faceItem(a02, Face::Rear));
}

void TestCanvas::selectionBothWays()
{
    auto document = openExample(kSeed);
    FloorPlanView floor(document.get());
    RackElevationView elevation(document.get());
    showView(floor);
    floor.zoomToFit();
    const Design &design = document->design();
    const RackId a02 = rackNamed(design, "A02")->id;

    // Click on A02 in the floor plan: the document selects it.
    QTest::mouseClick(floor.viewport(), Qt::LeftButton, {},
                      floor.mapFromScene(floor.rackItem(a02)->sceneBoundingRect().center()));
    QCOMPARE(document->selection().size(), std::size_t(1));
    QVERIFY(document->selection().front() == EntityRef::of(a02));
    QVERIFY(elevation.faceItem(a02, Face::Front)->isSelected());

    // Select a device from outside: the elevation selects its item, the floor plan clears.
    const DeviceId gpu003 = deviceNamed(design, "gpu003")->id;
    document->setSelection({ EntityRef::of(gpu003) });
    QVERIFY(elevation.deviceItem(gpu003)->isSelected());
    QVERIFY(!floor.rackItem(a02)->isSelected());

    // A device in a rack the elevation does not show brings its rack in.
    const DeviceId mds = deviceNamed(design, "mds01")->id; // in A05, not among A01-A04
    QVERIFY(!elevation.deviceItem(mds));
    document->setSelection({ EntityRef::of(mds) });
    QVERIFY(elevation.deviceItem(mds));
    QVERIFY(elevation.deviceItem(mds)->isSelected());
}

void TestCanvas::focusOnZoomsToItem()
{
    auto document = openExample(kDgx);
    FabricView view(document.get());
    showView(view);
    view.zoomToFit();
    const double fitZoom = view.zoom();
    const Device *dgx05 = deviceNamed(document->design(), "dgx05");
    view.focusOn({ EntityRef::of(dgx05->id) });
    QCOMPARE(document->selection().size(), std::size_t(1));
    const FabricId compute = document->design().fabrics().begin()->id;
    FabricBoxItem *box = view.boxItem(dgx05->id, compute);
    QVERIFY(box->isSelected());
    QVERIFY(view.zoom() > fitZoom);
    const QRect onScreen = view.mapFromScene(box->sceneBoundingRect()).boundingRect();
    QVERIFY(view.viewport()->rect().contains(onScreen.center()));
}

void TestCanvas::drawLinkByDragging()
{
    auto document = openExample(kSeed);
    FabricView view(document.get());
    showView(view);
    const Design &design = document->design();
    const RackId a05 = rackNamed(design, "A05")->id;
    const DeviceId hdr = deviceNamed(design, "ib-hdr01")->id;
    const FabricId compute = design.fabrics().begin()->id;
    QCOMPARE(design.fabric(compute)->name, std::string("compute-hdr"));

    // A new qm8700 at U20 of A05 (the rack fills U1-U13) is on no link yet.
    Device added = newDevice(design, *Catalog::builtin().find("qm8700"), a05, 20, Face::Front);
    QCOMPARE(document->addDevice(added), QString());
    const Device *sw = deviceNamed(design, added.name);
    QVERIFY(sw);
    QVERIFY(view.boxItem(sw->id, FabricId {}));
    QVERIFY(!view.boxItem(sw->id, compute));

    int picks = 0;
    view.setPortPicker([&picks](const Device &, const Part &, const std::vector<int> &candidates) {
        ++picks;
        return candidates.front();
    });
    view.zoomToFit();
    const std::size_t links = design.links().size();
    const QPoint from
        = view.mapFromScene(view.boxItem(sw->id, FabricId {})->sceneBoundingRect().center());
    const QPoint to = view.mapFromScene(view.boxItem(hdr, compute)->sceneBoundingRect().center());
    drag(view, from, to);

    QVERIFY2(view.lastMessage().isEmpty(), qPrintable(view.lastMessage()));
    QCOMPARE(design.links().size(), links + 1);
    const Link &link = *std::prev(design.links().end());
    QVERIFY(link.fabric == compute); // the fabric of the band the drag ended in
    QVERIFY(link.a.device == sw->id);
    QCOMPARE(link.a.port, 0); // the new switch's first fabric port
    QVERIFY(link.b.device == hdr);
    // ib-hdr01 ports 0-12 carry the 8 nodes and 5 Lustre servers: 13 is the first free.
    QCOMPARE(link.b.port, 13);
    QCOMPARE(picks, 2); // 40 and 27 free ports: the picker asked on both sides
    QVERIFY(!link.cableType.empty()); // auto-cabling chose the cable
    QVERIFY(link.lengthM > 0);
    // The switch moved from the "not connected" band to the compute fabric.
    QVERIFY(view.boxItem(sw->id, compute));
    QVERIFY(!view.boxItem(sw->id, FabricId {}));
}

void TestCanvas::aggregationByHand()
{
    auto document = openExample(kDgx);
    FabricView view(document.get());
    const int devicesOnFabrics = view.boxCount(); // 12 + 14 + 15, one box each
    QCOMPARE(devicesOnFabrics, 41);
    AggregationOptions options;
    options.aggregateAboveDevices = 4;
    view.setAggregation(options);
    // Every rack is in row R1, so each layer is one box: compute 3 (nodes, leaves, spines),
    // storage 3 (nodes, the Lustre tier's 5 servers, stor01), oob 2 (14 nodes, mgmt01).
    QCOMPARE(view.boxCount(), 3 + 3 + 2);
    const Design &design = document->design();
    const FabricId compute = design.fabrics().begin()->id;
    const Device *dgx01 = deviceNamed(design, "dgx01");
    const Device *leaf01 = deviceNamed(design, "leaf01");
    FabricBoxItem *nodes = view.boxItem(dgx01->id, compute);
    QVERIFY(nodes->isAggregate());
    QCOMPARE(nodes->deviceCount(), 8);
    QCOMPARE(view.boxItem(leaf01->id, compute)->deviceCount(), 2);
    // The 64 rail links between nodes and leaves are one bundle with that count, found
    // through any of its links.
    LinkId rail;
    for (const Link &link : design.links())
        if (link.fabric == compute && link.a.device == dgx01->id) {
            rail = link.id;
            break;
        }
    const auto bundle = view.itemsFor(EntityRef::of(rail));
    QCOMPARE(bundle.size(), std::size_t(1));
    QCOMPARE(dynamic_cast<FabricLinkItem *>(bundle.front())->count(), 64);
    // Selecting the aggregate selects its 8 devices.
    nodes->setSelected(true);
    QCOMPARE(document->selection().size(), std::size_t(8));
}

void TestCanvas::largeFabricAggregates()
{
    // 2,048 DGX H100 from the fat-tree template (4 nodes per rack, 16 racks per row).
    auto generated = generateDesign("fat-tree", { { "nodes", "2048" } }, Catalog::builtin());
    QVERIFY(generated);
    auto design = std::make_unique<Design>(std::move(generated.value().design));
    const std::size_t devices = design->devices().size();
    Document document(Catalog::builtin(), std::move(design), QString());
    FabricView view(&document);
    QVERIFY(view.boxCount() > 0);
    QVERIFY2(
        view.boxCount() * 10 < static_cast<int>(devices),
        qPrintable(QStringLiteral("%1 boxes for %2 devices").arg(view.boxCount()).arg(devices)));
    QVERIFY(view.linkItemCount() < static_cast<int>(document.design().links().size()) / 10);
    // Every compute node is in exactly one box of the compute fabric: the counts add up to
    // the template's 2,048.
    const FabricId compute = document.design().fabrics().begin()->id;
    QCOMPARE(document.design().fabric(compute)->purpose == FabricPurpose::Compute, true);
    std::set<const FabricBoxItem *> boxes;
    for (const Device &device : document.design().devices())
        if (device.role == DeviceRole::Compute)
            if (FabricBoxItem *box = view.boxItem(device.id, compute))
                boxes.insert(box);
    int nodes = 0;
    for (const FabricBoxItem *box : boxes)
        nodes += box->deviceCount();
    QCOMPARE(nodes, 2048);
}

void TestCanvas::removingRackAndUndoKeepViewsConsistent()
{
    auto document = openExample(kDgx);
    FloorPlanView floor(document.get());
    RackElevationView elevation(document.get());
    FabricView fabric(document.get());
    FabricView aggregated(document.get());
    AggregationOptions options;
    options.aggregateAboveDevices = 4;
    aggregated.setAggregation(options);
    const Design &design = document->design();
    const RackId a02 = rackNamed(design, "A02")->id;
    const std::size_t floorItems = floor.entityItemCount();
    const int boxes = fabric.boxCount();
    const int links = fabric.linkItemCount();
    const int aggregatedBoxes = aggregated.boxCount();

    // A02 holds dgx05-08, spine01/02, stor01, head01, oss03/04 (ReferenceDesigns.cpp): the
    // cascade removes them and their links; the fabric keeps A01's devices only.
    QCOMPARE(document->remove({ EntityRef::of(a02) }), QString());
    QCOMPARE(floor.entityItemCount(), floorItems - 1);
    QVERIFY(!floor.rackItem(a02));
    QCOMPARE(elevation.racks().size(), std::size_t(1));
    QVERIFY(!elevation.faceItem(a02, Face::Front));
    QVERIFY(fabric.boxCount() < boxes);
    QVERIFY(!fabric.boxItem(deviceNamed(design, "leaf01")->id, design.fabrics().begin()->id)
                 ->isAggregate());
    // compute: dgx01-04 + 2 leaves remain (the spines were in A02); storage: every storage
    // link ended on stor01 (in A02), so the band is empty; oob: dgx01-04, mds01, oss01/02
    // and mgmt01. Nobody is left without a link.
    QCOMPARE(fabric.boxCount(), 6 + 0 + 8);

    // Undo restores the same ids: every view is back to its first counts.
    document->undoStack()->undo();
    QCOMPARE(floor.entityItemCount(), floorItems);
    QVERIFY(floor.rackItem(a02));
    QCOMPARE(elevation.racks().size(), std::size_t(2));
    QCOMPARE(fabric.boxCount(), boxes);
    QCOMPARE(fabric.linkItemCount(), links);
    QCOMPARE(aggregated.boxCount(), aggregatedBoxes);
}

// Hovering a rack tells its load against its feeds (the same hand-worked figures as above),
// hovering a device its part and place; Escape drops the selection.
void TestCanvas::hoverTextAndEscape()
{
    auto document = openExample(kSeed);
    const Design &design = document->design();
    FloorPlanView floor(document.get());
    showView(floor);
    const Rack *a01 = rackNamed(design, "A01");
    const QPoint overA01
        = floor.mapFromScene(floor.rackItem(a01->id)->sceneBoundingRect().center());
    const QString rackText = floor.toolTipAt(overA01);
    QVERIFY2(rackText.contains(QStringLiteral("rack A01")), qPrintable(rackText));
    // 20,400 W of 35,473 W (rackColourFollowsLoadWorkedByHand).
    QVERIFY2(rackText.contains(QStringLiteral("load 20.4 kW of 35.5 kW")), qPrintable(rackText));
    QVERIFY(floor.toolTipAt(QPoint(1, 1)).isEmpty()); // the margin shows nothing

    RackElevationView elevation(document.get());
    elevation.setRacks({ a01->id });
    showView(elevation);
    const Device *gpu = deviceNamed(design, "gpu001");
    QVERIFY(gpu);
    ElevationDeviceItem *item = elevation.deviceItem(gpu->id);
    QVERIFY(item);
    const QPoint overGpu = elevation.mapFromScene(item->sceneBoundingRect().center());
    const QString deviceText = elevation.toolTipAt(overGpu);
    QVERIFY2(deviceText.contains(QStringLiteral("<b>gpu001</b>")), qPrintable(deviceText));
    QVERIFY(deviceText.contains(QStringLiteral("hdr-8x-h100-seed")));
    QVERIFY2(deviceText.contains(QStringLiteral("rack A01, U%1 front").arg(gpu->uPosition)),
             qPrintable(deviceText));
    QVERIFY(deviceText.contains(QStringLiteral("10.2 kW maximum"))); // catalog 10,200 W

    document->setSelection({ EntityRef::of(gpu->id) });
    QVERIFY(item->isSelected());
    QTest::keyClick(&elevation, Qt::Key_Escape);
    QVERIFY(document->selection().empty());
    QVERIFY(!item->isSelected());
}

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"

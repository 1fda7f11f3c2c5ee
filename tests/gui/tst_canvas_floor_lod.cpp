// The floor plan of a campus zoomed out (issue 15: the fitted floor of the 131,072-node campus
// drew 40,000 rack items in every frame). While every rack is a plain fill of a few pixels,
// each hall's layer draws its racks (FloorRackLayer) into a picture kept for the zoom and the
// racks draw nothing, but stay the items the mouse finds. The picture must be the one the
// racks draw themselves, pixel for pixel, markers, selection and failure outlines included;
// a click, a drag, Delete and undo must work on a rack as they do zoomed in.

#include "PixelCompare.h"
#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/FloorRackLayer.h"
#include "views/canvas/NewEntities.h"
#include "views/document/Document.h"

#include <QImage>
#include <QMimeData>
#include <QMouseEvent>
#include <QPainter>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

using namespace cw;
using namespace cw::canvas;
using cw::testing::differingPixels;

namespace {

constexpr int kHalls = 100;
constexpr int kRows = 4;
constexpr int kPositions = 10;

/// `kHalls` halls of `kRows` rows of `kPositions` racks (the campus's floor, smaller halls):
/// fitted in 1600 x 1000, every rack is a few pixels wide.
std::unique_ptr<Document> campusFloor()
{
    auto design = std::make_unique<Design>();
    Site site;
    site.name = "campus";
    for (int h = 1; h <= kHalls; ++h) {
        Hall hall;
        hall.name = "H" + std::to_string(h);
        hall.rows = kRows;
        hall.positionsPerRow = kPositions;
        site.halls.push_back(hall);
    }
    design->setSite(site);
    DesignBuilder builder(*design, Catalog::builtin());
    for (const Hall &hall : site.halls)
        for (int r = 1; r <= kRows; ++r) {
            const std::string rowName = hall.name + "-R" + std::to_string(r);
            const RowId id = builder.addRow(rowName).value();
            Row row = *design->row(id);
            row.hall = hall.name;
            design->updateRow(row);
            for (int p = 1; p <= kPositions; ++p)
                builder.addRack(id, rowName + "-" + std::to_string(p), "rack-48u-air").value();
        }
    return std::make_unique<Document>(Catalog::builtin(), std::move(design), QString());
}

const Rack *rackNamed(const Design &design, const std::string &name)
{
    for (const Rack &rack : design.racks())
        if (rack.name == name)
            return &rack;
    return nullptr;
}

Violation findingOn(const Rack &rack, Severity severity)
{
    Violation violation;
    violation.ruleKey = "power.rack-over-feed";
    violation.severity = severity;
    violation.message = "over its feed";
    violation.entities = { EntityRef::of(rack.id) };
    violation.names = { rack.name };
    return violation;
}

/// The viewport as the screen shows it (overlays included).
QImage frame(FloorPlanView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    view.viewport()->render(&painter);
    return image;
}

/// The picture and the racks' own drawing may differ by this much in a channel (of 255), at
/// antialiased edges only: an edge composed onto the picture's transparency, then onto the
/// floor, rounds once more than one composed onto the floor (3 where two racks' edges share
/// a pixel).
constexpr int kRounding = 4;

/// The same frame drawn by the racks themselves (every layer off), then the layers back on.
QImage frameByRacks(FloorPlanView &view)
{
    view.setHallsDrawRacks(false);
    const QImage image = frame(view);
    for (const FloorRackLayer *layer : view.rackLayers())
        if (layer->drawsRacks())
            qFatal("a layer still draws its racks with the halls' drawing off");
    view.setHallsDrawRacks(true);
    return image;
}

bool layersDrawRacks(const FloorPlanView &view)
{
    return std::all_of(view.rackLayers().begin(), view.rackLayers().end(),
                       [](const FloorRackLayer *layer) { return layer->drawsRacks(); });
}

QPoint centreOf(const FloorPlanView &view, const FloorRackItem &rack)
{
    return view.mapFromScene(rack.sceneBoundingRect().center());
}

/// A pixel wholly inside the rack on screen (its colour is the fill's, not an edge's blend).
QPoint pixelInside(const FloorPlanView &view, const FloorRackItem &rack)
{
    const QRectF device
        = view.viewportTransform().mapRect(rack.mapRectToScene(QRectF(QPointF(0, 0), rack.size())));
    const QPoint pixel(static_cast<int>(std::ceil(device.left())),
                       static_cast<int>(std::ceil(device.center().y())));
    if (pixel.x() + 1 > device.right())
        qFatal("no whole pixel inside the rack: %g px wide", device.width());
    return pixel;
}

int distance(QColor a, QColor b)
{
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green())
        + std::abs(a.blue() - b.blue());
}

void sendMouse(QWidget *widget, QEvent::Type type, QPoint pos, Qt::MouseButton button,
               Qt::MouseButtons buttons)
{
    QMouseEvent event(type, QPointF(pos), widget->mapToGlobal(QPointF(pos)), button, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(widget, &event);
}

} // namespace

class TestCanvasFloorLod : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void hallsDrawTheRacksTheyHold();
    void pictureIsTheRacksOwnDrawing();
    void aClickSelectsTheRackFitted();
    void dragDeleteUndoAndDropFitted();
    void zoomedInRacksDrawThemselves();

private:
    std::unique_ptr<Document> m_document;
    std::unique_ptr<FloorPlanView> m_view;
};

void TestCanvasFloorLod::initTestCase()
{
    m_document = campusFloor();
    m_view = std::make_unique<FloorPlanView>(m_document.get());
    m_view->resize(1600, 1000);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    m_view->zoomToFit();
    frame(*m_view);
}

void TestCanvasFloorLod::hallsDrawTheRacksTheyHold()
{
    const Design &design = m_document->design();
    FloorPlanView &view = *m_view;
    // Fitted, a rack is a few pixels wide: a plain fill, which its hall's layer draws.
    const FloorRackItem *first = view.rackItem(design.racks().begin()->id);
    QVERIFY(first);
    const double rackPx = view.zoom() * first->size().width();
    QVERIFY2(rackPx < 8 && rackPx > 1, qPrintable(QString::number(rackPx)));
    QCOMPARE(static_cast<int>(view.rackLayers().size()), kHalls);
    QVERIFY(layersDrawRacks(view));
    // Every rack is a child of its own hall's layer, draws nothing itself, and each layer holds
    // one hall's racks.
    for (std::size_t h = 0; h < view.halls().size(); ++h) {
        const FloorRackLayer *layer = view.rackLayers()[h];
        const auto racks = layer->racks();
        QCOMPARE(static_cast<int>(racks.size()), kRows * kPositions);
        for (const FloorRackItem *rack : racks) {
            QVERIFY(!rack->drawsItself());
            QVERIFY(view.halls()[h].rect.contains(rack->sceneBoundingRect().center()));
        }
    }
    for (const Rack &rack : design.racks())
        QVERIFY(view.rackItem(rack.id)->layer());
    // The rack is the item found under the cursor; its layer, under it, takes no button.
    const FloorRackItem *rack = view.rackItem(rackNamed(design, "H7-R2-4")->id);
    const QList<QGraphicsItem *> under = view.items(centreOf(view, *rack));
    QVERIFY(!under.isEmpty());
    QCOMPARE(under.front(), static_cast<const QGraphicsItem *>(rack));
    QCOMPARE(rack->layer()->acceptedMouseButtons(), Qt::NoButton);
}

void TestCanvasFloorLod::pictureIsTheRacksOwnDrawing()
{
    const Design &design = m_document->design();
    FloorPlanView &view = *m_view;
    // Findings of each severity on racks here and there (H1's, H50's and H100's), a failure
    // outline, a selected rack: what the fitted campus shows besides the load colours.
    std::vector<Violation> findings;
    int i = 0;
    for (const Rack &rack : design.racks()) {
        if (i % 7 == 0)
            findings.push_back(findingOn(rack,
                                         i % 3 == 0       ? Severity::Error
                                             : i % 3 == 1 ? Severity::Warning
                                                          : Severity::Info));
        ++i;
    }
    view.setViolations(findings);
    const Rack *lost = rackNamed(design, "H12-R3-5");
    const Rack *capped = rackNamed(design, "H40-R1-1");
    view.setFailureStates(
        { { lost->id.value, FailureState::Lost }, { capped->id.value, FailureState::Capped } });
    const Rack *picked = rackNamed(design, "H55-R4-9");
    m_document->setSelection({ EntityRef::of(picked->id) });

    // The frame as the layers draw it: the kept pictures, made at this frame.
    const QImage byLayers = frame(view);
    QVERIFY(layersDrawRacks(view));
    for (const FloorRackLayer *layer : view.rackLayers())
        QVERIFY(layer->keptPictureValid());
    const QImage byRacks = frameByRacks(view);
    QCOMPARE(differingPixels(byLayers, byRacks, kRounding), 0);
    // The next frame copies the pictures; still the racks' drawing.
    QCOMPARE(differingPixels(frame(view), byRacks, kRounding), 0);

    // A marked rack shows its severity's dot; the selected rack its selection fill.
    const FloorRackItem *marked = view.rackItem(design.racks().begin()->id); // finding 0: error
    QCOMPARE(marked->marker(), std::optional<Severity>(Severity::Error));
    // Fitted, the dot is as wide as the rack, in its top right corner.
    const QRectF rect = marked->mapRectToScene(QRectF(QPointF(0, 0), marked->size()));
    const double side = std::min(rect.width(), rect.height());
    const QColor dot(
        byLayers.pixel(view.mapFromScene(QPointF(rect.right() - side / 2, rect.top() + side / 2))));
    QVERIFY2(distance(dot, severityColor(Severity::Error)) < distance(dot, marked->fillColor()),
             qPrintable(dot.name()));
    QCOMPARE(QColor(byLayers.pixel(pixelInside(view, *view.rackItem(picked->id)))),
             QColor(0x15, 0x65, 0xc0));

    // A new finding, its end, a new selection: drawn at the next frame, as the racks draw.
    const Rack *plain = rackNamed(design, "H33-R2-3");
    QVERIFY(!view.rackItem(plain->id)->marker());
    findings.push_back(findingOn(*plain, Severity::Warning));
    findings.erase(findings.begin()); // the first rack's error goes
    view.setViolations(findings);
    m_document->setSelection({ EntityRef::of(plain->id) });
    const QImage changed = frame(view);
    QVERIFY(view.rackItem(plain->id)->marker());
    QVERIFY(!marked->marker());
    QCOMPARE(differingPixels(changed, frameByRacks(view), kRounding), 0);
    QVERIFY(differingPixels(changed, byLayers, kRounding) > 0);

    // Panned by whole pixels (as a scroll does): the pictures are copied, the same drawing.
    const QPointF before = view.mapToScene(QPoint(0, 0));
    view.centerOn(view.mapToScene(view.viewport()->rect().center() + QPoint(37, -23)));
    QVERIFY(view.mapToScene(QPoint(0, 0)) != before);
    const QImage panned = frame(view);
    QCOMPARE(differingPixels(panned, frameByRacks(view), kRounding), 0);
    view.zoomToFit();

    view.setViolations({});
    view.setFailureStates({});
    m_document->setSelection({});
}

void TestCanvasFloorLod::aClickSelectsTheRackFitted()
{
    const Design &design = m_document->design();
    FloorPlanView &view = *m_view;
    frame(view);
    QVERIFY(layersDrawRacks(view));
    // A rack in the middle of the campus, one on its edge: a click on each selects it.
    for (const std::string name : { "H45-R3-6", "H100-R4-10", "H1-R1-1" }) {
        const Rack *rack = rackNamed(design, name);
        FloorRackItem *item = view.rackItem(rack->id);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, centreOf(view, *item));
        QCOMPARE(m_document->selection().size(), std::size_t(1));
        QVERIFY2(m_document->selection().front() == EntityRef::of(rack->id), name.c_str());
        QVERIFY(item->isSelected());
        // Drawn selected at once, by its layer.
        QCOMPARE(QColor(frame(view).pixel(pixelInside(view, *item))), QColor(0x15, 0x65, 0xc0));
        // Hovered: its name.
        QVERIFY(view.toolTipAt(centreOf(view, *item)).contains(QString::fromStdString(name)));
    }
    // A click beside the racks, on a row's label, selects the row as before.
    const Row *row = design.row(design.racks().begin()->row);
    const FloorRowItem *rowItem = view.rowItem(row->id);
    const QRectF band = rowItem->boundingRect(); // its name's room on the left, then the racks
    const QPoint label
        = view.mapFromScene(rowItem->mapToScene(QPointF(band.left() + 200, band.center().y())));
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, label);
    QCOMPARE(m_document->selection().size(), std::size_t(1));
    QVERIFY(m_document->selection().front() == EntityRef::of(row->id));
    m_document->setSelection({});
}

void TestCanvasFloorLod::dragDeleteUndoAndDropFitted()
{
    const Design &design = m_document->design();
    FloorPlanView &view = *m_view;
    frame(view);
    QVERIFY(layersDrawRacks(view));
    // Dragged to its row's spare slot (after the last rack): moved by one undo step, drawn by
    // itself while dragged (out of its layer), back in its hall's layer once dropped.
    const Rack *rack = rackNamed(design, "H20-R2-3");
    const RackId id = rack->id;
    const RowId row = rack->row;
    FloorRackItem *item = view.rackItem(id);
    FloorRackLayer *layer = item->layer();
    const int steps = m_document->undoStack()->count();
    const QPoint from = centreOf(view, *item);
    const QPoint to = view.mapFromScene(view.slotRect(row, kPositions).center());
    QVERIFY((to - from).manhattanLength() > 2 * QApplication::startDragDistance());
    QWidget *viewport = view.viewport();
    sendMouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::LeftButton);
    for (int step = 1; step <= 5; ++step)
        sendMouse(viewport, QEvent::MouseMove, from + (to - from) * step / 5, Qt::NoButton,
                  Qt::LeftButton);
    QVERIFY(!item->layer());
    QVERIFY(item->drawsItself());
    sendMouse(viewport, QEvent::MouseButtonRelease, to, Qt::LeftButton, Qt::NoButton);
    QCOMPARE(design.rack(id)->position, kPositions);
    QVERIFY(design.rack(id)->row == row);
    QCOMPARE(m_document->undoStack()->count(), steps + 1);
    item = view.rackItem(id);
    QCOMPARE(item->layer(), layer);
    QVERIFY(!item->drawsItself());
    QCOMPARE(differingPixels(frame(view), frameByRacks(view), kRounding), 0);

    // Selected by a click where it landed (the drag's grab let go: the click selected nothing
    // before), deleted with the Delete key, then undone.
    QVERIFY(!view.scene()->mouseGrabberItem());
    QTest::mouseClick(viewport, Qt::LeftButton, {}, centreOf(view, *item));
    QVERIFY(m_document->selection().front() == EntityRef::of(id));
    const int held = static_cast<int>(layer->racks().size());
    QTest::keyClick(&view, Qt::Key_Delete);
    QVERIFY(!design.rack(id));
    QVERIFY(!view.rackItem(id));
    QCOMPARE(static_cast<int>(layer->racks().size()), held - 1);
    QCOMPARE(differingPixels(frame(view), frameByRacks(view), kRounding), 0);
    m_document->undoStack()->undo(); // the delete
    QVERIFY(design.rack(id));
    QCOMPARE(view.rackItem(id)->layer(), layer);
    QCOMPARE(static_cast<int>(layer->racks().size()), held);
    m_document->undoStack()->undo(); // the move
    QCOMPARE(design.rack(id)->position, 2);
    QCOMPARE(differingPixels(frame(view), frameByRacks(view), kRounding), 0);
    m_document->setSelection({});

    // A rack part dropped from the library on a row's spare slot: a new rack in that hall's
    // layer, drawn by it at the next frame.
    const Rack *last = rackNamed(design, "H63-R1-10");
    const QPoint slot = view.mapFromScene(view.slotRect(last->row, kPositions).center());
    const std::size_t racks = design.racks().size();
    QMimeData mime;
    mime.setData(QString::fromLatin1(kPartMimeType), QByteArrayLiteral("rack-48u-air"));
    QDragEnterEvent enter(slot, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    QDragMoveEvent move(slot, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QDropEvent drop(QPointF(slot), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
    QCOMPARE(design.racks().size(), racks + 1);
    const Rack &added = design.racks().items().back();
    QVERIFY(added.row == last->row);
    QCOMPARE(added.position, kPositions);
    FloorRackItem *dropped = view.rackItem(added.id);
    QVERIFY(dropped);
    QCOMPARE(dropped->layer(), view.rackItem(last->id)->layer());
    QVERIFY(!dropped->drawsItself());
    QCOMPARE(differingPixels(frame(view), frameByRacks(view), kRounding), 0);
    m_document->undoStack()->undo();
    QCOMPARE(design.racks().size(), racks);
}

void TestCanvasFloorLod::zoomedInRacksDrawThemselves()
{
    const Design &design = m_document->design();
    FloorPlanView &view = *m_view;
    // Zoomed in until a rack is 8 px or more: the layers stop drawing and forget their
    // pictures; each rack draws itself (outline, front), and a click still selects it.
    const FloorRackItem *some = view.rackItem(design.racks().begin()->id);
    const double zoom = 12.0 / (view.zoom() * some->size().width());
    view.scale(zoom, zoom);
    const Rack *rack = rackNamed(design, "H45-R3-6");
    FloorRackItem *item = view.rackItem(rack->id);
    view.centerOn(item);
    frame(view);
    for (const FloorRackLayer *layer : view.rackLayers()) {
        QVERIFY(!layer->drawsRacks());
        QVERIFY(!layer->keptPictureValid());
    }
    for (const Rack &r : design.racks())
        QVERIFY(view.rackItem(r.id)->drawsItself());
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, centreOf(view, *item));
    QCOMPARE(m_document->selection().size(), std::size_t(1));
    QVERIFY(m_document->selection().front() == EntityRef::of(rack->id));
    // And fitted again, the halls draw.
    view.zoomToFit();
    frame(view);
    QVERIFY(layersDrawRacks(view));
    QVERIFY(item->isSelected());
    QCOMPARE(QColor(frame(view).pixel(pixelInside(view, *item))), QColor(0x15, 0x65, 0xc0));
}

QTEST_MAIN(TestCanvasFloorLod)
#include "tst_canvas_floor_lod.moc"

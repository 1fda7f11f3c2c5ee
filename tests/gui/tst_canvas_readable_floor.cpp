// What a user sees on the floor plan, read from what is drawn (CanvasReadable.h): halls side by
// side, the floor's proportions at 2,048 and 16,384 nodes, rack labels, aisles, CDUs and
// feeds, the scale bar and the overview.

#include "CanvasReadable.h"
#include "model/catalog/Catalog.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "model/core/PduCapacity.h"
#include "model/fabric/Templates.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/ElevationItems.h"
#include "views/canvas/FabricItems.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorLayout.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/canvas/RackPicker.h"
#include "views/document/Document.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QtTest>

#include <map>
#include <memory>
#include <numbers>

using namespace cw;
using namespace cw::canvas;
using namespace cw::readable;

class TestCanvasReadableFloor : public QObject
{
    Q_OBJECT

private slots:
    void hallsComeFromRowNames();
    void floorWrapsRowsIntoAScreenShape_data();
    void floorWrapsRowsIntoAScreenShape();
    void siteHallOfARowWinsOverItsName();
    void hallsSitSideBySide();
    void aislesFollowEachHallsPitch();
    void floorLabelsWholeWhenFitted_data();
    void floorLabelsWholeWhenFitted();
    void floorPlanLabelsAreReadableWhenZoomedIn();
    void scaleBarIsTrueToTheDrawing();
    void overviewAppearsAndPans();
    void floorPlanAislesBetweenFacingRows();
    void floorPlanDrawsCdusAndFeedsInTheirHall();
};

void TestCanvasReadableFloor::hallsComeFromRowNames()
{
    QCOMPARE(hallOfRow("H2-R07"), QStringLiteral("H2"));
    QCOMPARE(hallOfRow("Hall A/Row 3"), QStringLiteral("Hall A"));
    QCOMPARE(hallOfRow("R001"), QString()); // the generator's names: one hall
    QCOMPARE(hallOfRow("-R1"), QString());
    QCOMPARE(hallOfRow("R1-"), QString());
}

void TestCanvasReadableFloor::floorWrapsRowsIntoAScreenShape_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("rows"); // `clusterwright-cli generate fat-tree --param nodes=N`
    QTest::newRow("2,048 nodes") << 2048 << 32; // in 2 halls of the default site
    QTest::newRow("16,384 nodes") << 16384 << 253; // in 13 halls
}

void TestCanvasReadableFloor::floorWrapsRowsIntoAScreenShape()
{
    QFETCH(int, nodes);
    QFETCH(int, rows);
    auto document = generated(nodes);
    QCOMPARE(static_cast<int>(document->design().rows().size()), rows);
    FloorPlanView floor(document.get());
    showAt(floor, QSize(1600, 1000));
    // Stacked, 302 rows at a 3 m pitch made a 906 m x 13 m strip (aspect 0.014). Wrapped
    // into columns, the floor is screen-shaped: width / height near the 1.6 aimed at.
    const QRectF bounds = floor.canvasScene()->itemsBoundingRect();
    const double aspect = bounds.width() / bounds.height();
    QVERIFY2(aspect > 0.8 && aspect < 3.0, qPrintable(QString::number(aspect)));
    // Rows keep their order down each column and never overlap.
    std::vector<QRectF> bands;
    for (const Row &row : document->design().rows()) {
        FloorRowItem *item = floor.rowItem(row.id);
        QVERIFY(item);
        bands.push_back(item->sceneBoundingRect().adjusted(1, 11, -1, -11));
    }
    for (std::size_t i = 0; i < bands.size(); ++i)
        for (std::size_t j = i + 1; j < bands.size(); ++j)
            QVERIFY2(!bands[i].intersects(bands[j]),
                     qPrintable(QStringLiteral("%1 %2").arg(i).arg(j)));
    // Fitted, a rack is several pixels: the floor is no longer a 1-px strip.
    // (3.99 px at 16,384 nodes since cold aisles are wider than hot ones: half a column of
    // rows has one cold aisle more.)
    QVERIFY2(floor.zoom() * 60 >= 3.9, qPrintable(QString::number(floor.zoom() * 60)));
    const auto labels = render(floor);
    if (document->design().site().halls.size() > 2) {
        // 13 halls fitted in one window: row names would be under the minimum size, so the
        // level of detail shows each hall's name instead, readable.
        for (const Hall &hall : document->design().site().halls) {
            const DrawnLabel *label = findLabel(labels, QString::fromStdString(hall.name));
            QVERIFY2(label, hall.name.c_str());
            QVERIFY(label->pixelSize >= kMinLabelPx - 0.01);
            // In its hall's title strip, clear of every hall's rows.
            const FloorHallItem *item = nullptr;
            for (const FloorHallItem *candidate : floor.hallItems())
                if (candidate->name() == label->text)
                    item = candidate;
            QVERIFY(item);
            QVERIFY2(onScreen(floor, *item, item->titleRect())
                         .adjusted(-1, -1, 1, 1)
                         .contains(label->deviceRect),
                     hall.name.c_str());
            for (const FloorHall &other : floor.halls())
                QVERIFY2(!overlaps(onScreen(floor, *item, other.rowsRect), label->deviceRect),
                         hall.name.c_str());
        }
        return;
    }
    // Two halls: every row's name is drawn, readable.
    for (const Row &row : document->design().rows()) {
        const DrawnLabel *label = findLabel(labels, QString::fromStdString(row.name));
        QVERIFY2(label, row.name.c_str());
        QVERIFY(label->pixelSize >= kMinLabelPx - 0.01);
    }
}

void TestCanvasReadableFloor::siteHallOfARowWinsOverItsName()
{
    // Rows the site places in halls "North" and "South", named without a hall prefix: the
    // site's hall groups them, not the name.
    std::vector<FloorRowSpec> rows;
    for (int i = 0; i < 4; ++i)
        rows.push_back({ RowId { std::uint64_t(i + 1) }, "R" + std::to_string(i + 1), i, 10,
                         i % 2 == 0 ? "North" : "South" });
    const FloorLayout layout = layoutFloor(rows, FloorGeometry {});
    QCOMPARE(layout.halls.size(), std::size_t(2));
    QCOMPARE(layout.halls[0].name, QStringLiteral("North"));
    QCOMPARE(layout.halls[1].name, QStringLiteral("South"));
    for (const FloorRowSpec &row : rows) {
        const QRectF hall = layout.halls[row.index % 2].rect;
        QVERIFY(hall.contains(layout.rowOrigin.at(row.id.value)));
    }
}

void TestCanvasReadableFloor::hallsSitSideBySide()
{
    // Two halls of three rows: side by side, each hall's rows inside its frame.
    std::vector<FloorRowSpec> rows;
    for (int i = 0; i < 6; ++i)
        rows.push_back({ RowId { std::uint64_t(i + 1) },
                         (i < 3 ? "A-R" : "B-R") + std::to_string(i % 3 + 1),
                         i,
                         10,
                         {} });
    FloorGeometry g;
    const FloorLayout layout = layoutFloor(rows, g);
    QCOMPARE(layout.halls.size(), std::size_t(2));
    QCOMPARE(layout.halls[0].name, QStringLiteral("A"));
    QCOMPARE(layout.halls[1].name, QStringLiteral("B"));
    QVERIFY(layout.halls[1].rect.left() >= layout.halls[0].rect.right() + g.hallGap - 0.01);
    for (const FloorRowSpec &row : rows) {
        const QPointF origin = layout.rowOrigin.at(row.id.value);
        const QRectF hall = layout.halls[row.index < 3 ? 0 : 1].rect;
        QVERIFY(hall.contains(origin));
    }
    // Three rows, row width 260 + 12 x 60 = 980 cm + 300 cm aisle, pitch 300, aspect 1.6 / 2:
    // sqrt(0.8 x 3 x 300 / 1280) = 0.75 -> one column, rows 300 cm apart.
    // Rows 1 and 2 face each other across the cold aisle: 120 + 360 x 1.2 / 2.2 cm apart;
    // rows 2 and 3 back to back across the hot one, 120 + 360 x 1.0 / 2.2: on average the
    // pitch.
    QCOMPARE(layout.rowOrigin.at(2).y() - layout.rowOrigin.at(1).y(), 120 + 360 * 1.2 / 2.2);
    QCOMPARE(layout.rowOrigin.at(3).y() - layout.rowOrigin.at(2).y(), 120 + 360 * 1.0 / 2.2);
    QCOMPARE(layout.rowOrigin.at(2).x(), layout.rowOrigin.at(1).x());
}

void TestCanvasReadableFloor::aislesFollowEachHallsPitch()
{
    // Hall "North" at the site's 3.0 m pitch, hall "South" at its own 2.4 m (Hall::rowPitchM):
    // South's two aisles take 2 x (240 - 120) = 240 cm, cold 240 x 1.2 / 2.2 = 130.91 cm,
    // hot 109.09 cm.
    std::vector<FloorRowSpec> rows;
    for (int i = 0; i < 6; ++i)
        rows.push_back({ RowId { std::uint64_t(i + 1) }, "R" + std::to_string(i + 1), i, 10,
                         i < 3 ? "North" : "South" });
    FloorGeometry g;
    g.hallRowPitch[QStringLiteral("South")] = 240;
    const FloorLayout layout = layoutFloor(rows, g);
    std::map<std::pair<int, bool>, double> widths; // (hall, hot) -> width
    for (const FloorAisle &aisle : layout.aisles)
        widths[{ aisle.hall, aisle.hot }] = aisle.rect.height();
    QCOMPARE(widths.size(), std::size_t(4));
    QCOMPARE(widths.at({ 0, false }), 360 * 1.2 / 2.2);
    QCOMPARE(widths.at({ 0, true }), 360 * 1.0 / 2.2);
    QCOMPARE(widths.at({ 1, false }), 240 * 1.2 / 2.2);
    QCOMPARE(widths.at({ 1, true }), 240 * 1.0 / 2.2);
    // The rows stand where the aisles say: row 5 (South's second) a rack and a cold aisle
    // under row 4.
    QCOMPARE(layout.rowOrigin.at(5).y() - layout.rowOrigin.at(4).y(), 120 + 240 * 1.2 / 2.2);
    QCOMPARE(aisleWidths(g, 240).first, 240 * 1.2 / 2.2);
}

void TestCanvasReadableFloor::floorPlanLabelsAreReadableWhenZoomedIn()
{
    auto document = generated(256);
    FloorPlanView floor(document.get());
    showAt(floor);
    const Rack &rack = *document->design().racks().begin();
    // Zoom until a rack is 80 px wide, on the first rack.
    floor.focusOn({ EntityRef::of(rack.id) });
    floor.setTransform(QTransform::fromScale(80.0 / 60, 80.0 / 60));
    floor.centerOn(floor.rackItem(rack.id)->sceneBoundingRect().center());
    const auto labels = render(floor);
    const DrawnLabel *name = findLabel(labels, QString::fromStdString(rack.name));
    QVERIFY(name);
    QVERIFY(name->pixelSize >= kMinLabelPx - 0.01);
    // The load line ("12.3 kW") under it, also readable and not overlapping the name.
    const RackPower power = DesignCache::of(document.get())->rackPower(rack.id);
    const DrawnLabel *load
        = findLabel(labels, QStringLiteral("%1 kW").arg(power.loadW / 1000.0, 0, 'f', 1));
    QVERIFY(load);
    QVERIFY(load->deviceRect.top() >= name->deviceRect.bottom() - 1);
    // Zoomed out to the whole floor, no rack label is drawn below the minimum.
    floor.zoomToFit();
    for (const DrawnLabel &label : render(floor))
        QVERIFY2(label.pixelSize >= kMinLabelPx - 0.01, qPrintable(label.text));
}

void TestCanvasReadableFloor::scaleBarIsTrueToTheDrawing()
{
    auto document = generated(2048);
    FloorPlanView floor(document.get());
    showAt(floor);
    for (int step = 0; step < 6; ++step) {
        const auto [metres, pixels] = floor.scaleBar();
        // 1 scene unit = 1 cm: the bar's pixels are its metres x 100 x the zoom.
        QVERIFY(metres > 0);
        QCOMPARE(pixels, metres * 100 * floor.zoom());
        QVERIFY2(pixels >= 80 && pixels <= 200, qPrintable(QString::number(pixels)));
        const double mantissa = metres / std::pow(10.0, std::floor(std::log10(metres) + 1e-9));
        QVERIFY2(qFuzzyCompare(mantissa, 1.0) || qFuzzyCompare(mantissa, 2.0)
                     || qFuzzyCompare(mantissa, 5.0),
                 qPrintable(QString::number(metres)));
        const QString text = metres >= 1 ? QStringLiteral("%1 m").arg(metres)
                                         : QStringLiteral("%1 cm").arg(metres * 100);
        QVERIFY2(findLabel(render(floor), text), qPrintable(text));
        floor.zoomIn();
        floor.zoomIn();
    }
    FabricView fabric(document.get());
    QCOMPARE(fabric.scaleBar().first, 0.0); // a topology has no scale
}

void TestCanvasReadableFloor::overviewAppearsAndPans()
{
    auto document = generated(2048);
    FloorPlanView floor(document.get());
    showAt(floor);
    render(floor);
    QVERIFY(!floor.isOverviewShown()); // everything is in view
    QVERIFY(floor.overviewRect().isEmpty());
    for (int i = 0; i < 10; ++i)
        floor.zoomIn();
    const QRectF items = floor.canvasScene()->itemsBoundingRect();
    floor.centerOn(items.topLeft());
    render(floor);
    QVERIFY(floor.isOverviewShown());
    const QRect overview = floor.overviewRect();
    QVERIFY(!overview.isEmpty());
    QVERIFY(overview.width() <= 200 && overview.height() <= 200);
    // A click in the middle of the overview brings the middle of the floor into view.
    QTest::mouseClick(floor.viewport(), Qt::LeftButton, {}, overview.center());
    const QPointF centre = floor.mapToScene(floor.viewport()->rect().center());
    const QPointF expected = floor.canvasScene()->sceneRect().center();
    QVERIFY2(std::abs(centre.x() - expected.x()) < items.width() * 0.02
                 && std::abs(centre.y() - expected.y()) < items.height() * 0.02,
             qPrintable(QStringLiteral("%1,%2 vs %3,%4")
                            .arg(centre.x())
                            .arg(centre.y())
                            .arg(expected.x())
                            .arg(expected.y())));
}

void TestCanvasReadableFloor::floorPlanAislesBetweenFacingRows()
{
    auto document = generated(256);
    const Design &design = document->design();
    FloorPlanView floor(document.get());
    showAt(floor);
    // Rows of a column of a hall, front to back: consecutive rows face each other across one
    // aisle. Work out the expected aisles from the rows' places: same hall, same column (x),
    // one pitch apart.
    std::map<std::pair<std::string, qint64>, std::vector<const Row *>> columns;
    for (const Row &row : design.rows())
        columns[{ row.hall, qRound64(floor.slotRect(row.id, 0).left()) }].push_back(&row);
    std::size_t expected = 0;
    for (auto &[key, rows] : columns) {
        std::sort(rows.begin(), rows.end(), [&](const Row *a, const Row *b) {
            return floor.slotRect(a->id, 0).top() < floor.slotRect(b->id, 0).top();
        });
        expected += rows.size() - 1;
    }
    QVERIFY(expected >= 3);
    QCOMPARE(floor.aisleItems().size(), expected);
    // The site gives a 3.0 m pitch and 1.2 m deep racks, no aisle widths: two rows and their
    // aisles take 2 x 300 cm, the aisles 600 - 2 x 120 = 360 cm, split 1.2 : 1.0 (the
    // preferred front and rear clearances of TIA-942): cold 360 x 1.2 / 2.2 = 196.36 cm,
    // hot 163.64 cm.
    QCOMPARE(design.site().rowPitchM, 3.0);
    QCOMPARE(design.site().rackDepthM, 1.2);
    const double coldCm = 360 * 1.2 / 2.2;
    const double hotCm = 360 - coldCm;
    int cold = 0;
    int hot = 0;
    for (const FloorAisleItem *item : floor.aisleItems()) {
        const FloorAisle &aisle = item->aisle();
        const QRectF before = floor.slotRect(aisle.before, 0);
        const QRectF after = floor.slotRect(aisle.after, 0);
        // Between the two rows' racks, a rack and the aisle's width apart, over their slots.
        QCOMPARE(after.top() - before.top(), 120 + (aisle.hot ? hotCm : coldCm));
        QCOMPARE(aisle.rect.height(), aisle.hot ? hotCm : coldCm);
        QCOMPARE(aisle.rect.top(), before.bottom());
        QCOMPARE(aisle.rect.bottom(), after.top());
        QCOMPARE(aisle.rect.left(), before.left());
        // Cold: both rows' fronts on the aisle; hot: both rears. Never one of each.
        for (const Rack &rack : design.racks()) {
            if (rack.row != aisle.before && rack.row != aisle.after)
                continue;
            const FloorRackItem *r = floor.rackItem(rack.id);
            const bool above = rack.row == aisle.before;
            const bool frontOnAisle = above ? r->isFrontDown() : !r->isFrontDown();
            QVERIFY2(frontOnAisle == !aisle.hot, rack.name.c_str());
            // The front strip is drawn on the front edge.
            const QRectF front = r->frontRect();
            QCOMPARE(front.top() > 0, r->isFrontDown());
        }
        (aisle.hot ? hot : cold) += 1;
    }
    QVERIFY(cold > 0 && hot > 0);
    QVERIFY(std::abs(cold - hot) <= static_cast<int>(columns.size()));
    // Zoomed on the first aisle: its name is drawn inside it, readable.
    const FloorAisleItem *first = floor.aisleItems().front();
    floor.setTransform(QTransform::fromScale(0.5, 0.5));
    floor.centerOn(first->aisle().rect.center());
    const auto labels = render(floor);
    // Named with its width, as a clearance is checked.
    const QString name = first->aisle().hot ? QStringLiteral("hot aisle · 1.64 m")
                                            : QStringLiteral("cold aisle · 1.96 m");
    const DrawnLabel *label = findLabel(labels, name);
    QVERIFY(label);
    QVERIFY(label->pixelSize >= kMinLabelPx - 0.01);
    QVERIFY(onScreen(floor, *first, first->aisle().rect).contains(label->deviceRect));
    // The legend says what the tints and the strip mean.
    QVERIFY(findLabel(labels, QStringLiteral("cold aisle (fronts)")));
    QVERIFY(findLabel(labels, QStringLiteral("hot aisle (rears)")));
    QVERIFY(findLabel(labels, QStringLiteral("rack front")));
}

void TestCanvasReadableFloor::floorPlanDrawsCdusAndFeedsInTheirHall()
{
    // GB200 NVL72 racks are liquid-cooled: each row with them ends with in-row CDUs.
    auto document = generatedFrom("gb200-nvl72", { { "racks", "16" } });
    const Design &design = document->design();
    const Catalog &catalog = document->catalog();
    FloorPlanView floor(document.get());
    showAt(floor, QSize(1600, 1000));
    int cdus = 0;
    for (const Rack &rack : design.racks()) {
        const Part *part = catalog.find(rack.catalogType);
        const bool isCdu = part && part->cdu;
        const FloorRackItem *item = floor.rackItem(rack.id);
        QVERIFY(item);
        QCOMPARE(item->isCdu(), isCdu);
        if (!isCdu)
            continue;
        ++cdus;
        QCOMPARE(item->fillColor(), cduColor());
        // In the hall its row stands in.
        const Row *row = design.row(rack.row);
        QVERIFY(row && !row->hall.empty());
        const FloorHall *hall = nullptr;
        for (const FloorHall &h : floor.halls())
            if (h.name == QString::fromStdString(row->hall))
                hall = &h;
        QVERIFY2(hall, row->hall.c_str());
        QVERIFY(hall->rowsRect.contains(item->sceneBoundingRect().adjusted(2, 2, -2, -2)));
    }
    QVERIFY2(cdus >= 2, qPrintable(QString::number(cdus))); // N+1 at least
    // Zoomed on a CDU: its name and its capacity (the catalog part's 750 kW).
    const Rack *unit = nullptr;
    for (const Rack &rack : design.racks())
        if (floor.rackItem(rack.id)->isCdu())
            unit = &rack;
    floor.setTransform(QTransform::fromScale(2, 2));
    floor.centerOn(floor.rackItem(unit->id)->sceneBoundingRect().center());
    auto labels = render(floor);
    QVERIFY(findLabel(labels, QString::fromStdString(unit->name)));
    const DrawnLabel *capacity = findLabel(labels, QStringLiteral("CDU 750 kW"));
    QVERIFY(capacity);
    QVERIFY(capacity->pixelSize >= kMinLabelPx - 0.01);
    QVERIFY(findLabel(labels, QStringLiteral("CDU (coolant distribution)")));
    // Each hall's feeds beside its name: feed A and feed B with the PDUs of its racks. A PDU
    // carries V x A x sqrt 3 x 0.8 (three-phase, 80 % continuous): 415 V x 60 A -> 34.5 kW.
    QVERIFY(!floor.feedItems().empty());
    for (const FloorFeedItem *item : floor.feedItems()) {
        const FloorHall &hall = floor.halls()[static_cast<std::size_t>(item->hall())];
        int pdus = 0;
        double capacityW = 0;
        for (const Rack &rack : design.racks())
            if (QString::fromStdString(design.row(rack.row)->hall) == hall.name)
                for (const Pdu &pdu : rack.pdus)
                    if (pdu.feed == item->feed()) {
                        ++pdus;
                        capacityW += pdu.voltageV * pdu.breakerA
                            * (pdu.phases == 3 ? std::numbers::sqrt3 : 1.0) * 0.8;
                    }
        QCOMPARE(item->pduCount(), pdus);
        QVERIFY(std::abs(item->capacityW() - capacityW) < 1);
        // In the hall's title strip beside its name, clear of the rows.
        QVERIFY(hall.rect.contains(item->rect()));
        QVERIFY(!item->rect().intersects(hall.rowsRect));
        QVERIFY(!item->rect().intersects(hall.titleRect));
    }
    // Fitted, each feed's title is read in its strip.
    floor.zoomToFit();
    labels = render(floor);
    const DrawnLabel *title = findLabel(labels, QStringLiteral("Feed A"));
    QVERIFY(title);
    QVERIFY(title->pixelSize >= kMinLabelPx - 0.01);
    bool inStrip = false;
    for (const FloorFeedItem *item : floor.feedItems())
        inStrip = inStrip
            || (item->feed() == Feed::A
                && onScreen(floor, *item, item->rect())
                       .adjusted(-1, -1, 1, 1)
                       .contains(title->deviceRect));
    QVERIFY(inStrip);
    QString clash;
    QVERIFY2(labelsApart(drawingLabels(floor, labels), &clash), qPrintable(clash));
}

void TestCanvasReadableFloor::floorLabelsWholeWhenFitted_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("2,048 nodes") << 2048 << false;
    QTest::newRow("2,048 nodes, F11") << 2048 << true;
    QTest::newRow("16,384 nodes, F11") << 16384 << true;
}

void TestCanvasReadableFloor::floorLabelsWholeWhenFitted()
{
    // The whole floor fitted on a 1600 x 1000 screen. Wrong picture this fails on: the 13
    // halls of the 16,384-node design in presentation mode, each feed strip reading "Feed..."
    // where "Feed A" did not fit.
    QFETCH(int, nodes);
    QFETCH(bool, presentation);
    const double minimum = kMinLabelPx * (presentation ? kPresentationLabelScale : 1.0) - 0.01;
    auto document = generated(nodes);
    FloorPlanView floor(document.get());
    showAt(floor, QSize(1600, 1000));
    floor.setPresentationMode(presentation);
    const auto labels = drawingLabels(floor, render(floor));
    for (const DrawnLabel &label : labels) {
        QVERIFY2(!label.text.contains(QChar(0x2026)), qPrintable(label.text));
        QVERIFY2(label.pixelSize >= minimum,
                 qPrintable(QStringLiteral("%1 %2").arg(label.text).arg(label.pixelSize)));
    }
    QString clash;
    QVERIFY2(labelsApart(labels, &clash), qPrintable(clash));
    // Every hall's two feeds are named, whole ("Feed A" or, where that does not fit, "A"),
    // inside their strip.
    const std::size_t halls = document->design().site().halls.size();
    QCOMPARE(floor.feedItems().size(), 2 * halls);
    for (const FloorFeedItem *feed : floor.feedItems()) {
        const QRectF strip = onScreen(floor, *feed, feed->boundingRect()).adjusted(-1, -1, 1, 1);
        const QString letter = feed->feed() == Feed::A ? QStringLiteral("A") : QStringLiteral("B");
        const DrawnLabel *name = nullptr;
        for (const DrawnLabel &label : labels)
            if ((label.text == QStringLiteral("Feed ") + letter || label.text == letter)
                && strip.contains(label.deviceRect))
                name = &label;
        QVERIFY2(name, qPrintable(letter));
    }
}

QTEST_MAIN(TestCanvasReadableFloor)
#include "tst_canvas_readable_floor.moc"

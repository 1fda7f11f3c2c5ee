// What a user sees on the canvas, read from what is drawn: every label painted while a view is
// rendered offscreen is recorded (LabelRecorder) with its text and on-screen rectangle, so the
// tests check texts, sizes and overlaps, the legend, the scale bar, the overview, the floor's
// proportions and the rack picker on generated designs of 256, 2,048 and 16,384 nodes.

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

namespace {

std::unique_ptr<Document> generatedFrom(const std::string &name,
                                        const std::map<std::string, std::string> &params)
{
    auto result = generateDesign(name, params, Catalog::builtin());
    if (!result)
        qFatal("%s does not generate: %s", name.c_str(), result.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(result.value().design)), QString());
}

std::unique_ptr<Document> generated(int nodes)
{
    return generatedFrom("fat-tree", { { "nodes", std::to_string(nodes) } });
}

/// Renders the view as the screen would show it and returns the labels drawn.
std::vector<DrawnLabel> render(CanvasView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    LabelRecorder recorder;
    QPainter painter(&image);
    view.viewport()->render(&painter);
    return recorder.labels();
}

const DrawnLabel *findLabel(const std::vector<DrawnLabel> &labels, const QString &text)
{
    for (const DrawnLabel &label : labels)
        if (label.text == text)
            return &label;
    return nullptr;
}

/// A usual window's canvas (a 1440 x 900 screen less docks and bars).
void showAt(CanvasView &view, QSize size = QSize(1100, 720))
{
    view.resize(size);
    view.show();
    QCoreApplication::processEvents();
    view.zoomToFit();
}

/// Where an item's rectangle (item coordinates) is on the viewport.
QRectF onScreen(const CanvasView &view, const QGraphicsItem &item, const QRectF &rect)
{
    return view.mapFromScene(item.mapToScene(rect)).boundingRect();
}

/// Whether two on-screen rectangles share more than a pixel's sliver.
bool overlaps(const QRectF &a, const QRectF &b)
{
    const QRectF common = a.intersected(b);
    return common.width() >= 1 && common.height() >= 1;
}

/// Fails with both texts when two labels drawn overlap.
bool labelsApart(const std::vector<DrawnLabel> &labels, QString *clash)
{
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (std::size_t j = i + 1; j < labels.size(); ++j)
            if (overlaps(labels[i].deviceRect, labels[j].deviceRect)) {
                *clash = labels[i].text + QStringLiteral(" / ") + labels[j].text;
                return false;
            }
    return true;
}

/// The labels drawn on the drawing, not on the legend or scale bar (overlays).
std::vector<DrawnLabel> drawingLabels(const CanvasView &view, const std::vector<DrawnLabel> &all)
{
    std::vector<DrawnLabel> labels;
    for (const DrawnLabel &label : all)
        if (!QRectF(view.legendRect()).intersects(label.deviceRect)
            && label.deviceRect.bottom() < view.viewport()->height() - 40)
            labels.push_back(label);
    return labels;
}

std::vector<FabricBoxItem *> boxesOf(const FabricBandItem &band)
{
    std::vector<FabricBoxItem *> boxes;
    for (QGraphicsItem *child : band.childItems())
        if (auto *box = dynamic_cast<FabricBoxItem *>(child))
            boxes.push_back(box);
    return boxes;
}

/// Device names of `rack`, bottom to top.
QStringList deviceNames(const Document &document, RackId rack)
{
    QStringList names;
    for (DeviceId id :
         DesignCache::of(const_cast<Document *>(&document))->index().devicesInRack(rack))
        if (const Device *device = document.design().device(id))
            names << QString::fromStdString(device->name);
    return names;
}

} // namespace

class TestCanvasReadable : public QObject
{
    Q_OBJECT

private slots:
    void hallsComeFromRowNames();
    void floorWrapsRowsIntoAScreenShape_data();
    void floorWrapsRowsIntoAScreenShape();
    void siteHallOfARowWinsOverItsName();
    void hallsSitSideBySide();
    void elevationShowsNamesPartsAndUnitsByDefault();
    void elevationSaysWhyNamesAreMissing();
    void presentationModeScalesTheLayout();
    void floorPlanLabelsAreReadableWhenZoomedIn();
    void everyViewHasALegend();
    void scaleBarIsTrueToTheDrawing();
    void overviewAppearsAndPans();
    void rackPickerByRowNameAndSelection();
    void fabricPresentationGrowsBoxesWithText();
    void fabricBandTitlesReadableWhenA16kDesignIsFitted();
    void floorPlanAislesBetweenFacingRows();
    void floorPlanDrawsCdusAndFeedsInTheirHall();
};

void TestCanvasReadable::hallsComeFromRowNames()
{
    QCOMPARE(hallOfRow("H2-R07"), QStringLiteral("H2"));
    QCOMPARE(hallOfRow("Hall A/Row 3"), QStringLiteral("Hall A"));
    QCOMPARE(hallOfRow("R001"), QString()); // the generator's names: one hall
    QCOMPARE(hallOfRow("-R1"), QString());
    QCOMPARE(hallOfRow("R1-"), QString());
}

void TestCanvasReadable::floorWrapsRowsIntoAScreenShape_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("rows"); // `clusterwright-cli generate fat-tree --param nodes=N`
    QTest::newRow("2,048 nodes") << 2048 << 32; // in 2 halls of the default site
    QTest::newRow("16,384 nodes") << 16384 << 253; // in 13 halls
}

void TestCanvasReadable::floorWrapsRowsIntoAScreenShape()
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
    QVERIFY2(floor.zoom() * 60 >= 4, qPrintable(QString::number(floor.zoom() * 60)));
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

void TestCanvasReadable::siteHallOfARowWinsOverItsName()
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

void TestCanvasReadable::hallsSitSideBySide()
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
    QCOMPARE(layout.rowOrigin.at(2).y() - layout.rowOrigin.at(1).y(), 300.0);
    QCOMPARE(layout.rowOrigin.at(2).x(), layout.rowOrigin.at(1).x());
}

void TestCanvasReadable::elevationShowsNamesPartsAndUnitsByDefault()
{
    auto document = generated(256);
    RackElevationView elevation(document.get());
    showAt(elevation);
    QVERIFY(!elevation.racks().empty());
    const auto labels = render(elevation);
    // Hostnames and parts of the racks shown, U numbers at every unit or every few.
    for (RackId rack : elevation.racks()) {
        const QStringList names = deviceNames(*document, rack);
        QVERIFY(!names.isEmpty());
        for (const QString &name : names) {
            const DrawnLabel *label = findLabel(labels, name);
            QVERIFY2(label, qPrintable(name));
            QVERIFY2(label->pixelSize >= kMinLabelPx - 0.01, qPrintable(name));
        }
    }
    const Device &first = *document->design().device(
        DesignCache::of(document.get())->index().devicesInRack(elevation.racks().front()).front());
    const QString part = QString::fromStdString(first.catalogType);
    bool partShown = false;
    for (const DrawnLabel &label : labels)
        partShown = partShown
            || (label.text.startsWith(part.left(6)) && label.pixelSize >= kMinLabelPx - 0.01);
    QVERIFY2(partShown, qPrintable(part));
    QVERIFY(findLabel(labels, QStringLiteral("1")));
    QVERIFY(findLabel(labels, QStringLiteral("10")));
    QVERIFY(findLabel(labels, QStringLiteral("40")));
    // Device labels never overlap one another.
    std::vector<const DrawnLabel *> deviceLabels;
    for (const DrawnLabel &label : labels)
        if (label.deviceRect.left() > 0 && !label.text.front().isDigit())
            deviceLabels.push_back(&label);
    for (std::size_t i = 0; i < deviceLabels.size(); ++i)
        for (std::size_t j = i + 1; j < deviceLabels.size(); ++j) {
            const QRectF overlap
                = deviceLabels[i]->deviceRect.intersected(deviceLabels[j]->deviceRect);
            QVERIFY2(overlap.width() < 1 || overlap.height() < 1,
                     qPrintable(deviceLabels[i]->text + " / " + deviceLabels[j]->text));
        }
}

void TestCanvasReadable::elevationSaysWhyNamesAreMissing()
{
    auto document = generated(256);
    // A rack of 1U switches: the shortest devices, the first to lose their names.
    RackId switches;
    for (const Device &device : document->design().devices()) {
        const Part *part = DesignCache::of(document.get())->part(device.id);
        if (device.role == DeviceRole::Switch && part && part->uHeight == 1) {
            switches = device.rack;
            break;
        }
    }
    QVERIFY(switches.isValid());
    RackElevationView elevation(document.get());
    elevation.setRacks({ switches });
    showAt(elevation, QSize(1100, 720));
    QVERIFY(!findLabel(render(elevation), QStringLiteral("zoom in for names")));
    // A small window: 1U is ~5 px, no switch name fits; the rack says so instead of going
    // blank, and its title stays.
    showAt(elevation, QSize(420, 260));
    const auto labels = render(elevation);
    // The hint may be elided in so small a view, never below the minimum size.
    const DrawnLabel *hint = nullptr;
    for (const DrawnLabel &label : labels)
        if (label.text.startsWith(QStringLiteral("zoom in")))
            hint = &label;
    QVERIFY(hint);
    QVERIFY(hint->pixelSize >= kMinLabelPx - 0.01);
    const Rack *rack = document->design().rack(switches);
    bool titled = false;
    for (const DrawnLabel &label : labels)
        titled = titled || label.text.startsWith(QString::fromStdString(rack->name).left(3));
    QVERIFY(titled);
    for (const DrawnLabel &label : labels) {
        QVERIFY2(label.pixelSize >= kMinLabelPx - 0.01, qPrintable(label.text));
        QVERIFY(!label.text.isEmpty());
    }
}

void TestCanvasReadable::presentationModeScalesTheLayout()
{
    auto document = generated(256);
    RackElevationView elevation(document.get());
    showAt(elevation, QSize(1600, 1000));
    const RackId rack = elevation.racks().front();
    const double gutter = elevation.faceItem(rack, Face::Front)->geometry().gutter;
    elevation.setPresentationMode(true);
    QCOMPARE(elevation.horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    // The gutter grows with the text (1.8x), so two-digit U numbers are not elided.
    QCOMPARE(elevation.faceItem(rack, Face::Front)->geometry().gutter,
             gutter * kPresentationLabelScale);
    elevation.zoomIn(); // leave fit mode: scroll bars stay hidden on a projector
    QCOMPARE(elevation.verticalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    elevation.zoomToFit();
    const auto labels = render(elevation);
    const DrawnLabel *u42 = findLabel(labels, QStringLiteral("42"));
    const DrawnLabel *u40 = findLabel(labels, QStringLiteral("40"));
    QVERIFY(u42 || u40);
    for (const DrawnLabel &label : labels) {
        QVERIFY2(label.pixelSize >= kMinLabelPx * kPresentationLabelScale - 1,
                 qPrintable(label.text + " " + QString::number(label.pixelSize)));
        QVERIFY2(!label.text.contains(QChar(0x2026)) || label.text.size() > 4,
                 qPrintable(label.text)); // U numbers are never "..."
    }
    // The legend is drawn larger too.
    const DrawnLabel *legend = findLabel(labels, QStringLiteral("Legend"));
    QVERIFY(legend);
    QVERIFY(legend->pixelSize >= 12 * kPresentationLabelScale - 1);
}

void TestCanvasReadable::floorPlanLabelsAreReadableWhenZoomedIn()
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

void TestCanvasReadable::everyViewHasALegend()
{
    auto document = generated(256);
    FloorPlanView floor(document.get());
    RackElevationView elevation(document.get());
    FabricView fabric(document.get());
    const std::pair<CanvasView *, QString> expected[] = {
        { &floor, QStringLiteral("load 80-100% of feed") },
        { &elevation, QStringLiteral("compute node") },
        { &fabric, QStringLiteral("compute fabric link") },
    };
    for (const auto &[view, line] : expected) {
        showAt(*view);
        const auto labels = render(*view);
        QVERIFY(findLabel(labels, QStringLiteral("Legend")));
        QVERIFY2(findLabel(labels, line), qPrintable(line));
        QVERIFY(!view->legendRect().isEmpty());
        view->setLegendVisible(false);
        QVERIFY(!findLabel(render(*view), QStringLiteral("Legend")));
        QVERIFY(view->legendRect().isEmpty());
    }
}

void TestCanvasReadable::scaleBarIsTrueToTheDrawing()
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

void TestCanvasReadable::overviewAppearsAndPans()
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

void TestCanvasReadable::rackPickerByRowNameAndSelection()
{
    auto document = generated(2048);
    const Design &design = document->design();
    RackElevationView elevation(document.get());
    const Row *second = nullptr;
    for (const Row &row : design.rows())
        if (row.index == 1)
            second = &row;
    QVERIFY(second);
    std::vector<RackId> inRow;
    for (const Rack &rack : design.racks())
        if (rack.row == second->id)
            inRow.push_back(rack.id);
    QVERIFY(!inRow.empty());
    {
        RackPicker picker(*document, elevation.racks(), RackElevationView::maxRackCount());
        picker.setRowFilter(second->id);
        QCOMPARE(picker.visibleCount(), static_cast<int>(inRow.size()));
        const std::size_t expected = std::min(inRow.size(), RackElevationView::maxRackCount());
        QCOMPARE(picker.racks().size(), expected);
        for (RackId id : picker.racks())
            QCOMPARE(design.rack(id)->row, second->id);
    }
    {
        RackPicker picker(*document, elevation.racks(), RackElevationView::maxRackCount());
        picker.setNameFilter(QStringLiteral("C0007"));
        QCOMPARE(picker.visibleCount(), 1);
        QCOMPARE(picker.racks().size(), std::size_t(1));
        QCOMPARE(design.rack(picker.racks().front())->name, std::string("C0007"));
        elevation.setRacks(picker.racks());
        QCOMPARE(elevation.racks().size(), std::size_t(1));
    }
    {
        // Two devices of two racks selected: the picker takes those two racks.
        const Rack &a = *std::next(design.racks().begin(), 3);
        const Rack &b = *std::next(design.racks().begin(), 9);
        const auto &index = DesignCache::of(document.get())->index();
        document->setSelection(
            { EntityRef::of(index.devicesInRack(a.id).front()), EntityRef::of(b.id) });
        RackPicker picker(*document, elevation.racks(), RackElevationView::maxRackCount());
        picker.pickSelection();
        auto picked = picker.racks();
        std::sort(picked.begin(), picked.end());
        std::vector<RackId> expected { a.id, b.id };
        std::sort(expected.begin(), expected.end());
        QVERIFY(picked == expected);
    }
}

void TestCanvasReadable::fabricPresentationGrowsBoxesWithText()
{
    // 8 DGX H100 on 2 leaves and 2 spines: every box is one device with its name and part.
    auto document = generatedFrom("seed-8dgx-ndr", {});
    const Fabric &compute = *document->design().fabrics().begin();
    FabricView fabric(document.get());
    showAt(fabric, QSize(1600, 1000));
    const FabricGeometry normal = fabric.geometry();
    fabric.setPresentationMode(true);
    // Boxes, header and gutter grow with the text (1.8x); the space between them does not.
    const FabricGeometry large = fabric.geometry();
    QCOMPARE(large.boxWidth, normal.boxWidth * kPresentationLabelScale);
    QCOMPARE(large.boxHeight, normal.boxHeight * kPresentationLabelScale);
    QVERIFY(large.titleHeight >= normal.titleHeight * kPresentationLabelScale - 0.01);
    QVERIFY(large.gutter >= normal.gutter * kPresentationLabelScale - 0.01);
    QCOMPARE(large.gapX, normal.gapX);
    FabricBandItem *band = fabric.bandItem(compute.id);
    QVERIFY(band);
    // The compute band filling the window, as a presenter shows it.
    fabric.fitInView(band->sceneBoundingRect(), Qt::KeepAspectRatio);
    const auto labels = render(fabric);
    const std::vector<FabricBoxItem *> boxes = boxesOf(*band);
    QCOMPARE(boxes.size(), std::size_t(12)); // 8 nodes, 2 leaves, 2 spines
    std::vector<DrawnLabel> inBoxes;
    for (const FabricBoxItem *box : boxes) {
        const Device &device = *document->design().device(box->deviceId());
        const QRectF screen = onScreen(fabric, *box, box->rect()).adjusted(-1, -1, 1, 1);
        // Its name and part, both whole (never elided), at the projector's size, inside it.
        for (const std::string &text : { device.name, device.catalogType }) {
            const DrawnLabel *label = nullptr; // eight nodes share the part: this box's one
            for (const DrawnLabel &candidate : labels)
                if (candidate.text == QString::fromStdString(text)
                    && screen.contains(candidate.deviceRect))
                    label = &candidate;
            QVERIFY2(label, text.c_str());
            QVERIFY2(label->pixelSize >= kMinLabelPx * kPresentationLabelScale - 0.01,
                     qPrintable(QStringLiteral("%1 %2").arg(label->text).arg(label->pixelSize)));
            QVERIFY2(screen.contains(label->deviceRect), text.c_str());
            inBoxes.push_back(*label);
        }
    }
    // The band's title and figures in its header, above every box.
    const DrawnLabel *title = findLabel(labels, QString::fromStdString(compute.name));
    QVERIFY(title);
    QVERIFY(title->pixelSize >= kMinLabelPx * kPresentationLabelScale - 0.01);
    QVERIFY(onScreen(fabric, *band, band->headerRect())
                .adjusted(-1, -1, 1, 1)
                .contains(title->deviceRect));
    // Its figures ("InfiniBand · 400 Gb/s · ...") under the title, in the header too (the
    // storage band beside it has its own).
    const QRectF header = onScreen(fabric, *band, band->headerRect()).adjusted(-1, -1, 1, 1);
    const DrawnLabel *figures = nullptr;
    for (const DrawnLabel &label : labels)
        if (label.text.startsWith(QStringLiteral("InfiniBand"))
            && header.contains(label.deviceRect))
            figures = &label;
    QVERIFY(figures);
    QVERIFY(figures->deviceRect.top() >= title->deviceRect.bottom() - 1);
    for (const FabricBoxItem *box : boxes) {
        QVERIFY(!overlaps(onScreen(fabric, *box, box->rect()), title->deviceRect));
        QVERIFY(!overlaps(onScreen(fabric, *box, box->rect()), figures->deviceRect));
    }
    // Layer names in the gutter, left of every box.
    for (const QString &layer :
         { QStringLiteral("nodes"), QStringLiteral("leaf"), QStringLiteral("spine") }) {
        const DrawnLabel *label = findLabel(labels, layer);
        QVERIFY2(label, qPrintable(layer));
        QVERIFY(label->pixelSize >= kMinLabelPx * kPresentationLabelScale - 0.01);
        for (const FabricBoxItem *box : boxes)
            QVERIFY2(!overlaps(onScreen(fabric, *box, box->rect()), label->deviceRect),
                     qPrintable(layer));
    }
    QString clash;
    QVERIFY2(labelsApart(drawingLabels(fabric, labels), &clash), qPrintable(clash));
}

void TestCanvasReadable::fabricBandTitlesReadableWhenA16kDesignIsFitted()
{
    // 16,384 nodes: 15 bands (compute, storage, an out-of-band tree per hall), the compute
    // band 48 boxes wide, so fitted, a box is a pixel or two. The header grows with the widest
    // band: every band's title is still read, in its header, clear of the boxes.
    auto document = generated(16384);
    FabricView fabric(document.get());
    for (const QSize size : { QSize(1100, 720), QSize(760, 560) }) {
        showAt(fabric, size);
        QVERIFY(fabric.isFitMode());
        QVERIFY(fabric.geometry().headerScale > 1);
        const auto labels = render(fabric);
        for (const Fabric &f : document->design().fabrics()) {
            const FabricBandItem *band = fabric.bandItem(f.id);
            QVERIFY(band);
            const DrawnLabel *title = findLabel(labels, QString::fromStdString(f.name));
            QVERIFY2(title, f.name.c_str());
            QVERIFY2(title->pixelSize >= kMinLabelPx - 0.01, f.name.c_str());
            QVERIFY2(onScreen(fabric, *band, band->headerRect())
                         .adjusted(-1, -1, 1, 1)
                         .contains(title->deviceRect),
                     f.name.c_str());
            for (const FabricBoxItem *box : boxesOf(*band))
                QVERIFY2(!overlaps(onScreen(fabric, *box, box->rect()), title->deviceRect),
                         f.name.c_str());
        }
        QString clash;
        QVERIFY2(labelsApart(drawingLabels(fabric, labels), &clash), qPrintable(clash));
    }
}

void TestCanvasReadable::floorPlanAislesBetweenFacingRows()
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
    const double pitch = design.site().rowPitchM * 100;
    int cold = 0;
    int hot = 0;
    for (const FloorAisleItem *item : floor.aisleItems()) {
        const FloorAisle &aisle = item->aisle();
        const QRectF before = floor.slotRect(aisle.before, 0);
        const QRectF after = floor.slotRect(aisle.after, 0);
        // Between the two rows' racks, one pitch apart, over their slots.
        QCOMPARE(after.top() - before.top(), pitch);
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
    const QString name
        = first->aisle().hot ? QStringLiteral("hot aisle") : QStringLiteral("cold aisle");
    const DrawnLabel *label = findLabel(labels, name);
    QVERIFY(label);
    QVERIFY(label->pixelSize >= kMinLabelPx - 0.01);
    QVERIFY(onScreen(floor, *first, first->aisle().rect).contains(label->deviceRect));
    // The legend says what the tints and the strip mean.
    QVERIFY(findLabel(labels, QStringLiteral("cold aisle (fronts)")));
    QVERIFY(findLabel(labels, QStringLiteral("hot aisle (rears)")));
    QVERIFY(findLabel(labels, QStringLiteral("rack front")));
}

void TestCanvasReadable::floorPlanDrawsCdusAndFeedsInTheirHall()
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

QTEST_MAIN(TestCanvasReadable)
#include "tst_canvas_readable.moc"

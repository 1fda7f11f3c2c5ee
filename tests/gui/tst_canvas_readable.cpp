// What a user sees on the canvas, read from what is drawn: every label painted while a view is
// rendered offscreen is recorded (LabelRecorder) with its text and on-screen rectangle, so the
// tests check texts, sizes and overlaps, the legend, the scale bar, the overview, the floor's
// proportions and the rack picker on generated designs of 256, 2,048 and 16,384 nodes.

#include "model/catalog/Catalog.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/ElevationItems.h"
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

#include <memory>

using namespace cw;
using namespace cw::canvas;

namespace {

std::unique_ptr<Document> generated(int nodes)
{
    auto result
        = generateDesign("fat-tree", { { "nodes", std::to_string(nodes) } }, Catalog::builtin());
    if (!result)
        qFatal("fat-tree %d does not generate: %s", nodes, result.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(result.value().design)), QString());
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

QTEST_MAIN(TestCanvasReadable)
#include "tst_canvas_readable.moc"

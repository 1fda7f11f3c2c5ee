// A campus of 100 halls as an architect reads it (issue 15, the canvas on the largest
// designs): every hall's name whole in its title strip, fitted and zoomed in, cut only where
// it cannot fit even at the smallest readable size and then given in full on hover; the
// fabric view's bands (one out-of-band fabric per hall) flowed into a block of the window's
// shape instead of a column, none overlapping, every title read.

#include "CanvasReadable.h"
#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "views/canvas/BandFlow.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/FabricItems.h"
#include "views/canvas/FabricLayout.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/document/Document.h"

#include <QtTest>

#include <cmath>
#include <memory>
#include <string>

using namespace cw;
using namespace cw::canvas;
using namespace cw::readable;

namespace {

/// `names.size()` halls of `rows` x `positions` rack positions, every two halls 10 m apart
/// (one building: the reach of a copper or short optical link joins any two).
Site campusSite(const std::vector<std::string> &names, int rows, int positions)
{
    Site site;
    site.name = "campus of " + std::to_string(names.size()) + " halls";
    const double kw = 45.0 * rows * positions * static_cast<double>(names.size());
    site.itPowerBudgetKw = kw;
    site.utilityPowerKw = kw * 1.3;
    site.airCoolingCapacityKw = kw;
    site.liquidCoolingCapacityKw = kw;
    for (const std::string &name : names) {
        Hall hall;
        hall.name = name;
        hall.rows = rows;
        hall.positionsPerRow = positions;
        hall.maxKwPerPosition = 45;
        hall.cooling = HallCooling::RearDoor;
        site.halls.push_back(hall);
    }
    for (std::size_t a = 0; a < names.size(); ++a)
        for (std::size_t b = a + 1; b < names.size(); ++b)
            site.hallDistances.push_back({ names[a], names[b], 10.0 });
    return site;
}

std::vector<std::string> hallNames(int count)
{
    std::vector<std::string> names;
    for (int i = 1; i <= count; ++i)
        names.push_back("H" + std::to_string(i));
    return names;
}

/// `clusterwright-cli generate fat-tree --param nodes=1280` into 100 halls of 2 x 2
/// positions: 396 racks in 198 rows of 99 halls, 101 fabrics (compute, storage and an
/// out-of-band fabric per hall), generated in well under a second.
std::unique_ptr<Document> generatedCampus()
{
    auto result = generateDesign("fat-tree", { { "nodes", "1280" } }, Catalog::builtin(),
                                 campusSite(hallNames(100), 2, 2));
    if (!result)
        qFatal("the campus does not generate: %s", result.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(result.value().design)), QString());
}

/// The floor of the 131,072-node campus (halls of 20 rows of 20 racks) with racks only:
/// what the floor plan draws, without the million links the views do not need here.
std::unique_ptr<Document> bareCampus(const std::vector<std::string> &names, int rows, int positions)
{
    auto design = std::make_unique<Design>();
    design->setSite(campusSite(names, rows, positions));
    DesignBuilder builder(*design, Catalog::builtin());
    for (const std::string &hall : names)
        for (int r = 1; r <= rows; ++r) {
            const RowId id = builder.addRow(hall + "-R" + std::to_string(r)).value();
            Row row = *design->row(id);
            row.hall = hall;
            design->updateRow(row);
            for (int p = 1; p <= positions; ++p)
                builder
                    .addRack(id, hall + "-R" + std::to_string(r) + "-" + std::to_string(p),
                             "rack-48u-air")
                    .value();
        }
    return std::make_unique<Document>(Catalog::builtin(), std::move(design), QString());
}

const FloorHallItem *hallItem(const FloorPlanView &floor, const QString &name)
{
    for (const FloorHallItem *item : floor.hallItems())
        if (item->name() == name)
            return item;
    return nullptr;
}

/// Where the name must be read: the hall's title strip on screen (a pixel of rounding).
QRectF titleOnScreen(const FloorPlanView &floor, const FloorHallItem &item)
{
    return onScreen(floor, item, item.titleRect()).adjusted(-1, -1, 1, 1);
}

QRectF bandsRect(const FabricView &fabric, const Design &design)
{
    QRectF all;
    for (const Fabric &f : design.fabrics())
        if (const FabricBandItem *band = fabric.bandItem(f.id))
            all = all.united(band->sceneBoundingRect());
    return all;
}

} // namespace

class TestCanvasCampus : public QObject
{
    Q_OBJECT

private slots:
    void hallNamesWholeOnACampus_data();
    void hallNamesWholeOnACampus();
    void aLongHallNameIsCutOnlyWhereItCannotFit();
    void bandsFlowIntoTheAspectAsked();
    void campusBandsTakeTheWindowsShape_data();
    void campusBandsTakeTheWindowsShape();
    void smallBandsDrawTheirBundles();
};

void TestCanvasCampus::hallNamesWholeOnACampus_data()
{
    QTest::addColumn<bool>("generated");
    QTest::addColumn<QSize>("window");
    // The 100-hall campus as generated at 1,280 nodes (2 x 2 positions a hall), and the
    // 131,072-node campus's floor (20 x 20), where H10-H100 were drawn "H..." at every zoom.
    QTest::newRow("generated, 1100x720") << true << QSize(1100, 720);
    QTest::newRow("generated, 1600x1000") << true << QSize(1600, 1000);
    QTest::newRow("20x20 halls, 1100x720") << false << QSize(1100, 720);
    QTest::newRow("20x20 halls, 1600x1000") << false << QSize(1600, 1000);
}

void TestCanvasCampus::hallNamesWholeOnACampus()
{
    QFETCH(bool, generated);
    QFETCH(QSize, window);
    auto document = generated ? generatedCampus() : bareCampus(hallNames(100), 20, 20);
    FloorPlanView floor(document.get());
    showAt(floor, window);
    const int halls = generated ? 99 : 100; // 1,280 nodes leave the last hall empty
    QCOMPARE(static_cast<int>(floor.hallItems().size()), halls);
    // Fitted, then 4x on the middle of the campus: every hall's name whose strip is on
    // screen is drawn whole (the text is the name, nothing cut), readable, inside its strip.
    for (const double zoom : { 1.0, 4.0 }) {
        if (zoom > 1) {
            floor.scale(zoom, zoom);
            floor.centerOn(floor.canvasScene()->itemsBoundingRect().center());
        }
        const auto labels = drawingLabels(floor, render(floor));
        int seen = 0;
        for (const FloorHallItem *item : floor.hallItems()) {
            const QRectF strip = titleOnScreen(floor, *item);
            if (!QRectF(floor.viewport()->rect()).contains(strip))
                continue; // off screen when zoomed in, or under the legend
            if (strip.intersects(QRectF(floor.legendRect())))
                continue;
            ++seen;
            const DrawnLabel *label = findLabel(labels, item->name());
            QVERIFY2(label, qPrintable(item->name()));
            QVERIFY2(label->pixelSize >= kMinLabelPx - 0.01,
                     qPrintable(QStringLiteral("%1 %2").arg(item->name()).arg(label->pixelSize)));
            QVERIFY2(strip.contains(label->deviceRect),
                     qPrintable(QStringLiteral("%1: %2 px wide in a %3 px strip")
                                    .arg(item->name())
                                    .arg(label->deviceRect.width())
                                    .arg(strip.width())));
            // Its full name on hover over the strip, left of the feeds.
            const QPoint over = onScreen(floor, *item, item->titleRect()).center().toPoint()
                - QPoint(static_cast<int>(strip.width() / 4), 0);
            QCOMPARE(floor.toolTipAt(over), item->name());
        }
        for (const DrawnLabel &label : labels)
            QVERIFY2(!label.text.contains(QChar(0x2026)), qPrintable(label.text));
        // Fitted, every hall is on screen (bar those under the legend); 4x, a dozen or more.
        QVERIFY2(seen >= (zoom > 1 ? 6 : halls - 20), qPrintable(QString::number(seen)));
    }
}

void TestCanvasCampus::aLongHallNameIsCutOnlyWhereItCannotFit()
{
    // Four halls of 2 x 4 racks, one named at length (43 characters): fitted on 1100 x 720,
    // its strip (at most 70 % of its hall) cannot hold the name even at the smallest
    // readable size, so it is cut, within the strip, and the hover gives it whole. Zoomed in
    // 8x the strip is 8 times wider on screen: the name is drawn whole.
    const QString longName = QStringLiteral("North building, storey 2, east wing hall 12");
    auto document = bareCampus({ "H1", "H2", longName.toStdString(), "H4" }, 2, 4);
    FloorPlanView floor(document.get());
    showAt(floor);
    const FloorHallItem *item = hallItem(floor, longName);
    QVERIFY(item);
    auto labels = render(floor);
    const QRectF strip = titleOnScreen(floor, *item);
    const DrawnLabel *cut = nullptr;
    for (const DrawnLabel &label : labels)
        if (label.text.endsWith(QChar(0x2026)) && strip.contains(label.deviceRect))
            cut = &label;
    QVERIFY(cut);
    QVERIFY(longName.startsWith(cut->text.chopped(1)));
    QVERIFY(cut->pixelSize >= kMinLabelPx - 0.01);
    QCOMPARE(
        floor.toolTipAt(strip.center().toPoint() - QPoint(static_cast<int>(strip.width() / 4), 0)),
        longName);
    // The short names beside it are whole.
    for (const char *name : { "H1", "H2", "H4" })
        QVERIFY2(findLabel(labels, QString::fromLatin1(name)), name);

    floor.scale(8, 8);
    floor.centerOn(item->mapToScene(item->titleRect().center()));
    labels = render(floor);
    const DrawnLabel *whole = findLabel(labels, longName);
    QVERIFY(whole);
    QVERIFY(titleOnScreen(floor, *item).contains(whole->deviceRect));
}

void TestCanvasCampus::bandsFlowIntoTheAspectAsked()
{
    // A compute band 1000 x 300 and 12 out-of-band bands 400 x 200, no gap, aspect 2.
    // Lines as wide as the compute band (the former flow): 2 small bands a line, 6 lines:
    // 1000 x 1500 (0.67, 3 times too tall). Three a line (1,200): 1200 x 1100 (1.09). Four
    // (1,600): the compute band and one small band, then 4, 4, 3: 1600 x 900 (1.78,
    // |ln(1.78 / 2)| = 0.12, the nearest). Five (2,000): 2000 x 700 (2.86), farther, and
    // wider only grows it.
    std::vector<QSizeF> sizes { QSizeF(1000, 300) };
    for (int i = 0; i < 12; ++i)
        sizes.emplace_back(400, 200);
    const BandFlow tower = flowBandsInto(sizes, 0, 1000);
    QCOMPARE(tower.width, 1000.0);
    QCOMPARE(tower.height, 1500.0);
    const BandFlow flow = flowBands(sizes, 0, 2.0);
    QCOMPARE(flow.lineWidth, 1600.0);
    QCOMPARE(flow.width, 1600.0);
    QCOMPARE(flow.height, 900.0);
    QCOMPARE(flow.positions[0], QPointF(0, 0));
    QCOMPARE(flow.positions[1], QPointF(1000, 0));
    QCOMPARE(flow.positions[2], QPointF(0, 300));
    QCOMPARE(flow.positions[5], QPointF(1200, 300));
    QCOMPARE(flow.positions[6], QPointF(0, 500));
    QCOMPARE(flow.positions[12], QPointF(800, 700));
    // Aspect 1.6: the tower is 2.4 times too tall, within the 2.5 a tower may be: kept. A
    // tall window (aspect 0.5) keeps it too.
    QCOMPARE(flowBands(sizes, 0, 1.6).lineWidth, 1000.0);
    QCOMPARE(flowBands(sizes, 0, 0.5).lineWidth, 1000.0);
    // Aspect 1.4 with an 80-unit gap: the tower is 1000 x 1980 (0.505, 2.8 times too tall);
    // steps of 480: three a line (1,360) make 1360 x 1420 (0.96), four (1,840) 1840 x 1140
    // (1.61, the nearest), five (2,320) 2320 x 860 (2.70).
    const BandFlow gapped = flowBands(sizes, 80, 1.4);
    QCOMPARE(gapped.lineWidth, 4 * 480.0 - 80);
    QCOMPARE(gapped.height, 1140.0);
}

void TestCanvasCampus::campusBandsTakeTheWindowsShape_data()
{
    QTest::addColumn<QSize>("window");
    QTest::newRow("1600x1000") << QSize(1600, 1000);
    QTest::newRow("1100x720") << QSize(1100, 720);
}

void TestCanvasCampus::campusBandsTakeTheWindowsShape()
{
    QFETCH(QSize, window);
    auto document = generatedCampus();
    const Design &design = document->design();
    QCOMPARE(static_cast<int>(design.fabrics().size()), 101);
    FabricView fabric(document.get());
    showAt(fabric, window);
    QVERIFY(fabric.isFitMode());
    const auto labels = render(fabric);
    // The drawing has about the shape of the window beside the legend's strip: within a
    // factor 1.5 of its aspect (the former flow, lines as wide as the compute band, made it
    // 0.2 high for 1 wide).
    const double want = (fabric.viewport()->width() - fabric.legendRect().width() - 20.0)
        / fabric.viewport()->height();
    const QRectF all = bandsRect(fabric, design);
    const double aspect = all.width() / all.height();
    QVERIFY2(aspect > want / 1.5 && aspect < want * 1.5,
             qPrintable(QStringLiteral("%1 for a window of %2").arg(aspect).arg(want)));
    std::vector<QSizeF> sizes;
    for (const Fabric &f : design.fabrics())
        sizes.push_back(fabric.bandItem(f.id)->boundingRect().adjusted(2, 2, -2, -2).size());
    double widest = 0;
    for (const QSizeF &size : sizes)
        widest = std::max(widest, size.width());
    const BandFlow tower = flowBandsInto(sizes, 0, widest);
    QVERIFY2(tower.width / tower.height < 0.5,
             qPrintable(QString::number(tower.width / tower.height)));
    // No band overlaps another.
    std::vector<QRectF> bands;
    for (const Fabric &f : design.fabrics())
        bands.push_back(fabric.bandItem(f.id)->sceneBoundingRect().adjusted(2.5, 2.5, -2.5, -2.5));
    for (std::size_t i = 0; i < bands.size(); ++i)
        for (std::size_t j = i + 1; j < bands.size(); ++j)
            QVERIFY2(!bands[i].intersects(bands[j]),
                     qPrintable(QStringLiteral("bands %1 and %2").arg(i).arg(j)));
    // Every band's title is read in its header, fitted: whole on 1600 x 1000; on 1100 x 720
    // the narrowest bands (one hall's 14 boxes) are about 80 px wide on screen, and there a
    // title may be cut at the smallest readable size, never smaller, with its hover naming
    // the fabric whole.
    const bool small = window.width() < 1600;
    int titled = 0;
    int cut = 0;
    for (const Fabric &f : design.fabrics()) {
        const FabricBandItem *band = fabric.bandItem(f.id);
        const QRectF header = onScreen(fabric, *band, band->headerRect()).adjusted(-1, -1, 1, 1);
        if (header.intersects(QRectF(fabric.legendRect())))
            continue; // under the legend
        const QString name = QString::fromStdString(f.name);
        const DrawnLabel *title = findLabel(labels, name);
        if (!title && small) {
            for (const DrawnLabel &label : labels)
                if (header.contains(label.deviceRect) && label.text.endsWith(QChar(0x2026))
                    && name.startsWith(label.text.chopped(1)))
                    title = &label;
            QVERIFY2(title, f.name.c_str());
            QVERIFY2(title->pixelSize < kMinLabelPx + 0.5, f.name.c_str());
            QVERIFY2(fabric.toolTipAt(header.center().toPoint()).contains(name), f.name.c_str());
            ++cut;
        }
        QVERIFY2(title, f.name.c_str());
        QVERIFY2(title->pixelSize >= kMinLabelPx - 0.01, f.name.c_str());
        QVERIFY2(header.contains(title->deviceRect), f.name.c_str());
        ++titled;
    }
    if (!small)
        QCOMPARE(cut, 0);
    QVERIFY2(titled >= 80, qPrintable(QString::number(titled)));
}

namespace {

/// The bundle items of `band` (its link items standing for no one link).
std::vector<FabricLinkItem *> bundlesOf(const FabricBandItem &band)
{
    std::vector<FabricLinkItem *> bundles;
    for (QGraphicsItem *child : band.childItems())
        if (auto *link = dynamic_cast<FabricLinkItem *>(child); link && link->entities().empty())
            bundles.push_back(link);
    return bundles;
}

/// The scene under the viewport drawn by the scene alone (no view: the bands keep the way
/// of drawing their bundles they were last given).
QImage sceneUnderViewport(const FabricView &view)
{
    QImage image(view.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.setTransform(view.viewportTransform());
    view.scene()->render(&painter, view.mapToScene(view.viewport()->rect()).boundingRect(),
                         view.mapToScene(view.viewport()->rect()).boundingRect(),
                         Qt::IgnoreAspectRatio);
    return image;
}

} // namespace

void TestCanvasCampus::smallBandsDrawTheirBundles()
{
    // Fitted, a layer is a few pixels high: every aggregated band draws its bundles itself
    // (the items hidden, the same lines), a bundle with a finding stays an item and draws
    // itself dashed red; zoomed in, the items draw again.
    auto document = generatedCampus();
    const Design &design = document->design();
    FabricView fabric(document.get());
    showAt(fabric, QSize(1600, 1000));
    render(fabric);
    QVERIFY(fabric.zoom() * fabric.geometry().layerPitch() < 64);
    FabricBandItem *compute = fabric.bandItem(design.fabrics().begin()->id);
    QVERIFY(compute);
    std::vector<FabricLinkItem *> bundles = bundlesOf(*compute);
    QVERIFY(bundles.size() >= 10);
    int bands = 0;
    for (const Fabric &f : design.fabrics()) {
        const FabricBandItem *band = fabric.bandItem(f.id);
        QVERIFY(band->drawsBundles());
        for (const FabricLinkItem *bundle : bundlesOf(*band))
            QCOMPARE(bundle->isVisible(), !bundle->isPlain()); // a finding's marker: drawn
        ++bands;
    }
    QCOMPARE(bands, 101);

    // The band's picture is the items' picture: the scene drawn with the bundles as items
    // and as the bands draw them, pixel for pixel but for antialiased crossings.
    const QImage byBands = sceneUnderViewport(fabric);
    for (const Fabric &f : design.fabrics())
        fabric.bandItem(f.id)->drawBundles(false);
    const QImage byItems = sceneUnderViewport(fabric);
    int differing = 0;
    int inked = 0;
    for (int y = 0; y < byItems.height(); ++y)
        for (int x = 0; x < byItems.width(); ++x) {
            const QRgb p = byBands.pixel(x, y);
            const QRgb q = byItems.pixel(x, y);
            if (q != qRgb(255, 255, 255))
                ++inked;
            if (std::max({ std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                           std::abs(qBlue(p) - qBlue(q)) })
                > 48)
                ++differing;
        }
    QVERIFY(inked > 100000);
    QVERIFY2(differing <= inked / 100,
             qPrintable(QStringLiteral("%1 of %2 pixels differ").arg(differing).arg(inked)));

    // A finding on a bundle: at the next frame it is an item again, the others stay hidden.
    std::vector<FabricLinkItem *> plain;
    for (FabricLinkItem *bundle : bundles)
        if (bundle->isPlain())
            plain.push_back(bundle);
    QVERIFY(plain.size() >= 2);
    FabricLinkItem *flagged = plain.front();
    flagged->setMarker(Severity::Error);
    render(fabric);
    QVERIFY(compute->drawsBundles());
    QVERIFY(flagged->isVisible());
    QVERIFY(!plain.back()->isVisible());
    flagged->setMarker(std::nullopt);
    render(fabric);
    QVERIFY(!flagged->isVisible());

    // Zoomed in until a layer is 64 px or more: the items draw, each visited only in view.
    const double zoom = 70.0 / (fabric.zoom() * fabric.geometry().layerPitch());
    fabric.scale(zoom, zoom);
    render(fabric);
    QVERIFY(!compute->drawsBundles());
    for (const FabricLinkItem *bundle : bundles)
        QVERIFY(bundle->isVisible());
    // Titles whole and hover text as before: the band's name over its header.
    fabric.centerOn(compute->mapToScene(compute->headerRect().center()));
    const auto labels = render(fabric);
    const QString name = QString::fromStdString(design.fabrics().begin()->name);
    QVERIFY(findLabel(labels, name));
    QVERIFY(
        fabric.toolTipAt(fabric.mapFromScene(compute->mapToScene(compute->headerRect().center())))
            .contains(name.toHtmlEscaped()));
}

QTEST_MAIN(TestCanvasCampus)
#include "tst_canvas_campus.moc"

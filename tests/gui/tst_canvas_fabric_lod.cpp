// The fabric view's boxes, bundles and chips drawn the cheap way while small on screen (the
// fitted fabric of the 131,072-node campus shows 13,000 of them in every frame): the picture
// must be the one the full drawing gives, only cheaper. Each item is painted at a zoom where
// no label fits and compared, pixel by pixel, with the full drawing (stroked outlines, curves
// as paths, rounded chips) done the way the items drew before.

#include "PixelCompare.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/FabricChips.h"
#include "views/canvas/FabricItems.h"
#include "views/canvas/FabricLayout.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <functional>

using namespace cw;
using namespace cw::canvas;
using cw::testing::differingPixels;

namespace {

const QColor kBandColour(0x2a, 0x6f, 0xb0);
const QSize kImage(400, 200);

/// `draw` at zoom `lod` (screen pixels per unit), the drawing's origin at (40, 60) px, on
/// white, antialiased as the canvas views draw.
QImage paintAt(double lod, const std::function<void(QPainter &)> &draw)
{
    QImage image(kImage, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.translate(40, 60);
    painter.scale(lod, lod);
    draw(painter);
    return image;
}

/// Pixels that are not white: how much the picture shows.
int inkedPixels(const QImage &image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != qRgb(255, 255, 255))
                ++count;
    return count;
}

FabricBox leafBox(double x, double y, bool aggregate)
{
    FabricBox box;
    box.layer = FabricLayer::Leaf;
    box.devices = { DeviceId { 1 } };
    if (aggregate)
        box.devices.push_back(DeviceId { 2 });
    box.label = aggregate ? "2 leaf switches" : "leaf-01";
    box.detail = aggregate ? "row R01" : "q3400-ra";
    box.x = x;
    box.y = y;
    return box;
}

} // namespace

class TestCanvasFabricLod : public QObject
{
    Q_OBJECT

private slots:
    void smallBoxLooksAsStroked_data();
    void smallBoxLooksAsStroked();
    void arcOverALayerLooksAsItsCurve_data();
    void arcOverALayerLooksAsItsCurve();
    void chipsOutlinesLookRounded();
};

void TestCanvasFabricLod::smallBoxLooksAsStroked_data()
{
    QTest::addColumn<bool>("aggregate");
    QTest::addColumn<double>("lod");
    // A box of 170 x 60 units: 13 x 5 px to 31 x 11 px, no label fits (from about 0.2 the
    // count fits, at 9 px with its padding in the box's height).
    QTest::newRow("aggregate, 0.08") << true << 0.08;
    QTest::newRow("aggregate, 0.15") << true << 0.15;
    QTest::newRow("aggregate, 0.18") << true << 0.18;
    QTest::newRow("device, 0.15") << false << 0.15;
}

void TestCanvasFabricLod::smallBoxLooksAsStroked()
{
    QFETCH(bool, aggregate);
    QFETCH(double, lod);
    FabricBoxItem item(leafBox(0, 0, aggregate), FabricId { 7 }, aggregate, kBandColour);
    QStyleOptionGraphicsItem option;
    LabelRecorder recorder;
    const QImage fast
        = paintAt(lod, [&](QPainter &painter) { item.paint(&painter, &option, nullptr); });
    QVERIFY2(recorder.labels().empty(), "a label fits: the box is not small at this zoom");
    // As FabricBoxItem drew before, at every zoom: the stack behind an aggregate (a pixel-wide
    // outline), the box outlined with a 3-unit (aggregate) or 2-unit pen.
    const QImage full = paintAt(lod, [&](QPainter &painter) {
        const QRectF rect = item.rect();
        if (aggregate) {
            painter.setPen(QPen(kBandColour, 0));
            painter.setBrush(layerFill(FabricLayer::Leaf).darker(110));
            painter.drawRect(rect.translated(4, -4));
        }
        QPen pen(kBandColour);
        pen.setWidthF(aggregate ? 3 : 2);
        painter.setPen(pen);
        painter.setBrush(layerFill(FabricLayer::Leaf));
        painter.drawRect(rect);
    });
    const int inked = inkedPixels(full);
    QVERIFY(inked >= 60); // the box is there to compare
    // Only antialiased edges may differ, and only a little.
    const int differing = differingPixels(fast, full, 40);
    QVERIFY2(differing <= inked / 20,
             qPrintable(QStringLiteral("%1 of %2 pixels differ").arg(differing).arg(inked)));
}

void TestCanvasFabricLod::arcOverALayerLooksAsItsCurve_data()
{
    QTest::addColumn<double>("lod");
    QTest::addColumn<int>("count");
    QTest::newRow("0.1, one link") << 0.1 << 1;
    QTest::newRow("0.25, bundle of 64") << 0.25 << 64;
    QTest::newRow("0.5, bundle of 8") << 0.5 << 8;
    QTest::newRow("2, bundle of 8 (the curve)") << 2.0 << 8;
}

void TestCanvasFabricLod::arcOverALayerLooksAsItsCurve()
{
    // Two switches side by side (an inter-switch link): an arc over them, drawn flattened
    // while a unit is at most half a pixel, as the curve beyond.
    QFETCH(double, lod);
    QFETCH(int, count);
    // The boxes' tops 120 px down the picture, 320 px apart, whatever the zoom.
    const FabricBoxItem a(leafBox(0, 120 / lod, true), FabricId { 7 }, true, kBandColour);
    const FabricBoxItem b(leafBox(320 / lod - 170, 120 / lod, true), FabricId { 7 }, true,
                          kBandColour);
    FabricLinkItem link(LinkId {}, &a, &b, count, kBandColour);
    QStyleOptionGraphicsItem option;
    const QImage fast
        = paintAt(lod, [&](QPainter &painter) { link.paint(&painter, &option, nullptr); });
    const QImage full = paintAt(lod, [&](QPainter &painter) {
        QPen pen(kBandColour);
        pen.setCosmetic(true);
        pen.setWidthF(count > 1 ? 1.5 + 0.6 * std::log2(static_cast<double>(count)) : 1.5);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(link.path());
    });
    const int inked = inkedPixels(full);
    QVERIFY(inked >= 200);
    const int differing = differingPixels(fast, full, 40);
    QVERIFY2(differing <= inked / 20,
             qPrintable(QStringLiteral("%1 of %2 pixels differ").arg(differing).arg(inked)));
}

void TestCanvasFabricLod::chipsOutlinesLookRounded()
{
    // A bundle's count chip zoomed out (its rounded outline flattened once per placement)
    // and zoomed in (drawn as curves): the same chip, the count inside it, at both zooms
    // the outline as a rounded rectangle draws it.
    for (const double lod : { 0.5, 2.0 }) {
        FabricChipsItem chips(QRectF(0, 0, 2000, 1000), {}, 1.0);
        QPainterPath line;
        line.moveTo(100, 50);
        line.lineTo(100 + 200 / lod, 50 + 100 / lod);
        chips.addBundle(line, 512);
        QStyleOptionGraphicsItem option;
        LabelRecorder recorder;
        const QImage fast
            = paintAt(lod, [&](QPainter &painter) { chips.paint(&painter, &option, nullptr); });
        const auto drawn = chips.drawnChips();
        QCOMPARE(drawn.size(), std::size_t(1));
        QCOMPARE(drawn.front().count, 512);
        const DrawnLabel *count = recorder.find(QStringLiteral("512"));
        QVERIFY(count);
        QTransform screen;
        screen.translate(40, 60);
        screen.scale(lod, lod);
        QVERIFY(
            screen.mapRect(drawn.front().rect).adjusted(-1, -1, 1, 1).contains(count->deviceRect));
        const QImage full = paintAt(lod, [&](QPainter &painter) {
            const QRectF chip = drawn.front().rect;
            painter.setPen(QPen(QColor(0x88, 0x88, 0x88), 0));
            painter.setBrush(QColor(255, 255, 255, 235));
            painter.drawRoundedRect(chip, chip.height() * 0.2, chip.height() * 0.2);
        });
        // The outline alone: the text drawn over the fast one is left out of the comparison.
        QImage outline = fast;
        const QRect text = count->deviceRect.toAlignedRect();
        for (int y = text.top(); y <= text.bottom(); ++y)
            for (int x = text.left(); x <= text.right(); ++x)
                if (outline.rect().contains(x, y))
                    outline.setPixel(x, y, full.pixel(x, y));
        const int inked = inkedPixels(full);
        QVERIFY(inked >= 30);
        const int differing = differingPixels(outline, full, 40);
        QVERIFY2(differing <= std::max(3, inked / 20),
                 qPrintable(QStringLiteral("lod %1: %2 of %3 pixels differ")
                                .arg(lod)
                                .arg(differing)
                                .arg(inked)));
    }
}

QTEST_MAIN(TestCanvasFabricLod)
#include "tst_canvas_fabric_lod.moc"

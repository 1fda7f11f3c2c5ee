// What a user sees on the canvas, read from what is drawn (CanvasReadable.h): the rack
// elevation's names, parts and U numbers, presentation mode, legends, the rack picker and the
// fabric's boxes and band titles on generated designs of 256, 2,048 and 16,384 nodes.

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
#include "views/canvas/FabricChips.h"
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

class TestCanvasReadable : public QObject
{
    Q_OBJECT

private slots:
    void elevationShowsNamesPartsAndUnitsByDefault();
    void elevationSaysWhyNamesAreMissing();
    void presentationModeScalesTheLayout();
    void everyViewHasALegend();
    void rackPickerByRowNameAndSelection();
    void fabricPresentationGrowsBoxesWithText();
    void fabricBandTitlesReadableWhenA16kDesignIsFitted();
    void fabricAggregatesWholeAndChipsApart_data();
    void fabricAggregatesWholeAndChipsApart();
    void elevationDeviceLabelsWhole_data();
    void elevationDeviceLabelsWhole();
};

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

void TestCanvasReadable::fabricAggregatesWholeAndChipsApart_data()
{
    QTest::addColumn<int>("nodes");
    QTest::addColumn<bool>("presentation");
    QTest::newRow("256 nodes") << 256 << false;
    QTest::newRow("256 nodes, F11") << 256 << true;
    QTest::newRow("2,048 nodes, F11") << 2048 << true;
}

void TestCanvasReadable::fabricAggregatesWholeAndChipsApart()
{
    // Fitted on a 1600 x 1000 screen, aggregated (every fabric has more than 96 devices).
    // Wrong pictures this fails on: "72 nod..." in a node box, bundle counts drawn over each
    // other ("2 22 51 2" in a heap under the out-of-band spine), an empty storage block.
    QFETCH(int, nodes);
    QFETCH(bool, presentation);
    const double minimum = kMinLabelPx * (presentation ? kPresentationLabelScale : 1.0) - 0.01;
    auto document = generated(nodes);
    FabricView fabric(document.get());
    showAt(fabric, QSize(1600, 1000));
    fabric.setPresentationMode(presentation);
    QVERIFY(fabric.isFitMode());
    // Every label drawn, and those clear of the legend and of the scale bar's strip at the
    // bottom (the bands fill the window's shape: a row of boxes may end there).
    const auto all = render(fabric);
    const auto labels = drawingLabels(fabric, all);
    QVERIFY(!labels.empty());
    // Nothing is cut: a label is drawn whole (one of its forms) or not at all.
    for (const DrawnLabel &label : labels) {
        QVERIFY2(!label.text.contains(QChar(0x2026)), qPrintable(label.text));
        QVERIFY2(label.pixelSize >= minimum,
                 qPrintable(QStringLiteral("%1 %2").arg(label.text).arg(label.pixelSize)));
    }
    QString clash;
    QVERIFY2(labelsApart(labels, &clash), qPrintable(clash));
    int countsShown = 0;
    int chipsShown = 0;
    for (const Fabric &f : document->design().fabrics()) {
        FabricBandItem *band = fabric.bandItem(f.id);
        QVERIFY(band);
        std::vector<QRectF> boxRects;
        for (const FabricBoxItem *box : boxesOf(*band)) {
            QVERIFY(box->isAggregate());
            const QRectF screen = onScreen(fabric, *box, box->rect()).adjusted(-1, -1, 1, 1);
            boxRects.push_back(box->sceneBoundingRect());

            // The box's label, if drawn, is "72 nodes" or "72" (the count it holds), inside it.
            for (const DrawnLabel &label : all)
                if (screen.contains(label.deviceRect.center())
                    && !QRectF(fabric.legendRect()).intersects(label.deviceRect)) {
                    // Or, where the box is large enough, its rows under the count.
                    if (box->detailForms().contains(label.text)) {
                        QVERIFY2(screen.contains(label.deviceRect), qPrintable(label.text));
                        continue;
                    }
                    QVERIFY2(box->labelForms().contains(label.text), qPrintable(label.text));
                    QVERIFY2(screen.contains(label.deviceRect), qPrintable(label.text));
                    QCOMPARE(box->labelForms().last(), QString::number(box->deviceCount()));
                    ++countsShown;
                }
        }
        // The bundles' chips: apart from each other and from every box, each drawn with its
        // count inside it.
        const FabricChipsItem *chips = fabric.chipsItem(f.id);
        QVERIFY(chips);
        const auto drawn = chips->drawnChips();
        for (std::size_t i = 0; i < drawn.size(); ++i) {
            const QRectF chip = band->mapRectToScene(drawn[i].rect);
            for (std::size_t j = i + 1; j < drawn.size(); ++j)
                QVERIFY(!chip.intersects(band->mapRectToScene(drawn[j].rect)));
            for (const QRectF &box : boxRects)
                QVERIFY(!chip.intersects(box));
            const QRectF screen = fabric.mapFromScene(chip).boundingRect().adjusted(-1, -1, 1, 1);
            // Where no strip is left for it (it would shrink the drawing by more than a
            // fifth), the legend floats over the drawing: a chip under it is covered.
            if (screen.intersects(QRectF(fabric.legendRect())))
                continue;
            const DrawnLabel *count = nullptr;
            for (const DrawnLabel &label : labels)
                if (label.text == QString::number(drawn[i].count)
                    && screen.contains(label.deviceRect))
                    count = &label;
            QVERIFY2(count, qPrintable(QString::number(drawn[i].count)));
        }
        chipsShown += static_cast<int>(drawn.size());
    }
    if (nodes == 256) {
        // Big enough to read: every box's count, and most bundles' counts (the compute
        // fabric's 11 bundles: 4 spine-leaf, 4 leaf-node, 3 across rows, all shown).
        QCOMPARE(countsShown, static_cast<int>(fabric.boxCount()));
        const FabricChipsItem *compute = fabric.chipsItem(document->design().fabrics().begin()->id);
        QCOMPARE(compute->bundleCount(), std::size_t(11));
        QCOMPARE(compute->drawnChips().size(), std::size_t(11));
        QVERIFY(chipsShown >= 20);
    }
}

void TestCanvasReadable::elevationDeviceLabelsWhole_data()
{
    QTest::addColumn<bool>("presentation");
    QTest::newRow("default") << false;
    QTest::newRow("F11") << true;
}

void TestCanvasReadable::elevationDeviceLabelsWhole()
{
    // The racks shown by default, fitted. Wrong pictures: "dgx-h100 · 10...." under a node's
    // name (the marker badge takes the line's end), "mgmt-..." for a 1U switch's name.
    QFETCH(bool, presentation);
    auto document = generated(256);
    RackElevationView elevation(document.get());
    showAt(elevation, QSize(1600, 1000));
    elevation.setPresentationMode(presentation);
    const auto labels = drawingLabels(elevation, render(elevation));
    for (const DrawnLabel &label : labels)
        QVERIFY2(!label.text.contains(QChar(0x2026)), qPrintable(label.text));
    QString clash;
    QVERIFY2(labelsApart(labels, &clash), qPrintable(clash));
    int nodes = 0;
    for (RackId rack : elevation.racks())
        for (DeviceId id : DesignCache::of(document.get())->index().devicesInRack(rack)) {
            const Device &device = *document->design().device(id);
            if (device.role != DeviceRole::Compute)
                continue;
            // A DGX H100 (8U): its name, its part and its power (10.20 kW: the part's
            // maximum, ref:nvidia-dgx-h100-ug), whole, on one line or two.
            const QString name = QString::fromStdString(device.name);
            const QString part = QString::fromStdString(device.catalogType);
            QVERIFY2(findLabel(labels, name), qPrintable(name));
            const bool oneLine = findLabel(labels, part + QStringLiteral(" · 10.20 kW"));
            const bool twoLines
                = findLabel(labels, part) && findLabel(labels, QStringLiteral("10.20 kW"));
            QVERIFY2(oneLine || twoLines, qPrintable(name));
            ++nodes;
        }
    QVERIFY(nodes >= 4); // the racks shown hold four DGX each
}

QTEST_MAIN(TestCanvasReadable)
#include "tst_canvas_readable.moc"

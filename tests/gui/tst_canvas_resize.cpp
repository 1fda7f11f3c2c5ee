// Resizing a canvas view settles: a window narrowed 1600 -> 1590 -> 1580 px with the 8x DGX
// example in the rack elevation used to hang for good (zoom-to-fit on resize showed or hid
// the scroll bars, which resized the viewport, which refitted...). Every view, fitted and
// zoomed, is swept through widths and heights; after each resize the event loop must run
// dry within a bounded number of passes (no timing: counts of fits and resize events), a
// fitted view fits at most once per resize and shows everything without scroll bars, and
// a zoomed view keeps its zoom.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "views/canvas/CanvasView.h"
#include "views/canvas/FabricView.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"
#include "views/document/Document.h"

#include <QApplication>
#include <QGraphicsScene>
#include <QScrollBar>
#include <QtTest>

#include <memory>

using namespace cw;
using namespace cw::canvas;

namespace {

constexpr int kDgx = 1; ///< referenceDesigns()[1]: 8dgx-h100-ndr
constexpr int kMaxPasses = 200; ///< event-loop passes a resize may take to settle
constexpr int kQuietPasses = 5; ///< passes without a new fit or resize that mean "settled"

std::unique_ptr<Document> dgxExample()
{
    auto built = referenceDesigns()[kDgx].build(Catalog::builtin());
    if (!built)
        qFatal("8dgx example does not build: %s", built.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(built).value()), QString());
}

std::unique_ptr<CanvasView> makeView(const QString &kind, Document *document)
{
    if (kind == QLatin1String("floor"))
        return std::make_unique<FloorPlanView>(document);
    if (kind == QLatin1String("elevation"))
        return std::make_unique<RackElevationView>(document);
    return std::make_unique<FabricView>(document);
}

/// Runs the event loop until nothing changes for kQuietPasses passes; false if it never
/// gets there (the hang).
bool settles(CanvasView &view)
{
    int quiet = 0;
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        const int fits = view.fitCount();
        const int resizes = view.resizeCount();
        QApplication::processEvents();
        QApplication::sendPostedEvents();
        if (fits == view.fitCount() && resizes == view.resizeCount()) {
            if (++quiet >= kQuietPasses)
                return true;
        } else {
            quiet = 0;
        }
    }
    return false;
}

} // namespace

class TestCanvasResize : public QObject
{
    Q_OBJECT

private slots:
    void sweepSettles_data();
    void sweepSettles();
};

void TestCanvasResize::sweepSettles_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("zoomed");
    for (const char *kind : { "floor", "elevation", "fabric" })
        for (bool zoomed : { false, true })
            QTest::addRow("%s %s", kind, zoomed ? "zoomed" : "fitted")
                << QString::fromLatin1(kind) << zoomed;
}

void TestCanvasResize::sweepSettles()
{
    QFETCH(QString, kind);
    QFETCH(bool, zoomed);
    auto document = dgxExample();
    auto view = makeView(kind, document.get());
    view->resize(1600, 900);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    QVERIFY(settles(*view));
    QVERIFY(view->isFitMode()); // a new view shows everything
    if (zoomed) {
        view->zoomIn();
        view->zoomIn();
        QVERIFY(!view->isFitMode());
        QVERIFY(settles(*view));
    }

    // The reported widths first, then a sweep down and back up with the height changing
    // too (both scroll bars at stake), one step at a time as a window edge is dragged.
    std::vector<QSize> sizes = { { 1590, 900 }, { 1580, 900 } };
    for (int width = 1570; width >= 1300; width -= 10)
        sizes.emplace_back(width, 900 - (1600 - width) / 3);
    for (int width = 1300; width <= 1600; width += 30)
        sizes.emplace_back(width, 800 + (width - 1300) / 3);
    for (const QSize &size : sizes) {
        const int fits = view->fitCount();
        const int resizes = view->resizeCount();
        const double zoom = view->zoom();
        view->resize(size);
        QVERIFY2(settles(*view),
                 qPrintable(QStringLiteral("%1 never settles at %2x%3: %4 fits, %5 resizes")
                                .arg(kind)
                                .arg(size.width())
                                .arg(size.height())
                                .arg(view->fitCount() - fits)
                                .arg(view->resizeCount() - resizes)));
        // One resize of the window is one resize of the view (the viewport follows); a
        // scroll bar showing or hiding would be a second one.
        QVERIFY2(view->resizeCount() - resizes <= 2,
                 qPrintable(QString::number(view->resizeCount() - resizes)));
        if (zoomed) {
            QCOMPARE(view->fitCount(), fits);
            QCOMPARE(view->zoom(), zoom);
            QVERIFY(!view->isFitMode());
        } else {
            QVERIFY2(view->fitCount() - fits <= 1,
                     qPrintable(QString::number(view->fitCount() - fits)));
            QVERIFY(view->isFitMode());
            QVERIFY(!view->horizontalScrollBar()->isVisible());
            QVERIFY(!view->verticalScrollBar()->isVisible());
            // Fitted means everything is on screen.
            const QRect shown
                = view->mapFromScene(view->scene()->itemsBoundingRect()).boundingRect();
            QVERIFY2(view->viewport()->rect().adjusted(-1, -1, 1, 1).contains(shown),
                     qPrintable(QStringLiteral("%1,%2 %3x%4")
                                    .arg(shown.x())
                                    .arg(shown.y())
                                    .arg(shown.width())
                                    .arg(shown.height())));
        }
    }
    // Zooming in from the fitted state gives the scroll bars back (there is something to
    // scroll to), and fitting again takes them away.
    view->zoomIn();
    view->zoomIn();
    view->zoomIn();
    QVERIFY(settles(*view));
    QVERIFY(view->horizontalScrollBar()->isVisible() || view->verticalScrollBar()->isVisible());
    view->zoomToFit();
    QVERIFY(settles(*view));
    QVERIFY(!view->horizontalScrollBar()->isVisible());
    QVERIFY(!view->verticalScrollBar()->isVisible());
}

QTEST_MAIN(TestCanvasResize)
#include "tst_canvas_resize.moc"

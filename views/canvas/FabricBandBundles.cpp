// A fabric band small on screen draws its bundles itself: the fitted fabric of the
// 131,072-node campus has 9,000 bundles in view, each a scene item (visited, transformed and
// given its pen every frame) and a thick antialiased line (a stroke, filled as a polygon).
// The band draws them a pen at a time, into a picture kept while the zoom stays, so a pan
// only copies the picture (docs/performance.md, "The fabric view of a campus, session 9").

#include "views/canvas/FabricItems.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cw::canvas {
namespace {

/// The largest picture a band keeps (device pixels, 16 MB): zoomed out a band is far
/// smaller; a band larger than this on screen draws its bundles each frame.
constexpr double kMaxKeptPixels = 4.0 * 1024 * 1024;

} // namespace

void FabricBandItem::setBundles(std::vector<FabricLinkItem *> bundles)
{
    // Thin to thick, so the band changes pens once per width (the items overlapped in
    // layout order; same colour, so only where two widths cross does it show at all).
    std::stable_sort(
        bundles.begin(), bundles.end(),
        [](const FabricLinkItem *a, const FabricLinkItem *b) { return a->count() < b->count(); });
    m_bundles = std::move(bundles);
    m_drawsBundles = false;
    m_keptValid = false;
}

void FabricBandItem::drawBundles(bool on)
{
    if (on != m_drawsBundles) {
        m_keptValid = false;
        update();
    }
    m_drawsBundles = on;
    for (FabricLinkItem *bundle : m_bundles) {
        const bool shown = !on || !bundle->isPlain();
        if (bundle->isVisible() != shown) {
            bundle->setVisible(shown);
            m_keptValid = false; // the picture holds the hidden ones only
        }
    }
    if (!on)
        m_kept = QImage(); // zoomed in: the items draw, the picture is not needed
}

void FabricBandItem::paintBackground(QPainter *painter) const
{
    QColor fill = m_colour;
    fill.setAlpha(22);
    painter->setPen(QPen(m_colour, 0));
    painter->setBrush(fill);
    painter->drawRect(QRectF(QPointF(0, 0), m_size));
}

void FabricBandItem::paintBundles(QPainter *painter)
{
    painter->setBrush(Qt::NoBrush);
    const auto flush = [&] {
        if (!m_lines.empty())
            painter->drawLines(m_lines.data(), static_cast<int>(m_lines.size()));
        m_lines.clear();
    };
    int count = -1;
    for (FabricLinkItem *bundle : m_bundles) {
        if (bundle->isVisible())
            continue; // a state of its own: the item draws it
        if (bundle->count() != count) {
            flush();
            painter->setPen(bundle->pen());
            count = bundle->count();
        }
        if (bundle->isStraight()) {
            m_lines.push_back(bundle->line());
        } else {
            flush();
            painter->drawPolyline(bundle->flattened());
        }
    }
    flush();
}

bool FabricBandItem::paintKeptPicture(QPainter *painter)
{
    const QTransform world = painter->worldTransform();
    if (world.isRotating())
        return false;
    const QRectF device = world.mapRect(boundingRect());
    if (device.width() * device.height() > kMaxKeptPixels) {
        paintBackground(painter);
        paintBundles(painter);
        return true;
    }
    const QPoint origin(static_cast<int>(std::floor(device.left())),
                        static_cast<int>(std::floor(device.top())));
    const QSize size(static_cast<int>(std::ceil(device.right())) - origin.x() + 1,
                     static_cast<int>(std::ceil(device.bottom())) - origin.y() + 1);
    // Kept for a zoom: a pan moves the band by whole and fractional pixels, and the picture
    // is copied at the whole ones (at most a pixel off, as Qt's device-coordinate cache).
    const bool sameZoom = world.m11() == m_keptWorld.m11() && world.m22() == m_keptWorld.m22()
        && world.m12() == m_keptWorld.m12() && world.m21() == m_keptWorld.m21();
    if (!m_keptValid || !sameZoom || m_kept.size() != size) {
        if (m_kept.size() != size)
            m_kept = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_kept.fill(Qt::transparent);
        QPainter picture(&m_kept);
        picture.setRenderHints(painter->renderHints());
        picture.setWorldTransform(world * QTransform::fromTranslate(-origin.x(), -origin.y()));
        paintBackground(&picture);
        paintBundles(&picture);
        m_keptWorld = world;
        m_keptValid = true;
    }
    painter->save();
    painter->setWorldTransform(QTransform());
    painter->drawImage(origin, m_kept);
    painter->restore();
    return true;
}

} // namespace cw::canvas

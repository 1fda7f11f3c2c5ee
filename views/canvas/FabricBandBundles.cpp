// A fabric band small on screen draws its bundles itself: the fitted fabric of the
// 131,072-node campus has 9,000 bundles in view, each a scene item (visited, transformed and
// given its pen every frame) and a thick antialiased line (a stroke, filled as a polygon).
// The band draws them a pen at a time, into a picture kept while the zoom stays, so a pan
// only copies the picture (docs/performance.md, "The fabric view of a campus, session 9").

#include "views/canvas/FabricItems.h"

#include <QPainter>

#include <algorithm>

namespace cw::canvas {

void FabricBandItem::setBundles(std::vector<FabricLinkItem *> bundles)
{
    // Thin to thick, so the band changes pens once per width (the items overlapped in
    // layout order; same colour, so only where two widths cross does it show at all).
    std::stable_sort(
        bundles.begin(), bundles.end(),
        [](const FabricLinkItem *a, const FabricLinkItem *b) { return a->count() < b->count(); });
    m_bundles = std::move(bundles);
    m_drawsBundles = false;
    m_picture.invalidate();
}

void FabricBandItem::drawBundles(bool on)
{
    if (on != m_drawsBundles) {
        m_picture.invalidate();
        update();
    }
    m_drawsBundles = on;
    for (FabricLinkItem *bundle : m_bundles) {
        const bool shown = !on || !bundle->isPlain();
        if (bundle->isVisible() != shown) {
            bundle->setVisible(shown);
            m_picture.invalidate(); // the picture holds the hidden ones only
        }
    }
    if (!on)
        m_picture.drop(); // zoomed in: the items draw, the picture is not needed
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
    if (painter->worldTransform().isRotating())
        return false;
    if (!m_picture.paint(painter, boundingRect(), [this](QPainter *picture) {
            paintBackground(picture);
            paintBundles(picture);
        })) {
        paintBackground(painter); // too large on screen for a picture
        paintBundles(painter);
    }
    return true;
}

} // namespace cw::canvas

// A hall's racks drawn by one item while each is a few pixels: the fitted floor plan of the
// 131,072-node campus has 40,000 racks in view, each a scene item visited, transformed and
// painted in every frame (a fill and, for the 32,768 with a finding, an antialiased dot),
// 62 ms a frame of which the racks took four fifths. The layer draws them into a picture kept
// while the zoom stays, so a pan copies 100 pictures instead (docs/performance.md, "The
// floor plan of a campus, session 10").

#include "views/canvas/FloorRackLayer.h"

#include "views/canvas/FloorPlanItems.h"

#include <QPaintEngine>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace cw::canvas {
namespace {

/// Room around the racks in the picture, in device pixels: a failure or comparison outline
/// is a few pixels wide outside its rack at any zoom.
constexpr int kMarginPx = 4;

} // namespace

// Exact to the pixel, as the racks draw themselves (tst_canvas_floor_lod compares the two):
// a pan by a fraction of a pixel draws the picture again.
FloorRackLayer::FloorRackLayer()
    : m_picture(ZoomPicture::Reuse::WholePixels,
                QMargins(kMarginPx, kMarginPx, kMarginPx, kMarginPx))
{
    setZValue(1); // the racks' own level: over the rows' bands, as each rack was
    setAcceptedMouseButtons(Qt::NoButton); // a press goes to the rack or row under it
    // The racks draw inside the layer's shape (its bounding rectangle, theirs united): a hall
    // out of view is skipped without visiting its racks.
    setFlag(ItemContainsChildrenInShape);
}

int FloorRackLayer::type() const
{
    return Type;
}

void FloorRackLayer::setDrawsRacks(bool on)
{
    if (on == m_drawsRacks)
        return;
    m_drawsRacks = on;
    m_picture.invalidate();
    if (!on)
        m_picture.drop();
    for (FloorRackItem *rack : racks())
        rack->syncWithLayer(false);
    update();
}

void FloorRackLayer::rackChanged(bool geometry)
{
    m_picture.invalidate();
    if (geometry && m_boundsKnown) {
        // Once until the scene asks for the bounds again: a layout moves every rack.
        prepareGeometryChange();
        m_boundsKnown = false;
    }
    if (m_drawsRacks)
        update();
}

std::vector<FloorRackItem *> FloorRackLayer::racks() const
{
    std::vector<FloorRackItem *> racks;
    const QList<QGraphicsItem *> children = childItems(); // in stacking order
    racks.reserve(static_cast<std::size_t>(children.size()));
    for (QGraphicsItem *child : children)
        if (auto *rack = qgraphicsitem_cast<FloorRackItem *>(child))
            racks.push_back(rack);
    return racks;
}

QRectF FloorRackLayer::boundingRect() const
{
    m_boundsKnown = true;
    return childrenBoundingRect();
}

QVariant FloorRackLayer::itemChange(GraphicsItemChange change, const QVariant &value)
{
    if (change == ItemChildAddedChange || change == ItemChildRemovedChange)
        rackChanged(true);
    return QGraphicsItem::itemChange(change, value);
}

void FloorRackLayer::paintRacks(QPainter *painter, double lod)
{
    for (QGraphicsItem *child : childItems())
        if (auto *rack = qgraphicsitem_cast<FloorRackItem *>(child);
            rack && rack->isVisible() && !rack->drawsItself())
            rack->paintAt(painter, rack->pos(), lod);
}

void FloorRackLayer::paint(QPainter *painter, const QStyleOptionGraphicsItem *option,
                           QWidget *widget)
{
    if (!m_drawsRacks)
        return;
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    // A picture only for a view (`widget`): an export or the overview draws once at its own
    // scale, and an SVG or PDF keeps its racks as shapes.
    if (!widget || painter->paintEngine()->type() != QPaintEngine::Raster
        || !m_picture.paint(painter, boundingRect(),
                            [this, lod](QPainter *picture) { paintRacks(picture, lod); }))
        paintRacks(painter, lod);
}

} // namespace cw::canvas

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

#include <cmath>

namespace cw::canvas {
namespace {

/// The largest picture a layer keeps (device pixels, 16 MB): a hall whose racks are all a
/// few pixels wide is far smaller on screen; a larger one draws its racks each frame.
constexpr double kMaxKeptPixels = 4.0 * 1024 * 1024;
/// Room around the racks in the picture, in device pixels: a failure or comparison outline
/// is a few pixels wide outside its rack at any zoom.
constexpr int kMarginPx = 4;

bool sameLinearPart(const QTransform &a, const QTransform &b)
{
    return a.m11() == b.m11() && a.m12() == b.m12() && a.m21() == b.m21() && a.m22() == b.m22();
}

} // namespace

FloorRackLayer::FloorRackLayer()
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
    m_keptValid = false;
    if (!on)
        m_kept = QImage();
    for (FloorRackItem *rack : racks())
        rack->syncWithLayer(false);
    update();
}

void FloorRackLayer::rackChanged(bool geometry)
{
    m_keptValid = false;
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
    const QTransform world = painter->worldTransform();
    const double lod = option->levelOfDetailFromTransform(world);
    // A picture only for a view (`widget`): an export or the overview draws once at its own
    // scale, and an SVG or PDF keeps its racks as shapes.
    if (!widget || world.isRotating() || painter->paintEngine()->type() != QPaintEngine::Raster) {
        paintRacks(painter, lod);
        return;
    }
    // The picture is drawn at the world's fraction of a pixel and copied at its whole pixels:
    // a pan (whole pixels of scroll) copies it exactly as the racks would draw.
    const QPointF whole(std::floor(world.dx()), std::floor(world.dy()));
    const QTransform fraction = world * QTransform::fromTranslate(-whole.x(), -whole.y());
    const QRectF device = fraction.mapRect(boundingRect());
    if (device.width() * device.height() > kMaxKeptPixels) {
        paintRacks(painter, lod);
        return;
    }
    const QPoint origin(static_cast<int>(std::floor(device.left())) - kMarginPx,
                        static_cast<int>(std::floor(device.top())) - kMarginPx);
    const QSize size(static_cast<int>(std::ceil(device.right())) + kMarginPx - origin.x(),
                     static_cast<int>(std::ceil(device.bottom())) + kMarginPx - origin.y());
    const bool sameFraction = sameLinearPart(fraction, m_keptWorld)
        && fraction.dx() == m_keptWorld.dx() && fraction.dy() == m_keptWorld.dy();
    if (!m_keptValid || !sameFraction || m_kept.size() != size) {
        if (m_kept.size() != size)
            m_kept = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_kept.fill(Qt::transparent);
        QPainter picture(&m_kept);
        picture.setRenderHints(painter->renderHints());
        picture.setWorldTransform(fraction * QTransform::fromTranslate(-origin.x(), -origin.y()));
        paintRacks(&picture, lod);
        m_keptWorld = fraction;
        m_keptValid = true;
    }
    painter->save();
    painter->setWorldTransform(QTransform());
    painter->drawImage(origin + whole.toPoint(), m_kept);
    painter->restore();
}

} // namespace cw::canvas

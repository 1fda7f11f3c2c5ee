#include "views/canvas/FloorPlanItems.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace cw::canvas {
namespace {

constexpr double kRackLabelPx = 13; ///< scene units (cm): fits "20.4 kW" in a 60 cm rack
constexpr double kRowLabelPx = 36;
constexpr double kHallLabelPx = 120;

} // namespace

FloorRackItem::FloorRackItem(RackId rack, const QSizeF &sizeCm)
    : CanvasItem(EntityRef::of(rack))
    , m_size(sizeCm)
{
    setZValue(1);
}

void FloorRackItem::setSize(const QSizeF &sizeCm)
{
    if (sizeCm == m_size)
        return;
    prepareGeometryChange();
    m_size = sizeCm;
}

void FloorRackItem::setName(const QString &name)
{
    m_name.setText(name);
    update();
}

void FloorRackItem::setPower(const RackPower &power)
{
    m_power = power;
    m_load.setText(QStringLiteral("%1 kW").arg(power.loadW / 1000.0, 0, 'f', 1));
    update();
}

QColor FloorRackItem::fillColor() const
{
    return loadColor(m_power.level);
}

QRectF FloorRackItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_size).adjusted(-2, -2, 2, 2);
}

void FloorRackItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const QRectF rect(QPointF(0, 0), m_size);
    if (lod * m_size.width() < 8) {
        // A few pixels: a plain fill is all that can be seen (an outline would cost the most
        // of a frame of 4,800 racks and hide the colour).
        painter->fillRect(rect, isSelected() ? QColor(0x15, 0x65, 0xc0) : fillColor());
        paintMarker(painter, rect, lod);
        return;
    }
    painter->setPen(QPen(QColor(0x44, 0x44, 0x44), 0));
    painter->setBrush(fillColor());
    painter->drawRect(rect);
    // Level of detail: the name where it can be read (at least kMinLabelPx on screen, at
    // least 3 characters wide), the load under it where a second line fits. Zoomed out
    // further, the fill and the row's name stand for the rack.
    const int px = readablePixels(kRackLabelPx, lod);
    const double inner = m_size.width() - 4;
    const int minPx = static_cast<int>(std::ceil(kMinLabelPx * labelScale() / lod));
    if (px * 1.3 <= m_size.height() && minPx * 1.8 <= inner) { // room for 3 characters
        painter->setPen(QColor(0x1a, 0x1a, 0x1a));
        m_name.draw(painter, QPointF(2, 3), px, inner, true, true, minPx);
        if (px * 2.6 + 3 <= m_size.height())
            m_load.draw(painter, QPointF(2, 3 + px * 1.3), px, inner, false, true, minPx);
    }
    if (isSelected())
        paintSelection(painter, rect, lod);
    paintMarker(painter, rect, lod);
}

FloorRowItem::FloorRowItem(RowId row, double labelWidthCm)
    : CanvasItem(EntityRef::of(row))
    , m_labelWidth(labelWidthCm)
{
    setZValue(0);
}

void FloorRowItem::setName(const QString &name)
{
    m_name.setText(name);
    update();
}

void FloorRowItem::setBand(double widthCm, double depthCm)
{
    if (widthCm == m_width && depthCm == m_depth)
        return;
    prepareGeometryChange();
    m_width = widthCm;
    m_depth = depthCm;
}

void FloorRowItem::setLabelWidth(double widthCm)
{
    if (widthCm == m_labelWidth)
        return;
    prepareGeometryChange();
    m_labelWidth = widthCm;
}

QRectF FloorRowItem::boundingRect() const
{
    return QRectF(-m_labelWidth, -10, m_labelWidth + m_width + 10, m_depth + 20);
}

void FloorRowItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const QRectF band = boundingRect();
    painter->setPen(Qt::NoPen);
    painter->setBrush(isSelected() ? QColor(0xd6, 0xe4, 0xf5) : QColor(0xec, 0xec, 0xe6));
    painter->drawRect(band);
    const int px = readablePixels(kRowLabelPx, lod);
    if (px * 1.2 <= m_depth + 20) {
        painter->setPen(QColor(0x33, 0x33, 0x33));
        m_name.draw(painter, QPointF(-m_labelWidth + 8, m_depth / 2 - px * 0.6), px,
                    m_labelWidth - 16, true, true,
                    static_cast<int>(std::ceil(kMinLabelPx * labelScale() / lod)));
    }
    paintMarker(painter, QRectF(-m_labelWidth, -10, m_labelWidth, m_depth + 20), lod);
}

FloorHallItem::FloorHallItem(const QString &name, const QRectF &rect, double titleCm)
    : m_rect(rect)
    , m_title(titleCm)
{
    m_name.setText(name);
    setZValue(-1);
}

QRectF FloorHallItem::boundingRect() const
{
    return m_rect.adjusted(-60, -60, 60, 60);
}

void FloorHallItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF frame = m_rect.adjusted(-50, -50, 50, 50);
    QPen pen(QColor(0x8a, 0x8a, 0x80));
    pen.setWidthF(2 / std::max(lod, 1e-6));
    painter->setPen(pen);
    painter->setBrush(QColor(0xf3, 0xf3, 0xee));
    painter->drawRect(frame);
    const auto *canvas = dynamic_cast<const CanvasScene *>(scene());
    const double scale = canvas ? canvas->labelScale() : 1.0;
    const int px
        = static_cast<int>(std::ceil(std::max(kHallLabelPx, 12 / std::max(lod, 1e-6)) * scale));
    if (px <= m_title * 0.8) {
        painter->setPen(QColor(0x30, 0x30, 0x30));
        m_name.draw(painter, QPointF(m_rect.left(), m_rect.top()), px, m_rect.width(), true);
        return;
    }
    // Zoomed out past the title strip (a floor of many halls fitted in one window): the hall's
    // name goes over its rows, on a pale plate, so the floor still says which hall is which.
    const double width = m_name.widthAt(px, true);
    if (px > m_rect.height() * 0.5 || width > m_rect.width())
        return;
    const QPointF topLeft(m_rect.center().x() - width / 2, m_rect.center().y() - px / 2.0);
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0xf3, 0xf3, 0xee, 220));
    painter->drawRect(QRectF(topLeft, QSizeF(width, px * 1.2)).adjusted(-px * 0.2, 0, px * 0.2, 0));
    painter->setPen(QColor(0x30, 0x30, 0x30));
    m_name.draw(painter, topLeft, px, width + 1, true);
}

} // namespace cw::canvas

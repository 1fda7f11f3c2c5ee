// The ghost outline and leader of a moved entity under File > Compare with... (issue 17).
#include "views/canvas/CompareGhostItem.h"

#include "views/canvas/CanvasItem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cw::canvas {
namespace {

constexpr int kReferencePx = 100; ///< the label font's size before scaling to its height
constexpr double kMinLabelPx = 6; ///< below this on screen the label is left out (LOD)
constexpr double kGhostZ = 900; ///< over the drawing, under messages

/// Shared by both overlay items: nothing about them takes part in interaction.
void makeOverlay(QGraphicsItem *item)
{
    item->setFlags({});
    item->setAcceptedMouseButtons(Qt::NoButton);
    item->setAcceptHoverEvents(false);
    item->setZValue(kGhostZ);
}

QColor ghostColour()
{
    return compareColor(CompareState::Moved);
}

} // namespace

CompareGhostItem::CompareGhostItem(const QRectF &rect, const QString &label, double textHeight)
    : m_rect(rect)
    , m_label(label)
{
    makeOverlay(this);
    m_font.setPixelSize(kReferencePx);
    const QFontMetricsF metrics(m_font);
    const double scale = textHeight / metrics.height();
    m_textScale = scale;
    m_ascent = metrics.ascent();
    const QSizeF size(metrics.horizontalAdvance(label) * scale, textHeight);
    const double pad = textHeight * 0.2;
    // Inside the outline's top left when it fits (an elevation's device), else above it (a
    // floor plan's rack, narrower than its label).
    if (size.width() + 2 * pad <= rect.width() && size.height() + 2 * pad <= rect.height())
        m_labelRect = QRectF(rect.topLeft() + QPointF(pad, pad), size);
    else
        m_labelRect = QRectF(QPointF(rect.left(), rect.top() - pad - size.height()), size);
}

QRectF CompareGhostItem::boundingRect() const
{
    const double margin = std::max(m_rect.width(), m_rect.height()) * 0.05;
    return m_rect.united(m_labelRect).adjusted(-margin, -margin, margin, margin);
}

QPainterPath CompareGhostItem::shape() const
{
    return {}; // no hit test: clicks, hover and rubber bands go to what is beneath
}

void CompareGhostItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    QColor colour = ghostColour();
    QPen pen(colour, 2, Qt::DashLine);
    pen.setCosmetic(true);
    colour.setAlpha(40);
    painter->setPen(pen);
    painter->setBrush(colour);
    painter->drawRect(m_rect);
    if (m_labelRect.height() * lod < kMinLabelPx)
        return; // too small to read at this zoom: the outline alone
    painter->save();
    painter->translate(m_labelRect.topLeft());
    painter->scale(m_textScale, m_textScale);
    painter->setFont(m_font);
    painter->setPen(ghostColour().darker(130));
    painter->drawText(QPointF(0, m_ascent), m_label);
    painter->restore();
}

CompareLeaderItem::CompareLeaderItem(const QPointF &from, const QPointF &to, double headLength)
    : m_line(from, to)
{
    makeOverlay(this);
    if (m_line.length() <= 0)
        return;
    const QPointF along = (from - to) / m_line.length() * headLength;
    const QPointF across(-along.y() * 0.4, along.x() * 0.4);
    m_head << to << to + along + across << to + along - across;
}

QRectF CompareLeaderItem::boundingRect() const
{
    return QRectF(m_line.p1(), m_line.p2()).normalized().united(m_head.boundingRect());
}

QPainterPath CompareLeaderItem::shape() const
{
    return {};
}

void CompareLeaderItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    QPen pen(ghostColour(), 1.5);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(ghostColour());
    painter->drawLine(m_line);
    painter->drawPolygon(m_head);
}

} // namespace cw::canvas

#pragma once

#include <QFont>
#include <QGraphicsItem>
#include <QPolygonF>
#include <QString>

namespace cw::canvas {

/// File > Compare with...: where a moved rack or device stands in the compared design, a blue
/// dashed outline with a short label ("dgx042 → A09 U1"). An overlay only: not selectable,
/// no mouse buttons or hover, an empty shape so no hit test or rubber band finds it, and not
/// a CanvasItem (no entity, not in the view's index).
class CompareGhostItem : public QGraphicsItem
{
public:
    /// `textHeight`: the label's height in scene units (the view's choice, like its labels).
    CompareGhostItem(const QRectF &rect, const QString &label, double textHeight);

    QRectF ghostRect() const { return m_rect; }
    QString label() const { return m_label; }
    /// Where the label is drawn: inside the outline when it fits, else just above it.
    QRectF labelRect() const { return m_labelRect; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QRectF m_rect;
    QString m_label;
    QFont m_font; ///< at kReferencePx, scaled to the label's height when drawn
    QRectF m_labelRect;
    double m_textScale = 1; ///< reference font -> the label's height
    double m_ascent = 0; ///< of the reference font
};

/// The thin arrow from a moved item's place in the open design to its ghost (the floor plan).
/// An overlay like CompareGhostItem.
class CompareLeaderItem : public QGraphicsItem
{
public:
    /// `headLength`: the arrow head's length in scene units.
    CompareLeaderItem(const QPointF &from, const QPointF &to, double headLength);

    QLineF line() const { return m_line; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QLineF m_line;
    QPolygonF m_head; ///< made once: painting allocates nothing per frame
};

} // namespace cw::canvas

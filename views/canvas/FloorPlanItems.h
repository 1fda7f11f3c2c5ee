#pragma once

#include "views/canvas/CanvasItem.h"
#include "views/canvas/DesignCache.h"

namespace cw::canvas {

/// A rack seen from above, filled with its load colour and labelled with its name and kW.
class FloorRackItem : public CanvasItem
{
public:
    FloorRackItem(RackId rack, const QSizeF &sizeCm);

    RackId rackId() const { return RackId { ref().id }; }
    void setSize(const QSizeF &sizeCm);
    void setName(const QString &name);
    void setPower(const RackPower &power);
    const RackPower &power() const { return m_power; }
    /// The fill colour (the load level's).
    QColor fillColor() const;

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    QSizeF m_size;
    RackPower m_power;
    CachedLabel m_name;
    CachedLabel m_load;
};

/// A row: a band behind its racks and its name on the left.
class FloorRowItem : public CanvasItem
{
public:
    FloorRowItem(RowId row, double labelWidthCm);

    RowId rowId() const { return RowId { ref().id }; }
    void setName(const QString &name);
    QString name() const { return m_name.text(); }
    /// The band's extent right of the label, in scene units.
    void setBand(double widthCm, double depthCm);
    /// Room for the name left of the band (wider in presentation mode).
    void setLabelWidth(double widthCm);

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    double m_labelWidth;
    double m_width = 0;
    double m_depth = 0;
    CachedLabel m_name;
};

/// A hall's outline with its name above the rows (not an entity: today's model has no hall
/// object; FloorLayout groups rows by their names).
class FloorHallItem : public QGraphicsItem
{
public:
    FloorHallItem(const QString &name, const QRectF &rect, double titleCm);

    QString name() const { return m_name.text(); }
    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    QRectF m_rect;
    double m_title;
    CachedLabel m_name;
};

} // namespace cw::canvas

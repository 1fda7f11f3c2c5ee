#pragma once

#include "views/canvas/CanvasItem.h"

#include <QBrush>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include <vector>

namespace cw::canvas {

/// The link counts of a fabric band's bundles ("512" on the bundle between a row's nodes and
/// its leaves), drawn as chips over the lines at a readable size. At every zoom the chips
/// are placed anew along their bundles so that none covers another chip or a box; a count
/// that finds no free place is left out (a level of detail, like a label that does not fit)
/// rather than drawn over its neighbour. A child of the band, above its boxes and links; it
/// takes no clicks and stands for no entity.
class FabricChipsItem : public QGraphicsItem
{
public:
    /// `area`: where chips may go (the band's boxes area, band coordinates); `boxes`: the
    /// boxes' rectangles they must keep clear of.
    FabricChipsItem(const QRectF &area, std::vector<QRectF> boxes, double textScale);

    /// A bundle's line (band coordinates) and its link count.
    void addBundle(const QPainterPath &path, int count);
    std::size_t bundleCount() const { return m_bundles.size(); }

    /// A chip as placed at the last paint: its rectangle (band coordinates) and count.
    struct Chip
    {
        QRectF rect;
        int count = 0;
    };
    /// The chips placed for a font of `pixelSize` (band units): the first placement of the
    /// biggest bundles first, each at the first free point along its line.
    std::vector<Chip> place(int pixelSize) const;
    /// The chips as drawn at the last paint (none before the first).
    std::vector<Chip> drawnChips() const
    {
        return m_placedPx > 0 ? place(m_placedPx) : std::vector<Chip> {};
    }

    QRectF boundingRect() const override;
    QPainterPath shape() const override { return {}; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    struct Bundle
    {
        QPainterPath path;
        int count = 0;
        CachedLabel label;
    };
    QRectF m_area;
    std::vector<QRectF> m_boxes;
    double m_textScale;
    std::vector<Bundle> m_bundles;
    mutable int m_placedPx = 0; ///< the font size m_placed was worked out for
    mutable std::vector<std::pair<std::size_t, QRectF>> m_placed; ///< bundle index, chip
    mutable int m_placements = 0; ///< counts the placements worked out
    /// The placed chips' rounded outlines flattened once per placement (a rounded rectangle
    /// drawn as a path is four curves flattened again every frame), of placement m_shapesOf.
    std::vector<QPolygonF> m_shapes;
    int m_shapesOf = -1;
    QPen m_outline;
    QBrush m_fill;
    QPen m_text;
};

} // namespace cw::canvas

#pragma once

#include "views/canvas/ZoomPicture.h"

#include <QGraphicsItem>

#include <vector>

namespace cw::canvas {

class FloorRackItem;

/// The racks of one hall, as the layer's children: while the view shows every rack as a
/// plain fill of a few pixels (the fitted floor of a campus: 40,000 racks in every frame),
/// the layer draws its racks itself, fills and markers, into a picture kept for the zoom,
/// and the racks draw nothing (ItemHasNoContents) but stay items: clicked, hovered,
/// selected, dragged and dropped on exactly as when they draw themselves. Zoomed in, each
/// rack draws itself again (docs/performance.md, "The floor plan of a campus, session 10").
///
/// The layer stands for no entity and takes no mouse button: a press goes to the rack or row
/// under it. Its shape is its racks' extent (ItemContainsChildrenInShape): a hall out of view
/// is skipped whole, its racks unvisited, when drawing and when finding the item under the
/// cursor. A rack being dragged leaves its layer (a top-level item over the whole floor) and
/// draws itself until dropped.
class FloorRackLayer : public QGraphicsItem
{
public:
    enum { Type = UserType + 41 };

    FloorRackLayer();
    int type() const override;

    /// On: the racks draw nothing and the layer draws them (the view sets it before each
    /// frame from its zoom); off: every rack draws itself.
    void setDrawsRacks(bool on);
    bool drawsRacks() const { return m_drawsRacks; }
    /// A rack's look or place changed (FloorRackItem calls it): the picture is drawn again.
    void rackChanged(bool geometry);
    /// The racks, in the order the scene stacks them (the order the layer draws them).
    std::vector<FloorRackItem *> racks() const;
    /// Forgets the kept picture (a view no longer showing this hall keeps no memory for it).
    void dropPicture() { m_picture.drop(); }
    /// Whether the last frame drawn on a view came from the kept picture.
    bool keptPictureValid() const { return m_picture.isValid(); }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    /// Every rack drawn by the layer, each as it draws itself, in stacking order.
    void paintRacks(QPainter *painter, double lod);

    bool m_drawsRacks = false;
    mutable bool m_boundsKnown = false;
    ZoomPicture m_picture; ///< the racks drawn by the layer, for the zoom
};

} // namespace cw::canvas

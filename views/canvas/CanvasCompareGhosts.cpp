// File > Compare with... (issue 17): a moved rack's or device's place in the compared design,
// drawn as a dashed ghost (CompareGhostItem) where the view shows that place, with an arrow
// from the moved item on the floor plan. The views only say where a place is drawn.
#include "views/canvas/CanvasView.h"

#include "views/canvas/CanvasItem.h"
#include "views/canvas/CompareGhostItem.h"
#include "views/canvas/ElevationItems.h"
#include "views/canvas/FloorPlanView.h"
#include "views/canvas/RackElevationView.h"

namespace cw::canvas {

void CanvasView::setCompareGhosts(const CompareGhosts &ghosts)
{
    m_compareGhosts = ghosts;
    placeCompareGhosts();
    invalidateOverview();
    viewport()->update();
}

void CanvasView::placeCompareGhosts()
{
    if (m_sceneDeferred)
        return; // placed when the scene is built (reapplyMarkers)
    for (QGraphicsItem *item : m_ghostItems)
        delete item; // leaves the scene
    m_ghostItems.clear();
    const double textHeight = compareGhostTextHeight() * m_scene->labelScale();
    for (const CompareGhost &ghost : m_compareGhosts) {
        const QRectF rect = compareGhostRect(ghost);
        if (rect.isEmpty())
            continue; // that place is not in this view (a rack the elevation does not show)
        auto *item = new CompareGhostItem(rect, QString::fromStdString(ghost.label), textHeight);
        m_scene->addItem(item);
        m_ghostItems.push_back(item);
        const std::vector<CanvasItem *> moved = itemsFor(ghost.entity);
        if (!drawsCompareLeaders() || moved.empty())
            continue;
        auto *leader = new CompareLeaderItem(moved.front()->sceneBoundingRect().center(),
                                             rect.center(), textHeight);
        m_scene->addItem(leader);
        m_ghostItems.push_back(leader);
    }
}

QRectF FloorPlanView::compareGhostRect(const CompareGhost &ghost) const
{
    if (ghost.entity.kind != EntityKind::Rack || !m_layout.rowOrigin.contains(ghost.rowId))
        return {};
    return slotRect(RowId { ghost.rowId }, ghost.position);
}

double FloorPlanView::compareGhostTextHeight() const
{
    return rackWidth() * 0.4; // 24 cm on a 60 cm rack: read at the zoom a rack is read at
}

QRectF RackElevationView::compareGhostRect(const CompareGhost &ghost) const
{
    if (ghost.entity.kind != EntityKind::Device)
        return {};
    const ElevationFaceItem *face = faceItem(RackId { ghost.rackId }, ghost.face);
    if (!face)
        return {}; // the rack it is in there is not shown
    return face->mapRectToScene(face->slotRect(ghost.uPosition, ghost.heightU));
}

double RackElevationView::compareGhostTextHeight() const
{
    return elevation::kUnitMm * 0.6; // fits inside a 1U outline with its margins
}

} // namespace cw::canvas

#pragma once

#include "model/core/Facility.h"
#include "views/canvas/CanvasView.h"
#include "views/canvas/FloorLayout.h"

#include <string>
#include <unordered_map>

namespace cw::canvas {

class FloorAisleItem;
class FloorFeedItem;
class FloorHallItem;
class FloorRackItem;
class FloorRackLayer;
class FloorRowItem;

/// The floor plan: rows of racks seen from above, to scale (Site::rackWidthM, rackDepthM,
/// rowPitchM; 1 scene unit = 1 cm), each rack coloured by its load against its feeds. Rows
/// are wrapped into columns and halls set side by side (FloorLayout), with a legend, a
/// scale bar and, for large floors, an overview.
/// Racks are added by dropping a catalog rack part, moved along and between rows by
/// dragging (one Document::moveRack per drag), duplicated and deleted; rows added and
/// renamed from the context menu.
class FloorPlanView : public CanvasView
{
    Q_OBJECT

public:
    explicit FloorPlanView(Document *document, QWidget *parent = nullptr,
                           SceneBuild build = SceneBuild::Now);
    ~FloorPlanView() override;

    /// Each returns Document's refusal, empty on success (also shown in the view).
    QString addRow(const QString &name = {});
    QString renameRow(RowId row, const QString &name);
    QString addRack(const std::string &partId, RowId row, int position);

    FloorRackItem *rackItem(RackId rack) const;
    FloorRowItem *rowItem(RowId row) const;
    /// Scene rectangle of a (row, position) slot.
    QRectF slotRect(RowId row, int position) const;
    /// The halls drawn (one unnamed hall when row names carry none).
    const std::vector<FloorHall> &halls() const { return m_layout.halls; }
    /// The hot and cold aisles between facing rows, the halls' titles and feeds as drawn.
    const std::vector<FloorAisleItem *> &aisleItems() const { return m_aisleItems; }
    const std::vector<FloorHallItem *> &hallItems() const { return m_hallItems; }
    const std::vector<FloorFeedItem *> &feedItems() const { return m_feedItems; }

    /// One per hall, each holding its hall's racks as children (FloorRackLayer): while every
    /// rack is a plain fill of a few pixels, the halls draw their racks.
    const std::vector<FloorRackLayer *> &rackLayers() const { return m_rackLayers; }
    /// Whether the halls may draw their racks when zoomed out (on); off, every rack draws
    /// itself at every zoom (tst_canvas_floor_lod compares the two drawings).
    void setHallsDrawRacks(bool on);

    std::vector<LegendEntry> legend() const override;
    bool hasScaleBar() const override { return true; }

protected:
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void buildScene() override;
    void applyChanges(const ChangeSet &changes) override;
    std::vector<CanvasItem *> markerItemsFor(EntityRef ref) const override;

    void presentationChanged() override;
    QRectF compareGhostRect(const CompareGhost &ghost) const override;
    double compareGhostTextHeight() const override;
    bool drawsCompareLeaders() const override { return true; }

    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Slot
    {
        RowId row;
        int position = 0;
    };

    void rebuild();
    void layoutRows();
    void rebuildHalls();
    /// One rack layer per hall of m_layout (layers beyond it are removed once the racks have
    /// left them: removeSurplusLayers).
    void addRackLayers();
    void removeSurplusLayers();
    /// The feeds' figures per hall, and whether the legend needs its CDU and feed lines.
    void refreshFeeds();
    void placeRack(FloorRackItem *item);
    void refreshRack(RackId rack);
    void refreshRowBands(const std::vector<RowId> &rows);
    /// The row and position under a scene point (nearest row, snapped position).
    std::optional<Slot> slotAt(const QPointF &scenePos) const;
    double rackWidth() const;
    double rackDepth() const;
    double rowPitch() const;
    FloorGeometry geometry() const;
    QPointF rowOrigin(RowId row) const;

    std::unordered_map<std::uint64_t, FloorRackItem *> m_racks;
    std::unordered_map<std::uint64_t, FloorRowItem *> m_rows;
    FloorLayout m_layout;
    std::vector<FloorHallItem *> m_hallItems;
    std::vector<FloorAisleItem *> m_aisleItems;
    std::vector<FloorFeedItem *> m_feedItems;
    std::vector<FloorRackLayer *> m_rackLayers; ///< owned by the scene, one per hall
    bool m_hallsDrawRacks = true;
    bool m_hasCdus = false;

    // Rack drag state.
    FloorRackItem *m_dragItem = nullptr;
    QPointF m_dragGrab; ///< press point in the item's coordinates
    QPoint m_pressPos;
    bool m_dragging = false;
};

} // namespace cw::canvas

#pragma once

#include "model/core/Enums.h"
#include "model/core/Equipment.h"
#include "views/canvas/CanvasView.h"

#include <optional>
#include <unordered_map>
#include <vector>

class QGraphicsRectItem;

namespace cw {
struct Part;
}

namespace cw::canvas {

class ElevationDeviceItem;
class ElevationFaceItem;

/// Front and rear of one or several racks side by side, with U numbers and the devices
/// drawn to scale (1 scene unit = 1 mm). Accepts catalog parts dropped into a U slot (the
/// U under the cursor becomes the device's lowest U) and moves devices between slots,
/// faces and racks by dragging; Document refusals (overlap, U out of range) are shown where
/// the drop happened.
class RackElevationView : public CanvasView
{
    Q_OBJECT

public:
    explicit RackElevationView(Document *document, QWidget *parent = nullptr,
                               SceneBuild build = SceneBuild::Now);
    ~RackElevationView() override;

    /// Shows these racks, left to right. With none, the first racks of the floor (row order).
    void setRacks(std::vector<RackId> racks);
    const std::vector<RackId> &racks() const { return m_racks; }
    /// Opens the rack picker (by row, by name, by selection) and shows what it picked.
    void pickRacks();
    static std::size_t maxRackCount();

    std::vector<LegendEntry> legend() const override;
    bool hasScaleBar() const override { return true; }
    double sceneUnitsPerMetre() const override { return 1000; }

    ElevationFaceItem *faceItem(RackId rack, Face face) const;
    ElevationDeviceItem *deviceItem(DeviceId device) const;

    /// A U slot of a shown rack face.
    struct Slot
    {
        RackId rack;
        Face face = Face::Front;
        int u = 1;
    };
    std::optional<Slot> slotAt(const QPointF &scenePos) const;
    /// Scene point at the middle of U slot `u` of a shown rack face.
    QPointF slotCenter(RackId rack, Face face, int u) const;

    /// Places a new device of `part` with its lowest U at the slot; Document's refusal or
    /// empty (also shown in the view).
    QString placePart(const Part &part, const Slot &slot);

protected:
    void buildScene() override;
    void applyChanges(const ChangeSet &changes) override;
    void documentSelectionChanged(const std::vector<EntityRef> &selection) override;
    void presentationChanged() override;
    QRectF compareGhostRect(const CompareGhost &ghost) const override;
    double compareGhostTextHeight() const override;

    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void rebuild();
    void buildRack(std::size_t column);
    void destroyRack(RackId rack);
    void addDeviceItem(const Device &device);
    void updateRackTitles(RackId rack);
    /// Shows the ghost of a `height`-U device at the slot; red when it would overlap.
    void showGhost(const std::optional<Slot> &slot, int height, DeviceId ignore = {});
    void hideGhost();
    bool overlaps(const Slot &slot, int height, DeviceId ignore) const;
    std::vector<RackId> defaultRacks() const;

    std::vector<RackId> m_racks;
    bool m_explicitRacks = false;
    /// rack id -> its two faces (front, rear)
    std::unordered_map<std::uint64_t, std::pair<ElevationFaceItem *, ElevationFaceItem *>> m_faces;
    std::unordered_map<std::uint64_t, ElevationDeviceItem *> m_devices;
    std::unordered_map<std::uint64_t, QGraphicsRectItem *> m_shadows; ///< device -> other face
    QGraphicsRectItem *m_ghost = nullptr;

    // Device drag state.
    ElevationDeviceItem *m_dragItem = nullptr;
    double m_grabFromBottom = 0; ///< press point above the device's bottom edge, scene units
    QPoint m_pressPos;
    bool m_dragging = false;
};

} // namespace cw::canvas

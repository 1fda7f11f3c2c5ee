#pragma once

#include "model/core/Enums.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/FittedLabel.h"

#include <vector>

namespace cw::canvas {

/// Scene geometry of the elevation (1 scene unit = 1 mm).
namespace elevation {
inline constexpr double kUnitMm = 44.45; ///< 1U (EIA-310)
inline constexpr double kPanelWidthMm = 482.6; ///< 19 in panel (EIA-310)
inline constexpr double kGutterMm = 80; ///< U numbers left of the rails (at text scale 1)
inline constexpr double kTitleMm = 150; ///< title above the rack (at text scale 1)
inline constexpr double kFaceGapMm = 60;
inline constexpr double kRackGapMm = 200;

/// The parts of a face that hold text grow with it (presentation mode); the panel stays to
/// scale.
struct FaceGeometry
{
    double gutter = kGutterMm;
    double title = kTitleMm;
    double width() const { return gutter + kPanelWidthMm + 20; }
    static FaceGeometry forScale(double textScale)
    {
        return { kGutterMm * textScale, kTitleMm * textScale };
    }
};
} // namespace elevation

/// One face (front or rear) of a rack: the frame, U numbers bottom-up, and a title with the
/// rack's name, face and load. Devices on that face are its children.
class ElevationFaceItem : public CanvasItem
{
public:
    ElevationFaceItem(RackId rack, Face face, int units,
                      const elevation::FaceGeometry &geometry = {});

    RackId rackId() const { return RackId { ref().id }; }
    Face face() const { return m_face; }
    int units() const { return m_units; }
    const elevation::FaceGeometry &geometry() const { return m_geometry; }
    /// Whether device names can be read at this zoom (else the face says to zoom in).
    bool showsDeviceNames(double lod) const;
    void setTitle(const QString &name);
    void setPower(const RackPower &power);
    /// Device-area rectangle of U slots [u, u + height - 1], in item coordinates.
    QRectF slotRect(int u, int height) const;
    /// The U slot at a point in item coordinates (may be out of 1..units).
    int uAt(const QPointF &pos) const;

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    /// Room under the frame for the "zoom in" hint.
    double hintRoom() const;
    /// Whether a device on this face is too short for its name at `minimumPx`.
    bool unnamedDevices(int minimumPx) const;

    Face m_face;
    int m_units;
    elevation::FaceGeometry m_geometry;
    CachedLabel m_hint;
    RackPower m_power;
    CachedLabel m_title;
    CachedLabel m_load;
    std::vector<CachedLabel> m_numbers;
};

/// A device drawn to scale in its U slots with its name, part and maximum power.
class ElevationDeviceItem : public CanvasItem
{
public:
    ElevationDeviceItem(DeviceId device, DeviceRole role, const QRectF &rect);

    DeviceId deviceId() const { return DeviceId { ref().id }; }
    void setLabels(const QString &name, const QString &part, double powerW);
    QRectF rect() const { return m_rect; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) override;

private:
    DeviceRole m_role;
    QRectF m_rect;
    FittedLabel m_name;
    FittedLabel m_detail; ///< "dgx-h100 · 10.20 kW", or the part alone where that does not fit
    FittedLabel m_power; ///< the power on a line of its own when the detail was shortened
};

} // namespace cw::canvas

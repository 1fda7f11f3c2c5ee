#pragma once

#include "exporters/report/Drawing.h"
#include "exporters/report/ReportData.h"

#include <QRectF>

class QPainter;

namespace cw::report {

/// Height of the title line above a rack face, in points.
inline constexpr double kElevationTitlePt = 12;

/// What a face writes on each device: its name (one rack's drawing) or its part (a drawing
/// several racks share: their devices' names differ).
enum class DeviceLabel { Name, Part };

/// Draws one face of a rack into `area` (device pixels): `title` and the face ("front",
/// "rear") above, U numbers on the left (U1 at the bottom), every device with its name or
/// part and maximum power. A device mounted from the other face (switches face the hot aisle)
/// is drawn pale: it still fills the U slots, as the space rules count full-depth gear on
/// both faces.
void drawRackFace(QPainter &painter, const QRectF &area, const RackFigures &rack, Face face,
                  const Scale &scale, const QString &title, DeviceLabel label = DeviceLabel::Name);

/// The role colours and what pale means, as swatches at `topLeft`: one line, or with
/// `twoLines` the note on pale devices under the swatches (narrow pictures). Returns the
/// height used in pixels.
double drawElevationLegend(QPainter &painter, const QPointF &topLeft, const Scale &scale,
                           bool twoLines = false);

} // namespace cw::report

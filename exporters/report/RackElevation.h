#pragma once

#include "exporters/report/Drawing.h"
#include "exporters/report/ReportData.h"

#include <QRectF>

class QPainter;

namespace cw::report {

/// Height of the title line above a rack face, in points.
inline constexpr double kElevationTitlePt = 12;

/// Draws one face of a rack into `area` (device pixels): a title, U numbers on the left
/// (U1 at the bottom), every device with its name and maximum power. A device mounted from
/// the other face (switches face the hot aisle) is drawn pale: it still fills the U slots,
/// as the space rules count full-depth gear on both faces.
void drawRackFace(QPainter &painter, const QRectF &area, const RackFigures &rack, Face face,
                  const Scale &scale);

/// The role colours and what pale means, as swatches at `topLeft`: one line, or with
/// `twoLines` the note on pale devices under the swatches (narrow pictures). Returns the
/// height used in pixels.
double drawElevationLegend(QPainter &painter, const QPointF &topLeft, const Scale &scale,
                           bool twoLines = false);

} // namespace cw::report

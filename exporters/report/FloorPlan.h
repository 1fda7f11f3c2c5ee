#pragma once

#include "exporters/report/Drawing.h"
#include "exporters/report/ReportData.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <string>
#include <vector>

class QPainter;

namespace cw::report {

/// Where drawFloorPlan puts rows and racks, in metres.
struct FloorLayout
{
    std::vector<std::string> rowNames; ///< front to back; "-" for racks without a row
    std::vector<int> rowSlot; ///< per rack of ReportData::racks: its index in rowNames
    double widthM = 0; ///< along the rows
    double rackDepthM = 0; ///< deepest rack
    double pitchM = 0; ///< row centre to row centre
    double depthM = 0; ///< front of the first row to the back of the last
};

FloorLayout floorLayout(const ReportData &data);

/// Points drawFloorPlan keeps left of the plan (row names) and under it (legend, scale bar).
inline constexpr double kFloorGutterPt = 44;
inline constexpr double kFloorLegendPt = 30;

/// Load as a fraction of what the rack may draw on one feed (its failover capacity); a rack
/// with load and no PDU counts as full (power.rack-over-feed flags it), an empty rack as 0.
double loadFraction(const RackFigures &rack);

/// Draws the floor to scale into `area` (device pixels): rows front to back (site row
/// pitch), racks side by side at their positions (rack width and depth from the rack type,
/// else the site's), each named and coloured by loadFraction(), with a legend and a scale
/// bar. Racks without a row go on an extra row at the back.
void drawFloorPlan(QPainter &painter, const QRectF &area, const ReportData &data,
                   const Scale &scale);

/// The same floor with each rack filled by `fills[rack index]` and a legend of `legend`
/// (label, colour) pairs instead of the load legend.
void drawFloorPlan(QPainter &painter, const QRectF &area, const ReportData &data,
                   const Scale &scale, const std::vector<QColor> &fills,
                   const std::vector<std::pair<QString, QColor>> &legend);

} // namespace cw::report

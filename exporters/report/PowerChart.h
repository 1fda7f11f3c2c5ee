#pragma once

#include "exporters/report/Drawing.h"
#include "exporters/report/ReportData.h"

#include <QRectF>

#include <vector>

class QPainter;

namespace cw::report {

/// A bar chart of rack loads (kW) against what each rack may draw on one feed (a black
/// bar-wide mark at its failover capacity), with the site's air limit per rack dashed when
/// set. `axisMaxKw` is shared by every chart of the report so their bars compare.
void drawPowerChart(QPainter &painter, const QRectF &area,
                    const std::vector<const RackFigures *> &racks, double axisMaxKw,
                    double airLimitKw, const Scale &scale);

/// A round axis maximum at or above every load and capacity.
double powerAxisMaxKw(const std::vector<RackFigures> &racks, double airLimitKw);

} // namespace cw::report

#pragma once

#include "exporters/report/ReportData.h"
#include "model/common/Result.h"

#include <QByteArray>

namespace cw::report {

enum class Paper { A4, Letter };

/// facilities-report.pdf: cover, summary, power, cooling, floor plan, rack elevations,
/// cabling, BOM. Needs a QGuiApplication (ensureGuiApplication()).
Result<QByteArray> renderReportPdf(const ReportData &data, Paper paper);

/// One rack's front and rear side by side, for slides.
Result<QByteArray> renderRackSvg(const RackFigures &rack, const std::string &designName);

/// The floor plan, for slides.
Result<QByteArray> renderFloorPlanSvg(const ReportData &data);

} // namespace cw::report

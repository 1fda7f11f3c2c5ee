#pragma once

#include "exporters/report/ReportData.h"
#include "model/common/Result.h"

#include <QByteArray>

namespace cw::report {

enum class Paper { A4, Letter };

/// facilities-report.pdf: cover, summary, power, cooling, floor plan, rack elevations,
/// cabling, BOM. Needs a QGuiApplication (ensureGuiApplication()).
Result<QByteArray> renderReportPdf(const ReportData &data, Paper paper);

/// The floor plan, for slides.
Result<QByteArray> renderFloorPlanSvg(const ReportData &data);

} // namespace cw::report

#pragma once

#include "exporters/report/ReportData.h"
#include "model/common/Result.h"

#include <QByteArray>

namespace cw::report {

struct ElevationIndex;

enum class Paper { A4, Letter };

/// The pack's rack SVGs (--param report.rack-svgs): one per distinct elevation, as the PDF
/// draws them, with racks/index.csv and racks/devices.csv (Grouped, the default), or one per
/// rack named after it (EachRack).
enum class RackSvgs { Grouped, EachRack };

/// facilities-report.pdf: cover, summary, power, cooling, floor plan, rack elevations,
/// cabling, BOM. Needs a QGuiApplication (ensureGuiApplication()). `elevations`: the
/// groupElevations() of data.racks; `rackSvgs` only changes the sentence that says where the
/// SVGs are.
Result<QByteArray> renderReportPdf(const ReportData &data, Paper paper,
                                   const ElevationIndex &elevations, RackSvgs rackSvgs);

/// The floor plan, for slides.
Result<QByteArray> renderFloorPlanSvg(const ReportData &data);

} // namespace cw::report

#pragma once

#include "exporters/report/PageWriter.h"
#include "exporters/report/ReportData.h"
#include "exporters/report/ReportRender.h"

namespace cw::report {

// The sections of facilities-report.pdf, in order. Each starts on a new page.
void writeCover(PageWriter &pages, const ReportData &data); // SectionsOverview.cpp
void writeSummary(PageWriter &pages, const ReportData &data); // SectionsOverview.cpp
void writePower(PageWriter &pages, const ReportData &data); // SectionsPower.cpp
void writeCooling(PageWriter &pages, const ReportData &data); // SectionsPower.cpp
void writeFloorPlan(PageWriter &pages, const ReportData &data); // SectionsDrawings.cpp
void writeElevations(PageWriter &pages, const ReportData &data, const ElevationIndex &index,
                     RackSvgs rackSvgs); // SectionsDrawings.cpp
void writeCabling(PageWriter &pages, const ReportData &data); // SectionsSupply.cpp
void writeBom(PageWriter &pages, const ReportData &data); // SectionsSupply.cpp
void writeFailureDomains(PageWriter &pages, const ReportData &data); // SectionsFailure.cpp

/// Racks drawn per elevation page (front and rear of each side by side).
inline constexpr int kRacksPerElevationPage = 3;
/// Racks per bar chart of the power section.
inline constexpr int kRacksPerPowerChart = 32;

} // namespace cw::report

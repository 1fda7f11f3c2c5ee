#pragma once

#include <memory>

namespace cw::exporters {

class Exporter;

/// The facilities pack as an Exporter, format name "report": facilities-report.pdf,
/// racks/<rack>.svg and floorplan.svg (docs/facilities-report.md). It lives in cw_report
/// (QtGui + QtSvg), not in cw_exporters, so a program that offers it adds it to its
/// registry itself: `registry.add(exporters::makeReportExporter());`. Its run() creates a
/// QGuiApplication when the program has none (report::ensureGuiApplication()).
std::unique_ptr<Exporter> makeReportExporter();

} // namespace cw::exporters

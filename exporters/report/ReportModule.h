#pragma once

// The facilities report as a loadable module (clusterwright-report.so) for clusterwright-cli,
// which dlopen()s it only for `export --format report|all` and `export --list`, so that every
// other command starts without mapping Qt and its dependencies (docs/performance.md, "CLI
// start-up, session 9"). The GUI and the tests link cw_report directly.
//
// This header is plain C++ (the CLI includes it and links no Qt). The module holds only
// cw_report's own code: the model, validation and exporter code it calls is the CLI's own,
// which the CLI exports (ENABLE_EXPORTS), so both sides share one copy of every type.

namespace cw::exporters {
class Exporter;
} // namespace cw::exporters

namespace cw::report {

/// The module's file name, installed next to nothing else: the CLI looks for it in its own
/// folder (a build tree, scripts/run.sh) and then in kReportModuleInstallDir relative to it.
inline constexpr const char *kReportModuleFileName = "clusterwright-report.so";

/// `const char *cw_report_module_version()`: the project version the module was built with.
inline constexpr const char *kReportModuleVersionSymbol = "cw_report_module_version";
/// `cw::exporters::Exporter *cw_report_module_make_exporter()`: a new report exporter, owned
/// by the caller (delete through the Exporter's virtual destructor).
inline constexpr const char *kReportModuleMakeSymbol = "cw_report_module_make_exporter";

using ReportModuleVersionFunction = const char *();
using ReportModuleMakeFunction = exporters::Exporter *();

} // namespace cw::report

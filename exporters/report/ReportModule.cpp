// The entry points of clusterwright-report.so (exporters/report/ReportModule.h): the only
// symbols the CLI looks up in it.
#include "exporters/report/ReportModule.h"

#include "exporters/Exporter.h"
#include "exporters/report/ReportFormat.h"

#include <type_traits>

extern "C" {

__attribute__((visibility("default"))) const char *cw_report_module_version()
{
    return CW_VERSION; // the module's own build, not the CLI's clusterwrightVersion()
}

__attribute__((visibility("default"))) cw::exporters::Exporter *cw_report_module_make_exporter()
{
    return cw::exporters::makeReportExporter().release();
}

} // extern "C"

// The CLI calls them through these types: a changed signature stops the build, not the CLI.
static_assert(
    std::is_same_v<decltype(cw_report_module_version), cw::report::ReportModuleVersionFunction>);
static_assert(
    std::is_same_v<decltype(cw_report_module_make_exporter), cw::report::ReportModuleMakeFunction>);

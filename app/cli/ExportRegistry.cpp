#include "app/cli/ExportRegistry.h"

#include "exporters/Exporter.h"
#include "exporters/report/ReportFormat.h"

namespace cw::cli {

exporters::ExporterRegistry exportRegistry()
{
    exporters::ExporterRegistry registry;
    exporters::registerBuiltinExporters(registry);
    registry.add(exporters::makeReportExporter());
    return registry;
}

} // namespace cw::cli

#include "app/cli/ExportRegistry.h"

#include "app/cli/ReportModuleExporter.h"

#include "exporters/Exporter.h"

namespace cw::cli {

exporters::ExporterRegistry exportRegistry()
{
    exporters::ExporterRegistry registry;
    exporters::registerBuiltinExporters(registry);
    registry.add(std::make_unique<ReportModuleExporter>());
    return registry;
}

Result<void> loadFormats(const std::vector<const exporters::Exporter *> &formats)
{
    for (const exporters::Exporter *format : formats)
        if (const auto *report = dynamic_cast<const ReportModuleExporter *>(format))
            if (auto loaded = report->load(); !loaded)
                return loaded.error();
    return {};
}

} // namespace cw::cli

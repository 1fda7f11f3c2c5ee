#include "app/cli/ExportRegistry.h"

#include "exporters/Exporter.h"

namespace cw::cli {

exporters::ExporterRegistry exportRegistry()
{
    exporters::ExporterRegistry registry;
    exporters::registerBuiltinExporters(registry);
    return registry;
}

} // namespace cw::cli

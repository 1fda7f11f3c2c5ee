#include "exporters/Exporter.h"
#include "exporters/Families.h"

namespace cw::exporters {

void registerBuiltinExporters(ExporterRegistry &registry)
{
    registry.add(makeSlurmExporter());
    registry.add(makeNcclExporter());
    registry.add(makeSwitchExporter());
    registry.add(makeCablingExporter());
    registry.add(makeBomExporter());
    registry.add(makeGraphMlExporter());
    registry.add(makeKubernetesExporter());
    registry.add(makeDrawioExporter());
    registry.add(makeNetboxExporter());
}

} // namespace cw::exporters

#pragma once

#include "exporters/Exporter.h"

namespace cw {
struct Fabric;
}

namespace cw::exporters {

/// The subnet-manager files of one InfiniBand fabric: opensm.conf (ftree for fat trees, updn
/// otherwise), the root GUID file naming the top tier, ib-node-name-map, and the designed
/// fabric in ibnetdiscover/ibsim format (fabric.topo). Paths are "<fabric>/<file>".
Result<std::vector<ExportedFile>> infinibandFiles(const Design &design, const Catalog &catalog,
                                                  const Fabric &fabric);

} // namespace cw::exporters

#pragma once

#include "exporters/Exporter.h"

namespace cw {
struct Fabric;
}

namespace cw::exporters {

/// Per-switch configuration files of one RoCEv2 (or lossless Ethernet) fabric, in the vendor
/// family of each switch's catalog part (SONiC config_db.json, Cumulus NVUE, Arista EOS).
/// Paths are "<fabric>/<switch>.<ext>", built with safeFileName().
Result<std::vector<ExportedFile>> roceSwitchConfigs(const Design &design, const Catalog &catalog,
                                                    const Fabric &fabric);

} // namespace cw::exporters

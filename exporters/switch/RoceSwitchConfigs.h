#pragma once

#include "exporters/Exporter.h"

#include <map>

namespace cw {
struct Fabric;
}

namespace cw::exporters {

/// Per-switch configuration files of one RoCEv2 (or lossless Ethernet) fabric, in the vendor
/// family of each switch's catalog part (SONiC config_db.json, Cumulus NVUE, Arista EOS).
/// Paths are "<fabric>/<switch>.<ext>", built with safeFileName().
Result<std::vector<ExportedFile>> roceSwitchConfigs(const Design &design, const Catalog &catalog,
                                                    const Fabric &fabric);

/// The same, and on a RoCEv2 fabric the routed underlay from the `underlay.*` parameters
/// (AddressPlan.h): merged into each switch file, plus "<switch>.frr.conf" for SONiC and
/// Cumulus switches, "netplan/<host>.yaml", "address-plan.csv|md" and
/// "address-plan-provenance.txt".
Result<std::vector<ExportedFile>>
roceSwitchConfigs(const Design &design, const Catalog &catalog, const Fabric &fabric,
                  const std::map<std::string, std::string> &params);

} // namespace cw::exporters

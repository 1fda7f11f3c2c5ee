#pragma once

#include "exporters/Exporter.h"

#include <map>
#include <string>
#include <vector>

namespace cw::exporters::underlay {

struct UnderlayPlan;

/// The files of a routed underlay that stand beside the per-switch NOS files in `folder`:
/// "<switch>.frr.conf" for each switch in `frrBases` (hostname -> file base; the switches
/// whose NOS runs FRR), "netplan/<host>.yaml" per host, "address-plan.csv" (header row
/// first), "address-plan-provenance.txt" and "address-plan.md".
std::vector<ExportedFile> underlayFiles(const Design &design, const UnderlayPlan &plan,
                                        const std::string &folder,
                                        const std::map<std::string, std::string> &frrBases);

} // namespace cw::exporters::underlay

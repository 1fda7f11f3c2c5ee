#pragma once

#include "exporters/Exporter.h"
#include "model/common/Result.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Part;
} // namespace cw

namespace cw::netbox {

/// One part as a NetBox device type in the community devicetype-library layout
/// (ref:netbox-devicetype-library): manufacturer, model, slug, part_number, u_height,
/// is_full_depth, weight in kg, power-ports with maximum_draw, interfaces with their NetBox
/// types. Every string scalar is YAML-quoted.
std::string deviceTypeYaml(const Part &part);

/// The design as NetBox bulk-import CSVs (ref:netbox-bulk-import), numbered in import order:
/// 01-manufacturers, 02-device-roles, 03-sites, 04-locations (one per row), 05-racks,
/// 06-devices, 07-cables (both terminations as device + interface).
Result<std::vector<exporters::ExportedFile>> bulkImportCsvs(const Design &design,
                                                            const Catalog &catalog);

} // namespace cw::netbox

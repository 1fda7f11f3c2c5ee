#pragma once

#include "model/common/Result.h"

#include <nlohmann/json.hpp>

#include <string>

namespace cw::netbox {

/// One NetBox device type in the devicetype-library YAML layout (ref:netbox-devicetype-library)
/// as a catalog part object for a user catalog file (docs/catalog.md): id = the slug, vendor =
/// manufacturer, model, uHeight, weightKg (lb/g/oz converted), maxPowerW and typicalPowerW =
/// the sums of the power ports' maximum_draw and allocated_draw (NetBox adds them up the same
/// way), ports from the interfaces (speed and cage from the NetBox type, management when
/// mgmt_only). NetBox describes no CPU, memory or GPU, so the part is a `switch`, with
/// technology infiniband when an interface type is InfiniBand and ethernet otherwise.
/// Errors name the file (`origin`), the key and what was expected.
Result<nlohmann::json> importDeviceType(const std::string &yamlText, const std::string &origin);

} // namespace cw::netbox

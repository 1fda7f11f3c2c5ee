#pragma once

#include "model/asbuilt/AsBuiltCompare.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

namespace cw::changes {

/// The mismatch report as `clusterwright-cli asbuilt` prints it.
std::string asBuiltText(const asbuilt::AsBuiltReport &report, const std::string &what);
nlohmann::ordered_json asBuiltJson(const asbuilt::AsBuiltReport &report, const std::string &what);

} // namespace cw::changes

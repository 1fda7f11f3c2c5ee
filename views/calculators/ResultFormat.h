#pragma once

#include <nlohmann/json.hpp>

#include <QString>

#include <string>

namespace cw::calcviews {

/// How the Calculators dock names a result key: words, not the JSON key ("facility_kw" ->
/// "Facility power"); the unit goes with the value. The key itself stays in the row's tooltip
/// (it is what `clusterwright-cli calc --json` prints).
QString outputLabel(const std::string &key);

/// A result value in human units, chosen by the key's unit suffix: bytes as kB..PB, _gbyte_s
/// as GB/s..PB/s, seconds as s/min/h/days, _kw as kW or MW, _usd as dollars, fractions
/// (MFU, efficiency) as percent, FLOP with SI prefixes. The exact number stays in the tooltip.
QString formatOutput(const std::string &key, const nlohmann::json &value);

} // namespace cw::calcviews

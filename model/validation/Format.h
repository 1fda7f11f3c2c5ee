#pragma once

#include <string>
#include <vector>

namespace cw::fmt {

/// Fixed-point text with `decimals` places ("44.6").
std::string num(double value, int decimals = 1);
/// Watts as kilowatts with one decimal ("44.6 kW").
std::string kw(double watts);
/// Bytes as a whole number, ungrouped as switch CLIs take them ("1500000 B").
std::string bytes(double value);
/// "a, b, c and 4 more" with at most `shown` names.
std::string list(const std::vector<std::string> &items, std::size_t shown = 5);
/// Compact ranges of sorted small integers: {0,1,2,3,6} -> "0-3, 6".
std::string ranges(const std::vector<int> &values);

} // namespace cw::fmt

#pragma once

#include <string>

namespace cw {

/// A number with at most `decimals` decimals, trailing zeros (and a trailing '.') removed:
/// 2.50 -> "2.5", 3.00 -> "3". Always '.' as the decimal point, whatever the C locale says;
/// a non-finite value prints as "0" (it is a bug upstream, never a figure a reader should see).
/// The one formatter of figures in part numbers, descriptions and CSV cells.
std::string decimalText(double value, int decimals = 3);

/// Exactly `decimals` decimals ("1234.50"), negative zero as zero.
std::string fixedDecimalText(double value, int decimals);

} // namespace cw

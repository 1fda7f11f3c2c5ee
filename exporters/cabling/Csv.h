#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cw::exporters::csv {

/// RFC 4180 line end. The RFC asks for CRLF; every CSV reader (LibreOffice, Excel, Python's
/// csv module, pandas) accepts it.
inline constexpr std::string_view kLineEnd = "\r\n";

/// One field quoted per RFC 4180 §2 with the spreadsheet formula guard: esc::csvField
/// (exporters/common/Escape.h).
std::string field(std::string_view text);

/// Fields joined with commas, each through field(), plus the CRLF line end.
std::string line(const std::vector<std::string> &fields);

/// A number with at most `decimals` decimals, trailing zeros (and a trailing '.') removed:
/// 2.50 -> "2.5", 3.00 -> "3". Always '.' as the decimal point, whatever the C locale says.
std::string number(double value, int decimals = 3);

/// Money with exactly two decimals ("1234.50").
std::string usd(double value);

} // namespace cw::exporters::csv

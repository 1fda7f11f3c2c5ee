#include "model/common/DecimalText.h"

#include <charconv>
#include <cmath>

namespace cw {

std::string fixedDecimalText(double value, int decimals)
{
    // Negative zero would print as "-0.00"; a non-finite figure is a bug upstream, never a
    // price, so it prints as 0 rather than "inf" in a file a buyer reads.
    if (value == 0 || !std::isfinite(value))
        value = 0.0;
    char buffer[64];
    const auto [end, error]
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (error != std::errc())
        return "0";
    std::string text(buffer, end);
    // A tiny negative rounds to "-0.00" after the check above.
    if (text.starts_with('-') && text.find_first_not_of("-0.") == std::string::npos)
        text.erase(0, 1);
    return text;
}

std::string decimalText(double value, int decimals)
{
    std::string text = fixedDecimalText(value, decimals);
    if (text.find('.') != std::string::npos) {
        while (!text.empty() && text.back() == '0')
            text.pop_back();
        if (!text.empty() && text.back() == '.')
            text.pop_back();
    }
    return text;
}

} // namespace cw

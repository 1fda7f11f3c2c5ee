#include "model/validation/Format.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace cw::fmt {

std::string num(double value, int decimals)
{
    // Whole numbers without decimals (port speeds, percentages) by integer conversion: the
    // same digits as "%.0f" gives an exact integer, without printf's float machinery, which
    // was the largest cost of writing a million speed-mismatch messages. Minus zero, huge
    // values, infinities and NaN take printf's path.
    if (decimals == 0 && value == std::trunc(value) && std::fabs(value) < 1e15
        && !(value == 0 && std::signbit(value))) {
        char digits[24];
        const auto end
            = std::to_chars(digits, digits + sizeof digits, static_cast<long long>(value));
        return std::string(digits, end.ptr);
    }
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string kw(double watts)
{
    return num(watts / 1000.0, 1) + " kW";
}

std::string bytes(double value)
{
    return num(std::round(value), 0) + " B";
}

std::string list(const std::vector<std::string> &items, std::size_t shown)
{
    std::string text;
    for (std::size_t i = 0; i < items.size() && i < shown; ++i) {
        if (i > 0)
            text += ", ";
        text += items[i];
    }
    if (items.size() > shown)
        text += " and " + std::to_string(items.size() - shown) + " more";
    return text;
}

std::string ranges(const std::vector<int> &values)
{
    std::string text;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j + 1 < values.size() && values[j + 1] == values[j] + 1)
            ++j;
        if (!text.empty())
            text += ", ";
        text += std::to_string(values[i]);
        if (j > i)
            text += "-" + std::to_string(values[j]);
        i = j + 1;
    }
    return text.empty() ? "none" : text;
}

} // namespace cw::fmt

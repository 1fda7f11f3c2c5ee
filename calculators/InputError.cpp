#include "calculators/InputError.h"

#include <charconv>
#include <cmath>

namespace cw::calc {

std::string formatNumber(double value)
{
    // std::to_chars without a format gives the shortest representation that round-trips,
    // fixed or scientific, whichever is shorter: 7e10 prints as "7e+10", 524288 as "524288"
    // and 0.05 as "0.05" (no locale, no trailing zeros). parseNumber() reads all of them back.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof(buffer), value);
    return std::string(buffer, result.ptr);
}

void requirePositive(const std::string &param, double value)
{
    if (!std::isfinite(value) || value <= 0.0)
        throw InputError(param, "expected a number > 0, got " + formatNumber(value));
}

void requireNonNegative(const std::string &param, double value)
{
    if (!std::isfinite(value) || value < 0.0)
        throw InputError(param, "expected a number >= 0, got " + formatNumber(value));
}

void requireRange(const std::string &param, double value, double minValue, double maxValue)
{
    if (!std::isfinite(value) || value < minValue || value > maxValue) {
        throw InputError(param,
                         "expected a number between " + formatNumber(minValue) + " and "
                             + formatNumber(maxValue) + ", got " + formatNumber(value));
    }
}

void requireAtLeast(const std::string &param, long long value, long long minValue)
{
    if (value < minValue) {
        throw InputError(param,
                         "expected a whole number >= " + std::to_string(minValue) + ", got "
                             + std::to_string(value));
    }
}

} // namespace cw::calc

#pragma once

#include <stdexcept>
#include <string>
#include <utility>

namespace cw::calc {

/// Thrown by a calculator when an input is out of its domain; names the parameter at fault.
/// The Registry turns it into CalcOutcome::error, so it never crosses the CLI or GUI boundary.
class InputError : public std::invalid_argument
{
public:
    InputError(std::string param, const std::string &expectation)
        : std::invalid_argument("parameter '" + param + "': " + expectation)
        , m_param(std::move(param))
    { }

    const std::string &param() const { return m_param; }

private:
    std::string m_param;
};

/// Throws InputError unless value > 0 (finite). Used by every calculator as a precondition guard.
void requirePositive(const std::string &param, double value);
/// Throws InputError unless value >= 0 (finite).
void requireNonNegative(const std::string &param, double value);
/// Throws InputError unless minValue <= value <= maxValue.
void requireRange(const std::string &param, double value, double minValue, double maxValue);
/// Throws InputError unless value >= minValue.
void requireAtLeast(const std::string &param, long long value, long long minValue);

/// Formats a double for messages and assumptions: shortest round-trip form ("7e+10", "524288",
/// "2.5").
std::string formatNumber(double value);

} // namespace cw::calc

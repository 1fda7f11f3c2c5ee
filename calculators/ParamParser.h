#pragma once

#include "calculators/ParamSpec.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw::calc {

/// Parses a number as the CLI accepts it: "4096", "2.5", "70e9", or a count with a decimal
/// suffix K=1e3, M=1e6, B=1e9 (billions, as in "70B params"), T=1e12. Upper-case suffixes only,
/// so "b" can never be mistaken for bits. Returns nullopt for anything else ("70X", "", "inf").
std::optional<double> parseNumber(std::string_view text);

/// Parses true/false, yes/no, on/off, 1/0 (lower case). nullopt otherwise.
std::optional<bool> parseBool(std::string_view text);

/// Reads the parameters of one calculator run against its ParamSpecs: applies defaults,
/// checks types and ranges, and throws InputError naming the parameter on any problem.
class ParamReader
{
public:
    /// Throws InputError for a key that the calculator does not know.
    ParamReader(const CalculatorInfo &info, const std::map<std::string, std::string> &params);

    /// True when the user gave the key (defaults do not count).
    bool given(const std::string &key) const;

    /// Required number > 0 (or its default).
    double positive(const std::string &key) const;
    std::optional<double> optionalPositive(const std::string &key) const;
    /// Required number >= 0.
    double nonNegative(const std::string &key) const;
    /// Number with 0 < x <= 1.
    double fraction(const std::string &key) const;
    /// Number >= minValue.
    double atLeast(const std::string &key, double minValue) const;
    /// Number in [minValue, maxValue].
    double inRange(const std::string &key, double minValue, double maxValue) const;

    /// Whole number >= minValue ("70B" is a whole number; "2.5" is not).
    long long wholeNumber(const std::string &key, long long minValue) const;
    std::optional<long long> optionalWholeNumber(const std::string &key, long long minValue) const;

    bool boolean(const std::string &key) const;
    /// One of choices (exact, case-sensitive).
    std::string choice(const std::string &key, const std::vector<std::string> &choices) const;
    /// One of the key's ParamSpec::choices.
    std::string choice(const std::string &key) const;
    std::optional<std::string> optionalText(const std::string &key) const;

private:
    const ParamSpec &spec(const std::string &key) const;
    /// Given value, else default; nullopt when neither. Throws for a missing required key.
    std::optional<std::string> raw(const std::string &key) const;
    std::string requiredRaw(const std::string &key) const;
    double parseOrThrow(const std::string &key, const std::string &text,
                        const std::string &expectation) const;

    const CalculatorInfo &m_info;
    const std::map<std::string, std::string> &m_params;
};

} // namespace cw::calc

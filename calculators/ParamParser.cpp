#include "calculators/ParamParser.h"

#include "calculators/InputError.h"

#include <charconv>
#include <cmath>

namespace cw::calc {

namespace {

// Decimal count suffixes accepted by the CLI contract (issue: "B=1e9, also K=1e3, M=1e6, T=1e12").
double suffixMultiplier(char suffix)
{
    switch (suffix) {
    case 'K':
        return 1e3;
    case 'M':
        return 1e6;
    case 'B':
        return 1e9;
    case 'T':
        return 1e12;
    default:
        return 0.0;
    }
}

std::string quoted(const std::string &text)
{
    return "'" + text + "'";
}

} // namespace

std::optional<double> parseNumber(std::string_view text)
{
    if (text.empty())
        return std::nullopt;
    double multiplier = 1.0;
    const double suffix = suffixMultiplier(text.back());
    if (suffix != 0.0) {
        multiplier = suffix;
        text.remove_suffix(1);
        if (text.empty())
            return std::nullopt;
    }
    // from_chars is locale-independent (a German locale must not turn "2.5" into 25) and
    // rejects leading spaces and '+'; it does accept "inf"/"nan", which isfinite() weeds out.
    double value = 0.0;
    const char *begin = text.data();
    const char *end = begin + text.size();
    const auto [ptr, ec] = std::from_chars(begin, end, value, std::chars_format::general);
    if (ec != std::errc() || ptr != end || !std::isfinite(value))
        return std::nullopt;
    value *= multiplier;
    if (!std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<bool> parseBool(std::string_view text)
{
    if (text == "true" || text == "yes" || text == "on" || text == "1")
        return true;
    if (text == "false" || text == "no" || text == "off" || text == "0")
        return false;
    return std::nullopt;
}

ParamReader::ParamReader(const CalculatorInfo &info,
                         const std::map<std::string, std::string> &params)
    : m_info(info)
    , m_params(params)
{
    for (const auto &entry : params) {
        bool known = false;
        for (const ParamSpec &p : info.params)
            known = known || p.key == entry.first;
        if (!known) {
            std::string keys;
            for (const ParamSpec &p : info.params)
                keys += (keys.empty() ? "" : ", ") + p.key;
            throw InputError(entry.first,
                             "unknown parameter for calculator '" + info.name
                                 + "'; expected one of: " + keys);
        }
    }
}

bool ParamReader::given(const std::string &key) const
{
    return m_params.count(key) != 0;
}

const ParamSpec &ParamReader::spec(const std::string &key) const
{
    for (const ParamSpec &p : m_info.params) {
        if (p.key == key)
            return p;
    }
    // A programming error in Registry.cpp, not a user error; still report it by name.
    throw InputError(key, "not declared by calculator '" + m_info.name + "'");
}

std::optional<std::string> ParamReader::raw(const std::string &key) const
{
    const ParamSpec &p = spec(key);
    if (const auto it = m_params.find(key); it != m_params.end())
        return it->second;
    if (p.defaultValue)
        return p.defaultValue;
    if (p.required) {
        std::string expectation = "missing; required: " + p.help;
        if (!p.unit.empty())
            expectation += " [" + p.unit + "]";
        throw InputError(key, expectation);
    }
    return std::nullopt;
}

std::string ParamReader::requiredRaw(const std::string &key) const
{
    auto text = raw(key);
    if (!text)
        throw InputError(key, "missing; expected " + spec(key).help);
    return *text;
}

double ParamReader::parseOrThrow(const std::string &key, const std::string &text,
                                 const std::string &expectation) const
{
    const auto value = parseNumber(text);
    if (!value)
        throw InputError(key, "expected " + expectation + ", got " + quoted(text));
    return *value;
}

double ParamReader::positive(const std::string &key) const
{
    const auto value = optionalPositive(key);
    if (!value)
        throw InputError(key, "missing; expected a number > 0");
    return *value;
}

std::optional<double> ParamReader::optionalPositive(const std::string &key) const
{
    const auto text = raw(key);
    if (!text)
        return std::nullopt;
    const std::string expectation = "a number > 0";
    const double value = parseOrThrow(key, *text, expectation);
    if (value <= 0.0)
        throw InputError(key, "expected " + expectation + ", got " + quoted(*text));
    return value;
}

double ParamReader::nonNegative(const std::string &key) const
{
    const std::string text = requiredRaw(key);
    const std::string expectation = "a number >= 0";
    const double value = parseOrThrow(key, text, expectation);
    if (value < 0.0)
        throw InputError(key, "expected " + expectation + ", got " + quoted(text));
    return value;
}

double ParamReader::fraction(const std::string &key) const
{
    const std::string text = requiredRaw(key);
    const std::string expectation = "a fraction > 0 and <= 1";
    const double value = parseOrThrow(key, text, expectation);
    if (value <= 0.0 || value > 1.0)
        throw InputError(key, "expected " + expectation + ", got " + quoted(text));
    return value;
}

double ParamReader::atLeast(const std::string &key, double minValue) const
{
    const std::string text = requiredRaw(key);
    const std::string expectation = "a number >= " + formatNumber(minValue);
    const double value = parseOrThrow(key, text, expectation);
    if (value < minValue)
        throw InputError(key, "expected " + expectation + ", got " + quoted(text));
    return value;
}

double ParamReader::inRange(const std::string &key, double minValue, double maxValue) const
{
    const std::string text = requiredRaw(key);
    const std::string expectation
        = "a number between " + formatNumber(minValue) + " and " + formatNumber(maxValue);
    const double value = parseOrThrow(key, text, expectation);
    if (value < minValue || value > maxValue)
        throw InputError(key, "expected " + expectation + ", got " + quoted(text));
    return value;
}

long long ParamReader::wholeNumber(const std::string &key, long long minValue) const
{
    const auto value = optionalWholeNumber(key, minValue);
    if (!value)
        throw InputError(key, "missing; expected a whole number >= " + std::to_string(minValue));
    return *value;
}

std::optional<long long> ParamReader::optionalWholeNumber(const std::string &key,
                                                          long long minValue) const
{
    const auto text = raw(key);
    if (!text)
        return std::nullopt;
    const std::string expectation = "a whole number >= " + std::to_string(minValue);
    const double value = parseOrThrow(key, *text, expectation);
    // 9.2e18 bounds long long; anything near it is a typo for these calculators anyway.
    if (value != std::floor(value) || value < static_cast<double>(minValue) || value > 9.0e18)
        throw InputError(key, "expected " + expectation + ", got " + quoted(*text));
    return static_cast<long long>(value);
}

bool ParamReader::boolean(const std::string &key) const
{
    const std::string text = requiredRaw(key);
    const auto value = parseBool(text);
    if (!value)
        throw InputError(key, "expected true or false, got " + quoted(text));
    return *value;
}

std::string ParamReader::choice(const std::string &key,
                                const std::vector<std::string> &choices) const
{
    std::string text = requiredRaw(key);
    std::string list;
    for (const std::string &c : choices) {
        if (c == text)
            return text;
        list += (list.empty() ? "" : ", ") + c;
    }
    throw InputError(key, "expected one of " + list + ", got " + quoted(text));
}

std::string ParamReader::choice(const std::string &key) const
{
    return choice(key, spec(key).choices);
}

std::optional<std::string> ParamReader::optionalText(const std::string &key) const
{
    return raw(key);
}

} // namespace cw::calc

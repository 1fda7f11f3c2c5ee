#pragma once

#include "model/core/NamePolicy.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cw {

/// The largest magnitude a number of a design or catalog may have. Nothing the files describe
/// comes near it (a site of 1e15 W is a billion megawatts); a bigger number is a typo or an
/// attack that would print as "inf" once summed or scaled.
inline constexpr double kMaxJsonMagnitude = 1e15;

/// Thrown by JsonReader: `pointer` is the RFC 6901 JSON pointer of the offending value.
class JsonInputError : public std::runtime_error
{
public:
    JsonInputError(std::string pointer, const std::string &message)
        : std::runtime_error(message)
        , m_pointer(std::move(pointer))
    { }
    const std::string &pointer() const { return m_pointer; }

private:
    std::string m_pointer;
};

/// Reads one JSON object while tracking where it is, so that every error names the JSON
/// pointer and what was expected ("/racks/3/pdus/0/breakerA: expected a number > 0, got -5").
/// Keys that were never read can be listed afterwards (unknown keys are reported, not lost).
class JsonReader
{
public:
    JsonReader(const nlohmann::json &value, std::string pointer);

    const std::string &pointer() const { return m_pointer; }
    const nlohmann::json &json() const { return m_value; }
    bool has(const char *key) const;

    std::string string(const char *key) const;
    std::string string(const char *key, const std::string &fallback) const;
    /// A string held to the name policy (model/core/NamePolicy.h); the error states the rule.
    std::string name(const char *key, NameKind kind) const;
    /// The same, optional: `fallback` when the key is absent (an empty value is allowed).
    std::string name(const char *key, NameKind kind, const std::string &fallback) const;
    double number(const char *key) const;
    double number(const char *key, double fallback) const;
    /// A number that must be >= 0 (power, lengths, capacities).
    double nonNegative(const char *key) const;
    double nonNegative(const char *key, double fallback) const;
    double positive(const char *key) const;
    double positive(const char *key, double fallback) const;
    long long integer(const char *key) const;
    long long integer(const char *key, long long fallback) const;
    long long integerInRange(const char *key, long long min, long long max) const;
    long long integerInRange(const char *key, long long min, long long max,
                             long long fallback) const;
    std::optional<long long> optionalInteger(const char *key, long long min, long long max) const;
    bool boolean(const char *key, bool fallback) const;
    std::vector<std::string> stringArray(const char *key) const;
    std::vector<long long> integerArray(const char *key) const;

    JsonReader object(const char *key) const;
    /// Each element of an array member as a reader (empty when the key is absent).
    std::vector<JsonReader> objects(const char *key) const;
    /// Each element of an array member, required.
    std::vector<JsonReader> requiredObjects(const char *key) const;

    /// Throws for a value at `key` that the caller rejects.
    [[noreturn]] void fail(const char *key, const std::string &expectation) const;
    [[noreturn]] void failHere(const std::string &message) const;

    /// Keys present in the object that are not in `known`.
    std::vector<std::string> unknownKeys(std::initializer_list<const char *> known) const;

    static std::string describe(const nlohmann::json &value);
    static std::string escapeKey(const std::string &key);

private:
    const nlohmann::json &member(const char *key) const;
    const nlohmann::json *optionalMember(const char *key) const;
    std::string childPointer(const char *key) const;

    const nlohmann::json &m_value;
    std::string m_pointer;
};

/// Converts a byte offset in `text` to "line L, column C" (1-based) for parse errors.
std::string describeTextPosition(std::string_view text, std::size_t byteOffset);

} // namespace cw

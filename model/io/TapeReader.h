#pragma once

// Header-only because one translation unit of cw_model (DesignReader.cpp) uses it.

#include "model/common/JsonReader.h"
#include "model/io/JsonTape.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cw {

/// The words JsonReader::describe() uses for a value ("the string \"one\"", "-5", "an array"),
/// so messages read the same as with nlohmann's DOM. For error messages only.
inline std::string describeTapeValue(const JsonTape &tape, std::uint32_t index)
{
    const JsonTape::Node &n = tape.node(index);
    switch (n.type) {
    case JsonTape::Type::Object:
        return "an object";
    case JsonTape::Type::Array:
        return "an array";
    case JsonTape::Type::Null:
        return "null";
    case JsonTape::Type::True:
        return JsonReader::describe(nlohmann::json(true));
    case JsonTape::Type::False:
        return JsonReader::describe(nlohmann::json(false));
    case JsonTape::Type::Signed:
        return JsonReader::describe(nlohmann::json(n.v.i));
    case JsonTape::Type::Unsigned:
        return JsonReader::describe(nlohmann::json(n.v.u));
    case JsonTape::Type::Float:
        return JsonReader::describe(nlohmann::json(n.v.d));
    case JsonTape::Type::String:
        return JsonReader::describe(nlohmann::json(std::string(tape.string(index))));
    }
    return "null";
}

/// JsonReader's contract (model/common/JsonReader.h) over a JsonTape: every error names the
/// JSON pointer of the value and what was expected, with the same words. The difference is
/// cost: a reader is a tape and a node index, and the pointer text is built only when an
/// error or a warning needs it.
class TapeReader
{
public:
    using Index = std::uint32_t;

    TapeReader(const JsonTape &tape, Index node)
        : m_tape(&tape)
        , m_node(node)
    {
        if (m_tape->node(m_node).type != JsonTape::Type::Object) {
            const std::string where = pointerOrRoot();
            throw JsonInputError(where, where + ": expected an object, got " + describe(m_node));
        }
    }

    Index index() const { return m_node; }
    const JsonTape &tape() const { return *m_tape; }
    std::string pointer() const { return m_tape->pointerOf(m_node); }
    bool has(const char *key) const { return find(key) != JsonTape::npos; }

    // Each accessor finds its key once; the ones with a fallback return it when the key is
    // absent and check the value like the required ones when it is present.
    std::string string(const char *key) const { return std::string(stringView(key)); }
    std::string string(const char *key, const std::string &fallback) const
    {
        const Index value = find(key);
        return value == JsonTape::npos ? fallback : std::string(stringAt(key, value));
    }
    /// A string held to the name policy (model/core/NamePolicy.h); the error states the rule.
    std::string name(const char *key, NameKind kind) const
    {
        return checkedName(key, string(key), kind, false);
    }
    /// The same, optional: `fallback` when the key is absent (an empty value is allowed).
    std::string name(const char *key, NameKind kind, const std::string &fallback) const
    {
        return has(key) ? checkedName(key, string(key), kind, true) : fallback;
    }
    /// Valid while the tape and its text live.
    std::string_view stringView(const char *key) const { return stringAt(key, member(key)); }

    double number(const char *key) const { return numberAt(key, member(key)); }
    double number(const char *key, double fallback) const
    {
        const Index value = find(key);
        return value == JsonTape::npos ? fallback : numberAt(key, value);
    }
    /// A number that must be >= 0 (power, lengths, capacities).
    double nonNegative(const char *key) const { return nonNegativeAt(key, member(key)); }
    double nonNegative(const char *key, double fallback) const
    {
        const Index value = find(key);
        return value == JsonTape::npos ? fallback : nonNegativeAt(key, value);
    }
    double positive(const char *key) const { return positiveAt(key, member(key)); }
    double positive(const char *key, double fallback) const
    {
        const Index value = find(key);
        return value == JsonTape::npos ? fallback : positiveAt(key, value);
    }

    long long integer(const char *key) const { return integerAt(key, member(key)); }
    long long integer(const char *key, long long fallback) const
    {
        const Index value = find(key);
        return value == JsonTape::npos ? fallback : integerAt(key, value);
    }
    long long integerInRange(const char *key, long long min, long long max) const
    {
        return inRange(key, integerAt(key, member(key)), min, max);
    }
    long long integerInRange(const char *key, long long min, long long max,
                             long long fallback) const
    {
        const Index value = find(key);
        return value == JsonTape::npos ? fallback : inRange(key, integerAt(key, value), min, max);
    }
    std::optional<long long> optionalInteger(const char *key, long long min, long long max) const
    {
        const Index value = find(key);
        if (value == JsonTape::npos || type(value) == JsonTape::Type::Null)
            return std::nullopt;
        return integerInRange(key, min, max);
    }
    bool boolean(const char *key, bool fallback) const
    {
        const Index value = find(key);
        if (value == JsonTape::npos)
            return fallback;
        if (type(value) == JsonTape::Type::True)
            return true;
        if (type(value) == JsonTape::Type::False)
            return false;
        fail(key, "true or false");
    }
    std::vector<long long> integerArray(const char *key) const
    {
        std::vector<long long> result;
        const Index value = find(key);
        if (value == JsonTape::npos)
            return result;
        if (type(value) != JsonTape::Type::Array)
            fail(key, "an array of whole numbers");
        result.reserve(m_tape->node(value).size());
        m_tape->forEachElement(value, [&](Index element) {
            const JsonTape::Node &n = m_tape->node(element);
            if (n.type == JsonTape::Type::Signed)
                result.push_back(n.v.i);
            else if (n.type == JsonTape::Type::Unsigned)
                result.push_back(static_cast<long long>(n.v.u));
            else {
                const std::string where = m_tape->pointerOf(element);
                throw JsonInputError(where,
                                     where + ": expected a whole number, got " + describe(element));
            }
        });
        return result;
    }

    TapeReader object(const char *key) const
    {
        const Index value = member(key);
        if (type(value) != JsonTape::Type::Object)
            fail(key, "an object");
        return TapeReader(*m_tape, value);
    }
    /// Each element of an array member as a reader (empty when the key is absent). Every
    /// element is checked to be an object before any is read, like JsonReader::objects().
    std::vector<TapeReader> objects(const char *key) const { return objectsAt(key, find(key)); }

    /// Members sorted by key, one per key with the last value winning: the order and the
    /// content nlohmann's std::map-based object gave.
    std::vector<std::pair<std::string, Index>> sortedMembers() const
    {
        std::map<std::string, Index> members;
        m_tape->forEachMember(
            m_node, [&](Index k, Index v) { members[std::string(m_tape->string(k))] = v; });
        return { members.begin(), members.end() };
    }

    [[noreturn]] void fail(const char *key, const std::string &expectation) const
    {
        const std::string where = childPointer(key);
        const Index value = find(key);
        throw JsonInputError(
            where,
            where + ": expected " + expectation + ", got "
                + (value != JsonTape::npos ? describe(value) : std::string("nothing")));
    }
    [[noreturn]] void failHere(const std::string &message) const
    {
        const std::string where = pointerOrRoot();
        throw JsonInputError(where, where + ": " + message);
    }

    /// The values of the `known` keys, found in one walk over the members: npos where a key
    /// is absent, the last value where it repeats (as find() and nlohmann). Returns whether
    /// any other key is present (then unknownKeys() lists them). For the objects read by the
    /// hundred thousand (links and their ends): a find() per key walked the members per key.
    template<std::size_t N>
    bool collect(const std::array<std::string_view, N> &known, std::array<Index, N> &values) const
    {
        values.fill(JsonTape::npos);
        bool unknown = false;
        std::size_t position = 0;
        m_tape->forEachMember(m_node, [&](Index k, Index v) {
            const std::string_view name = m_tape->string(k);
            // Files this program wrote list the keys in the known order: try that first.
            if (position < N && JsonTape::sameKey(known[position], name)) {
                values[position++] = v;
                return;
            }
            for (std::size_t i = 0; i < N; ++i)
                if (JsonTape::sameKey(known[i], name)) {
                    values[i] = v;
                    return;
                }
            unknown = true;
        });
        return unknown;
    }

    // The accessors for a value found by collect(): `value` is npos when the key is absent.
    // Each checks and words its errors as the accessor of the same name that searches by key.
    Index required(const char *key, Index value) const
    {
        if (value == JsonTape::npos) {
            const std::string where = childPointer(key);
            throw JsonInputError(where, where + ": required key is missing");
        }
        return value;
    }
    long long integerAt(const char *key, Index value) const
    {
        const JsonTape::Node &n = m_tape->node(required(key, value));
        if (n.type == JsonTape::Type::Signed)
            return n.v.i;
        if (n.type == JsonTape::Type::Unsigned)
            return static_cast<long long>(n.v.u); // as nlohmann's get<long long>()
        if (n.type == JsonTape::Type::Float) {
            const double d = n.v.d;
            if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15)
                return static_cast<long long>(d);
        }
        fail(key, "a whole number");
    }
    std::string_view stringAt(const char *key, Index value) const
    {
        if (type(required(key, value)) != JsonTape::Type::String)
            fail(key, "a string");
        return m_tape->string(value);
    }
    double nonNegativeAt(const char *key, Index value) const
    {
        const double result = numberAt(key, required(key, value));
        if (result < 0)
            fail(key, "a number >= 0");
        return result;
    }
    TapeReader objectAt(const char *key, Index value) const
    {
        if (type(required(key, value)) != JsonTape::Type::Object)
            fail(key, "an object");
        return TapeReader(*m_tape, value);
    }
    std::string nameAt(const char *key, Index value, NameKind kind) const
    {
        return checkedName(key, std::string(stringAt(key, value)), kind, false);
    }
    long long integerInRangeAt(const char *key, Index value, long long min, long long max) const
    {
        return inRange(key, integerAt(key, value), min, max);
    }
    double positiveAt(const char *key, Index value) const
    {
        const double result = numberAt(key, required(key, value));
        if (result <= 0)
            fail(key, "a number > 0");
        return result;
    }
    std::vector<TapeReader> objectsAt(const char *key, Index value) const
    {
        std::vector<TapeReader> result;
        if (value == JsonTape::npos)
            return result;
        if (type(value) != JsonTape::Type::Array)
            fail(key, "an array");
        result.reserve(m_tape->node(value).size());
        m_tape->forEachElement(value,
                               [&](Index element) { result.emplace_back(*m_tape, element); });
        return result;
    }

    /// Pointers of the keys not in `known`, sorted and once per key (as JsonReader lists them).
    std::vector<std::string> unknownKeys(std::initializer_list<std::string_view> known) const
    {
        return unknownKeys(std::span<const std::string_view>(known.begin(), known.size()));
    }
    std::vector<std::string> unknownKeys(std::span<const std::string_view> known) const
    {
        std::vector<std::string> unknownNames;
        std::size_t position = 0;
        m_tape->forEachMember(m_node, [&](Index k, Index) {
            const std::string_view name = m_tape->string(k);
            // Files this program wrote list the keys in the known order: try that first.
            if (position < known.size() && JsonTape::sameKey(known.begin()[position++], name))
                return;
            for (std::string_view candidate : known)
                if (JsonTape::sameKey(candidate, name))
                    return;
            unknownNames.emplace_back(name);
        });
        if (unknownNames.empty())
            return {};
        std::sort(unknownNames.begin(), unknownNames.end());
        unknownNames.erase(std::unique(unknownNames.begin(), unknownNames.end()),
                           unknownNames.end());
        const std::string base = pointer();
        std::vector<std::string> result;
        result.reserve(unknownNames.size());
        for (const std::string &name : unknownNames)
            result.push_back(base + "/" + JsonTape::escapePointerKey(name));
        return result;
    }

    /// The words JsonReader::describe() uses for the value at `index`.
    std::string describe(Index index) const { return describeTapeValue(*m_tape, index); }

private:
    JsonTape::Type type(Index index) const { return m_tape->node(index).type; }

    std::string checkedName(const char *key, std::string text, NameKind kind, bool allowEmpty) const
    {
        if (const std::string problem = nameProblem(text, kind, allowEmpty); !problem.empty())
            fail(key, nameRule(kind) + " (" + problem + ")");
        return text;
    }

    double numberAt(const char *key, Index value) const
    {
        const JsonTape::Node &n = m_tape->node(value);
        double result = 0;
        switch (n.type) {
        case JsonTape::Type::Signed:
            result = static_cast<double>(n.v.i);
            break;
        case JsonTape::Type::Unsigned:
            result = static_cast<double>(n.v.u);
            break;
        case JsonTape::Type::Float:
            result = n.v.d;
            break; // finite: the parser rejects overflow
        default:
            fail(key, "a number");
        }
        if (std::fabs(result) > kMaxJsonMagnitude)
            fail(key, "a finite number of magnitude at most 1e15");
        return result;
    }
    long long inRange(const char *key, long long result, long long min, long long max) const
    {
        if (result < min || result > max)
            fail(key, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
        return result;
    }
    Index find(const char *key) const { return m_tape->find(m_node, key); }
    Index member(const char *key) const { return required(key, find(key)); }
    std::string childPointer(const char *key) const
    {
        return pointer() + "/" + JsonTape::escapePointerKey(key);
    }
    std::string pointerOrRoot() const
    {
        std::string where = pointer();
        return where.empty() ? "/" : where;
    }

    const JsonTape *m_tape;
    Index m_node;
};

} // namespace cw

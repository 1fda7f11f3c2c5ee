#include "model/common/JsonReader.h"

#include "model/common/VisibleText.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace cw {

JsonReader::JsonReader(const nlohmann::json &value, std::string pointer)
    : m_value(value)
    , m_pointer(std::move(pointer))
{
    if (!m_value.is_object())
        throw JsonInputError(m_pointer.empty() ? "/" : m_pointer,
                             (m_pointer.empty() ? std::string("/") : m_pointer)
                                 + ": expected an object, got " + describe(m_value));
}

std::string JsonReader::escapeKey(const std::string &key)
{
    std::string escaped;
    for (char c : key) {
        if (c == '~')
            escaped += "~0";
        else if (c == '/')
            escaped += "~1";
        else
            escaped += c;
    }
    return escaped;
}

std::string JsonReader::childPointer(const char *key) const
{
    return m_pointer + "/" + escapeKey(key);
}

std::string JsonReader::describe(const nlohmann::json &value)
{
    // Never dump a container: a 130 KB file of nested brackets overflowed the stack here
    // (dump() recurses) while the reader was only describing what it found.
    switch (value.type()) {
    case nlohmann::json::value_t::null:
        return "null";
    case nlohmann::json::value_t::object:
        return "an object";
    case nlohmann::json::value_t::array:
        return "an array";
    case nlohmann::json::value_t::string: {
        // Quoted, cut to 40 characters, and never a raw control or direction character.
        const std::string &text = value.get_ref<const std::string &>();
        const std::string quoted = "\"" + visibleText(text) + "\"";
        if (quoted.size() <= 40)
            return "the string " + quoted;
        std::string excerpt = visibleExcerpt(text, 36);
        if (!excerpt.ends_with("..."))
            excerpt += "...";
        return "the string \"" + excerpt;
    }
    case nlohmann::json::value_t::boolean:
        return std::string("the boolean ") + (value.get<bool>() ? "true" : "false");
    default:
        break;
    }
    std::string text = value.dump();
    if (text.size() > 40)
        text = text.substr(0, 37) + "...";
    return text;
}

std::string JsonReader::name(const char *key, NameKind kind) const
{
    std::string text = string(key);
    if (const std::string problem = nameProblem(text, kind); !problem.empty())
        fail(key, nameRule(kind) + " (" + problem + ")");
    return text;
}

std::string JsonReader::name(const char *key, NameKind kind, const std::string &fallback) const
{
    if (!has(key))
        return fallback;
    std::string text = string(key);
    if (const std::string problem = nameProblem(text, kind, true); !problem.empty())
        fail(key, nameRule(kind) + " (" + problem + ")");
    return text;
}

void JsonReader::fail(const char *key, const std::string &expectation) const
{
    const std::string where = childPointer(key);
    const nlohmann::json *value = optionalMember(key);
    throw JsonInputError(where,
                         where + ": expected " + expectation + ", got "
                             + (value ? describe(*value) : std::string("nothing")));
}

void JsonReader::failHere(const std::string &message) const
{
    const std::string where = m_pointer.empty() ? "/" : m_pointer;
    throw JsonInputError(where, where + ": " + message);
}

bool JsonReader::has(const char *key) const
{
    return m_value.contains(key);
}

const nlohmann::json *JsonReader::optionalMember(const char *key) const
{
    auto it = m_value.find(key);
    return it == m_value.end() ? nullptr : &*it;
}

const nlohmann::json &JsonReader::member(const char *key) const
{
    const nlohmann::json *value = optionalMember(key);
    if (!value) {
        const std::string where = childPointer(key);
        throw JsonInputError(where, where + ": required key is missing");
    }
    return *value;
}

std::string JsonReader::string(const char *key) const
{
    const nlohmann::json &value = member(key);
    if (!value.is_string())
        fail(key, "a string");
    return value.get<std::string>();
}

std::string JsonReader::string(const char *key, const std::string &fallback) const
{
    return has(key) ? string(key) : fallback;
}

double JsonReader::number(const char *key) const
{
    const nlohmann::json &value = member(key);
    if (!value.is_number())
        fail(key, "a number");
    const double result = value.get<double>();
    if (!std::isfinite(result) || std::fabs(result) > kMaxJsonMagnitude)
        fail(key, "a finite number of magnitude at most 1e15");
    return result;
}

double JsonReader::number(const char *key, double fallback) const
{
    return has(key) ? number(key) : fallback;
}

double JsonReader::nonNegative(const char *key) const
{
    const double result = number(key);
    if (result < 0)
        fail(key, "a number >= 0");
    return result;
}

double JsonReader::nonNegative(const char *key, double fallback) const
{
    return has(key) ? nonNegative(key) : fallback;
}

double JsonReader::positive(const char *key) const
{
    const double result = number(key);
    if (result <= 0)
        fail(key, "a number > 0");
    return result;
}

double JsonReader::positive(const char *key, double fallback) const
{
    return has(key) ? positive(key) : fallback;
}

long long JsonReader::integer(const char *key) const
{
    const nlohmann::json &value = member(key);
    if (value.is_number_integer())
        return value.get<long long>();
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9e15)
            return static_cast<long long>(d);
    }
    fail(key, "a whole number");
}

long long JsonReader::integer(const char *key, long long fallback) const
{
    return has(key) ? integer(key) : fallback;
}

long long JsonReader::integerInRange(const char *key, long long min, long long max) const
{
    const long long result = integer(key);
    if (result < min || result > max)
        fail(key, "a whole number from " + std::to_string(min) + " to " + std::to_string(max));
    return result;
}

long long JsonReader::integerInRange(const char *key, long long min, long long max,
                                     long long fallback) const
{
    return has(key) ? integerInRange(key, min, max) : fallback;
}

std::optional<long long> JsonReader::optionalInteger(const char *key, long long min,
                                                     long long max) const
{
    if (!has(key) || member(key).is_null())
        return std::nullopt;
    return integerInRange(key, min, max);
}

bool JsonReader::boolean(const char *key, bool fallback) const
{
    const nlohmann::json *value = optionalMember(key);
    if (!value)
        return fallback;
    if (!value->is_boolean())
        fail(key, "true or false");
    return value->get<bool>();
}

std::vector<std::string> JsonReader::stringArray(const char *key) const
{
    std::vector<std::string> result;
    const nlohmann::json *value = optionalMember(key);
    if (!value)
        return result;
    if (!value->is_array())
        fail(key, "an array of strings");
    for (std::size_t i = 0; i < value->size(); ++i) {
        if (!(*value)[i].is_string()) {
            const std::string where = childPointer(key) + "/" + std::to_string(i);
            throw JsonInputError(where,
                                 where + ": expected a string, got " + describe((*value)[i]));
        }
        result.push_back((*value)[i].get<std::string>());
    }
    return result;
}

std::vector<long long> JsonReader::integerArray(const char *key) const
{
    std::vector<long long> result;
    const nlohmann::json *value = optionalMember(key);
    if (!value)
        return result;
    if (!value->is_array())
        fail(key, "an array of whole numbers");
    for (std::size_t i = 0; i < value->size(); ++i) {
        if (!(*value)[i].is_number_integer()) {
            const std::string where = childPointer(key) + "/" + std::to_string(i);
            throw JsonInputError(where,
                                 where + ": expected a whole number, got " + describe((*value)[i]));
        }
        result.push_back((*value)[i].get<long long>());
    }
    return result;
}

JsonReader JsonReader::object(const char *key) const
{
    const nlohmann::json &value = member(key);
    if (!value.is_object())
        fail(key, "an object");
    return JsonReader(value, childPointer(key));
}

std::vector<JsonReader> JsonReader::objects(const char *key) const
{
    std::vector<JsonReader> result;
    const nlohmann::json *value = optionalMember(key);
    if (!value)
        return result;
    if (!value->is_array())
        fail(key, "an array");
    result.reserve(value->size());
    for (std::size_t i = 0; i < value->size(); ++i)
        result.emplace_back((*value)[i], childPointer(key) + "/" + std::to_string(i));
    return result;
}

std::vector<JsonReader> JsonReader::requiredObjects(const char *key) const
{
    member(key);
    return objects(key);
}

std::vector<std::string> JsonReader::unknownKeys(std::initializer_list<const char *> known) const
{
    std::vector<std::string> unknown;
    for (auto it = m_value.begin(); it != m_value.end(); ++it) {
        bool found = false;
        for (const char *k : known)
            if (it.key() == k) {
                found = true;
                break;
            }
        if (!found)
            unknown.push_back(m_pointer + "/" + escapeKey(it.key()));
    }
    return unknown;
}

std::string describeTextPosition(std::string_view text, std::size_t byteOffset)
{
    std::size_t line = 1;
    std::size_t column = 1;
    for (std::size_t i = 0; i < byteOffset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

} // namespace cw

#pragma once

// Header-only because one translation unit of cw_model (DesignWriter.cpp) uses it.

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

/// Writes JSON straight into a string, byte for byte what nlohmann's `dump(2)` of the same
/// values in the same order gives (2-space indent, "key": value, "{}" and "[]" when empty,
/// doubles in nlohmann's shortest round-trip form with ".0" on whole numbers, non-finite
/// numbers as null). The design file was written by building an ordered_json tree and
/// dumping it (5.7 s for a 138 MB design); streaming avoids the tree and its allocations.
/// Calls must be well nested: a key before every value inside an object.
class JsonWriter
{
public:
    explicit JsonWriter(std::string &out)
        : m_out(out)
    { }

    void beginObject() { open('{'); }
    void endObject() { close('}'); }
    void beginArray() { open('['); }
    void endArray() { close(']'); }

    void key(std::string_view name)
    {
        separate();
        writeString(name);
        m_out += ": ";
        m_afterKey = true;
    }

    void value(std::string_view text)
    {
        separate();
        writeString(text);
    }
    void value(const std::string &text) { value(std::string_view(text)); }
    void value(const char *text) { value(std::string_view(text)); }
    void value(bool flag)
    {
        separate();
        m_out += flag ? "true" : "false";
    }
    template<std::integral T>
    void value(T number)
    {
        separate();
        char buffer[24];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
        m_out.append(buffer, result.ptr);
    }
    template<std::floating_point T>
    void value(T number)
    {
        separate();
        const double d = static_cast<double>(number);
        if (!std::isfinite(d)) {
            m_out += "null";
            return;
        }
        // nlohmann's own formatter (serializer::dump_float uses exactly this call), so the
        // digits cannot drift from what files written by the DOM contain.
        char buffer[64];
        char *end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, d);
        m_out.append(buffer, end);
    }
    template<typename T>
    void value(const std::vector<T> &items)
    {
        beginArray();
        for (const T &item : items)
            value(item);
        endArray();
    }

    template<typename T>
    void member(std::string_view name, const T &v)
    {
        key(name);
        value(v);
    }

private:
    struct Level
    {
        bool empty = true;
    };

    /// Before a key, or a value that is not a member's: the comma, newline and indent.
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (m_levels.empty())
            return;
        m_out += m_levels.back().empty ? "\n" : ",\n";
        m_levels.back().empty = false;
        m_out.append(2 * m_levels.size(), ' ');
    }

    void open(char bracket)
    {
        separate();
        m_out += bracket;
        m_levels.push_back({});
    }

    void close(char bracket)
    {
        const bool empty = m_levels.back().empty;
        m_levels.pop_back();
        if (!empty) {
            m_out += '\n';
            m_out.append(2 * m_levels.size(), ' ');
        }
        m_out += bracket;
    }

    void writeString(std::string_view text)
    {
        // nlohmann's escaping: the short escapes, \u00xx (lower-case hex) for other control
        // characters, everything else as is. Text with non-ASCII bytes goes through nlohmann
        // itself, which also rejects invalid UTF-8 exactly as before.
        static constexpr char hex[] = "0123456789abcdef";
        for (char c : text)
            if (static_cast<unsigned char>(c) >= 0x80) {
                m_out += nlohmann::json(std::string(text)).dump();
                return;
            }
        m_out += '"';
        for (char c : text) {
            switch (c) {
            case '"':
                m_out += "\\\"";
                break;
            case '\\':
                m_out += "\\\\";
                break;
            case '\b':
                m_out += "\\b";
                break;
            case '\f':
                m_out += "\\f";
                break;
            case '\n':
                m_out += "\\n";
                break;
            case '\r':
                m_out += "\\r";
                break;
            case '\t':
                m_out += "\\t";
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    m_out += "\\u00";
                    m_out += hex[(c >> 4) & 0xF];
                    m_out += hex[c & 0xF];
                } else {
                    m_out += c;
                }
            }
        }
        m_out += '"';
    }

    std::string &m_out;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
};

} // namespace cw

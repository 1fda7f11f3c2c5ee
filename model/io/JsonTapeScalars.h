#pragma once

// The scalar parsers of JsonTape (whitespace, strings with their escapes and UTF-8 check,
// numbers). Included by model/io/JsonTape.h after the class; include that header, not this one.

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

namespace cw {

namespace jsontape_detail {

inline bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

inline bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/// Length of the well-formed UTF-8 sequence at p (RFC 3629 table 3-7, as nlohmann checks
/// it: no overlongs, no surrogates, nothing above U+10FFFF), or 0.
inline int utf8Length(const char *p, const char *end)
{
    auto at = [p](int i) {
        return static_cast<unsigned char>(p[i]);
    };
    auto inRange = [&](int i, unsigned lo, unsigned hi) {
        return p + i < end && at(i) >= lo && at(i) <= hi;
    };
    const unsigned lead = at(0);
    if (lead >= 0xC2 && lead <= 0xDF)
        return inRange(1, 0x80, 0xBF) ? 2 : 0;
    if (lead == 0xE0)
        return inRange(1, 0xA0, 0xBF) && inRange(2, 0x80, 0xBF) ? 3 : 0;
    if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF)
        return inRange(1, 0x80, 0xBF) && inRange(2, 0x80, 0xBF) ? 3 : 0;
    if (lead == 0xED)
        return inRange(1, 0x80, 0x9F) && inRange(2, 0x80, 0xBF) ? 3 : 0;
    if (lead == 0xF0)
        return inRange(1, 0x90, 0xBF) && inRange(2, 0x80, 0xBF) && inRange(3, 0x80, 0xBF) ? 4 : 0;
    if (lead >= 0xF1 && lead <= 0xF3)
        return inRange(1, 0x80, 0xBF) && inRange(2, 0x80, 0xBF) && inRange(3, 0x80, 0xBF) ? 4 : 0;
    if (lead == 0xF4)
        return inRange(1, 0x80, 0x8F) && inRange(2, 0x80, 0xBF) && inRange(3, 0x80, 0xBF) ? 4 : 0;
    return 0;
}

/// The first byte at or after p that is not JSON whitespace. A pretty-printed design is 40 %
/// spaces (the 16k-node file: 55 of 138 MB), in indentation runs of 4-12 after each newline:
/// a run is skipped eight bytes at a time, its end found from the first byte that differs
/// from a space, instead of four comparisons per byte.
inline const char *skipWhitespace(const char *p, const char *end)
{
    constexpr std::uint64_t kSpaces = 0x2020202020202020ull;
    while (p < end) {
        const char c = *p;
        if (c == ' ') {
            if constexpr (std::endian::native == std::endian::little) {
                if (end - p >= 8) {
                    std::uint64_t word;
                    std::memcpy(&word, p, sizeof word);
                    // Zero bytes of `diff` are spaces; the lowest byte is p[0], a space.
                    const std::uint64_t diff = word ^ kSpaces;
                    p += diff == 0 ? 8 : std::countr_zero(diff) / 8;
                    continue;
                }
            }
            ++p;
        } else if (c == '\n' || c == '\r' || c == '\t') {
            ++p;
        } else {
            break;
        }
    }
    return p;
}

inline int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// Reads the 4 hex digits after "\u"; -1 when they are not there.
inline long hex4(const char *p, const char *end)
{
    if (end - p < 4)
        return -1;
    long value = 0;
    for (int i = 0; i < 4; ++i) {
        const int digit = hexDigit(p[i]);
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    return value;
}

inline void appendUtf8(std::string &out, unsigned long cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

} // namespace jsontape_detail

inline bool JsonTape::parseString(const char *&p, const char *end, Node &node)
{
    using namespace jsontape_detail;
    ++p; // the opening quote
    const char *start = p;
    // Fast path: printable ASCII and valid UTF-8 up to the closing quote, no escapes.
    while (p < end) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"') {
            node.type = Type::String;
            node.v.span.offset = offsetOf(start);
            node.v.span.size = static_cast<std::uint32_t>(p - start);
            ++p;
            return true;
        }
        if (c == '\\')
            break;
        if (c < 0x20)
            return false;
        if (c < 0x80) {
            ++p;
            continue;
        }
        const int length = utf8Length(p, end);
        if (length == 0)
            return false;
        p += length;
    }
    if (p >= end)
        return false;
    // Slow path: the string has escapes; decode it into the unescaped store.
    const std::size_t outStart = m_unescaped.size();
    m_unescaped.append(start, p);
    while (p < end) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"') {
            node.type = Type::String;
            node.escaped = true;
            node.v.span.offset = static_cast<std::uint32_t>(outStart);
            node.v.span.size = static_cast<std::uint32_t>(m_unescaped.size() - outStart);
            ++p;
            return true;
        }
        if (c < 0x20)
            return false;
        if (c >= 0x80) {
            const int length = utf8Length(p, end);
            if (length == 0)
                return false;
            m_unescaped.append(p, static_cast<std::size_t>(length));
            p += length;
            continue;
        }
        if (c != '\\') {
            m_unescaped += static_cast<char>(c);
            ++p;
            continue;
        }
        if (++p >= end)
            return false;
        switch (*p) {
        case '"':
            m_unescaped += '"';
            break;
        case '\\':
            m_unescaped += '\\';
            break;
        case '/':
            m_unescaped += '/';
            break;
        case 'b':
            m_unescaped += '\b';
            break;
        case 'f':
            m_unescaped += '\f';
            break;
        case 'n':
            m_unescaped += '\n';
            break;
        case 'r':
            m_unescaped += '\r';
            break;
        case 't':
            m_unescaped += '\t';
            break;
        case 'u': {
            long cp = hex4(p + 1, end);
            if (cp < 0)
                return false;
            p += 4;
            if (cp >= 0xDC00 && cp <= 0xDFFF)
                return false; // a low surrogate must follow a high one
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                if (end - p < 3 || p[1] != '\\' || p[2] != 'u')
                    return false;
                const long low = hex4(p + 3, end);
                if (low < 0xDC00 || low > 0xDFFF)
                    return false;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                p += 6;
            }
            appendUtf8(m_unescaped, static_cast<unsigned long>(cp));
            break;
        }
        default:
            return false;
        }
        ++p;
    }
    return false;
}

inline bool JsonTape::parseNumber(const char *&p, const char *end, Node &node)
{
    using namespace jsontape_detail;
    const char *start = p;
    const bool negative = *p == '-';
    if (negative)
        ++p;
    if (p >= end || !isDigit(*p))
        return false;
    if (*p == '0')
        ++p;
    else
        while (p < end && isDigit(*p))
            ++p;
    bool isFloat = false;
    if (p < end && *p == '.') {
        isFloat = true;
        if (++p >= end || !isDigit(*p))
            return false;
        while (p < end && isDigit(*p))
            ++p;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        isFloat = true;
        ++p;
        if (p < end && (*p == '+' || *p == '-'))
            ++p;
        if (p >= end || !isDigit(*p))
            return false;
        while (p < end && isDigit(*p))
            ++p;
    }
    if (!isFloat) {
        // Like nlohmann: unsigned when non-negative, signed when negative, a double when the
        // integer does not fit 64 bits.
        if (negative) {
            auto [ptr, ec] = std::from_chars(start, p, node.v.i);
            if (ec == std::errc() && ptr == p) {
                node.type = Type::Signed;
                return true;
            }
        } else {
            auto [ptr, ec] = std::from_chars(start, p, node.v.u);
            if (ec == std::errc() && ptr == p) {
                node.type = Type::Unsigned;
                return true;
            }
        }
    }
    node.type = Type::Float;
    auto [ptr, ec] = std::from_chars(start, p, node.v.d);
    if (ec == std::errc() && ptr == p && std::isfinite(node.v.d))
        return true;
    // Out of range for from_chars: strtod decides, as in nlohmann (underflow gives 0 or a
    // subnormal and is accepted; overflow to infinity is an error).
    const std::string token(start, p);
    node.v.d = std::strtod(token.c_str(), nullptr);
    return std::isfinite(node.v.d);
}

} // namespace cw

#include "model/common/VisibleText.h"

#include <cstdio>

namespace cw {

bool isInvisibleCodePoint(char32_t c)
{
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))
        return true;
    // ALM, LRM/RLM, line/paragraph separators, LRE..RLO embeddings/overrides, LRI..PDI
    // isolates, BOM, noncharacters.
    return c == 0x061c || c == 0x200e || c == 0x200f || c == 0x2028 || c == 0x2029
        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c == 0xfeff
        || c == 0xfffe || c == 0xffff;
}

std::size_t decodeUtf8(std::string_view text, std::size_t at, char32_t &codePoint)
{
    const auto byte = [&](std::size_t i) {
        return static_cast<unsigned char>(text[i]);
    };
    const unsigned char lead = byte(at);
    std::size_t length = 0;
    char32_t value = 0;
    char32_t minimum = 0;
    if (lead < 0x80) {
        codePoint = lead;
        return 1;
    } else if ((lead & 0xe0) == 0xc0) {
        length = 2, value = lead & 0x1f, minimum = 0x80;
    } else if ((lead & 0xf0) == 0xe0) {
        length = 3, value = lead & 0x0f, minimum = 0x800;
    } else if ((lead & 0xf8) == 0xf0) {
        length = 4, value = lead & 0x07, minimum = 0x10000;
    } else {
        return 0;
    }
    if (at + length > text.size())
        return 0;
    for (std::size_t i = 1; i < length; ++i) {
        if ((byte(at + i) & 0xc0) != 0x80)
            return 0;
        value = (value << 6) | (byte(at + i) & 0x3f);
    }
    if (value < minimum || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
        return 0;
    codePoint = value;
    return length;
}

bool isValidUtf8(std::string_view text)
{
    for (std::size_t at = 0; at < text.size();) {
        char32_t codePoint = 0;
        const std::size_t length = decodeUtf8(text, at, codePoint);
        if (length == 0)
            return false;
        at += length;
    }
    return true;
}

namespace {

std::string hexByte(unsigned value)
{
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "\\x%02X", value & 0xffu);
    return buffer;
}

std::string hexCodePoint(char32_t value)
{
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "\\u{%04X}", static_cast<unsigned>(value));
    return buffer;
}

// One visible piece for the sequence at `at`; advances `at`.
std::string visiblePiece(std::string_view text, std::size_t &at)
{
    char32_t codePoint = 0;
    const std::size_t length = decodeUtf8(text, at, codePoint);
    if (length == 0)
        return hexByte(static_cast<unsigned char>(text[at++]));
    const std::string_view raw = text.substr(at, length);
    at += length;
    if (!isInvisibleCodePoint(codePoint))
        return std::string(raw);
    return codePoint < 0x80 ? hexByte(codePoint) : hexCodePoint(codePoint);
}

} // namespace

std::string visibleText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();)
        out += visiblePiece(text, at);
    return out;
}

std::string visibleExcerpt(std::string_view text, std::size_t maxBytes)
{
    std::string out;
    for (std::size_t at = 0; at < text.size();) {
        const std::string piece = visiblePiece(text, at);
        if (out.size() + piece.size() > maxBytes)
            return out + "...";
        out += piece;
    }
    return out;
}

} // namespace cw

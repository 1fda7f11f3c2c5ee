#include "exporters/common/Escape.h"

#include "model/common/VisibleText.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace cw::exporters::esc {

std::string commentText(std::string_view text)
{
    return visibleText(text);
}

std::string displayText(std::string_view text)
{
    return visibleText(text);
}

std::string shellWord(std::string_view text)
{
    std::string out = "'";
    for (char c : visibleText(text)) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    out += '\'';
    return out;
}

std::string shellDoubleQuoted(std::string_view text)
{
    std::string out = "\"";
    for (char c : visibleText(text)) {
        if (c == '$' || c == '`' || c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    out += '"';
    return out;
}

std::string eosLineText(std::string_view text)
{
    std::string out;
    for (char c : visibleText(text)) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\x%02X", byte);
            out += buffer;
        }
    }
    return out;
}

std::string jsonText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        char32_t codePoint = 0;
        const std::size_t length = decodeUtf8(text, at, codePoint);
        if (length == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
            ++at;
        } else {
            out += text.substr(at, length);
            at += length;
        }
    }
    return out;
}

bool isSlurmWord(std::string_view text)
{
    if (text.empty())
        return false;
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte >= 0x7f || c == '"' || c == '#' || c == '\\' || c == '='
            || c == '\'')
            return false;
    }
    return true;
}

Result<std::string> slurmWord(std::string_view what, std::string_view text)
{
    if (isSlurmWord(text))
        return std::string(text);
    return Error { std::string(what) + " \"" + visibleExcerpt(text)
                   + "\" cannot be written to a Slurm file: expected printable ASCII without "
                     "spaces, quotes, '#', '=' or '\\'" };
}

std::string xmlComment(std::string_view text)
{
    std::string out;
    // Inside a comment only "--" is special (XML 1.0 section 2.5): '<' and '&' stay as written.
    for (char c : visibleText(text)) {
        if (c == '-' && !out.empty() && out.back() == '-')
            out += ' ';
        out += c;
    }
    if (!out.empty() && out.back() == '-')
        out += ' ';
    return out;
}

bool looksLikeFormula(std::string_view cell)
{
    if (cell.empty())
        return false;
    const char first = cell.front();
    const bool triggers = first == '=' || first == '+' || first == '-' || first == '@'
        || first == '\t' || first == '\r'
        || cell.starts_with("\xEF\xBC\x9D") // U+FF1D FULLWIDTH EQUALS SIGN
        || cell.starts_with("\xEF\xBC\x8B") // U+FF0B FULLWIDTH PLUS SIGN
        || cell.starts_with("\xEF\xBC\x8D") // U+FF0D FULLWIDTH HYPHEN-MINUS
        || cell.starts_with("\xEF\xBC\xA0"); // U+FF20 FULLWIDTH COMMERCIAL AT
    if (!triggers)
        return false;
    // A plain number ("-3", "+2.5", "-1e3") is data, not a formula.
    double value = 0;
    const char *begin = cell.data() + (first == '+' ? 1 : 0);
    const char *end = cell.data() + cell.size();
    const auto [stop, error] = std::from_chars(begin, end, value);
    return !(error == std::errc() && stop == end && begin != end);
}

std::string csvField(std::string_view text)
{
    // Printable ASCII is its own visible form: most cells (names, numbers, part ids) take
    // this path, not a decode and a visibleText per character (10 million cells at 16k).
    const bool printableAscii
        = std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
    std::string cell;
    if (printableAscii)
        cell.assign(text);
    for (std::size_t at = printableAscii ? text.size() : 0; at < text.size();) {
        // CR and LF are legal inside a quoted field; every other invisible character is not
        // something a spreadsheet cell should carry.
        if (text[at] == '\r' || text[at] == '\n') {
            cell += text[at++];
            continue;
        }
        std::size_t next = at + 1;
        char32_t codePoint = 0;
        if (const std::size_t length = decodeUtf8(text, at, codePoint))
            next = at + length;
        cell += visibleText(text.substr(at, next - at));
        at = next;
    }
    const bool formula = looksLikeFormula(text);
    if (formula)
        cell.insert(cell.begin(), '\'');
    if (!formula && cell.find_first_of(",\"\r\n") == std::string::npos)
        return cell;
    std::string out = "\"";
    for (char c : cell) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
    return out;
}

namespace {

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

} // namespace

std::string markdownText(std::string_view text)
{
    // Inline markup (emphasis, code, links, images, tables, strikethrough, HTML) can only start
    // at these characters; escaping them everywhere keeps "gpu-01" and "(HDR 200G)" readable.
    static constexpr std::string_view kInline = "\\`*_[]|~";
    // Block markup (headings, lists, quotes, thematic breaks) only at the start of a line.
    static constexpr std::string_view kLineStart = "#+-=!";
    std::string out;
    const std::string visible = visibleText(text);
    for (std::size_t i = 0; i < visible.size(); ++i) {
        const char c = visible[i];
        if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (c == '_' && i > 0 && i + 1 < visible.size() && isAlnum(visible[i - 1])
                 && isAlnum(visible[i + 1]))
            out += c; // intraword '_' opens no emphasis (CommonMark 6.2): mlx5_0 stays
        else if (kInline.find(c) != std::string_view::npos
                 || (i == 0 && kLineStart.find(c) != std::string_view::npos))
            out += std::string("\\") + c;
        else
            out += c;
    }
    // An ordered-list marker ("12. " or "3) ") at the start: escape its delimiter.
    std::size_t digits = 0;
    while (digits < out.size() && out[digits] >= '0' && out[digits] <= '9')
        ++digits;
    if (digits > 0 && digits < out.size() && (out[digits] == '.' || out[digits] == ')'))
        out.insert(digits, "\\");
    return out;
}

} // namespace cw::exporters::esc

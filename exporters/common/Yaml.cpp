#include "exporters/common/Yaml.h"

#include "exporters/common/Escape.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace cw::yaml {
namespace {

bool isAlnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

std::string trimmed(std::string text, std::size_t limit)
{
    if (text.size() > limit)
        text.resize(limit);
    std::size_t begin = 0;
    while (begin < text.size() && !isAlnum(text[begin]))
        ++begin;
    std::size_t end = text.size();
    while (end > begin && !isAlnum(text[end - 1]))
        --end;
    text = text.substr(begin, end - begin);
    return text.empty() ? "unnamed" : text;
}

} // namespace

std::string quoted(std::string_view text)
{
    const std::string valid = exporters::esc::jsonText(text); // malformed UTF-8 -> U+FFFD
    std::string out = "\"";
    for (std::size_t i = 0; i < valid.size(); ++i) {
        const auto c = static_cast<unsigned char>(valid[i]);
        if (c == '\\' || c == '"') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7f) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\x%02x", c);
            out += buffer;
        } else if (c == 0xc2 && i + 1 < valid.size()
                   && static_cast<unsigned char>(valid[i + 1]) >= 0x80
                   && static_cast<unsigned char>(valid[i + 1]) <= 0x9f) {
            // C1 controls (U+0080..U+009F): YAML printable excludes them except U+0085.
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\x%02x",
                          static_cast<unsigned char>(valid[i + 1]));
            out += buffer;
            ++i;
        } else if (c == 0xe2 && i + 2 < valid.size() && valid[i + 1] == '\x80'
                   && (valid[i + 2] == '\xa8' || valid[i + 2] == '\xa9')) {
            out += valid[i + 2] == '\xa8' ? "\\L" : "\\P"; // line / paragraph separator
            i += 2;
        } else if (c == 0xef && i + 2 < valid.size() && valid[i + 1] == '\xbb'
                   && valid[i + 2] == '\xbf') {
            out += "\\uFEFF"; // a byte order mark inside a document is not allowed raw
            i += 2;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out + "\"";
}

std::string labelValue(std::string_view text)
{
    std::string out;
    for (char c : text)
        out += isAlnum(c) || c == '.' || c == '_' || c == '-' ? c : '-';
    return trimmed(out, 63);
}

std::string dnsLabel(std::string_view text)
{
    std::string out;
    for (char c : text) {
        const char lower = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        out += isAlnum(lower) ? lower : '-';
    }
    return trimmed(out, 63);
}

bool isDnsSubdomain(std::string_view text)
{
    if (text.empty() || text.size() > 253)
        return false;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t dot = std::min(text.find('.', start), text.size());
        const std::string_view part = text.substr(start, dot - start);
        if (part.empty() || part.size() > 63 || part.front() == '-' || part.back() == '-')
            return false;
        for (char c : part)
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
                return false;
        start = dot + 1;
    }
    return true;
}

std::string commentBlock(std::string_view text)
{
    std::istringstream words { exporters::esc::commentText(text) };
    std::string out, line, word;
    while (words >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > 76) {
            out += "# " + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty())
        out += "# " + line + "\n";
    return out;
}

} // namespace cw::yaml

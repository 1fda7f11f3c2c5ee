#include "exporters/nccl/NcclText.h"

#include <cmath>
#include <cstdio>

namespace cw::nccl {

std::string fixed(double value, int decimals)
{
    if (!std::isfinite(value))
        return "n/a";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    std::string result(text);
    return result == "-0.0" || result == "-0" ? result.substr(1) : result;
}

std::string join(const std::vector<std::string> &items, const std::string &separator)
{
    std::string text;
    for (std::size_t i = 0; i < items.size(); ++i)
        text += (i ? separator : "") + items[i];
    return text;
}

std::string hashComment(const std::string &text)
{
    std::string out;
    std::string line;
    auto flush = [&] {
        if (line.rfind('#', 0) == 0)
            out += line + '\n';
        else
            out += (line.empty() ? "#" : "# " + line) + '\n';
        line.clear();
    };
    for (char c : text) {
        if (c == '\n')
            flush();
        else
            line += c == '\r' ? ' ' : c;
    }
    if (!line.empty())
        flush();
    return out;
}

std::string xmlComment(std::string text)
{
    for (char &c : text) {
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
        else if (c == '<')
            c = '(';
        else if (c == '>')
            c = ')';
    }
    for (std::size_t at = text.find("--"); at != std::string::npos; at = text.find("--", at))
        text.replace(at, 2, "- -");
    if (!text.empty() && text.back() == '-')
        text += ' ';
    return "<!-- " + text + " -->\n";
}

} // namespace cw::nccl

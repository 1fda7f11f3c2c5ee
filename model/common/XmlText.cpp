#include "model/common/XmlText.h"

#include "model/common/VisibleText.h"

namespace cw {

void appendXmlText(std::string &out, std::string_view text)
{
    // visibleText leaves only characters XML 1.0 allows (no controls, no U+FFFE/FFFF).
    for (char c : visibleText(text)) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            out += c;
        }
    }
}

std::string xmlText(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    appendXmlText(out, text);
    return out;
}

} // namespace cw

#include "exporters/cabling/Csv.h"

#include "exporters/common/Escape.h"

#include <charconv>
#include <cmath>

namespace cw::exporters::csv {
namespace {

std::string fixed(double value, int decimals)
{
    // Negative zero would print as "-0.00"; a non-finite figure is a bug upstream, never a
    // price, so it prints as 0 rather than "inf" in a file a buyer reads.
    if (value == 0 || !std::isfinite(value))
        value = 0.0;
    char buffer[64];
    const auto [end, error]
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    if (error != std::errc())
        return "0";
    return std::string(buffer, end);
}

} // namespace

std::string field(std::string_view text)
{
    return esc::csvField(text);
}

std::string line(const std::vector<std::string> &fields)
{
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            out += ',';
        out += field(fields[i]);
    }
    out += kLineEnd;
    return out;
}

std::string commentLine(std::string_view text)
{
    return "# " + esc::commentText(text) + std::string(kLineEnd);
}

std::string number(double value, int decimals)
{
    std::string text = fixed(value, decimals);
    if (text.find('.') != std::string::npos) {
        while (!text.empty() && text.back() == '0')
            text.pop_back();
        if (!text.empty() && text.back() == '.')
            text.pop_back();
    }
    return text == "-0" ? "0" : text; // a tiny negative rounds to zero
}

std::string usd(double value)
{
    const std::string text = fixed(value, 2);
    return text == "-0.00" ? "0.00" : text;
}

} // namespace cw::exporters::csv

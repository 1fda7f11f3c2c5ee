#include "exporters/cabling/Csv.h"

#include "exporters/common/Escape.h"
#include "model/common/DecimalText.h"

namespace cw::exporters::csv {

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

std::string number(double value, int decimals)
{
    return decimalText(value, decimals);
}

std::string usd(double value)
{
    return fixedDecimalText(value, 2);
}

} // namespace cw::exporters::csv

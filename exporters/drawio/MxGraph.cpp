#include "exporters/drawio/MxGraph.h"

#include "exporters/common/Escape.h"

#include <cmath>
#include <cstdio>

namespace cw::drawio {
namespace {

std::string number(double value)
{
    // Whole numbers (most coordinates) without printf; zero goes the long way so a negative
    // zero still prints as it always did.
    if (value != 0 && value > -1e9 && value < 1e9
        && value == static_cast<double>(static_cast<long long>(value)))
        return std::to_string(static_cast<long long>(value));
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", std::round(value * 10) / 10);
    std::string text = buffer;
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0)
        text.resize(text.size() - 2);
    return text;
}

/// Printable ASCII without markup or quotes: esc::xmlText returns it unchanged.
bool plainXml(std::string_view value)
{
    for (char c : value)
        if (c < 0x20 || c >= 0x7f || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'')
            return false;
    return true;
}

/// ` name="value"` appended to `out`, the value through esc::xmlText.
void attr(std::string &out, std::string_view name, std::string_view value)
{
    out += ' ';
    out += name;
    out += "=\"";
    if (plainXml(value))
        out += value;
    else
        out += exporters::esc::xmlText(value);
    out += '"';
}

std::string attr(std::string_view name, std::string_view value)
{
    std::string out;
    attr(out, name, value);
    return out;
}

} // namespace

MxPage::MxPage(std::string id, std::string name)
    : m_id(std::move(id))
    , m_name(std::move(name))
{ }

void MxPage::vertex(const std::string &id, std::string_view value, std::string_view style, double x,
                    double y, double width, double height, const std::string &parent)
{
    m_cells += "        <mxCell";
    attr(m_cells, "id", id);
    attr(m_cells, "value", value);
    attr(m_cells, "style", style);
    m_cells += " vertex=\"1\"";
    attr(m_cells, "parent", parent);
    m_cells += ">\n          <mxGeometry";
    attr(m_cells, "x", number(x));
    attr(m_cells, "y", number(y));
    attr(m_cells, "width", number(width));
    attr(m_cells, "height", number(height));
    m_cells += " as=\"geometry\"/>\n        </mxCell>\n";
    ++m_vertices;
}

void MxPage::edge(const std::string &id, std::string_view value, std::string_view style,
                  const std::string &source, const std::string &target)
{
    m_cells += "        <mxCell";
    attr(m_cells, "id", id);
    attr(m_cells, "value", value);
    attr(m_cells, "style", style);
    m_cells += " edge=\"1\" parent=\"1\"";
    attr(m_cells, "source", source);
    attr(m_cells, "target", target);
    m_cells += ">\n          <mxGeometry relative=\"1\" as=\"geometry\"/>\n        </mxCell>\n";
    ++m_edges;
}

std::string MxPage::xmlHead() const
{
    return "  <diagram" + attr("id", m_id) + attr("name", m_name)
        + ">\n    <mxGraphModel grid=\"1\" gridSize=\"10\" guides=\"1\" tooltips=\"1\" "
          "connect=\"1\" arrows=\"1\" fold=\"1\" page=\"0\" pageScale=\"1\" math=\"0\" "
          "shadow=\"0\">\n      <root>\n        <mxCell id=\"0\"/>\n"
          "        <mxCell id=\"1\" parent=\"0\"/>\n";
}

std::string_view MxPage::xmlTail()
{
    return "      </root>\n    </mxGraphModel>\n  </diagram>\n";
}

std::string MxPage::xml() const
{
    return xmlHead() + m_cells + std::string(xmlTail());
}

std::string mxFileHead(std::string_view comment)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- " + exporters::esc::xmlComment(comment)
        + " -->\n<mxfile host=\"Clusterwright\" type=\"device\">\n";
}

std::string_view mxFileTail()
{
    return "</mxfile>\n";
}

std::string mxFile(std::string_view comment, const std::string &pagesXml)
{
    return mxFileHead(comment) + pagesXml + std::string(mxFileTail());
}

} // namespace cw::drawio

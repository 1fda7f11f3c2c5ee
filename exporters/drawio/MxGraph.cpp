#include "exporters/drawio/MxGraph.h"

#include "exporters/common/Escape.h"

#include <cmath>
#include <cstdio>

namespace cw::drawio {
namespace {

std::string number(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", std::round(value * 10) / 10);
    std::string text = buffer;
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0)
        text.resize(text.size() - 2);
    return text;
}

std::string attr(std::string_view name, std::string_view value)
{
    return " " + std::string(name) + "=\"" + exporters::esc::xmlText(value) + "\"";
}

} // namespace

MxPage::MxPage(std::string id, std::string name)
    : m_id(std::move(id))
    , m_name(std::move(name))
{ }

void MxPage::vertex(const std::string &id, std::string_view value, std::string_view style, double x,
                    double y, double width, double height, const std::string &parent)
{
    m_cells += "        <mxCell" + attr("id", id) + attr("value", value) + attr("style", style)
        + " vertex=\"1\"" + attr("parent", parent) + ">\n          <mxGeometry"
        + attr("x", number(x)) + attr("y", number(y)) + attr("width", number(width))
        + attr("height", number(height)) + " as=\"geometry\"/>\n        </mxCell>\n";
    ++m_vertices;
}

void MxPage::edge(const std::string &id, std::string_view value, std::string_view style,
                  const std::string &source, const std::string &target)
{
    m_cells += "        <mxCell" + attr("id", id) + attr("value", value) + attr("style", style)
        + " edge=\"1\" parent=\"1\"" + attr("source", source) + attr("target", target)
        + ">\n          <mxGeometry relative=\"1\" as=\"geometry\"/>\n        </mxCell>\n";
    ++m_edges;
}

std::string MxPage::xml() const
{
    return "  <diagram" + attr("id", m_id) + attr("name", m_name)
        + ">\n    <mxGraphModel grid=\"1\" gridSize=\"10\" guides=\"1\" tooltips=\"1\" "
          "connect=\"1\" arrows=\"1\" fold=\"1\" page=\"0\" pageScale=\"1\" math=\"0\" "
          "shadow=\"0\">\n      <root>\n        <mxCell id=\"0\"/>\n"
          "        <mxCell id=\"1\" parent=\"0\"/>\n"
        + m_cells + "      </root>\n    </mxGraphModel>\n  </diagram>\n";
}

std::string mxFile(std::string_view comment, const std::string &pagesXml)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- " + exporters::esc::xmlComment(comment)
        + " -->\n<mxfile host=\"Clusterwright\" type=\"device\">\n" + pagesXml + "</mxfile>\n";
}

} // namespace cw::drawio

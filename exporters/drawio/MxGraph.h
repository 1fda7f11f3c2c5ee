#pragma once

#include <string>
#include <string_view>

namespace cw::drawio {

/// One draw.io page (a <diagram> holding an uncompressed <mxGraphModel>, the form draw.io
/// reads and writes with "Compressed" off). Cells 0 and 1 are the root and the default
/// layer; every shape and connector is a child of layer 1 or of a shape (`parent`).
/// Every text reaching an attribute passes esc::xmlText.
class MxPage
{
public:
    MxPage(std::string id, std::string name);

    /// A shape: `value` is its label (plain text, html=0), `style` a draw.io style string.
    void vertex(const std::string &id, std::string_view value, std::string_view style, double x,
                double y, double width, double height, const std::string &parent = "1");
    /// A connector between two existing cells.
    void edge(const std::string &id, std::string_view value, std::string_view style,
              const std::string &source, const std::string &target);

    /// Room for about `bytes` of cells (a page of half a million connectors grows its text
    /// once instead of doubling through it).
    void reserve(std::size_t bytes) { m_cells.reserve(bytes); }

    std::string xml() const;
    /// xml() in three pieces, so a writer can stream the cells without copying them.
    std::string xmlHead() const;
    const std::string &cellsXml() const { return m_cells; }
    static std::string_view xmlTail();
    int vertices() const { return m_vertices; }
    int edges() const { return m_edges; }

private:
    std::string m_id;
    std::string m_name;
    std::string m_cells;
    int m_vertices = 0;
    int m_edges = 0;
};

/// The <mxfile> around the pages' XML, with the XML declaration and a provenance comment.
std::string mxFile(std::string_view comment, const std::string &pagesXml);
/// mxFile's text before and after the pages.
std::string mxFileHead(std::string_view comment);
std::string_view mxFileTail();

} // namespace cw::drawio

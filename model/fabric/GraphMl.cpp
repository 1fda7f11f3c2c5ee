#include "model/fabric/GraphMl.h"

#include "model/common/XmlText.h"
#include "model/fabric/FabricGraph.h"

#include <cstdio>

namespace cw {
namespace {

std::string number(double value)
{
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.15g", value);
    return buffer;
}

} // namespace

std::string fabricGraphMl(const FabricGraph &graph)
{
    std::string out;
    out.reserve(graph.vertices.size() * 200 + graph.edges.size() * 120 + 1024);
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
           "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
           "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
           "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n"
           "  <key id=\"kind\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/>\n"
           "  <key id=\"name\" for=\"node\" attr.name=\"name\" attr.type=\"string\"/>\n"
           "  <key id=\"tier\" for=\"node\" attr.name=\"tier\" attr.type=\"int\"/>\n"
           "  <key id=\"rack\" for=\"node\" attr.name=\"rack\" attr.type=\"string\"/>\n"
           "  <key id=\"order\" for=\"node\" attr.name=\"order\" attr.type=\"int\"/>\n"
           "  <key id=\"capacity_gbps\" for=\"edge\" attr.name=\"capacity_gbps\" "
           "attr.type=\"double\"/>\n"
           "  <key id=\"link_id\" for=\"edge\" attr.name=\"link_id\" attr.type=\"long\"/>\n"
           "  <graph id=\"";
    appendXmlText(out, graph.fabricName);
    out += "\" edgedefault=\"undirected\">\n";
    for (const FabricVertex &vertex : graph.vertices) {
        const std::string id = "v" + std::to_string(vertex.order);
        out += "    <node id=\"" + id + "\"><data key=\"kind\">";
        out += vertex.kind == VertexKind::Node ? "node" : "switch";
        out += "</data><data key=\"name\">";
        appendXmlText(out, vertex.name);
        out += "</data><data key=\"tier\">" + std::to_string(vertex.tier)
            + "</data><data key=\"rack\">";
        appendXmlText(out, vertex.rack);
        out += "</data><data key=\"order\">" + std::to_string(vertex.order) + "</data></node>\n";
    }
    for (std::size_t i = 0; i < graph.edges.size(); ++i) {
        const FabricEdge &edge = graph.edges[i];
        out += "    <edge id=\"e" + std::to_string(i) + "\" source=\"v" + std::to_string(edge.a)
            + "\" target=\"v" + std::to_string(edge.b) + "\"><data key=\"capacity_gbps\">"
            + number(edge.capacityGbps) + "</data><data key=\"link_id\">"
            + std::to_string(edge.link.value) + "</data></edge>\n";
    }
    out += "  </graph>\n</graphml>\n";
    return out;
}

std::string sanitizedFileStem(const std::string &name)
{
    std::string stem;
    for (char c : name) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '.' || c == '_' || c == '-';
        stem += keep ? c : '_';
    }
    for (std::size_t i = 0; i < stem.size() && stem[i] == '.'; ++i)
        stem[i] = '_'; // no hidden files, no ".."
    return stem.empty() ? std::string("fabric") : stem;
}

} // namespace cw

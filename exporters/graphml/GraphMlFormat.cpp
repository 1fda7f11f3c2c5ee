// The fabric flow graphs (docs/fabric.md) as an Exporter: one <fabric>.graphml per fabric.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/common/Escape.h"
#include "exporters/common/ExportWriter.h"
#include "exporters/common/FileHeader.h"
#include "model/core/Design.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/GraphMl.h"

#include <set>

namespace cw::exporters {
namespace {

class GraphMlFormat final : public Exporter
{
public:
    std::string name() const override { return "graphml"; }
    std::string summary() const override
    {
        return "one <fabric>.graphml per fabric: the max-flow graph of docs/fabric.md";
    }
    std::vector<ExportParameter> parameters() const override
    {
        return { { "fabric", "only the fabric of this name" } };
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        const auto only = request.params.find("fabric");
        ExportResult result;
        std::set<std::string> used;
        for (const Fabric &fabric : request.design.fabrics()) {
            if (only != request.params.end() && fabric.name != only->second)
                continue;
            std::string stem = safeFileName(fabric.name, "fabric");
            if (!used.insert(stem).second) {
                stem += "-" + std::to_string(fabric.id.value);
                used.insert(stem);
            }
            auto graph = buildFabricGraph(request.design, request.catalog, fabric.id);
            if (!graph)
                return graph.error();
            // The header goes after the XML declaration, which must come first.
            std::string text = fabricGraphMl(*graph);
            const std::size_t declarationEnd = text.find("?>\n");
            const std::size_t at = declarationEnd == std::string::npos ? 0 : declarationEnd + 3;
            const std::string comment = esc::xmlComment(
                headerLine(request.design, "Fabric graph \"" + fabric.name + "\""));
            text.insert(at, "<!-- " + comment + " -->\n");
            result.files.push_back({ stem + ".graphml", std::move(text) });
            result.notes.push_back(stem + ".graphml: " + std::to_string(graph->vertices.size())
                                   + " vertices, " + std::to_string(graph->edges.size())
                                   + " edges");
        }
        if (only != request.params.end() && result.files.empty())
            return Error { "the design has no fabric \"" + only->second + "\"" };
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeGraphMlExporter()
{
    return std::make_unique<GraphMlFormat>();
}

} // namespace cw::exporters

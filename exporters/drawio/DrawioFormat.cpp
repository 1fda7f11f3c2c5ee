// draw.io (diagrams.net) export: one .drawio file whose pages are the floor plan, the rack
// elevations and one fabric view per fabric (docs/export-drawio.md).
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/common/FileHeader.h"
#include "exporters/drawio/DrawioPages.h"
#include "model/core/Design.h"

namespace cw::exporters {
namespace {

class DrawioFormat final : public Exporter
{
public:
    std::string name() const override { return "drawio"; }
    std::string summary() const override
    {
        return "cluster.drawio: floor plan, rack elevations and one fabric view per fabric, "
               "one draw.io page each";
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        const Design &design = request.design;
        std::string pages;
        ExportResult result;
        auto add = [&pages, &result](const drawio::MxPage &page, const std::string &what) {
            pages += page.xml();
            result.notes.push_back(what + ": " + std::to_string(page.vertices()) + " shapes, "
                                   + std::to_string(page.edges()) + " connectors");
        };
        add(drawio::floorPlanPage(design, request.catalog), "floor plan");
        add(drawio::rackElevationsPage(design, request.catalog), "rack elevations");
        for (const Fabric &fabric : design.fabrics())
            add(drawio::fabricPage(design, fabric), "fabric " + fabric.name);
        result.files.push_back(
            { "cluster.drawio", drawio::mxFile(headerLine(design, "draw.io diagrams"), pages) });
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeDrawioExporter()
{
    return std::make_unique<DrawioFormat>();
}

} // namespace cw::exporters

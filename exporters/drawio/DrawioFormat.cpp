// draw.io (diagrams.net) export: one .drawio file whose pages are the floor plan, the rack
// elevations and one fabric view per fabric (docs/export-drawio.md).
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/common/ByteSink.h"
#include "exporters/common/FileHeader.h"
#include "exporters/drawio/DrawioPages.h"
#include "model/core/Design.h"

#include <memory>
#include <vector>

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
        // The pages are kept as built and streamed into the file one after the other: no
        // copy of the whole text (145 MB at 16,384 nodes) is made.
        auto pages = std::make_shared<std::vector<drawio::MxPage>>();
        ExportResult result;
        auto add = [&pages, &result](drawio::MxPage page, const std::string &what) {
            result.notes.push_back(what + ": " + std::to_string(page.vertices()) + " shapes, "
                                   + std::to_string(page.edges()) + " connectors");
            pages->push_back(std::move(page));
        };
        add(drawio::floorPlanPage(design, request.catalog), "floor plan");
        add(drawio::rackElevationsPage(design, request.catalog), "rack elevations");
        for (const Fabric &fabric : design.fabrics())
            add(drawio::fabricPage(design, fabric), "fabric " + fabric.name);
        FileProducer write
            = [pages, head = drawio::mxFileHead(headerLine(design, "draw.io diagrams"))](
                  ByteSink &sink) -> Result<void> {
            sink.write(head);
            for (const drawio::MxPage &page : *pages) {
                sink.write(page.xmlHead());
                sink.write(page.cellsXml());
                sink.write(drawio::MxPage::xmlTail());
            }
            sink.write(drawio::mxFileTail());
            return {};
        };
        result.files.push_back({ "cluster.drawio", {}, std::move(write) });
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeDrawioExporter()
{
    return std::make_unique<DrawioFormat>();
}

} // namespace cw::exporters

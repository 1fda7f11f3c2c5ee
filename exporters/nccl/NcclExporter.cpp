#include "exporters/nccl/NcclExporter.h"

#include "exporters/nccl/AcceptancePlan.h"
#include "exporters/nccl/AcceptanceRunbook.h"
#include "exporters/nccl/NcclEnv.h"
#include "exporters/nccl/NcclFacts.h"
#include "exporters/nccl/NcclTopoXml.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"

#include <set>

namespace cw::nccl {

Result<exporters::ExportResult> exportNccl(const Design &design, const Catalog &catalog)
{
    auto factsResult = collectNcclFacts(design, catalog);
    if (!factsResult)
        return factsResult.error();
    const NcclFacts &facts = *factsResult;
    exporters::ExportResult result;
    result.notes = facts.notes;

    std::vector<exporters::ExportedFile> topoFiles;
    std::set<std::string> typesWithTopo;
    for (const ServerTypeFacts &type : facts.serverTypes) {
        auto xml = topoXml(design, type, facts.compute->technology,
                           facts.compute->topology.railOptimized);
        if (!xml) {
            result.notes.push_back("no " + topoFileName(*type.part) + ": " + xml.error().message
                                   + "; NCCL detects that node type's topology itself");
            continue;
        }
        topoFiles.push_back({ topoFileName(*type.part), *xml });
        typesWithTopo.insert(type.part->id);
    }

    const NcclEnv env = ncclEnv(facts, design.nccl(), typesWithTopo);
    result.notes.insert(result.notes.end(), env.notes.begin(), env.notes.end());
    result.files.push_back({ "nccl.env", renderNcclEnv(design, facts, env) });
    for (exporters::ExportedFile &file : topoFiles)
        result.files.push_back(std::move(file));
    const AcceptancePlan plan = planAcceptance(design, catalog, facts);
    result.files.push_back({ "acceptance.md", renderAcceptanceRunbook(design, facts, plan) });
    return result;
}

} // namespace cw::nccl

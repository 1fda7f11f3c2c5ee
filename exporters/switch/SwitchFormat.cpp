// The switch family as an Exporter: per fabric, RoCE switch configurations or InfiniBand
// subnet-manager files, by the fabric's technology.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/switch/AddressPlan.h"
#include "exporters/switch/InfinibandFiles.h"
#include "exporters/switch/RoceSwitchConfigs.h"
#include "model/core/Design.h"

namespace cw::exporters {
namespace {

class SwitchFormat final : public Exporter
{
public:
    std::string name() const override { return "switch"; }
    std::string summary() const override
    {
        return "per fabric: SONiC/NVUE/EOS configs, frr.conf, host netplan and address plan for "
               "RoCE, opensm.conf + node map + fabric.topo for InfiniBand";
    }
    std::vector<ExportParameter> parameters() const override
    {
        std::vector<ExportParameter> result { { "fabric", "only the fabric of this name" } };
        for (ExportParameter &parameter : underlay::underlayParameters())
            result.push_back(std::move(parameter));
        return result;
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        const auto only = request.params.find("fabric");
        ExportResult result;
        bool matched = false;
        for (const Fabric &fabric : request.design.fabrics()) {
            if (only != request.params.end() && fabric.name != only->second)
                continue;
            matched = true;
            Result<std::vector<ExportedFile>> files = std::vector<ExportedFile> {};
            if (fabric.technology == Technology::InfiniBand)
                files = infinibandFiles(request.design, request.catalog, fabric);
            else
                files = roceSwitchConfigs(request.design, request.catalog, fabric, request.params);
            if (!files)
                return files.error();
            for (ExportedFile &file : files.value())
                result.files.push_back(std::move(file));
        }
        if (only != request.params.end() && !matched)
            return Error { "the design has no fabric \"" + only->second + "\"" };
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeSwitchExporter()
{
    return std::make_unique<SwitchFormat>();
}

} // namespace cw::exporters

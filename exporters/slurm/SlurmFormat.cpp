// The Slurm family as an Exporter: slurm.conf, topology.conf and gres.conf.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/slurm/SlurmExporter.h"

namespace cw::exporters {
namespace {

class SlurmFormat final : public Exporter
{
public:
    std::string name() const override { return "slurm"; }
    std::string summary() const override
    {
        return "slurm.conf, topology.conf (tree, or block with slurm.topology=block), gres.conf, "
               "cgroup.conf, "
               "slurmdbd.conf, GPU health prolog/epilog and node health check";
    }
    std::vector<ExportParameter> parameters() const override
    {
        return { { "slurm.topology",
                   "tree (default, every Slurm version) or block (Slurm 24.05+)" } };
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        slurm::SlurmTopology topology = slurm::SlurmTopology::Tree;
        if (auto it = request.params.find("slurm.topology"); it != request.params.end()) {
            if (it->second == "block")
                topology = slurm::SlurmTopology::Block;
            else if (it->second != "tree")
                return Error { "slurm.topology must be tree or block, got \"" + it->second + "\"" };
        }
        auto files = slurm::exportSlurm(request.design, request.catalog, topology);
        if (!files)
            return files.error();
        ExportResult result;
        result.files = { { "slurm.conf", files->slurmConf },
                         { "topology.conf", files->topologyConf },
                         { "gres.conf", files->gresConf },
                         { "cgroup.conf", files->cgroupConf },
                         { "slurmdbd.conf", files->slurmdbdConf },
                         { "prolog-gpu-health.sh", files->prolog },
                         { "epilog-gpu-health.sh", files->epilog },
                         { "node-health-check.sh", files->healthCheck } };
        result.notes = files->notes;
        result.notes.push_back(
            "slurmdbd.conf is a template: set StoragePass, install it mode 600 owned by slurm; "
            "install the three .sh files mode 755 in /etc/slurm");
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeSlurmExporter()
{
    return std::make_unique<SlurmFormat>();
}

} // namespace cw::exporters

#include "exporters/slurm/SlurmWords.h"

#include "exporters/common/Escape.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/core/NamePolicy.h"

namespace cw::slurm {

Result<void> checkSlurmValues(const Design &design, const Catalog &catalog)
{
    using exporters::esc::slurmWord;
    const SchedulerSettings &scheduler = design.scheduler();
    if (auto word = slurmWord("ClusterName (scheduler clusterName)", scheduler.clusterName); !word)
        return word.error();
    if (auto word = slurmWord("SlurmctldHost (scheduler controllerHost)", scheduler.controllerHost);
        !word)
        return word.error();
    for (const Partition &partition : scheduler.partitions) {
        if (auto word = slurmWord("PartitionName", partition.name); !word)
            return word.error();
        if (const std::string problem = slurmTimeProblem(partition.maxTime); !problem.empty())
            return Error { "partition " + partition.name + ": MaxTime \""
                           + exporters::esc::commentText(partition.maxTime) + "\": " + problem };
    }
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Switch && device.role != DeviceRole::Compute)
            continue;
        // Compute node names get the exporter's own NodeName check (validHostname).
        if (device.role == DeviceRole::Switch)
            if (auto word
                = slurmWord("SwitchName (device " + std::to_string(device.id.value) + " name)",
                            device.name);
                !word)
                return word.error();
        const Part *part = catalog.find(device.catalogType);
        if (!part || !part->server)
            continue;
        if (!part->server->gpuPart.empty())
            if (auto word
                = slurmWord("Gres type (" + part->id + " gpu.part)", part->server->gpuPart);
                !word)
                return word.error();
        for (const auto &numa : part->server->topology.numa)
            if (!numa.cores.empty())
                if (const std::string problem = coreListProblem(numa.cores); !problem.empty())
                    return Error { "catalog part " + part->id + ": NUMA core list \""
                                   + exporters::esc::commentText(numa.cores)
                                   + "\" cannot be a gres.conf Cores= value: " + problem };
    }
    return {};
}

} // namespace cw::slurm

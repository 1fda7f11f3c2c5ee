#pragma once

#include "model/common/Result.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::kube {

/// Where one compute node sits, level by level. The network levels are the Slurm
/// topology/tree export's (exporters/slurm: slurm::topologyTree): `leaf` is the switch (or
/// the virtual switch of a rail group, "su1") that lists the node, `spineGroup` that leaf's
/// parent; `nvlinkDomain` is the Slurm topology/block block of a multi-node NVLink domain.
/// Empty = the design has no such level for this node.
struct KubeNode
{
    std::string name; ///< Kubernetes node name: the hostname in lower case
    std::string serverType; ///< catalog part id
    std::string hall; ///< the site (the model has one hall per design)
    std::string row;
    std::string rack;
    std::string leaf;
    std::string spineGroup;
    std::string nvlinkDomain;
};

struct KubeTopology
{
    std::vector<KubeNode> nodes; ///< compute nodes, by name
    std::vector<std::string> leaves; ///< in the Slurm file's order
    std::vector<std::string> spineGroups; ///< in the Slurm file's order
    std::vector<std::string> notes;
};

/// The label key of each level: topology.clusterwright.io/<level>.
inline constexpr const char *kLabelPrefix = "topology.clusterwright.io/";
inline constexpr const char *kServerTypeLabel = "node.clusterwright.io/server-type";

/// Reads the compute nodes and their levels. Refuses a hostname that is not a DNS subdomain
/// once lower-cased (ref:k8s-names), since no Kubernetes node can carry it.
Result<KubeTopology> collectKubeTopology(const Design &design, const Catalog &catalog);

} // namespace cw::kube

#pragma once

#include "exporters/kubernetes/KubeTopology.h"
#include "model/common/Result.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::kube {

/// node-labels.yaml: one Node object per compute node carrying only the level labels, for
/// `kubectl apply --server-side --field-manager=clusterwright` (docs/export-kubernetes.md).
std::string nodeLabelsYaml(const Design &design, const KubeTopology &topology);

/// The label keys of the Kueue Topology, top level first, ending in kubernetes.io/hostname:
/// the network levels every node has, each kept only when it nests inside the level above
/// (Kueue requires a tree).
std::vector<std::string> kueueLevels(const KubeTopology &topology);

/// kueue-topology.yaml: the Kueue Topology (ref:kueue-tas) and one ResourceFlavor per server
/// type pointing at it.
std::string kueueYaml(const Design &design, const KubeTopology &topology);

/// volcano-hypernodes.yaml: the Slurm tree as Volcano HyperNodes (ref:volcano-hypernode):
/// tier 1 = leaves listing their nodes, tier 2 = spine groups listing their leaves.
std::string volcanoYaml(const Design &design, const KubeTopology &topology);

/// One rail NIC as the secondary networks see it.
struct RailNetwork
{
    int rail = 0;
    std::string resource; ///< "rail0": the SR-IOV resource and the NAD name
    bool infiniband = true;
};

/// sriov-policies.yaml and rail-networks.yaml (Multus NetworkAttachmentDefinitions), in the
/// NCCL_IB_HCA rail order of exporters/nccl. Errors as collectNcclFacts's.
struct NetworkFiles
{
    std::string sriovPolicies;
    std::string attachments;
    std::vector<RailNetwork> rails;
    std::vector<std::string> notes;
};
Result<NetworkFiles> railNetworks(const Design &design, const Catalog &catalog,
                                  const std::string &nadNamespace);

/// gpu-operator-values.yaml and network-operator-values.yaml (Helm values).
std::string gpuOperatorValues(const Design &design, const Catalog &catalog);
std::string networkOperatorValues(const Design &design, const std::vector<RailNetwork> &rails);

} // namespace cw::kube

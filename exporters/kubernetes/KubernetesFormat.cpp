// Kubernetes (docs/export-kubernetes.md) as an Exporter: node labels, Kueue and Volcano
// topology objects, per-rail SR-IOV policies and Multus networks, operator Helm values.
#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/common/Yaml.h"
#include "exporters/kubernetes/KubeFiles.h"

namespace cw::exporters {
namespace {

class KubernetesFormat final : public Exporter
{
public:
    std::string name() const override { return "kubernetes"; }
    std::string summary() const override
    {
        return "node-labels.yaml, kueue-topology.yaml, volcano-hypernodes.yaml, "
               "sriov-policies.yaml, rail-networks.yaml, gpu-operator-values.yaml, "
               "network-operator-values.yaml";
    }
    std::vector<ExportParameter> parameters() const override
    {
        return { { "namespace",
                   "namespace of the rail NetworkAttachmentDefinitions "
                   "(default \"default\")" } };
    }
    Result<ExportResult> run(const ExportRequest &request) const override
    {
        std::string nadNamespace = "default";
        if (auto it = request.params.find("namespace"); it != request.params.end()) {
            if (yaml::dnsLabel(it->second) != it->second)
                return Error { "--param namespace=" + it->second
                               + ": expected a DNS label (lower-case letters, digits and '-', "
                                 "at most 63, starting and ending alphanumeric)" };
            nadNamespace = it->second;
        }
        auto topology = kube::collectKubeTopology(request.design, request.catalog);
        if (!topology)
            return topology.error();
        auto networks = kube::railNetworks(request.design, request.catalog, nadNamespace);
        if (!networks)
            return networks.error();
        const Design &design = request.design;
        ExportResult result;
        result.files.push_back({ "node-labels.yaml", kube::nodeLabelsYaml(design, *topology) });
        result.files.push_back({ "kueue-topology.yaml", kube::kueueYaml(design, *topology) });
        result.files.push_back({ "volcano-hypernodes.yaml", kube::volcanoYaml(design, *topology) });
        result.files.push_back({ "sriov-policies.yaml", networks->sriovPolicies });
        result.files.push_back({ "rail-networks.yaml", networks->attachments });
        result.files.push_back(
            { "gpu-operator-values.yaml", kube::gpuOperatorValues(design, request.catalog) });
        result.files.push_back({ "network-operator-values.yaml",
                                 kube::networkOperatorValues(design, networks->rails) });
        std::string levels;
        for (const std::string &level : kube::kueueLevels(*topology))
            levels += (levels.empty() ? "" : " > ") + level;
        result.notes.push_back("Kueue topology levels: " + levels);
        result.notes.push_back(std::to_string(topology->nodes.size()) + " nodes labelled, "
                               + std::to_string(networks->rails.size()) + " rail networks");
        result.notes.insert(result.notes.end(), topology->notes.begin(), topology->notes.end());
        result.notes.insert(result.notes.end(), networks->notes.begin(), networks->notes.end());
        return result;
    }
};

} // namespace

std::unique_ptr<Exporter> makeKubernetesExporter()
{
    return std::make_unique<KubernetesFormat>();
}

} // namespace cw::exporters

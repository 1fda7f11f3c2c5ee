// Topology-aware scheduling objects: node labels, Kueue Topology + ResourceFlavors, Volcano
// HyperNodes. Every string scalar is quoted (Yaml.h); names are sanitized DNS labels.
#include "exporters/common/FileHeader.h"
#include "exporters/common/Yaml.h"
#include "exporters/kubernetes/KubeFiles.h"
#include "model/core/Design.h"

#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cw::kube {
namespace {

using yaml::commentBlock;
using yaml::dnsLabel;
using yaml::isDnsSubdomain;
using yaml::labelValue;

std::string header(const Design &design, const std::string &what)
{
    return commentBlock(exporters::headerLine(design, what))
        + "# Regenerate from the design rather than editing by hand.\n";
}

using Level = std::pair<std::string, std::function<std::string(const KubeNode &)>>;

std::vector<Level> labelLevels()
{
    return {
        { "hall",
          [](const KubeNode &n) {
              return n.hall;
          } },
        { "row",
          [](const KubeNode &n) {
              return n.row;
          } },
        { "rack",
          [](const KubeNode &n) {
              return n.rack;
          } },
        { "spine-group",
          [](const KubeNode &n) {
              return n.spineGroup;
          } },
        { "leaf",
          [](const KubeNode &n) {
              return n.leaf;
          } },
        { "nvlink-domain",
          [](const KubeNode &n) {
              return n.nvlinkDomain;
          } },
    };
}

std::string objectHeader(const char *apiVersion, const char *kind, const std::string &name)
{
    return "---\napiVersion: " + yaml::quoted(apiVersion) + "\nkind: " + yaml::quoted(kind)
        + "\nmetadata:\n  name: " + yaml::quoted(name) + "\n";
}

} // namespace

std::string nodeLabelsYaml(const Design &design, const KubeTopology &topology)
{
    std::string out = header(design, "Kubernetes node labels");
    out += "# Apply with server-side apply, which merges these labels:\n"
           "# kubectl apply --server-side --field-manager=clusterwright \\\n"
           "#   -f node-labels.yaml\n";
    for (const KubeNode &node : topology.nodes) {
        out += objectHeader("v1", "Node", node.name) + "  labels:\n";
        out += "    " + yaml::quoted(kServerTypeLabel) + ": "
            + yaml::quoted(labelValue(node.serverType)) + "\n";
        for (const auto &[level, value] : labelLevels())
            if (const std::string text = value(node); !text.empty())
                out += "    " + yaml::quoted(std::string(kLabelPrefix) + level) + ": "
                    + yaml::quoted(labelValue(text)) + "\n";
    }
    return out;
}

std::vector<std::string> kueueLevels(const KubeTopology &topology)
{
    std::vector<std::string> levels;
    std::function<std::string(const KubeNode &)> above;
    for (const auto &[level, value] : labelLevels()) {
        if (level != "spine-group" && level != "leaf" && level != "nvlink-domain")
            continue; // the physical levels need not nest with the network's
        bool everyNode = true;
        std::map<std::string, std::set<std::string>> parents;
        for (const KubeNode &node : topology.nodes) {
            const std::string text = value(node);
            everyNode = everyNode && !text.empty();
            if (above)
                parents[labelValue(text)].insert(labelValue(above(node)));
        }
        bool nests = true;
        for (const auto &[child, parentValues] : parents)
            nests = nests && parentValues.size() == 1;
        if (everyNode && nests) {
            levels.push_back(std::string(kLabelPrefix) + level);
            above = value;
        }
    }
    levels.push_back("kubernetes.io/hostname");
    return levels;
}

std::string kueueYaml(const Design &design, const KubeTopology &topology)
{
    std::string out = header(design, "Kueue topology-aware scheduling");
    out += objectHeader("kueue.x-k8s.io/v1alpha1", "Topology", "clusterwright-network")
        + "spec:\n  levels:\n";
    for (const std::string &level : kueueLevels(topology))
        out += "    - nodeLabel: " + yaml::quoted(level) + "\n";
    std::set<std::string> types;
    for (const KubeNode &node : topology.nodes)
        if (types.insert(node.serverType).second)
            out += objectHeader("kueue.x-k8s.io/v1beta1", "ResourceFlavor",
                                dnsLabel(node.serverType))
                + "spec:\n  nodeLabels:\n    " + yaml::quoted(kServerTypeLabel) + ": "
                + yaml::quoted(labelValue(node.serverType))
                + "\n  topologyName: \"clusterwright-network\"\n";
    return out;
}

std::string volcanoYaml(const Design &design, const KubeTopology &topology)
{
    std::string out = header(design, "Volcano HyperNodes");
    auto member = [](const char *type, const std::string &name) {
        return "    - type: " + yaml::quoted(type) + "\n      selector:\n        exactMatch:\n"
            + "          name: " + yaml::quoted(name) + "\n";
    };
    // Each leaf's nodes and each spine group's leaves (in the nodes' order, each once),
    // gathered in one pass: a pass over every node per leaf and per group was quadratic
    // (1.45 million name comparisons at 8,192 nodes, the export's fastest-growing part).
    std::unordered_map<std::string_view, std::vector<const KubeNode *>> nodesOfLeaf;
    std::unordered_map<std::string_view, std::vector<std::string_view>> leavesOfSpine;
    std::unordered_map<std::string_view, std::unordered_set<std::string_view>> leafSeen;
    for (const KubeNode &node : topology.nodes) {
        nodesOfLeaf[node.leaf].push_back(&node);
        if (leafSeen[node.spineGroup].insert(node.leaf).second)
            leavesOfSpine[node.spineGroup].push_back(node.leaf);
    }
    for (const std::string &leaf : topology.leaves) {
        out += objectHeader("topology.volcano.sh/v1alpha1", "HyperNode", "leaf-" + dnsLabel(leaf))
            + "spec:\n  tier: 1\n  members:\n";
        if (const auto nodes = nodesOfLeaf.find(leaf); nodes != nodesOfLeaf.end())
            for (const KubeNode *node : nodes->second)
                out += member("Node", node->name);
    }
    for (const std::string &spine : topology.spineGroups) {
        out += objectHeader("topology.volcano.sh/v1alpha1", "HyperNode", "spine-" + dnsLabel(spine))
            + "spec:\n  tier: 2\n  members:\n";
        if (const auto leaves = leavesOfSpine.find(spine); leaves != leavesOfSpine.end())
            for (const std::string_view leaf : leaves->second)
                out += member("HyperNode", "leaf-" + dnsLabel(leaf));
    }
    return out;
}

} // namespace cw::kube

#include "exporters/kubernetes/KubeTopology.h"

#include "exporters/common/Yaml.h"
#include "exporters/slurm/Hostlist.h"
#include "exporters/slurm/SlurmExporter.h"
#include "model/core/Design.h"
#include "model/fabric/NvlinkDomains.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace cw::kube {
namespace {

using yaml::commentBlock;
using yaml::dnsLabel;
using yaml::isDnsSubdomain;
using yaml::labelValue;

/// The "SwitchName=X Nodes=..." / "SwitchName=Y Switches=a,b" lines of topology.conf, read
/// back rather than recomputed so the two exports cannot disagree.
struct SlurmTree
{
    std::map<std::string, std::string> leafOfNode;
    std::map<std::string, std::string> parentOfSwitch;
    std::vector<std::string> leaves, upper;
};

Result<SlurmTree> readSlurmTree(const std::string &text)
{
    SlurmTree tree;
    std::istringstream lines { text };
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("SwitchName=", 0) != 0)
            continue;
        const std::size_t space = line.find(' ');
        const std::string name = line.substr(11, space - 11);
        const std::string rest = space == std::string::npos ? "" : line.substr(space + 1);
        if (rest.rfind("Nodes=", 0) == 0) {
            std::string error;
            const auto nodes = slurm::expandHostlist(rest.substr(6), error);
            if (!error.empty())
                return Error { "topology.conf switch " + name + ": " + error };
            for (const std::string &node : nodes)
                tree.leafOfNode[node] = name;
            tree.leaves.push_back(name);
        } else if (rest.rfind("Switches=", 0) == 0) {
            std::istringstream children { rest.substr(9) };
            std::string child;
            while (std::getline(children, child, ','))
                tree.parentOfSwitch[child] = name;
            tree.upper.push_back(name);
        }
    }
    return tree;
}

} // namespace

Result<KubeTopology> collectKubeTopology(const Design &design, const Catalog &catalog)
{
    auto tree = readSlurmTree(slurm::topologyTree(design, catalog));
    if (!tree)
        return tree.error();
    KubeTopology topology;
    topology.leaves = tree->leaves;
    std::map<std::string, std::string> domainOfNode;
    // One domain per rack-scale rack, named after the rack as the Slurm block is.
    for (const NvlinkDomain &domain : multiNodeNvlinkDomains(design, catalog))
        for (const std::string &node : domain.nodeNames)
            domainOfNode[node] = domain.name;
    std::vector<std::string> usedSpines;
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Compute)
            continue;
        // The kubelet registers the node under the lower-cased hostname.
        std::string nodeName = device.name;
        std::transform(nodeName.begin(), nodeName.end(), nodeName.begin(), [](char c) {
            return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        });
        if (!isDnsSubdomain(nodeName))
            return Error { "device \"" + device.name
                           + "\": a Kubernetes node name must be a DNS subdomain (letters, "
                             "digits, '-' and '.', ref:k8s-names)" };
        KubeNode node;
        node.name = nodeName;
        node.serverType = device.catalogType;
        node.hall = design.site().name.empty() ? design.name() : design.site().name;
        if (const Rack *rack = design.rack(device.rack)) {
            node.rack = rack->name;
            if (const Row *row = design.row(rack->row))
                node.row = row->name;
        }
        if (auto leaf = tree->leafOfNode.find(device.name); leaf != tree->leafOfNode.end()) {
            node.leaf = leaf->second;
            if (auto spine = tree->parentOfSwitch.find(node.leaf);
                spine != tree->parentOfSwitch.end()) {
                node.spineGroup = spine->second;
                if (tree->parentOfSwitch.contains(spine->second) && topology.notes.empty())
                    topology.notes.push_back("the compute fabric has levels above the spine "
                                             "groups; they are not labelled");
            }
        }
        if (auto domain = domainOfNode.find(device.name); domain != domainOfNode.end())
            node.nvlinkDomain = domain->second;
        topology.nodes.push_back(std::move(node));
    }
    std::sort(topology.nodes.begin(), topology.nodes.end(),
              [](const KubeNode &a, const KubeNode &b) { return a.name < b.name; });
    // The upper switches that are a leaf's parent, in topology.conf order (one pass over the
    // leaves, not one per upper switch).
    std::set<std::string> leafParents;
    for (const std::string &leaf : tree->leaves)
        if (auto it = tree->parentOfSwitch.find(leaf); it != tree->parentOfSwitch.end())
            leafParents.insert(it->second);
    for (const std::string &name : tree->upper)
        if (leafParents.contains(name))
            topology.spineGroups.push_back(name);
    if (topology.nodes.empty())
        return Error { "the design has no compute node to label" };
    return topology;
}

} // namespace cw::kube

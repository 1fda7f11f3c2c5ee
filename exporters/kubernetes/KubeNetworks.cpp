// Per-rail secondary networks: an SR-IOV network node policy per server type and rail, and a
// Multus NetworkAttachmentDefinition per rail, in the NCCL_IB_HCA order of exporters/nccl.
#include "exporters/common/FileHeader.h"
#include "exporters/common/Yaml.h"
#include "exporters/kubernetes/KubeFiles.h"
#include "exporters/nccl/NcclFacts.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace cw::kube {
namespace {

using yaml::commentBlock;
using yaml::dnsLabel;
using yaml::isDnsSubdomain;
using yaml::labelValue;

// The namespace the NVIDIA Network Operator deploys the SR-IOV operator into
// (ref:nvidia-network-operator); its resourcePrefix is nvidia.com.
constexpr const char *kOperatorNamespace = "nvidia-network-operator";
constexpr const char *kResourcePrefix = "nvidia.com/";

std::string header(const Design &design, const std::string &what)
{
    return commentBlock(exporters::headerLine(design, what))
        + "# Regenerate from the design rather than editing by hand.\n";
}

/// The NAD's CNI configuration (ref:multus-nad, ref:sriov-cni, ref:ib-sriov-cni): the
/// SR-IOV CNI for Ethernet (RoCE) rails, the InfiniBand SR-IOV CNI for IB rails, addresses
/// from whereabouts in 10.(200 + rail).0.0/16, one /16 per rail so rails never share a subnet.
std::string cniConfig(const RailNetwork &rail)
{
    nlohmann::ordered_json config;
    config["cniVersion"] = "0.3.1";
    config["name"] = rail.resource;
    config["type"] = rail.infiniband ? "ib-sriov" : "sriov";
    if (rail.infiniband)
        config["link_state"] = "enable";
    config["ipam"] = { { "type", "whereabouts" },
                       { "range", "10." + std::to_string(200 + rail.rail) + ".0.0/16" } };
    std::string text;
    std::string line;
    std::istringstream lines { config.dump(2) };
    while (std::getline(lines, line))
        text += "    " + line + "\n";
    return text;
}

std::string policy(const nccl::ServerTypeFacts &type, const nccl::RailNic &nic,
                   const RailNetwork &rail, NetworkFiles &files)
{
    const std::string name = dnsLabel(type.part->id + "-" + rail.resource);
    std::string out = "---\napiVersion: \"sriovnetwork.openshift.io/v1\"\n"
                      "kind: \"SriovNetworkNodePolicy\"\nmetadata:\n  name: "
        + yaml::quoted(name) + "\n  namespace: " + yaml::quoted(kOperatorNamespace) + "\n";
    out += "spec:\n  resourceName: " + yaml::quoted(rail.resource) + "\n  nodeSelector:\n    "
        + yaml::quoted(kServerTypeLabel) + ": " + yaml::quoted(labelValue(type.part->id)) + "\n";
    // One VF per GPU: a pod per GPU can take a VF of every rail.
    out += "  numVfs: " + std::to_string(std::max(1, type.gpuCount())) + "\n";
    out += "  nicSelector:\n";
    const auto &busIds = type.part->server ? type.part->server->topology.nicBusIds
                                           : std::map<std::string, std::string> {};
    if (auto bus = busIds.find(nic.name); bus != busIds.end()) {
        out += "    rootDevices:\n      - " + yaml::quoted(bus->second) + "\n";
    } else {
        out += "    pfNames:\n      - " + yaml::quoted(nic.name) + "\n";
        files.notes.push_back(type.part->id + " " + nic.name
                              + ": the catalog has no PCI address; the policy selects the PF by "
                                "the port name, which must be its netdev name");
    }
    out += "  deviceType: \"netdevice\"\n  isRdma: true\n  linkType: "
        + yaml::quoted(rail.infiniband ? "IB" : "ETH") + "\n";
    return out;
}

} // namespace

Result<NetworkFiles> railNetworks(const Design &design, const Catalog &catalog,
                                  const std::string &nadNamespace)
{
    auto facts = nccl::collectNcclFacts(design, catalog);
    if (!facts)
        return facts.error();
    NetworkFiles files;
    const bool infiniband = facts->compute->technology == Technology::InfiniBand;
    std::size_t railCount = 0;
    for (const nccl::ServerTypeFacts &type : facts->serverTypes)
        railCount = std::max(railCount, type.nics.size());
    for (std::size_t r = 0; r < railCount; ++r)
        files.rails.push_back({ static_cast<int>(r), "rail" + std::to_string(r), infiniband });

    files.sriovPolicies = header(design, "SR-IOV network node policies");
    for (const nccl::ServerTypeFacts &type : facts->serverTypes)
        for (std::size_t r = 0; r < type.nics.size(); ++r)
            files.sriovPolicies += policy(type, type.nics[r], files.rails[r], files);

    files.attachments = header(design, "Multus NetworkAttachmentDefinitions, one per rail");
    std::string networks;
    for (const RailNetwork &rail : files.rails)
        networks += (networks.empty() ? "" : ",") + rail.resource;
    files.attachments
        += "# The pod annotation k8s.v1.cni.cncf.io/networks for every rail:\n# " + networks + "\n";
    for (const RailNetwork &rail : files.rails) {
        files.attachments += "---\napiVersion: \"k8s.cni.cncf.io/v1\"\n"
                             "kind: \"NetworkAttachmentDefinition\"\nmetadata:\n  name: "
            + yaml::quoted(rail.resource) + "\n  namespace: " + yaml::quoted(nadNamespace)
            + "\n  annotations:\n    \"k8s.v1.cni.cncf.io/resourceName\": "
            + yaml::quoted(kResourcePrefix + rail.resource) + "\nspec:\n  config: |\n"
            + cniConfig(rail);
    }
    files.notes.insert(files.notes.end(), facts->notes.begin(), facts->notes.end());
    return files;
}

} // namespace cw::kube

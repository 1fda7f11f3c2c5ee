// Helm values for the NVIDIA GPU Operator and Network Operator fitting the design's nodes
// and rail NICs. The choices are documented in docs/export-kubernetes.md.
#include "exporters/common/FileHeader.h"
#include "exporters/common/Yaml.h"
#include "exporters/kubernetes/KubeFiles.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <set>

namespace cw::kube {
namespace {

using yaml::commentBlock;
using yaml::dnsLabel;
using yaml::isDnsSubdomain;
using yaml::labelValue;

std::string header(const Design &design, const std::string &what)
{
    return commentBlock(exporters::headerLine(design, what))
        + "# Regenerate from the design rather than editing by hand.\n---\n";
}

/// DGX systems ship DGX OS with the GPU driver and MOFED installed (ref:nvidia-dgx-h100-ug),
/// so the operators must not install their own; other servers get the operators' drivers.
bool allDgx(const Design &design, const Catalog &catalog, std::set<std::string> &types)
{
    bool dgx = true;
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Compute)
            continue;
        const Part *part = catalog.find(device.catalogType);
        types.insert(device.catalogType);
        dgx = dgx && part && part->model.find("DGX") != std::string::npos;
    }
    return dgx && !types.empty();
}

} // namespace

std::string gpuOperatorValues(const Design &design, const Catalog &catalog)
{
    std::set<std::string> types;
    const bool dgx = allDgx(design, catalog, types);
    std::string out = header(design, "NVIDIA GPU Operator Helm values");
    out += commentBlock(std::string("Compute node types: ") + [&types] {
        std::string list;
        for (const std::string &type : types)
            list += (list.empty() ? "" : ", ") + type;
        return list;
    }());
    out += dgx ? "# DGX OS ships the driver: the operator must not install one.\n"
               : "# The operator installs the data-center driver on the nodes.\n";
    out += "driver:\n  enabled: " + std::string(dgx ? "false" : "true") + "\n";
    out += "  rdma:\n"
           "    # GPUDirect RDMA (nvidia-peermem) for the rail NICs.\n"
           "    enabled: true\n"
           "    # MOFED comes from the Network Operator or the host, not the driver.\n"
           "    useHostMofed: "
        + std::string(dgx ? "true" : "false") + "\n";
    out += "toolkit:\n  enabled: true\n"
           "devicePlugin:\n  enabled: true\n"
           "dcgmExporter:\n  enabled: true\n"
           "# Whole GPUs for training: no MIG partitioning.\n"
           "mig:\n  strategy: \"none\"\n"
           "# NFD labels (pci-15b3 for the NICs) also serve the Network Operator.\n"
           "nfd:\n  enabled: true\n";
    return out;
}

std::string networkOperatorValues(const Design &design, const std::vector<RailNetwork> &rails)
{
    const bool infiniband = !rails.empty() && rails.front().infiniband;
    std::string out = header(design, "NVIDIA Network Operator Helm values");
    out += commentBlock(std::to_string(rails.size()) + " rail NICs per node, "
                        + (infiniband ? "InfiniBand" : "RoCE (Ethernet)")
                        + "; see sriov-policies.yaml and rail-networks.yaml.");
    out += "# The GPU Operator runs node feature discovery.\n"
           "nfd:\n  enabled: false\n"
           "# SR-IOV operator: one VF pool per rail (sriov-policies.yaml).\n"
           "sriovNetworkOperator:\n  enabled: true\n"
           "deployCR: true\n"
           "ofedDriver:\n  deploy: true\n"
           "# VFs come from the SR-IOV operator's device plugin, not the shared one.\n"
           "rdmaSharedDevicePlugin:\n  deploy: false\n"
           "sriovDevicePlugin:\n  deploy: false\n"
           "secondaryNetwork:\n  deploy: true\n"
           "  multus:\n    deploy: true\n"
           "  cniPlugins:\n    deploy: true\n"
           "  # whereabouts, the IPAM of rail-networks.yaml\n"
           "  ipamPlugin:\n    deploy: true\n";
    return out;
}

} // namespace cw::kube

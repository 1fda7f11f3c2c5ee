// Netplan files of the GPU nodes' rail NICs (ref:netplan-yaml). Checked by `netplan generate`
// and applied, through its networkd output, in the namespaces of tst_underlay_frr.

#include "exporters/switch/HostNetplan.h"

#include "exporters/common/FileHeader.h"
#include "exporters/switch/Underlay.h"

namespace cw::exporters::underlay {
namespace {

void line(std::string &out, const std::string &text)
{
    out += text;
    out += '\n';
}

} // namespace

std::string hostNetplan(const Design &design, const UnderlayPlan &plan, const UnderlayHost &host)
{
    std::string out = fileHeader(design, "#", "Netplan rail NIC configuration");
    line(out,
         "# " + host.hostname + " on fabric " + plan.fabricName
             + ": install as /etc/netplan/60-rails.yaml (mode 600), then netplan apply.");
    line(out,
         "# Keys are the catalog's port names. Where the OS names a NIC differently (mlx5_N is");
    line(out, "# a ConnectX RDMA device; `rdma link show` gives its netdev), rename the key.");
    line(out, "network:");
    line(out, "  version: 2");
    line(out, "  renderer: networkd");
    line(out, "  ethernets:");
    const std::string pool = plan.options.hosts.text();
    for (const HostNic &nic : host.nics) {
        const std::string table = std::to_string(kRailTableBase + nic.railBlock);
        const std::string gateway = ipv4Text(nic.gateway);
        line(out, "    " + nic.port + ":");
        line(out,
             "      # rail block " + std::to_string(nic.railBlock) + ", cabled to " + nic.leaf + " "
                 + nic.leafPort);
        line(out, "      mtu: " + std::to_string(host.mtu));
        line(out, "      addresses: [" + ipv4Text(nic.address) + "/31]");
        line(out, "      routes:");
        line(out, "        # same-rail peers: out of this NIC whatever the source");
        line(out, "        - to: " + railBlockPrefix(plan.options, nic.railBlock).text());
        line(out, "          via: " + gateway);
        line(out, "        # every rail, for traffic sourced from this NIC's address");
        line(out, "        - to: " + pool);
        line(out, "          via: " + gateway);
        line(out, "          table: " + table);
        line(out, "      routing-policy:");
        line(out, "        - from: " + ipv4Text(nic.address));
        line(out, "          table: " + table);
    }
    return out;
}

} // namespace cw::exporters::underlay

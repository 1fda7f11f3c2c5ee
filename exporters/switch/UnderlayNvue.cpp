// Cumulus Linux 5.x NVUE commands of the routed underlay (ref:nvidia-cumulus-bgp): the same
// plan as frr.conf, in the commands NVUE turns into it.

#include "exporters/switch/FrrConfig.h"
#include "exporters/switch/Underlay.h"
#include "exporters/switch/UnderlayNos.h"

namespace cw::exporters::underlay {
namespace {

void line(std::string &out, const std::string &text)
{
    out += text;
    out += '\n';
}

} // namespace

std::string nvueUnderlay(const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    const std::string bgp = "nv set vrf default router bgp ";
    const std::string group = "FABRIC";
    std::string out;
    line(out, "");
    line(out,
         "# Routed underlay: eBGP per RFC 7938 (" + tierName(sw.tier) + ", ASN "
             + std::to_string(sw.asn) + "), same plan as " + sw.hostname + ".frr.conf");
    line(out, "nv set router bgp autonomous-system " + std::to_string(sw.asn));
    line(out, "nv set router bgp router-id " + ipv4Text(sw.loopback));
    line(out, "nv set interface lo ip address " + ipv4Text(sw.loopback) + "/32");
    if (!sw.managementPort.empty())
        line(out,
             "nv set interface " + sw.managementPort + " ip address " + ipv4Text(sw.management)
                 + "/" + std::to_string(plan.options.management.length));
    line(out, bgp + "peer-group " + group + " remote-as external");
    line(out, bgp + "peer-group " + group + " timers keepalive " + std::to_string(kKeepaliveS));
    line(out, bgp + "peer-group " + group + " timers hold " + std::to_string(kHoldS));
    if (plan.options.bfd)
        line(out, bgp + "peer-group " + group + " bfd enable on");
    line(out, bgp + "path-selection multipath aspath-ignore on");
    line(out, bgp + "address-family ipv4-unicast multipaths ebgp " + std::to_string(kMaxPaths));
    for (const FabricPort &port : sw.fabricPorts) {
        const std::string asn = std::to_string(port.peerAsn);
        if (plan.options.peering == Peering::Numbered) {
            const std::string peer = ipv4Text(port.peerIp);
            line(out,
                 "nv set interface " + port.port + " ip address " + ipv4Text(port.localIp) + "/31");
            line(out, bgp + "neighbor " + peer + " remote-as " + asn);
            line(out, bgp + "neighbor " + peer + " peer-group " + group);
        } else {
            // An interface name as neighbour is BGP unnumbered in NVUE.
            line(out, bgp + "neighbor " + port.port + " remote-as " + asn);
            line(out, bgp + "neighbor " + port.port + " peer-group " + group);
        }
    }
    for (const HostPort &port : sw.hostPorts)
        line(out, "nv set interface " + port.port + " ip address " + ipv4Text(port.leafIp) + "/31");
    line(out, bgp + "address-family ipv4-unicast network " + ipv4Text(sw.loopback) + "/32");
    for (const HostPort &port : sw.hostPorts)
        line(out, bgp + "address-family ipv4-unicast network " + ipv4Text(port.leafIp) + "/31");
    // RoCE-aware load balancing on Spectrum: adaptive routing picks the least loaded uplink
    // per packet burst (ref:nvidia-cumulus-adaptive-routing). Cumulus 5.1-5.14 syntax; 5.15
    // and later write `state enabled`.
    line(out, "# RoCE load balancing: adaptive routing on the fabric ports (Spectrum-2 and later)");
    line(out, "nv set router adaptive-routing enable on");
    for (const FabricPort &port : sw.fabricPorts)
        line(out, "nv set interface " + port.port + " router adaptive-routing enable on");
    return out;
}

} // namespace cw::exporters::underlay

// Arista EOS configuration of the routed underlay (ref:arista-eos-bgp): the same plan as
// frr.conf, in EOS syntax (4.23+ spelling "peer group").

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

void interfaces(std::string &out, const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    const bool numbered = plan.options.peering == Peering::Numbered;
    line(out, "interface Loopback0");
    line(out, "   ip address " + ipv4Text(sw.loopback) + "/32");
    for (const FabricPort &port : sw.fabricPorts) {
        line(out, "!");
        line(out, "interface " + port.port);
        line(out, "   no switchport");
        if (numbered)
            line(out, "   ip address " + ipv4Text(port.localIp) + "/31");
        else
            line(out, "   ipv6 enable");
    }
    for (const HostPort &port : sw.hostPorts) {
        line(out, "!");
        line(out, "interface " + port.port);
        line(out, "   no switchport");
        line(out, "   ip address " + ipv4Text(port.leafIp) + "/31");
    }
    if (!sw.managementPort.empty()) {
        line(out, "!");
        line(out, "interface " + sw.managementPort);
        line(out,
             "   ip address " + ipv4Text(sw.management) + "/"
                 + std::to_string(plan.options.management.length));
    }
}

} // namespace

std::string eosUnderlay(const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    const bool numbered = plan.options.peering == Peering::Numbered;
    const std::string group = "FABRIC";
    std::string out;
    line(out, "!");
    line(out,
         "! Routed underlay: eBGP per RFC 7938 (" + tierName(sw.tier) + ", ASN "
             + std::to_string(sw.asn) + "), same plan as " + sw.hostname + ".frr.conf");
    line(out, "ip routing");
    if (!numbered)
        line(out, "ip routing ipv6 interfaces");
    line(out, "!");
    interfaces(out, plan, sw);
    line(out, "!");
    line(out, "router bgp " + std::to_string(sw.asn));
    line(out, "   router-id " + ipv4Text(sw.loopback));
    line(out, "   timers bgp " + std::to_string(kKeepaliveS) + " " + std::to_string(kHoldS));
    line(out,
         "   maximum-paths " + std::to_string(kMaxPaths) + " ecmp " + std::to_string(kMaxPaths));
    line(out, "   bgp bestpath as-path multipath-relax");
    line(out, "   neighbor " + group + " peer group");
    if (plan.options.bfd)
        line(out, "   neighbor " + group + " bfd");
    for (const FabricPort &port : sw.fabricPorts) {
        const std::string asn = std::to_string(port.peerAsn);
        if (numbered) {
            const std::string peer = ipv4Text(port.peerIp);
            line(out, "   neighbor " + peer + " peer group " + group);
            line(out, "   neighbor " + peer + " remote-as " + asn);
            line(out, "   neighbor " + peer + " description " + port.peer);
        } else {
            line(out,
                 "   neighbor interface " + port.port + " peer-group " + group + " remote-as "
                     + asn);
        }
    }
    line(out, "   !");
    line(out, "   address-family ipv4");
    line(out, "      neighbor " + group + " activate");
    if (!numbered)
        line(out, "      neighbor " + group + " next-hop address-family ipv6 originate");
    line(out, "      network " + ipv4Text(sw.loopback) + "/32");
    for (const HostPort &port : sw.hostPorts)
        line(out, "      network " + ipv4Text(port.leafIp) + "/31");
    return out;
}

} // namespace cw::exporters::underlay

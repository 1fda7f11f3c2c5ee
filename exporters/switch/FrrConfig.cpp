// frr.conf for one switch of a routed RoCE underlay: the routing stack SONiC (split mode) and
// Cumulus Linux run. Commands from the FRR 8.x user guide (ref:frr-bgp, ref:frr-zebra); the
// CTest tst_underlay_frr loads these files into Debian's FRR in network namespaces.

#include "exporters/switch/FrrConfig.h"

#include "exporters/common/FileHeader.h"
#include "exporters/switch/Underlay.h"

namespace cw::exporters::underlay {
namespace {

constexpr const char *kPeerGroup = "FABRIC";

void line(std::string &out, const std::string &text)
{
    out += text;
    out += '\n';
}

std::string railText(int block)
{
    return block < 32 ? "rail " + std::to_string(block) : "rail block " + std::to_string(block);
}

void interfaces(std::string &out, const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    line(out, "interface lo");
    line(out, " ip address " + ipv4Text(sw.loopback) + "/32");
    line(out, "exit");
    for (const FabricPort &port : sw.fabricPorts) {
        line(out, "!");
        line(out, "interface " + port.port);
        line(out, " description to " + port.peer + " " + port.peerPort);
        if (plan.options.peering == Peering::Numbered) {
            line(out, " ip address " + ipv4Text(port.localIp) + "/31");
        } else {
            // BGP unnumbered learns the peer's link-local address from its router
            // advertisements (ref:frr-bgp "Unnumbered"): RAs on, every 5 s.
            line(out, " ipv6 nd ra-interval 5");
            line(out, " no ipv6 nd suppress-ra");
        }
        line(out, "exit");
    }
    for (const HostPort &port : sw.hostPorts) {
        line(out, "!");
        line(out, "interface " + port.port);
        line(out,
             " description to " + port.host + " " + port.hostPort + " (" + railText(port.railBlock)
                 + ")");
        line(out, " ip address " + ipv4Text(port.leafIp) + "/31");
        line(out, "exit");
    }
}

void neighbours(std::string &out, const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    const std::string group = kPeerGroup;
    line(out, " neighbor " + group + " peer-group");
    line(out,
         " neighbor " + group + " timers " + std::to_string(kKeepaliveS) + " "
             + std::to_string(kHoldS));
    // Announce changes at once; RFC 7938 6.2: the fabric converges in one update per hop.
    line(out, " neighbor " + group + " advertisement-interval 0");
    if (plan.options.bfd)
        line(out, " neighbor " + group + " bfd");
    for (const FabricPort &port : sw.fabricPorts) {
        const std::string asn = std::to_string(port.peerAsn);
        if (plan.options.peering == Peering::Numbered) {
            const std::string peer = ipv4Text(port.peerIp);
            line(out, " neighbor " + peer + " remote-as " + asn);
            line(out, " neighbor " + peer + " peer-group " + group);
            line(out, " neighbor " + peer + " description " + port.peer + " " + port.peerPort);
        } else {
            line(out, " neighbor " + port.port + " interface remote-as " + asn);
            line(out, " neighbor " + port.port + " peer-group " + group);
            line(out, " neighbor " + port.port + " description " + port.peer + " " + port.peerPort);
        }
    }
}

} // namespace

std::string tierName(int tier)
{
    return tier == 0 ? "leaf" : tier == 1 ? "spine" : "super-spine";
}

std::string frrConfig(const Design &design, const UnderlayPlan &plan, const UnderlaySwitch &sw)
{
    std::string out = fileHeader(design, "!", "FRR configuration (frr.conf)");
    line(out,
         "! " + tierName(sw.tier) + " " + sw.hostname + " of fabric " + plan.fabricName
             + ": eBGP underlay per RFC 7938, one ASN per leaf, one per spine pod,");
    line(out, "! one for the top tier. Load with vtysh -b or frr-reload.py; on SONiC this is the");
    line(out, "! split-mode alternative to the BGP_NEIGHBOR tables of the config_db fragment.");
    line(out, "hostname " + sw.hostname);
    line(out, "log syslog informational");
    line(out, "service integrated-vtysh-config");
    // A switch routes: zebra turns the kernel's forwarding on (IPv6 too, for unnumbered
    // next hops) rather than leaving it to the NOS image.
    line(out, "ip forwarding");
    line(out, "ipv6 forwarding");
    line(out, "!");
    interfaces(out, plan, sw);
    line(out, "!");
    line(out, "router bgp " + std::to_string(sw.asn));
    line(out, " bgp router-id " + ipv4Text(sw.loopback));
    line(out, " bgp log-neighbor-changes");
    // Every peer is a switch of this fabric and announcements are limited to `network`
    // statements below, so no import/export policy is needed (FRR 8 refuses to exchange eBGP
    // routes without one unless told).
    line(out, " no bgp ebgp-requires-policy");
    // Paths through spines of different pods differ in AS numbers, not in length: relax so
    // they still form one ECMP group (RFC 7938 6.3).
    line(out, " bgp bestpath as-path multipath-relax");
    neighbours(out, plan, sw);
    line(out, " !");
    line(out, " address-family ipv4 unicast");
    line(out, "  network " + ipv4Text(sw.loopback) + "/32");
    for (const HostPort &port : sw.hostPorts)
        line(out, "  network " + ipv4Text(port.leafIp) + "/31");
    line(out, "  maximum-paths " + std::to_string(kMaxPaths));
    line(out, " exit-address-family");
    line(out, "exit");
    if (plan.options.bfd) {
        line(out, "!");
        line(out, "! BFD (bfdd) detects a failed path in under a second (ref:rfc5880).");
        line(out, "bfd");
        line(out, "exit");
    }
    line(out, "!");
    line(out, "end");
    return out;
}

} // namespace cw::exporters::underlay

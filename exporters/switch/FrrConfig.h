#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::underlay {

struct UnderlayPlan;
struct UnderlaySwitch;

/// ECMP width written everywhere: FRR's `maximum-paths` ceiling on Debian's build and more
/// next hops than any leaf of a two- or three-tier fabric has spines.
inline constexpr int kMaxPaths = 64;
/// BGP keepalive / hold time in seconds: FRR's `datacenter` profile (ref:frr-bgp), short
/// enough that a silent failure is noticed in seconds; a link that goes down is noticed at
/// once (fast external failover).
inline constexpr int kKeepaliveS = 3;
inline constexpr int kHoldS = 9;

/// frr.conf (integrated configuration, loaded by `vtysh -b` or frr-reload) of one switch:
/// loopback and routed port addresses (zebra), eBGP to every fabric neighbour in the
/// RFC 7938 ASN plan, ECMP across all of them, the loopback and host /31s announced.
std::string frrConfig(const Design &design, const UnderlayPlan &plan, const UnderlaySwitch &sw);

/// Human tier name: "leaf", "spine", "super-spine".
std::string tierName(int tier);

} // namespace cw::exporters::underlay

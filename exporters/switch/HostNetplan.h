#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::underlay {

struct UnderlayPlan;
struct UnderlayHost;

/// Routing table of a rail block's NIC on the hosts: 100 + block (tables 1-99 are left to
/// the site, 253-255 are the kernel's).
inline constexpr int kRailTableBase = 100;

/// Netplan (networkd) file of one host's rail NICs (ref:netplan-yaml): each NIC its /31 and
/// MTU; its rail block routed via its leaf in the main table; the whole host pool routed via
/// its leaf in the NIC's own table, chosen by source address, so every NIC sends from its own
/// address out of its own port (what RDMA needs: a QP is bound to one NIC and its address).
std::string hostNetplan(const Design &design, const UnderlayPlan &plan, const UnderlayHost &host);

} // namespace cw::exporters::underlay

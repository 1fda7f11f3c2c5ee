#pragma once

#include <string>

namespace cw::exporters::underlay {

struct UnderlayPlan;
struct UnderlaySwitch;

/// The SONiC config_db fragment `configDbJson` with the underlay tables merged in:
/// DEVICE_METADATA bgp_asn/type, LOOPBACK_INTERFACE, INTERFACE, BGP_NEIGHBOR (numbered
/// peering), MGMT_INTERFACE (ref:sonic-configuration).
std::string sonicWithUnderlay(const std::string &configDbJson, const UnderlayPlan &plan,
                              const UnderlaySwitch &sw);

/// Cumulus Linux NVUE commands for the underlay (ref:nvidia-cumulus-bgp), to run before
/// `nv config apply`.
std::string nvueUnderlay(const UnderlayPlan &plan, const UnderlaySwitch &sw);

/// Arista EOS configuration of the underlay (ref:arista-eos-bgp), to merge before `end`.
std::string eosUnderlay(const UnderlayPlan &plan, const UnderlaySwitch &sw);

/// `text` with `insert` placed before the last occurrence of `marker` (appended when the
/// marker is missing).
std::string spliceBefore(const std::string &text, const std::string &marker,
                         const std::string &insert);

} // namespace cw::exporters::underlay

#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::roce {

struct SwitchPlan;

/// NVIDIA Cumulus Linux 5.x NVUE commands for one switch, as a shell script of `nv set` lines
/// ending in `nv config apply`: hostname, per-port description/MTU; on a RoCEv2 fabric
/// `nv set qos roce` followed by the design's DSCP map, egress queues, PFC priority and cable
/// length, ETS, ECN thresholds and the PFC watchdog (ref:nvidia-cumulus-roce, ref:cumulus-qos).
std::string nvueCommands(const Design &design, const SwitchPlan &plan);

} // namespace cw::exporters::roce

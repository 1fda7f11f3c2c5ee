#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::roce {

struct SwitchPlan;

/// An Arista EOS configuration section for one switch: hostname and interfaces with
/// description and MTU; on a RoCEv2 fabric the DSCP -> traffic-class map, the PFC watchdog
/// and a `qos profile` (qos trust dscp, per-queue bandwidth and ECN random-detect,
/// priority-flow-control on / priority N no-drop / pause watchdog) applied to every cabled
/// interface (syntax of Arista AVD's templates, ref:arista-avd).
std::string eosConfig(const Design &design, const SwitchPlan &plan);

} // namespace cw::exporters::roce

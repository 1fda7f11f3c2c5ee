#pragma once

#include <string>

namespace cw::exporters::roce {

struct SwitchPlan;

/// A SONiC config_db.json fragment for one switch (ref:sonic-config-db): DEVICE_METADATA
/// hostname and PORT mtu/speed/description; on a RoCEv2 fabric also the DSCP/TC/PG/queue
/// maps, PORT_QOS_MAP with pfc_enable, WRED_PROFILE with ECN, SCHEDULER, QUEUE, PFC_WD,
/// CABLE_LENGTH, BUFFER_PROFILE (headroom, ref:sonic-buffer-headroom) and BUFFER_PG. Keys sorted,
/// 2-space indent. JSON has no comments and SONiC writes every top-level key into CONFIG_DB as a
/// table, so the file carries no header.
std::string sonicConfigDb(const SwitchPlan &plan);

} // namespace cw::exporters::roce

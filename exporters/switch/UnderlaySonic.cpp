// SONiC config_db tables of the routed underlay (sonic-buildimage Configuration.md,
// ref:sonic-configuration): what bgpcfgd renders into FRR in SONiC's default (unified)
// routing mode. Unnumbered peering has no config_db form there: its sessions are in
// frr.conf (docker_routing_config_mode split), the interfaces here only get link-local.

#include "exporters/switch/FrrConfig.h"
#include "exporters/switch/Underlay.h"
#include "exporters/switch/UnderlayNos.h"

#include <nlohmann/json.hpp>

namespace cw::exporters::underlay {

std::string sonicWithUnderlay(const std::string &configDbJson, const UnderlayPlan &plan,
                              const UnderlaySwitch &sw)
{
    using nlohmann::json;
    json db = json::parse(configDbJson);
    json &meta = db["DEVICE_METADATA"]["localhost"];
    meta["bgp_asn"] = std::to_string(sw.asn);
    // SONiC's device types for a Clos fabric (ToR = LeafRouter, T1 = SpineRouter).
    meta["type"] = sw.tier == 0 ? "LeafRouter" : "SpineRouter";
    db["LOOPBACK_INTERFACE"]["Loopback0"] = json::object();
    db["LOOPBACK_INTERFACE"]["Loopback0|" + ipv4Text(sw.loopback) + "/32"] = json::object();
    const bool numbered = plan.options.peering == Peering::Numbered;
    for (const FabricPort &port : sw.fabricPorts) {
        if (!numbered) {
            db["INTERFACE"][port.port] = { { "ipv6_use_link_local_only", "enable" } };
            continue;
        }
        db["INTERFACE"][port.port] = json::object();
        db["INTERFACE"][port.port + "|" + ipv4Text(port.localIp) + "/31"] = json::object();
        db["BGP_NEIGHBOR"][ipv4Text(port.peerIp)] = { { "admin_status", "up" },
                                                      { "asn", std::to_string(port.peerAsn) },
                                                      { "holdtime", std::to_string(kHoldS) },
                                                      { "keepalive", std::to_string(kKeepaliveS) },
                                                      { "local_addr", ipv4Text(port.localIp) },
                                                      { "name", port.peer } };
    }
    for (const HostPort &port : sw.hostPorts) {
        db["INTERFACE"][port.port] = json::object();
        db["INTERFACE"][port.port + "|" + ipv4Text(port.leafIp) + "/31"] = json::object();
    }
    if (!sw.managementPort.empty())
        db["MGMT_INTERFACE"][sw.managementPort + "|" + ipv4Text(sw.management) + "/"
                             + std::to_string(plan.options.management.length)]
            = json::object();
    return db.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string spliceBefore(const std::string &text, const std::string &marker,
                         const std::string &insert)
{
    const std::size_t at = text.rfind(marker);
    if (at == std::string::npos)
        return text + insert;
    return text.substr(0, at) + insert + text.substr(at);
}

} // namespace cw::exporters::underlay

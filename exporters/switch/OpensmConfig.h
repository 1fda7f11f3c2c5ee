#pragma once

#include "exporters/switch/IbnetTopologyModel.h"

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::ib {

/// Where the exported files go on the subnet-manager host; opensm.conf names the other
/// files by these absolute paths (opensm reads them at start).
inline constexpr const char *kOpensmDir = "/etc/opensm/";
inline constexpr const char *kOpensmConfName = "opensm.conf";
inline constexpr const char *kRootGuidFileName = "root-guids.conf";
inline constexpr const char *kNodeNameMapName = "ib-node-name-map";
inline constexpr const char *kTopologyName = "fabric.topo";

/// The routing engine list for opensm.conf and why it was chosen.
struct RoutingChoice
{
    std::string primary; ///< ftree or updn
    std::string engines; ///< the routing_engine value: "ftree,updn" or "updn"
    std::string reason; ///< one sentence for the comment above the key
};

/// ftree when the fabric is designed as a fat tree (kind fat-tree or rail-optimized) and has
/// the shape ftree accepts with a root file: at least two switch ranks and every HCA on a
/// rank-0 switch (ref:opensm-man); updn otherwise, which only needs the roots.
RoutingChoice chooseRouting(const IbFabric &fabric);

/// opensm.conf: the few keys a site sets for this fabric, each with its reason.
std::string opensmConf(const Design &design, const IbFabric &fabric, const RoutingChoice &routing);
/// The root GUID file: the top-tier switches' node GUIDs, one a line, names in comments.
std::string rootGuidFile(const Design &design, const IbFabric &fabric);
/// ib-node-name-map: `<node GUID> "<name>"` for every node, as opensm
/// (node_name_map_name) and infiniband-diags (--node-name-map) read it.
std::string nodeNameMap(const Design &design, const IbFabric &fabric);

} // namespace cw::exporters::ib

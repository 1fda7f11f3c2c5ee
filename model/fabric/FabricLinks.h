#pragma once

#include "model/fabric/FabricGraph.h"

#include <cstdint>
#include <set>
#include <unordered_map>
#include <vector>

namespace cw {

/// The links of every fabric (by fabric id), each fabric's in the design's link order, from
/// one pass over the design's links. buildFabricGraph reads every link of the design for one
/// fabric; the failure model builds the graph of every fabric (a compute, a storage and one
/// out-of-band fabric per hall), which would read the links once per fabric.
std::unordered_map<std::uint64_t, std::vector<const Link *>> linksByFabric(const Design &design);

/// buildFabricGraph with the fabric's links given (`fabricLinks`: linksByFabric's list for
/// `fabric`, or empty when it has none): the same graph, without the pass over every link.
Result<FabricGraph> buildFabricGraphFromLinks(const Design &design, const Catalog &catalog,
                                              FabricId fabric,
                                              const std::vector<const Link *> &fabricLinks,
                                              const std::set<DeviceId> &failed = {});

} // namespace cw

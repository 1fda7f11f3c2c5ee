#pragma once

#include "model/asbuilt/AsBuiltCompare.h"
#include "model/common/Result.h"

#include <string>
#include <vector>

namespace cw::changes {

/// What an InfiniBand as-built comparison needs from the design: the GUIDs and node names the
/// switch export writes (exporters/switch/IbnetTopologyModel.h: derived node GUIDs, switches by
/// hostname, one HCA "<host> <port>" per server port) and IB port numbers, and the fabric's links.
struct IbExpectation
{
    std::string fabric;
    asbuilt::EndpointMap endpoints;
    std::vector<LinkId> links;
};

/// For the InfiniBand fabric named `fabricName`; with an empty name, the InfiniBand fabric that
/// most of the observed nodes belong to.
Result<IbExpectation> ibExpectation(const Design &design, const Catalog &catalog,
                                    const std::string &fabricName,
                                    const asbuilt::Observed &observed);

} // namespace cw::changes

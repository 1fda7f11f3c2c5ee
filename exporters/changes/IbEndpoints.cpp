#include "exporters/changes/IbEndpoints.h"

#include "exporters/switch/IbnetTopologyModel.h"
#include "model/catalog/Catalog.h"

namespace cw::changes {
namespace {

/// IB port n -> design port index: a switch's non-management ports in catalog order, from 1,
/// as buildIbFabric numbers them (exporters/switch/IbnetTopologyModel.h).
std::vector<int> switchPortIndices(const Part &part)
{
    std::vector<int> byNumber { -1 };
    for (std::size_t i = 0; i < part.ports.size(); ++i)
        if (part.ports[i].role != PortRole::Management)
            byNumber.push_back(static_cast<int>(i));
    return byNumber;
}

Result<IbExpectation> build(const Design &design, const Catalog &catalog, const Fabric &fabric)
{
    auto ib = exporters::ib::buildIbFabric(design, catalog, fabric);
    if (!ib)
        return ib.error();
    IbExpectation result;
    result.fabric = fabric.name;
    for (const exporters::ib::IbNode &node : ib->nodes) {
        const Device *device = design.device(node.device);
        const Part *part = device ? catalog.find(device->catalogType) : nullptr;
        std::vector<std::string> names;
        if (part)
            for (const PortSpec &port : part->ports)
                names.push_back(port.name);
        const bool isSwitch = node.kind == exporters::ib::IbNode::Kind::Switch;
        result.endpoints.add(node.guid, node.name, node.device, isSwitch ? -1 : node.devicePort,
                             isSwitch && part ? switchPortIndices(*part) : std::vector<int> {},
                             names);
    }
    for (const exporters::ib::IbLink &link : ib->links)
        result.links.push_back(link.link);
    return result;
}

} // namespace

Result<IbExpectation> ibExpectation(const Design &design, const Catalog &catalog,
                                    const std::string &fabricName,
                                    const asbuilt::Observed &observed)
{
    const Fabric *best = nullptr;
    std::size_t bestHits = 0;
    std::optional<IbExpectation> bestExpectation;
    for (const Fabric &fabric : design.fabrics()) {
        if (fabric.technology != Technology::InfiniBand)
            continue;
        if (!fabricName.empty() && fabric.name != fabricName)
            continue;
        auto expectation = build(design, catalog, fabric);
        if (!expectation)
            return expectation.error();
        std::size_t hits = 0;
        for (const asbuilt::ObservedLink &link : observed.links)
            hits += expectation->endpoints.knows(link.a) + expectation->endpoints.knows(link.b);
        if (!best || hits > bestHits) {
            best = &fabric;
            bestHits = hits;
            bestExpectation = std::move(expectation).value();
        }
    }
    if (!best)
        return Error { fabricName.empty()
                           ? "the design has no InfiniBand fabric"
                           : "the design has no InfiniBand fabric \"" + fabricName + "\"" };
    return std::move(*bestExpectation);
}

} // namespace cw::changes

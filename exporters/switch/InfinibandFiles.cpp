// The InfiniBand half of the switch family: per IB fabric, the subnet manager's files and the
// designed topology in the format the simulator and ibnetdiscover share.
#include "exporters/switch/InfinibandFiles.h"

#include "exporters/common/ExportWriter.h"
#include "exporters/switch/IbnetTopology.h"
#include "exporters/switch/IbnetTopologyModel.h"
#include "exporters/switch/OpensmConfig.h"
#include "model/core/Design.h"

namespace cw::exporters {

Result<std::vector<ExportedFile>> infinibandFiles(const Design &design, const Catalog &catalog,
                                                  const Fabric &fabric)
{
    auto subnet = ib::buildIbFabric(design, catalog, fabric);
    if (!subnet)
        return subnet.error();
    const ib::RoutingChoice routing = ib::chooseRouting(*subnet);
    const std::string folder = safeFileName(fabric.name, "fabric") + "/";
    std::vector<ExportedFile> files;
    files.push_back({ folder + ib::kOpensmConfName, ib::opensmConf(design, *subnet, routing) });
    files.push_back({ folder + ib::kRootGuidFileName, ib::rootGuidFile(design, *subnet) });
    files.push_back({ folder + ib::kNodeNameMapName, ib::nodeNameMap(design, *subnet) });
    files.push_back({ folder + ib::kTopologyName, ib::ibnetTopologyText(design, *subnet) });
    return files;
}

} // namespace cw::exporters

#pragma once

#include "model/catalog/Part.h"
#include "model/common/Result.h"
#include "model/core/Design.h"

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace cw {

class Catalog;

/// Assembles designs from code and tests with the checks a person would want: unknown or
/// wrong-kind catalog types, U slots that overlap or overflow the rack, ports that do not
/// exist or are already used, duplicate hostnames. Each check returns an Error naming the
/// objects involved instead of asserting.
class DesignBuilder
{
public:
    DesignBuilder(Design &design, const Catalog &catalog);

    Result<RowId> addRow(std::string name, double powerBudgetKw = 0);
    /// `position` < 0 places the rack after the last one in the row.
    Result<RackId> addRack(RowId row, std::string name, std::string_view rackType,
                           std::vector<Pdu> pdus = {}, int position = -1);
    Result<DeviceId> placeDevice(RackId rack, std::string name, std::string_view type,
                                 int uPosition, DeviceRole role, Face face = Face::Front,
                                 int tier = -1);
    /// Fabric is added as given; only its id is assigned.
    Result<FabricId> addFabric(Fabric fabric);
    Result<LinkId> connect(FabricId fabric, DeviceId a, std::string_view portA, DeviceId b,
                           std::string_view portB, std::string_view cableType = {},
                           double lengthM = 0);
    Result<LinkId> connect(FabricId fabric, PortRef a, PortRef b, std::string_view cableType = {},
                           double lengthM = 0);
    Result<StorageTierId> addStorageTier(StorageTier tier);

    Result<PortRef> port(DeviceId device, std::string_view portName) const;
    /// The first port of `role` on the device that has no link, or an error if all are used.
    Result<PortRef> firstFreePort(DeviceId device, PortRole role) const;
    /// The device's ports of `role` in catalog order (rail order for compute ports).
    std::vector<PortRef> ports(DeviceId device, PortRole role) const;
    /// The first U at or above `fromU` where a part `type` fits in the rack, or an error.
    Result<int> firstFreeU(RackId rack, std::string_view type, int fromU = 1) const;

    const Part *partOf(DeviceId device) const;
    Design &design() { return m_design; }

private:
    Result<const Part *> catalogPart(std::string_view type, std::initializer_list<PartKind> kinds,
                                     const char *what) const;
    Result<void> checkSlot(const Rack &rack, const Part &part, int uPosition,
                           DeviceId ignore) const;

    Design &m_design;
    const Catalog &m_catalog;
    std::unordered_set<std::string> m_hostnames;
};

} // namespace cw

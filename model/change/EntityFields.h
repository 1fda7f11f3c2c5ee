#pragma once

#include "model/core/Design.h"

#include <functional>
#include <string>
#include <vector>

namespace cw {
class Catalog;
}

namespace cw::change {

/// What a field's text needs to name things: the design it belongs to (rack, fabric, device
/// names instead of ids) and, when known, the catalog (port names instead of indices).
struct NameContext
{
    const Design &design;
    const Catalog *catalog = nullptr;
};

/// One comparable, copyable field of an entity. The diff prints `text` (names and units, as a
/// reviewer reads them); the merge compares with `equal` (raw values: a renamed rack does not
/// change its devices) and takes one side's value with `copy`.
template<typename Entity>
struct FieldDef
{
    std::string name;
    std::function<std::string(const Entity &, const NameContext &)> text;
    std::function<bool(const Entity &, const Entity &)> equal;
    std::function<void(Entity &, const Entity &)> copy;
};

const std::vector<FieldDef<Row>> &rowFields();
const std::vector<FieldDef<Rack>> &rackFields();
const std::vector<FieldDef<Device>> &deviceFields();
const std::vector<FieldDef<Link>> &linkFields();
const std::vector<FieldDef<Fabric>> &fabricFields();
const std::vector<FieldDef<StorageTier>> &storageTierFields();
const std::vector<FieldDef<Site>> &siteFields();
const std::vector<FieldDef<SchedulerSettings>> &schedulerFields();
const std::vector<FieldDef<NcclSettings>> &ncclFields();
const std::vector<FieldDef<Workload>> &workloadFields();
const std::vector<FieldDef<Waiver>> &waiverFields();

/// A number as people write it: at most 6 significant decimals, no trailing zeros, '.' as the
/// decimal point whatever the locale; `unit` appended after a space when not empty.
std::string numberText(double value, const std::string &unit = {});
/// "A07 U10": the rack and lowest U of a device; "unplaced" when its rack is unknown.
std::string deviceLocation(const Design &design, DeviceId id);
/// "dgx001 mlx5_0": a device and its catalog port name (port<N+1> when unknown).
std::string portText(const NameContext &context, PortRef port);

} // namespace cw::change

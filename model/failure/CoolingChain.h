#pragma once

#include "model/core/Ids.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// A coolant distribution unit: a floor-standing CDU (a rack position whose catalog part is a
/// CDU) or an in-rack CDU (a device whose part is one). Either supplies the row it stands in,
/// as the cooling.cdu-* rules count it (docs/failure-domains.md, "Cooling").
struct CduUnit
{
    std::uint64_t id = 0; ///< the rack's or the device's id
    bool isRack = false;
    std::string name;
    RowId row;
    double capacityW = 0;
};

/// The liquid side of one row: its CDUs and the devices whose heat leaves by liquid.
struct RowLiquid
{
    RowId row;
    std::vector<std::size_t> cdus; ///< indexes into CoolingChain::cdus
    std::vector<DeviceId> liquidDevices; ///< liquid-cooled parts, or hybrid ones in a liquid rack
    double liquidW = 0; ///< their maximum power summed: all electrical power ends as heat
    double capacityW = 0; ///< the CDUs' capacity summed
};

/// Which CDUs cool which devices, derived from the design and the catalog.
struct CoolingChain
{
    std::vector<CduUnit> cdus; ///< design order: rack CDUs, then device CDUs
    std::vector<RowLiquid> rows; ///< rows with a CDU or liquid heat, design order
    std::unordered_map<std::uint64_t, std::size_t> cduOf; ///< rack or device id -> cdus index
    std::unordered_map<std::uint64_t, std::size_t> rowOf; ///< row id -> rows index
};

CoolingChain buildCoolingChain(const Design &design, const Catalog &catalog);

/// The CDUs of a design (rack CDUs, then device CDUs, each in design order).
std::vector<CduUnit> findCdus(const Design &design, const Catalog &catalog);

} // namespace cw

#pragma once

#include "model/common/Result.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
namespace cabling {
struct CablePlan;
}
} // namespace cw

namespace cw::bom {

/// The category names, in the order the files list them.
inline constexpr const char *kCompute = "compute";
inline constexpr const char *kNetwork = "network";
inline constexpr const char *kOpticsCables = "optics and cables";
inline constexpr const char *kStorage = "storage";
inline constexpr const char *kRacksPower = "racks and power";
inline constexpr const char *kCooling = "cooling";
inline constexpr const char *kSoftwareSupport = "software/support";
inline constexpr const char *kSpares = "spares";
const std::vector<std::string> &categoryOrder();

/// How many spares to buy. The design format has no spares policy of its own
/// (model/core/Settings.h), so these defaults are the issue's: one spare HCA/NIC per 16,
/// 2 % of cables and optics, one spare PSU per 32. Every count rounds up ("or part thereof"),
/// so any design with at least one item of a kind gets at least one spare of it.
struct SparesPolicy
{
    int hostAdaptersPerSpare = 16; ///< linked host fabric ports (HCA/NIC) per spare adapter
    double cablesOpticsPct = 2; ///< spares per BOM line of cables, optics and fibres, %
    int psusPerSpare = 32; ///< server power supplies per spare PSU

    /// One sentence stating the policy, as the files print it.
    std::string describe() const;
};

/// One line item.
struct BomLine
{
    std::string category;
    std::string partNumber;
    std::string description;
    int quantity = 0;
    double unitPriceUsd = 0;
    double extendedUsd = 0; ///< quantity x unitPriceUsd
    double powerW = 0; ///< quantity x the part's maximum power (0 for spares and passive parts)
    double heatW = 0; ///< heat into the room: equals powerW (all IT power ends as heat)
    bool spare = false;
    std::string catalogId; ///< the catalog part, empty for items the catalog does not carry
    std::string remark; ///< "no catalog price" and the like
};

/// Totals of one category.
struct BomCategory
{
    std::string name;
    double totalUsd = 0;
    double powerW = 0;
    double heatW = 0;
};

/// The bill of materials of a design.
struct Bom
{
    std::vector<BomLine> lines; ///< grouped by category, in categoryOrder()
    std::vector<BomCategory> categories; ///< every category, in categoryOrder(), even if empty
    double grandTotalUsd = 0;
    int gpus = 0;
    double usdPerGpu = 0; ///< 0 when the design has no GPUs
    std::vector<std::string> notes; ///< unpriced items, the spares policy, assumptions
    SparesPolicy spares;
    double powerW = 0; ///< sum of the categories' power
    double heatW = 0;
    /// powerW = devicePowerW + cablingPowerW + pduPowerW: the devices' maximum (the IT load of
    /// procurement-checklist.md), optics and active cable ends, and the PDUs' own draw.
    double devicePowerW = 0;
    double cablingPowerW = 0;
    int transceivers = 0; ///< the cabling plan's transceiver modules (CablePlan::total)
    double pduPowerW = 0;
};

/// Counts every item of the design, prices it from the catalog (Part::priceUsd; a part with
/// no price is listed at 0 with a note, never dropped) and adds spares by `policy`. Fails
/// only when the design's cabling cannot be read (a link to a missing device).
Result<Bom> computeBom(const Design &design, const Catalog &catalog,
                       const SparesPolicy &policy = {});
/// The same from a cabling plan the caller already has (its counts: CablePlanDetail
/// CountsOnly is enough), so a report that shows both builds the plan once.
Bom computeBom(const Design &design, const Catalog &catalog, const cabling::CablePlan &plan,
               const SparesPolicy &policy = {});

} // namespace cw::bom

#pragma once

#include "model/common/Result.h"
#include "model/core/Ids.h"
#include "model/quantities/PlanLink.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Part;
} // namespace cw

namespace cw::cabling {

/// One end of a cable: where it plugs in.
struct CableEnd
{
    DeviceId deviceId;
    std::string row; ///< row name, empty when the rack has no row
    std::string rack; ///< rack name
    int u = 0; ///< the device's lowest U (1 = bottom)
    std::string device; ///< hostname
    int portIndex = -1;
    std::string port; ///< the catalog port name ("mlx5_0", "p17"), or "port<N>" if unknown
};

/// One row of the cabling plan: one design link, i.e. one logical connection between two
/// ports. A twin-port or splitter part carries `linksPerCable` of them (docs/catalog.md):
/// those links are the legs of one physical cable and share its `cableId`.
struct CableRow
{
    LinkId link;
    /// The physical cable: "C" + the link id of its first leg, at least five digits, so it
    /// stays stable across edits elsewhere in the design. Shared by the legs of a twin-port
    /// or splitter cable.
    std::string cableId;
    int leg = 1; ///< 1-based position of this link in its cable (by the twin-port end's port)
    int legs = 1; ///< links the physical cable carries in this design (<= linksPerCable)
    std::string fabric;
    CableEnd a; ///< host side, or the lower switch tier (see orderEnds in the .cpp)
    CableEnd z;
    std::string medium; ///< catalog medium (dac, acc, aoc, sr4, dr4...), "none", "unknown"
    std::string catalogPart; ///< the link's cableType
    std::string partNumber; ///< see partNumberOf()
    double lengthM = 0;
    double speedGbps = 0; ///< slowest of the two ports and the cable's per-link speed
    /// Links one physical cable of this row's part carries: the catalog's figure for copper
    /// twin-port and splitter cables, 1 for optics (each link has its own fibre; the
    /// twin-port modules at the ends are counted in CableGroup::transceivers).
    int linksPerCable = 1;
    bool transceiver = false; ///< optics: a module at each end plus a fibre
    /// Optics: the module part at each end (the link's part, or the catalog module that fits
    /// that end's cage, e.g. the twin-port one in a switch's OSFP-twin cage).
    std::string moduleA;
    std::string moduleZ;
};

/// The legs of one physical cable, in leg order (pointers into CablePlan::rows).
struct PhysicalCable
{
    std::string cableId;
    std::string fabric;
    std::vector<const CableRow *> legs;
};

/// Links of one catalog part and one length, with the physical items they need.
struct CableGroup
{
    std::string catalogPart;
    std::string partNumber;
    std::string description; ///< catalog model, or why there is none
    std::string medium;
    std::string fibre; ///< transceivers: "mmf" / "smf"
    double lengthM = 0;
    double unitPriceUsd = 0; ///< catalog priceUsd of one cable or one transceiver module
    bool transceiver = false;
    bool inCatalog = false;
    int links = 0;
    int cables = 0; ///< physical cables (twin legs paired on the twin-port end's cages); optics:
                    ///< fibres = links
    /// Optics: the modules of the cages whose first link (in row order) is in this group; see
    /// CablePlan::modules. A twin-port cage's module counts once, in one group.
    int transceivers = 0;
    double activePowerW = 0; ///< those modules x maxPowerW, or active-cable ends x powerWPerEnd
};

/// The transceiver modules of one catalog part over the whole plan (bom.csv's module lines).
/// Each end of an optics link holds the module whose own cage (CableSpec::endA) fits that
/// end's port cage; a module serving linksPerCable ports (twin-port OSFP) is shared by the
/// links on the ports of one cage.
struct ModuleCount
{
    std::string catalogPart;
    std::string partNumber;
    std::string description; ///< catalog model
    std::string medium;
    double unitPriceUsd = 0;
    int count = 0;
    double powerW = 0; ///< count x maxPowerW
};

/// Count per medium and length bin (cabling-summary.csv).
struct SummaryRow
{
    std::string medium;
    std::string lengthBin;
    int links = 0;
    int cables = 0;
    int transceivers = 0;
    double activePowerW = 0;
};

/// The cabling plan of a design: one row per link, the links grouped by part and length,
/// and the summary by medium and length bin.
struct CablePlan
{
    std::vector<CableRow> rows;
    std::vector<CableGroup> groups; ///< sorted by medium, part, length
    std::vector<ModuleCount> modules; ///< transceiver modules per part, sorted by part id
    std::vector<SummaryRow> summary; ///< sorted by medium, then bin edge
    SummaryRow total; ///< medium "all", bin "all"
    std::vector<std::string> notes; ///< links without a cable, parts not in the catalog
    /// CablePlanDetail::Links: the rows without their text, in plan order (`rows` is then
    /// empty). They point into the design and catalog the plan was built from, and into
    /// `places` and `partNumbers`, which the plan (and its copies) keep alive.
    std::vector<PlanLink> links;
    std::shared_ptr<const std::vector<DevicePlace>> places;
    std::shared_ptr<const std::deque<std::string>> partNumbers;
};

/// How much of the plan to keep.
enum class CablePlanDetail {
    Rows, ///< every row with its location text (work orders, tests)
    /// Every row as a PlanLink (`links`), no text: the cabling and NetBox exports format the
    /// text straight into their files.
    Links,
    /// The groups, modules, summary, total and notes only: `rows` is left empty and no row
    /// carries location text (BOM, procurement checklist, cost prefill, report): at 16,384
    /// nodes the counts without half a million rows of strings.
    CountsOnly,
};

/// Builds the plan. Fails only on a link whose device is missing from the design (a broken
/// file); anything else odd is kept and named in `notes`. The counts are the same whatever
/// the detail.
Result<CablePlan> buildCablePlan(const Design &design, const Catalog &catalog,
                                 CablePlanDetail detail = CablePlanDetail::Rows);

/// The plan's physical cables in row order of their first leg (labels.csv: one per cable).
std::vector<PhysicalCable> physicalCables(const CablePlan &plan);

/// The orderable part number of a catalog part: its `partNumberPattern` (LinkX "xx" = length
/// code), else its model when that is a bare part number (no spaces: "MMA4Z00-NS"), else its id.
std::string partNumberOf(const Part &part);

/// A part as a reader names it: vendor and model, the vendor left out when the model
/// already starts with it ("Generic 1U head node", not "Generic Generic 1U head node").
std::string displayName(const Part &part);

/// The length bin a cable falls in: "0-1", "1-2", "2-3", "3-5", "5-10", "10-30", "30-50",
/// "50-100", "100+" (metres, upper bound included). The edges follow the media reaches of
/// ref:nvidia-linkx-specs: passive DAC <= 2-3 m, ACC 4-5 m, AOC <= 30 m, MMF optics <= 50 m,
/// SMF DR4 <= 100 m, FR4 beyond.
std::string lengthBin(double lengthM);
/// The bins in order.
const std::vector<std::string> &lengthBins();

} // namespace cw::cabling

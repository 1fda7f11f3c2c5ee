#pragma once

#include "calculators/CoolantFlow.h"
#include "calculators/Power.h"
#include "model/common/Result.h"
#include "model/core/Design.h"
#include "model/quantities/BillOfMaterials.h"
#include "model/quantities/CablePlan.h"
#include "model/summary/DesignSummary.h"
#include "model/validation/ValidationEngine.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cw {
class Catalog;
}

namespace cw::report {

/// One device drawn in a rack elevation.
struct MountedDevice
{
    std::string name;
    std::string partId;
    int bottomU = 1;
    int heightU = 1;
    Face face = Face::Front;
    DeviceRole role = DeviceRole::Compute;
    double maxPowerW = 0;
};

/// What one power feed (A or B) of a rack can carry.
struct FeedFigures
{
    bool present = false;
    int pdus = 0;
    double capacityKw = 0; ///< sum of its PDUs after the 80 % continuous derating
    double failoverLoadPct = 0; ///< the whole rack on this feed alone, % of capacityKw
    std::string breakers; ///< "2 x 32 A", identical PDUs grouped
    std::string phases; ///< "3-ph 400 V"
    std::string pduTypes; ///< catalog types (or names) of its PDUs
};

/// Power, cooling, weight and contents of one rack.
struct RackFigures
{
    RackId id;
    std::string name;
    std::string cabinetType; ///< the rack's catalog part ("rack-42u-air"), empty if untyped
    RowId rowId; ///< invalid when the rack has no row
    std::string row; ///< row name, "-" when the rack has no row
    int rowIndex = 0;
    int position = 0;
    int rackUnits = 42;
    Cooling cooling = Cooling::Air;
    double loadKw = 0; ///< maximum power of its devices (the power rules' figure)
    double typicalKw = 0;
    FeedFigures feedA;
    FeedFigures feedB;
    double failoverCapacityKw = 0; ///< the weaker present feed: what the rack may draw
    double airKw = 0;
    double liquidKw = 0;
    bool overAirLimit = false; ///< an air-cooled rack above the site's air limit per rack
    double equipmentKg = 0;
    double cabinetKg = 0;
    int unweighedDevices = 0; ///< devices whose part has no catalog weight: not in equipmentKg
    double widthM = 0.6;
    double depthM = 1.2;
    std::vector<MountedDevice> devices; ///< by bottom U
};

/// A row of racks and its power budget.
struct RowFigures
{
    std::string name;
    int racks = 0;
    double loadKw = 0;
    double budgetKw = 0; ///< 0 = no row budget
};

/// Heat in the three units facilities teams ask for.
struct HeatFigures
{
    double kw = 0;
    double btuPerHour = 0;
    double coolingTons = 0;
};

/// A waiver that suppressed at least one violation in this run.
struct WaiverInForce
{
    std::string ruleKey;
    std::string reason;
    int violations = 0;
};

/// One row of the failure-domain table: a single feed, PDU or row lost (whatif --sweep N-1).
struct FailureRow
{
    std::string domain; ///< "feed:A", "pdu:A01/A1", "row:R2"
    int gpusLost = 0;
    int devicesOff = 0;
    int devicesCapped = 0;
    int pdusOverloaded = 0;
    double bisectionLostGbps = 0;
    int largestJobNodes = 0;
    std::string verdict;
};

/// The worst single failure, rack by rack, for the figure: 2 = something off, 1 = capped.
struct FailureFigure
{
    std::string domain;
    std::vector<int> rackState; ///< per ReportData::racks
};

/// Rows of the failure-domain table: the worst ones; the CLI's whatif --sweep N-1 --json lists
/// every domain.
inline constexpr std::size_t kFailureTableRows = 24;
/// At most this many domains get the full simulation (bisection max-flows) for the table: at
/// 131,072 nodes 1,820 rows tie on GPUs lost and each costs seconds of max-flow.
inline constexpr std::size_t kFailureDomainsSolved = 2 * kFailureTableRows;

/// Every figure the facilities pack prints, computed once by the program's own code
/// (summarize, validateDesign, the calculators, the cabling plan and the BOM).
struct ReportData
{
    std::string designName;
    std::string date;
    int schemaVersion = 0;
    std::string generator;
    Site site;

    DesignSummary summary;
    std::optional<calc::PowerResult> facility; ///< IT max x PUE; empty when PUE is invalid
    std::string facilityNote; ///< why `facility` is empty
    HeatFigures airHeat;
    HeatFigures liquidHeat;
    std::optional<calc::CoolantFlowResult> coolant; ///< liquid heat at the site's delta T
    std::string coolantNote;
    int cdus = 0;
    double cduCapacityKw = 0;
    double cduFlowLpm = 0;
    double totalWeightKg = 0; ///< equipment plus cabinets
    double maxFloorLoadKgPerM2 = 0;
    std::string heaviestRack;
    /// Devices whose catalog part has no weight (space.rack-weight-unknown): the weights above
    /// leave them out, so they are lower bounds; their parts, sorted.
    int unweighedDevices = 0;
    std::vector<std::string> unweighedParts;

    /// The report's own validation, or (not owned) the caller's when it is the same result
    /// (validationUsableOn); never null after gatherReportData.
    std::shared_ptr<const ValidationResult> validation;
    std::vector<WaiverInForce> waiversInForce;

    std::vector<RackFigures> racks; ///< by row index, position, name
    std::vector<RowFigures> rows; ///< by row index

    std::optional<cabling::CablePlan> cabling;
    std::string cablingError;
    std::optional<bom::Bom> bom;
    std::string bomError;

    /// N-1 over every feed, PDU, CDU and row: the kFailureTableRows worst, worst first, as
    /// whatif --sweep N-1 ranks them (docs/failure-domains.md).
    std::vector<FailureRow> failureDomains;
    int failureDomainCount = 0; ///< domains tried, shown or not
    /// Domains tied with the last rows on GPUs lost whose bisection was not solved
    /// (WorstFailures::tiesUnsolved); the tied rows shown come first in design order.
    std::size_t failureTiesUnsolved = 0;
    int failureTiedGpusLost = 0;
    std::optional<FailureFigure> worstFailure;
    std::string failureError;
};

/// Gathers the report's figures. `date` (ISO 8601) goes on the cover and is the day waiver
/// expiry is judged against, as `validate` does with today's date. `validated`: a full
/// validation of `design` on that day (validationUsableOn) to print instead of running one;
/// it must outlive the rendering of the report.
ReportData gatherReportData(const Design &design, const Catalog &catalog, const std::string &date,
                            const ValidationResult *validated = nullptr);

/// Whether a validation of `design` that judged waiver expiry by `validatedOn` is the one
/// `date` gives: the day only decides which waivers have expired, so it is when no waiver's
/// expiry falls between the two days.
bool validationUsableOn(const Design &design, const std::string &validatedOn,
                        const std::string &date);

/// Floor load of a rack footprint, kg/m2 (equipment plus cabinet over width x depth).
double floorLoadKgPerM2(const RackFigures &rack);

} // namespace cw::report

#pragma once

#include "exporters/changes/WorkOrder.h"
#include "model/change/DesignDiff.h"
#include "model/common/Result.h"
#include "model/validation/Violation.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace cw::changes {

/// One BOM line item's change (same category, part number, description, spare flag).
struct BomDeltaLine
{
    std::string category;
    std::string partNumber;
    std::string description;
    bool spare = false;
    int oldQuantity = 0;
    int newQuantity = 0;
    double oldUsd = 0;
    double newUsd = 0;
};

struct BomDelta
{
    std::vector<BomDeltaLine> lines; ///< only lines whose quantity or cost changed
    double oldTotalUsd = 0;
    double newTotalUsd = 0;
};

/// Violations (not waived) present in one design and not the other, matched by rule and the
/// names of the entities involved (so a changed figure in the message is the same violation).
struct ValidationDelta
{
    std::vector<Violation> introduced;
    std::vector<Violation> fixed;
    int oldErrors = 0, newErrors = 0, oldWarnings = 0, newWarnings = 0;
};

/// The facility figures of one design.
struct DesignFigures
{
    double itPowerKw = 0; ///< devices' maximum power
    double itTypicalPowerKw = 0;
    double facilityPowerKw = 0; ///< IT x the site's PUE
    double heatKw = 0; ///< heat into the room: all IT power ends as heat
    int gpus = 0;
    struct Bisection
    {
        std::string fabric;
        double gbps = 0;
        double ratio = 0; ///< of full bisection
    };
    std::vector<Bisection> bisection; ///< compute fabrics, by max-flow over the halves split
};

struct ChangeReport
{
    std::string oldName;
    std::string newName;
    change::DesignDiff diff;
    BomDelta bom;
    std::vector<WorkOrderRow> workOrder;
    ValidationDelta validation;
    DesignFigures before;
    DesignFigures after;
};

struct ChangeReportOptions
{
    bool bisection = true;
    std::string today; ///< waiver expiry date for both validations (empty = today)
};

Result<ChangeReport> buildChangeReport(const Design &oldDesign, const Design &newDesign,
                                       const Catalog &catalog,
                                       const ChangeReportOptions &options = {});

/// The report as `clusterwright-cli diff` prints it.
std::string changeReportText(const ChangeReport &report);
nlohmann::ordered_json changeReportJson(const ChangeReport &report);
/// bom-delta.csv (RFC 4180, the header row first and nothing before it): one row per changed
/// line item, then the total.
std::string bomDeltaCsv(const BomDelta &delta);

} // namespace cw::changes

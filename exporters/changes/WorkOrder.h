#pragma once

#include "model/common/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw
namespace cw::change {
struct DesignDiff;
}
namespace cw::cabling {
struct CablePlan;
}

namespace cw::changes {

/// What the installer does with one cable. Removals come first (they free ports), then
/// re-routes and replacements, then new cables.
enum class WorkAction { Remove, Reroute, Replace, Add };
std::string_view toString(WorkAction action);

/// Where one end of a cable plugs in, as labelled on the floor.
struct WorkEnd
{
    std::string row;
    std::string rack;
    int u = 0;
    std::string device;
    std::string port;

    bool operator==(const WorkEnd &) const = default;
    /// "A07 U10 dgx042 mlx5_0" (row first when there is one: "row A / A07 U10 ...").
    std::string text() const;
};

/// One line of the cabling work order. `from` ends are where the cable is now (remove,
/// re-route, replace), `to` ends where it goes (add, re-route, replace).
struct WorkOrderRow
{
    int step = 0;
    WorkAction action = WorkAction::Add;
    std::string fabric;
    std::string cableId; ///< the cabling plan's label (old one when removed)
    std::string cablePart; ///< the part to use (new one for add/re-route/replace)
    double lengthM = 0;
    std::optional<WorkEnd> fromA, fromZ, toA, toZ;
    std::string note;
};

/// The cabling work order from `oldDesign` to `newDesign`: every link removed, added,
/// re-cabled, moved with its device, or given another cable part or length.
Result<std::vector<WorkOrderRow>> buildWorkOrder(const Design &oldDesign, const Design &newDesign,
                                                 const Catalog &catalog,
                                                 const change::DesignDiff &diff);
/// The same from both designs' cabling plans (CablePlanDetail::Rows) the caller already built,
/// so `diff` builds each plan once for the work order and the BOM delta.
std::vector<WorkOrderRow> buildWorkOrder(const Design &oldDesign, const Design &newDesign,
                                         const cabling::CablePlan &oldPlan,
                                         const cabling::CablePlan &newPlan,
                                         const change::DesignDiff &diff);

/// RFC 4180 CSV, the header row first and nothing before it (the provenance is its own file,
/// changes-provenance.txt); documented in docs/changes.md.
std::string workOrderCsv(const std::vector<WorkOrderRow> &rows);
/// A Markdown checklist table for the installers; user text escaped for Markdown.
std::string workOrderMarkdown(const std::vector<WorkOrderRow> &rows, std::string_view title);
/// Text safe inside a Markdown table cell: emphasis, code, link and table punctuation
/// (\ ` * _ [ ] | ~) backslash-escaped, line breaks as spaces, '<' and '>' as entities (no raw
/// HTML).
std::string markdownCell(std::string_view text);

} // namespace cw::changes

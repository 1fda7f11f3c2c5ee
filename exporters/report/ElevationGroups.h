#pragma once

#include "exporters/report/ReportData.h"

#include <QString>

#include <cstddef>
#include <string>
#include <vector>

namespace cw::report {

/// Racks that share one elevation drawing in the PDF: the same cabinet, height, cooling and
/// feeds, the same figures (power, heat, weight), and the same parts at the same U, height
/// and face. Only the rack's and its devices' names and its place differ; those are in the
/// rack index, the power and cooling tables and each rack's own SVG.
struct ElevationGroup
{
    std::vector<std::size_t> racks; ///< indexes into ReportData::racks, in report order
};

/// Every rack in exactly one group.
struct ElevationIndex
{
    std::vector<ElevationGroup> groups; ///< by their first rack in report order
    std::vector<std::size_t> groupOfRack; ///< per ReportData::racks
};

/// Whether `a` and `b` are drawn alike (see ElevationGroup).
bool sameElevation(const RackFigures &a, const RackFigures &b);

ElevationIndex groupElevations(const std::vector<RackFigures> &racks);

/// The label of group `group` (0-based): "E1", "E2", ...
std::string drawingLabel(std::size_t group);

/// The racks `members` (indexes into `racks`, ascending) as runs of racks next to each other
/// in report order: "C0001 to C0004, C0009, ... (412 racks)". At most `maxRuns` runs are
/// named; the count closes the text when runs are left out or there is more than one rack.
std::string rackRanges(const std::vector<RackFigures> &racks,
                       const std::vector<std::size_t> &members, std::size_t maxRuns);

/// What the drawing holds: "rack-42u-air 42U; 4 x dgx-h100 + 1 x qm9700" (parts by count,
/// in order of first mount from U1).
std::string elevationContents(const RackFigures &rack);

/// Runs of neighbouring racks a caption names; the rack index lists every rack.
inline constexpr std::size_t kCaptionRuns = 4;

/// The caption of drawing `group`, lines separated by '\n': "E1: 3,653 racks, 14.3 kW" (or
/// "E7: rack C0001, 18.6 kW"), what the racks hold (elevationContents) and, for a shared
/// drawing, which racks (rackRanges, kCaptionRuns runs). The PDF's elevation pages and the
/// grouped rack SVGs print the same text; design strings pass through qs() (displayText).
QString elevationCaption(const std::vector<RackFigures> &racks, const ElevationIndex &index,
                         std::size_t group);

} // namespace cw::report

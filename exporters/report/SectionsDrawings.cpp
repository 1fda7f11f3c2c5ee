// Floor plan and rack elevations: the drawings, several racks per page.
#include "exporters/report/FloorPlan.h"
#include "exporters/report/RackElevation.h"
#include "exporters/report/ReportSections.h"

#include <algorithm>

namespace cw::report {
namespace {

constexpr double kRackGapPt = 10; // between two racks on a page
constexpr double kFaceGapPt = 4; // between a rack's front and rear
constexpr double kMaxUPt = 16; // a U taller than this wastes paper without helping reading

} // namespace

void writeFloorPlan(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("4 Floor plan"));
    pages.paragraph(QStringLiteral("Rows and racks to scale (row pitch %1 m). Colour: rack load as "
                                   "a share of what one feed carries.")
                        .arg(number(data.site.rowPitchM, 1)),
                    8);
    const QRectF area(pages.body().left(), pages.y(), pages.body().width(), pages.remaining());
    drawFloorPlan(pages.painter(), area, data, pages.scale());
    pages.advance(area.height());
}

void writeElevations(PageWriter &pages, const ReportData &data)
{
    pages.section(QStringLiteral("5 Rack elevations"));
    if (data.racks.empty()) {
        pages.paragraph(QStringLiteral("The design has no racks."));
        return;
    }
    const Scale &scale = pages.scale();
    const double rackWidth
        = (pages.body().width() - (kRacksPerElevationPage - 1) * scale.pt(kRackGapPt))
        / kRacksPerElevationPage;
    const double faceWidth = (rackWidth - scale.pt(kFaceGapPt)) / 2;
    for (std::size_t first = 0; first < data.racks.size(); first += kRacksPerElevationPage) {
        if (first > 0) {
            pages.newPage();
            pages.heading(QStringLiteral("Rack elevations (continued)"));
        }
        pages.advance(
            drawElevationLegend(pages.painter(), QPointF(pages.body().left(), pages.y()), scale));
        const std::size_t last = std::min(data.racks.size(), first + kRacksPerElevationPage);
        // One U height for the page, so racks side by side line up U for U.
        int units = 1;
        for (std::size_t i = first; i < last; ++i)
            units = std::max(units, data.racks[i].rackUnits);
        const double available = pages.remaining() - scale.pt(kElevationTitlePt);
        const double uPx = std::min(available / units, scale.pt(kMaxUPt));
        for (std::size_t i = first; i < last; ++i) {
            const RackFigures &rack = data.racks[i];
            const double x = pages.body().left()
                + static_cast<double>(i - first) * (rackWidth + scale.pt(kRackGapPt));
            // Racks shorter than the page's tallest sit on the same floor line.
            const double height = scale.pt(kElevationTitlePt) + rack.rackUnits * uPx;
            const double top = pages.y() + (units - rack.rackUnits) * uPx;
            drawRackFace(pages.painter(), QRectF(x, top, faceWidth, height), rack, Face::Front,
                         scale);
            drawRackFace(pages.painter(),
                         QRectF(x + faceWidth + scale.pt(kFaceGapPt), top, faceWidth, height), rack,
                         Face::Rear, scale);
        }
        pages.advance(scale.pt(kElevationTitlePt) + units * uPx);
    }
}

} // namespace cw::report

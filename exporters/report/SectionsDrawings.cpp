// Floor plan and rack elevations: the drawings, several racks per page.
#include "exporters/report/ElevationGroups.h"
#include "exporters/report/FloorPlan.h"
#include "exporters/report/RackElevation.h"
#include "exporters/report/ReportSections.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace cw::report {
namespace {

constexpr double kRackGapPt = 10; // between two racks on a page
constexpr double kFaceGapPt = 4; // between a rack's front and rear
constexpr double kMaxUPt = 16; // a U taller than this wastes paper without helping reading
constexpr double kCaptionPt = 7;
constexpr double kCaptionGapPt = 4; // between a caption and the drawings
// Racks per line of the rack index: rack and drawing side by side, four times.
constexpr int kIndexRacksPerLine = 4;

/// Drawings `first` .. `last` - 1 of `index` side by side: legend, captions, both faces.
void writeElevationPage(PageWriter &pages, const ReportData &data, const ElevationIndex &index,
                        std::size_t first, std::size_t last)
{
    const Scale &scale = pages.scale();
    QPainter &painter = pages.painter();
    const double rackWidth
        = (pages.body().width() - (kRacksPerElevationPage - 1) * scale.pt(kRackGapPt))
        / kRacksPerElevationPage;
    const double faceWidth = (rackWidth - scale.pt(kFaceGapPt)) / 2;
    pages.advance(drawElevationLegend(painter, QPointF(pages.body().left(), pages.y()), scale));
    auto left = [&](std::size_t group) {
        return pages.body().left()
            + static_cast<double>(group - first) * (rackWidth + scale.pt(kRackGapPt));
    };
    // Captions: the tallest decides where the drawings start, so they share one floor line.
    const QFont font = reportFont(kCaptionPt);
    const QFontMetricsF metrics(font, painter.device());
    const int flags = Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop;
    double captionHeight = 0;
    std::vector<QString> captions;
    for (std::size_t group = first; group < last; ++group) {
        captions.push_back(elevationCaption(data.racks, index, group));
        captionHeight = std::max(
            captionHeight,
            metrics.boundingRect(QRectF(0, 0, rackWidth, 1e9), flags, captions.back()).height());
    }
    painter.save();
    painter.setFont(font);
    painter.setPen(Qt::black);
    for (std::size_t group = first; group < last; ++group)
        painter.drawText(QRectF(left(group), pages.y(), rackWidth, captionHeight), flags,
                         captions[group - first]);
    painter.restore();
    pages.advance(captionHeight + scale.pt(kCaptionGapPt));

    // One U height for the page, so racks side by side line up U for U.
    int units = 1;
    for (std::size_t group = first; group < last; ++group)
        units = std::max(units, data.racks[index.groups[group].racks.front()].rackUnits);
    const double available = pages.remaining() - scale.pt(kElevationTitlePt);
    const double uPx = std::min(available / units, scale.pt(kMaxUPt));
    for (std::size_t group = first; group < last; ++group) {
        const std::vector<std::size_t> &members = index.groups[group].racks;
        const RackFigures &rack = data.racks[members.front()];
        // A shared drawing is titled by its label and names parts: the racks' device names
        // differ. A rack of its own keeps its name and its devices' names.
        const bool shared = members.size() > 1;
        const QString title = shared ? qs(drawingLabel(group)) : qs(rack.name);
        const DeviceLabel label = shared ? DeviceLabel::Part : DeviceLabel::Name;
        // Racks shorter than the page's tallest sit on the same floor line.
        const double height = scale.pt(kElevationTitlePt) + rack.rackUnits * uPx;
        const double top = pages.y() + (units - rack.rackUnits) * uPx;
        const double x = left(group);
        drawRackFace(painter, QRectF(x, top, faceWidth, height), rack, Face::Front, scale, title,
                     label);
        drawRackFace(painter, QRectF(x + faceWidth + scale.pt(kFaceGapPt), top, faceWidth, height),
                     rack, Face::Rear, scale, title, label);
    }
    pages.advance(scale.pt(kElevationTitlePt) + units * uPx);
}

/// Every rack once, in report order, with the drawing that shows it.
void writeRackIndex(PageWriter &pages, const ReportData &data, const ElevationIndex &index)
{
    pages.heading(QStringLiteral("Rack index: the drawing of every rack"), pages.scale().pt(40));
    Table table;
    for (int k = 0; k < kIndexRacksPerLine; ++k) {
        table.columns.push_back({ QStringLiteral("Rack"), 2.0 });
        table.columns.push_back({ QStringLiteral("Drawing"), 1.0 });
    }
    for (std::size_t i = 0; i < data.racks.size(); i += kIndexRacksPerLine) {
        TableRow row;
        for (std::size_t k = i; k < std::min(data.racks.size(), i + kIndexRacksPerLine); ++k)
            row.cells << qs(data.racks[k].name) << qs(drawingLabel(index.groupOfRack[k]));
        table.rows.push_back(std::move(row));
    }
    pages.table(table);
}

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

void writeElevations(PageWriter &pages, const ReportData &data, const ElevationIndex &index,
                     RackSvgs rackSvgs)
{
    pages.section(QStringLiteral("5 Rack elevations"));
    if (data.racks.empty()) {
        pages.paragraph(QStringLiteral("The design has no racks."));
        return;
    }
    const QString svgs = rackSvgs == RackSvgs::EachRack
        ? QStringLiteral("racks/<rack>.svg draws each rack with its devices' names.")
        : QStringLiteral("racks/E1.svg, E2.svg, ... are these drawings for slides, "
                         "racks/index.csv gives every rack's drawing and racks/devices.csv "
                         "every rack's devices by name, part, U and face.");
    pages.paragraph(
        QStringLiteral("%1 racks, %2 distinct drawings. Racks with the same cabinet, power, heat "
                       "and weight and the same parts at the same U and face share one drawing, "
                       "its devices labelled by part; a rack unlike any other keeps its own "
                       "drawing, its devices labelled by name. The rack index after the drawings "
                       "gives every rack's drawing; %3")
            .arg(number(static_cast<double>(data.racks.size()), 0))
            .arg(number(static_cast<double>(index.groups.size()), 0))
            .arg(svgs),
        8);
    for (std::size_t first = 0; first < index.groups.size(); first += kRacksPerElevationPage) {
        if (first > 0) {
            pages.newPage();
            pages.heading(QStringLiteral("Rack elevations (continued)"));
        }
        const std::size_t last = std::min(index.groups.size(), first + kRacksPerElevationPage);
        writeElevationPage(pages, data, index, first, last);
    }
    writeRackIndex(pages, data, index);
}

} // namespace cw::report

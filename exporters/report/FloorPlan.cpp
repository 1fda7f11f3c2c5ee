#include "exporters/report/FloorPlan.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cw::report {
namespace {

constexpr double kMaxNamePt = 7;
constexpr double kMinNamePt = 3.5; // a name smaller than this would not print legibly
constexpr double kNameFill = 0.7; // name height as a share of the rack's short side
constexpr double kAisleM = 1.2; // used when the site's row pitch is not above the depth

/// Scale bar lengths to pick from, metres.
constexpr double kBarLengthsM[] = { 0.5, 1, 2, 5, 10, 20, 50, 100 };

void drawLegend(QPainter &painter, const QRectF &area, double pxPerM, const Scale &scale,
                const std::vector<std::pair<QString, QColor>> &custom)
{
    painter.save();
    const QFont font = reportFont(7);
    painter.setFont(font);
    const QFontMetricsF metrics(font, painter.device());
    const double box = scale.pt(8);
    double x = area.left();
    const double y = area.top() + scale.pt(6);
    const struct
    {
        double fraction;
        const char *label;
    } steps[] = { { 0, "no load" },
                  { 0.25, "25 %" },
                  { 0.5, "50 %" },
                  { 0.75, "75 %" },
                  { 1.0, ">= 100 % of one feed" } };
    std::vector<std::pair<QString, QColor>> entries = custom;
    if (entries.empty())
        for (const auto &step : steps)
            entries.emplace_back(QString::fromLatin1(step.label), loadColour(step.fraction));
    for (const auto &[label, colour] : entries) {
        painter.setPen(QPen(Qt::black, scale.pt(0.4)));
        painter.setBrush(colour);
        painter.drawRect(QRectF(x, y, box, box));
        x += box + scale.pt(3);
        painter.drawText(QRectF(x, y, metrics.horizontalAdvance(label) + 1, box),
                         Qt::AlignLeft | Qt::AlignVCenter, label);
        x += metrics.horizontalAdvance(label) + scale.pt(10);
    }
    // A scale bar about a sixth of the plan's width.
    double barM = kBarLengthsM[0];
    for (double length : kBarLengthsM)
        if (length * pxPerM <= area.width() / 6)
            barM = length;
    const double barPx = barM * pxPerM;
    const double barX = area.right() - barPx;
    painter.setPen(QPen(Qt::black, scale.pt(1)));
    painter.drawLine(QPointF(barX, y + box), QPointF(area.right(), y + box));
    painter.drawLine(QPointF(barX, y + box / 2), QPointF(barX, y + box));
    painter.drawLine(QPointF(area.right(), y + box / 2), QPointF(area.right(), y + box));
    const QString label = number(barM, barM < 1 ? 1 : 0) + QStringLiteral(" m");
    const double labelWidth = metrics.horizontalAdvance(label) + scale.pt(4);
    painter.drawText(QRectF(barX - labelWidth - scale.pt(2), y, labelWidth, box),
                     Qt::AlignRight | Qt::AlignVCenter, label);
    painter.restore();
}

} // namespace

double loadFraction(const RackFigures &rack)
{
    if (rack.loadKw <= 0)
        return 0;
    return rack.failoverCapacityKw > 0 ? rack.loadKw / rack.failoverCapacityKw : 1.0;
}

FloorLayout floorLayout(const ReportData &data)
{
    FloorLayout layout;
    // Row slots front to back in row-index order (the racks are sorted that way already).
    std::map<std::tuple<int, std::string, std::uint64_t>, int> slotOf;
    for (const RackFigures &rack : data.racks)
        slotOf.emplace(std::make_tuple(rack.rowIndex, rack.row, rack.rowId.value), 0);
    for (auto &[key, slot] : slotOf) {
        slot = static_cast<int>(layout.rowNames.size());
        layout.rowNames.push_back(std::get<1>(key));
    }
    for (const RackFigures &rack : data.racks) {
        layout.rowSlot.push_back(slotOf[{ rack.rowIndex, rack.row, rack.rowId.value }]);
        layout.rackDepthM = std::max(layout.rackDepthM, rack.depthM);
        layout.widthM = std::max(layout.widthM, (std::max(rack.position, 0) + 1) * rack.widthM);
    }
    layout.pitchM = data.site.rowPitchM > layout.rackDepthM ? data.site.rowPitchM
                                                            : layout.rackDepthM + kAisleM;
    layout.depthM = layout.rowNames.empty()
        ? 0
        : (static_cast<double>(layout.rowNames.size()) - 1) * layout.pitchM + layout.rackDepthM;
    return layout;
}

void drawFloorPlan(QPainter &painter, const QRectF &area, const ReportData &data,
                   const Scale &scale)
{
    std::vector<QColor> fills;
    for (const RackFigures &rack : data.racks)
        fills.push_back(loadColour(loadFraction(rack)));
    drawFloorPlan(painter, area, data, scale, fills, {});
}

void drawFloorPlan(QPainter &painter, const QRectF &area, const ReportData &data,
                   const Scale &scale, const std::vector<QColor> &fills,
                   const std::vector<std::pair<QString, QColor>> &legend)
{
    if (data.racks.empty()) {
        painter.save();
        painter.setFont(reportFont(9));
        painter.drawText(area, Qt::AlignLeft | Qt::AlignTop,
                         QStringLiteral("The design has no racks."));
        painter.restore();
        return;
    }
    const FloorLayout layout = floorLayout(data);
    const double gutter = scale.pt(kFloorGutterPt);
    const QRectF plan(area.left() + gutter, area.top(), area.width() - gutter,
                      area.height() - scale.pt(kFloorLegendPt));
    const double pxPerM = std::min(plan.width() / layout.widthM, plan.height() / layout.depthM);

    painter.save();
    // Row names, centred on their row.
    painter.setFont(reportFont(8, true));
    painter.setPen(Qt::black);
    for (std::size_t slot = 0; slot < layout.rowNames.size(); ++slot) {
        const double top = plan.top() + static_cast<double>(slot) * layout.pitchM * pxPerM;
        const std::string &name = layout.rowNames[slot];
        drawElided(
            painter, QRectF(area.left(), top, gutter - scale.pt(4), layout.rackDepthM * pxPerM),
            Qt::AlignRight | Qt::AlignVCenter, name == "-" ? QStringLiteral("no row") : qs(name));
    }
    for (std::size_t i = 0; i < data.racks.size(); ++i) {
        const RackFigures &rack = data.racks[i];
        const QRectF rect(plan.left() + std::max(rack.position, 0) * rack.widthM * pxPerM,
                          plan.top() + layout.rowSlot[i] * layout.pitchM * pxPerM,
                          rack.widthM * pxPerM, rack.depthM * pxPerM);
        painter.setPen(QPen(QColor(0x33, 0x33, 0x33), scale.pt(0.5)));
        painter.setBrush(fills[i]);
        painter.drawRect(rect);

        // Name (and load when there is room) along the rack's long side.
        const double shortPt = std::min(rect.width(), rect.height()) / scale.pxPerPt;
        const double namePt = std::min(kMaxNamePt, shortPt * kNameFill / 2);
        if (namePt < kMinNamePt)
            continue;
        const bool vertical = rect.height() > rect.width();
        painter.save();
        painter.translate(rect.center());
        if (vertical)
            painter.rotate(-90);
        const double length = vertical ? rect.height() : rect.width();
        const double across = vertical ? rect.width() : rect.height();
        const QRectF label(-length / 2 + scale.pt(1), -across / 2, length - scale.pt(2), across);
        painter.setPen(Qt::black);
        painter.setFont(reportFont(namePt, true));
        const QFontMetricsF metrics(painter.font(), painter.device());
        drawElided(painter,
                   QRectF(label.left(), label.center().y() - metrics.height(), label.width(),
                          metrics.height()),
                   Qt::AlignHCenter | Qt::AlignVCenter, qs(rack.name));
        painter.setFont(reportFont(namePt));
        drawElided(painter,
                   QRectF(label.left(), label.center().y(), label.width(), metrics.height()),
                   Qt::AlignHCenter | Qt::AlignVCenter,
                   rack.loadKw > 0 ? kw(rack.loadKw) : QStringLiteral("-"));
        painter.restore();
    }
    painter.restore();
    // The legend right under the drawn floor, not under the free space left of it.
    const double drawnBottom = plan.top() + layout.depthM * pxPerM;
    drawLegend(painter, QRectF(plan.left(), drawnBottom, plan.width(), scale.pt(kFloorLegendPt)),
               pxPerM, scale, legend);
}

} // namespace cw::report

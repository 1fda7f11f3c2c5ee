#include "exporters/report/PowerChart.h"

#include "exporters/report/FloorPlan.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cw::report {
namespace {

constexpr double kAxisPt = 30; // left, for the kW scale
constexpr double kLabelsPt = 40; // bottom, for rotated rack names
constexpr double kTicks = 5;
constexpr double kNiceSteps[] = { 1, 2, 2.5, 5, 10 };

} // namespace

double powerAxisMaxKw(const std::vector<RackFigures> &racks, double airLimitKw)
{
    double top = std::max(airLimitKw, 0.0);
    for (const RackFigures &rack : racks)
        top = std::max({ top, rack.loadKw, rack.failoverCapacityKw });
    if (top <= 0)
        return 1;
    // Smallest 1/2/2.5/5 x 10^n step whose five ticks cover the top.
    const double magnitude = std::pow(10.0, std::floor(std::log10(top / kTicks)));
    for (double step : kNiceSteps)
        if (step * magnitude * kTicks >= top)
            return step * magnitude * kTicks;
    return top;
}

void drawPowerChart(QPainter &painter, const QRectF &area,
                    const std::vector<const RackFigures *> &racks, double axisMaxKw,
                    double airLimitKw, const Scale &scale)
{
    if (racks.empty() || axisMaxKw <= 0)
        return;
    painter.save();
    const QRectF plot(area.left() + scale.pt(kAxisPt), area.top() + scale.pt(4),
                      area.width() - scale.pt(kAxisPt), area.height() - scale.pt(kLabelsPt + 4));
    const auto yOf = [&](double kw) {
        return plot.bottom() - kw / axisMaxKw * plot.height();
    };

    // Grid and kW scale.
    const QFont small = reportFont(6.5);
    painter.setFont(small);
    for (int i = 0; i <= kTicks; ++i) {
        const double value = axisMaxKw * i / kTicks;
        const double y = yOf(value);
        painter.setPen(QPen(QColor(0xe1, 0xe4, 0xe8), scale.pt(0.4)));
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        painter.setPen(Qt::black);
        painter.drawText(QRectF(area.left(), y - scale.pt(5), scale.pt(kAxisPt - 3), scale.pt(10)),
                         Qt::AlignRight | Qt::AlignVCenter,
                         number(value, value < 10 && value != std::floor(value) ? 1 : 0));
    }
    painter.save();
    painter.translate(area.left() + scale.pt(4), plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-plot.height() / 2, -scale.pt(5), plot.height(), scale.pt(10)),
                     Qt::AlignCenter, QStringLiteral("kW"));
    painter.restore();

    const double slot = plot.width() / static_cast<double>(racks.size());
    const double barWidth = slot * 0.6;
    for (std::size_t i = 0; i < racks.size(); ++i) {
        const RackFigures &rack = *racks[i];
        const double x = plot.left() + slot * static_cast<double>(i) + (slot - barWidth) / 2;
        const double load = std::min(rack.loadKw, axisMaxKw);
        painter.setPen(QPen(QColor(0x33, 0x33, 0x33), scale.pt(0.4)));
        painter.setBrush(loadColour(loadFraction(rack)));
        painter.drawRect(QRectF(x, yOf(load), barWidth, plot.bottom() - yOf(load)));
        if (rack.failoverCapacityKw > 0) {
            // The capacity mark is wider than the bar so it reads above and inside it.
            const double y = yOf(std::min(rack.failoverCapacityKw, axisMaxKw));
            painter.setPen(QPen(Qt::black, scale.pt(1.4)));
            painter.drawLine(QPointF(x - slot * 0.15, y), QPointF(x + barWidth + slot * 0.15, y));
        }
        // Rack name under the bar, rotated.
        painter.save();
        painter.setPen(Qt::black);
        painter.setFont(reportFont(std::min(6.5, slot / scale.pxPerPt * 0.8)));
        painter.translate(x + barWidth / 2, plot.bottom() + scale.pt(3));
        painter.rotate(-90);
        drawElided(painter, QRectF(-scale.pt(kLabelsPt), -slot / 2, scale.pt(kLabelsPt), slot),
                   Qt::AlignRight | Qt::AlignVCenter, qs(rack.name));
        painter.restore();
    }
    if (airLimitKw > 0 && airLimitKw <= axisMaxKw) {
        QPen dashed(QColor(0x1f, 0x5f, 0xa8), scale.pt(0.8), Qt::DashLine);
        painter.setPen(dashed);
        const double y = yOf(airLimitKw);
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    }
    painter.setPen(QPen(Qt::black, scale.pt(0.6)));
    painter.setBrush(Qt::NoBrush);
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
    painter.restore();
}

} // namespace cw::report

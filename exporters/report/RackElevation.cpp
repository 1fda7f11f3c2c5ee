#include "exporters/report/RackElevation.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace cw::report {
namespace {

constexpr double kGutterPt = 11; // U numbers column
constexpr double kMaxLabelPt = 7; // device names stay this size when the U is tall
constexpr double kMinLabelPt = 4.5; // below this a name is not drawn (it would not print)
constexpr double kLabelStepPt = 0.5;
constexpr double kLabelFill = 0.62; // label size as a share of one U's height
constexpr double kMaxUNumberPt = 6;
constexpr int kPaleFactor = 135; // QColor::lighter(): the other face's devices
constexpr double kWattsPerKw = 1000.0;
constexpr double kWattsShownAsKw = 1000.0; // at and above 1 kW, power prints in kW

QString powerText(double watts)
{
    if (watts <= 0)
        return QString();
    if (watts >= kWattsShownAsKw)
        return number(watts / kWattsPerKw, 1) + QStringLiteral(" kW");
    return number(watts, 0) + QStringLiteral(" W");
}

void drawDevice(QPainter &painter, const QRectF &rect, const MountedDevice &device, bool ownFace,
                double uPt, const Scale &scale, DeviceLabel label)
{
    QColor fill = roleColour(device.role);
    if (!ownFace)
        fill = fill.lighter(kPaleFactor);
    painter.setPen(
        QPen(ownFace ? QColor(0x44, 0x4c, 0x56) : QColor(0xa0, 0xa6, 0xae), scale.pt(0.5)));
    painter.setBrush(fill);
    painter.drawRect(rect);

    const double labelPt = std::min(kMaxLabelPt, uPt * kLabelFill);
    if (labelPt < kMinLabelPt)
        return;
    painter.setPen(ownFace ? Qt::black : QColor(0x55, 0x5b, 0x63));
    const QRectF inner = rect.adjusted(scale.pt(2), 0, -scale.pt(2), 0);
    const QString name
        = qs(label == DeviceLabel::Part && !device.partId.empty() ? device.partId : device.name);
    const QString power = powerText(device.maxPowerW);
    if (device.heightU >= 2 && !power.isEmpty()) {
        // Name on the first line, power under it, both centred in the device's height.
        const QFont font = reportFont(labelPt, ownFace);
        painter.setFont(font);
        const double line = QFontMetricsF(font, painter.device()).height();
        const double top = inner.center().y() - line;
        drawElided(painter, QRectF(inner.left(), top, inner.width(), line),
                   Qt::AlignLeft | Qt::AlignVCenter, name);
        drawElided(painter, QRectF(inner.left(), top + line, inner.width(), line),
                   Qt::AlignLeft | Qt::AlignVCenter, power);
        return;
    }
    // One line: the power right-aligned and the name left. The size steps down until both
    // fit; at the smallest legible size the name wins and is elided.
    const double gap = scale.pt(3);
    double sizePt = labelPt;
    for (; sizePt > kMinLabelPt; sizePt -= kLabelStepPt) {
        const QFontMetricsF metrics(reportFont(sizePt, ownFace), painter.device());
        if (metrics.horizontalAdvance(name) + gap + metrics.horizontalAdvance(power)
            <= inner.width())
            break;
    }
    const QFont font = reportFont(std::max(sizePt, kMinLabelPt), ownFace);
    painter.setFont(font);
    const double powerWidth
        = power.isEmpty() ? 0 : QFontMetricsF(font, painter.device()).horizontalAdvance(power);
    if (!power.isEmpty())
        drawLine(painter, QFontMetricsF(font, painter.device()), inner,
                 Qt::AlignRight | Qt::AlignVCenter, power, powerWidth);
    drawElided(painter,
               QRectF(inner.left(), inner.top(),
                      inner.width() - powerWidth - (power.isEmpty() ? 0 : gap), inner.height()),
               Qt::AlignLeft | Qt::AlignVCenter, name);
}

} // namespace

void drawRackFace(QPainter &painter, const QRectF &area, const RackFigures &rack, Face face,
                  const Scale &scale, const QString &title, DeviceLabel label)
{
    painter.save();
    const double titleHeight = scale.pt(kElevationTitlePt);
    painter.setFont(reportFont(8, true));
    painter.setPen(Qt::black);
    drawElided(painter, QRectF(area.left(), area.top(), area.width(), titleHeight),
               Qt::AlignHCenter | Qt::AlignVCenter,
               title + (face == Face::Front ? QStringLiteral(" front") : QStringLiteral(" rear")));

    const int units = std::max(rack.rackUnits, 1);
    const double gutter = scale.pt(kGutterPt);
    const QRectF body(area.left() + gutter, area.top() + titleHeight, area.width() - gutter,
                      area.height() - titleHeight);
    const double uPx = body.height() / units;
    const double uPt = uPx / scale.pxPerPt;

    // Cabinet and empty slots.
    painter.setPen(QPen(QColor(0xdd, 0xe1, 0xe6), scale.pt(0.3)));
    painter.setBrush(Qt::white);
    painter.drawRect(body);
    for (int u = 1; u < units; ++u) {
        const double y = body.bottom() - u * uPx;
        painter.drawLine(QPointF(body.left(), y), QPointF(body.right(), y));
    }
    // U numbers: every U when they are legible, else every fifth.
    const double numberPt = std::min(kMaxUNumberPt, uPt * kLabelFill);
    const int step = numberPt >= kMinLabelPt ? 1 : 5;
    const QFont numberFont = reportFont(std::max(numberPt, kMinLabelPt));
    painter.setFont(numberFont);
    painter.setPen(QColor(0x55, 0x5b, 0x63));
    const QFontMetricsF numberMetrics(numberFont, painter.device());
    for (int u = 1; u <= units; u += (u == 1 && step > 1 ? step - 1 : step)) {
        const QRectF slot(area.left(), body.bottom() - u * uPx, gutter - scale.pt(2), uPx);
        const QString text = QString::number(u);
        drawLine(painter, numberMetrics, slot, Qt::AlignRight | Qt::AlignVCenter, text,
                 numberMetrics.horizontalAdvance(text));
    }

    painter.setClipRect(body.adjusted(-1, -1, 1, 1));
    // The other face's devices first, so this face's stay on top where both are drawn.
    for (const bool own : std::array { false, true })
        for (const MountedDevice &device : rack.devices) {
            if ((device.face == face) != own)
                continue;
            const QRectF rect(body.left(),
                              body.bottom() - (device.bottomU - 1 + device.heightU) * uPx,
                              body.width(), device.heightU * uPx);
            drawDevice(painter, rect, device, own, uPt, scale, label);
        }
    painter.setClipping(false);
    painter.setPen(QPen(QColor(0x22, 0x26, 0x2b), scale.pt(1.2)));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(body);
    painter.restore();
}

double drawElevationLegend(QPainter &painter, const QPointF &topLeft, const Scale &scale,
                           bool twoLines)
{
    painter.save();
    const QFont font = reportFont(7);
    painter.setFont(font);
    const QFontMetricsF metrics(font, painter.device());
    const double box = scale.pt(8);
    double x = topLeft.x();
    const struct
    {
        DeviceRole role;
        const char *label;
    } roles[] = { { DeviceRole::Compute, "compute" },
                  { DeviceRole::Switch, "switch" },
                  { DeviceRole::Storage, "storage" },
                  { DeviceRole::Management, "management" } };
    for (const auto &entry : roles) {
        painter.setPen(QPen(QColor(0x44, 0x4c, 0x56), scale.pt(0.5)));
        painter.setBrush(roleColour(entry.role));
        painter.drawRect(QRectF(x, topLeft.y(), box, box));
        x += box + scale.pt(3);
        painter.setPen(Qt::black);
        const QString label = QString::fromLatin1(entry.label);
        painter.drawText(QRectF(x, topLeft.y(), metrics.horizontalAdvance(label) + 1, box),
                         Qt::AlignLeft | Qt::AlignVCenter, label);
        x += metrics.horizontalAdvance(label) + scale.pt(10);
    }
    const QString pale = QStringLiteral("pale: mounted from the other face");
    const QPointF paleAt = twoLines ? QPointF(topLeft.x(), topLeft.y() + box + scale.pt(3))
                                    : QPointF(x, topLeft.y());
    painter.drawText(QRectF(paleAt, QSizeF(metrics.horizontalAdvance(pale) + 1, box)),
                     Qt::AlignLeft | Qt::AlignVCenter, pale);
    painter.restore();
    return (twoLines ? 2 * box + scale.pt(3) : box) + scale.pt(4);
}

} // namespace cw::report

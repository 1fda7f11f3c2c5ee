#include "views/canvas/ElevationItems.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace cw::canvas {
namespace {

using namespace elevation;

constexpr double kTitlePx = 44;
constexpr double kNumberPx = 22;
constexpr double kDeviceNamePx = 22;
constexpr double kDeviceDetailPx = 17;

QColor roleColor(DeviceRole role)
{
    switch (role) {
    case DeviceRole::Compute:
        return QColor(0x9f, 0xc5, 0xe8);
    case DeviceRole::Switch:
        return QColor(0xb6, 0xd7, 0xa8);
    case DeviceRole::Storage:
        return QColor(0xf9, 0xcb, 0x9c);
    case DeviceRole::Management:
        break;
    }
    return QColor(0xd5, 0xd5, 0xd5);
}

} // namespace

ElevationFaceItem::ElevationFaceItem(RackId rack, Face face, int units,
                                     const FaceGeometry &geometry)
    : CanvasItem(EntityRef::of(rack))
    , m_face(face)
    , m_units(std::max(units, 1))
    , m_geometry(geometry)
{
    m_hint.setText(QStringLiteral("zoom in for names"));
    m_numbers.resize(static_cast<std::size_t>(m_units));
    for (int u = 1; u <= m_units; ++u)
        m_numbers[static_cast<std::size_t>(u - 1)].setText(QString::number(u));
}

void ElevationFaceItem::setTitle(const QString &name)
{
    m_title.setText(
        name + (m_face == Face::Front ? QStringLiteral(" · front") : QStringLiteral(" · rear")));
    update();
}

void ElevationFaceItem::setPower(const RackPower &power)
{
    m_power = power;
    m_load.setText(power.capacityW > 0
                       ? QStringLiteral("%1 of %2 kW")
                             .arg(power.loadW / 1000.0, 0, 'f', 1)
                             .arg(power.capacityW / 1000.0, 0, 'f', 1)
                       : QStringLiteral("%1 kW, no feed").arg(power.loadW / 1000.0, 0, 'f', 1));
    update();
}

QRectF ElevationFaceItem::slotRect(int u, int height) const
{
    const double top = (m_units - (u + height - 1)) * kUnitMm;
    return QRectF(m_geometry.gutter, top, kPanelWidthMm, height * kUnitMm);
}

int ElevationFaceItem::uAt(const QPointF &pos) const
{
    return m_units - static_cast<int>(std::floor(pos.y() / kUnitMm));
}

QRectF ElevationFaceItem::boundingRect() const
{
    return QRectF(0, -m_geometry.title, m_geometry.width(),
                  m_geometry.title + m_units * kUnitMm + hintRoom());
}

double ElevationFaceItem::hintRoom() const
{
    // A line of kMinLabelPx when the whole rack (about 2.2 m with title and hint) is fitted
    // into a view as low as 200 px: 9 px x 2,300 mm / 200 px x 1.3 leading = 135 mm.
    return 140 * labelScale();
}

bool ElevationFaceItem::unnamedDevices(int minimumPx) const
{
    for (const QGraphicsItem *child : childItems())
        if (const auto *device = dynamic_cast<const ElevationDeviceItem *>(child);
            device && device->rect().height() - 2 < minimumPx * 1.1)
            return true;
    return false;
}

bool ElevationFaceItem::showsDeviceNames(double lod) const
{
    // A 1U device's name needs its line: kMinLabelPx (times the presentation scale) and a
    // little leading.
    return lod * kUnitMm >= kMinLabelPx * labelScale() * 1.15;
}

void ElevationFaceItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const double gutter = m_geometry.gutter;
    const double titleH = m_geometry.title;
    const double width = m_geometry.width();
    const double height = m_units * kUnitMm;
    const QRectF frame(gutter - 10, 0, kPanelWidthMm + 20, height);
    painter->setPen(QPen(QColor(0x55, 0x55, 0x55), 0));
    painter->setBrush(QColor(0x3c, 0x3f, 0x44));
    painter->drawRect(frame);
    painter->setBrush(QColor(0x26, 0x28, 0x2c));
    painter->drawRect(QRectF(gutter, 0, kPanelWidthMm, height));

    // Load chip in the title: the same colour as the rack on the floor plan.
    painter->setPen(Qt::NoPen);
    painter->setBrush(loadColor(m_power.level));
    painter->drawRect(QRectF(0, -titleH + 10, 24, titleH - 30));

    // Title and load: two lines where they fit, the name alone where only one does.
    const int titlePx = readablePixels(kTitlePx, lod);
    const int loadPx = readablePixels(kTitlePx * 0.7, lod);
    if (titlePx * 1.2 <= titleH - 10) {
        painter->setPen(QColor(0x20, 0x20, 0x20));
        m_title.draw(painter, QPointF(34, -titleH + 6), titlePx, width - 40, true);
        if (titlePx * 1.2 + loadPx * 1.2 + 12 <= titleH - 10)
            m_load.draw(painter, QPointF(34, -titleH + 12 + titlePx * 1.2), loadPx, width - 40);
    }
    if (lod * kUnitMm >= 3) {
        // U lines every unit.
        painter->setPen(QPen(QColor(0x4a, 0x4d, 0x52), 0));
        for (int u = 1; u < m_units; ++u)
            painter->drawLine(QPointF(gutter, u * kUnitMm),
                              QPointF(gutter + kPanelWidthMm, u * kUnitMm));
    }
    // U numbers: every unit where a number fits in its unit, else every 2nd, 5th or 10th, so
    // the rack is never without a scale.
    const int numberPx = readablePixels(kNumberPx, lod);
    int every = 0;
    // A line of text is 1.2 em high: closer, two numbers' lines would overlap.
    for (int step : { 1, 2, 5, 10 })
        if (numberPx * 1.2 <= step * kUnitMm) {
            every = step;
            break;
        }
    // Two digits are about 1.2 em wide: without that much gutter a number would be elided to
    // nothing, so none is drawn (the title and devices still are).
    if (every > 0 && numberPx * 1.2 <= gutter - 14) {
        painter->setPen(QColor(0x55, 0x55, 0x55));
        for (int u = 1; u <= m_units; ++u) {
            // U1 marks the bottom, unless U2 is numbered and would touch it.
            if (u % every != 0 && (u != 1 || every == 2))
                continue;
            const double y = (m_units - u) * kUnitMm + (kUnitMm - numberPx) / 2;
            m_numbers[static_cast<std::size_t>(u - 1)].draw(
                painter, QPointF(4, y), numberPx, gutter - 14, false, true, readablePixels(0, lod));
        }
    }
    // Never a silently empty rack: when a device here is too short for its name at a
    // readable size, say so under the rack.
    const int hintPx = readablePixels(0, lod);
    if (hintPx * 1.3 <= hintRoom() && unnamedDevices(hintPx)) {
        painter->setPen(QColor(0x40, 0x40, 0x40));
        m_hint.draw(painter, QPointF(gutter, height + 6), hintPx, kPanelWidthMm + 20);
    }
    if (isSelected())
        paintSelection(painter, frame, lod);
    paintMarker(painter, QRectF(0, -titleH, width, titleH - 10), lod);
}

ElevationDeviceItem::ElevationDeviceItem(DeviceId device, DeviceRole role, const QRectF &rect)
    : CanvasItem(EntityRef::of(device))
    , m_role(role)
    , m_rect(rect)
{
    setZValue(1);
}

void ElevationDeviceItem::setLabels(const QString &name, const QString &part, double powerW)
{
    const QString power = QStringLiteral("%1 kW").arg(powerW / 1000.0, 0, 'f', 2);
    m_name.setForms({ name });
    m_detail.setForms({ QStringLiteral("%1 · %2").arg(part, power), part });
    m_power.setForms({ power });
    update();
}

QRectF ElevationDeviceItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2, 2, 2);
}

void ElevationDeviceItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option,
                                QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const QRectF body = m_rect.adjusted(1, 1, -1, -1);
    if (lod * m_rect.height() < 3) {
        painter->fillRect(body, roleColor(m_role));
        paintMarker(painter, body, lod);
        return;
    }
    painter->setPen(QPen(QColor(0x22, 0x22, 0x22), 0));
    painter->setBrush(roleColor(m_role));
    painter->drawRect(body);
    // Name and part at a readable size: on two lines when the device is tall enough, side
    // by side in a 1U slot, left out (the face says so) when even one line does not fit.
    const int namePx = readablePixels(kDeviceNamePx, lod);
    const int detailPx = readablePixels(kDeviceDetailPx, lod);
    if (namePx * 1.1 <= body.height()) {
        painter->setPen(QColor(0x10, 0x10, 0x10));
        // Clear of the marker badge in the top-right corner (paintMarker's size): a finding
        // must not hide the device's power figure.
        const double side = std::min(body.width(), body.height());
        const double badge
            = marker() ? std::min(std::max(side * 0.25, 7.0 / std::max(lod, 1e-6)), side) + 4 : 0;
        const double width = body.width() - std::max(40.0, 16 + badge);
        const int minPx = readablePixels(0, lod);
        // Whole words or nothing (FittedLabel): where "part · power" does not fit, the part
        // alone, and the power on a third line when the device is that tall.
        if (body.height() >= (namePx + detailPx) * 1.15 + 4) {
            m_name.draw(painter, body.topLeft() + QPointF(8, 3), namePx, width, true, minPx);
            const double y = 5 + namePx * 1.15;
            const auto [form, px] = m_detail.choose(detailPx, width, false, minPx);
            m_detail.draw(painter, body.topLeft() + QPointF(8, y), detailPx, width, false, minPx);
            if (form == 1 && body.height() >= y + (detailPx * 2) * 1.15 + 4)
                m_power.draw(painter, body.topLeft() + QPointF(8, y + detailPx * 1.15), detailPx,
                             width, false, minPx);
        } else {
            // One line: the name as wide as it needs, the detail in what is left.
            const double y = body.top() + (body.height() - namePx * 1.1) / 2;
            const QRectF name
                = m_name.draw(painter, QPointF(body.left() + 8, y), namePx, width, true, minPx);
            const double gap = namePx * 0.6;
            const double left = name.isEmpty() ? 0 : name.width() + gap;
            m_detail.draw(painter, QPointF(body.left() + 8 + left, y + 1), detailPx, width - left,
                          false, minPx);
        }
    }
    if (isSelected())
        paintSelection(painter, body, lod);
    paintMarker(painter, body, lod);
}

} // namespace cw::canvas

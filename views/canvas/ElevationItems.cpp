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
constexpr double kTextLod = 4.0; ///< below this many screen pixels text is not drawn

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

ElevationFaceItem::ElevationFaceItem(RackId rack, Face face, int units)
    : CanvasItem(EntityRef::of(rack))
    , m_face(face)
    , m_units(std::max(units, 1))
{
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
    return QRectF(kGutterMm, top, kPanelWidthMm, height * kUnitMm);
}

int ElevationFaceItem::uAt(const QPointF &pos) const
{
    return m_units - static_cast<int>(std::floor(pos.y() / kUnitMm));
}

QRectF ElevationFaceItem::boundingRect() const
{
    return QRectF(0, -kTitleMm, kFaceWidthMm, kTitleMm + m_units * kUnitMm + 20);
}

void ElevationFaceItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const double height = m_units * kUnitMm;
    const QRectF frame(kGutterMm - 10, 0, kPanelWidthMm + 20, height);
    painter->setPen(QPen(QColor(0x55, 0x55, 0x55), 0));
    painter->setBrush(QColor(0x3c, 0x3f, 0x44));
    painter->drawRect(frame);
    painter->setBrush(QColor(0x26, 0x28, 0x2c));
    painter->drawRect(QRectF(kGutterMm, 0, kPanelWidthMm, height));

    // Load chip in the title: the same colour as the rack on the floor plan.
    painter->setPen(Qt::NoPen);
    painter->setBrush(loadColor(m_power.level));
    painter->drawRect(QRectF(0, -kTitleMm + 10, 24, kTitleMm - 30));

    const int titlePx = labelPixels(kTitlePx);
    if (lod * titlePx >= kTextLod) {
        painter->setPen(QColor(0x20, 0x20, 0x20));
        m_title.draw(painter, QPointF(34, -kTitleMm + 6), titlePx, kFaceWidthMm - 40, true);
        m_load.draw(painter, QPointF(34, -kTitleMm + 12 + titlePx), labelPixels(kTitlePx * 0.7),
                    kFaceWidthMm - 40);
    }
    const int numberPx = labelPixels(kNumberPx);
    if (lod * kUnitMm >= 3) {
        // U lines every unit, numbers where they can be read.
        painter->setPen(QPen(QColor(0x4a, 0x4d, 0x52), 0));
        for (int u = 1; u < m_units; ++u)
            painter->drawLine(QPointF(kGutterMm, u * kUnitMm),
                              QPointF(kGutterMm + kPanelWidthMm, u * kUnitMm));
        if (lod * numberPx >= kTextLod) {
            painter->setPen(QColor(0x55, 0x55, 0x55));
            for (int u = 1; u <= m_units; ++u) {
                const double y = (m_units - u) * kUnitMm + (kUnitMm - numberPx) / 2;
                m_numbers[static_cast<std::size_t>(u - 1)].draw(painter, QPointF(4, y), numberPx,
                                                                kGutterMm - 14);
            }
        }
    }
    if (isSelected())
        paintSelection(painter, frame, lod);
    paintMarker(painter, QRectF(0, -kTitleMm, kFaceWidthMm, kTitleMm - 10), lod);
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
    m_name.setText(name);
    m_detail.setText(QStringLiteral("%1 · %2 kW").arg(part).arg(powerW / 1000.0, 0, 'f', 2));
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
    const int namePx = labelPixels(kDeviceNamePx);
    const int detailPx = labelPixels(kDeviceDetailPx);
    if (lod * namePx >= kTextLod) {
        painter->setPen(QColor(0x10, 0x10, 0x10));
        const double width = body.width() - 40;
        // A 1U device has room for one line: name and details side by side.
        if (body.height() >= (namePx + detailPx) * 1.15 + 4) {
            m_name.draw(painter, body.topLeft() + QPointF(8, 3), namePx, width, true);
            m_detail.draw(painter, body.topLeft() + QPointF(8, 5 + namePx * 1.15), detailPx, width);
        } else {
            const double y = body.top() + (body.height() - namePx * 1.2) / 2;
            m_name.draw(painter, QPointF(body.left() + 8, y), namePx, width * 0.4, true);
            m_detail.draw(painter, QPointF(body.left() + 8 + width * 0.42, y + 2), detailPx,
                          width * 0.58);
        }
    }
    if (isSelected())
        paintSelection(painter, body, lod);
    paintMarker(painter, body, lod);
}

} // namespace cw::canvas

#include "views/canvas/FloorPlanItems.h"

#include "views/canvas/FloorRackLayer.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace cw::canvas {
namespace {

constexpr double kRackLabelPx = 13; ///< scene units (cm): fits "20.4 kW" in a 60 cm rack
constexpr double kRowLabelPx = 36;
constexpr double kAisleLabelPx = 30;
constexpr double kFrontFraction = 0.1; ///< the front strip, of the rack's depth

QString powerText(double watts)
{
    return watts >= 1e6 ? QStringLiteral("%1 MW").arg(watts / 1e6, 0, 'f', 2)
                        : QStringLiteral("%1 kW").arg(watts / 1e3, 0, 'f', 1);
}

} // namespace

QColor cduColor()
{
    return QColor(0x4f, 0xb3, 0xd9);
}

QColor aisleColor(bool hot)
{
    return hot ? QColor(0xf8, 0xd7, 0xcf) : QColor(0xd3, 0xe6, 0xf7);
}

QColor feedColor(Feed feed)
{
    return feed == Feed::A ? QColor(0xb9, 0xa6, 0xdc) : QColor(0xf0, 0xc6, 0x8c);
}

FloorRackItem::FloorRackItem(RackId rack, const QSizeF &sizeCm)
    : CanvasItem(EntityRef::of(rack))
    , m_size(sizeCm)
{
    setZValue(1);
    // Moves reach itemChange, which tells the hall layer (its picture and bounds).
    setFlag(ItemSendsGeometryChanges);
}

FloorRackLayer *FloorRackItem::layer() const
{
    return qgraphicsitem_cast<FloorRackLayer *>(parentItem());
}

void FloorRackItem::syncWithLayer(bool geometry)
{
    FloorRackLayer *hall = layer();
    const bool drawnByLayer = hall && hall->drawsRacks();
    if (drawsItself() == drawnByLayer)
        setFlag(ItemHasNoContents, drawnByLayer);
    if (hall)
        hall->rackChanged(geometry);
}

QVariant FloorRackItem::itemChange(GraphicsItemChange change, const QVariant &value)
{
    switch (change) {
    case ItemPositionHasChanged:
    case ItemParentHasChanged:
        syncWithLayer(true);
        break;
    case ItemSelectedHasChanged:
    case ItemVisibleHasChanged:
    case ItemZValueHasChanged:
        syncWithLayer(false);
        break;
    default:
        break;
    }
    return CanvasItem::itemChange(change, value);
}

void FloorRackItem::stateChanged()
{
    update();
    syncWithLayer(false);
}

void FloorRackItem::setSize(const QSizeF &sizeCm)
{
    if (sizeCm == m_size)
        return;
    prepareGeometryChange();
    m_size = sizeCm;
    syncWithLayer(true);
}

void FloorRackItem::setName(const QString &name)
{
    m_name.setText(name);
    update();
    syncWithLayer(false);
}

void FloorRackItem::setPower(const RackPower &power)
{
    m_power = power;
    if (m_cduKw <= 0)
        m_load.setText(QStringLiteral("%1 kW").arg(power.loadW / 1000.0, 0, 'f', 1));
    update();
    syncWithLayer(false);
}

void FloorRackItem::setFrontDown(bool down)
{
    if (down == m_frontDown)
        return;
    m_frontDown = down;
    update();
    syncWithLayer(false);
}

void FloorRackItem::setCduCapacityKw(double kw)
{
    if (kw == m_cduKw)
        return;
    m_cduKw = kw;
    if (kw > 0)
        m_load.setText(QStringLiteral("CDU %1 kW").arg(kw, 0, 'f', 0));
    else
        setPower(m_power);
    update();
    syncWithLayer(false);
}

QColor FloorRackItem::fillColor() const
{
    return m_cduKw > 0 ? cduColor() : loadColor(m_power.level);
}

QRectF FloorRackItem::frontRect() const
{
    const double depth = m_size.height() * kFrontFraction;
    return QRectF(0, m_frontDown ? m_size.height() - depth : 0, m_size.width(), depth);
}

QRectF FloorRackItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_size).adjusted(-2, -2, 2, 2);
}

void FloorRackItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    paintAt(painter, QPointF(0, 0), levelOfDetail(option, painter));
}

void FloorRackItem::paintAt(QPainter *painter, const QPointF &origin, double lod)
{
    const QRectF rect(origin, m_size);
    if (lod * m_size.width() < 8) {
        // A few pixels: a plain fill is all that can be seen (an outline would cost the most
        // of a frame of 4,800 racks and hide the colour).
        painter->fillRect(rect, isSelected() ? QColor(0x15, 0x65, 0xc0) : fillColor());
        paintMarker(painter, rect, lod);
        return;
    }
    if (!origin.isNull()) {
        painter->save();
        painter->translate(origin);
        paintAt(painter, QPointF(0, 0), lod);
        painter->restore();
        return;
    }
    painter->setPen(QPen(QColor(0x44, 0x44, 0x44), 0));
    painter->setBrush(fillColor());
    painter->drawRect(rect);
    // The front: a dark strip on the edge that faces the cold aisle.
    const QRectF front = frontRect();
    painter->fillRect(front, QColor(0x33, 0x33, 0x33));
    // Level of detail: the name where it can be read (at least kMinLabelPx on screen, at
    // least 3 characters wide), the load under it where a second line fits. Zoomed out
    // further, the fill and the row's name stand for the rack. The text keeps off the front.
    const double top = m_frontDown ? 0 : front.height();
    const double room = m_size.height() - front.height();
    const int px = readablePixels(kRackLabelPx, lod);
    const double inner = m_size.width() - 4;
    const int minPx = static_cast<int>(std::ceil(kMinLabelPx * labelScale() / lod));
    // A label is drawn whole or not at all: "C..." names nothing (presentation mode fits a
    // rack's name at 16 px only from a closer zoom).
    if (px * 1.3 <= room && m_name.widthAt(minPx, true) <= inner) {
        painter->setPen(QColor(0x1a, 0x1a, 0x1a));
        m_name.draw(painter, QPointF(2, top + 3), px, inner, true, true, minPx);
        if (px * 2.6 + 3 <= room && m_load.widthAt(minPx) <= inner)
            m_load.draw(painter, QPointF(2, top + 3 + px * 1.3), px, inner, false, true, minPx);
    }
    if (isSelected())
        paintSelection(painter, rect, lod);
    paintMarker(painter, rect, lod);
}

FloorRowItem::FloorRowItem(RowId row, double labelWidthCm)
    : CanvasItem(EntityRef::of(row))
    , m_labelWidth(labelWidthCm)
{
    setZValue(0);
}

void FloorRowItem::setName(const QString &name)
{
    m_cut.setText(name);
    const QString hall = hallOfRow(name.toStdString());
    QStringList forms { name };
    if (!hall.isEmpty())
        forms << name.mid(hall.size() + 1);
    m_name.setForms(forms);
    update();
}

void FloorRowItem::setBand(double widthCm, double depthCm)
{
    if (widthCm == m_width && depthCm == m_depth)
        return;
    prepareGeometryChange();
    m_width = widthCm;
    m_depth = depthCm;
}

void FloorRowItem::setLabelWidth(double widthCm)
{
    if (widthCm == m_labelWidth)
        return;
    prepareGeometryChange();
    m_labelWidth = widthCm;
}

QRectF FloorRowItem::boundingRect() const
{
    return QRectF(-m_labelWidth, -10, m_labelWidth + m_width + 10, m_depth + 20);
}

void FloorRowItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const QRectF band = boundingRect();
    painter->setPen(Qt::NoPen);
    painter->setBrush(isSelected() ? QColor(0xd6, 0xe4, 0xf5) : QColor(0xec, 0xec, 0xe6));
    painter->drawRect(band);
    const int px = readablePixels(kRowLabelPx, lod);
    if (px * 1.2 <= m_depth + 20) {
        painter->setPen(QColor(0x33, 0x33, 0x33));
        const int minimum = static_cast<int>(std::ceil(kMinLabelPx * labelScale() / lod));
        const double room = m_labelWidth - 16;
        const auto [form, drawnPx] = m_name.choose(px, room, true, minimum);
        const int linePx = form < 0 ? minimum : drawnPx;
        const QPointF at(-m_labelWidth + 8, m_depth / 2 - linePx * 0.6);
        if (form >= 0)
            m_name.draw(painter, at, px, room, true, minimum);
        else
            m_cut.draw(painter, at, minimum, room, true);
    }
    paintMarker(painter, QRectF(-m_labelWidth, -10, m_labelWidth, m_depth + 20), lod);
}

FloorHallItem::FloorHallItem(const FloorHall &hall, const QString &name)
    : m_hall(hall)
{
    m_name.setForms({ name });
    m_cut.setText(name);
    // The full name on hover (CanvasView::toolTipAt), wherever the strip had to cut it.
    setToolTip(name);
    setZValue(-1);
}

QRectF FloorHallItem::boundingRect() const
{
    return m_hall.rect.adjusted(-60, -60, 60, 60);
}

void FloorHallItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF frame = m_hall.rect.adjusted(-50, -50, 50, 50);
    QPen pen(QColor(0x8a, 0x8a, 0x80));
    pen.setWidthF(2 / std::max(lod, 1e-6));
    painter->setPen(pen);
    painter->setBrush(QColor(0xf3, 0xf3, 0xee));
    painter->drawRect(frame);
    // The name in the title strip only, as large as the strip allows (the strip grows with
    // the floor, FloorLayout): over the rows it would hide the racks it names.
    const QRectF strip = m_hall.titleRect;
    if (strip.isEmpty())
        return;
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0xe4, 0xe4, 0xdc));
    painter->drawRect(QRectF(frame.left(), frame.top(), frame.width(),
                             strip.bottom() - frame.top() - strip.height() * 0.05));
    const auto *canvas = dynamic_cast<const CanvasScene *>(scene());
    const double scale = canvas ? canvas->labelScale() : 1.0;
    const int px = static_cast<int>(std::floor(strip.height() * 0.6)); // FloorLayout.cpp
    const int minimum = static_cast<int>(std::ceil(kMinLabelPx * scale / std::max(lod, 1e-6)));
    if (px < minimum)
        return;
    painter->setPen(QColor(0x30, 0x30, 0x30));
    // Whole, at the strip's size or shrunk to its width (a 100-hall campus: "H100" is wider
    // than the strip's share at the strip's full size, and was cut to "H..."), centred on
    // the strip's height at the size drawn.
    const auto [form, drawnPx] = m_name.choose(px, strip.width(), true, minimum);
    const int linePx = form < 0 ? minimum : drawnPx;
    const QPointF at(strip.left(), strip.top() + (strip.height() - linePx * 1.2) / 2);
    if (form >= 0)
        m_name.draw(painter, at, px, strip.width(), true, minimum);
    else
        m_cut.draw(painter, at, minimum, strip.width(), true);
}

FloorAisleItem::FloorAisleItem(const FloorAisle &aisle)
    : m_aisle(aisle)
{
    // Named with its width (cm in the scene), as an architect checks a clearance.
    m_label.setText(QStringLiteral("%1 · %2 m")
                        .arg(aisle.hot ? QStringLiteral("hot aisle") : QStringLiteral("cold aisle"))
                        .arg(aisle.rect.height() / 100.0, 0, 'f', 2));
    setZValue(-0.5); // over the hall, under the rows' bands
}

QRectF FloorAisleItem::boundingRect() const
{
    return m_aisle.rect;
}

void FloorAisleItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    painter->fillRect(m_aisle.rect, aisleColor(m_aisle.hot));
    const auto *canvas = dynamic_cast<const CanvasScene *>(scene());
    const double scale = canvas ? canvas->labelScale() : 1.0;
    const int px = static_cast<int>(
        std::ceil(std::max(kAisleLabelPx, kMinLabelPx / std::max(lod, 1e-6)) * scale));
    // Between the row bands (10 cm over the aisle on each side).
    const double room = m_aisle.rect.height() - 20;
    if (px * 1.2 > room * 0.6 || m_label.widthAt(px) > m_aisle.rect.width() - 40)
        return;
    painter->setPen(aisleColor(m_aisle.hot).darker(170));
    m_label.draw(painter, QPointF(m_aisle.rect.left() + 20, m_aisle.rect.center().y() - px * 0.6),
                 px, m_aisle.rect.width() - 40);
}

FloorFeedItem::FloorFeedItem(Feed feed, int hall, const QRectF &rect)
    : m_feed(feed)
    , m_hall(hall)
    , m_rect(rect)
{
    m_title.setText(feed == Feed::A ? QStringLiteral("Feed A") : QStringLiteral("Feed B"));
    m_titleAlone.setForms(
        { m_title.text(), feed == Feed::A ? QStringLiteral("A") : QStringLiteral("B") });
    setZValue(0);
    measureText();
}

void FloorFeedItem::measureText()
{
    constexpr int kProbePx = 100; // text width grows in proportion to its size
    m_widthPerPx = (m_title.widthAt(kProbePx, true) + m_figures.widthAt(kProbePx)) / kProbePx
        + 0.6; // the gap between them
}

void FloorFeedItem::setFigures(int pdus, double capacityW, double loadW)
{
    m_pdus = pdus;
    m_capacityW = capacityW;
    m_figures.setText(QStringLiteral("%1 PDUs · %2 after derating · hall load %3")
                          .arg(pdus)
                          .arg(powerText(capacityW), powerText(loadW)));
    measureText();
    update();
}

QRectF FloorFeedItem::boundingRect() const
{
    return m_rect.adjusted(-2, -2, 2, 2);
}

void FloorFeedItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    QPen pen(feedColor(m_feed).darker(150));
    pen.setWidthF(1.5 / std::max(lod, 1e-6));
    painter->setPen(pen);
    painter->setBrush(feedColor(m_feed));
    painter->drawRect(m_rect);
    // The title and its figures on one line, at the largest size that fits both when that
    // is readable; else the title alone, as large as the strip allows.
    const auto *canvas = dynamic_cast<const CanvasScene *>(scene());
    const double minimum = kMinLabelPx * (canvas ? canvas->labelScale() : 1.0) - 0.01;
    const double pad = m_rect.height() * 0.2;
    const double room = m_rect.width() - 2 * pad;
    const int fullPx = static_cast<int>(std::floor(m_rect.height() * 0.5));
    const int px = std::min(fullPx, static_cast<int>(room / m_widthPerPx));
    painter->setPen(QColor(0x22, 0x1a, 0x33));
    if (px * lod >= minimum) {
        const QPointF at(m_rect.left() + pad, m_rect.top() + (m_rect.height() - px * 1.2) / 2);
        m_title.draw(painter, at, px, room, true);
        const double titleWidth = m_title.widthAt(px, true) + px * 0.6;
        m_figures.draw(painter, at + QPointF(titleWidth, 0), px, room - titleWidth);
        return;
    }
    // The title alone, as large as the strip allows, shortened to the feed's letter rather
    // than cut when even that is too wide.
    // Alone, it may take most of the strip's height (a line of 1.2 em in 0.9 of it): a strip
    // fitted 12 px high still says which feed it is.
    const int alonePx = static_cast<int>(std::floor(m_rect.height() * 0.75));
    const QPointF at(m_rect.left() + pad, m_rect.top() + (m_rect.height() - alonePx * 1.2) / 2);
    m_titleAlone.draw(painter, at, alonePx, room, true,
                      static_cast<int>(std::ceil(minimum / std::max(lod, 1e-6))));
}

} // namespace cw::canvas

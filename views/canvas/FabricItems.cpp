#include "views/canvas/FabricItems.h"

#include "views/canvas/CanvasStyle.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cw::canvas {
namespace {

constexpr double kSubtitlePx = 20;
constexpr double kLayerPx = 22;
constexpr double kBoxLabelPx = 17;
constexpr double kBoxDetailPx = 13;

QString storageKindName(StorageKind kind)
{
    switch (kind) {
    case StorageKind::ParallelFilesystem:
        return QStringLiteral("parallel filesystem");
    case StorageKind::Object:
        return QStringLiteral("object store");
    case StorageKind::NodeLocalNvme:
        return QStringLiteral("node-local NVMe");
    }
    return {};
}

} // namespace

QColor layerFill(FabricLayer layer)
{
    switch (layer) {
    case FabricLayer::Nodes:
        return QColor(0xe3, 0xee, 0xf9);
    case FabricLayer::Leaf:
        return QColor(0xe6, 0xf4, 0xe1);
    case FabricLayer::Spine:
        return QColor(0xf3, 0xec, 0xd9);
    case FabricLayer::Core:
        return QColor(0xf1, 0xe0, 0xe8);
    }
    return Qt::white;
}

FabricBandItem::FabricBandItem(FabricId fabric, const QColor &colour, const FabricBand &layout)
    : CanvasItem(EntityRef::of(fabric))
    , m_colour(colour)
    , m_size(layout.width, layout.height)
    , m_geometry(layout.geometry)
{
    setZValue(-1);
    setFlag(ItemIsSelectable, fabric.isValid());
    for (const auto &[layer, y] : layout.layerY) {
        CachedLabel label;
        label.setText(QString::fromLatin1(layerName(layer)));
        m_layers.emplace_back(y, std::move(label));
    }
}

void FabricBandItem::setTitle(const QString &title, const QString &subtitle,
                              const QString &shortSubtitle)
{
    m_title.setForms({ title });
    m_titleCut.setText(title);
    QStringList forms { subtitle };
    if (!shortSubtitle.isEmpty())
        forms << shortSubtitle;
    m_subtitle.setForms(forms);
    update();
}

QRectF FabricBandItem::headerRect() const
{
    return QRectF(0, 0, m_size.width(), m_geometry.titleHeight);
}

QRectF FabricBandItem::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_size).adjusted(-2, -2, 2, 2);
}

void FabricBandItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const QRectF rect(QPointF(0, 0), m_size);
    // Small on screen, the background and the bundles come from the picture kept for this
    // zoom (FabricBandBundles.cpp); else they are drawn, the bundles by their items.
    if (!m_drawsBundles || !paintKeptPicture(painter))
        paintBackground(painter);
    // Readable or not drawn: the title where it fits in the band's header, the figures under
    // it where both fit (never running into the boxes below). Header and fonts grow together
    // (presentation mode, wide bands), so what fits at one scale fits at the other.
    const FabricGeometry &g = m_geometry;
    const double hs = g.headerScale;
    const double pad = 10 * g.textScale * hs;
    const int titlePx = readablePixels(kBandTitlePx * hs, lod);
    const int subtitlePx = readablePixels(kSubtitlePx * hs, lod);
    if (pad + titlePx * 1.2 <= g.titleHeight) {
        painter->setPen(QColor(0x20, 0x20, 0x20));
        // A narrow band in a wide drawing (one hall's out-of-band fabric beside the compute
        // band) has a large header for its width: the title shrinks to fit, the figures
        // shorten or go, rather than end in "...".
        const double room = m_size.width() - 4 * pad;
        const int minimum = static_cast<int>(std::ceil(kMinLabelPx * labelScale() / lod));
        if (!m_title.draw(painter, QPointF(2 * pad, pad), titlePx, room, true, minimum).isValid())
            m_titleCut.draw(painter, QPointF(2 * pad, pad), std::max(minimum, 1), room, true);
        if (pad * 1.6 + titlePx * 1.2 + subtitlePx * 1.2 <= g.titleHeight)
            m_subtitle.draw(painter, QPointF(2 * pad, pad * 1.6 + titlePx * 1.2), subtitlePx, room,
                            false, subtitlePx);
    }
    // Layer names centred on their row of boxes, in the gutter; up to most of a layer's pitch
    // high (the gutter holds nothing else), so they stay when the boxes' labels are gone.
    const int layerPx = readablePixels(kLayerPx * hs, lod);
    if (layerPx * 1.2 <= g.layerPitch() * 0.9) {
        painter->setPen(QColor(0x66, 0x66, 0x66));
        for (auto &[y, label] : m_layers) {
            // Centred on the boxes, but never up into the header nor out of the band.
            const double top = std::clamp(y + g.boxHeight / 2 - layerPx * 0.6, g.titleHeight,
                                          std::max(g.titleHeight, m_size.height() - layerPx * 1.2));
            label.draw(painter, QPointF(0.6 * pad, top), layerPx, g.gutter - 1.2 * pad, true);
        }
    }
    if (isSelected())
        paintSelection(painter, rect, lod);
    paintMarker(painter, QRectF(rect.right() - 60, 10, 50, 50), lod);
}

FabricBoxItem::FabricBoxItem(const FabricBox &box, FabricId fabric, bool aggregate,
                             const QColor &colour, const FabricGeometry &geometry)
    : CanvasItem(box.devices.empty() ? EntityRef {} : EntityRef::of(box.devices.front()))
    , m_devices(box.devices)
    , m_fabric(fabric)
    , m_layer(box.layer)
    , m_aggregate(aggregate)
    , m_colour(colour)
    , m_size(geometry.boxWidth, geometry.boxHeight)
    , m_textScale(geometry.textScale)
    , m_pen(colour, aggregate ? 3 : 2)
    , m_stackPen(colour, 0)
    , m_fill(layerFill(box.layer))
    , m_stackFill(layerFill(box.layer).darker(110))
{
    setPos(box.x, box.y);
    setZValue(1);
    setLabels(QString::fromStdString(box.label), QString::fromStdString(box.detail));
}

std::vector<EntityRef> FabricBoxItem::entities() const
{
    std::vector<EntityRef> refs;
    refs.reserve(m_devices.size());
    for (DeviceId id : m_devices)
        refs.push_back(EntityRef::of(id));
    return refs;
}

DeviceId FabricBoxItem::deviceId() const
{
    return m_devices.size() == 1 && !m_aggregate ? m_devices.front() : DeviceId {};
}

void FabricBoxItem::setLabels(const QString &label, const QString &detail)
{
    // An aggregate's count is what matters when "72 nodes" does not fit: never "72 n...".
    QStringList forms { label };
    if (m_aggregate)
        forms << QString::number(m_devices.size());
    m_label.setForms(forms);
    m_detail.setForms({ detail });
    update();
}

QPointF FabricBoxItem::anchor(bool top) const
{
    return pos() + QPointF(m_size.width() / 2, top ? 0 : m_size.height());
}

QRectF FabricBoxItem::boundingRect() const
{
    return rect().adjusted(-4, -4, 8, 4);
}

void FabricBoxItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    const QRectF rect = this->rect();
    if (lod * rect.width() < 4) {
        painter->fillRect(rect, m_colour);
        paintMarker(painter, rect, lod);
        return;
    }
    // Padding grows with the box (presentation mode), so the two lines fit as at scale 1.
    const double padX = 8 * m_textScale;
    const double padY = 6 * m_textScale;
    const int labelPx = readablePixels(kBoxLabelPx, lod);
    const int detailPx = readablePixels(kBoxDetailPx, lod);
    if (labelPx * 1.2 + padY > rect.height()) {
        // No label fits: the fitted fabric of a campus shows thousands of boxes this small.
        paintSmall(painter, lod);
        if (isSelected())
            paintSelection(painter, rect, lod);
        paintMarker(painter, rect, lod);
        return;
    }
    if (m_aggregate) {
        // A stack: the aggregate reads as "many" before its count can be read.
        painter->setPen(m_stackPen);
        painter->setBrush(m_stackFill);
        painter->drawRect(rect.translated(4, -4));
    }
    painter->setPen(m_pen);
    painter->setBrush(m_fill);
    painter->drawRect(rect);
    const int minPx = readablePixels(0, lod);
    // The first line stays clear of the marker badge in the top-right corner.
    const double side = std::min(rect.width(), rect.height());
    const double badge
        = marker() ? std::min(std::max(side * 0.25, 7.0 / std::max(lod, 1e-6)), side) : 0;
    painter->setPen(QColor(0x15, 0x15, 0x15));
    m_label.draw(painter, QPointF(padX, padY), labelPx, rect.width() - 2 * padX - badge, true,
                 minPx);
    if (padY * 1.6 + labelPx * 1.2 + detailPx * 1.2 <= rect.height())
        m_detail.draw(painter, QPointF(padX, padY * 1.6 + labelPx * 1.2), detailPx,
                      rect.width() - 2 * padX, false, minPx);
    if (isSelected())
        paintSelection(painter, rect, lod);
    paintMarker(painter, rect, lod);
}

void FabricBoxItem::paintSmall(QPainter *painter, double lod) const
{
    // What drawRect with the pens draws, as fills: a pen's stroke straddles the edge, so
    // the outline is the rectangle grown by half the pen's width in the pen's colour, and
    // the inside the rectangle shrunk by as much in the fill's.
    const QRectF rect = this->rect();
    if (m_aggregate) {
        const double half = 0.5 / std::max(lod, 1e-6); // the stack's pen: one screen pixel
        const QRectF stack = rect.translated(4, -4);
        painter->fillRect(stack.adjusted(-half, -half, half, half), m_colour);
        painter->fillRect(stack.adjusted(half, half, -half, -half), m_stackFill.color());
    }
    const double half = m_pen.widthF() / 2;
    painter->fillRect(rect.adjusted(-half, -half, half, half), m_colour);
    painter->fillRect(rect.adjusted(half, half, -half, -half), m_fill.color());
}

FabricLinkItem::FabricLinkItem(LinkId link, const FabricBoxItem *a, const FabricBoxItem *b,
                               int count, const QColor &colour, double layerPitch)
    : CanvasItem(EntityRef::of(link))
    , m_layerPitch(layerPitch)
    , m_count(count)
    , m_colour(colour)
{
    setZValue(0);
    setFlag(ItemIsSelectable, link.isValid());
    const bool aAbove = a->pos().y() < b->pos().y();
    if (a->pos().y() == b->pos().y()) {
        // Same layer (an inter-switch link, a back-to-back cable): an arc above the boxes.
        const QPointF from = a->anchor(true);
        const QPointF to = b->anchor(true);
        m_path.moveTo(from);
        m_path.quadTo(QPointF((from.x() + to.x()) / 2, from.y() - layerPitch * 0.4), to);
        // Flattened once, finely enough for a screen pixel per unit (0.5 units).
        m_flat = m_path.toSubpathPolygons().value(0);
    } else {
        const QPointF from = aAbove ? a->anchor(false) : a->anchor(true);
        const QPointF to = aAbove ? b->anchor(true) : b->anchor(false);
        m_path.moveTo(from);
        m_path.lineTo(to);
        m_straight = true;
        m_line = QLineF(from, to);
    }
    m_middle = m_path.pointAtPercent(0.5);
    m_bounds = m_path.boundingRect().adjusted(-30, -30, 30, 30);
}

std::vector<EntityRef> FabricLinkItem::entities() const
{
    // A bundle is found through its boxes (FabricView::itemsFor), not indexed per link.
    return ref().id != 0 ? std::vector<EntityRef> { ref() } : std::vector<EntityRef> {};
}

QRectF FabricLinkItem::boundingRect() const
{
    return m_bounds;
}

QPainterPath FabricLinkItem::shape() const
{
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    return stroker.createStroke(m_path);
}

bool FabricLinkItem::isPlain() const
{
    return !marker() && failureState() == FailureState::None && compareState() == CompareState::None
        && !isSelected();
}

const QPen &FabricLinkItem::pen()
{
    const int state = (marker() ? static_cast<int>(*marker()) + 1 : 0) * 2 + (isSelected() ? 1 : 0);
    if (state == m_penState)
        return m_pen;
    m_penState = state;
    const bool flagged = marker().has_value();
    QPen pen(flagged ? severityColor(*marker()) : m_colour);
    // Screen pixels, whatever the zoom: a bundle thickens with the log of its count, so a
    // zoomed-in aggregate view is not a wall of colour.
    const double width = m_count > 1 ? 1.5 + 0.6 * std::log2(static_cast<double>(m_count)) : 1.5;
    pen.setCosmetic(true);
    pen.setWidthF(width * (flagged ? 1.6 : 1.0));
    if (flagged)
        pen.setStyle(Qt::DashLine);
    if (isSelected())
        pen.setColor(QColor(0x15, 0x65, 0xc0));
    m_pen = pen;
    return m_pen;
}

void FabricLinkItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    painter->setPen(pen());
    painter->setBrush(Qt::NoBrush);
    // A line as a line; an arc flattened while a unit is at most half a pixel (the polyline,
    // flattened to half a unit, is then within a quarter pixel of the curve), the curve
    // itself when zoomed in.
    if (m_straight)
        painter->drawLine(m_line);
    else if (lod <= 0.5 && m_flat.size() > 1)
        painter->drawPolyline(m_flat);
    else
        painter->drawPath(m_path);
    // A bundle's count is drawn by the band's FabricChipsItem, which keeps the chips apart.
    if (marker())
        paintMarker(painter, QRectF(m_middle - QPointF(9, 9), QSizeF(18, 18)), lod);
}

StorageBlockItem::StorageBlockItem(const StorageTier &tier, const StorageBlock &block,
                                   const QColor &colour)
    : CanvasItem(EntityRef::of(tier.id))
    , m_rect(block.x, block.y, block.width, block.height)
    , m_colour(colour)
{
    setZValue(1);
    const QString name = QString::fromStdString(tier.name);
    m_title.setForms({ name + QStringLiteral(" · ") + storageKindName(tier.kind), name });
    m_capacity.setForms({ QStringLiteral("%1 TB usable").arg(tier.capacityTB, 0, 'f', 0) });
    m_bandwidth.setForms({ QStringLiteral("read %1 / write %2 GB/s")
                               .arg(tier.readGBps, 0, 'f', 0)
                               .arg(tier.writeGBps, 0, 'f', 0),
                           QStringLiteral("%1 / %2 GB/s")
                               .arg(tier.readGBps, 0, 'f', 0)
                               .arg(tier.writeGBps, 0, 'f', 0) });
}

QRectF StorageBlockItem::boundingRect() const
{
    return m_rect.adjusted(-3, -3, 3, 3);
}

void StorageBlockItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = levelOfDetail(option, painter);
    QPen pen(m_colour.darker(130));
    pen.setWidthF(2);
    painter->setPen(pen);
    painter->setBrush(QColor(0xfd, 0xf1, 0xe4));
    painter->drawRoundedRect(m_rect, 10, 10);
    // Never a silently empty block: the name (with its kind where that fits) as soon as one
    // line does, the figures under it where they fit too.
    const int px = readablePixels(kBoxLabelPx, lod);
    const int detailPx = readablePixels(kBoxDetailPx, lod);
    const int minPx = readablePixels(0, lod);
    const double pad = std::min(10.0, m_rect.height() * 0.1);
    const double width = m_rect.width() - 2 * pad;
    if (pad + px * 1.2 <= m_rect.height()) {
        painter->setPen(QColor(0x33, 0x22, 0x11));
        m_title.draw(painter, m_rect.topLeft() + QPointF(pad, pad * 0.8), px, width, true, minPx);
        if (pad * 1.4 + px * 1.2 + detailPx * 2.5 <= m_rect.height()) {
            m_capacity.draw(painter, m_rect.topLeft() + QPointF(pad, pad * 1.2 + px * 1.2),
                            detailPx, width, false, minPx);
            m_bandwidth.draw(
                painter, m_rect.topLeft() + QPointF(pad, pad * 1.4 + px * 1.2 + detailPx * 1.25),
                detailPx, width, false, minPx);
        }
    }
    if (isSelected())
        paintSelection(painter, m_rect, lod);
    paintMarker(painter, m_rect, lod);
}

} // namespace cw::canvas

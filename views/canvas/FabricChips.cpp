#include "views/canvas/FabricChips.h"

#include "views/canvas/CanvasStyle.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cw::canvas {
namespace {

constexpr double kChipPx = 13; ///< a count's size at zoom 1 (the boxes' detail line)

/// Where along a bundle a chip is tried: the middle first, then out towards both ends.
constexpr double kAlong[] = { 0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82 };

} // namespace

FabricChipsItem::FabricChipsItem(const QRectF &area, std::vector<QRectF> boxes, double textScale)
    : m_area(area)
    , m_boxes(std::move(boxes))
    , m_textScale(textScale)
{
    setZValue(2); // over the boxes (1) and the lines (0)
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
}

void FabricChipsItem::addBundle(const QPainterPath &path, int count)
{
    Bundle bundle;
    bundle.path = path;
    bundle.count = count;
    bundle.label.setText(QString::number(count));
    m_bundles.push_back(std::move(bundle));
    m_placedPx = 0;
}

QRectF FabricChipsItem::boundingRect() const
{
    return m_area;
}

std::vector<FabricChipsItem::Chip> FabricChipsItem::place(int pixelSize) const
{
    if (pixelSize != m_placedPx) {
        m_placedPx = pixelSize;
        m_placed.clear();
        std::vector<std::size_t> order(m_bundles.size());
        std::iota(order.begin(), order.end(), std::size_t { 0 });
        std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
            return m_bundles[a].count > m_bundles[b].count;
        });
        // A gap of a third of the text's size between two chips, and between a chip and a
        // box, so that neighbours read as two numbers.
        const double gap = pixelSize * 0.3;
        const double height = pixelSize * 1.4;
        for (std::size_t index : order) {
            const Bundle &bundle = m_bundles[index];
            const double width = bundle.label.widthAt(pixelSize) + pixelSize * 0.8;
            for (double t : kAlong) {
                const QPointF centre = bundle.path.pointAtPercent(t);
                const QRectF chip(centre.x() - width / 2, centre.y() - height / 2, width, height);
                const QRectF clear = chip.adjusted(-gap, -gap, gap, gap);
                const auto hits = [&clear](const QRectF &other) {
                    return clear.intersects(other);
                };
                if (!m_area.contains(chip) || std::any_of(m_boxes.begin(), m_boxes.end(), hits)
                    || std::any_of(m_placed.begin(), m_placed.end(),
                                   [&hits](const auto &placed) { return hits(placed.second); }))
                    continue;
                m_placed.emplace_back(index, chip);
                break;
            }
        }
    }
    std::vector<Chip> chips;
    chips.reserve(m_placed.size());
    for (const auto &[index, rect] : m_placed)
        chips.push_back({ rect, m_bundles[index].count });
    return chips;
}

void FabricChipsItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *)
{
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const auto *canvas = dynamic_cast<const CanvasScene *>(scene());
    const double scale = canvas ? canvas->labelScale() : m_textScale;
    // As CanvasItem::readablePixels: the design size, never under the minimum on screen.
    const int px = std::max(
        1,
        static_cast<int>(std::ceil(std::max(kChipPx, kMinLabelPx / std::max(lod, 1e-6)) * scale)));
    place(px);
    for (const auto &[index, chip] : m_placed) {
        Bundle &bundle = m_bundles[index];
        painter->setPen(QPen(QColor(0x88, 0x88, 0x88), 0));
        painter->setBrush(QColor(255, 255, 255, 235));
        painter->drawRoundedRect(chip, chip.height() * 0.2, chip.height() * 0.2);
        painter->setPen(QColor(0x22, 0x22, 0x22));
        const double textWidth = chip.width() - px * 0.8;
        bundle.label.draw(painter,
                          QPointF(chip.center().x() - textWidth / 2, chip.center().y() - px * 0.6),
                          px, textWidth + 1);
    }
}

} // namespace cw::canvas

#include "views/canvas/FabricChips.h"

#include "views/canvas/CanvasStyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

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
    , m_outline(QColor(0x88, 0x88, 0x88), 0)
    , m_fill(QColor(255, 255, 255, 235))
    , m_text(QColor(0x22, 0x22, 0x22))
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

namespace {

/// Rectangles bucketed in square cells, so that a chip is checked against its neighbours
/// only: a 16,384-node band has hundreds of bundles and boxes, placed anew at each zoom.
class RectGrid
{
public:
    explicit RectGrid(double cell)
        : m_cell(std::max(cell, 1.0))
    { }
    void insert(const QRectF &rect)
    {
        forCells(rect, [&](std::int64_t key) { m_cells[key].push_back(rect); });
    }
    bool hits(const QRectF &rect) const
    {
        bool hit = false;
        forCells(rect, [&](std::int64_t key) {
            if (hit)
                return;
            if (auto it = m_cells.find(key); it != m_cells.end())
                hit = std::any_of(it->second.begin(), it->second.end(),
                                  [&rect](const QRectF &other) { return rect.intersects(other); });
        });
        return hit;
    }

private:
    template<typename F>
    void forCells(const QRectF &rect, F &&visit) const
    {
        const auto cell = [this](double v) {
            return static_cast<std::int64_t>(std::floor(v / m_cell));
        };
        for (std::int64_t x = cell(rect.left()); x <= cell(rect.right()); ++x)
            for (std::int64_t y = cell(rect.top()); y <= cell(rect.bottom()); ++y)
                visit(x * 1'000'003 + y);
    }

    double m_cell;
    std::unordered_map<std::int64_t, std::vector<QRectF>> m_cells;
};

} // namespace

std::vector<FabricChipsItem::Chip> FabricChipsItem::place(int pixelSize) const
{
    if (pixelSize != m_placedPx) {
        m_placedPx = pixelSize;
        ++m_placements;
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
        // A box can be far wider than a chip: boxes and chips each in a grid of their own,
        // the boxes' with cells of a box's size.
        double boxSide = height;
        for (const QRectF &box : m_boxes)
            boxSide = std::max(boxSide, std::max(box.width(), box.height()));
        RectGrid boxes(boxSide);
        for (const QRectF &box : m_boxes)
            boxes.insert(box);
        RectGrid chips(height * 4);
        QFont font;
        font.setPixelSize(pixelSize);
        const QFontMetricsF metrics(font);
        for (std::size_t index : order) {
            const Bundle &bundle = m_bundles[index];
            const double width = metrics.horizontalAdvance(bundle.label.text()) + pixelSize * 0.8;
            for (double t : kAlong) {
                const QPointF centre = bundle.path.pointAtPercent(t);
                const QRectF chip(centre.x() - width / 2, centre.y() - height / 2, width, height);
                const QRectF clear = chip.adjusted(-gap, -gap, gap, gap);
                if (!m_area.contains(chip) || boxes.hits(clear) || chips.hits(clear))
                    continue;
                m_placed.emplace_back(index, chip);
                chips.insert(chip);
                break;
            }
        }
    }
    std::vector<Chip> placed;
    placed.reserve(m_placed.size());
    for (const auto &[index, rect] : m_placed)
        placed.push_back({ rect, m_bundles[index].count });
    return placed;
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
    // Zoomed out a chip is a dozen pixels high: its rounded outline flattened once per
    // placement serves; zoomed in the curves are drawn as such.
    const bool flat = lod <= 1;
    if (flat && m_shapesOf != m_placements) {
        m_shapes.clear();
        m_shapes.reserve(m_placed.size());
        for (const auto &[index, chip] : m_placed) {
            QPainterPath outline;
            outline.addRoundedRect(chip, chip.height() * 0.2, chip.height() * 0.2);
            m_shapes.push_back(outline.toFillPolygon());
        }
        m_shapesOf = m_placements;
    }
    for (std::size_t i = 0; i < m_placed.size(); ++i) {
        const auto &[index, chip] = m_placed[i];
        Bundle &bundle = m_bundles[index];
        painter->setPen(m_outline);
        painter->setBrush(m_fill);
        if (flat)
            painter->drawPolygon(m_shapes[i]);
        else
            painter->drawRoundedRect(chip, chip.height() * 0.2, chip.height() * 0.2);
        painter->setPen(m_text);
        const double textWidth = chip.width() - px * 0.8;
        bundle.label.draw(painter,
                          QPointF(chip.center().x() - textWidth / 2, chip.center().y() - px * 0.6),
                          px, textWidth + 1);
    }
}

} // namespace cw::canvas

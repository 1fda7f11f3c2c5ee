// CanvasView's overlays: the legend, the scale bar and the overview (minimap), drawn on the
// viewport over the drawing at screen size whatever the zoom.

#include "views/canvas/CanvasView.h"

#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cw::canvas {
namespace {

/// Pixel size of overlay text (legend, scale bar): readable, grown on a projector.
int overlayPixels(double labelScale)
{
    return static_cast<int>(std::lround(12 * labelScale));
}

} // namespace

std::vector<LegendEntry> CanvasView::legend() const
{
    return {};
}

void CanvasView::setLegendVisible(bool on)
{
    m_legendVisible = on;
    if (m_fitMode)
        fitNow();
    viewport()->update();
}

void CanvasView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    // The legend, scale bar and overview stay put on the viewport: a scrolled (blitted)
    // viewport would drag copies of them along.
    viewport()->update();
}

void CanvasView::drawForeground(QPainter *painter, const QRectF &rect)
{
    QGraphicsView::drawForeground(painter, rect);
    painter->save();
    painter->resetTransform();
    painter->setRenderHint(QPainter::Antialiasing, true);
    drawOverview(painter);
    drawScaleBar(painter);
    drawLegend(painter);
    painter->restore();
}

namespace {

void drawOverlayText(QPainter *painter, const QPointF &topLeft, const QString &text, int px,
                     bool bold = false)
{
    QFont font = painter->font();
    font.setPixelSize(px);
    font.setBold(bold);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const QRectF box(topLeft, QSizeF(metrics.horizontalAdvance(text), metrics.height()));
    painter->drawText(box, Qt::AlignLeft | Qt::AlignTop, text);
    LabelRecorder::record(painter, text, box, px);
}

/// The failure overlay's look in small: as CanvasItem::paintFailureState draws it.
void drawFailureSwatch(QPainter *painter, const LegendEntry &entry, const QRectF &sw, double scale)
{
    if (entry.kind == LegendEntry::Hatched) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0x80, 0x80, 0x80, 110));
        painter->drawRect(sw);
        painter->setBrush(QBrush(QColor(0x33, 0x33, 0x33, 150), Qt::BDiagPattern));
        painter->drawRect(sw);
    }
    painter->setPen(QPen(entry.colour, 2.0 * scale,
                         entry.kind == LegendEntry::DashedOutline ? Qt::DashLine : Qt::SolidLine));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(sw);
}

} // namespace

QSizeF CanvasView::legendSize() const
{
    const std::vector<LegendEntry> entries = shownLegend();
    const double scale = m_scene->labelScale();
    QFont font;
    font.setPixelSize(overlayPixels(scale));
    const QFontMetricsF metrics(font);
    const double line = metrics.height() * 1.25;
    const double swatch = metrics.height() * 0.9;
    double textWidth = metrics.horizontalAdvance(tr("Legend"));
    for (const LegendEntry &entry : entries)
        textWidth = std::max(textWidth, metrics.horizontalAdvance(entry.text));
    const double pad = 6 * scale;
    return QSizeF(pad * 3 + swatch + textWidth,
                  pad * 2 + line * static_cast<double>(entries.size() + 1));
}

void CanvasView::drawLegend(QPainter *painter)
{
    m_legendRect = QRect();
    const std::vector<LegendEntry> entries = shownLegend();
    if (!m_legendVisible || entries.empty())
        return;
    const double scale = m_scene->labelScale();
    const int px = overlayPixels(scale);
    QFont font = painter->font();
    font.setPixelSize(px);
    const QFontMetricsF metrics(font);
    const double line = metrics.height() * 1.25;
    const double swatch = metrics.height() * 0.9;
    const double pad = 6 * scale;
    const QSizeF size = legendSize();
    const QPointF topLeft(10, viewport()->height() - size.height() - 10);
    const QRectF box(topLeft, size);
    m_legendRect = box.toAlignedRect();
    painter->setPen(QPen(QColor(0x99, 0x99, 0x99), 1));
    painter->setBrush(QColor(255, 255, 255, 230));
    painter->drawRoundedRect(box, 4, 4);
    painter->setPen(QColor(0x22, 0x22, 0x22));
    drawOverlayText(painter, topLeft + QPointF(pad, pad), tr("Legend"), px, true);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const LegendEntry &entry = entries[i];
        const double y = topLeft.y() + pad + line * static_cast<double>(i + 1);
        const QRectF sw(topLeft.x() + pad, y + (line - swatch) / 2 - 1, swatch, swatch * 0.8);
        switch (entry.kind) {
        case LegendEntry::Fill:
            painter->setPen(QPen(QColor(0x44, 0x44, 0x44), 1));
            painter->setBrush(entry.colour);
            painter->drawRect(sw);
            break;
        case LegendEntry::Marker:
            painter->setPen(Qt::NoPen);
            painter->setBrush(entry.colour);
            painter->drawEllipse(sw.center(), swatch * 0.4, swatch * 0.4);
            break;
        case LegendEntry::Line:
        case LegendEntry::DashedLine: {
            QPen pen(entry.colour, 2.5 * scale,
                     entry.kind == LegendEntry::Line ? Qt::SolidLine : Qt::DashLine);
            painter->setPen(pen);
            painter->drawLine(QPointF(sw.left(), sw.center().y()),
                              QPointF(sw.right(), sw.center().y()));
            break;
        }
        case LegendEntry::Hatched:
        case LegendEntry::Outline:
        case LegendEntry::DashedOutline:
            drawFailureSwatch(painter, entry, sw, scale);
            break;
        }
        painter->setPen(QColor(0x22, 0x22, 0x22));
        drawOverlayText(painter, QPointF(sw.right() + pad, y), entry.text, px);
    }
}

std::pair<double, double> CanvasView::scaleBar() const
{
    if (!hasScaleBar() || zoom() <= 0)
        return { 0, 0 };
    const double pxPerMetre = zoom() * sceneUnitsPerMetre();
    // The longest 1-2-5 length that stays within 200 px.
    double metres = std::pow(10.0, std::floor(std::log10(200 / pxPerMetre)));
    for (double factor : { 5.0, 2.0, 1.0 })
        if (metres * factor * pxPerMetre <= 200) {
            metres *= factor;
            break;
        }
    return { metres, metres * pxPerMetre };
}

void CanvasView::drawScaleBar(QPainter *painter)
{
    const auto [metres, pixels] = scaleBar();
    if (metres <= 0)
        return;
    const double scale = m_scene->labelScale();
    const int px = overlayPixels(scale);
    const QString text = metres >= 1 ? tr("%1 m").arg(metres) : tr("%1 cm").arg(metres * 100);
    const double right = viewport()->width() - 16;
    const double bottom = viewport()->height() - 14;
    const QLineF bar(right - pixels, bottom, right, bottom);
    painter->setPen(QPen(QColor(255, 255, 255, 220), 6 * scale));
    painter->drawLine(bar);
    painter->setPen(QPen(QColor(0x22, 0x22, 0x22), 2 * scale));
    painter->drawLine(bar);
    painter->drawLine(QLineF(bar.p1() - QPointF(0, 5 * scale), bar.p1()));
    painter->drawLine(QLineF(bar.p2() - QPointF(0, 5 * scale), bar.p2()));
    drawOverlayText(painter, QPointF(right - pixels, bottom - 8 * scale - px * 1.3), text, px,
                    true);
}

bool CanvasView::isOverviewShown() const
{
    if (m_fitMode)
        return false;
    // The scene rectangle (the items and a margin, kept by the views) rather than the
    // items' bounds: that would visit every item on every frame.
    const QRectF items = m_scene->sceneRect();
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    // Worth it when less than half of the drawing is in view.
    const QRectF seen = items.intersected(visible);
    return !items.isEmpty() && seen.width() * seen.height() < 0.5 * items.width() * items.height();
}

void CanvasView::drawOverview(QPainter *painter)
{
    m_overviewRect = QRect();
    if (!isOverviewShown())
        return;
    const QRectF items = m_scene->sceneRect();
    const double maxSide = 200 * m_scene->labelScale();
    const double fit = std::min(maxSide / items.width(), maxSide / items.height());
    const QSize size(std::max(20, static_cast<int>(items.width() * fit)),
                     std::max(20, static_cast<int>(items.height() * fit)));
    if (m_overview.size() != size || m_overviewScene != items) {
        m_overview = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_overview.fill(QColor(0xfa, 0xfa, 0xf7));
        m_overviewScene = items;
        const LabelRecorder::Suspend quiet; // the overview's text is not the user's label
        QPainter thumb(&m_overview);
        m_scene->render(&thumb, QRectF(QPointF(0, 0), QSizeF(size)), items);
    }
    const QPoint topLeft(viewport()->width() - size.width() - 12, 12);
    m_overviewRect = QRect(topLeft, size);
    painter->setPen(QPen(QColor(0x66, 0x66, 0x66), 1));
    painter->setBrush(Qt::NoBrush);
    painter->drawImage(topLeft, m_overview);
    painter->drawRect(m_overviewRect.adjusted(-1, -1, 0, 0));
    // Where the view is.
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    const QRectF frame((visible.left() - items.left()) * fit + topLeft.x(),
                       (visible.top() - items.top()) * fit + topLeft.y(), visible.width() * fit,
                       visible.height() * fit);
    painter->setPen(QPen(QColor(0x15, 0x65, 0xc0), 2));
    painter->setBrush(QColor(0x15, 0x65, 0xc0, 40));
    painter->drawRect(frame.intersected(QRectF(m_overviewRect)));
}

void CanvasView::panFromOverview(const QPoint &viewPos)
{
    if (m_overviewRect.isEmpty() || m_overviewScene.isEmpty())
        return;
    const double fx = (viewPos.x() - m_overviewRect.left()) / double(m_overviewRect.width());
    const double fy = (viewPos.y() - m_overviewRect.top()) / double(m_overviewRect.height());
    centerOn(m_overviewScene.left() + std::clamp(fx, 0.0, 1.0) * m_overviewScene.width(),
             m_overviewScene.top() + std::clamp(fy, 0.0, 1.0) * m_overviewScene.height());
    viewport()->update();
}

} // namespace cw::canvas

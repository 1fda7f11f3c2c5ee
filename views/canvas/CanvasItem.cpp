#include "views/canvas/CanvasItem.h"

#include "views/canvas/CanvasStyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cw::canvas {

void CanvasScene::setLabelScale(double scale)
{
    if (scale == m_labelScale)
        return;
    m_labelScale = scale;
    update();
}

namespace {
thread_local LabelRecorder *t_recorder = nullptr;
} // namespace

LabelRecorder::LabelRecorder()
    : m_previous(t_recorder)
{
    t_recorder = this;
}

LabelRecorder::~LabelRecorder()
{
    t_recorder = m_previous;
}

LabelRecorder::Suspend::Suspend()
    : m_saved(t_recorder)
{
    t_recorder = nullptr;
}

LabelRecorder::Suspend::~Suspend()
{
    t_recorder = m_saved;
}

const DrawnLabel *LabelRecorder::find(const QString &text) const
{
    for (const DrawnLabel &label : m_labels)
        if (label.text.startsWith(text))
            return &label;
    return nullptr;
}

void LabelRecorder::record(const QPainter *painter, const QString &text, const QRectF &rect,
                           double pixelSize)
{
    if (!t_recorder)
        return;
    const QTransform &world = painter->worldTransform();
    t_recorder->m_labels.push_back(
        { text, world.mapRect(rect), pixelSize * std::sqrt(std::abs(world.determinant())) });
}

void CachedLabel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_dirty = true;
}

void CachedLabel::draw(QPainter *painter, const QPointF &topLeft, int pixelSize, double maxWidth,
                       bool bold, bool shrink, int minPixelSize)
{
    if (m_text.isEmpty() || pixelSize <= 0)
        return;
    if (m_dirty || pixelSize != m_pixelSize || maxWidth != m_maxWidth || bold != m_bold
        || minPixelSize != m_minPixelSize) {
        QFont font;
        font.setPixelSize(pixelSize);
        font.setBold(bold);
        m_drawPixelSize = pixelSize;
        if (shrink) {
            const double width = QFontMetricsF(font).horizontalAdvance(m_text);
            if (width > maxWidth && width > 0) {
                m_drawPixelSize = std::max(std::max(1, minPixelSize),
                                           static_cast<int>(pixelSize * maxWidth / width));
                font.setPixelSize(m_drawPixelSize);
            }
        }
        const QFontMetricsF metrics(font);
        m_static.setText(metrics.elidedText(m_text, Qt::ElideRight, maxWidth));
        m_static.setTextFormat(Qt::PlainText);
        m_static.setPerformanceHint(QStaticText::AggressiveCaching);
        m_static.prepare(QTransform(), font);
        m_pixelSize = pixelSize;
        m_maxWidth = maxWidth;
        m_bold = bold;
        m_minPixelSize = minPixelSize;
        m_dirty = false;
    }
    QFont font = painter->font();
    font.setPixelSize(m_drawPixelSize);
    font.setBold(bold);
    painter->setFont(font);
    if (m_static.text().isEmpty())
        return; // elided to nothing: no room at all
    painter->drawStaticText(topLeft, m_static);
    LabelRecorder::record(painter, m_static.text(), QRectF(topLeft, m_static.size()),
                          m_drawPixelSize);
}

double CachedLabel::widthAt(int pixelSize, bool bold) const
{
    QFont font;
    font.setPixelSize(std::max(1, pixelSize));
    font.setBold(bold);
    return QFontMetricsF(font).horizontalAdvance(m_text);
}

CanvasItem::CanvasItem(EntityRef ref, QGraphicsItem *parent)
    : QGraphicsItem(parent)
    , m_ref(ref)
{
    setFlag(ItemIsSelectable);
}

void CanvasItem::setMarker(std::optional<Severity> severity)
{
    if (severity == m_marker)
        return;
    m_marker = severity;
    stateChanged();
}

double CanvasItem::levelOfDetail(const QStyleOptionGraphicsItem *option, const QPainter *painter)
{
    return option->levelOfDetailFromTransform(painter->worldTransform());
}

double CanvasItem::labelScale() const
{
    const auto *canvas = dynamic_cast<const CanvasScene *>(scene());
    return canvas ? canvas->labelScale() : 1.0;
}

int CanvasItem::labelPixels(double base) const
{
    return std::max(1, static_cast<int>(std::lround(base * labelScale())));
}

int CanvasItem::readablePixels(double base, double lod) const
{
    const double minimum = kMinLabelPx / std::max(lod, 1e-6);
    return std::max(1, static_cast<int>(std::ceil(std::max(base, minimum) * labelScale())));
}

QColor failureColor(FailureState state)
{
    switch (state) {
    case FailureState::Lost:
        return QColor(0x55, 0x55, 0x55);
    case FailureState::Capped:
        return QColor(0xf5, 0x9e, 0x00);
    case FailureState::Degraded:
        return QColor(0x8e, 0x44, 0xad);
    case FailureState::None:
        break;
    }
    return {};
}

void CanvasItem::setFailureState(FailureState state)
{
    if (state == m_failure)
        return;
    m_failure = state;
    stateChanged();
}

void CanvasItem::paintFailureState(QPainter *painter, const QRectF &rect, double lod) const
{
    if (m_failure == FailureState::None)
        return;
    painter->save();
    const double pixel = 1.0 / std::max(lod, 1e-6);
    const QColor colour = failureColor(m_failure);
    if (m_failure == FailureState::Lost) {
        // Hatching in device pixels: the same density at any zoom.
        QBrush hatch(QColor(0x33, 0x33, 0x33, 150), Qt::BDiagPattern);
        hatch.setTransform(QTransform::fromScale(pixel * 1.5, pixel * 1.5));
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0x80, 0x80, 0x80, 110));
        painter->drawRect(rect);
        painter->setBrush(hatch);
        painter->drawRect(rect);
    }
    QPen pen(colour, 3.0 * pixel,
             m_failure == FailureState::Degraded ? Qt::DashLine : Qt::SolidLine);
    pen.setCosmetic(false);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(rect);
    painter->restore();
}

void CanvasItem::paintMarker(QPainter *painter, const QRectF &rect, double lod) const
{
    paintFailureState(painter, rect, lod);
    paintCompareState(painter, rect, lod);
    if (!m_marker)
        return;
    // A quarter of the item's smaller side, at least 7 screen pixels when zoomed out, never
    // more than the item itself.
    const double minimum = 7.0 / std::max(lod, 1e-6);
    const double side = std::min(rect.width(), rect.height());
    const double size = std::min(std::max(side * 0.25, minimum), side);
    const QRectF badge(rect.right() - size, rect.top(), size, size);
    painter->setPen(Qt::NoPen);
    painter->setBrush(severityColor(*m_marker));
    painter->drawEllipse(badge);
    if (size * lod >= 10) {
        painter->setPen(Qt::white);
        QFont font = painter->font();
        font.setPixelSize(std::max(1, static_cast<int>(size * 0.8)));
        font.setBold(true);
        painter->setFont(font);
        painter->drawText(badge, Qt::AlignCenter, QStringLiteral("!"));
    }
}

void CanvasItem::paintSelection(QPainter *painter, const QRectF &rect, double lod)
{
    QPen pen(QColor(0x15, 0x65, 0xc0));
    pen.setWidthF(3.0 / std::max(lod, 1e-6));
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(rect);
}

} // namespace cw::canvas

#include "views/canvas/CanvasView.h"

#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/ViolationMarkers.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QImage>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cw::canvas {
namespace {

constexpr double kZoomStep = 1.25;
constexpr double kMinZoom = 1e-4;
constexpr double kMaxZoom = 50;
constexpr int kMessageMs = 4000;
constexpr double kSceneMargin = 0.05; ///< fraction of the items' extent around them

/// Pixel size of overlay text (legend, scale bar): readable, grown on a projector.
int overlayPixels(double labelScale)
{
    return static_cast<int>(std::lround(12 * labelScale));
}

} // namespace

/// A refusal or notice shown at the place it concerns, at screen size whatever the zoom.
class MessageItem : public QGraphicsItem
{
public:
    explicit MessageItem(const QString &text)
        : m_text(text)
    {
        setFlag(ItemIgnoresTransformations);
        setZValue(1e6);
        QFont font;
        font.setPixelSize(13);
        m_font = font;
        const QFontMetricsF metrics(font);
        m_rect = metrics.boundingRect(QRectF(0, 0, 420, 400), Qt::TextWordWrap, m_text)
                     .adjusted(-8, -6, 8, 6);
        m_rect.moveTopLeft(QPointF(8, 8));
    }
    QRectF boundingRect() const override { return m_rect.adjusted(-1, -1, 1, 1); }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override
    {
        painter->setPen(QPen(QColor(0xb7, 0x1c, 0x1c), 1));
        painter->setBrush(QColor(0xff, 0xeb, 0xee));
        painter->drawRoundedRect(m_rect, 4, 4);
        painter->setPen(QColor(0x33, 0x10, 0x10));
        painter->setFont(m_font);
        painter->drawText(m_rect.adjusted(8, 6, -8, -6), Qt::TextWordWrap, m_text);
    }

private:
    QString m_text;
    QFont m_font;
    QRectF m_rect;
};

CanvasView::CanvasView(Document *document, QWidget *parent)
    : QGraphicsView(parent)
    , m_document(document)
    , m_cache(DesignCache::of(document)) // before our own connection: it updates first
    , m_scene(new CanvasScene(this))
{
    setScene(m_scene);
    setFitMode(true);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(RubberBandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setViewportUpdateMode(SmartViewportUpdate);
    // Items set their own pen, brush and font on every paint.
    setOptimizationFlags(DontSavePainterState);
    setBackgroundBrush(QColor(0xfa, 0xfa, 0xf7));
    setAcceptDrops(true);

    connect(document, &Document::changed, this, &CanvasView::onChanged);
    connect(document, &Document::selectionChanged, this, [this] {
        if (m_syncingSelection)
            return;
        documentSelectionChanged(m_document->selection());
        reapplySelection();
    });
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &CanvasView::onSceneSelectionChanged);
    m_markers
        = std::make_unique<ViolationMarkers>([this](EntityRef ref) { return markerItemsFor(ref); });
    if (LiveValidator *validator = document->validator()) {
        // Counted once here; every later change arrives as a delta (O(edit)).
        connect(validator, &LiveValidator::violationsChanged, this,
                &CanvasView::applyViolationDelta);
        for (const Violation &violation : validator->violations())
            m_markers->count(violation, +1);
    }
}

CanvasView::~CanvasView()
{
    // The scene deletes the items; nothing may call back into the index meanwhile.
    disconnect(m_scene, nullptr, this, nullptr);
}

void CanvasView::zoomIn()
{
    scaleBy(kZoomStep);
}

void CanvasView::zoomOut()
{
    scaleBy(1.0 / kZoomStep);
}

double CanvasView::zoom() const
{
    return transform().m11();
}

void CanvasView::scaleBy(double factor)
{
    setFitMode(false);
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    if (zoom() > 0)
        scale(target / zoom(), target / zoom());
}

void CanvasView::zoomToFit()
{
    setFitMode(true);
    fitNow();
}

void CanvasView::setFitMode(bool on)
{
    if (m_fitMode == on)
        return;
    m_fitMode = on;
    applyScrollBarPolicy();
}

void CanvasView::applyScrollBarPolicy()
{
    // With scroll bars that come and go, a fit could show or hide them, which resizes the
    // viewport, which refits...: the 1600 -> 1590 -> 1580 px hang. In fit mode everything
    // is visible, so there is nothing to scroll to. On a projector they are clutter: the
    // overview and the middle button pan instead.
    const Qt::ScrollBarPolicy policy
        = m_fitMode || m_presentation ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded;
    setHorizontalScrollBarPolicy(policy);
    setVerticalScrollBarPolicy(policy);
}

void CanvasView::fitNow()
{
    if (m_fitting)
        return;
    m_fitting = true;
    m_lastFitSize = viewport()->size();
    QRectF bounds = m_scene->itemsBoundingRect();
    if (!bounds.isEmpty()) {
        ++m_fitCount;
        bounds = bounds.marginsAdded(
            QMarginsF(bounds.width(), bounds.height(), bounds.width(), bounds.height()) * 0.02);
        // Leave the legend a strip of its own on the left rather than cover the drawing with
        // it, unless the drawing leaves that much room on its sides anyway.
        const double legendWidth
            = m_legendVisible && !shownLegend().empty() ? legendSize().width() + 20 : 0;
        const QSizeF view = viewport()->size();
        const double scale
            = std::min(view.width() / bounds.width(), view.height() / bounds.height());
        if (legendWidth > 0 && (view.width() - bounds.width() * scale) / 2 < legendWidth
            && view.width() > 2 * legendWidth) {
            const double narrowed = std::min((view.width() - legendWidth) / bounds.width(),
                                             view.height() / bounds.height());
            bounds.adjust(-legendWidth / narrowed, 0, 0, 0);
            m_scene->setSceneRect(m_scene->sceneRect().united(bounds));
        }
        fitInView(bounds, Qt::KeepAspectRatio);
    }
    m_fitting = false;
}

void CanvasView::setPresentationMode(bool on)
{
    if (on == m_presentation)
        return;
    m_presentation = on;
    m_scene->setLabelScale(on ? kPresentationLabelScale : 1.0);
    applyScrollBarPolicy();
    presentationChanged();
    invalidateOverview();
    viewport()->update();
}

void CanvasView::focusOn(const std::vector<EntityRef> &entities)
{
    m_document->setSelection(entities);
    QRectF bounds;
    // Each entity's first item only: a device drawn on three fabrics is looked at on the
    // first, not through a zoom that takes in all three bands.
    for (const EntityRef &ref : entities) {
        const std::vector<CanvasItem *> items = markerItemsFor(ref);
        if (!items.empty())
            bounds = bounds.united(items.front()->sceneBoundingRect());
    }
    if (bounds.isNull())
        return;
    setFitMode(false);
    // Leave context around a single small item instead of filling the screen with it.
    const double side = std::max(bounds.width(), bounds.height());
    bounds.adjust(-side * 0.5, -side * 0.5, side * 0.5, side * 0.5);
    fitInView(bounds, Qt::KeepAspectRatio);
    if (zoom() > kMaxZoom)
        scaleBy(1.0);
}

void CanvasView::setViolations(const std::vector<Violation> &violations)
{
    m_violations = violations;
    m_ownViolations = true;
    m_markers->clear();
    for (const Violation &violation : m_violations)
        m_markers->count(violation, +1);
    m_markers->reapplyAll();
}

const std::vector<Violation> &CanvasView::violations() const
{
    const LiveValidator *validator = m_document->validator();
    return m_ownViolations || !validator ? m_violations : validator->violations();
}

const std::vector<CanvasItem *> &CanvasView::markedItems() const
{
    return m_markers->marked();
}

void CanvasView::applyViolationDelta(const ViolationDelta &delta)
{
    if (m_ownViolations)
        return;
    for (const Violation &violation : delta.removed)
        m_markers->count(violation, -1);
    for (const Violation &violation : delta.added)
        m_markers->count(violation, +1);
    m_markers->refresh();
}

void CanvasView::reapplyMarkers()
{
    m_markers->reapplyAll();
    reapplyFailureStates(); // items rebuilt since: the blast radius goes back on them
    reapplyCompareStates(); // and the comparison
}

std::vector<CanvasItem *> CanvasView::itemsFor(EntityRef ref) const
{
    auto it = m_index.find(ref.id);
    return it == m_index.end() ? std::vector<CanvasItem *> {} : it->second;
}

std::size_t CanvasView::entityItemCount() const
{
    return m_itemCount;
}

void CanvasView::registerItem(CanvasItem *item)
{
    const std::vector<EntityRef> entities = item->entities();
    for (const EntityRef &ref : entities)
        m_index[ref.id].push_back(item);
    ++m_itemCount;
    m_markers->itemAdded(item, entities);
}

void CanvasView::unregisterTree(QGraphicsItem *item)
{
    for (QGraphicsItem *child : item->childItems())
        unregisterTree(child);
    auto *canvasItem = dynamic_cast<CanvasItem *>(item);
    if (!canvasItem)
        return;
    bool known = false;
    for (const EntityRef &ref : canvasItem->entities()) {
        auto it = m_index.find(ref.id);
        if (it == m_index.end())
            continue;
        // Erase from every entity's list: an aggregated box stands for many devices, and a
        // short-circuit here left it indexed under all but the first after it was deleted.
        const bool erased = std::erase(it->second, canvasItem) > 0;
        known = known || erased;
        if (it->second.empty())
            m_index.erase(it);
    }
    if (known)
        --m_itemCount;
    m_markers->itemRemoved(canvasItem);
    std::erase(m_failed, canvasItem);
    std::erase(m_compared, canvasItem);
}

void CanvasView::destroyItem(QGraphicsItem *item)
{
    if (!item)
        return;
    unregisterTree(item);
    delete item;
}

void CanvasView::clearScene()
{
    m_syncingSelection = true;
    m_index.clear();
    m_markers->itemsCleared();
    m_failed.clear(); // the items go; the states stay and return with reapplyMarkers
    m_compared.clear();
    m_itemCount = 0;
    m_messageItem = nullptr;
    m_scene->clear();
    m_syncingSelection = false;
}

void CanvasView::updateSceneRect()
{
    QRectF bounds = m_scene->itemsBoundingRect();
    const double margin = std::max(bounds.width(), bounds.height()) * kSceneMargin + 50;
    bounds.adjust(-margin, -margin, margin, margin);
    m_scene->setSceneRect(bounds);
}

void CanvasView::showMessage(const QString &text, const QPointF &scenePos)
{
    m_lastMessage = text;
    emit statusMessage(text);
    if (m_messageItem) {
        m_scene->removeItem(m_messageItem);
        delete m_messageItem;
    }
    m_messageItem = new MessageItem(text);
    m_messageItem->setPos(scenePos);
    m_scene->addItem(m_messageItem);
    const int serial = ++m_messageSerial;
    QTimer::singleShot(kMessageMs, this, [this, serial] {
        if (serial != m_messageSerial || !m_messageItem)
            return;
        m_scene->removeItem(m_messageItem);
        delete m_messageItem;
        m_messageItem = nullptr;
    });
}

void CanvasView::onChanged(const ChangeSet &changes)
{
    invalidateOverview();
    m_syncingSelection = true; // removing selected items must not rewrite the selection
    applyChanges(changes);
    m_syncingSelection = false;
    // Only what the change names may show elsewhere now; items it rebuilt were touched by
    // registerItem/unregisterTree.
    for (const auto *refs : { &changes.added, &changes.removed, &changes.modified })
        for (const EntityRef &ref : *refs)
            m_markers->touch(ref);
    m_markers->refresh();
    if (!m_compareMarks.empty())
        reapplyCompareStates(); // items the change rebuilt get their comparison back
    reapplySelection();
}

void CanvasView::documentSelectionChanged(const std::vector<EntityRef> &) { }

void CanvasView::reapplySelection()
{
    m_syncingSelection = true;
    m_scene->clearSelection();
    for (const EntityRef &ref : m_document->selection())
        for (CanvasItem *item : itemsFor(ref))
            item->setSelected(true);
    m_syncingSelection = false;
}

void CanvasView::onSceneSelectionChanged()
{
    if (m_syncingSelection)
        return;
    std::vector<EntityRef> refs;
    for (QGraphicsItem *item : m_scene->selectedItems())
        if (auto *canvasItem = dynamic_cast<CanvasItem *>(item)) {
            const auto entities = canvasItem->entities();
            refs.insert(refs.end(), entities.begin(), entities.end());
        }
    std::sort(refs.begin(), refs.end());
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    m_syncingSelection = true;
    m_document->setSelection(std::move(refs));
    m_syncingSelection = false;
}

void CanvasView::deleteSelection()
{
    const std::vector<EntityRef> selection = m_document->selection();
    if (selection.empty())
        return;
    const QString error = m_document->remove(selection);
    if (!error.isEmpty())
        showMessage(error, mapToScene(viewport()->rect().center()));
}

void CanvasView::duplicateSelection()
{
    const std::vector<EntityRef> selection = m_document->selection();
    if (selection.empty())
        return;
    const QString error = m_document->duplicate(selection);
    if (!error.isEmpty())
        showMessage(error, mapToScene(viewport()->rect().center()));
}

void CanvasView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        QGraphicsView::wheelEvent(event); // scroll
        return;
    }
    const double degrees = event->angleDelta().y() / 8.0;
    if (degrees == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    // One notch (15 degrees) = one zoom step, around the cursor.
    scaleBy(std::pow(kZoomStep, degrees / 15.0));
    event->accept();
}

void CanvasView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panStart = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void CanvasView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_panning) {
        const QPoint delta = event->position().toPoint() - m_panStart;
        m_panStart = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void CanvasView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_panning && event->button() == Qt::MiddleButton) {
        m_panning = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void CanvasView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    ++m_resizeCount;
    // A view built before its window is laid out keeps showing everything until the user
    // takes over the zoom. Only a real change of the viewport's size refits.
    if (m_fitMode && viewport()->size() != m_lastFitSize)
        fitNow();
}

QString CanvasView::toolTipAt(const QPoint &viewPos) const
{
    const CanvasItem *hit = nullptr;
    for (QGraphicsItem *item : items(viewPos))
        if (auto *canvasItem = dynamic_cast<const CanvasItem *>(item);
            canvasItem && !canvasItem->entities().empty()) {
            hit = canvasItem;
            break;
        }
    if (!hit)
        return {};
    const Design &design = m_document->design();
    const std::vector<EntityRef> entities = hit->entities();
    QStringList lines;
    const auto esc = [](const QString &text) {
        return text.toHtmlEscaped();
    };
    if (entities.size() > 1) {
        constexpr std::size_t kNamesShown = 6;
        QStringList names;
        for (std::size_t i = 0; i < std::min(entities.size(), kNamesShown); ++i)
            names << esc(m_document->displayName(entities[i]));
        if (entities.size() > kNamesShown)
            names << QStringLiteral("...");
        lines << tr("<b>%1 objects</b>").arg(entities.size()) << names.join(QStringLiteral(", "));
    } else {
        const EntityRef ref = entities.front();
        lines << QStringLiteral("<b>%1</b>").arg(esc(m_document->displayName(ref)));
        if (ref.kind == EntityKind::Device) {
            if (const Device *device = design.device(DeviceId { ref.id })) {
                const Rack *rack = design.rack(device->rack);
                const Part *part = m_cache->part(device->id);
                lines << esc(QString::fromStdString(device->catalogType));
                lines << tr("rack %1, U%2 %3")
                             .arg(esc(rack ? QString::fromStdString(rack->name) : QString()))
                             .arg(device->uPosition)
                             .arg(device->face == Face::Front ? tr("front") : tr("rear"));
                if (part && part->maxPowerW > 0)
                    lines << tr("%1 kW maximum").arg(part->maxPowerW / 1000.0, 0, 'f', 1);
            }
        } else if (ref.kind == EntityKind::Rack) {
            const RackPower power = m_cache->rackPower(RackId { ref.id });
            lines << (power.capacityW > 0 ? tr("load %1 kW of %2 kW")
                                                .arg(power.loadW / 1000.0, 0, 'f', 1)
                                                .arg(power.capacityW / 1000.0, 0, 'f', 1)
                                          : tr("load %1 kW, no feed capacity set")
                                                .arg(power.loadW / 1000.0, 0, 'f', 1));
        }
    }
    constexpr int kFindingsShown = 3;
    int findings = 0;
    for (const Violation &violation : violations()) {
        if (violation.waived)
            continue;
        const bool names = std::any_of(
            violation.entities.begin(), violation.entities.end(), [&](const EntityRef &ref) {
                return std::find(entities.begin(), entities.end(), ref) != entities.end();
            });
        if (!names)
            continue;
        if (++findings <= kFindingsShown)
            lines << QStringLiteral("%1: %2").arg(
                esc(QString::fromUtf8(toString(violation.severity).data(),
                                      static_cast<qsizetype>(toString(violation.severity).size()))),
                esc(QString::fromStdString(violation.message)));
    }
    if (findings > kFindingsShown)
        lines << tr("and %1 more findings").arg(findings - kFindingsShown);
    return lines.join(QStringLiteral("<br>"));
}

bool CanvasView::viewportEvent(QEvent *event)
{
    // The overview takes the mouse before the items under it.
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseMove
        || event->type() == QEvent::MouseButtonRelease) {
        auto *mouse = static_cast<QMouseEvent *>(event);
        const QPoint pos = mouse->position().toPoint();
        if (event->type() == QEvent::MouseButtonPress && mouse->button() == Qt::LeftButton
            && isOverviewShown() && m_overviewRect.contains(pos)) {
            m_overviewDragging = true;
            panFromOverview(pos);
            return true;
        }
        if (m_overviewDragging) {
            if (event->type() == QEvent::MouseButtonRelease)
                m_overviewDragging = false;
            else
                panFromOverview(pos);
            return true;
        }
    }
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QGraphicsView::viewportEvent(event);
}

void CanvasView::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && !m_document->selection().empty()) {
        m_document->setSelection({}); // as in every editor: Escape drops the selection
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        deleteSelection();
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

} // namespace cw::canvas

namespace cw::canvas {

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

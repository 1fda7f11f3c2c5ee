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
#include <utility>

namespace cw::canvas {
namespace {

constexpr double kZoomStep = 1.25;
constexpr double kMinZoom = 1e-4;
constexpr double kMaxZoom = 50;
constexpr int kMessageMs = 4000;
constexpr double kSceneMargin = 0.05; ///< fraction of the items' extent around them

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
        if (m_syncingSelection || m_sceneDeferred)
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

void CanvasView::startScene(SceneBuild build)
{
    m_sceneDeferred = build == SceneBuild::WhenShown && !isVisible();
    if (!m_sceneDeferred)
        buildScene();
}

void CanvasView::ensureScene()
{
    if (m_sceneDropped)
        return;
    if (!m_sceneDeferred) {
        if (std::exchange(m_presentationStale, false))
            applyPresentation();
        return;
    }
    m_sceneDeferred = false;
    m_presentationStale = false; // built at the current label scale
    if (std::exchange(m_markersStale, false)) {
        m_markers->clear();
        for (const Violation &violation : violations())
            m_markers->count(violation, +1);
    }
    buildScene();
    reapplySelection();
    if (std::exchange(m_keepPlace, false)) {
        setFitMode(false);
        setTransform(m_keptTransform);
        centerOn(m_keptCentre);
    }
}

bool CanvasView::isBehindAnotherTab() const
{
    const QWidget *top = window();
    return top != this && top->isVisible() && !isVisible();
}

void CanvasView::deferAgain()
{
    m_keepPlace = !m_fitMode;
    m_keptTransform = transform();
    m_keptCentre = mapToScene(viewport()->rect().center());
    clearScene();
    m_sceneDeferred = true;
    m_markersStale = true; // counted from the whole list when built
}

void CanvasView::showEvent(QShowEvent *event)
{
    ensureScene(); // before the first paint: a view is never shown empty
    QGraphicsView::showEvent(event);
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
        // A strip that would shrink the drawing by more than a fifth costs more than the
        // legend covers (an 8-node fabric in a 600 px view lost its band titles to it): then
        // the legend floats over the drawing, as its own widget that can be hidden.
        const double narrowed = std::min((view.width() - legendWidth) / bounds.width(),
                                         view.height() / bounds.height());
        if (legendWidth > 0 && (view.width() - bounds.width() * scale) / 2 < legendWidth
            && view.width() > 2 * legendWidth && narrowed >= 0.8 * scale) {
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
    if (m_sceneDeferred)
        return; // laid out at the new scale when built
    if (isBehindAnotherTab()) {
        m_presentationStale = true; // laid out when shown (0.8 s for the fabric at 131k)
        return;
    }
    applyPresentation();
}

void CanvasView::applyPresentation()
{
    presentationChanged();
    placeCompareGhosts(); // the views lay out again for the larger labels
    invalidateOverview();
    viewport()->update();
}

void CanvasView::focusOn(const std::vector<EntityRef> &entities)
{
    ensureScene();
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
    if (m_sceneDeferred) {
        m_markersStale = true; // counted from the whole list when built
        return;
    }
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
    m_ghostItems.clear(); // deleted with the scene's items; made again by reapplyMarkers
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
    if (m_sceneDeferred)
        return; // built from the design as it is when first shown
    if (rebuildsWhenShownAgain() && isBehindAnotherTab()) {
        deferAgain();
        return;
    }
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

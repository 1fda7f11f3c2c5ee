#include "views/canvas/CanvasView.h"

#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "views/canvas/CanvasItem.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include <QFontMetricsF>
#include <QHelpEvent>
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
    if (LiveValidator *validator = document->validator()) {
        // The delta says something changed; markers are cheap to redo from the whole list.
        connect(validator, &LiveValidator::violationsChanged, this,
                [this, validator] { setViolations(validator->violations()); });
        m_violations = validator->violations();
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
    // With scroll bars that come and go, a fit could show or hide them, which resizes the
    // viewport, which refits...: the 1600 -> 1590 -> 1580 px hang. In fit mode everything
    // is visible, so there is nothing to scroll to.
    const Qt::ScrollBarPolicy policy = on ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded;
    setHorizontalScrollBarPolicy(policy);
    setVerticalScrollBarPolicy(policy);
}

void CanvasView::fitNow()
{
    if (m_fitting)
        return;
    m_fitting = true;
    m_lastFitSize = viewport()->size();
    const QRectF bounds = m_scene->itemsBoundingRect();
    if (!bounds.isEmpty()) {
        ++m_fitCount;
        fitInView(
            bounds.marginsAdded(
                QMarginsF(bounds.width(), bounds.height(), bounds.width(), bounds.height()) * 0.02),
            Qt::KeepAspectRatio);
    }
    m_fitting = false;
}

void CanvasView::setPresentationMode(bool on)
{
    m_presentation = on;
    m_scene->setLabelScale(on ? kPresentationLabelScale : 1.0);
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
    reapplyMarkers();
}

void CanvasView::reapplyMarkers()
{
    for (CanvasItem *item : m_marked)
        item->setMarker(std::nullopt);
    m_marked.clear();
    for (const Violation &violation : m_violations) {
        if (violation.waived)
            continue;
        for (const EntityRef &ref : violation.entities)
            for (CanvasItem *item : markerItemsFor(ref)) {
                const auto current = item->marker();
                // Lower Severity values are more severe.
                if (!current || violation.severity < *current) {
                    if (!current)
                        m_marked.push_back(item);
                    item->setMarker(violation.severity);
                }
            }
    }
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
    for (const EntityRef &ref : item->entities())
        m_index[ref.id].push_back(item);
    ++m_itemCount;
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
    std::erase(m_marked, canvasItem);
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
    m_marked.clear();
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
    m_syncingSelection = true; // removing selected items must not rewrite the selection
    applyChanges(changes);
    m_syncingSelection = false;
    reapplyMarkers();
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
    for (const Violation &violation : m_violations) {
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

#include "views/canvas/FloorPlanView.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/core/PduCapacity.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/FloorPlanItems.h"
#include "views/canvas/FloorRackLayer.h"
#include "views/document/Document.h"

#include <QApplication>
#include <QInputDialog>
#include <QMouseEvent>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cw::canvas {
namespace {

constexpr double kCmPerM = 100.0;
constexpr double kRowLabelWidthCm = 400; ///< room for a 4-5 character row name at the minimum size
                                         ///< when a 16,384-node floor is fitted
/// Under this width on screen a rack is a plain fill (FloorRackItem::paintAt): its hall's
/// layer draws it.
constexpr double kRackFillBelowPx = 8;

} // namespace

FloorPlanView::FloorPlanView(Document *document, QWidget *parent, SceneBuild build)
    : CanvasView(document, parent)
{
    setObjectName(QStringLiteral("floorPlanView"));
    // No index: the top level is rows, aisles, halls, feeds and one rack layer per hall (4,200
    // items on the 131,072-node campus), the racks are the layers' children, and a hall out of
    // view is skipped whole (FloorRackLayer). A BSP tree held all 44,000 items, and walking it
    // for a fitted frame cost as much as drawing the frame (docs/performance.md, session 10).
    canvasScene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    startScene(build);
}

FloorPlanView::~FloorPlanView() = default;

void FloorPlanView::buildScene()
{
    rebuild();
    reapplyMarkers(); // the design may open with violations already
    zoomToFit();
}

double FloorPlanView::rackWidth() const
{
    return document()->design().site().rackWidthM * kCmPerM;
}

double FloorPlanView::rackDepth() const
{
    return document()->design().site().rackDepthM * kCmPerM;
}

double FloorPlanView::rowPitch() const
{
    // A pitch smaller than the rack would overlap rows; keep at least a little aisle.
    return std::max(document()->design().site().rowPitchM * kCmPerM, rackDepth() + 60);
}

FloorRackItem *FloorPlanView::rackItem(RackId rack) const
{
    auto it = m_racks.find(rack.value);
    return it == m_racks.end() ? nullptr : it->second;
}

FloorRowItem *FloorPlanView::rowItem(RowId row) const
{
    auto it = m_rows.find(row.value);
    return it == m_rows.end() ? nullptr : it->second;
}

QPointF FloorPlanView::rowOrigin(RowId row) const
{
    auto it = m_layout.rowOrigin.find(row.value);
    return it == m_layout.rowOrigin.end() ? QPointF() : it->second;
}

QRectF FloorPlanView::slotRect(RowId row, int position) const
{
    const QPointF origin = rowOrigin(row);
    return QRectF(origin.x() + position * rackWidth(), origin.y(), rackWidth(), rackDepth());
}

FloorGeometry FloorPlanView::geometry() const
{
    FloorGeometry g;
    g.rackWidth = rackWidth();
    g.rackDepth = rackDepth();
    g.rowPitch = rowPitch();
    // A site hall's own pitch rules its rows (as auto-cabling measures them).
    for (const Hall &hall : document()->design().site().halls)
        if (hall.rowPitchM > 0)
            g.hallRowPitch[QString::fromStdString(hall.name)]
                = std::max(hall.rowPitchM * kCmPerM, rackDepth() + 60);
    // Row names and hall titles grow with the text in presentation mode.
    const double scale = canvasScene()->labelScale();
    g.labelWidth = kRowLabelWidthCm * scale;
    g.hallTitle *= scale;
    g.titleFraction *= scale;
    return g;
}

void FloorPlanView::presentationChanged()
{
    for (const auto &[id, item] : m_rows) {
        (void)id;
        item->setLabelWidth(kRowLabelWidthCm * canvasScene()->labelScale());
    }
    layoutRows();
    updateSceneRect();
    if (isFitMode())
        zoomToFit();
}

void FloorPlanView::rebuild()
{
    clearScene();
    m_racks.clear();
    m_rows.clear();
    m_hallItems.clear();
    m_aisleItems.clear();
    m_feedItems.clear();
    m_rackLayers.clear(); // deleted with the scene's items
    m_dragItem = nullptr;
    const Design &design = document()->design();
    for (const Row &row : design.rows()) {
        auto *item = new FloorRowItem(row.id, geometry().labelWidth);
        item->setName(QString::fromStdString(row.name));
        canvasScene()->addItem(item);
        registerItem(item);
        m_rows[row.id.value] = item;
    }
    const QSizeF size(rackWidth(), rackDepth());
    for (const Rack &rack : design.racks()) {
        auto *item = new FloorRackItem(rack.id, size);
        canvasScene()->addItem(item);
        registerItem(item);
        m_racks[rack.id.value] = item;
        item->setName(QString::fromStdString(rack.name));
        const Part *part = document()->catalog().find(rack.catalogType);
        item->setCduCapacityKw(part && part->cdu ? part->cdu->capacityKw : 0.0);
        item->setPower(cache()->rackPower(rack.id));
    }
    layoutRows();
    updateSceneRect();
}

void FloorPlanView::layoutRows()
{
    const Design &design = document()->design();
    std::unordered_map<std::uint64_t, int> extents; // row -> racks' extent in positions
    for (const Rack &rack : design.racks()) {
        int &extent = extents[rack.row.value];
        extent = std::max(extent, rack.position + 1);
    }
    std::vector<FloorRowSpec> specs;
    std::vector<RowId> ids;
    for (const Row &row : design.rows()) {
        auto it = extents.find(row.id.value);
        specs.push_back(
            { row.id, row.name, row.index, (it == extents.end() ? 0 : it->second) + 1, row.hall });
        ids.push_back(row.id);
    }
    FloorGeometry g = geometry();
    g.nameEm = hallNameEm(specs);
    m_layout = layoutFloor(std::move(specs), g);
    for (const auto &[id, item] : m_rows)
        item->setPos(rowOrigin(RowId { id }));
    addRackLayers();
    const QSizeF size(rackWidth(), rackDepth());
    // In the design's order, so a hall's racks stack (and are drawn) the same every time.
    for (const Rack &rack : design.racks())
        if (FloorRackItem *item = rackItem(rack.id)) {
            item->setSize(size);
            placeRack(item);
        }
    removeSurplusLayers();
    rebuildHalls();
    refreshRowBands(ids);
}

void FloorPlanView::addRackLayers()
{
    while (m_rackLayers.size() < m_layout.halls.size()) {
        auto *layer = new FloorRackLayer;
        canvasScene()->addItem(layer);
        m_rackLayers.push_back(layer);
    }
}

void FloorPlanView::removeSurplusLayers()
{
    while (m_rackLayers.size() > m_layout.halls.size()) {
        FloorRackLayer *layer = m_rackLayers.back();
        m_rackLayers.pop_back();
        for (QGraphicsItem *child : layer->childItems())
            child->setParentItem(nullptr); // none left after a layout; never deleted with it
        delete layer;
    }
}

void FloorPlanView::setHallsDrawRacks(bool on)
{
    m_hallsDrawRacks = on;
    viewport()->update();
}

void FloorPlanView::drawBackground(QPainter *painter, const QRectF &rect)
{
    CanvasView::drawBackground(painter, rect);
    // Every rack a plain fill of a few pixels (the fitted campus: 40,000 of them in view, each
    // a scene item's cost): the halls draw their racks, the racks stay items for the mouse.
    // Zoomed in, each rack draws itself, visited only when in view.
    const double lod
        = QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    const bool small = m_hallsDrawRacks && lod * rackWidth() < kRackFillBelowPx;
    const QRectF shown = mapToScene(viewport()->rect()).boundingRect();
    for (FloorRackLayer *layer : m_rackLayers) {
        layer->setDrawsRacks(small);
        if (!layer->sceneBoundingRect().intersects(shown))
            layer->dropPicture(); // kept only for the halls in view
    }
}

void FloorPlanView::rebuildHalls()
{
    for (QGraphicsItem *item : m_hallItems)
        destroyItem(item);
    for (QGraphicsItem *item : m_aisleItems)
        destroyItem(item);
    for (QGraphicsItem *item : m_feedItems)
        destroyItem(item);
    m_hallItems.clear();
    m_aisleItems.clear();
    m_feedItems.clear();
    const QString site = QString::fromStdString(document()->design().site().name);
    for (std::size_t h = 0; h < m_layout.halls.size(); ++h) {
        const FloorHall &hall = m_layout.halls[h];
        // One unnamed hall is the site's floor: framed only when halls are told apart.
        if (!(m_layout.halls.size() == 1 && hall.name.isEmpty())) {
            auto *item = new FloorHallItem(hall, hall.name.isEmpty() ? site : hall.name);
            canvasScene()->addItem(item);
            m_hallItems.push_back(item);
        }
        if (hall.powerRect.isEmpty())
            continue;
        // Feed A on the left half of the power strip, feed B on the right.
        const double half = hall.powerRect.width() / 2;
        const double gap = hall.powerRect.height() * 0.2;
        for (Feed feed : { Feed::A, Feed::B }) {
            const double left = hall.powerRect.left() + (feed == Feed::A ? 0 : half);
            auto *item = new FloorFeedItem(
                feed, static_cast<int>(h),
                QRectF(left, hall.powerRect.top(), half, hall.powerRect.height())
                    .adjusted(gap, 0, feed == Feed::A ? -gap / 2 : 0, 0));
            canvasScene()->addItem(item);
            m_feedItems.push_back(item);
        }
    }
    for (const FloorAisle &aisle : m_layout.aisles) {
        auto *item = new FloorAisleItem(aisle);
        canvasScene()->addItem(item);
        m_aisleItems.push_back(item);
    }
    refreshFeeds();
}

void FloorPlanView::refreshFeeds()
{
    const Design &design = document()->design();
    struct Figures
    {
        int pdus[2] = { 0, 0 };
        double capacityW[2] = { 0, 0 };
        double loadW = 0;
    };
    std::vector<Figures> halls(m_layout.halls.size());
    m_hasCdus = false;
    for (const Rack &rack : design.racks()) {
        if (const FloorRackItem *item = rackItem(rack.id))
            m_hasCdus = m_hasCdus || item->isCdu();
        auto hall = m_layout.rowHall.find(rack.row.value);
        if (hall == m_layout.rowHall.end())
            continue;
        Figures &figures = halls[static_cast<std::size_t>(hall->second)];
        for (const Pdu &pdu : rack.pdus) {
            const auto feed = static_cast<std::size_t>(pdu.feed);
            ++figures.pdus[feed];
            figures.capacityW[feed] += pduCapacityW(pdu);
        }
        if (const FloorRackItem *item = rackItem(rack.id))
            figures.loadW += item->power().loadW;
    }
    for (FloorFeedItem *item : m_feedItems) {
        const Figures &figures = halls[static_cast<std::size_t>(item->hall())];
        const auto feed = static_cast<std::size_t>(item->feed());
        item->setFigures(figures.pdus[feed], figures.capacityW[feed], figures.loadW);
    }
}

void FloorPlanView::placeRack(FloorRackItem *item)
{
    const Rack *rack = document()->design().rack(item->rackId());
    if (!rack)
        return;
    // Into its hall's layer (at the scene's origin: the rack's position is the same in it).
    auto hall = m_layout.rowHall.find(rack->row.value);
    FloorRackLayer *layer = hall != m_layout.rowHall.end()
            && static_cast<std::size_t>(hall->second) < m_rackLayers.size()
        ? m_rackLayers[static_cast<std::size_t>(hall->second)]
        : nullptr;
    if (item->parentItem() != layer)
        item->setParentItem(layer);
    item->setPos(slotRect(rack->row, rack->position).topLeft());
    auto front = m_layout.frontDown.find(rack->row.value);
    item->setFrontDown(front == m_layout.frontDown.end() || front->second);
}

void FloorPlanView::refreshRack(RackId id)
{
    const Rack *rack = document()->design().rack(id);
    FloorRackItem *item = rackItem(id);
    if (!rack || !item)
        return;
    item->setName(QString::fromStdString(rack->name));
    const Part *part = document()->catalog().find(rack->catalogType);
    item->setCduCapacityKw(part && part->cdu ? part->cdu->capacityKw : 0.0);
    item->setPower(cache()->rackPower(id));
    placeRack(item);
}

void FloorPlanView::refreshRowBands(const std::vector<RowId> &rows)
{
    if (rows.empty())
        return;
    std::unordered_map<std::uint64_t, int> extents; // row -> racks' extent in positions
    for (const Rack &rack : document()->design().racks()) {
        int &extent = extents[rack.row.value];
        extent = std::max(extent, rack.position + 1);
    }
    int widest = 0;
    for (const auto &[row, extent] : extents) {
        (void)row;
        widest = std::max(widest, extent + 1);
    }
    if (widest > m_layout.columnSlots) { // a row grew into the next column: lay out again
        layoutRows();
        return;
    }
    for (RowId id : rows)
        if (FloorRowItem *item = rowItem(id)) {
            auto it = extents.find(id.value);
            // One spare slot at the end: where the next rack goes.
            const int extent = (it == extents.end() ? 1 : it->second) + 1;
            item->setBand(extent * rackWidth(), rackDepth());
        }
}

void FloorPlanView::applyChanges(const ChangeSet &changes)
{
    const Design &design = document()->design();
    if (changes.siteChanged) { // rack size and row pitch
        layoutRows();
    }
    bool rowsChanged = false;
    for (const EntityRef &ref : changes.removed) {
        if (ref.kind == EntityKind::Rack) {
            if (auto it = m_racks.find(ref.id); it != m_racks.end()) {
                if (m_dragItem == it->second)
                    m_dragItem = nullptr;
                destroyItem(it->second);
                m_racks.erase(it);
            }
        } else if (ref.kind == EntityKind::Row) {
            if (auto it = m_rows.find(ref.id); it != m_rows.end()) {
                destroyItem(it->second);
                m_rows.erase(it);
            }
            rowsChanged = true;
        }
    }
    for (const EntityRef &ref : changes.added) {
        if (ref.kind == EntityKind::Row) {
            const Row *row = design.row(RowId { ref.id });
            if (!row || m_rows.contains(ref.id))
                continue;
            auto *item = new FloorRowItem(row->id, geometry().labelWidth);
            item->setName(QString::fromStdString(row->name));
            canvasScene()->addItem(item);
            registerItem(item);
            m_rows[ref.id] = item;
            rowsChanged = true;
        } else if (ref.kind == EntityKind::Rack) {
            const Rack *rack = design.rack(RackId { ref.id });
            if (!rack || m_racks.contains(ref.id))
                continue;
            auto *item = new FloorRackItem(rack->id, QSizeF(rackWidth(), rackDepth()));
            canvasScene()->addItem(item);
            registerItem(item);
            m_racks[ref.id] = item;
        }
    }
    for (const EntityRef &ref : changes.modified)
        if (ref.kind == EntityKind::Row) {
            if (const Row *row = design.row(RowId { ref.id }); row && rowItem(row->id))
                rowItem(row->id)->setName(QString::fromStdString(row->name));
            rowsChanged = true; // its index may have changed
        }
    if (rowsChanged)
        layoutRows();

    // Racks named by the change, and racks whose load the change altered (devices added,
    // removed or moved, as the validation index works out).
    std::vector<RackId> racks = cache()->dirtyRacks();
    for (const auto *list : { &changes.added, &changes.modified })
        for (const EntityRef &ref : *list)
            if (ref.kind == EntityKind::Rack)
                racks.push_back(RackId { ref.id });
    std::sort(racks.begin(), racks.end());
    racks.erase(std::unique(racks.begin(), racks.end()), racks.end());
    for (RackId id : racks)
        refreshRack(id);
    if (!racks.empty() || !changes.removed.empty())
        refreshFeeds(); // a rack's PDUs, load or CDU part changed, or a rack went
    if (!racks.empty() && !rowsChanged && !changes.siteChanged) {
        // A moved rack may shrink its old row and grow its new one: one pass does all rows.
        std::vector<RowId> rows;
        for (const auto &[id, item] : m_rows) {
            (void)item;
            rows.push_back(RowId { id });
        }
        refreshRowBands(rows);
    }
    if (!changes.added.empty() || !changes.removed.empty() || rowsChanged)
        updateSceneRect();
}

std::vector<CanvasItem *> FloorPlanView::markerItemsFor(EntityRef ref) const
{
    // A device's findings show on its rack: the floor plan has no smaller item.
    if (ref.kind == EntityKind::Device)
        if (const Device *device = document()->design().device(DeviceId { ref.id }))
            if (FloorRackItem *item = rackItem(device->rack))
                return { item };
    return CanvasView::markerItemsFor(ref);
}

std::optional<FloorPlanView::Slot> FloorPlanView::slotAt(const QPointF &scenePos) const
{
    if (m_layout.rowOrigin.empty())
        return std::nullopt;
    // The nearest row band: rows are wrapped into columns, so distance in x counts too.
    const double depth = rackDepth();
    const double span = m_layout.columnSlots * rackWidth();
    const auto distance = [&](const QPointF &origin) {
        const double dx
            = std::max({ origin.x() - scenePos.x(), 0.0, scenePos.x() - (origin.x() + span) });
        const double dy = std::abs(origin.y() + depth / 2 - scenePos.y());
        return dx * dx + dy * dy;
    };
    const auto nearest = std::min_element(
        m_layout.rowOrigin.begin(), m_layout.rowOrigin.end(),
        [&](const auto &a, const auto &b) { return distance(a.second) < distance(b.second); });
    Slot slot;
    slot.row = RowId { nearest->first };
    slot.position = std::clamp(
        static_cast<int>(std::floor((scenePos.x() - nearest->second.x()) / rackWidth())), 0,
        static_cast<int>(m_layout.columnSlots) - 1);
    return slot;
}

std::vector<LegendEntry> FloorPlanView::legend() const
{
    std::vector<LegendEntry> entries {
        { LegendEntry::Fill, loadColor(LoadLevel::Green), tr("load below 80% of feed") },
        { LegendEntry::Fill, loadColor(LoadLevel::Amber), tr("load 80-100% of feed") },
        { LegendEntry::Fill, loadColor(LoadLevel::Red), tr("over feed, or no feed") },
        { LegendEntry::Fill, loadColor(LoadLevel::Unknown), tr("empty rack") },
        { LegendEntry::Line, QColor(0x33, 0x33, 0x33), tr("rack front") },
    };
    if (!m_aisleItems.empty()) {
        entries.push_back({ LegendEntry::Fill, aisleColor(false), tr("cold aisle (fronts)") });
        entries.push_back({ LegendEntry::Fill, aisleColor(true), tr("hot aisle (rears)") });
    }
    if (m_hasCdus)
        entries.push_back({ LegendEntry::Fill, cduColor(), tr("CDU (coolant distribution)") });
    if (!m_feedItems.empty()) {
        entries.push_back({ LegendEntry::Fill, feedColor(Feed::A), tr("feed A: its PDUs") });
        entries.push_back({ LegendEntry::Fill, feedColor(Feed::B), tr("feed B: its PDUs") });
    }
    entries.push_back({ LegendEntry::Marker, severityColor(Severity::Error), tr("error") });
    entries.push_back({ LegendEntry::Marker, severityColor(Severity::Warning), tr("warning") });
    entries.push_back({ LegendEntry::Marker, severityColor(Severity::Info), tr("info") });
    return entries;
}

void FloorPlanView::mousePressEvent(QMouseEvent *event)
{
    m_dragItem = nullptr;
    m_dragging = false;
    if (event->button() == Qt::LeftButton) {
        for (QGraphicsItem *item : items(event->position().toPoint()))
            if (auto *rack = dynamic_cast<FloorRackItem *>(item)) {
                m_dragItem = rack;
                m_dragGrab = rack->mapFromScene(mapToScene(event->position().toPoint()));
                m_pressPos = event->position().toPoint();
                break;
            }
    }
    CanvasView::mousePressEvent(event);
}

void FloorPlanView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragItem && (event->buttons() & Qt::LeftButton)) {
        if (!m_dragging
            && (event->position().toPoint() - m_pressPos).manhattanLength()
                >= QApplication::startDragDistance())
            m_dragging = true;
        if (m_dragging) {
            // Follow the cursor, snapped to the slot the rack would land in.
            const QPointF scenePos = mapToScene(event->position().toPoint());
            if (const auto slot
                = slotAt(scenePos - m_dragGrab + QPointF(rackWidth() / 2, rackDepth() / 2))) {
                // Out of its hall's layer until dropped (placeRack): over every hall's racks,
                // drawing itself.
                if (m_dragItem->parentItem())
                    m_dragItem->setParentItem(nullptr);
                m_dragItem->setPos(slotRect(slot->row, slot->position).topLeft());
                m_dragItem->setZValue(2);
            }
            event->accept();
            return;
        }
    }
    CanvasView::mouseMoveEvent(event);
}

void FloorPlanView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragItem && m_dragging && event->button() == Qt::LeftButton) {
        FloorRackItem *item = m_dragItem;
        m_dragItem = nullptr;
        m_dragging = false;
        item->setZValue(1);
        const QPointF scenePos = mapToScene(event->position().toPoint());
        const auto slot = slotAt(scenePos - m_dragGrab + QPointF(rackWidth() / 2, rackDepth() / 2));
        const Rack *rack = document()->design().rack(item->rackId());
        if (slot && rack && (slot->row != rack->row || slot->position != rack->position)) {
            const RackId id = rack->id;
            // The whole drag is this one call: one undo step.
            const QString error = document()->moveRack(id, slot->row, slot->position);
            if (!error.isEmpty()) {
                if (FloorRackItem *back = rackItem(id))
                    placeRack(back);
                showMessage(error, scenePos);
            }
        } else {
            placeRack(item);
        }
        // The scene grabbed the mouse for the rack at the press and never sees this release:
        // let go, or the next press went to that grab, unaccepted, and the view started a
        // rubber band that cleared the selection (a click after a drag selected nothing).
        if (QGraphicsItem *grabber = canvasScene()->mouseGrabberItem())
            grabber->ungrabMouse();
        event->accept();
        return;
    }
    m_dragItem = nullptr;
    m_dragging = false;
    CanvasView::mouseReleaseEvent(event);
}

void FloorPlanView::mouseDoubleClickEvent(QMouseEvent *event)
{
    for (QGraphicsItem *item : items(event->position().toPoint()))
        if (auto *row = dynamic_cast<FloorRowItem *>(item)) {
            bool ok = false;
            const QString name = QInputDialog::getText(this, tr("Rename row"), tr("Row name:"),
                                                       QLineEdit::Normal, row->name(), &ok);
            if (ok)
                renameRow(row->rowId(), name);
            event->accept();
            return;
        }
    CanvasView::mouseDoubleClickEvent(event);
}

} // namespace cw::canvas

#include "views/canvas/RackElevationView.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/ElevationItems.h"
#include "views/canvas/NewEntities.h"
#include "views/canvas/RackPicker.h"
#include "views/document/Document.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QDropEvent>
#include <QGraphicsRectItem>
#include <QMenu>
#include <QMimeData>

#include <algorithm>

namespace cw::canvas {
namespace {

using namespace elevation;

/// Two racks (four faces) by default: in a usual window a 1U device is then tall enough for
/// its name at a readable size; the rack picker shows others and more.
constexpr std::size_t kDefaultRackCount = 2;
constexpr std::size_t kMaxRackCount = 16; ///< side by side before the view gets unreadable

int heightOf(const Part *part)
{
    return part && part->uHeight > 0 ? part->uHeight : 1;
}

} // namespace

RackElevationView::RackElevationView(Document *document, QWidget *parent, SceneBuild build)
    : CanvasView(document, parent)
{
    setObjectName(QStringLiteral("rackElevationView"));
    canvasScene()->setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    startScene(build);
    auto *pick = new QAction(tr("Show Racks..."), this);
    pick->setObjectName(QStringLiteral("elevationPickRacks"));
    pick->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    pick->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(pick, &QAction::triggered, this, &RackElevationView::pickRacks);
    addAction(pick);
}

void RackElevationView::buildScene()
{
    // Racks named before the build (setRacks) that edits have since deleted drop out; the
    // first racks of the design stand in when none is left.
    const Design &design = document()->design();
    std::erase_if(m_racks, [&design](RackId id) { return !design.rack(id); });
    if (!m_explicitRacks || m_racks.empty()) {
        m_explicitRacks = false;
        m_racks = defaultRacks();
    }
    rebuild();
    reapplyMarkers(); // the design may open with violations already
    zoomToFit();
}

std::size_t RackElevationView::maxRackCount()
{
    return kMaxRackCount;
}

void RackElevationView::pickRacks()
{
    RackPicker picker(*document(), m_racks, kMaxRackCount, this);
    if (picker.exec() == QDialog::Accepted && !picker.racks().empty())
        setRacks(picker.racks());
}

void RackElevationView::presentationChanged()
{
    // Gutters and titles grow with the text: lay the faces out again.
    rebuild();
    reapplyMarkers();
    reapplySelection();
    if (isFitMode())
        zoomToFit();
}

std::vector<LegendEntry> RackElevationView::legend() const
{
    return {
        { LegendEntry::Fill, QColor(0x9f, 0xc5, 0xe8), tr("compute node") },
        { LegendEntry::Fill, QColor(0xb6, 0xd7, 0xa8), tr("switch") },
        { LegendEntry::Fill, QColor(0xf9, 0xcb, 0x9c), tr("storage") },
        { LegendEntry::Fill, QColor(0xd5, 0xd5, 0xd5), tr("management") },
        { LegendEntry::Fill, loadColor(LoadLevel::Green), tr("rack load below 80% of feed") },
        { LegendEntry::Fill, loadColor(LoadLevel::Amber), tr("rack load 80-100% of feed") },
        { LegendEntry::Fill, loadColor(LoadLevel::Red), tr("rack over feed, or no feed") },
        { LegendEntry::Marker, severityColor(Severity::Error), tr("error") },
        { LegendEntry::Marker, severityColor(Severity::Warning), tr("warning") },
    };
}

RackElevationView::~RackElevationView() = default;

std::vector<RackId> RackElevationView::defaultRacks() const
{
    const Design &design = document()->design();
    std::vector<const Rack *> racks;
    for (const Rack &rack : design.racks())
        racks.push_back(&rack);
    const auto rowIndex = [&design](const Rack *rack) {
        const Row *row = design.row(rack->row);
        return row ? row->index : 0;
    };
    const std::size_t count = std::min(kDefaultRackCount, racks.size());
    std::partial_sort(racks.begin(), racks.begin() + static_cast<std::ptrdiff_t>(count),
                      racks.end(), [&](const Rack *a, const Rack *b) {
                          return std::pair(rowIndex(a), a->position)
                              < std::pair(rowIndex(b), b->position);
                      });
    std::vector<RackId> ids;
    for (std::size_t i = 0; i < count; ++i)
        ids.push_back(racks[i]->id);
    return ids;
}

void RackElevationView::setRacks(std::vector<RackId> racks)
{
    const Design &design = document()->design();
    std::erase_if(racks, [&design](RackId id) { return !design.rack(id); });
    if (racks.size() > kMaxRackCount)
        racks.resize(kMaxRackCount);
    m_explicitRacks = !racks.empty();
    m_racks = m_explicitRacks ? std::move(racks) : defaultRacks();
    if (!isSceneComplete())
        return; // built with these racks when first shown
    rebuild();
    reapplyMarkers();
    reapplySelection();
    zoomToFit();
}

ElevationFaceItem *RackElevationView::faceItem(RackId rack, Face face) const
{
    auto it = m_faces.find(rack.value);
    if (it == m_faces.end())
        return nullptr;
    return face == Face::Front ? it->second.first : it->second.second;
}

ElevationDeviceItem *RackElevationView::deviceItem(DeviceId device) const
{
    auto it = m_devices.find(device.value);
    return it == m_devices.end() ? nullptr : it->second;
}

void RackElevationView::rebuild()
{
    clearScene();
    m_ghost = nullptr;
    m_dragItem = nullptr;
    m_faces.clear();
    m_devices.clear();
    m_shadows.clear();
    for (std::size_t column = 0; column < m_racks.size(); ++column)
        buildRack(column);
    updateSceneRect();
}

void RackElevationView::buildRack(std::size_t column)
{
    const Rack *rack = document()->design().rack(m_racks[column]);
    if (!rack)
        return;
    const int units = cache()->rackUnits(*rack);
    const FaceGeometry geometry = FaceGeometry::forScale(canvasScene()->labelScale());
    const double columnWidth = 2 * geometry.width() + kFaceGapMm + kRackGapMm;
    const double x = static_cast<double>(column) * columnWidth;
    auto *front = new ElevationFaceItem(rack->id, Face::Front, units, geometry);
    auto *rear = new ElevationFaceItem(rack->id, Face::Rear, units, geometry);
    front->setPos(x, 0);
    rear->setPos(x + geometry.width() + kFaceGapMm, 0);
    for (ElevationFaceItem *face : { front, rear }) {
        canvasScene()->addItem(face);
        registerItem(face);
    }
    m_faces[rack->id.value] = { front, rear };
    updateRackTitles(rack->id);
    for (DeviceId id : cache()->index().devicesInRack(rack->id))
        if (const Device *device = document()->design().device(id))
            addDeviceItem(*device);
}

void RackElevationView::destroyRack(RackId rack)
{
    auto it = m_faces.find(rack.value);
    if (it == m_faces.end())
        return;
    for (ElevationFaceItem *face : { it->second.first, it->second.second }) {
        for (QGraphicsItem *child : face->childItems())
            if (auto *device = dynamic_cast<ElevationDeviceItem *>(child)) {
                if (device == m_dragItem)
                    m_dragItem = nullptr;
                m_devices.erase(device->deviceId().value);
                m_shadows.erase(device->deviceId().value);
            }
        destroyItem(face);
    }
    m_faces.erase(it);
}

void RackElevationView::addDeviceItem(const Device &device)
{
    ElevationFaceItem *face = faceItem(device.rack, device.face);
    if (!face)
        return;
    const Part *part = cache()->part(device.id);
    auto *item = new ElevationDeviceItem(device.id, device.role,
                                         face->slotRect(device.uPosition, heightOf(part)));
    item->setParentItem(face);
    item->setLabels(QString::fromStdString(device.name), QString::fromStdString(device.catalogType),
                    part ? part->maxPowerW : 0);
    // Full depth: the other face shows the slots as taken (a shadow, not selectable).
    if (ElevationFaceItem *other
        = faceItem(device.rack, device.face == Face::Front ? Face::Rear : Face::Front)) {
        auto *shadow = new QGraphicsRectItem(item->rect().adjusted(1, 1, -1, -1), other);
        shadow->setPen(QPen(QColor(0x80, 0x80, 0x80), 0, Qt::DashLine));
        shadow->setBrush(QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));
        m_shadows[device.id.value] = shadow;
    }
    registerItem(item);
    m_devices[device.id.value] = item;
}

void RackElevationView::updateRackTitles(RackId id)
{
    const Rack *rack = document()->design().rack(id);
    auto it = m_faces.find(id.value);
    if (!rack || it == m_faces.end())
        return;
    const RackPower power = cache()->rackPower(id);
    for (ElevationFaceItem *face : { it->second.first, it->second.second }) {
        face->setTitle(QString::fromStdString(rack->name));
        face->setPower(power);
    }
}

void RackElevationView::applyChanges(const ChangeSet &changes)
{
    const Design &design = document()->design();
    bool relayout = false;
    for (const EntityRef &ref : changes.removed)
        if (ref.kind == EntityKind::Rack
            && std::find(m_racks.begin(), m_racks.end(), RackId { ref.id }) != m_racks.end())
            relayout = true;
    if (!m_explicitRacks && !relayout) {
        bool racksOrRows = false;
        for (const auto *list : { &changes.added, &changes.removed, &changes.modified })
            racksOrRows
                = racksOrRows || std::any_of(list->begin(), list->end(), [](const EntityRef &ref) {
                      return ref.kind == EntityKind::Rack || ref.kind == EntityKind::Row;
                  });
        // Once per change, not per rack: deleting 4,000 racks must not sort them 4,000 times.
        relayout = racksOrRows && defaultRacks() != m_racks;
    }
    if (relayout) {
        std::erase_if(m_racks, [&design](RackId id) { return !design.rack(id); });
        if (!m_explicitRacks || m_racks.empty()) {
            m_explicitRacks = false;
            m_racks = defaultRacks();
        }
        rebuild();
        return;
    }

    // A modified rack may have a new type (height): rebuild its two faces in place.
    for (const EntityRef &ref : changes.modified)
        if (ref.kind == EntityKind::Rack) {
            auto column = std::find(m_racks.begin(), m_racks.end(), RackId { ref.id });
            if (column == m_racks.end())
                continue;
            destroyRack(RackId { ref.id });
            buildRack(static_cast<std::size_t>(column - m_racks.begin()));
        }

    // Devices: drop the old item, draw the current state where its rack is shown.
    for (const auto *list : { &changes.removed, &changes.added, &changes.modified })
        for (const EntityRef &ref : *list) {
            if (ref.kind != EntityKind::Device)
                continue;
            if (auto it = m_devices.find(ref.id); it != m_devices.end()) {
                if (it->second == m_dragItem)
                    m_dragItem = nullptr;
                destroyItem(it->second);
                m_devices.erase(it);
            }
            if (auto it = m_shadows.find(ref.id); it != m_shadows.end()) {
                destroyItem(it->second);
                m_shadows.erase(it);
            }
            if (const Device *device = design.device(DeviceId { ref.id }))
                addDeviceItem(*device);
        }
    for (RackId rack : cache()->dirtyRacks())
        updateRackTitles(rack);
}

void RackElevationView::documentSelectionChanged(const std::vector<EntityRef> &selection)
{
    // Follow the selection made elsewhere (floor plan, violations dock): show its racks.
    const Design &design = document()->design();
    std::vector<RackId> wanted;
    for (const EntityRef &ref : selection) {
        RackId rack;
        if (ref.kind == EntityKind::Rack)
            rack = RackId { ref.id };
        else if (ref.kind == EntityKind::Device)
            if (const Device *device = design.device(DeviceId { ref.id }))
                rack = device->rack;
        if (rack.isValid() && std::find(wanted.begin(), wanted.end(), rack) == wanted.end())
            wanted.push_back(rack);
        if (wanted.size() > kMaxRackCount)
            return; // a bulk selection (an aggregate box): not a set of racks to look at
    }
    const bool shown = std::all_of(wanted.begin(), wanted.end(), [this](RackId rack) {
        return std::find(m_racks.begin(), m_racks.end(), rack) != m_racks.end();
    });
    if (!wanted.empty() && !shown)
        setRacks(std::move(wanted));
}

std::optional<RackElevationView::Slot> RackElevationView::slotAt(const QPointF &scenePos) const
{
    for (const auto &[id, faces] : m_faces)
        for (ElevationFaceItem *face : { faces.first, faces.second }) {
            const QPointF local = face->mapFromScene(scenePos);
            if (local.x() < 0 || local.x() > face->geometry().width() || local.y() < 0
                || local.y() >= face->units() * kUnitMm)
                continue;
            return Slot { RackId { id }, face->face(), face->uAt(local) };
        }
    return std::nullopt;
}

QPointF RackElevationView::slotCenter(RackId rack, Face face, int u) const
{
    const ElevationFaceItem *item = faceItem(rack, face);
    return item ? item->mapToScene(item->slotRect(u, 1).center()) : QPointF();
}

bool RackElevationView::overlaps(const Slot &slot, int height, DeviceId ignore) const
{
    const ElevationFaceItem *face = faceItem(slot.rack, slot.face);
    if (!face || slot.u < 1 || slot.u + height - 1 > face->units())
        return true;
    const Design &design = document()->design();
    for (DeviceId id : cache()->index().devicesInRack(slot.rack)) {
        const Device *device = design.device(id);
        // Devices are full depth: one on the rear takes the same U on the front.
        if (!device || id == ignore)
            continue;
        const int top = device->uPosition + heightOf(cache()->part(id)) - 1;
        if (device->uPosition <= slot.u + height - 1 && slot.u <= top)
            return true;
    }
    return false;
}

void RackElevationView::showGhost(const std::optional<Slot> &slot, int height, DeviceId ignore)
{
    if (!slot) {
        hideGhost();
        return;
    }
    const ElevationFaceItem *face = faceItem(slot->rack, slot->face);
    if (!face) {
        hideGhost();
        return;
    }
    if (!m_ghost) {
        m_ghost = new QGraphicsRectItem;
        m_ghost->setZValue(1e5);
        canvasScene()->addItem(m_ghost);
    }
    const bool bad = overlaps(*slot, height, ignore);
    const QColor colour = bad ? QColor(0xe0, 0x52, 0x4b) : QColor(0x2e, 0x7d, 0x32);
    m_ghost->setRect(face->mapRectToScene(face->slotRect(slot->u, height)));
    m_ghost->setPen(QPen(colour, 0));
    QColor fill = colour;
    fill.setAlpha(90);
    m_ghost->setBrush(fill);
    m_ghost->show();
}

void RackElevationView::hideGhost()
{
    if (m_ghost)
        m_ghost->hide();
}

QString RackElevationView::placePart(const Part &part, const Slot &slot)
{
    QString error;
    if (part.uHeight <= 0 || part.kind == PartKind::Rack)
        error = tr("%1 is a %2, not rack-mounted equipment: %3")
                    .arg(QString::fromStdString(part.id),
                         QString::fromUtf8(toString(part.kind).data()),
                         part.kind == PartKind::Rack ? tr("place racks on the floor plan")
                                                     : tr("drop servers, switches or storage"));
    else
        error = document()->addDevice(
            newDevice(document()->design(), part, slot.rack, slot.u, slot.face));
    if (!error.isEmpty())
        showMessage(error, slotCenter(slot.rack, slot.face, slot.u));
    return error;
}

void RackElevationView::mousePressEvent(QMouseEvent *event)
{
    m_dragItem = nullptr;
    m_dragging = false;
    if (event->button() == Qt::LeftButton)
        for (QGraphicsItem *item : items(event->position().toPoint()))
            if (auto *device = dynamic_cast<ElevationDeviceItem *>(item)) {
                m_dragItem = device;
                m_pressPos = event->position().toPoint();
                const QPointF scenePos = mapToScene(m_pressPos);
                m_grabFromBottom = device->mapRectToScene(device->rect()).bottom() - scenePos.y();
                break;
            }
    CanvasView::mousePressEvent(event);
}

void RackElevationView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragItem && (event->buttons() & Qt::LeftButton)) {
        if (!m_dragging
            && (event->position().toPoint() - m_pressPos).manhattanLength()
                >= QApplication::startDragDistance())
            m_dragging = true;
        if (m_dragging) {
            // The slot under the device's bottom edge (kept where it was grabbed) is its new U.
            const QPointF scenePos = mapToScene(event->position().toPoint())
                + QPointF(0, m_grabFromBottom - kUnitMm / 2);
            const DeviceId id = m_dragItem->deviceId();
            showGhost(slotAt(scenePos), heightOf(cache()->part(id)), id);
            event->accept();
            return;
        }
    }
    CanvasView::mouseMoveEvent(event);
}

void RackElevationView::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragItem && m_dragging && event->button() == Qt::LeftButton) {
        const DeviceId id = m_dragItem->deviceId();
        m_dragItem = nullptr;
        m_dragging = false;
        hideGhost();
        const QPointF scenePos = mapToScene(event->position().toPoint());
        const auto slot = slotAt(scenePos + QPointF(0, m_grabFromBottom - kUnitMm / 2));
        const Device *device = document()->design().device(id);
        if (slot && device
            && (slot->rack != device->rack || slot->face != device->face
                || slot->u != device->uPosition)) {
            // The whole drag is this one call: one undo step.
            const QString error = document()->moveDevice(id, slot->rack, slot->u, slot->face);
            if (!error.isEmpty())
                showMessage(error, scenePos);
        } else if (!slot) {
            showMessage(tr("drop the device on a rack face"), scenePos);
        }
        event->accept();
        return;
    }
    m_dragItem = nullptr;
    m_dragging = false;
    CanvasView::mouseReleaseEvent(event);
}

void RackElevationView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    for (QGraphicsItem *item : items(event->pos()))
        if (auto *device = dynamic_cast<ElevationDeviceItem *>(item)) {
            if (!device->isSelected()) {
                canvasScene()->clearSelection();
                device->setSelected(true);
            }
            menu.addAction(tr("Duplicate"), this, &CanvasView::duplicateSelection);
            menu.addAction(tr("Delete"), this, &CanvasView::deleteSelection);
            menu.addSeparator();
            break;
        }
    addSimulateFailureMenu(menu, event->pos());
    if (QAction *pick = findChild<QAction *>(QStringLiteral("elevationPickRacks")))
        menu.addAction(pick);
    QAction *legendAction = menu.addAction(tr("Show Legend"));
    legendAction->setCheckable(true);
    legendAction->setChecked(isLegendVisible());
    connect(legendAction, &QAction::toggled, this, &CanvasView::setLegendVisible);
    menu.exec(event->globalPos());
}

void RackElevationView::dragEnterEvent(QDragEnterEvent *event)
{
    // Every part is accepted here so that a wrong one gets an explanation on drop.
    if (partFromMime(event->mimeData(), document()->catalog()))
        event->acceptProposedAction();
    else
        event->ignore();
}

void RackElevationView::dragMoveEvent(QDragMoveEvent *event)
{
    const Part *part = partFromMime(event->mimeData(), document()->catalog());
    if (!part) {
        event->ignore();
        return;
    }
    const auto slot = slotAt(mapToScene(event->position().toPoint()));
    showGhost(slot, heightOf(part));
    if (slot)
        event->acceptProposedAction();
    else
        event->ignore();
}

void RackElevationView::dragLeaveEvent(QDragLeaveEvent *event)
{
    hideGhost();
    event->accept();
}

void RackElevationView::dropEvent(QDropEvent *event)
{
    hideGhost();
    const Part *part = partFromMime(event->mimeData(), document()->catalog());
    const QPointF scenePos = mapToScene(event->position().toPoint());
    const auto slot = slotAt(scenePos);
    if (!part || !slot) {
        showMessage(part ? tr("drop the part on a U slot of a rack") : tr("not a catalog part"),
                    scenePos);
        event->ignore();
        return;
    }
    if (placePart(*part, *slot).isEmpty())
        event->acceptProposedAction();
    else
        event->ignore();
}

} // namespace cw::canvas

// CanvasView, the blast-radius overlay of the Failure Domains dock (docs/failure-domains.md):
// failure states on the items, their legend entries, and "Simulate Failure" on right-click.
#include "views/canvas/CanvasView.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/canvas/CanvasItem.h"
#include "views/document/Document.h"

#include <QContextMenuEvent>
#include <QMenu>

#include <algorithm>
#include <optional>

namespace cw::canvas {
namespace {

QString domain(const char *kind, const std::string &name)
{
    return QString::fromLatin1(kind) + QLatin1Char(':') + QString::fromStdString(name);
}

bool isCdu(const Catalog &catalog, const std::string &type)
{
    const Part *part = catalog.find(type);
    return part && part->cdu;
}

/// A rack's domains, innermost first: the rack (or CDU), its PDUs, their feeds, row, hall.
void rackDomains(const Design &design, const Catalog &catalog, const Rack &rack, QStringList &out)
{
    if (isCdu(catalog, rack.catalogType))
        out << domain("cdu", rack.name);
    out << domain("rack", rack.name);
    bool feeds[2] = { false, false };
    for (const Pdu &pdu : rack.pdus) {
        out << domain("pdu", rack.name + "/" + pdu.name);
        feeds[static_cast<int>(pdu.feed)] = true;
    }
    for (Feed feed : { Feed::A, Feed::B })
        if (feeds[static_cast<int>(feed)])
            out << domain("feed", std::string(toString(feed)));
    if (const Row *row = design.row(rack.row)) {
        out << domain("row", row->name);
        if (!row->hall.empty() && design.site().hall(row->hall))
            out << domain("hall", row->hall);
    }
}

} // namespace

void CanvasView::setFailureStates(const FailureStates &states)
{
    m_failureStates = states;
    reapplyFailureStates();
    viewport()->update();
}

void CanvasView::reapplyFailureStates()
{
    for (CanvasItem *item : m_failed)
        item->setFailureState(FailureState::None);
    m_failed.clear();
    std::vector<CanvasItem *> touched;
    for (const auto &[id, state] : m_failureStates)
        if (const auto it = m_index.find(id); it != m_index.end())
            touched.insert(touched.end(), it->second.begin(), it->second.end());
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (CanvasItem *item : touched) {
        // An aggregate shows its members' common state; hit in part, it is degraded.
        std::optional<FailureState> common;
        bool mixed = false;
        for (const EntityRef &ref : item->entities()) {
            const auto it = m_failureStates.find(ref.id);
            const FailureState state
                = it == m_failureStates.end() ? FailureState::None : it->second;
            mixed = mixed || (common && *common != state);
            common = state;
        }
        const FailureState shown
            = mixed ? FailureState::Degraded : common.value_or(FailureState::None);
        if (shown == FailureState::None)
            continue;
        item->setFailureState(shown);
        m_failed.push_back(item);
    }
}

std::vector<LegendEntry> CanvasView::shownLegend() const
{
    std::vector<LegendEntry> entries = legend();
    bool used[4] = { false, false, false, false };
    for (const CanvasItem *item : m_failed)
        used[static_cast<int>(item->failureState())] = true;
    if (used[static_cast<int>(FailureState::Lost)])
        entries.push_back({ LegendEntry::Hatched, failureColor(FailureState::Lost),
                            tr("Failure: off / cut off") });
    if (used[static_cast<int>(FailureState::Capped)])
        entries.push_back({ LegendEntry::Outline, failureColor(FailureState::Capped),
                            tr("Failure: capped (power or cooling)") });
    if (used[static_cast<int>(FailureState::Degraded)])
        entries.push_back({ LegendEntry::DashedOutline, failureColor(FailureState::Degraded),
                            tr("Failure: degraded (links lost, partly hit)") });
    for (LegendEntry &entry : compareLegend()) // File > Compare with... (CanvasCompare.cpp)
        entries.push_back(std::move(entry));
    return entries;
}

QStringList CanvasView::failureDomainsAt(const QPoint &viewPos) const
{
    QStringList out;
    const Design &design = m_document->design();
    const Catalog &catalog = m_document->catalog();
    for (QGraphicsItem *graphics : items(viewPos)) {
        const auto *item = dynamic_cast<const CanvasItem *>(graphics);
        if (!item || item->entities().size() != 1)
            continue;
        const EntityRef ref = item->ref();
        if (ref.kind == EntityKind::Device) {
            const Device *device = design.device(DeviceId { ref.id });
            if (!device)
                continue;
            if (isCdu(catalog, device->catalogType))
                out << domain("cdu", device->name);
            out << domain(device->role == DeviceRole::Switch ? "switch" : "device", device->name);
            if (const Rack *rack = design.rack(device->rack))
                rackDomains(design, catalog, *rack, out);
        } else if (ref.kind == EntityKind::Rack) {
            if (const Rack *rack = design.rack(RackId { ref.id }))
                rackDomains(design, catalog, *rack, out);
        } else if (ref.kind == EntityKind::Row) {
            if (const Row *row = design.row(RowId { ref.id })) {
                out << domain("row", row->name);
                if (!row->hall.empty() && design.site().hall(row->hall))
                    out << domain("hall", row->hall);
            }
        } else {
            continue;
        }
        break; // the topmost entity item only
    }
    return out;
}

void CanvasView::addSimulateFailureMenu(QMenu &menu, const QPoint &viewPos)
{
    const QStringList domains = failureDomainsAt(viewPos);
    if (domains.isEmpty())
        return;
    QMenu *simulate = menu.addMenu(tr("Simulate Failure"));
    simulate->setObjectName(QStringLiteral("simulateFailureMenu"));
    for (const QString &name : domains)
        simulate->addAction(name, this, [this, name] { emit simulateFailureRequested(name); });
    menu.addSeparator();
}

void CanvasView::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    addSimulateFailureMenu(menu, event->pos());
    QAction *legendAction = menu.addAction(tr("Show Legend"));
    legendAction->setCheckable(true);
    legendAction->setChecked(isLegendVisible());
    connect(legendAction, &QAction::toggled, this, &CanvasView::setLegendVisible);
    menu.exec(event->globalPos());
}

} // namespace cw::canvas

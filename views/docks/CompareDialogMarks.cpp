// CompareDialog: how each change of the comparison shows on the open design's items (the
// canvas views' compare overlay, views/canvas/CanvasCompare.cpp).
#include "views/docks/CompareDialog.h"

#include "model/core/Design.h"
#include "views/document/Document.h"

#include <QPushButton>

#include <string>
#include <unordered_map>

namespace cw {
namespace {

using canvas::CompareState;

/// Finds the open design's counterpart of an entity of the other design: the same id with
/// the same name, else the same name (a design rebuilt elsewhere), as the diff matches them.
template<typename T, typename Id>
const T *counterpart(const T *other, const T *(Design::*find)(Id) const, const Design &open,
                     const std::unordered_map<std::string, std::uint64_t> &byName)
{
    if (!other)
        return nullptr;
    if (const T *same = (open.*find)(other->id); same && same->name == other->name)
        return same;
    const auto it = byName.find(other->name);
    return it == byName.end() ? nullptr : (open.*find)(Id { it->second });
}

struct Holders
{
    const Design &open;
    const Design &other;
    std::unordered_map<std::uint64_t, std::uint64_t> newToOldDevice;
    std::unordered_map<std::string, std::uint64_t> rackByName;
    std::unordered_map<std::string, std::uint64_t> rowByName;

    Holders(const Design &openDesign, const Design &otherDesign, const change::DesignDiff &diff)
        : open(openDesign)
        , other(otherDesign)
    {
        for (const auto &[before, after] : diff.sameDevices)
            newToOldDevice.emplace(after.value, before.value);
        for (const Rack &rack : open.racks())
            rackByName.emplace(rack.name, rack.id.value);
        for (const Row &row : open.rows())
            rowByName.emplace(row.name, row.id.value);
    }

    /// The open design's items that would hold an entity only the other design has.
    std::vector<EntityRef> of(const change::EntityChange &c) const
    {
        std::vector<EntityRef> out;
        if (c.kind == "device") {
            // An added device shows on the rack it goes into.
            if (const Device *device = other.device(DeviceId { c.newId }))
                if (const Rack *rack
                    = counterpart(other.rack(device->rack), &Design::rack, open, rackByName))
                    out.push_back(EntityRef::of(rack->id));
        } else if (c.kind == "rack") {
            if (const Rack *rack = other.rack(RackId { c.newId }))
                if (const Row *row
                    = counterpart(other.row(rack->row), &Design::row, open, rowByName))
                    out.push_back(EntityRef::of(row->id));
        } else if (c.kind == "link") {
            // An added cable shows on the devices at its ends that the open design has.
            if (const Link *link = other.link(LinkId { c.newId }))
                for (const DeviceId end : { link->a.device, link->b.device })
                    if (const auto it = newToOldDevice.find(end.value); it != newToOldDevice.end())
                        out.push_back({ EntityKind::Device, it->second });
        }
        return out;
    }
};

std::optional<EntityKind> kindOf(const std::string &kind)
{
    if (kind == "device")
        return EntityKind::Device;
    if (kind == "rack")
        return EntityKind::Rack;
    if (kind == "row")
        return EntityKind::Row;
    if (kind == "link")
        return EntityKind::Link;
    if (kind == "fabric")
        return EntityKind::Fabric;
    if (kind == "storage tier")
        return EntityKind::StorageTier;
    return std::nullopt;
}

CompareState stateOf(const change::EntityChange &c)
{
    switch (c.change) {
    case change::ChangeKind::Added:
        return CompareState::Added;
    case change::ChangeKind::Removed:
        return CompareState::Removed;
    case change::ChangeKind::Changed:
        break;
    }
    return c.move.empty() && c.recable.empty() ? CompareState::Changed : CompareState::Moved;
}

} // namespace

void CompareDialog::computeMarks()
{
    m_marks.clear();
    m_rowEntities.assign(m_diff.changes.size(), {});
    if (!m_document || !m_other)
        return;
    const Holders holders(m_document->design(), *m_other, m_diff);
    for (std::size_t r = 0; r < m_diff.changes.size(); ++r) {
        const change::EntityChange &c = m_diff.changes[r];
        const auto kind = kindOf(c.kind);
        if (!kind)
            continue; // site, settings, waivers: no item in the views
        std::vector<EntityRef> &entities = m_rowEntities[r];
        if (c.oldId != 0)
            entities.push_back({ *kind, c.oldId });
        else
            entities = holders.of(c);
        for (const EntityRef &ref : entities)
            m_marks.emplace_back(ref, stateOf(c));
    }
}

std::vector<EntityRef> CompareDialog::entitiesOfRow(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_rowEntities.size()))
        return {};
    return m_rowEntities[static_cast<std::size_t>(row)];
}

void CompareDialog::clearComparison()
{
    m_marks.clear();
    m_ghosts.clear();
    m_clear->setEnabled(false);
    emit compareGhostsChanged(m_ghosts);
    emit compareMarksChanged(m_marks);
}

} // namespace cw

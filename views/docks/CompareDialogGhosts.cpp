// CompareDialog: where each moved rack and device stands in the other design, named by the
// open design's rows and racks, for the views' ghosts (views/canvas/CanvasCompareGhosts.cpp).
#include "views/docks/CompareDialog.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "views/document/Document.h"

#include <string>
#include <unordered_map>
#include <utility>

namespace cw {
namespace {

const char *const kArrow = "\xe2\x86\x92"; // U+2192, UTF-8

/// The open design's entity of the other design's `other`: the same id with the same name,
/// else the same name (as the diff matches them); 0 when the open design has none.
template<typename T>
std::uint64_t openIdOf(const T *other, const T *open,
                       const std::unordered_map<std::string, std::uint64_t> &byName)
{
    if (!other)
        return 0;
    if (open && open->name == other->name)
        return open->id.value;
    const auto it = byName.find(other->name);
    return it == byName.end() ? 0 : it->second;
}

} // namespace

void CompareDialog::computeGhosts()
{
    m_ghosts.clear();
    if (!m_document || !m_other)
        return;
    const Design &open = m_document->design();
    const Design &other = *m_other;
    std::unordered_map<std::string, std::uint64_t> rackByName, rowByName;
    const auto index = [&] { // only when something moved: linear in the racks and rows
        if (!rackByName.empty() || !rowByName.empty())
            return;
        for (const Rack &rack : open.racks())
            rackByName.emplace(rack.name, rack.id.value);
        for (const Row &row : open.rows())
            rowByName.emplace(row.name, row.id.value);
    };
    for (const change::EntityChange &c : m_diff.changes) {
        if (c.move.empty() || c.oldId == 0 || c.newId == 0)
            continue;
        index();
        canvas::CompareGhost ghost;
        if (c.kind == "rack") {
            const Rack *rack = other.rack(RackId { c.newId });
            const Row *row = rack ? other.row(rack->row) : nullptr;
            ghost.rowId = openIdOf(row, row ? open.row(row->id) : nullptr, rowByName);
            if (ghost.rowId == 0)
                continue; // a row only the other design has: no place to draw it
            ghost.entity = { EntityKind::Rack, c.oldId };
            ghost.position = rack->position;
            ghost.label = rack->name + " " + kArrow + " " + row->name + " position "
                + std::to_string(rack->position);
        } else if (c.kind == "device") {
            const Device *device = other.device(DeviceId { c.newId });
            const Rack *rack = device ? other.rack(device->rack) : nullptr;
            ghost.rackId = openIdOf(rack, rack ? open.rack(rack->id) : nullptr, rackByName);
            if (ghost.rackId == 0)
                continue;
            const Part *part = m_document->catalog().find(device->catalogType);
            ghost.entity = { EntityKind::Device, c.oldId };
            ghost.uPosition = device->uPosition;
            ghost.heightU = part && part->uHeight > 0 ? part->uHeight : 1;
            ghost.face = device->face;
            ghost.label = device->name + " " + kArrow + " " + rack->name + " U"
                + std::to_string(device->uPosition) + (device->face == Face::Rear ? " rear" : "");
        } else {
            continue;
        }
        m_ghosts.push_back(std::move(ghost));
    }
}

} // namespace cw

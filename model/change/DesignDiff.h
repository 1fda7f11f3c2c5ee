#pragma once

#include "model/core/Design.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cw {
class Catalog;
}

namespace cw::change {

/// One field that differs, as a reviewer reads it: names instead of ids, units on numbers.
struct FieldChange
{
    std::string field;
    std::string oldValue;
    std::string newValue;

    bool operator==(const FieldChange &) const = default;
};

enum class ChangeKind { Added, Removed, Changed };
std::string_view toString(ChangeKind kind);

/// What happened to one entity (or to the site, a settings block or a waiver).
struct EntityChange
{
    std::string kind; ///< row, rack, device, link, fabric, storage tier, site, design, scheduler,
                      ///< nccl, workload, severity, waiver
    ChangeKind change = ChangeKind::Changed;
    std::uint64_t oldId = 0; ///< 0 when added (or not an entity)
    std::uint64_t newId = 0; ///< 0 when removed (or not an entity)
    std::string name; ///< the new name, or the old one when removed
    std::vector<FieldChange> fields; ///< Changed: what differs; Added/Removed: empty
    /// Devices and racks that changed place: "device dgx042 from A07 U10 to A09 U1".
    std::string move;
    /// Links whose ends changed: "re-cabled from dgx001 mlx5_0 - leaf01 p1 to dgx001 mlx5_0 -
    /// leaf01 p2".
    std::string recable;

    /// One line: "changed device dgx042: uPosition U10 -> U1", the move or re-cabling first.
    std::string describe() const;
};

/// Old link id <-> new link id for every link present in both designs (matched by id, else
/// by its two ends' device names and ports).
struct LinkPair
{
    LinkId oldId;
    LinkId newId;
};

/// The semantic difference of two designs: entities matched by id, and by name where the id
/// differs (a design rebuilt elsewhere); linear in the design size.
struct DesignDiff
{
    std::vector<EntityChange>
        changes; ///< site, settings, rows, racks, devices, fabrics, links, tiers, waivers
    std::vector<LinkPair> sameLinks; ///< every link kept (changed or not)
    std::vector<std::pair<DeviceId, DeviceId>> sameDevices; ///< every device kept (old, new)

    bool empty() const { return changes.empty(); }
    int count(std::string_view kind, ChangeKind change) const;
};

DesignDiff diffDesigns(const Design &oldDesign, const Design &newDesign,
                       const Catalog *catalog = nullptr);

} // namespace cw::change

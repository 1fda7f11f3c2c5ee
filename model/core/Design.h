#pragma once

#include "model/core/ChangeSet.h"
#include "model/core/EntityTable.h"
#include "model/core/Equipment.h"
#include "model/core/Facility.h"
#include "model/core/Network.h"
#include "model/core/Settings.h"

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace cw {

/// Thrown when a mutation would break the design's integrity (unknown id, id reused, a port
/// used twice). Callers that take user input (the builder, the loader, undo commands) check
/// first and report; reaching this is a programming error.
class DesignIntegrityError : public std::logic_error
{
public:
    using std::logic_error::logic_error;
};

class DesignAdjacency;

/// The design aggregate: every entity of a cluster design and the only way to change them.
/// Each mutator returns the ChangeSet it caused. New entities take ids from `newId()`; ids
/// are never reused, so undo can restore an entity under its old id.
class Design
{
public:
    Design();
    ~Design();
    Design(const Design &other);
    Design(Design &&other) noexcept;
    Design &operator=(const Design &other);
    Design &operator=(Design &&other) noexcept;

    // --- identity -------------------------------------------------------------------------
    const std::string &name() const { return m_name; }
    ChangeSet setName(std::string name);

    template<typename IdType>
    IdType newId()
    {
        return IdType { m_nextId++ };
    }
    std::uint64_t nextId() const { return m_nextId; }
    /// Used by the loader: must exceed every id in the design.
    void setNextId(std::uint64_t nextId);
    std::uint64_t maxUsedId() const;

    // --- read access ----------------------------------------------------------------------
    const Site &site() const { return m_site; }
    const EntityTable<Row> &rows() const { return m_rows; }
    const EntityTable<Rack> &racks() const { return m_racks; }
    const EntityTable<Device> &devices() const { return m_devices; }
    const EntityTable<Link> &links() const { return m_links; }
    const EntityTable<Fabric> &fabrics() const { return m_fabrics; }
    const EntityTable<StorageTier> &storageTiers() const { return m_storageTiers; }
    const SchedulerSettings &scheduler() const { return m_scheduler; }
    const NcclSettings &nccl() const { return m_nccl; }
    const Workload &workload() const { return m_workload; }
    const std::vector<Waiver> &waivers() const { return m_waivers; }
    const std::map<std::string, std::string> &severityOverrides() const { return m_severities; }

    const Row *row(RowId id) const { return m_rows.find(id); }
    const Rack *rack(RackId id) const { return m_racks.find(id); }
    const Device *device(DeviceId id) const { return m_devices.find(id); }
    const Link *link(LinkId id) const { return m_links.find(id); }
    const Fabric *fabric(FabricId id) const { return m_fabrics.find(id); }
    const StorageTier *storageTier(StorageTierId id) const { return m_storageTiers.find(id); }

    /// The link plugged into a port, if any.
    LinkId linkAt(PortRef port) const;
    /// Whether any entity of any kind has this id.
    bool hasId(std::uint64_t id) const;
    /// The devices in a rack, in id order; O(1), kept up to date by the mutators.
    const std::vector<DeviceId> &devicesInRack(RackId rack) const;
    /// The links plugged into a device, in id order; O(1), kept up to date by the mutators.
    const std::vector<LinkId> &linksOfDevice(DeviceId device) const;
    /// The racks in a row, in id order; O(1), kept up to date by the mutators.
    const std::vector<RackId> &racksInRow(RowId row) const;
    /// Every lookup the mutators maintain (model/core/DesignAdjacency.h); new lookups go
    /// there so this header stays put.
    const DesignAdjacency &adjacency() const;

    // --- mutators -------------------------------------------------------------------------
    ChangeSet setSite(Site site);
    ChangeSet addRow(Row row);
    ChangeSet updateRow(Row row);
    ChangeSet addRack(Rack rack);
    ChangeSet updateRack(Rack rack);
    ChangeSet addDevice(Device device);
    /// Bulk loading (the design reader): adds devices each checked as addDevice checks it
    /// (a rack of this design, an id no entity uses), without a ChangeSet or a table insert
    /// each; devices in increasing id order into an empty table are adopted as they are, the
    /// rest go one by one through addDevice. Throws DesignIntegrityError at the first device
    /// refused, the design unchanged on the bulk path.
    void addDevices(std::vector<Device> devices);
    ChangeSet updateDevice(Device device);
    ChangeSet addLink(Link link);
    /// Adds many links at once, each checked as addLink checks it (against the design and
    /// the links before it in the list): one merge into the link table instead of an insert
    /// each. Throws DesignIntegrityError, the design unchanged, at the first link refused.
    ChangeSet addLinks(std::vector<Link> links);
    /// Bulk loading (the design reader): adds links the caller has already checked exactly
    /// as addLink would (ids positive and unused by any entity, a known fabric, both ends on
    /// devices of this design at ports 0..65535, every port free and used once, the two ends
    /// distinct) without a ChangeSet or a second check per link; the reader words each
    /// failure itself. Links in id order are adopted as they are (an empty table takes the
    /// vector). Only a repeated id is caught here: DesignIntegrityError, nothing changed.
    void addCheckedLinks(std::vector<Link> links);
    ChangeSet updateLink(Link link);
    ChangeSet addFabric(Fabric fabric);
    ChangeSet updateFabric(Fabric fabric);
    ChangeSet addStorageTier(StorageTier tier);
    ChangeSet updateStorageTier(StorageTier tier);

    /// Removes the row and everything in it (racks, their devices and links).
    ChangeSet removeRow(RowId id);
    /// Removes the rack, its devices and their links.
    ChangeSet removeRack(RackId id);
    /// Removes the device and its links, and drops it from storage tiers and partitions.
    ChangeSet removeDevice(DeviceId id);
    ChangeSet removeLink(LinkId id);
    /// Removes the fabric and its links; storage tiers on it lose their fabric.
    ChangeSet removeFabric(FabricId id);
    ChangeSet removeStorageTier(StorageTierId id);
    /// Removes these entities and everything each takes with it (as the remove* above, in
    /// the order given; an entity already taken by an earlier one is skipped), erasing from
    /// each table in one pass: a rack's devices and links cost O(table) once, not once per
    /// entity. The ChangeSet lists what the calls one by one would list, in their order.
    /// Throws DesignIntegrityError, nothing changed, when an id is not in the design.
    ChangeSet removeMany(const std::vector<EntityRef> &refs);

    ChangeSet setScheduler(SchedulerSettings settings);
    ChangeSet setNccl(NcclSettings settings);
    ChangeSet setWorkload(Workload workload);
    ChangeSet setWaivers(std::vector<Waiver> waivers);
    ChangeSet setSeverityOverrides(std::map<std::string, std::string> severities);

    void reserve(std::size_t devices, std::size_t links);

private:
    /// What one removeMany takes out (defined in Design.cpp).
    struct Removal;

    void claimId(std::uint64_t id, const char *what);
    void checkLinkEnds(const Link &link, LinkId ignore) const;
    DesignAdjacency &mutableAdjacency();

    std::string m_name;
    std::uint64_t m_nextId = 1;
    Site m_site;
    EntityTable<Row> m_rows;
    EntityTable<Rack> m_racks;
    EntityTable<Device> m_devices;
    EntityTable<Link> m_links;
    EntityTable<Fabric> m_fabrics;
    EntityTable<StorageTier> m_storageTiers;
    SchedulerSettings m_scheduler;
    NcclSettings m_nccl;
    Workload m_workload;
    std::vector<Waiver> m_waivers;
    std::map<std::string, std::string> m_severities;
    /// Owned (it holds the port -> link table too); deep-copied with the design; null only
    /// in a moved-from design.
    std::unique_ptr<DesignAdjacency> m_adjacency;
};

} // namespace cw

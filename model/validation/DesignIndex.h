#pragma once

#include "model/core/Design.h"
#include "model/validation/DesignTotals.h"
#include "model/validation/Rule.h"

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace cw {

class Catalog;
struct Part;

/// Which subjects of each scope need a re-check, and for which changed inputs.
struct DirtySubjects
{
    /// Per scope: subject id -> inputs that changed for it (Design scope uses id 0).
    std::array<std::unordered_map<std::uint64_t, Inputs>, kRuleScopeCount> subjects;
    /// Inputs that changed for every subject (site, settings).
    Inputs global = 0;

    void mark(RuleScope scope, std::uint64_t id, Inputs inputs)
    {
        if (inputs != 0 && id != 0)
            subjects[static_cast<std::size_t>(scope)][id] |= inputs;
    }
    void markDesign(Inputs inputs)
    {
        if (inputs != 0)
            subjects[static_cast<std::size_t>(RuleScope::Design)][0] |= inputs;
    }
};

/// The validation engine's memory of the design it last checked: copies of the devices,
/// links and storage tiers (a ChangeSet only names ids, so the old rack of a moved device or
/// the old fabric of a removed link must come from here) plus the lookups rules need
/// (rack -> devices, device -> links, device -> catalog part).
class DesignIndex
{
public:
    /// What rebuild() keeps: the copies update() compares a later edit against, or only what
    /// the rules read, for a run that is never followed by an incremental one (the CLI's):
    /// the copy of half a million links at 16k nodes was a third of such a run. ForViews is
    /// the canvas's: everything ForUpdates keeps but the links (copies and device -> links
    /// lists, which a view reads from the design's own adjacency), so that update() still
    /// names the racks an edit touched; at 16,384 nodes the links were four fifths of the
    /// index built while a design opens.
    enum class Memory { ForUpdates, RulesOnly, ForViews };

    void rebuild(const Design &design, const Catalog &catalog, Memory memory = Memory::ForUpdates);
    /// Works out what `changes` made dirty by comparing the remembered state with `design`,
    /// then brings the memory up to date.
    DirtySubjects update(const Design &design, const Catalog &catalog, const ChangeSet &changes);

    const Part *part(DeviceId device) const;
    const std::vector<DeviceId> &devicesInRack(RackId rack) const;
    /// A device's links; none when the index keeps no links (Memory::ForViews, RulesOnly):
    /// Design::linksOfDevice has them always.
    const std::vector<LinkId> &linksOfDevice(DeviceId device) const;
    /// The whole-design sums, kept up to date by rebuild and update in O(edit): the sums
    /// are held in integer microwatts so adding and taking away a device is exact and an
    /// incremental run gives the same figures as a full one.
    DesignTotals totals() const;

private:
    struct DeviceEntry
    {
        Device device;
        const Part *part = nullptr;
        bool liquidHeat = false; ///< its heat counted in the liquid sum (rack state at add)
    };

    void count(const DeviceEntry &entry, int sign);
    bool rackIsLiquid(RackId rack) const;
    void updateRack(RackId id, const Design &design, const Catalog &catalog);

    void addDevice(const Device &device, const Catalog &catalog,
                   Memory memory = Memory::ForUpdates);
    void removeDevice(DeviceId id);
    void addLink(const Link &link);
    void removeLink(LinkId id);
    void markDeviceDependents(DirtySubjects &dirty, DeviceId id, Inputs inputs) const;

    Memory m_memory = Memory::ForUpdates;
    std::unordered_map<std::uint64_t, DeviceEntry> m_devices;
    /// Device id -> part for the ids below its size (sized by rebuild when ids are compact,
    /// as generated and loaded designs have them): rules ask for a part per link end, and
    /// the hash map's node was a cache miss each time. Null = no device with that id.
    std::vector<const Part *> m_partById;
    std::unordered_map<std::uint64_t, Link> m_links;
    std::unordered_map<std::uint64_t, FabricId> m_tierFabric;
    std::unordered_map<std::uint64_t, std::vector<DeviceId>> m_rackDevices;
    std::unordered_map<std::uint64_t, std::vector<LinkId>> m_deviceLinks;
    std::unordered_map<std::uint64_t, bool> m_rackLiquid; ///< rack id -> liquid-cooled type
    std::int64_t m_itPowerUw = 0;
    std::int64_t m_airHeatUw = 0;
    std::int64_t m_liquidHeatUw = 0;
    int m_devicesWithPower = 0;
    int m_gpus = 0;
};

} // namespace cw

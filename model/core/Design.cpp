#include "model/core/Design.h"

#include "model/core/DesignAdjacency.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <string>

namespace cw {
namespace {

std::string idText(const char *what, std::uint64_t id)
{
    return std::string(what) + " id " + std::to_string(id);
}

template<typename Table, typename Id>
auto &mustFind(Table &table, Id id, const char *what)
{
    auto *entity = table.find(id);
    if (!entity)
        throw DesignIntegrityError("unknown " + idText(what, id.value));
    return *entity;
}

} // namespace

// A cache line: the pooled cable name (model/core/CableName.h) keeps it there.
static_assert(sizeof(void *) != 8 || sizeof(Link) == 64);

Design::Design()
    : m_adjacency(std::make_unique<DesignAdjacency>())
{ }

Design::~Design() = default;

Design::Design(const Design &other)
    : m_name(other.m_name)
    , m_nextId(other.m_nextId)
    , m_site(other.m_site)
    , m_rows(other.m_rows)
    , m_racks(other.m_racks)
    , m_devices(other.m_devices)
    , m_links(other.m_links)
    , m_fabrics(other.m_fabrics)
    , m_storageTiers(other.m_storageTiers)
    , m_scheduler(other.m_scheduler)
    , m_nccl(other.m_nccl)
    , m_workload(other.m_workload)
    , m_waivers(other.m_waivers)
    , m_severities(other.m_severities)
    , m_adjacency(std::make_unique<DesignAdjacency>(other.adjacency()))
{ }

Design::Design(Design &&other) noexcept = default;

Design &Design::operator=(const Design &other)
{
    if (this != &other) {
        Design copy(other);
        *this = std::move(copy);
    }
    return *this;
}

Design &Design::operator=(Design &&other) noexcept = default;

const DesignAdjacency &Design::adjacency() const
{
    // Only a moved-from design lacks one; it reads as empty.
    static const DesignAdjacency kEmpty;
    return m_adjacency ? *m_adjacency : kEmpty;
}

DesignAdjacency &Design::mutableAdjacency()
{
    if (!m_adjacency)
        m_adjacency = std::make_unique<DesignAdjacency>();
    return *m_adjacency;
}

ChangeSet Design::setName(std::string name)
{
    m_name = std::move(name);
    ChangeSet changes;
    changes.settingsChanged = true;
    return changes;
}

void Design::setNextId(std::uint64_t nextId)
{
    if (nextId <= maxUsedId())
        throw DesignIntegrityError("nextId " + std::to_string(nextId)
                                   + " does not exceed the largest id in use ("
                                   + std::to_string(maxUsedId()) + ")");
    m_nextId = nextId;
}

std::uint64_t Design::maxUsedId() const
{
    std::uint64_t maxId = 0;
    auto consider = [&maxId](const auto &table) {
        if (!table.empty())
            maxId = std::max(maxId, table.items().back().id.value);
    };
    consider(m_rows);
    consider(m_racks);
    consider(m_devices);
    consider(m_links);
    consider(m_fabrics);
    consider(m_storageTiers);
    return maxId;
}

bool Design::hasId(std::uint64_t id) const
{
    return m_rows.contains(RowId { id }) || m_racks.contains(RackId { id })
        || m_devices.contains(DeviceId { id }) || m_links.contains(LinkId { id })
        || m_fabrics.contains(FabricId { id }) || m_storageTiers.contains(StorageTierId { id });
}

void Design::claimId(std::uint64_t id, const char *what)
{
    if (id == 0)
        throw DesignIntegrityError(std::string(what) + " has no id (take one from newId())");
    // Every id in use is below m_nextId, so a new high id (the loader's and the generator's
    // usual case) needs none of hasId's six searches.
    if (id < m_nextId && hasId(id))
        throw DesignIntegrityError(idText(what, id) + " is already in use");
    if (id >= m_nextId)
        m_nextId = id + 1;
}

LinkId Design::linkAt(PortRef port) const
{
    return adjacency().linkAt(port);
}

const std::vector<DeviceId> &Design::devicesInRack(RackId rack) const
{
    return adjacency().devicesInRack(rack);
}

const std::vector<LinkId> &Design::linksOfDevice(DeviceId device) const
{
    return adjacency().linksOfDevice(device);
}

const std::vector<RackId> &Design::racksInRow(RowId row) const
{
    return adjacency().racksInRow(row);
}

ChangeSet Design::setSite(Site site)
{
    m_site = std::move(site);
    ChangeSet changes;
    changes.siteChanged = true;
    return changes;
}

ChangeSet Design::addRow(Row row)
{
    claimId(row.id.value, "row");
    ChangeSet changes;
    changes.added.push_back(EntityRef::of(row.id));
    m_rows.insert(std::move(row));
    return changes;
}

ChangeSet Design::updateRow(Row row)
{
    const RowId id = row.id; // read before the move
    mustFind(m_rows, id, "row") = std::move(row);
    ChangeSet changes;
    changes.modified.push_back(EntityRef::of(id));
    return changes;
}

ChangeSet Design::addRack(Rack rack)
{
    mustFind(m_rows, rack.row, "row");
    claimId(rack.id.value, "rack");
    ChangeSet changes;
    changes.added.push_back(EntityRef::of(rack.id));
    mutableAdjacency().addRack(rack);
    m_racks.insert(std::move(rack));
    return changes;
}

ChangeSet Design::updateRack(Rack rack)
{
    mustFind(m_rows, rack.row, "row");
    const RackId id = rack.id;
    Rack &current = mustFind(m_racks, id, "rack");
    if (current.row != rack.row) {
        mutableAdjacency().removeRack(current);
        mutableAdjacency().addRack(rack);
    }
    current = std::move(rack);
    ChangeSet changes;
    changes.modified.push_back(EntityRef::of(id));
    return changes;
}

ChangeSet Design::addDevice(Device device)
{
    mustFind(m_racks, device.rack, "rack");
    claimId(device.id.value, "device");
    ChangeSet changes;
    changes.added.push_back(EntityRef::of(device.id));
    mutableAdjacency().addDevice(device);
    m_devices.insert(std::move(device));
    return changes;
}

namespace {

constexpr std::uint64_t kNoId = std::numeric_limits<std::uint64_t>::max();

/// The first id of `devices` (in increasing id order) that `table` holds, or kNoId: the two
/// are walked side by side from the table's first id at or above the devices' first.
template<typename Table>
std::uint64_t firstIdIn(const Table &table, const std::vector<Device> &devices)
{
    auto entity = std::lower_bound(table.begin(), table.end(), devices.front().id.value,
                                   [](const auto &e, std::uint64_t id) { return e.id.value < id; });
    for (const Device &device : devices) {
        while (entity != table.end() && entity->id.value < device.id.value)
            ++entity;
        if (entity == table.end())
            return kNoId;
        if (entity->id.value == device.id.value)
            return device.id.value;
    }
    return kNoId;
}

} // namespace

void Design::addDevices(std::vector<Device> devices)
{
    if (devices.empty())
        return;
    auto byId = [](const Device &x, const Device &y) {
        return x.id < y.id;
    };
    if (!m_devices.empty()
        || std::adjacent_find(devices.begin(), devices.end(), std::not_fn(byId)) != devices.end()) {
        for (Device &device : devices)
            addDevice(std::move(device));
        return;
    }
    // A rack's devices come one after another in a file: one search per rack, not per device.
    const Rack *rack = nullptr;
    for (const Device &device : devices)
        if (!rack || rack->id != device.rack)
            rack = &mustFind(m_racks, device.rack, "rack");
    // In increasing order no device's id can repeat another's. The other tables are walked
    // once beside them, in id order, where claimId would search each table for each device
    // (a cache miss a step: the racks' ids sit among the devices' in a generated design).
    if (devices.front().id.value == 0)
        claimId(0, "device"); // its message
    const std::uint64_t taken = std::min(
        { firstIdIn(m_rows, devices), firstIdIn(m_racks, devices), firstIdIn(m_links, devices),
          firstIdIn(m_fabrics, devices), firstIdIn(m_storageTiers, devices) });
    if (taken != kNoId)
        throw DesignIntegrityError(idText("device", taken) + " is already in use");
    m_nextId = std::max(m_nextId, devices.back().id.value + 1);
    mutableAdjacency().addDevicesInIdOrder(devices);
    if (!m_devices.insertMany(std::move(devices)))
        throw DesignIntegrityError("a device id is repeated"); // not in increasing order
}

ChangeSet Design::updateDevice(Device device)
{
    mustFind(m_racks, device.rack, "rack");
    const DeviceId id = device.id;
    Device &current = mustFind(m_devices, id, "device");
    if (current.rack != device.rack)
        mutableAdjacency().moveDevice(current, device);
    current = std::move(device);
    ChangeSet changes;
    changes.modified.push_back(EntityRef::of(id));
    return changes;
}

void Design::checkLinkEnds(const Link &link, LinkId ignore) const
{
    if (!m_fabrics.contains(link.fabric))
        throw DesignIntegrityError("link " + std::to_string(link.id.value) + ": unknown "
                                   + idText("fabric", link.fabric.value));
    for (const PortRef &end : { link.a, link.b }) {
        // Every device has an adjacency entry: one hash lookup answers whether it exists and
        // which links hold its ports (a search of the device table cost a cache miss a step).
        const DesignAdjacency::DeviceLinks *device = adjacency().deviceLinks(end.device);
        if (!device)
            throw DesignIntegrityError("link " + std::to_string(link.id.value) + ": unknown "
                                       + idText("device", end.device.value));
        if (end.port < 0 || end.port > 0xffff)
            throw DesignIntegrityError("link " + std::to_string(link.id.value) + ": port index "
                                       + std::to_string(end.port) + " out of range");
        const LinkId used = device->ports.at(end.port);
        if (used.isValid() && used != ignore)
            throw DesignIntegrityError("link " + std::to_string(link.id.value) + ": port "
                                       + std::to_string(end.port) + " of device "
                                       + std::to_string(end.device.value)
                                       + " is already used by link " + std::to_string(used.value));
    }
    if (link.a == link.b)
        throw DesignIntegrityError("link " + std::to_string(link.id.value)
                                   + " connects a port to itself");
}

ChangeSet Design::addLink(Link link)
{
    checkLinkEnds(link, LinkId {});
    claimId(link.id.value, "link");
    mutableAdjacency().addLink(link);
    ChangeSet changes;
    changes.added.push_back(EntityRef::of(link.id));
    m_links.insert(link);
    return changes;
}

ChangeSet Design::addLinks(std::vector<Link> links)
{
    // A repeated id within the list: claimId below sees only the table.
    std::vector<LinkId> ids;
    ids.reserve(links.size());
    for (const Link &link : links)
        ids.push_back(link.id);
    std::sort(ids.begin(), ids.end());
    if (auto repeated = std::adjacent_find(ids.begin(), ids.end()); repeated != ids.end())
        throw DesignIntegrityError(idText("link", repeated->value) + " is already in use");
    const std::uint64_t nextIdBefore = m_nextId;
    std::size_t added = 0;
    try {
        for (const Link &link : links) {
            checkLinkEnds(link, LinkId {});
            claimId(link.id.value, "link");
            mutableAdjacency().addLink(link);
            ++added;
        }
    } catch (const DesignIntegrityError &) {
        for (std::size_t i = 0; i < added; ++i)
            mutableAdjacency().removeLink(links[i]);
        m_nextId = nextIdBefore;
        throw;
    }
    ChangeSet changes;
    changes.added.reserve(links.size());
    for (const Link &link : links)
        changes.added.push_back(EntityRef::of(link.id));
    m_links.insertMany(std::move(links)); // cannot fail: every id was checked unused
    return changes;
}

void Design::addCheckedLinks(std::vector<Link> links)
{
    if (links.empty())
        return;
    std::uint64_t maxId = 0;
    for (const Link &link : links)
        maxId = std::max(maxId, link.id.value);
    DesignAdjacency &adjacency = mutableAdjacency();
    if (m_links.empty()) {
        // The loader's case: the table takes the vector, then each device's lists fill in
        // id order (appends only).
        if (!m_links.insertMany(std::move(links)))
            throw DesignIntegrityError("a link id is repeated");
        adjacency.addLinksInIdOrder(m_links.items());
    } else {
        std::vector<LinkId> ids;
        ids.reserve(links.size());
        for (const Link &link : links)
            ids.push_back(link.id);
        if (!m_links.insertMany(std::move(links)))
            throw DesignIntegrityError("a link id is repeated or already in use");
        std::sort(ids.begin(), ids.end());
        for (LinkId id : ids)
            adjacency.addLink(*m_links.find(id));
    }
    m_nextId = std::max(m_nextId, maxId + 1);
}

ChangeSet Design::updateLink(Link link)
{
    Link &current = mustFind(m_links, link.id, "link");
    checkLinkEnds(link, link.id);
    mutableAdjacency().removeLink(current);
    mutableAdjacency().addLink(link);
    const LinkId id = link.id;
    current = link;
    ChangeSet changes;
    changes.modified.push_back(EntityRef::of(id));
    return changes;
}

ChangeSet Design::addFabric(Fabric fabric)
{
    claimId(fabric.id.value, "fabric");
    ChangeSet changes;
    changes.added.push_back(EntityRef::of(fabric.id));
    m_fabrics.insert(std::move(fabric));
    return changes;
}

ChangeSet Design::updateFabric(Fabric fabric)
{
    const FabricId id = fabric.id;
    mustFind(m_fabrics, id, "fabric") = std::move(fabric);
    ChangeSet changes;
    changes.modified.push_back(EntityRef::of(id));
    return changes;
}

ChangeSet Design::addStorageTier(StorageTier tier)
{
    if (tier.fabric.isValid())
        mustFind(m_fabrics, tier.fabric, "fabric");
    for (DeviceId member : tier.members)
        mustFind(m_devices, member, "device");
    claimId(tier.id.value, "storage tier");
    ChangeSet changes;
    changes.added.push_back(EntityRef::of(tier.id));
    m_storageTiers.insert(std::move(tier));
    return changes;
}

ChangeSet Design::updateStorageTier(StorageTier tier)
{
    if (tier.fabric.isValid())
        mustFind(m_fabrics, tier.fabric, "fabric");
    for (DeviceId member : tier.members)
        mustFind(m_devices, member, "device");
    const StorageTierId id = tier.id;
    mustFind(m_storageTiers, id, "storage tier") = std::move(tier);
    ChangeSet changes;
    changes.modified.push_back(EntityRef::of(id));
    return changes;
}

ChangeSet Design::removeLink(LinkId id)
{
    auto link = m_links.take(id);
    if (!link)
        throw DesignIntegrityError("unknown " + idText("link", id.value));
    mutableAdjacency().removeLink(*link);
    ChangeSet changes;
    changes.removed.push_back(EntityRef::of(id));
    return changes;
}

ChangeSet Design::setScheduler(SchedulerSettings settings)
{
    for (const Partition &partition : settings.partitions)
        for (DeviceId node : partition.nodes)
            mustFind(m_devices, node, "device");
    m_scheduler = std::move(settings);
    ChangeSet changes;
    changes.settingsChanged = true;
    return changes;
}

ChangeSet Design::setNccl(NcclSettings settings)
{
    m_nccl = std::move(settings);
    ChangeSet changes;
    changes.settingsChanged = true;
    return changes;
}

ChangeSet Design::setWorkload(Workload workload)
{
    m_workload = std::move(workload);
    ChangeSet changes;
    changes.settingsChanged = true;
    return changes;
}

ChangeSet Design::setWaivers(std::vector<Waiver> waivers)
{
    m_waivers = std::move(waivers);
    ChangeSet changes;
    changes.settingsChanged = true;
    return changes;
}

ChangeSet Design::setSeverityOverrides(std::map<std::string, std::string> severities)
{
    m_severities = std::move(severities);
    ChangeSet changes;
    changes.settingsChanged = true;
    return changes;
}

void Design::reserve(std::size_t devices, std::size_t links)
{
    m_devices.reserve(devices);
    m_links.reserve(links);
    mutableAdjacency().reserve(devices);
}

} // namespace cw

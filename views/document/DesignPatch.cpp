#include "views/document/DesignPatch.h"

#include "views/document/DesignRebuild.h"

#include <algorithm>
#include <array>
#include <span>
#include <utility>

namespace cw {

EntityRef refOf(const EntityValue &value)
{
    return std::visit([](const auto &entity) { return EntityRef::of(entity.id); }, value);
}

std::optional<EntityValue> valueOf(const Design &design, EntityRef ref)
{
    switch (ref.kind) {
    case EntityKind::Row:
        if (const Row *row = design.row(RowId { ref.id }))
            return EntityValue { *row };
        break;
    case EntityKind::Rack:
        if (const Rack *rack = design.rack(RackId { ref.id }))
            return EntityValue { *rack };
        break;
    case EntityKind::Device:
        if (const Device *device = design.device(DeviceId { ref.id }))
            return EntityValue { *device };
        break;
    case EntityKind::Link:
        if (const Link *link = design.link(LinkId { ref.id }))
            return EntityValue { *link };
        break;
    case EntityKind::Fabric:
        if (const Fabric *fabric = design.fabric(FabricId { ref.id }))
            return EntityValue { *fabric };
        break;
    case EntityKind::StorageTier:
        if (const StorageTier *tier = design.storageTier(StorageTierId { ref.id }))
            return EntityValue { *tier };
        break;
    }
    return std::nullopt;
}

bool exists(const Design &design, EntityRef ref)
{
    switch (ref.kind) {
    case EntityKind::Row:
        return design.row(RowId { ref.id }) != nullptr;
    case EntityKind::Rack:
        return design.rack(RackId { ref.id }) != nullptr;
    case EntityKind::Device:
        return design.device(DeviceId { ref.id }) != nullptr;
    case EntityKind::Link:
        return design.link(LinkId { ref.id }) != nullptr;
    case EntityKind::Fabric:
        return design.fabric(FabricId { ref.id }) != nullptr;
    case EntityKind::StorageTier:
        return design.storageTier(StorageTierId { ref.id }) != nullptr;
    }
    return false;
}

DesignSettings DesignSettings::of(const Design &design)
{
    return { design.name(),     design.scheduler(), design.nccl(),
             design.workload(), design.waivers(),   design.severityOverrides() };
}

DesignPatch::DesignPatch(const Design &design)
    : m_nextIdBefore(design.nextId())
    , m_nextIdAfter(design.nextId())
{ }

PatchEntry &DesignPatch::entryFor(const Design &design, EntityRef ref)
{
    // Ids are unique across kinds (one counter), so the id alone finds the entry.
    if (auto it = m_lookup.find(ref.id); it != m_lookup.end())
        return m_entries[promoteRemovedLink(it->second)];
    PatchEntry entry;
    entry.ref = ref;
    entry.before = valueOf(design, ref);
    entry.after = entry.before;
    m_lookup.emplace(ref.id, m_entries.size());
    m_entries.push_back(std::move(entry));
    return m_entries.back();
}

std::size_t DesignPatch::promoteRemovedLink(std::size_t index)
{
    if (!(index & kRemovedLink))
        return index;
    Link &link = m_removedLinks[index & ~kRemovedLink];
    PatchEntry &entry = m_entries.emplace_back();
    entry.ref = EntityRef::of(link.id);
    entry.before = EntityValue { std::move(link) };
    link.id = LinkId {}; // moved to the entry
    const std::size_t promoted = m_entries.size() - 1;
    m_lookup[entry.ref.id] = promoted;
    return promoted;
}

const PatchEntry *DesignPatch::entry(EntityRef ref) const
{
    auto it = m_lookup.find(ref.id);
    if (it == m_lookup.end() || (it->second & kRemovedLink) || m_entries[it->second].ref != ref)
        return nullptr;
    return &m_entries[it->second];
}

std::optional<EntityValue> DesignPatch::afterValue(const Design &design, EntityRef ref) const
{
    if (auto it = m_lookup.find(ref.id);
        it != m_lookup.end() && (it->second & kRemovedLink) && ref.kind == EntityKind::Link)
        return std::nullopt; // removed whole
    if (const PatchEntry *patched = entry(ref))
        return patched->after;
    return valueOf(design, ref);
}

void DesignPatch::put(const Design &design, const EntityValue &value)
{
    entryFor(design, refOf(value)).after = value;
    // An entity restored under an id beyond the counter keeps the counter ahead of it.
    m_nextIdAfter = std::max(m_nextIdAfter, refOf(value).id + 1);
}

void DesignPatch::setSettings(const Design &design, DesignSettings settings)
{
    if (!m_settingsBefore)
        m_settingsBefore = DesignSettings::of(design);
    m_settingsAfter = std::move(settings);
}

void DesignPatch::setSite(const Design &design, Site site)
{
    if (!m_siteBefore)
        m_siteBefore = design.site();
    m_siteAfter = std::move(site);
}

namespace {

/// Children of each parent id, laid out flat (compressed rows indexed by id: ids stay below
/// the design's id counter), so a mass delete does no hashing or allocation per entity.
class ChildTable
{
public:
    explicit ChildTable(std::uint64_t idLimit)
        : m_start(idLimit + 2, 0)
    { }
    void count(std::uint64_t parent) { ++m_start[parent + 2]; }
    void finishCounting()
    {
        for (std::size_t i = 2; i < m_start.size(); ++i)
            m_start[i] += m_start[i - 1];
        m_children.resize(m_start.back());
    }
    void add(std::uint64_t parent, EntityRef child) { m_children[m_start[parent + 1]++] = child; }
    std::span<const EntityRef> of(std::uint64_t parent) const
    {
        if (parent + 1 >= m_start.size())
            return {};
        return { m_children.data() + m_start[parent], m_children.data() + m_start[parent + 1] };
    }

private:
    std::vector<std::size_t> m_start;
    std::vector<EntityRef> m_children;
};

/// Parent -> children lookups for the cascades, built once per removal instead of a scan of
/// the whole design per removed entity (what made deleting 600 racks take 14 s).
struct CascadeIndex
{
    explicit CascadeIndex(const Design &design)
        : racksOfRow(design.nextId())
        , devicesOfRack(design.nextId())
        , linksOfDevice(design.nextId())
        , linksOfFabric(design.nextId())
    {
        // Two passes per table: count, then place (ChildTable's layout).
        for (int pass = 0; pass < 2; ++pass) {
            for (const Rack &rack : design.racks())
                pass == 0 ? racksOfRow.count(rack.row.value)
                          : racksOfRow.add(rack.row.value, EntityRef::of(rack.id));
            for (const Device &device : design.devices())
                pass == 0 ? devicesOfRack.count(device.rack.value)
                          : devicesOfRack.add(device.rack.value, EntityRef::of(device.id));
            for (const Link &link : design.links()) {
                const EntityRef ref = EntityRef::of(link.id);
                const bool loop = link.b.device == link.a.device;
                if (pass == 0) {
                    linksOfDevice.count(link.a.device.value);
                    if (!loop)
                        linksOfDevice.count(link.b.device.value);
                    linksOfFabric.count(link.fabric.value);
                } else {
                    linksOfDevice.add(link.a.device.value, ref);
                    if (!loop)
                        linksOfDevice.add(link.b.device.value, ref);
                    linksOfFabric.add(link.fabric.value, ref);
                }
            }
            if (pass == 0)
                for (ChildTable *table :
                     { &racksOfRow, &devicesOfRack, &linksOfDevice, &linksOfFabric })
                    table->finishCounting();
        }
    }

    ChildTable racksOfRow;
    ChildTable devicesOfRack;
    ChildTable linksOfDevice;
    ChildTable linksOfFabric;
};

} // namespace

void DesignPatch::remove(const Design &design, EntityRef ref)
{
    removeAll(design, { ref });
}

void DesignPatch::removeAll(const Design &design, const std::vector<EntityRef> &refs)
{
    const CascadeIndex index(design);
    std::unordered_set<std::uint64_t> devices;
    std::unordered_set<std::uint64_t> fabrics;
    // Cascades mirror Design::removeRow/Rack/Device/Fabric so that undo can put every piece
    // back under its own id. An explicit stack: a row holds thousands of links.
    std::vector<EntityRef> pending(refs.rbegin(), refs.rend());
    // Entities met for the first time are recorded after the walk, into storage reserved
    // once: growing the entry list one by one moved 10^5 entity values per doubling.
    // Links new to the patch go to m_removedLinks (most of a mass delete: a fifth of the
    // memory, and of the time spent faulting it in).
    const std::size_t firstFresh = m_entries.size();
    std::vector<EntityRef> fresh;
    std::vector<LinkId> freshLinks;
    while (!pending.empty()) {
        const EntityRef ref = pending.back();
        pending.pop_back();
        if (auto known = m_lookup.find(ref.id); known != m_lookup.end()) {
            // Met earlier in this walk, or a link this patch removed whole before.
            if (known->second >= firstFresh)
                continue;
            PatchEntry &target = m_entries[known->second];
            if (!target.after)
                continue; // already removed by this patch
            target.after.reset();
        } else {
            if (!exists(design, ref))
                continue;
            if (ref.kind == EntityKind::Link) {
                m_lookup.emplace(ref.id,
                                 kRemovedLink | (m_removedLinks.size() + freshLinks.size()));
                freshLinks.push_back(LinkId { ref.id });
            } else {
                m_lookup.emplace(ref.id, firstFresh + fresh.size());
                fresh.push_back(ref);
            }
        }
        std::span<const EntityRef> children;
        switch (ref.kind) {
        case EntityKind::Row:
            children = index.racksOfRow.of(ref.id);
            break;
        case EntityKind::Rack:
            children = index.devicesOfRack.of(ref.id);
            break;
        case EntityKind::Device:
            devices.insert(ref.id);
            children = index.linksOfDevice.of(ref.id);
            break;
        case EntityKind::Fabric:
            fabrics.insert(ref.id);
            children = index.linksOfFabric.of(ref.id);
            break;
        case EntityKind::Link:
        case EntityKind::StorageTier:
            break;
        }
        pending.insert(pending.end(), children.rbegin(), children.rend());
    }
    // The value before, nothing after (no copy made only to drop it).
    // Room for the storage tiers dropMemberships may add: growing past this would move
    // every recorded value again.
    m_entries.reserve(firstFresh + fresh.size() + design.storageTiers().size());
    for (const EntityRef &ref : fresh) {
        PatchEntry &entry = m_entries.emplace_back();
        entry.ref = ref;
        entry.before = valueOf(design, ref);
    }
    m_removedLinks.reserve(m_removedLinks.size() + freshLinks.size());
    for (LinkId id : freshLinks)
        m_removedLinks.push_back(*design.link(id));
    dropMemberships(design, devices, fabrics);
}

const StorageTier *DesignPatch::tierAfter(const Design &design, StorageTierId id) const
{
    if (const PatchEntry *patched = entry(EntityRef::of(id)))
        return patched->after ? &std::get<StorageTier>(*patched->after) : nullptr;
    return design.storageTier(id);
}

void DesignPatch::dropMemberships(const Design &design,
                                  const std::unordered_set<std::uint64_t> &devices,
                                  const std::unordered_set<std::uint64_t> &fabrics)
{
    if (devices.empty() && fabrics.empty())
        return;
    const auto removedDevice = [&devices](DeviceId id) {
        return devices.contains(id.value);
    };
    for (const StorageTier &tier : design.storageTiers()) {
        const StorageTier *current = tierAfter(design, tier.id);
        if (!current)
            continue;
        const bool loses
            = std::any_of(current->members.begin(), current->members.end(), removedDevice)
            || fabrics.contains(current->fabric.value);
        if (!loses)
            continue;
        StorageTier updated = *current;
        std::erase_if(updated.members, removedDevice);
        if (fabrics.contains(updated.fabric.value))
            updated.fabric = FabricId {};
        put(design, updated);
    }
    // Partitions: one pass, and the settings copied at most once per patch.
    const SchedulerSettings &scheduler
        = m_settingsAfter ? m_settingsAfter->scheduler : design.scheduler();
    const bool named = std::any_of(
        scheduler.partitions.begin(), scheduler.partitions.end(), [&](const Partition &partition) {
            return std::any_of(partition.nodes.begin(), partition.nodes.end(), removedDevice);
        });
    if (!named)
        return;
    if (!m_settingsAfter)
        setSettings(design, DesignSettings::of(design));
    for (Partition &partition : m_settingsAfter->scheduler.partitions)
        std::erase_if(partition.nodes, removedDevice);
}

bool DesignPatch::isEmpty() const
{
    return m_entries.empty() && m_removedLinks.empty() && !m_settingsAfter && !m_siteAfter;
}

bool DesignPatch::isNoop() const
{
    for (const PatchEntry &entry : m_entries)
        if (entry.before != entry.after)
            return false;
    for (const Link &link : m_removedLinks)
        if (link.id.isValid())
            return false;
    return m_settingsBefore == m_settingsAfter && m_siteBefore == m_siteAfter;
}

void DesignPatch::absorb(const DesignPatch &later)
{
    for (const PatchEntry &next : later.m_entries) {
        if (auto it = m_lookup.find(next.ref.id); it != m_lookup.end()) {
            m_entries[promoteRemovedLink(it->second)].after = next.after;
        } else {
            m_lookup.emplace(next.ref.id, m_entries.size());
            m_entries.push_back(next);
        }
    }
    for (const Link &link : later.m_removedLinks) {
        if (!link.id.isValid())
            continue;
        if (auto it = m_lookup.find(link.id.value); it == m_lookup.end()) {
            m_lookup.emplace(link.id.value, kRemovedLink | m_removedLinks.size());
            m_removedLinks.push_back(link);
        } else if (!(it->second & kRemovedLink)) {
            m_entries[it->second].after.reset();
        } // else removed by both: cannot be, the later patch starts where this one ends
    }
    if (later.m_settingsAfter) {
        if (!m_settingsBefore)
            m_settingsBefore = later.m_settingsBefore;
        m_settingsAfter = later.m_settingsAfter;
    }
    if (later.m_siteAfter) {
        if (!m_siteBefore)
            m_siteBefore = later.m_siteBefore;
        m_siteAfter = later.m_siteAfter;
    }
    m_nextIdAfter = later.m_nextIdAfter;
}

namespace {

/// Above this many additions and removals an edit is applied in batches (applyBatched) or
/// rebuilds the design's tables in one pass (DesignRebuild.h) instead of paying a vector
/// insert or erase per entity.
constexpr std::ptrdiff_t kBulkEdit = 32;

constexpr std::size_t kKindCount = 6; ///< EntityKind's values, Row to StorageTier

/// Order in which kinds are added (parents first); removal runs it backwards.
constexpr EntityKind kAddOrder[]
    = { EntityKind::Row,    EntityKind::Fabric, EntityKind::Rack,
        EntityKind::Device, EntityKind::Link,   EntityKind::StorageTier };

void addEntity(Design &design, const EntityValue &value)
{
    std::visit(
        [&design](const auto &entity) {
            using T = std::decay_t<decltype(entity)>;
            if constexpr (std::is_same_v<T, Row>)
                design.addRow(entity);
            else if constexpr (std::is_same_v<T, Rack>)
                design.addRack(entity);
            else if constexpr (std::is_same_v<T, Device>)
                design.addDevice(entity);
            else if constexpr (std::is_same_v<T, Link>)
                design.addLink(entity);
            else if constexpr (std::is_same_v<T, Fabric>)
                design.addFabric(entity);
            else
                design.addStorageTier(entity);
        },
        value);
}

void updateEntity(Design &design, const EntityValue &value)
{
    std::visit(
        [&design](const auto &entity) {
            using T = std::decay_t<decltype(entity)>;
            if constexpr (std::is_same_v<T, Row>)
                design.updateRow(entity);
            else if constexpr (std::is_same_v<T, Rack>)
                design.updateRack(entity);
            else if constexpr (std::is_same_v<T, Device>)
                design.updateDevice(entity);
            else if constexpr (std::is_same_v<T, Link>)
                design.updateLink(entity);
            else if constexpr (std::is_same_v<T, Fabric>)
                design.updateFabric(entity);
            else
                design.updateStorageTier(entity);
        },
        value);
}

void removeEntity(Design &design, EntityRef ref)
{
    // Cascaded pieces are in the patch too and were removed first, so these remove one thing.
    switch (ref.kind) {
    case EntityKind::Row:
        design.removeRow(RowId { ref.id });
        break;
    case EntityKind::Rack:
        design.removeRack(RackId { ref.id });
        break;
    case EntityKind::Device:
        design.removeDevice(DeviceId { ref.id });
        break;
    case EntityKind::Link:
        design.removeLink(LinkId { ref.id });
        break;
    case EntityKind::Fabric:
        design.removeFabric(FabricId { ref.id });
        break;
    case EntityKind::StorageTier:
        design.removeStorageTier(StorageTierId { ref.id });
        break;
    }
}

} // namespace

namespace {

enum class Op { Remove, Update, Add };

/// One thing applying does: the entity's final value is `to` (an entry's) or `link` (a link
/// removed whole, put back), neither for a removal.
struct Step
{
    Op op;
    EntityRef ref;
    const EntityValue *to = nullptr;
    const Link *link = nullptr;
};
using Steps = std::vector<Step>;

const std::optional<EntityValue> &fromOf(const PatchEntry &e, bool forward)
{
    return forward ? e.before : e.after;
}

const std::optional<EntityValue> &toOf(const PatchEntry &e, bool forward)
{
    return forward ? e.after : e.before;
}

/// What applying does, in the order Design's mutators need.
Steps planSteps(const std::vector<PatchEntry> &entries, const std::vector<Link> &removedLinks,
                bool forward)
{
    Steps steps;
    steps.reserve(entries.size() + removedLinks.size());
    // The entries of each kind, found in one pass (a mass delete has 10^5 entries; a pass
    // per kind and operation was a visible part of deleting every rack).
    std::array<std::vector<const PatchEntry *>, kKindCount> ofKind;
    for (const PatchEntry &e : entries)
        ofKind[static_cast<std::size_t>(e.ref.kind)].push_back(&e);
    const auto plan = [&](EntityKind kind, Op op) {
        for (const PatchEntry *e : ofKind[static_cast<std::size_t>(kind)]) {
            const auto &from = fromOf(*e, forward);
            const auto &to = toOf(*e, forward);
            const bool matches = op == Op::Remove ? from && !to
                : op == Op::Add                   ? !from && to
                                                  : from && to && *from != *to;
            if (matches)
                steps.push_back({ op, e->ref, to ? &*to : nullptr, nullptr });
        }
        // Links removed whole: removed forward, added back in reverse.
        if (kind == EntityKind::Link && op == (forward ? Op::Remove : Op::Add))
            for (const Link &link : removedLinks)
                if (link.id.isValid())
                    steps.push_back(
                        { op, EntityRef::of(link.id), nullptr, forward ? nullptr : &link });
    };
    // Removals, children first: links, tiers, devices, racks, rows, fabrics.
    for (auto kind = std::rbegin(kAddOrder); kind != std::rend(kAddOrder); ++kind)
        plan(*kind, Op::Remove);
    // Additions and modifications, parents first. A link is modified before links are added
    // so that a port it frees can be taken by a new link; tiers come last (they name devices).
    for (EntityKind kind : kAddOrder) {
        const bool updateFirst = kind == EntityKind::Link || kind == EntityKind::StorageTier;
        if (updateFirst)
            plan(kind, Op::Update);
        plan(kind, Op::Add);
        if (!updateFirst)
            plan(kind, Op::Update);
    }
    return steps;
}

bool isBulkPlan(const Steps &steps)
{
    const auto structural = std::count_if(steps.begin(), steps.end(),
                                          [](const Step &step) { return step.op != Op::Update; });
    return structural > kBulkEdit;
}

/// Whether a bulk plan can be applied in batches (applyBatched) rather than by rebuilding the
/// whole design: its removals and its links take one pass over each table whatever their
/// number, but every other entity added is an insert into its table, so only a few may be.
/// Deleting a rack (a handful of devices, hundreds of links) and undoing it is batched; a
/// mass delete's undo (thousands of devices) rebuilds.
bool isBatchable(const Steps &steps)
{
    const auto inserts = std::count_if(steps.begin(), steps.end(), [](const Step &step) {
        return step.op == Op::Add && step.ref.kind != EntityKind::Link;
    });
    return inserts <= kBulkEdit;
}

/// Applies a plan with one Design::removeMany for every removal and one Design::addLinks per
/// run of added links, the other steps one mutator each, in the plan's order: what the
/// mutators one at a time give (Design documents both batch calls so), at O(table) per table
/// instead of per entity, and without rebuilding the tables the edit does not touch.
void applyBatched(Design &design, const Steps &steps)
{
    std::vector<EntityRef> removals;
    for (const Step &step : steps)
        if (step.op == Op::Remove)
            removals.push_back(step.ref);
    if (!removals.empty())
        design.removeMany(removals);
    std::vector<Link> links;
    const auto flushLinks = [&design, &links] {
        if (!links.empty())
            design.addLinks(std::exchange(links, {}));
    };
    for (const Step &step : steps) {
        if (step.op == Op::Remove)
            continue;
        if (step.op == Op::Add && step.ref.kind == EntityKind::Link) {
            links.push_back(step.link ? *step.link : std::get<Link>(*step.to));
            continue;
        }
        flushLinks();
        if (step.op == Op::Add)
            addEntity(design, *step.to);
        else
            updateEntity(design, *step.to);
    }
    flushLinks();
}

ChangeSet entityChanges(const Steps &steps)
{
    ChangeSet changes;
    for (const Step &step : steps)
        (step.op == Op::Remove    ? changes.removed
             : step.op == Op::Add ? changes.added
                                  : changes.modified)
            .push_back(step.ref);
    return changes;
}

} // namespace

bool DesignPatch::isBulk() const
{
    // Removals one way are additions the other: the count is the same both ways.
    const auto structural
        = std::count_if(m_entries.begin(), m_entries.end(), [](const PatchEntry &e) {
              return e.before.has_value() != e.after.has_value();
          });
    const auto wholeLinks = std::count_if(m_removedLinks.begin(), m_removedLinks.end(),
                                          [](const Link &link) { return link.id.isValid(); });
    return structural + wholeLinks > kBulkEdit;
}

ChangeSet DesignPatch::changeSet(bool forward) const
{
    ChangeSet changes = entityChanges(planSteps(m_entries, m_removedLinks, forward));
    // As apply() decides.
    const auto &settings = forward ? m_settingsAfter : m_settingsBefore;
    changes.settingsChanged = settings && m_settingsBefore != m_settingsAfter;
    const auto &site = forward ? m_siteAfter : m_siteBefore;
    changes.siteChanged = site && m_siteBefore != m_siteAfter;
    return changes;
}

ChangeSet DesignPatch::apply(Design &design, bool forward) const
{
    return apply(design, forward, nullptr);
}

ChangeSet DesignPatch::apply(Design &design, bool forward, std::unique_ptr<Design> *keep) const
{
    const Steps steps = planSteps(m_entries, m_removedLinks, forward);
    if (keep)
        keep->reset();
    if (isBulkPlan(steps) && isBatchable(steps)) {
        applyBatched(design, steps);
    } else if (isBulkPlan(steps)) {
        FinalValues finals;
        finals.reserve(steps.size());
        for (const Step &step : steps)
            finals.push_back({ step.ref, step.to, step.link });
        rebuildDesign(design, finals, keep);
    } else {
        for (const Step &step : steps) {
            if (step.op == Op::Remove)
                removeEntity(design, step.ref);
            else if (step.link)
                design.addLink(*step.link);
            else if (step.op == Op::Add)
                addEntity(design, *step.to);
            else
                updateEntity(design, *step.to);
        }
    }
    ChangeSet changes = entityChanges(steps);
    const auto &settings = forward ? m_settingsAfter : m_settingsBefore;
    if (settings && m_settingsBefore != m_settingsAfter) {
        design.setName(settings->name);
        design.setScheduler(settings->scheduler);
        design.setNccl(settings->nccl);
        design.setWorkload(settings->workload);
        design.setWaivers(settings->waivers);
        design.setSeverityOverrides(settings->severities);
        changes.settingsChanged = true;
    }
    const auto &site = forward ? m_siteAfter : m_siteBefore;
    if (site && m_siteBefore != m_siteAfter) {
        design.setSite(*site);
        changes.siteChanged = true;
    }
    const std::uint64_t nextId = forward ? m_nextIdAfter : m_nextIdBefore;
    if (nextId > design.maxUsedId())
        design.setNextId(nextId);
    return changes;
}

} // namespace cw

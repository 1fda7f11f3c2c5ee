// Design's batch edits against independent oracles on random designs: removeMany (and the
// removeRow/Rack/Device/Fabric built on it, which erase each table in one pass) must leave
// exactly the design that adding everything not removed to an empty design builds; addLinks
// and addCheckedLinks exactly what addLink one by one builds; EntityTable's insertMany and
// eraseIds exactly what a std::map of the same ids holds.

#include "model/core/Design.h"
#include "model/core/DesignAdjacency.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <random>
#include <set>

using namespace cw;

namespace {

constexpr int kPorts = 16;

/// A random design: two fabrics, rows of racks of devices, links between free ports (the
/// same device's two ports now and then), a storage tier of some devices on a fabric, a
/// partition of others, cable names from a short list (empty too).
class RandomDesign
{
public:
    explicit RandomDesign(unsigned seed)
        : m_random(seed)
    { }

    Design make()
    {
        Design design;
        for (const char *name : { "compute", "storage" }) {
            Fabric fabric;
            fabric.id = design.newId<FabricId>();
            fabric.name = name;
            design.addFabric(fabric);
        }
        const int rows = 1 + pick(3);
        for (int r = 0; r < rows; ++r) {
            Row row { design.newId<RowId>(), "R" + std::to_string(r), r, 0, {} };
            design.addRow(row);
            const int racks = 1 + pick(4);
            for (int k = 0; k < racks; ++k) {
                Rack rack;
                rack.id = design.newId<RackId>();
                rack.name = "K" + std::to_string(rack.id.value);
                rack.row = row.id;
                design.addRack(rack);
                const int devices = pick(5);
                for (int d = 0; d < devices; ++d) {
                    Device device;
                    device.id = design.newId<DeviceId>();
                    device.name = "d" + std::to_string(device.id.value);
                    device.rack = rack.id;
                    design.addDevice(device);
                }
            }
        }
        addRandomLinks(design, 3 * static_cast<int>(design.devices().size()));
        addTierAndPartition(design);
        return design;
    }

    /// Up to `count` random links between free ports, each added with addLink.
    void addRandomLinks(Design &design, int count)
    {
        for (const Link &link : randomLinks(design, count))
            design.addLink(link);
    }

    /// Up to `count` links between ports free in `design` and not used by each other.
    std::vector<Link> randomLinks(const Design &design, int count)
    {
        std::vector<Link> links;
        if (design.devices().empty())
            return links;
        std::set<PortRef> used;
        std::uint64_t nextId = design.nextId();
        static const char *const kCables[] = { "", "dac-400g-qsfpdd", "aoc-ndr-800g" };
        for (int i = 0; i < count; ++i) {
            const PortRef a = randomPort(design);
            const PortRef b = randomPort(design);
            if (a == b || design.linkAt(a).isValid() || design.linkAt(b).isValid()
                || used.contains(a) || used.contains(b))
                continue;
            used.insert(a);
            used.insert(b);
            const FabricId fabric = design.fabrics().items()[pick(2)].id;
            links.push_back(Link { LinkId { nextId++ }, fabric, a, b, kCables[pick(3)],
                                   static_cast<double>(1 + pick(30)) });
        }
        return links;
    }

    /// Some entities to remove at once: 1-4 of any kind, a repeat or a child of an earlier
    /// one now and then (removeMany skips what is already gone).
    std::vector<EntityRef> randomRefs(const Design &design)
    {
        std::vector<EntityRef> refs;
        const int count = 1 + pick(4);
        for (int i = 0; i < count; ++i) {
            switch (pick(6)) {
            case 0:
                addRef(refs, design.rows());
                break;
            case 1:
            case 2:
                addRef(refs, design.racks());
                break;
            case 3:
                addRef(refs, design.devices());
                break;
            case 4:
                addRef(refs, design.links());
                break;
            default:
                if (pick(4) == 0)
                    addRef(refs, design.fabrics());
                else
                    addRef(refs, design.storageTiers());
                break;
            }
        }
        return refs;
    }

    int pick(int count) { return std::uniform_int_distribution<int>(0, count - 1)(m_random); }

private:
    PortRef randomPort(const Design &design)
    {
        const auto &devices = design.devices().items();
        return { devices[static_cast<std::size_t>(pick(static_cast<int>(devices.size())))].id,
                 pick(kPorts) };
    }

    template<typename Table>
    void addRef(std::vector<EntityRef> &refs, const Table &table)
    {
        if (!table.empty())
            refs.push_back(EntityRef::of(
                table.items()[static_cast<std::size_t>(pick(static_cast<int>(table.size())))].id));
    }

    void addTierAndPartition(Design &design)
    {
        StorageTier tier;
        tier.id = design.newId<StorageTierId>();
        tier.name = "lustre";
        tier.fabric = design.fabrics().items()[1].id;
        SchedulerSettings scheduler;
        Partition partition { "gpu", {}, true, "INFINITE" };
        for (const Device &device : design.devices())
            (pick(3) == 0 ? tier.members : partition.nodes).push_back(device.id);
        design.addStorageTier(tier);
        scheduler.partitions.push_back(partition);
        design.setScheduler(scheduler);
    }

    std::mt19937 m_random;
};

/// What removing `refs` from `design` must take out, worked out from the tables alone (not
/// from the adjacency the removal uses): rows take their racks, racks their devices, devices
/// and fabrics their links.
std::set<EntityRef> cascadeOf(const Design &design, const std::vector<EntityRef> &refs)
{
    std::set<EntityRef> gone(refs.begin(), refs.end());
    for (const Rack &rack : design.racks())
        if (gone.contains(EntityRef::of(rack.row)))
            gone.insert(EntityRef::of(rack.id));
    for (const Device &device : design.devices())
        if (gone.contains(EntityRef::of(device.rack)))
            gone.insert(EntityRef::of(device.id));
    for (const Link &link : design.links())
        if (gone.contains(EntityRef::of(link.a.device))
            || gone.contains(EntityRef::of(link.b.device))
            || gone.contains(EntityRef::of(link.fabric)))
            gone.insert(EntityRef::of(link.id));
    return gone;
}

/// The design without `gone`, built by adding what stays to an empty design in id order.
Design rebuiltWithout(const Design &design, const std::set<EntityRef> &gone)
{
    Design fresh;
    auto stays = [&gone](auto id) {
        return !gone.contains(EntityRef::of(id));
    };
    for (const Fabric &fabric : design.fabrics())
        if (stays(fabric.id))
            fresh.addFabric(fabric);
    for (const Row &row : design.rows())
        if (stays(row.id))
            fresh.addRow(row);
    for (const Rack &rack : design.racks())
        if (stays(rack.id))
            fresh.addRack(rack);
    for (const Device &device : design.devices())
        if (stays(device.id))
            fresh.addDevice(device);
    for (const Link &link : design.links())
        if (stays(link.id))
            fresh.addLink(link);
    for (StorageTier tier : design.storageTiers()) {
        if (!stays(tier.id))
            continue;
        std::erase_if(tier.members, [&](DeviceId id) { return !stays(id); });
        if (!stays(tier.fabric))
            tier.fabric = FabricId {};
        fresh.addStorageTier(tier);
    }
    SchedulerSettings scheduler = design.scheduler();
    for (Partition &partition : scheduler.partitions)
        std::erase_if(partition.nodes, [&](DeviceId id) { return !stays(id); });
    fresh.setScheduler(scheduler);
    fresh.setNextId(design.nextId());
    return fresh;
}

/// The first difference between two designs' tables, adjacency, scheduler and next id.
QString difference(const Design &x, const Design &y)
{
    if (x.rows().items() != y.rows().items())
        return "rows";
    if (x.racks().items() != y.racks().items())
        return "racks";
    if (x.devices().items() != y.devices().items())
        return "devices";
    if (x.links().items() != y.links().items())
        return "links";
    if (x.fabrics().items() != y.fabrics().items())
        return "fabrics";
    if (x.storageTiers().items() != y.storageTiers().items())
        return "storage tiers";
    if (!(x.scheduler() == y.scheduler()))
        return "scheduler";
    if (!(x.adjacency() == y.adjacency()))
        return "adjacency";
    for (const Row &row : x.rows())
        if (x.racksInRow(row.id) != y.racksInRow(row.id))
            return "racks of a row";
    for (const Rack &rack : x.racks())
        if (x.devicesInRack(rack.id) != y.devicesInRack(rack.id))
            return "devices of a rack";
    if (x.nextId() != y.nextId())
        return "next id";
    return {};
}

/// The removal one entity at a time: each ref still in the design through its own remove*.
ChangeSet removeOneByOne(Design &design, const std::vector<EntityRef> &refs)
{
    ChangeSet changes;
    for (const EntityRef &ref : refs) {
        switch (ref.kind) {
        case EntityKind::Row:
            if (design.row(RowId { ref.id }))
                changes.merge(design.removeRow(RowId { ref.id }));
            break;
        case EntityKind::Rack:
            if (design.rack(RackId { ref.id }))
                changes.merge(design.removeRack(RackId { ref.id }));
            break;
        case EntityKind::Device:
            if (design.device(DeviceId { ref.id }))
                changes.merge(design.removeDevice(DeviceId { ref.id }));
            break;
        case EntityKind::Link:
            if (design.link(LinkId { ref.id }))
                changes.merge(design.removeLink(LinkId { ref.id }));
            break;
        case EntityKind::Fabric:
            if (design.fabric(FabricId { ref.id }))
                changes.merge(design.removeFabric(FabricId { ref.id }));
            break;
        case EntityKind::StorageTier:
            if (design.storageTier(StorageTierId { ref.id }))
                changes.merge(design.removeStorageTier(StorageTierId { ref.id }));
            break;
        }
    }
    return changes;
}

} // namespace

class TestBatchEdits : public QObject
{
    Q_OBJECT

private slots:
    void batchRemovalEqualsTheDesignRebuiltWithoutIt()
    {
        int removedSomething = 0;
        for (unsigned seed = 1; seed <= 300; ++seed) {
            RandomDesign random(seed);
            const Design original = random.make();
            const std::vector<EntityRef> refs = random.randomRefs(original);
            const std::set<EntityRef> gone = cascadeOf(original, refs);
            const Design expected = rebuiltWithout(original, gone);

            Design batch = original;
            const ChangeSet changes = batch.removeMany(refs);
            const QString wrong = difference(batch, expected);
            if (!wrong.isEmpty())
                QFAIL(qPrintable(QString("seed %1: %2 differ").arg(seed).arg(wrong)));
            // The ChangeSet names each removed entity once, and nothing else.
            const std::set<EntityRef> listed(changes.removed.begin(), changes.removed.end());
            QCOMPARE(listed.size(), changes.removed.size());
            QVERIFY2(listed == gone, qPrintable(QString("seed %1").arg(seed)));

            // One call per ref gives the same design and the same ChangeSet, in order.
            Design single = original;
            const ChangeSet one = removeOneByOne(single, refs);
            QCOMPARE(difference(single, expected), QString());
            QVERIFY(one.removed == changes.removed);
            QVERIFY(one.modified == changes.modified);
            QCOMPARE(one.settingsChanged, changes.settingsChanged);
            removedSomething += gone.size() > 1 ? 1 : 0;
        }
        QVERIFY(removedSomething > 100); // cascades were exercised, not only single links
    }

    void batchRemovalOfAnUnknownIdChangesNothing()
    {
        RandomDesign random(11);
        Design design = random.make();
        const Design before = design;
        const RackId rack = design.racks().items().front().id;
        QVERIFY_THROWS_EXCEPTION(
            DesignIntegrityError,
            design.removeMany({ EntityRef::of(rack), EntityRef::of(DeviceId { 999999 }) }));
        QCOMPARE(difference(design, before), QString());
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, design.removeRack(RackId { 999999 }));
        QCOMPARE(difference(design, before), QString());
    }

    void addLinksEqualsAddLinkOneByOne()
    {
        for (unsigned seed = 1; seed <= 100; ++seed) {
            RandomDesign random(1000 + seed);
            const Design base = random.make();
            std::vector<Link> links = random.randomLinks(base, 40);
            // Out of id order as an undo may bring them.
            std::reverse(links.begin(), links.end());
            Design one = base;
            for (const Link &link : links)
                one.addLink(link);
            Design many = base;
            const ChangeSet changes = many.addLinks(links);
            QCOMPARE(difference(many, one), QString());
            QCOMPARE(changes.added.size(), links.size());
            Design checked = base;
            checked.addCheckedLinks(links);
            QCOMPARE(difference(checked, one), QString());
        }
    }

    void addLinksRefusesAsAddLinkAndChangesNothing()
    {
        RandomDesign random(77);
        const Design base = random.make();
        std::vector<Link> links = random.randomLinks(base, 40);
        QVERIFY(links.size() >= 4);
        // The third link takes the first one's a port: addLink would refuse it there.
        std::vector<Link> clash = links;
        clash[2].a = clash[0].a;
        Design design = base;
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, design.addLinks(clash));
        QCOMPARE(difference(design, base), QString());
        // A repeated id, an unknown fabric, a port beyond 65,535.
        std::vector<Link> repeated = links;
        repeated[3].id = repeated[1].id;
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, design.addLinks(repeated));
        std::vector<Link> unknown = links;
        unknown.back().fabric = FabricId { 424242 };
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, design.addLinks(unknown));
        std::vector<Link> far = links;
        far[1].b.port = 70000;
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, design.addLinks(far));
        QCOMPARE(difference(design, base), QString());
        // The ids the refused calls looked at are still free.
        design.addLinks(links);
        QCOMPARE(design.links().size(), base.links().size() + links.size());
    }

    void checkedLinksIntoAnEmptyTableAreAdopted()
    {
        // The loader's case: every link at once into a design without links, in id order.
        RandomDesign random(5);
        Design withLinks = random.make();
        Design bare = withLinks;
        for (const Link &link : withLinks.links().items())
            bare.removeLink(link.id);
        bare.addCheckedLinks(withLinks.links().items());
        QCOMPARE(difference(bare, withLinks), QString());
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError,
                                 bare.addCheckedLinks({ withLinks.links().items().front() }));
    }

    void tableBatchEditsMatchAMap()
    {
        std::mt19937 random(3);
        auto below = [&random](std::uint64_t n) {
            return std::uniform_int_distribution<std::uint64_t>(1, n)(random);
        };
        for (int round = 0; round < 200; ++round) {
            EntityTable<Fabric> table;
            std::map<std::uint64_t, std::string> model;
            for (int step = 0; step < 6; ++step) {
                std::vector<Fabric> batch;
                std::set<std::uint64_t> ids;
                const std::uint64_t count = below(40);
                for (std::uint64_t i = 0; i < count; ++i)
                    ids.insert(below(300));
                bool fresh = true;
                for (std::uint64_t id : ids) {
                    Fabric fabric;
                    fabric.id = FabricId { id };
                    fabric.name = "f" + std::to_string(id) + "-" + std::to_string(step);
                    batch.push_back(fabric);
                    fresh = fresh && !model.contains(id);
                }
                std::shuffle(batch.begin(), batch.end(), random);
                QCOMPARE(table.insertMany(batch), fresh); // all or nothing
                if (fresh)
                    for (const Fabric &fabric : batch)
                        model[fabric.id.value] = fabric.name;
                std::vector<FabricId> erase;
                for (std::uint64_t id = below(20); id <= 300; id += below(25))
                    erase.push_back(FabricId { id });
                std::size_t present = 0;
                for (FabricId id : erase)
                    present += model.erase(id.value);
                QCOMPARE(table.eraseIds(erase), present);
                QCOMPARE(table.size(), model.size());
                auto it = model.begin();
                for (const Fabric &fabric : table) {
                    QCOMPARE(fabric.id.value, it->first);
                    QCOMPARE(fabric.name, it->second);
                    ++it;
                }
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestBatchEdits)
#include "tst_batch_edits.moc"

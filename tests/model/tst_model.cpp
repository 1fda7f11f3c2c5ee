// Design aggregate: ids, integrity checks, change sets, cascading removal.

#include "model/core/Design.h"

#include <QtTest>

#include <random>
#include <set>

using namespace cw;

namespace {

struct Fixture
{
    Design design;
    RowId row;
    RackId rack;
    DeviceId nodeA;
    DeviceId nodeB;
    FabricId fabric;
    LinkId link;

    Fixture()
    {
        row = design.newId<RowId>();
        design.addRow(Row { row, "R1", 0, 0, "" });
        rack = design.newId<RackId>();
        design.addRack(Rack { rack, "A01", "rack-42u-air", row, 0, {} });
        nodeA = design.newId<DeviceId>();
        design.addDevice(Device {
            nodeA, "gpu001", "dgx-h100", rack, 1, Face::Front, DeviceRole::Compute, -1, {} });
        nodeB = design.newId<DeviceId>();
        design.addDevice(
            Device { nodeB, "leaf01", "qm9700", rack, 33, Face::Rear, DeviceRole::Switch, 0, {} });
        fabric = design.newId<FabricId>();
        Fabric f;
        f.id = fabric;
        f.name = "compute";
        design.addFabric(f);
        link = design.newId<LinkId>();
        design.addLink(Link { link, fabric, PortRef { nodeA, 0 }, PortRef { nodeB, 5 }, "", 2.0 });
    }
};

} // namespace

class TestModel : public QObject
{
    Q_OBJECT

private slots:
    void idsAreUniqueAcrossKindsAndIncreasing()
    {
        Fixture f;
        // Ids 1..6 were handed out in order, one counter for all kinds.
        QCOMPARE(f.row.value, 1u);
        QCOMPARE(f.rack.value, 2u);
        QCOMPARE(f.nodeA.value, 3u);
        QCOMPARE(f.link.value, 6u);
        QCOMPARE(f.design.nextId(), 7u);
        QCOMPARE(f.design.maxUsedId(), 6u);
        QVERIFY(f.design.hasId(4));
        QVERIFY(!f.design.hasId(7));
    }

    void addReportsChangeSet()
    {
        Design design;
        const RowId row = design.newId<RowId>();
        const ChangeSet changes = design.addRow(Row { row, "R1", 0, 0, "" });
        QCOMPARE(changes.added.size(), std::size_t(1));
        QVERIFY(changes.added[0].kind == EntityKind::Row);
        QCOMPARE(changes.added[0].id, row.value);
        QVERIFY(changes.removed.empty());
        QVERIFY(!changes.isEmpty());
    }

    void reusedIdIsRefused()
    {
        Fixture f;
        // A rack may not take the id of a device: ids are unique across kinds.
        QVERIFY_THROWS_EXCEPTION(
            DesignIntegrityError,
            f.design.addRack(Rack { RackId { f.nodeA.value }, "X", "rack-42u-air", f.row, 1, {} }));
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError,
                                 f.design.addRow(Row { RowId { 0 }, "no id", 0, 0, "" }));
    }

    void danglingReferencesAreRefused()
    {
        Fixture f;
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError,
                                 f.design.addDevice(Device { f.design.newId<DeviceId>(),
                                                             "x",
                                                             "dgx-h100",
                                                             RackId { 999 },
                                                             1,
                                                             Face::Front,
                                                             DeviceRole::Compute,
                                                             -1,
                                                             {} }));
        QVERIFY_THROWS_EXCEPTION(
            DesignIntegrityError,
            f.design.addLink(Link { f.design.newId<LinkId>(), f.fabric, PortRef { f.nodeA, 1 },
                                    PortRef { DeviceId { 999 }, 0 }, "", 1 }));
    }

    void portUsedTwiceIsRefused()
    {
        Fixture f;
        QCOMPARE(f.design.linkAt(PortRef { f.nodeA, 0 }), f.link);
        QCOMPARE(f.design.linkAt(PortRef { f.nodeB, 5 }), f.link);
        QVERIFY(!f.design.linkAt(PortRef { f.nodeA, 1 }).isValid());
        QVERIFY_THROWS_EXCEPTION(
            DesignIntegrityError,
            f.design.addLink(Link { f.design.newId<LinkId>(), f.fabric, PortRef { f.nodeA, 0 },
                                    PortRef { f.nodeB, 6 }, "", 1 }));
        QVERIFY_THROWS_EXCEPTION(
            DesignIntegrityError,
            f.design.addLink(Link { f.design.newId<LinkId>(), f.fabric, PortRef { f.nodeA, 3 },
                                    PortRef { f.nodeA, 3 }, "", 1 }));
    }

    void updateLinkMovesPortIndex()
    {
        Fixture f;
        Link moved = *f.design.link(f.link);
        moved.b.port = 7;
        const ChangeSet changes = f.design.updateLink(moved);
        QCOMPARE(changes.modified.size(), std::size_t(1));
        QVERIFY(!f.design.linkAt(PortRef { f.nodeB, 5 }).isValid());
        QCOMPARE(f.design.linkAt(PortRef { f.nodeB, 7 }), f.link);
    }

    void removeRackCascadesAndUndoRestoresIds()
    {
        Fixture f;
        StorageTier tier;
        tier.id = f.design.newId<StorageTierId>();
        tier.name = "scratch";
        tier.members = { f.nodeA };
        f.design.addStorageTier(tier);
        SchedulerSettings scheduler;
        scheduler.partitions.push_back(Partition { "gpu", { f.nodeA }, true, "INFINITE" });
        f.design.setScheduler(scheduler);

        // Snapshot what an undo command would hold.
        const Rack rack = *f.design.rack(f.rack);
        const Device a = *f.design.device(f.nodeA);
        const Device b = *f.design.device(f.nodeB);
        const Link link = *f.design.link(f.link);

        const ChangeSet removed = f.design.removeRack(f.rack);
        QCOMPARE(removed.removed.size(), std::size_t(4)); // link, 2 devices, rack
        QCOMPARE(removed.modified.size(), std::size_t(1)); // the storage tier lost a member
        QVERIFY(removed.settingsChanged); // partition lost its node
        QVERIFY(f.design.devices().empty());
        QVERIFY(f.design.links().empty());
        QVERIFY(f.design.storageTier(tier.id)->members.empty());
        QVERIFY(f.design.scheduler().partitions[0].nodes.empty());
        QVERIFY(!f.design.linkAt(PortRef { f.nodeA, 0 }).isValid());

        const std::uint64_t nextBefore = f.design.nextId();
        f.design.addRack(rack);
        f.design.addDevice(a);
        f.design.addDevice(b);
        f.design.addLink(link);
        QCOMPARE(f.design.device(f.nodeA)->name, std::string("gpu001"));
        QCOMPARE(f.design.linkAt(PortRef { f.nodeB, 5 }), f.link);
        QCOMPARE(f.design.nextId(), nextBefore); // restoring old ids does not consume new ones
        // New ids are never the old ones.
        QVERIFY(f.design.newId<DeviceId>().value >= nextBefore);
    }

    void entitiesIterateInIdOrder()
    {
        Fixture f;
        const Device b = *f.design.device(f.nodeB);
        f.design.removeDevice(f.nodeB);
        const DeviceId later = f.design.newId<DeviceId>();
        f.design.addDevice(Device {
            later, "gpu002", "dgx-h100", f.rack, 9, Face::Front, DeviceRole::Compute, -1, {} });
        f.design.addDevice(b); // re-inserted with its older id, lands in the middle
        std::vector<std::uint64_t> ids;
        for (const Device &device : f.design.devices())
            ids.push_back(device.id.value);
        QCOMPARE(ids, (std::vector<std::uint64_t> { f.nodeA.value, f.nodeB.value, later.value }));
    }

    void removeFabricDropsLinksAndTierFabric()
    {
        Fixture f;
        StorageTier tier;
        tier.id = f.design.newId<StorageTierId>();
        tier.name = "lustre";
        tier.fabric = f.fabric;
        f.design.addStorageTier(tier);
        f.design.removeFabric(f.fabric);
        QVERIFY(f.design.links().empty());
        QVERIFY(!f.design.storageTier(tier.id)->fabric.isValid());
    }

    void setNextIdMustExceedUsedIds()
    {
        Fixture f;
        QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, f.design.setNextId(6));
        f.design.setNextId(100);
        QCOMPARE(f.design.nextId(), 100u);
    }

    void tableLookupFindsExactlyTheIdsItHolds()
    {
        // EntityTable::find interpolates before its binary search: on even, clustered,
        // interleaved and skewed (powers) id layouts it must find every id it holds and none
        // it does not, as a std::set says, after inserts in and out of order and removals.
        std::mt19937_64 random(42);
        for (int layout = 0; layout < 4; ++layout) {
            EntityTable<Row> table;
            std::set<std::uint64_t> ids;
            for (int i = 0; i < 3000; ++i) {
                std::uint64_t id = 0;
                if (layout == 0)
                    id = 1 + static_cast<std::uint64_t>(i); // one run
                else if (layout == 1)
                    id = 1 + random() % 100000; // random, any order
                else if (layout == 2)
                    id = 1 + 3 * static_cast<std::uint64_t>(i) + random() % 2; // interleaved
                else
                    id = std::uint64_t(1) << (random() % 60); // skewed
                const bool added = table.insert(Row { RowId { id }, "r", 0, 0, "" });
                QCOMPARE(added, ids.insert(id).second);
            }
            for (int i = 0; i < 300 && !ids.empty(); ++i) {
                const std::uint64_t victim = *std::next(ids.begin(), random() % ids.size());
                QVERIFY(table.take(RowId { victim }).has_value());
                ids.erase(victim);
            }
            const std::uint64_t top = ids.empty() ? 10 : *ids.rbegin();
            for (std::uint64_t probe : ids) {
                const Row *row = table.find(RowId { probe });
                QVERIFY(row && row->id.value == probe);
            }
            for (int i = 0; i < 20000; ++i) {
                const std::uint64_t probe
                    = layout == 3 ? std::uint64_t(1) << (random() % 62) : random() % (top + 10);
                QCOMPARE(table.contains(RowId { probe }), ids.contains(probe));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"

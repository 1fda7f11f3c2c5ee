// Design's bulk paths against one entity at a time: Design::addDevices (the reader's devices,
// in id order) and Design::addCheckedLinks / DesignAdjacency::addLinksInIdOrder (the reader's
// links, filled by device on two threads from 65,536 links) must leave the tables and the
// adjacency exactly as addDevice and addLink one by one do, and refuse what they refuse.

#include "model/core/Design.h"
#include "model/core/DesignAdjacency.h"

#include "AdjacencyScan.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace cw;
using namespace cw::test;

class TestAdjacencyBulk : public QObject
{
    Q_OBJECT

private slots:
    void linksInBulkGiveADeviceWithoutEntryOneAsAddLinkDoes()
    {
        // Against addLinksInIdOrder's contract an end's device may have no entry yet: addLink
        // makes one, and the bulk path must too, on one thread and on two.
        for (const int count : { 10, 70000 }) {
            DesignAdjacency one;
            DesignAdjacency bulk;
            Device known;
            known.id = DeviceId { 1 };
            known.rack = RackId { 9 };
            one.addDevice(known);
            bulk.addDevice(known);
            std::vector<Link> links;
            for (int i = 0; i < count; ++i)
                links.push_back(Link { LinkId { 100 + static_cast<std::uint64_t>(i) },
                                       FabricId { 2 },
                                       { DeviceId { 1 }, i },
                                       { DeviceId { i % 2 ? 7u : 8u }, i },
                                       "",
                                       1 });
            for (const Link &link : links)
                one.addLink(link);
            bulk.addLinksInIdOrder(links);
            QVERIFY(bulk == one);
            QCOMPARE(bulk.linksOfDevice(DeviceId { 7 }).size(),
                     static_cast<std::size_t>(count / 2));
            QCOMPARE(bulk.linkAt({ DeviceId { 8 }, 0 }), LinkId { 100 });
        }
    }

    void devicesInBulkEqualDevicesOneByOne()
    {
        // Design::addDevices (the reader's path) adopts devices in id order without a table
        // insert each: the tables and the adjacency must be those of addDevice one by one,
        // with racks alternating between devices (no run of one rack) and far sparse ids.
        Design one;
        one.addRow(Row { one.newId<RowId>(), "R", 0, 0, {} });
        std::vector<RackId> racks;
        for (int i = 0; i < 3; ++i) {
            Rack rack;
            rack.id = one.newId<RackId>();
            rack.row = one.rows().items().front().id;
            one.addRack(rack);
            racks.push_back(rack.id);
        }
        Design bulk = one;
        std::vector<Device> devices;
        for (std::uint64_t i = 0; i < 40; ++i) {
            Device device;
            device.id = i < 38 ? one.newId<DeviceId>() : DeviceId { 9000000 + i * 1000000 };
            device.name = "d" + std::to_string(i);
            device.rack = racks[(i * 7 / 3) % racks.size()];
            devices.push_back(device);
            one.addDevice(device);
        }
        bulk.addDevices(devices);
        QCOMPARE(bulk.devices().items(), one.devices().items());
        QVERIFY(bulk.adjacency() == one.adjacency());
        QCOMPARE(bulk.nextId(), one.nextId());
        for (RackId rack : racks)
            QCOMPARE(bulk.devicesInRack(rack), one.devicesInRack(rack));
        QCOMPARE(mismatch(bulk), QString());

        // Refused, the design unchanged: a rack not in the design, an id another entity has.
        for (const bool unknownRack : { true, false }) {
            Design fresh = one;
            for (const Device &device : one.devices())
                fresh.removeDevice(device.id);
            const std::uint64_t nextId = fresh.nextId();
            std::vector<Device> wrong = devices;
            if (unknownRack)
                wrong[5].rack = RackId { 424242 };
            else
                wrong[5].id = DeviceId { racks[0].value }; // a rack's id, below every device's
            std::sort(wrong.begin(), wrong.end(),
                      [](const Device &x, const Device &y) { return x.id < y.id; });
            QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, fresh.addDevices(wrong));
            QVERIFY(fresh.devices().empty());
            QCOMPARE(fresh.nextId(), nextId);
            QCOMPARE(mismatch(fresh), QString());
        }
    }

    void devicesInBulkRefuseEveryIdInUse()
    {
        // addDevices checks the devices' ids against each other table by walking it beside
        // them: an id held by a row, a rack, a fabric or a storage tier, whether it falls
        // before, among or after the devices' ids, is refused with the lowest such device id
        // named, as addDevice one by one would name it, and the design is left unchanged.
        // The other entities' ids are taken between the devices' (a generated design's rows
        // come after its devices), so a clash can come late in the walk.
        Design base;
        base.addRow(Row { base.newId<RowId>(), "R", 0, 0, {} });
        const RowId row = base.rows().items().front().id;
        std::vector<std::uint64_t> taken { row.value };
        Rack first;
        first.id = base.newId<RackId>();
        first.row = row;
        base.addRack(first);
        taken.push_back(first.id.value);
        // A fabric or storage tier named after `i`, added to `base`: its id.
        auto addNamed = [&base]<typename Entity>(ChangeSet (Design::*add)(Entity), int i) {
            Entity entity;
            entity.id = base.newId<decltype(entity.id)>();
            entity.name = "e" + std::to_string(i);
            (base.*add)(entity);
            return entity.id.value;
        };
        std::vector<Device> fresh;
        for (int i = 0; i < 20; ++i) {
            Device device;
            device.id = base.newId<DeviceId>();
            device.name = "d" + std::to_string(i);
            device.rack = first.id;
            fresh.push_back(device);
            switch (i % 4) {
            case 0: {
                Rack rack;
                rack.id = base.newId<RackId>();
                rack.row = row;
                base.addRack(rack);
                taken.push_back(rack.id.value);
                break;
            }
            case 1:
                taken.push_back(addNamed(&Design::addFabric, i));
                break;
            case 2:
                taken.push_back(addNamed(&Design::addStorageTier, i));
                break;
            default:
                base.addRow(Row { base.newId<RowId>(), "R" + std::to_string(i), i, 0, {} });
                taken.push_back(base.rows().items().back().id.value);
                break;
            }
        }
        // Two devices far above every id so far: the design's next id must follow them.
        for (const std::uint64_t far : { base.nextId() + 1000, base.nextId() + 2000 }) {
            Device device;
            device.id = DeviceId { far };
            device.name = "far" + std::to_string(far);
            device.rack = first.id;
            fresh.push_back(device);
        }
        auto sorted = [](std::vector<Device> devices) {
            std::sort(devices.begin(), devices.end(),
                      [](const Device &x, const Device &y) { return x.id < y.id; });
            return devices;
        };
        for (std::size_t t = 0; t < taken.size(); ++t) {
            std::vector<Device> wrong = fresh;
            wrong[t % 20].id = DeviceId { taken[t] };
            // A second clash at a higher id: the lower one is named.
            if (t + 1 < taken.size() && (t + 7) % 20 != t % 20)
                wrong[(t + 7) % 20].id = DeviceId { taken.back() };
            wrong = sorted(wrong);
            const std::uint64_t lowest = taken[t];
            QVERIFY(wrong.front().id.value < lowest || t < 2); // the clash is not the walk's first
            Design design = base;
            const std::uint64_t nextId = design.nextId();
            try {
                design.addDevices(wrong);
                QFAIL(qPrintable(QStringLiteral("id %1 was accepted").arg(lowest)));
            } catch (const DesignIntegrityError &error) {
                QCOMPARE(QString::fromStdString(error.what()),
                         QStringLiteral("device id %1 is already in use").arg(lowest));
            }
            QVERIFY(design.devices().empty());
            QCOMPARE(design.nextId(), nextId);
            QCOMPARE(mismatch(design), QString());
        }
        // Id 0 is named as addDevice names it; the fresh ids are all taken in.
        std::vector<Device> zero = fresh;
        zero[0].id = DeviceId { 0 };
        Design design = base;
        try {
            design.addDevices(sorted(zero));
            QFAIL("id 0 was accepted");
        } catch (const DesignIntegrityError &error) {
            QCOMPARE(QString::fromStdString(error.what()),
                     QStringLiteral("device has no id (take one from newId())"));
        }
        QVERIFY(design.devices().empty());
        design.addDevices(fresh);
        QCOMPARE(design.devices().size(), fresh.size());
        QCOMPARE(design.nextId(), fresh.back().id.value + 1);
        QCOMPARE(mismatch(design), QString());
        design.addDevices({}); // nothing to add: nothing changes
        QCOMPARE(design.devices().size(), fresh.size());
    }

    void linksInBulkEqualLinksOneByOne()
    {
        // Design::addCheckedLinks into an empty table (the load's path) sizes each device's
        // lists once and, from 65,536 links on, fills them on two threads by device slot
        // (DesignAdjacency::addLinksInIdOrder). On 300 dense ids and two far ones (hash-mapped
        // entries), with ports past the flat table's 1,024 and links between two ports of one
        // device, the tables must equal those of addLink one link at a time, below and above
        // the two-thread size.
        for (const std::size_t count : { std::size_t { 500 }, std::size_t { 70000 } }) {
            Design one;
            const FabricId fabric = addFabric(one);
            one.addRow(Row { one.newId<RowId>(), "R", 0, 0, {} });
            Rack rack;
            rack.id = one.newId<RackId>();
            rack.row = one.rows().items().front().id;
            one.addRack(rack);
            std::vector<DeviceId> devices;
            for (std::uint64_t i = 0; i < 302; ++i) {
                Device device;
                device.id = i < 300 ? one.newId<DeviceId>() : DeviceId { 5000000 + i * 1000000 };
                device.rack = rack.id;
                one.addDevice(device);
                devices.push_back(device.id);
            }
            Design bulk = one;
            std::mt19937 random(static_cast<unsigned>(count));
            std::map<std::uint64_t, int> nextPort;
            auto end = [&] {
                // A third of the ends on the two far devices: 15,000+ ports each at 70,000.
                const DeviceId device
                    = random() % 3 == 0 ? devices[300 + random() % 2] : devices[random() % 300];
                return PortRef { device, nextPort[device.value]++ };
            };
            std::vector<Link> links;
            std::uint64_t nextLink = 10000000000ull;
            for (std::size_t i = 0; i < count; ++i) {
                PortRef a = end();
                PortRef b = i % 97 == 0 ? PortRef { a.device, nextPort[a.device.value]++ } : end();
                if (b.port > 0xffff || a.port > 0xffff)
                    break;
                links.push_back(Link { LinkId { nextLink++ }, fabric, a, b, "", 1 });
            }
            QVERIFY(links.size() > count / 2);
            for (const Link &link : links)
                one.addLink(link);
            bulk.addCheckedLinks(links);
            QVERIFY(bulk.adjacency() == one.adjacency());
            for (DeviceId device : devices) {
                QCOMPARE(bulk.linksOfDevice(device), one.linksOfDevice(device));
                for (int port = 0; port < nextPort[device.value] + 2; port += 1 + port / 64)
                    QCOMPARE(bulk.linkAt({ device, port }), one.linkAt({ device, port }));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestAdjacencyBulk)
#include "tst_adjacency_bulk.moc"

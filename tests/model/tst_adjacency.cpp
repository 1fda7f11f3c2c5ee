// Design's adjacency (row -> racks, rack -> devices, device -> links, port -> link) after
// random edits: every list and every port's link must equal what a full scan of the tables
// gives, in id order, after adds, moves, removals (cascading) and the re-adds an undo performs.

#include "model/core/Design.h"
#include "model/core/DesignAdjacency.h"

#include <QtTest>

#include <map>
#include <random>

using namespace cw;

namespace {

constexpr int kPortsPerDevice = 8;

/// The link on `port` by a scan of every link (what the former port -> link hash map held).
LinkId scanLinkAt(const Design &design, PortRef port)
{
    for (const Link &link : design.links())
        if (link.a == port || link.b == port)
            return link.id;
    return {};
}

/// Compares every adjacency list with a scan of the design's tables; returns the first
/// mismatch in words, empty when they agree.
QString mismatch(const Design &design)
{
    for (const Row &row : design.rows()) {
        std::vector<RackId> scan;
        for (const Rack &rack : design.racks())
            if (rack.row == row.id)
                scan.push_back(rack.id);
        if (design.racksInRow(row.id) != scan)
            return QString("racks of row %1").arg(row.id.value);
    }
    for (const Rack &rack : design.racks()) {
        std::vector<DeviceId> scan;
        for (const Device &device : design.devices())
            if (device.rack == rack.id)
                scan.push_back(device.id);
        if (design.devicesInRack(rack.id) != scan)
            return QString("devices of rack %1").arg(rack.id.value);
    }
    for (const Device &device : design.devices()) {
        std::vector<LinkId> scan;
        for (const Link &link : design.links())
            if (link.a.device == device.id || link.b.device == device.id)
                scan.push_back(link.id);
        if (design.linksOfDevice(device.id) != scan)
            return QString("links of device %1").arg(device.id.value);
        // One past each end of the port range too: nothing may answer there.
        for (int port = -1; port <= kPortsPerDevice; ++port)
            if (design.linkAt({ device.id, port }) != scanLinkAt(design, { device.id, port }))
                return QString("port %1 of device %2").arg(port).arg(device.id.value);
    }
    // Nothing is left behind for removed entities: every id below nextId that is no longer
    // in the design has empty lists.
    for (std::uint64_t id = 1; id < design.nextId(); ++id) {
        if (!design.row(RowId { id }) && !design.racksInRow(RowId { id }).empty())
            return QString("removed row %1 still lists racks").arg(id);
        if (!design.rack(RackId { id }) && !design.devicesInRack(RackId { id }).empty())
            return QString("removed rack %1 still lists devices").arg(id);
        if (!design.device(DeviceId { id }) && !design.linksOfDevice(DeviceId { id }).empty())
            return QString("removed device %1 still lists links").arg(id);
        if (!design.device(DeviceId { id }) && design.linkAt({ DeviceId { id }, 0 }).isValid())
            return QString("removed device %1 still holds port 0").arg(id);
    }
    return {};
}

/// A random editor over a small design; `undoLast` re-adds what the last removal took,
/// under the old ids, as the document's undo commands do.
class Editor
{
public:
    explicit Editor(unsigned seed)
        : m_random(seed)
    {
        m_fabric = m_design.newId<FabricId>();
        Fabric fabric;
        fabric.id = m_fabric;
        fabric.name = "compute";
        m_design.addFabric(fabric);
    }

    Design &design() { return m_design; }

    void step()
    {
        // Half the removals are undone straight away (undo needs the state right after).
        if (!m_removed.empty() && pick(2) == 0)
            return undoLast();
        m_removed.clear();
        switch (pick(10)) {
        case 0:
            addRow();
            break;
        case 1:
            addRack();
            break;
        case 2:
        case 3:
            addDevice();
            break;
        case 4:
        case 5:
            addLink();
            break;
        case 6:
            moveSomething();
            break;
        case 7:
            removeSomething();
            break;
        default:
            relink();
            break;
        }
    }

private:
    std::size_t pick(std::size_t count)
    {
        return std::uniform_int_distribution<std::size_t>(0, count - 1)(m_random);
    }
    template<typename Table>
    const auto *any(const Table &table)
    {
        return table.empty() ? nullptr : &table.items()[pick(table.size())];
    }

    void addRow()
    {
        Row row;
        row.id = m_design.newId<RowId>();
        row.name = "R" + std::to_string(row.id.value);
        m_design.addRow(row);
    }
    void addRack()
    {
        const Row *row = any(m_design.rows());
        if (!row)
            return addRow();
        Rack rack;
        rack.id = m_design.newId<RackId>();
        rack.name = "K" + std::to_string(rack.id.value);
        rack.catalogType = "rack-42u-air";
        rack.row = row->id;
        m_design.addRack(rack);
    }
    void addDevice()
    {
        const Rack *rack = any(m_design.racks());
        if (!rack)
            return addRack();
        Device device;
        device.id = m_design.newId<DeviceId>();
        device.name = "d" + std::to_string(device.id.value);
        device.catalogType = "dgx-h100";
        device.rack = rack->id;
        m_design.addDevice(device);
    }
    std::optional<PortRef> freePort()
    {
        const Device *device = any(m_design.devices());
        if (!device)
            return std::nullopt;
        for (int port = 0; port < kPortsPerDevice; ++port)
            if (!m_design.linkAt(PortRef { device->id, port }).isValid())
                return PortRef { device->id, port };
        return std::nullopt;
    }
    void addLink()
    {
        const auto a = freePort();
        const auto b = freePort();
        if (!a || !b || *a == *b)
            return addDevice();
        m_design.addLink(Link { m_design.newId<LinkId>(), m_fabric, *a, *b, "", 1.0 });
    }
    void moveSomething()
    {
        if (pick(2) == 0) {
            const Device *device = any(m_design.devices());
            const Rack *rack = any(m_design.racks());
            if (device && rack) {
                Device moved = *device;
                moved.rack = rack->id;
                m_design.updateDevice(moved);
            }
        } else {
            const Rack *rack = any(m_design.racks());
            const Row *row = any(m_design.rows());
            if (rack && row) {
                Rack moved = *rack;
                moved.row = row->id;
                m_design.updateRack(moved);
            }
        }
    }
    void relink()
    {
        const Link *link = any(m_design.links());
        const auto end = freePort();
        if (!link || !end || *end == link->a)
            return;
        Link changed = *link;
        changed.b = *end;
        m_design.updateLink(changed);
    }
    void removeSomething()
    {
        m_beforeRemoval = m_design;
        ChangeSet changes;
        switch (pick(4)) {
        case 0:
            if (const Row *row = any(m_design.rows()))
                changes = m_design.removeRow(row->id);
            break;
        case 1:
            if (const Rack *rack = any(m_design.racks()))
                changes = m_design.removeRack(rack->id);
            break;
        case 2:
            if (const Device *device = any(m_design.devices()))
                changes = m_design.removeDevice(device->id);
            break;
        default:
            if (const Link *link = any(m_design.links()))
                changes = m_design.removeLink(link->id);
            break;
        }
        m_removed = changes.removed;
    }
    void undoLast()
    {
        // Parents before children, as undo restores them.
        const Design &old = m_beforeRemoval;
        for (EntityKind kind :
             { EntityKind::Row, EntityKind::Rack, EntityKind::Device, EntityKind::Link })
            for (const EntityRef &ref : m_removed) {
                if (ref.kind != kind)
                    continue;
                if (kind == EntityKind::Row)
                    m_design.addRow(*old.row(RowId { ref.id }));
                else if (kind == EntityKind::Rack)
                    m_design.addRack(*old.rack(RackId { ref.id }));
                else if (kind == EntityKind::Device)
                    m_design.addDevice(*old.device(DeviceId { ref.id }));
                else
                    m_design.addLink(*old.link(LinkId { ref.id }));
            }
        m_removed.clear();
    }

    std::mt19937 m_random;
    Design m_design;
    FabricId m_fabric;
    Design m_beforeRemoval;
    std::vector<EntityRef> m_removed;
};

} // namespace

class TestAdjacency : public QObject
{
    Q_OBJECT

private slots:
    void staysEqualToAFullScanUnderRandomEdits()
    {
        for (unsigned seed : { 1u, 2u, 3u, 4u, 5u }) {
            Editor editor(seed);
            for (int i = 0; i < 800; ++i) {
                editor.step();
                const QString wrong = mismatch(editor.design());
                if (!wrong.isEmpty())
                    QFAIL(qPrintable(QString("seed %1 step %2: %3").arg(seed).arg(i).arg(wrong)));
            }
            // The random walk must actually have built something to compare.
            QVERIFY(editor.design().links().size() > 10);
        }
    }

    void copiesAndMovesCarryTheirOwnAdjacency()
    {
        Editor editor(7);
        for (int i = 0; i < 400; ++i)
            editor.step();
        Design copy = editor.design();
        QCOMPARE(mismatch(copy), QString());
        // Editing the original leaves the copy's lists alone.
        while (!editor.design().devices().empty())
            editor.design().removeDevice(editor.design().devices().items().front().id);
        QCOMPARE(mismatch(editor.design()), QString());
        QCOMPARE(mismatch(copy), QString());
        QVERIFY(!copy.links().empty());
        Design moved = std::move(copy);
        QCOMPARE(mismatch(moved), QString());
        Design assigned;
        assigned = moved;
        QVERIFY(assigned.adjacency() == moved.adjacency());
    }

    void aLinkBetweenTwoPortsOfOneDeviceIsListedOnce()
    {
        Editor editor(9);
        Design &design = editor.design();
        Row row { design.newId<RowId>(), "R", 0, 0, {} };
        design.addRow(row);
        Rack rack;
        rack.id = design.newId<RackId>();
        rack.row = row.id;
        design.addRack(rack);
        Device device;
        device.id = design.newId<DeviceId>();
        device.rack = rack.id;
        design.addDevice(device);
        const FabricId fabric = design.fabrics().items().front().id;
        const LinkId loop = design.newId<LinkId>();
        design.addLink(Link { loop, fabric, { device.id, 0 }, { device.id, 1 }, "", 0.5 });
        QCOMPARE(design.linksOfDevice(device.id), std::vector<LinkId> { loop });
        QCOMPARE(design.linkAt({ device.id, 0 }), loop);
        QCOMPARE(design.linkAt({ device.id, 1 }), loop);
        design.removeLink(loop);
        QVERIFY(design.linksOfDevice(device.id).empty());
        QVERIFY(!design.linkAt({ device.id, 0 }).isValid());
    }

    void deviceTableHoldsSparseAndDenseIdsAlike()
    {
        // Device entries sit in a flat table by id while ids stay below 4x the devices +
        // 65,536, in a hash map beyond. 300,000 stays beyond (6,400 devices here: 91,144);
        // 70,000 starts beyond and moves into the table when 90,000 makes it grow past it.
        // After each phase every list and port must equal a scan, and slots freed by
        // removals are reused without mixing entries.
        Design design;
        const FabricId fabric = design.newId<FabricId>();
        Fabric compute;
        compute.id = fabric;
        compute.name = "f";
        design.addFabric(compute);
        design.addRow(Row { RowId { 2 }, "R", 0, 0, {} });
        Rack rack;
        rack.id = RackId { 3 };
        rack.row = RowId { 2 };
        design.addRack(rack);
        std::uint64_t nextLink = 400000;
        auto addDevice = [&](std::uint64_t id) {
            Device device;
            device.id = DeviceId { id };
            device.rack = rack.id;
            design.addDevice(device);
        };
        std::map<std::uint64_t, int> nextPort; // each device's next free port
        auto connect = [&](std::uint64_t a, std::uint64_t b) {
            design.addLink(Link { LinkId { nextLink++ },
                                  fabric,
                                  { DeviceId { a }, nextPort[a]++ },
                                  { DeviceId { b }, nextPort[b]++ },
                                  "",
                                  1 });
        };
        addDevice(300000);
        addDevice(70000);
        connect(300000, 70000);
        for (std::uint64_t id = 100; id < 6500; ++id) {
            addDevice(id);
            if (id % 3 == 0)
                connect(id, id % 2 ? 300000 : 70000);
        }
        QCOMPARE(mismatch(design), QString());
        addDevice(90000);
        connect(90000, 70000);
        connect(90000, 300000);
        QCOMPARE(mismatch(design), QString());
        // Removals free slots; new devices (and 70,000 again) take them.
        for (std::uint64_t id = 100; id < 6500; id += 7)
            design.removeDevice(DeviceId { id });
        design.removeDevice(DeviceId { 70000 });
        QCOMPARE(mismatch(design), QString());
        addDevice(70000);
        nextPort[70000] = 0;
        for (std::uint64_t id = 7000; id < 7400; ++id) {
            addDevice(id);
            connect(id, 70000);
        }
        QCOMPARE(mismatch(design), QString());
        QCOMPARE(design.linksOfDevice(DeviceId { 70000 }).size(), std::size_t { 400 });
        // Equal tables whatever the slots: the same devices and links added in another
        // order compare equal; one link less does not.
        Design other;
        other.addFabric(compute);
        other.addRow(Row { RowId { 2 }, "R", 0, 0, {} });
        other.addRack(rack);
        for (auto it = design.devices().items().rbegin(); it != design.devices().items().rend();
             ++it)
            other.addDevice(*it);
        for (const Link &link : design.links())
            other.addLink(link);
        QVERIFY(other.adjacency() == design.adjacency());
        other.removeLink(design.links().items().back().id);
        QVERIFY(!(other.adjacency() == design.adjacency()));
    }

    void portTableAnswersLikeAScanAtHighAndLowIndices()
    {
        // Indices on both sides of the flat table's end (PortLinks::kDensePorts = 1024) and
        // the largest a link may use (0xffff), on four devices, under random plugs, unplugs
        // and end moves: linkAt and addLink's "already used" verdict must match a scan.
        const std::vector<int> ports { 0, 1, 7, 1022, 1023, 1024, 1025, 4096, 65534, 65535 };
        Design design;
        const FabricId fabric = design.newId<FabricId>();
        Fabric compute;
        compute.id = fabric;
        compute.name = "f";
        design.addFabric(compute);
        const RowId row = design.newId<RowId>();
        design.addRow(Row { row, "R", 0, 0, {} });
        Rack rack;
        rack.id = design.newId<RackId>();
        rack.row = row;
        design.addRack(rack);
        std::vector<DeviceId> devices;
        for (int i = 0; i < 4; ++i) {
            Device device;
            device.id = design.newId<DeviceId>();
            device.rack = rack.id;
            design.addDevice(device);
            devices.push_back(device.id);
        }
        std::mt19937 random(11);
        auto pick = [&random](std::size_t n) {
            return std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
        };
        auto randomPort = [&] {
            return PortRef { devices[pick(devices.size())], ports[pick(ports.size())] };
        };
        int refused = 0;
        for (int step = 0; step < 3000; ++step) {
            const PortRef a = randomPort();
            const PortRef b = randomPort();
            const bool used = scanLinkAt(design, a).isValid() || scanLinkAt(design, b).isValid();
            if (pick(3) == 0 && !design.links().empty()) {
                const Link victim = design.links().items()[pick(design.links().size())];
                design.removeLink(victim.id);
            } else if (a == b) {
                continue;
            } else if (used) {
                Link link { design.newId<LinkId>(), fabric, a, b, "", 1 };
                QVERIFY_THROWS_EXCEPTION(DesignIntegrityError, design.addLink(link));
                ++refused;
            } else {
                design.addLink(Link { design.newId<LinkId>(), fabric, a, b, "", 1 });
            }
            for (DeviceId device : devices)
                for (int port : ports)
                    QCOMPARE(design.linkAt({ device, port }), scanLinkAt(design, { device, port }));
        }
        QVERIFY(refused > 100);
        QVERIFY(design.links().size() > 5);
        // A copy holds equal tables; emptying both ends of every link leaves none behind.
        Design copy = design;
        QVERIFY(copy.adjacency() == design.adjacency());
        while (!design.links().empty())
            design.removeLink(design.links().items().front().id);
        for (DeviceId device : devices)
            for (int port : ports)
                QVERIFY(!design.linkAt({ device, port }).isValid());
    }

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
            const FabricId fabric = one.newId<FabricId>();
            Fabric compute;
            compute.id = fabric;
            compute.name = "f";
            one.addFabric(compute);
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

QTEST_GUILESS_MAIN(TestAdjacency)
#include "tst_adjacency.moc"

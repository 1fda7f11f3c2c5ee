// Design's adjacency (row -> racks, rack -> devices, device -> links, port -> link) after
// random edits: every list and every port's link must equal what a full scan of the tables
// gives, in id order, after adds, moves, removals (cascading) and the re-adds an undo performs.

#include "model/core/Design.h"
#include "model/core/DesignAdjacency.h"

#include "AdjacencyScan.h"

#include <QtTest>

#include <map>
#include <random>

using namespace cw;
using namespace cw::test;

namespace {

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
        const FabricId fabric = addFabric(design);
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
        other.addFabric(*design.fabric(fabric)); // the same id
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
        const FabricId fabric = addFabric(design);
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
};

QTEST_GUILESS_MAIN(TestAdjacency)
#include "tst_adjacency.moc"

// DesignIndex::Memory::ForViews, the canvas's index (views/canvas/DesignCache), keeps no links:
// a view reads a device's links from the design's own adjacency. Through a run of edits of every
// kind on a generated design it must answer as the full index (ForUpdates) does for everything
// the views read: the racks each edit touched, each rack's devices, each device's part, the
// design's totals; and it must keep no link lists of its own.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/validation/DesignIndex.h"

#include <QtTest>

#include <algorithm>
#include <functional>
#include <vector>

using namespace cw;

namespace {

std::vector<std::uint64_t> dirtyRacks(const DirtySubjects &dirty)
{
    std::vector<std::uint64_t> racks;
    for (const auto &[id, inputs] : dirty.subjects[static_cast<std::size_t>(RuleScope::Rack)])
        if (inputs != 0)
            racks.push_back(id);
    std::sort(racks.begin(), racks.end());
    return racks;
}

/// What a view reads of `index`, against the full index and the design.
QString differs(const DesignIndex &views, const DesignIndex &full, const Design &design)
{
    for (const Rack &rack : design.racks())
        if (views.devicesInRack(rack.id) != full.devicesInRack(rack.id))
            return QString("devices of rack %1").arg(rack.id.value);
    for (const Device &device : design.devices()) {
        if (views.part(device.id) != full.part(device.id))
            return QString("part of device %1").arg(device.id.value);
        if (!views.linksOfDevice(device.id).empty())
            return QString("links kept for device %1").arg(device.id.value);
        if (!std::ranges::equal(full.linksOfDevice(device.id), design.linksOfDevice(device.id)))
            return QString("the full index's links of device %1").arg(device.id.value);
    }
    const DesignTotals a = views.totals();
    const DesignTotals b = full.totals();
    if (a.itPowerW != b.itPowerW || a.airHeatW != b.airHeatW || a.liquidHeatW != b.liquidHeatW
        || a.devicesWithPower != b.devicesWithPower || a.gpus != b.gpus)
        return "totals";
    return {};
}

} // namespace

class TestDesignIndex : public QObject
{
    Q_OBJECT

private slots:
    void viewsIndexAnswersAsTheFullOneThroughEdits()
    {
        const Catalog &catalog = Catalog::builtin();
        auto generated = generateDesign("fat-tree", { { "nodes", "128" } }, catalog);
        QVERIFY(generated);
        Design design = std::move(generated->design);
        DesignIndex views;
        DesignIndex full;
        views.rebuild(design, catalog, DesignIndex::Memory::ForViews);
        full.rebuild(design, catalog, DesignIndex::Memory::ForUpdates);
        QCOMPARE(differs(views, full, design), QString());

        const auto &racks = design.racks().items();
        const auto &devices = design.devices().items();
        QVERIFY(racks.size() > 4 && devices.size() > 10);
        const RackId firstRack = racks[0].id;
        const RackId lastRack = racks.back().id;
        const DeviceId moved = devices[3].id;
        const DeviceId removed = devices[7].id;
        const LinkId link = design.links().items()[5].id;
        std::vector<std::function<ChangeSet()>> edits {
            [&] { // a device to another rack
                Device device = *design.device(moved);
                device.rack = device.rack == lastRack ? firstRack : lastRack;
                device.uPosition = 40;
                return design.updateDevice(device);
            },
            [&] { return design.removeLink(link); },
            [&] { return design.removeDevice(removed); }, // with its links
            [&] { // a rack of another type (its cooling, so its devices' heat, may change)
                Rack rack = *design.rack(firstRack);
                for (const Rack &other : design.racks())
                    if (other.catalogType != rack.catalogType) {
                        rack.catalogType = other.catalogType;
                        break;
                    }
                return design.updateRack(rack);
            },
            [&] { return design.removeRack(racks[2].id); }, // its devices and their links
        };
        for (std::size_t i = 0; i < edits.size(); ++i) {
            const ChangeSet changes = edits[i]();
            const DirtySubjects a = views.update(design, catalog, changes);
            const DirtySubjects b = full.update(design, catalog, changes);
            // A link touches no rack's load or cooling; every other edit here does.
            QCOMPARE(dirtyRacks(b).empty(), i == 1);
            QCOMPARE(dirtyRacks(a), dirtyRacks(b));
            QCOMPARE(differs(views, full, design), QString());
        }
    }

    void everyMemoryGivesTheSameTotals()
    {
        // The Summary dock counts its heat split with RulesOnly, the canvas with ForViews: the
        // sums must be the full index's, on every reference design (liquid, hybrid and air
        // racks among them) and on a generated one.
        const Catalog &catalog = Catalog::builtin();
        std::vector<Design> designs;
        for (const auto &reference : referenceDesigns()) {
            auto built = reference.build(catalog);
            QVERIFY(built);
            designs.push_back(std::move(built).value());
        }
        auto generated = generateDesign("fat-tree", { { "nodes", "256" } }, catalog);
        QVERIFY(generated);
        designs.push_back(generated->design);
        // The same with hybrid servers (air and liquid by their rack) in every other rack made
        // a liquid-cooled one: heat in both sums.
        Design mixed = std::move(generated->design);
        bool everyOther = false;
        for (const Rack &each : std::vector<Rack>(mixed.racks().begin(), mixed.racks().end()))
            if ((everyOther = !everyOther)) {
                Rack rack = each;
                rack.catalogType = "rack-48u-liquid";
                mixed.updateRack(rack);
            }
        for (const Device &each :
             std::vector<Device>(mixed.devices().begin(), mixed.devices().end()))
            if (each.role == DeviceRole::Compute) {
                Device device = each;
                device.catalogType = "hgx-b200-8gpu-dlc";
                mixed.updateDevice(device);
            }
        designs.push_back(std::move(mixed));
        bool liquid = false;
        for (const Design &design : designs) {
            DesignIndex full;
            full.rebuild(design, catalog, DesignIndex::Memory::ForUpdates);
            liquid = liquid || full.totals().liquidHeatW > 0;
            for (const auto memory :
                 { DesignIndex::Memory::RulesOnly, DesignIndex::Memory::ForViews }) {
                DesignIndex index;
                index.rebuild(design, catalog, memory);
                const DesignTotals a = index.totals();
                const DesignTotals b = full.totals();
                QCOMPARE(a.itPowerW, b.itPowerW);
                QCOMPARE(a.airHeatW, b.airHeatW);
                QCOMPARE(a.liquidHeatW, b.liquidHeatW);
                QCOMPARE(a.devicesWithPower, b.devicesWithPower);
                QCOMPARE(a.gpus, b.gpus);
            }
        }
        QVERIFY(liquid); // one design at least puts heat into liquid
    }
};

QTEST_APPLESS_MAIN(TestDesignIndex)
#include "tst_design_index.moc"

// Rack elevations grouped for the facilities PDF (exporters/report/ElevationGroups): racks alike
// but for their names share one drawing, a rack differing by one device keeps its own, every
// rack is in exactly one group, and the captions' rack ranges read as worked out by hand.

#include "exporters/report/ElevationGroups.h"

#include <QtTest>

#include <numeric>

using namespace cw;
using namespace cw::report;

namespace {

MountedDevice device(const std::string &name, const std::string &part, int u, int heightU,
                     Face face, DeviceRole role, double maxPowerW)
{
    MountedDevice mounted;
    mounted.name = name;
    mounted.partId = part;
    mounted.bottomU = u;
    mounted.heightU = heightU;
    mounted.face = face;
    mounted.role = role;
    mounted.maxPowerW = maxPowerW;
    return mounted;
}

/// A compute rack as the fat-tree generator fills one: two 8U DGX H100 (10.2 kW) at U1 and U9,
/// a 1U management switch (200 W) at U42 on the rear; names carry the rack's number.
RackFigures computeRack(int number)
{
    RackFigures rack;
    rack.id = RackId { static_cast<std::uint64_t>(number) };
    rack.name = "C" + std::to_string(1000 + number);
    rack.cabinetType = "rack-42u-air";
    rack.position = number;
    rack.rackUnits = 42;
    const std::string n = std::to_string(number);
    rack.devices
        = { device("dgx" + n + "a", "dgx-h100", 1, 8, Face::Front, DeviceRole::Compute, 10200),
            device("dgx" + n + "b", "dgx-h100", 9, 8, Face::Front, DeviceRole::Compute, 10200),
            device("mgmt" + n, "mgmt-48x1g", 42, 1, Face::Rear, DeviceRole::Switch, 200) };
    rack.loadKw = (2 * 10200 + 200) / 1000.0; // 20.6 kW
    rack.feedA = { true, 1, 34.6, 59.5, "1 x 60 A", "3-ph 415 V", "pdu-3ph-415v-60a" };
    rack.feedB = rack.feedA;
    rack.failoverCapacityKw = 34.6;
    return rack;
}

} // namespace

class TestElevationGroups : public QObject
{
    Q_OBJECT

private slots:
    void identicalRacksShareADrawing()
    {
        // Three racks whose devices differ only by name: one drawing for all three.
        const std::vector<RackFigures> racks { computeRack(1), computeRack(2), computeRack(3) };
        QVERIFY(sameElevation(racks[0], racks[2]));
        const ElevationIndex index = groupElevations(racks);
        QCOMPARE(index.groups.size(), std::size_t(1));
        QCOMPARE(index.groups[0].racks, (std::vector<std::size_t> { 0, 1, 2 }));
        QCOMPARE(index.groupOfRack, (std::vector<std::size_t> { 0, 0, 0 }));
    }

    void aRackDifferingByOneDeviceKeepsItsOwn()
    {
        std::vector<RackFigures> racks { computeRack(1), computeRack(2), computeRack(3),
                                         computeRack(4), computeRack(5) };
        // Rack 2: its management switch one U lower. Rack 4: on the front face instead.
        // Rack 5: a different part at the same U, same height and power.
        racks[1].devices[2].bottomU = 41;
        racks[3].devices[2].face = Face::Front;
        racks[4].devices[2].partId = "mgmt-48x1g-b";
        for (std::size_t i : { 1, 3, 4 })
            QVERIFY(!sameElevation(racks[0], racks[i]));
        const ElevationIndex index = groupElevations(racks);
        // Racks 1 and 3 together (E1), then each odd one alone, by first rack in order.
        QCOMPARE(index.groups.size(), std::size_t(4));
        QCOMPARE(index.groups[0].racks, (std::vector<std::size_t> { 0, 2 }));
        QCOMPARE(index.groupOfRack, (std::vector<std::size_t> { 0, 1, 0, 2, 3 }));
        QCOMPARE(drawingLabel(index.groupOfRack[4]), std::string("E4"));
    }

    void aPowerFigureDifferenceKeepsItsOwn()
    {
        // Same devices, but one feed's breakers differ (2 x 32 A): the power figures differ.
        std::vector<RackFigures> racks { computeRack(1), computeRack(2) };
        racks[1].feedB.breakers = "2 x 32 A";
        QVERIFY(!sameElevation(racks[0], racks[1]));
        QCOMPARE(groupElevations(racks).groups.size(), std::size_t(2));
    }

    void devicesWithoutAPartAreComparedByName()
    {
        // A device the catalog does not know is drawn by its name: names then count.
        std::vector<RackFigures> racks { computeRack(1), computeRack(2) };
        racks[0].devices[2].partId.clear();
        racks[1].devices[2].partId.clear();
        QVERIFY(!sameElevation(racks[0], racks[1]));
        racks[1].devices[2].name = racks[0].devices[2].name;
        QVERIFY(sameElevation(racks[0], racks[1]));
    }

    void theIndexHoldsEveryRackOnce()
    {
        // 40 racks, every 7th with a third DGX at U17: two groups that between them hold each
        // of the 40 racks exactly once.
        std::vector<RackFigures> racks;
        for (int i = 0; i < 40; ++i) {
            racks.push_back(computeRack(i));
            if (i % 7 == 0)
                racks.back().devices.push_back(
                    device("x", "dgx-h100", 17, 8, Face::Front, DeviceRole::Compute, 10200));
        }
        const ElevationIndex index = groupElevations(racks);
        QCOMPARE(index.groups.size(), std::size_t(2));
        std::vector<int> seen(racks.size(), 0);
        for (std::size_t g = 0; g < index.groups.size(); ++g)
            for (std::size_t rack : index.groups[g].racks) {
                ++seen[rack];
                QCOMPARE(index.groupOfRack[rack], g);
            }
        QCOMPARE(std::count(seen.begin(), seen.end(), 1), std::ptrdiff_t(40));
        // Racks 0, 7, ..., 35: ceil(40 / 7) = 6 of them.
        QCOMPARE(index.groups[0].racks.size(), std::size_t(6));
        QCOMPARE(index.groups[1].racks.size(), std::size_t(34));
    }

    void rangesNameRunsOfNeighbours()
    {
        std::vector<RackFigures> racks;
        for (int i = 0; i < 10; ++i)
            racks.push_back(computeRack(i)); // C1000 .. C1009
        // Racks 0-2 run together, 5 stands alone, 7-8 run together.
        const std::vector<std::size_t> members { 0, 1, 2, 5, 7, 8 };
        QCOMPARE(rackRanges(racks, members, 10),
                 std::string("C1000 to C1002, C1005, C1007 to C1008 (6 racks)"));
        QCOMPARE(rackRanges(racks, members, 2),
                 std::string("C1000 to C1002, C1005, ... (6 racks)"));
        QCOMPARE(rackRanges(racks, { 4 }, 4), std::string("C1004"));
        // 1,234 racks in one run: the count grouped as the report's numbers are.
        std::vector<RackFigures> many(1234, computeRack(1));
        many.front().name = "A";
        many.back().name = "B";
        std::vector<std::size_t> all(many.size());
        std::iota(all.begin(), all.end(), std::size_t { 0 });
        QCOMPARE(rackRanges(many, all, 4), std::string("A to B (1,234 racks)"));
    }

    void contentsCountPartsInMountOrder()
    {
        QCOMPARE(elevationContents(computeRack(1)),
                 std::string("rack-42u-air 42U; 2 x dgx-h100 + 1 x mgmt-48x1g"));
        RackFigures empty = computeRack(1);
        empty.devices.clear();
        empty.cabinetType.clear();
        QCOMPARE(elevationContents(empty), std::string("rack 42U; empty"));
    }
};

QTEST_GUILESS_MAIN(TestElevationGroups)
#include "tst_elevation_groups.moc"

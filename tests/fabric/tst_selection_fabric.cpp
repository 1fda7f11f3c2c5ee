// The generator on a selection (model/fabric/SelectionFabric.h): the 8-DGX example with its
// compute fabric removed gets a new rail-optimized leaf/spine sized by hand from the closed
// forms of ref:al-fares-2008; bad requests leave the design byte-identical.

#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/SelectionFabric.h"
#include "model/io/DesignFile.h"

#include <QtTest>

using namespace cw;

class TestSelectionFabric : public QObject
{
    Q_OBJECT

    const Catalog &catalog() { return Catalog::builtin(); }

    /// The 8dgx example without its compute fabric, and its 8 DGX.
    Design withoutCompute(std::vector<DeviceId> &dgx)
    {
        auto built = buildDgx8H100Ndr(catalog());
        if (!built)
            qFatal("%s", built.error().message.c_str());
        Design design = std::move(built).value();
        for (const Fabric &fabric : design.fabrics())
            if (fabric.name == "compute-ndr") {
                design.removeFabric(fabric.id);
                break;
            }
        for (const Device &device : design.devices())
            if (device.role == DeviceRole::Compute)
                dgx.push_back(device.id);
        return design;
    }

    SelectionFabricSpec qm9700Spec()
    {
        SelectionFabricSpec spec;
        spec.name = "compute-new";
        spec.switchType = "qm9700";
        return spec; // all 8 rails, rail-optimized, 1:1
    }

private slots:
    void regeneratesEightDgxRailOptimized()
    {
        std::vector<DeviceId> dgx;
        Design design = withoutCompute(dgx);
        QCOMPARE(dgx.size(), std::size_t(8));
        const Design before = design;

        auto changes = generateFabricForNodes(design, catalog(), dgx, qm9700Spec());
        QVERIFY2(changes, changes ? "" : changes.error().message.c_str());

        const Fabric *fabric = nullptr;
        for (const Fabric &f : design.fabrics())
            if (f.name == "compute-new")
                fabric = &f;
        QVERIFY(fabric);
        QCOMPARE(fabric->linkSpeedGbps, 400.0);
        QVERIFY(fabric->topology.railOptimized);
        QCOMPARE(fabric->topology.rails, 8);

        // By hand (ref:al-fares-2008): QM9700 k = 64 ports of 400G; 1:1 -> d = u = 32.
        // 8 nodes fit one node group (8 <= d); 4 rails x 8 nodes = 32 = d, so a rail group is
        // 4 rails: 2 rail groups, leaves = ceil(32 / (k/2)) = 1 per rail group -> L = 2.
        // Spines S = ceil(L/2) = 1 (the smallest divisor of u = 32 >= ceil(2*32/64) = 1),
        // u/S = 32 links from each leaf to it -> leaf-spine links = L x k/2 = 64.
        // Node links = 8 nodes x 8 rails = 64. Total 128.
        int nodeLinks = 0, leafSpineLinks = 0, uncabled = 0;
        std::map<int, int> switchesByTier;
        std::set<DeviceId> switches;
        for (const Link &link : design.links()) {
            if (link.fabric != fabric->id)
                continue;
            if (link.cableType.empty())
                ++uncabled;
            const Device *a = design.device(link.a.device);
            const Device *b = design.device(link.b.device);
            if (a->role == DeviceRole::Compute || b->role == DeviceRole::Compute)
                ++nodeLinks;
            else
                ++leafSpineLinks;
            for (const Device *end : { a, b })
                if (end->role == DeviceRole::Switch)
                    switches.insert(end->id);
        }
        for (DeviceId id : switches)
            ++switchesByTier[design.device(id)->tier];
        QCOMPARE(nodeLinks, 64);
        QCOMPARE(leafSpineLinks, 64);
        QCOMPARE(uncabled, 0); // every link got a catalog cable by autoCableLink
        QCOMPARE(switchesByTier[0], 2);
        QCOMPARE(switchesByTier[1], 1);

        // One new rack (3 x 1U switches fit a 42U rack) at the end of the DGX row, after the
        // example's A01 and A02 (positions 0 and 1).
        int newRacks = 0;
        for (const Rack &rack : design.racks())
            if (!before.rack(rack.id)) {
                ++newRacks;
                QCOMPARE(rack.position, 2);
                QVERIFY(rack.row == before.rack(before.device(dgx[0])->rack)->row);
            }
        QCOMPARE(newRacks, 1);

        // Non-blocking: bisection = full bisection = 64 ports x 400 / 2 = 12800 Gb/s.
        auto graph = buildFabricGraph(design, catalog(), fabric->id);
        QVERIFY(graph);
        const FabricReport report = analyzeFabric(*graph);
        QCOMPARE(report.fullBisectionGbps, 12800.0);
        QCOMPARE(report.ratio, 1.0);

        // Existing entities keep their ids and values; the change set lists only new ones:
        // 1 fabric + 1 rack + 3 switches + 128 links = 133.
        for (const Device &device : before.devices())
            QVERIFY(design.device(device.id) && *design.device(device.id) == device);
        for (const Link &link : before.links())
            QVERIFY(design.link(link.id) && *design.link(link.id) == link);
        QCOMPARE(changes->added.size(), std::size_t(133));
        QVERIFY(changes->removed.empty() && changes->modified.empty());
        for (const EntityRef &ref : changes->added)
            QVERIFY(ref.id >= before.nextId());
    }

    void errorsLeaveDesignUnchanged()
    {
        std::vector<DeviceId> dgx;
        Design design = withoutCompute(dgx);
        const std::string bytes = serializeDesign(design, catalog());

        SelectionFabricSpec unknown = qm9700Spec();
        unknown.switchType = "no-such-switch";
        auto result = generateFabricForNodes(design, catalog(), dgx, unknown);
        QVERIFY(!result);
        QVERIFY(result.error().message.find("no-such-switch") != std::string::npos);

        SelectionFabricSpec tooManyRails = qm9700Spec();
        tooManyRails.rails = 9; // a DGX H100 has 8 compute ports
        result = generateFabricForNodes(design, catalog(), dgx, tooManyRails);
        QVERIFY(!result);
        QVERIFY(result.error().message.find("dgx01") != std::string::npos);
        QCOMPARE(serializeDesign(design, catalog()), bytes);

        // Generating once cables every compute port; a second run finds none free.
        QVERIFY(generateFabricForNodes(design, catalog(), dgx, qm9700Spec()));
        const std::string generated = serializeDesign(design, catalog());
        SelectionFabricSpec again = qm9700Spec();
        again.name = "compute-again";
        result = generateFabricForNodes(design, catalog(), dgx, again);
        QVERIFY(!result);
        QVERIFY(result.error().message.find("already cabled") != std::string::npos);
        QCOMPARE(serializeDesign(design, catalog()), generated);
    }
};

QTEST_APPLESS_MAIN(TestSelectionFabric)
#include "tst_selection_fabric.moc"

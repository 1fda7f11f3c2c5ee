// Analysis of generated fabrics: bisection ratio 1.0 for a non-blocking fat tree, 0.5 for a
// 2:1 leaf, and the value after failing one spine, each worked out by hand.

#include "FabricFixtures.h"

#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/FabricLinks.h"
#include "model/fabric/Templates.h"

#include <QtTest>

using namespace cw;

namespace {

GeneratedDesign generate(const std::map<std::string, std::string> &parameters)
{
    auto generated = generateDesign("fat-tree", parameters, test::testCatalog());
    if (!generated)
        qFatal("%s", generated.error().message.c_str());
    return std::move(generated).value();
}

FabricReport analyzeCompute(const Design &design, const std::set<std::string> &failed = {})
{
    const Fabric *compute = nullptr;
    for (const Fabric &fabric : design.fabrics())
        if (fabric.purpose == FabricPurpose::Compute)
            compute = &fabric;
    std::set<DeviceId> ids;
    for (const Device &device : design.devices())
        if (failed.contains(device.name))
            ids.insert(device.id);
    auto graph = buildFabricGraph(design, test::testCatalog(), compute->id, ids);
    if (!graph)
        qFatal("%s", graph.error().message.c_str());
    return analyzeFabric(*graph);
}

} // namespace

class TestFabricAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void nonBlockingIsFullBisection()
    {
        // k = 8, 1:1: 4 down / 4 up per leaf. 16 nodes x 1 rail -> 4 leaves; spines = the
        // smallest divisor of 4 >= ceil(4 x 4 / 8) = 2, each leaf 2 links to each spine.
        const GeneratedDesign generated = generate({ { "nodes", "16" },
                                                     { "rails", "1" },
                                                     { "switch-type", "test-switch-k8" },
                                                     { "storage", "none" } });
        const FabricReport report = analyzeCompute(generated.design);
        QCOMPARE(report.switchesByTier.at(0), 4);
        QCOMPARE(report.switchesByTier.at(1), 2);
        QCOMPARE(report.fullBisectionGbps, 3200.0); // 16 x 400 / 2
        QCOMPARE(report.bisectionGbps, 3200.0);
        QCOMPARE(report.ratio, 1.0);
        QCOMPARE(*report.oversubscription.at(0).worst, 1.0);
        QCOMPARE(*report.oversubscription.at(0).typical, 1.0);
        QCOMPARE(report.partitions.size(), std::size_t(6));
    }

    void graphsFromGroupedLinksAreTheSame()
    {
        // The failure model builds every fabric's graph from the links grouped in one pass
        // (linksByFabric): each graph must be buildFabricGraph's, vertex for vertex and edge
        // for edge, with and without failed switches.
        const GeneratedDesign generated = generate(
            { { "nodes", "32" }, { "rails", "2" }, { "switch-type", "test-switch-k8" } });
        const Design &design = generated.design;
        const auto links = linksByFabric(design);
        std::set<DeviceId> failed;
        for (const Device &device : design.devices())
            if (device.role == DeviceRole::Switch && failed.size() < 2)
                failed.insert(device.id);
        int compared = 0;
        for (const Fabric &fabric : design.fabrics())
            for (const std::set<DeviceId> &down : { std::set<DeviceId> {}, failed }) {
                const auto it = links.find(fabric.id.value);
                QVERIFY(it != links.end());
                const auto plain = buildFabricGraph(design, test::testCatalog(), fabric.id, down);
                const auto grouped = buildFabricGraphFromLinks(design, test::testCatalog(),
                                                               fabric.id, it->second, down);
                QVERIFY(plain && grouped);
                QCOMPARE(grouped->nodeCount, plain->nodeCount);
                QCOMPARE(grouped->otherEndpointLinks, plain->otherEndpointLinks);
                QCOMPARE(grouped->failedLinks, plain->failedLinks);
                QCOMPARE(grouped->vertices.size(), plain->vertices.size());
                for (std::size_t v = 0; v < plain->vertices.size(); ++v) {
                    QCOMPARE(grouped->vertices[v].device, plain->vertices[v].device);
                    QCOMPARE(grouped->vertices[v].tier, plain->vertices[v].tier);
                    QCOMPARE(grouped->vertices[v].otherLinks, plain->vertices[v].otherLinks);
                }
                QCOMPARE(grouped->edges.size(), plain->edges.size());
                QVERIFY(!plain->edges.empty());
                for (std::size_t e = 0; e < plain->edges.size(); ++e) {
                    QCOMPARE(grouped->edges[e].a, plain->edges[e].a);
                    QCOMPARE(grouped->edges[e].b, plain->edges[e].b);
                    QCOMPARE(grouped->edges[e].capacityGbps, plain->edges[e].capacityGbps);
                    QCOMPARE(grouped->edges[e].link, plain->edges[e].link);
                }
                ++compared;
            }
        QVERIFY(compared >= 4); // compute and storage at least, each with and without failures
    }

    void failingOneSpineHalvesTheUplinks()
    {
        // Same fabric, spine0002 failed: each leaf keeps 2 x 400 = 800 Gb/s up. halves puts
        // leaves 1-2 (nodes 1-8) on side A with nothing to switch locally, so the cut is
        // their uplinks: 2 x 800 = 1600 Gb/s. interleaved puts 2 A and 2 B nodes on every
        // leaf: 4 x 2 x 400 = 3200 switched inside the leaves. Minimum 1600, ratio 0.5.
        const GeneratedDesign generated = generate({ { "nodes", "16" },
                                                     { "rails", "1" },
                                                     { "switch-type", "test-switch-k8" },
                                                     { "storage", "none" } });
        const FabricReport report = analyzeCompute(generated.design, { "spine0002" });
        QCOMPARE(report.failedSwitches, std::vector<std::string> { "spine0002" });
        QCOMPARE(report.failedLinks, 8); // 4 leaves x 2 links
        QCOMPARE(report.partitions.at(0).name, std::string("halves"));
        QCOMPARE(report.partitions.at(0).cutGbps, 1600.0);
        QCOMPARE(report.partitions.at(1).cutGbps, 3200.0);
        QCOMPARE(report.bisectionGbps, 1600.0);
        QCOMPARE(report.ratio, 0.5);
        QCOMPARE(report.nodesDisconnected, 0);
        QCOMPARE(*report.oversubscription.at(0).worst, 2.0); // 4 x 400 down, 2 x 400 up
        // Failing both spines leaves four islands of 4 nodes: 12 nodes are cut off from the
        // largest (the first, by order) and halves can only switch inside leaves: 0 Gb/s.
        const FabricReport islands = analyzeCompute(generated.design, { "spine0001", "spine0002" });
        QCOMPARE(islands.nodesDisconnected, 12);
        QCOMPARE(islands.partitions.at(0).cutGbps, 0.0);
    }

    void twoToOneLeafIsHalfBisection()
    {
        // k = 12 at 2:1: d = 12 x 2/3 = 8 down, u = 4 up. 32 nodes -> 4 leaves; spines = the
        // smallest divisor of 4 >= ceil(4 x 4 / 12) = 2. halves: leaves 1-2 (16 nodes,
        // 6400 Gb/s offered) reach the other side only through 2 x 4 x 400 = 3200 Gb/s of
        // uplinks. Full = 32 x 400 / 2 = 6400 -> ratio 0.5.
        const GeneratedDesign generated = generate({ { "nodes", "32" },
                                                     { "rails", "1" },
                                                     { "switch-type", "test-switch-k12" },
                                                     { "oversubscription", "2:1" },
                                                     { "storage", "none" } });
        const FabricReport report = analyzeCompute(generated.design);
        QCOMPARE(report.switchesByTier.at(0), 4);
        QCOMPARE(report.switchesByTier.at(1), 2);
        QCOMPARE(report.fullBisectionGbps, 6400.0);
        QCOMPARE(report.partitions.at(0).cutGbps, 3200.0);
        QCOMPARE(report.bisectionGbps, 3200.0);
        QCOMPARE(report.ratio, 0.5);
        QCOMPARE(*report.oversubscription.at(0).worst, 2.0);
    }

    void threeTierNonBlocking()
    {
        // Full k = 8 three-tier tree (128 hosts): every split has full bisection, 64 x 400.
        const GeneratedDesign generated = generate({ { "nodes", "128" },
                                                     { "rails", "1" },
                                                     { "switch-type", "test-switch-k8" },
                                                     { "storage", "none" } });
        const FabricReport report = analyzeCompute(generated.design);
        QCOMPARE(report.switchesByTier.at(2), 16);
        QCOMPARE(report.fullBisectionGbps, 25600.0);
        QCOMPARE(report.bisectionGbps, 25600.0);
        QCOMPARE(report.ratio, 1.0);
        QCOMPARE(report.oversubscription.size(), std::size_t(2));
        QCOMPARE(*report.oversubscription.at(1).worst, 1.0); // spines: 4 down, 4 up
    }
};

QTEST_GUILESS_MAIN(TestFabricAnalysis)
#include "tst_fabricanalysis.moc"

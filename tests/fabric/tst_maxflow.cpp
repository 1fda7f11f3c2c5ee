// Max-flow and the flow graph: hand-solved networks, the node-contraction of the bisection
// solver against a brute-force minimum cut, the flow graph of the reference designs, and
// GraphML read back with QXmlStreamReader.

#include "FabricFixtures.h"

#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Bisection.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/GraphMl.h"
#include "model/fabric/MaxFlow.h"

#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <limits>

using namespace cw;

namespace {

FabricGraph handGraph(int nodes, int switches, const std::vector<FabricEdge> &edges)
{
    FabricGraph graph;
    graph.fabricName = "hand & <made>";
    graph.nodeCount = nodes;
    for (int v = 0; v < nodes + switches; ++v) {
        FabricVertex vertex;
        vertex.device = DeviceId { static_cast<std::uint64_t>(v + 1) };
        vertex.kind = v < nodes ? VertexKind::Node : VertexKind::Switch;
        vertex.name = (v < nodes ? "n" : "s") + std::to_string(v);
        vertex.tier = v < nodes ? -1 : 0;
        vertex.order = v;
        graph.vertices.push_back(vertex);
    }
    graph.edges = edges;
    return graph;
}

/// Minimum s-t cut of the bisection network by enumerating every side of every vertex:
/// s -> A node (sum of its links), B node -> t, undirected links. Independent of the solver.
double bruteForceCut(const FabricGraph &graph, const std::vector<bool> &inA)
{
    const int count = static_cast<int>(graph.vertices.size());
    std::vector<double> linkSum(static_cast<std::size_t>(count), 0);
    for (const FabricEdge &edge : graph.edges)
        for (int end : { edge.a, edge.b })
            if (graph.isNode(end))
                linkSum[static_cast<std::size_t>(end)] += edge.capacityGbps;
    double best = std::numeric_limits<double>::infinity();
    for (unsigned mask = 0; mask < (1U << count); ++mask) {
        auto sourceSide = [mask](int v) {
            return (mask >> v) & 1U;
        };
        double cut = 0;
        for (int v = 0; v < graph.nodeCount; ++v) {
            if (inA[static_cast<std::size_t>(v)] && !sourceSide(v))
                cut += linkSum[static_cast<std::size_t>(v)];
            if (!inA[static_cast<std::size_t>(v)] && sourceSide(v))
                cut += linkSum[static_cast<std::size_t>(v)];
        }
        for (const FabricEdge &edge : graph.edges)
            if (sourceSide(edge.a) != sourceSide(edge.b))
                cut += edge.capacityGbps;
        best = std::min(best, cut);
    }
    return best;
}

} // namespace

class TestMaxFlow : public QObject
{
    Q_OBJECT

private slots:
    void handSolvedNetwork()
    {
        // s=0 a=1 b=2 t=3, undirected: s-a 4, s-b 1, a-b 2, b-t 5, a-t 1.
        // Cuts: {s} 4+1=5; {s,a} 1+2+1=4; {s,b} 4+2+5=11; {s,a,b} 5+1=6 -> min 4.
        // Flow 4: s->a 3 (a->b 2, a->t 1), s->b 1, b->t 3.
        FlowNetwork network(4);
        std::vector<std::int64_t> capacities;
        for (auto [u, v, c] :
             { std::tuple { 0, 1, 4 }, { 0, 2, 1 }, { 1, 2, 2 }, { 2, 3, 5 }, { 1, 3, 1 } }) {
            network.addPair(u, v);
            capacities.push_back(c);
            capacities.push_back(c);
        }
        network.finalize();
        QCOMPARE(network.solve(0, 3, capacities), std::int64_t(4));
        // Undirected means either direction: only the arc y->x of pair (x, y) leads to t.
        FlowNetwork reverse(4); // s=0 x=1 y=2 t=3: s-y 3, x-y 3 (added as x->y), x-t 3
        reverse.addPair(0, 2);
        reverse.addPair(1, 2);
        reverse.addPair(1, 3);
        reverse.finalize();
        QCOMPARE(reverse.solve(0, 3, { 3, 3, 3, 3, 3, 3 }), std::int64_t(3));
        // A directed pair (c, 0) carries nothing backwards: 0 -> 1 only, so 1 -> 0 is 0.
        FlowNetwork directed(2);
        directed.addPair(0, 1);
        directed.finalize();
        QCOMPARE(directed.solve(1, 0, { 7, 0 }), std::int64_t(0));
        QCOMPARE(directed.solve(0, 1, { 7, 0 }), std::int64_t(7));
    }

    void twoLeafBisectionByHand()
    {
        // n0,n1 on s4; n2,n3 on s5; one 400G link s4-s5. halves {n0,n1}|{n2,n3}: only the
        // s4-s5 link crosses -> 400. interleaved {n0,n2}|{n1,n3}: each leaf switches its pair
        // locally -> 2 x 400 = 800. Full bisection = 4 x 400 / 2 = 800.
        const FabricGraph graph = handGraph(4, 2,
                                            { { 0, 4, 400, LinkId { 101 } },
                                              { 1, 4, 400, LinkId { 102 } },
                                              { 2, 5, 400, LinkId { 103 } },
                                              { 3, 5, 400, LinkId { 104 } },
                                              { 4, 5, 400, LinkId { 105 } } });
        AnalysisOptions options;
        options.randomPartitions = 0;
        const FabricReport report = analyzeFabric(graph, options);
        QCOMPARE(report.partitions.size(), std::size_t(2));
        QCOMPARE(report.partitions[0].name, std::string("halves"));
        QCOMPARE(report.partitions[0].cutGbps, 400.0);
        QCOMPARE(report.partitions[1].name, std::string("interleaved"));
        QCOMPARE(report.partitions[1].cutGbps, 800.0);
        QCOMPARE(report.bisectionGbps, 400.0);
        QCOMPARE(report.fullBisectionGbps, 800.0);
        QCOMPARE(report.ratio, 0.5);
        QCOMPARE(report.nodesDisconnected, 0);
    }

    void contractionMatchesBruteForce()
    {
        // An irregular graph: 6 nodes (0-5), 4 switches (6-9), a direct node-node link and
        // parallel paths; every balanced split is checked against the brute-force min cut.
        const FabricGraph graph = handGraph(6, 4,
                                            { { 0, 6, 400, {} },
                                              { 1, 6, 400, {} },
                                              { 1, 7, 200, {} },
                                              { 2, 7, 400, {} },
                                              { 3, 8, 400, {} },
                                              { 4, 8, 200, {} },
                                              { 4, 9, 400, {} },
                                              { 5, 9, 400, {} },
                                              { 6, 7, 100, {} },
                                              { 7, 8, 300, {} },
                                              { 8, 9, 150, {} },
                                              { 6, 9, 250, {} },
                                              { 0, 5, 100, {} },
                                              { 6, 8, 50, {} },
                                              { 6, 8, 25, {} } });
        const BisectionSolver solver(graph);
        int checked = 0;
        for (unsigned mask = 0; mask < 64; ++mask) {
            if (__builtin_popcount(mask) != 3)
                continue;
            std::vector<bool> inA(6);
            for (int v = 0; v < 6; ++v)
                inA[static_cast<std::size_t>(v)] = (mask >> v) & 1U;
            const double expected = bruteForceCut(graph, inA);
            QCOMPARE(static_cast<double>(solver.cutMbps(inA)) / 1000.0, expected);
            ++checked;
        }
        QCOMPARE(checked, 20); // C(6, 3)
    }

    void partitionsAreBalancedAndFixed()
    {
        AnalysisOptions options;
        const auto partitions = standardPartitions(9, options);
        QCOMPARE(partitions.size(), std::size_t(6)); // halves, interleaved, random-1..4
        for (const NodePartition &partition : partitions) {
            const auto sideA = std::count(partition.inA.begin(), partition.inA.end(), true);
            // Odd counts: interleaved takes orders 0,2,4,6,8 (5); the others floor(9/2) = 4.
            QCOMPARE(sideA, partition.name == "interleaved" ? 5L : 4L);
        }
        QCOMPARE(standardPartitions(9, options)[3].inA, partitions[3].inA); // same seed, same split
        const auto wide = standardPartitions(40, options);
        QVERIFY(wide[2].inA != wide[3].inA); // different seeds, different splits
        QVERIFY(wide[2].inA != wide[0].inA);
    }

    void referenceDesignGraphs()
    {
        const Catalog &catalog = test::testCatalog();
        auto design = buildDgx8H100Ndr(catalog);
        QVERIFY(design);
        const Fabric *compute = nullptr;
        for (const Fabric &fabric : design->fabrics())
            if (fabric.name == "compute-ndr")
                compute = &fabric;
        QVERIFY(compute);
        auto graph = buildFabricGraph(*design, catalog, compute->id);
        QVERIFY(graph);
        // 8 DGX + 2 leaves + 2 spines; 8 x 8 rail links + 2 x 2 x 16 leaf-spine links.
        QCOMPARE(graph->nodeCount, 8);
        QCOMPARE(graph->vertices.size(), std::size_t(12));
        QCOMPARE(graph->edges.size(), std::size_t(128));
        // Canonical order: rack A01 (position 0) holds dgx01-04, A02 dgx05-08, U from 1.
        QCOMPARE(graph->vertices[0].name, std::string("dgx01"));
        QCOMPARE(graph->vertices[4].name, std::string("dgx05"));
        QCOMPARE(graph->vertices[8].name, std::string("leaf01"));
        const FabricReport report = analyzeFabric(*graph);
        // Both leaves hold every node (rails 0-3 / 4-7), so each split is switched inside the
        // leaves: cut = full = 64 x 400 / 2 = 12 800 Gb/s.
        QCOMPARE(report.fullBisectionGbps, 12800.0);
        QCOMPARE(report.bisectionGbps, 12800.0);
        QCOMPARE(report.ratio, 1.0);
        QCOMPARE(report.switchesByTier.at(0), 2);
        QCOMPARE(report.switchesByTier.at(1), 2);
        QCOMPARE(report.linksByTier.at(0), 64);
        QCOMPARE(report.linksByTier.at(1), 64);
        QCOMPARE(report.oversubscription.size(), std::size_t(1));
        QCOMPARE(*report.oversubscription[0].worst, 1.0); // 32 x 400 down, 32 x 400 up

        // Tiers left open are inferred by BFS distance from the nodes.
        for (const Device &device : design->devices())
            if (device.role == DeviceRole::Switch && device.tier >= 0) {
                Device open = device;
                open.tier = -1;
                design.value().updateDevice(open);
            }
        auto inferred = buildFabricGraph(*design, catalog, compute->id);
        QVERIFY(inferred);
        QCOMPARE(inferred->vertices[8].tier, 0);
        QVERIFY(inferred->vertices[8].tierInferred);
        QCOMPARE(inferred->vertices[10].name, std::string("spine01"));
        QCOMPARE(inferred->vertices[10].tier, 1);
    }

    void seedDesignCountsStorageAsOther()
    {
        const Catalog &catalog = test::testCatalog();
        auto design = buildSeed8NodeHdr(catalog);
        QVERIFY(design);
        const Fabric &compute = *design->fabrics().begin();
        auto graph = buildFabricGraph(*design, catalog, compute.id);
        QVERIFY(graph);
        const FabricReport report = analyzeFabric(*graph);
        // 8 nodes x 200G on one switch: every split is switched locally, 4 x 200 = 800.
        QCOMPARE(report.nodes, 8);
        QCOMPARE(report.otherEndpointLinks, 5); // MDS + 4 OSS on the same switch
        QCOMPARE(report.bisectionGbps, 800.0);
        QCOMPARE(report.ratio, 1.0);
        QCOMPARE(report.portUse.size(), std::size_t(1));
        QCOMPARE(report.portUse[0].used, 13);
        QCOMPARE(report.portUse[0].ports, 40);
    }

    void graphMlReadsBack()
    {
        const FabricGraph graph
            = handGraph(2, 1, { { 0, 2, 400, LinkId { 7 } }, { 1, 2, 200, LinkId { 8 } } });
        const std::string xml = fabricGraphMl(graph);
        QXmlStreamReader reader(QByteArray::fromStdString(xml));
        QString graphId;
        QStringList names;
        QList<double> capacities;
        QList<qlonglong> linkIds;
        QString key;
        int nodes = 0;
        int edges = 0;
        while (!reader.atEnd()) {
            reader.readNext();
            if (reader.isStartElement()) {
                if (reader.name() == QLatin1String("graph")) {
                    graphId = reader.attributes().value("id").toString();
                    QCOMPARE(reader.attributes().value("edgedefault").toString(),
                             QString("undirected"));
                }
                nodes += reader.name() == QLatin1String("node") ? 1 : 0;
                edges += reader.name() == QLatin1String("edge") ? 1 : 0;
                if (reader.name() == QLatin1String("data")) {
                    key = reader.attributes().value("key").toString();
                    const QString text = reader.readElementText();
                    if (key == "name")
                        names << text;
                    else if (key == "capacity_gbps")
                        capacities << text.toDouble();
                    else if (key == "link_id")
                        linkIds << text.toLongLong();
                }
            }
        }
        QVERIFY2(!reader.hasError(), qPrintable(reader.errorString()));
        QCOMPARE(graphId, QString("hand & <made>"));
        QCOMPARE(nodes, 3);
        QCOMPARE(edges, 2);
        QCOMPARE(names, (QStringList { "n0", "n1", "s2" }));
        QCOMPARE(capacities, (QList<double> { 400, 200 }));
        QCOMPARE(linkIds, (QList<qlonglong> { 7, 8 }));
        QCOMPARE(sanitizedFileStem("../etc/passwd"), std::string("___etc_passwd"));
        QCOMPARE(sanitizedFileStem("compute-ib"), std::string("compute-ib"));
    }
};

QTEST_GUILESS_MAIN(TestMaxFlow)
#include "tst_maxflow.moc"

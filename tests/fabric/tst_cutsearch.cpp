// The worse-cut search (model/fabric/CutSearch.h): on graphs whose worst balanced cut is known
// by hand and confirmed by trying every balanced split, the Fiduccia-Mattheyses refinement
// finds it where the standard partitions (halves, interleaved, random) miss it.

#include "model/fabric/Bisection.h"
#include "model/fabric/CutSearch.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"

#include <QtTest>

#include <limits>

using namespace cw;

namespace {

/// `switchOf[n]` is the switch of node n; every node link and every switch link `gbps`.
FabricGraph starsOnSwitches(const std::vector<int> &switchOf, int switches,
                            const std::vector<std::pair<int, int>> &switchLinks, double gbps)
{
    FabricGraph graph;
    graph.fabricName = "hand";
    graph.nodeCount = static_cast<int>(switchOf.size());
    const int count = graph.nodeCount + switches;
    for (int v = 0; v < count; ++v) {
        FabricVertex vertex;
        vertex.device = DeviceId { static_cast<std::uint64_t>(v + 1) };
        vertex.kind = v < graph.nodeCount ? VertexKind::Node : VertexKind::Switch;
        vertex.name = (v < graph.nodeCount ? "n" : "s") + std::to_string(v);
        vertex.tier = v < graph.nodeCount ? -1 : 0;
        vertex.order = v;
        graph.vertices.push_back(vertex);
    }
    std::uint64_t link = 1;
    for (int n = 0; n < graph.nodeCount; ++n)
        graph.edges.push_back({ n, graph.nodeCount + switchOf[static_cast<std::size_t>(n)], gbps,
                                LinkId { link++ } });
    for (const auto &[a, b] : switchLinks)
        graph.edges.push_back(
            { graph.nodeCount + a, graph.nodeCount + b, gbps, LinkId { link++ } });
    return graph;
}

/// The smallest max-flow over every balanced split of the nodes (node 0 on side A: the
/// mirror image has the same cut).
std::int64_t worstBalancedCutMbps(const FabricGraph &graph)
{
    const BisectionSolver solver(graph);
    const int n = graph.nodeCount;
    std::int64_t best = std::numeric_limits<std::int64_t>::max();
    for (unsigned mask = 0; mask < (1U << n); ++mask) {
        if (!(mask & 1U) || std::popcount(mask) != n / 2)
            continue;
        std::vector<bool> inA(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v)
            inA[static_cast<std::size_t>(v)] = (mask >> v) & 1U;
        best = std::min(best, solver.cutMbps(inA));
    }
    return best;
}

int countOnA(const std::vector<signed char> &side)
{
    return static_cast<int>(std::count(side.begin(), side.end(), 1));
}

} // namespace

class TestCutSearch : public QObject
{
    Q_OBJECT

private slots:
    void findsTheBridgeBetweenTwoSwitches()
    {
        // Nodes 0, 1, 4, 5 on switch s8, nodes 2, 3, 6, 7 on s9, one 100 Gb/s link between
        // the switches. halves {0,1,2,3} and interleaved {0,2,4,6} each put two A and two B
        // nodes on every switch: 2 x 100 Gb/s flow inside each switch = 400 Gb/s. The worst
        // balanced cut puts each switch's four nodes on one side: only the bridge crosses,
        // 100 Gb/s. With a of a switch's nodes on A (the other switch then has 4 - a), the
        // flow is 2 min(a, 4-a) x 100 + 100 (a != 0, 4), at least 300: 100 is the minimum.
        const FabricGraph graph = starsOnSwitches({ 0, 0, 1, 1, 0, 0, 1, 1 }, 2, { { 0, 1 } }, 100);
        QCOMPARE(worstBalancedCutMbps(graph), std::int64_t(100000));

        AnalysisOptions standard;
        standard.randomPartitions = 0;
        const FabricReport plain = analyzeFabric(graph, standard);
        QCOMPARE(plain.bisectionGbps, 400.0);
        QCOMPARE(plain.bisectionFoundBy, std::string("halves"));

        AnalysisOptions refined = standard;
        refined.refineCut = true;
        const FabricReport report = analyzeFabric(graph, refined);
        QCOMPARE(report.bisectionGbps, 100.0);
        QCOMPARE(report.bisectionFoundBy, std::string("fm-from-halves"));
        QCOMPARE(report.partitions.back().name, std::string("fm-from-halves"));
        QCOMPARE(report.partitions.back().cutGbps, 100.0);

        const RefinedCut cut = refineBalancedCut(graph, { 1, 1, 1, 1, 0, 0, 0, 0 });
        QCOMPARE(cut.cutMbps, std::int64_t(100000));
        QCOMPARE(countOnA(cut.side), 4);
        // Each switch's nodes together.
        QCOMPARE(cut.side[0], cut.side[1]);
        QCOMPARE(cut.side[0], cut.side[4]);
        QCOMPARE(cut.side[0], cut.side[5]);
        QVERIFY(cut.side[2] != cut.side[0]);
        QCOMPARE(cut.side[2], cut.side[3]);
        QCOMPARE(cut.side[2], cut.side[6]);
        QCOMPARE(cut.side[2], cut.side[7]);
    }

    void findsTheHalfRingWhereEveryStandardPartitionMissesIt()
    {
        // Four switches in a ring (s0-s1-s2-s3-s0), node i on switch i mod 4, 100 Gb/s
        // everywhere, 16 nodes. Interleaved (even nodes: switches 0 and 2) cuts all four ring
        // links, 400 Gb/s; halves leaves two A and two B nodes on every switch, 800 Gb/s. The
        // worst balanced cut keeps two neighbouring switches' nodes on A: two ring links,
        // 200 Gb/s (a split switch carries its A-B pairs inside it instead; putting every
        // switch on one side cuts 8 node links).
        std::vector<int> switchOf;
        for (int n = 0; n < 16; ++n)
            switchOf.push_back(n % 4);
        const FabricGraph graph
            = starsOnSwitches(switchOf, 4, { { 0, 1 }, { 1, 2 }, { 2, 3 }, { 3, 0 } }, 100);
        QCOMPARE(worstBalancedCutMbps(graph), std::int64_t(200000));

        const FabricReport plain = analyzeFabric(graph, AnalysisOptions {});
        QVERIFY2(plain.bisectionGbps > 200.0,
                 "a standard partition hit the worst cut: pick another graph");
        AnalysisOptions refined;
        refined.refineCut = true;
        const FabricReport report = analyzeFabric(graph, refined);
        QCOMPARE(report.bisectionGbps, 200.0);
        QVERIFY(report.bisectionFoundBy.starts_with("fm-from-"));
    }

    void keepsBalanceAndSkipsFailedParts()
    {
        // The two-switch graph with s8 failed: nodes 0, 1, 4, 5 are gone with it (they take
        // no part); the four left on s9 split two and two inside s9: 200 Gb/s, and no cut of
        // them can be lower (each A node's 100 Gb/s reaches a B node through s9).
        const FabricGraph graph = starsOnSwitches({ 0, 0, 1, 1, 0, 0, 1, 1 }, 2, { { 0, 1 } }, 100);
        std::vector<bool> gone(graph.vertices.size(), false);
        for (int v : { 0, 1, 4, 5, 8 })
            gone[static_cast<std::size_t>(v)] = true;
        const RefinedCut cut = refineBalancedCut(graph, { -1, -1, 1, 1, -1, -1, 0, 0 }, gone);
        QCOMPARE(countOnA(cut.side), 2);
        for (int v : { 0, 1, 4, 5 })
            QCOMPARE(cut.side[static_cast<std::size_t>(v)], static_cast<signed char>(-1));
        const BisectionSolver solver(graph);
        std::vector<bool> switchDown { true, false };
        QCOMPARE(solver.cutAfterFailuresMbps(cut.side, switchDown, {}), std::int64_t(200000));
    }
};

QTEST_GUILESS_MAIN(TestCutSearch)
#include "tst_cutsearch.moc"

// WarmFlow (model/fabric/WarmFlow.h) against Boost's push-relabel (FlowNetwork::solve) on random
// networks: the baseline from zero, then thousands of lowered-capacity solves started from it
// (vertices closed as failed switches are, arcs lowered as failed links are) must give the same
// max-flow values, exactly (integers); so must solves that also raise arcs (solveChanged). Also
// hand-worked cases.

#include "model/fabric/Bisection.h"
#include "model/fabric/FabricGraph.h"
#include "model/fabric/MaxFlow.h"
#include "model/fabric/WarmFlow.h"

#include <QtTest>

#include <algorithm>
#include <random>

using namespace cw;

namespace {

/// A random two-tier fabric: `nodes` nodes with one or two links to random leaves (a second
/// link to the same leaf is a parallel one), leaves linked to spines with one or two cables,
/// and a few direct node-node links. Capacities in whole Gb/s.
FabricGraph randomFabric(std::mt19937 &random, int nodes, int leaves, int spines)
{
    FabricGraph graph;
    graph.fabricName = "random";
    graph.nodeCount = nodes;
    for (int v = 0; v < nodes + leaves + spines; ++v) {
        FabricVertex vertex;
        vertex.device = DeviceId { static_cast<std::uint64_t>(v + 1) };
        vertex.kind = v < nodes ? VertexKind::Node : VertexKind::Switch;
        vertex.tier = v < nodes ? -1 : (v < nodes + leaves ? 0 : 1);
        vertex.order = v;
        graph.vertices.push_back(vertex);
    }
    std::uint64_t link = 1;
    auto add = [&](int a, int b, double gbps) {
        graph.edges.push_back({ a, b, gbps, LinkId { link++ } });
    };
    std::uniform_int_distribution pickLeaf(nodes, nodes + leaves - 1);
    for (int n = 0; n < nodes; ++n) {
        add(n, pickLeaf(random), 400);
        if (random() % 2)
            add(n, pickLeaf(random), 200);
    }
    for (int leaf = nodes; leaf < nodes + leaves; ++leaf)
        for (int spine = nodes + leaves; spine < nodes + leaves + spines; ++spine)
            for (int cable = 0; cable < 1 + static_cast<int>(random() % 2); ++cable)
                add(leaf, spine, random() % 3 ? 400 : 100);
    for (int k = 0; k < nodes / 8; ++k)
        add(static_cast<int>(random() % nodes), static_cast<int>(random() % nodes), 100);
    return graph;
}

/// A three-tier fat tree as the generators draw it, in pods: `pods` pods of `leavesPerPod`
/// leaves and as many aggregation switches (every leaf to every aggregation switch of its
/// pod), `cores` cores (aggregation switch a of each pod to the cores a, a + leavesPerPod, ...),
/// `nodesPerLeaf` nodes per leaf in leaf order, `rails` links per node to consecutive leaves of
/// its pod. Uplinks full or thinner at random; capacities in whole Gb/s.
FabricGraph threeTierFabric(std::mt19937 &random, int pods, int leavesPerPod, int cores,
                            int nodesPerLeaf, int rails)
{
    FabricGraph graph;
    graph.fabricName = "three-tier";
    const int leaves = pods * leavesPerPod;
    const int nodes = leaves * nodesPerLeaf;
    graph.nodeCount = nodes;
    const int firstLeaf = nodes;
    const int firstAgg = firstLeaf + leaves;
    const int firstCore = firstAgg + leaves;
    for (int v = 0; v < firstCore + cores; ++v) {
        FabricVertex vertex;
        vertex.device = DeviceId { static_cast<std::uint64_t>(v + 1) };
        vertex.kind = v < nodes ? VertexKind::Node : VertexKind::Switch;
        vertex.tier = v < nodes ? -1 : (v < firstAgg ? 0 : (v < firstCore ? 1 : 2));
        vertex.order = v;
        graph.vertices.push_back(vertex);
    }
    std::uint64_t link = 1;
    auto add = [&](int a, int b, double gbps) {
        graph.edges.push_back({ a, b, gbps, LinkId { link++ } });
    };
    const double uplinkGbps = random() % 2 ? 400 : 200;
    for (int n = 0; n < nodes; ++n) {
        const int leaf = n / nodesPerLeaf;
        const int pod = leaf / leavesPerPod;
        for (int r = 0; r < rails; ++r)
            add(n, firstLeaf + pod * leavesPerPod + (leaf + r) % leavesPerPod, 400);
    }
    for (int leaf = 0; leaf < leaves; ++leaf) {
        const int pod = leaf / leavesPerPod;
        for (int a = 0; a < leavesPerPod; ++a)
            add(firstLeaf + leaf, firstAgg + pod * leavesPerPod + a, uplinkGbps);
    }
    for (int agg = 0; agg < leaves; ++agg)
        for (int c = agg % leavesPerPod; c < cores; c += leavesPerPod)
            add(firstAgg + agg, firstCore + c, random() % 4 ? uplinkGbps : 100);
    return graph;
}

} // namespace

class TestWarmFlow : public QObject
{
    Q_OBJECT

private slots:
    void handWorkedDiamond()
    {
        // s=0 -> 1 (5), s -> 2 (4), 1 -> 2 (2), 1 -> t=3 (3), 2 -> t (6). Max-flow 9: the cut
        // {s} has 5 + 4 = 9 and s->1->t 3, s->1->2->t 2, s->2->t 4 carry it.
        FlowNetwork network(4);
        for (auto [u, v] : { std::pair(0, 1), std::pair(0, 2), std::pair(1, 2), std::pair(1, 3),
                             std::pair(2, 3) })
            network.addPair(u, v);
        network.finalize();
        const std::vector<std::int64_t> capacities { 5, 0, 4, 0, 2, 0, 3, 0, 6, 0 };
        const WarmFlow warm(network, 0, 3, capacities);
        QCOMPARE(warm.value(), std::int64_t(9));
        // Vertex 1 fails: only s -> 2 -> t is left, min(4, 6) = 4.
        std::vector<std::int64_t> failed = capacities;
        network.closeVertices({ false, true, false, false }, failed);
        QCOMPARE(warm.solveAfter(failed), std::int64_t(4));
        // Arc 2 -> t down to 1: s->1->t 3 + s->2->t 1 + (1->2 cannot reach t) = 4.
        failed = capacities;
        failed[8] = 1;
        QCOMPARE(warm.solveAfter(failed), std::int64_t(4));
    }

    void matchesBoostOnRandomNetworks()
    {
        std::mt19937 random(20261125);
        int solves = 0;
        for (int graphIndex = 0; graphIndex < 60; ++graphIndex) {
            const int vertices = std::uniform_int_distribution(4, 60)(random);
            const int pairs = std::uniform_int_distribution(vertices, vertices * 5)(random);
            FlowNetwork network(vertices);
            std::vector<std::int64_t> capacities;
            std::uniform_int_distribution pick(0, vertices - 1);
            std::uniform_int_distribution<std::int64_t> size(0, 400);
            for (int p = 0; p < pairs; ++p) {
                const int u = pick(random);
                int v = pick(random);
                if (v == u)
                    v = (u + 1) % vertices;
                network.addPair(u, v);
                capacities.push_back(size(random));
                // Half the pairs undirected (both arcs), half directed, as the solver's
                // switch links and s/t arcs are.
                capacities.push_back(random() % 2 ? capacities.back() : 0);
            }
            network.finalize();
            const int source = 0;
            const int sink = vertices - 1;
            const WarmFlow warm(network, source, sink, capacities);
            QCOMPARE(warm.value(), network.solve(source, sink, capacities));
            QCOMPARE(WarmFlow::solve(network, source, sink, capacities), warm.value());
            for (int trial = 0; trial < 40; ++trial) {
                std::vector<std::int64_t> lowered = capacities;
                std::vector<bool> closed(static_cast<std::size_t>(vertices), false);
                const int failures = std::uniform_int_distribution(1, 3)(random);
                for (int f = 0; f < failures; ++f) {
                    if (random() % 2) {
                        const int v = pick(random);
                        if (v != source && v != sink)
                            closed[static_cast<std::size_t>(v)] = true;
                    } else {
                        const auto arc = random() % lowered.size();
                        lowered[arc]
                            = std::uniform_int_distribution<std::int64_t>(0, lowered[arc])(random);
                    }
                }
                network.closeVertices(closed, lowered);
                QCOMPARE(warm.solveAfter(lowered), network.solve(source, sink, lowered));
                ++solves;
            }
        }
        QCOMPARE(solves, 60 * 40);
    }

    void raisedArcsOnTheDiamond()
    {
        // The diamond above (max-flow 9). Raise s -> 1 to 8 and lower s -> 2 to 1: s->1 now
        // offers 8, but 1 only sends 3 to t directly and 2 via 1 -> 2, then 2 -> t (6) also
        // takes s->2's 1: 3 + 2 + 1 = 6 = the cut {1 -> t, 1 -> 2, s -> 2} = 3 + 2 + 1.
        FlowNetwork network(4);
        for (auto [u, v] : { std::pair(0, 1), std::pair(0, 2), std::pair(1, 2), std::pair(1, 3),
                             std::pair(2, 3) })
            network.addPair(u, v);
        network.finalize();
        const WarmFlow warm(network, 0, 3, { 5, 0, 4, 0, 2, 0, 3, 0, 6, 0 });
        QCOMPARE(warm.solveChanged({}, { { 0, 8 }, { 2, 1 } }), std::int64_t(6));
        // Raise 1 -> 2 to 7 as well: s sends 8 + 1 = 9 and t takes 3 + 6 = 9, both reached
        // by 1 -> t 3, 1 -> 2 5, s -> 2 1, 2 -> t 6.
        QCOMPARE(warm.solveChanged({}, { { 0, 8 }, { 2, 1 }, { 4, 7 } }), std::int64_t(9));
        // A raised arc at a closed vertex stays closed: vertex 1 closed, only s -> 2 -> t at 1.
        QCOMPARE(warm.solveChanged({ 1 }, { { 0, 8 }, { 2, 1 } }), std::int64_t(1));
        // The copy is put back after each: the unchanged network still gives 9.
        QCOMPARE(warm.solveChanged({}, {}), std::int64_t(9));
    }

    void raisedAndLoweredMatchBoost()
    {
        // Failures that move nodes between sides raise some arcs and lower others: every
        // solve from the kept flow must equal push-relabel's from zero.
        std::mt19937 random(20261126);
        int solves = 0;
        for (int graphIndex = 0; graphIndex < 40; ++graphIndex) {
            const int vertices = std::uniform_int_distribution(4, 50)(random);
            const int pairs = std::uniform_int_distribution(vertices, vertices * 4)(random);
            FlowNetwork network(vertices);
            std::vector<std::int64_t> capacities;
            std::uniform_int_distribution pick(0, vertices - 1);
            for (int p = 0; p < pairs; ++p) {
                const int u = pick(random);
                int v = pick(random);
                if (v == u)
                    v = (u + 1) % vertices;
                network.addPair(u, v);
                capacities.push_back(std::uniform_int_distribution<std::int64_t>(0, 300)(random));
                capacities.push_back(random() % 2 ? capacities.back() : 0);
            }
            network.finalize();
            const int sink = vertices - 1;
            const WarmFlow warm(network, 0, sink, capacities);
            for (int trial = 0; trial < 40; ++trial) {
                std::vector<std::int64_t> changedCapacities = capacities;
                std::vector<WarmFlow::LoweredArc> changed;
                const int count = std::uniform_int_distribution(1, 6)(random);
                for (int c = 0; c < count; ++c) {
                    const auto arc = static_cast<int>(random() % capacities.size());
                    const std::int64_t to
                        = std::uniform_int_distribution<std::int64_t>(0, 600)(random);
                    changedCapacities[static_cast<std::size_t>(arc)] = to;
                    changed.push_back({ arc, to }); // a repeated arc takes its last value
                }
                std::vector<bool> closed(static_cast<std::size_t>(vertices), false);
                std::vector<int> closedList;
                if (random() % 3 == 0) {
                    const int v = pick(random);
                    if (v != 0 && v != sink) {
                        closed[static_cast<std::size_t>(v)] = true;
                        closedList.push_back(v);
                    }
                }
                network.closeVertices(closed, changedCapacities);
                QCOMPARE(warm.solveChanged(closedList, changed),
                         network.solve(0, sink, changedCapacities));
                ++solves;
            }
        }
        QCOMPARE(solves, 40 * 40);
    }

    void closNetworksWithMovedNodesMatchBoost()
    {
        // Two-level Clos fabrics as BisectionSolver builds them: leaves with an s arc (their
        // side-A nodes) and a t arc (side B), undirected leaf-spine pairs. A failure moves
        // nodes between sides (s arc down, t arc up by the same amount), loses nodes (both
        // down), closes a spine or lowers an uplink. With full uplinks the new max-flow is
        // usually a side's node capacity, a kept cut's bound, where the solve stops early;
        // with thin uplinks it is the spine layer's. Either way push-relabel from zero agrees.
        std::mt19937 random(20261127);
        int solves = 0;
        for (int graphIndex = 0; graphIndex < 30; ++graphIndex) {
            const int leaves = std::uniform_int_distribution(2, 24)(random);
            const int spines = std::uniform_int_distribution(1, 8)(random);
            const int nodesPerLeaf = std::uniform_int_distribution(1, 8)(random);
            const std::int64_t nodeMbps = 400;
            // Uplink per leaf-spine pair: full (non-blocking) or thinner (tapered).
            const std::int64_t uplink = random() % 2
                ? (nodesPerLeaf * nodeMbps + spines - 1) / spines
                : std::uniform_int_distribution<std::int64_t>(1, 400)(random);
            const int source = leaves + spines;
            const int sink = source + 1;
            FlowNetwork network(sink + 1);
            std::vector<std::int64_t> capacities;
            for (int leaf = 0; leaf < leaves; ++leaf)
                for (int spine = 0; spine < spines; ++spine) {
                    network.addPair(leaf, leaves + spine);
                    capacities.insert(capacities.end(), { uplink, uplink });
                }
            std::vector<int> nodesA(static_cast<std::size_t>(leaves));
            for (int leaf = 0; leaf < leaves; ++leaf) {
                nodesA[static_cast<std::size_t>(leaf)] = nodesPerLeaf / 2 + (leaf % 2);
                nodesA[static_cast<std::size_t>(leaf)]
                    = std::min(nodesA[static_cast<std::size_t>(leaf)], nodesPerLeaf);
            }
            auto sArc = [&](int leaf) {
                return 2 * (leaves * spines + 2 * leaf);
            };
            auto tArc = [&](int leaf) {
                return 2 * (leaves * spines + 2 * leaf + 1);
            };
            for (int leaf = 0; leaf < leaves; ++leaf) {
                network.addPair(source, leaf);
                capacities.insert(capacities.end(),
                                  { nodesA[static_cast<std::size_t>(leaf)] * nodeMbps, 0 });
                network.addPair(leaf, sink);
                capacities.insert(
                    capacities.end(),
                    { (nodesPerLeaf - nodesA[static_cast<std::size_t>(leaf)]) * nodeMbps, 0 });
            }
            network.finalize();
            const WarmFlow warm(network, source, sink, capacities);
            QCOMPARE(warm.value(), network.solve(source, sink, capacities));
            std::uniform_int_distribution pickLeaf(0, leaves - 1);
            for (int trial = 0; trial < 40; ++trial) {
                std::vector<std::int64_t> after = capacities;
                std::vector<WarmFlow::LoweredArc> changed;
                auto set = [&](int arc, std::int64_t to) {
                    after[static_cast<std::size_t>(arc)] = std::max<std::int64_t>(to, 0);
                    changed.push_back({ arc, after[static_cast<std::size_t>(arc)] });
                };
                const int moves = std::uniform_int_distribution(0, 4)(random);
                for (int m = 0; m < moves; ++m) { // a node changes sides
                    const int leaf = pickLeaf(random);
                    const bool toA = random() % 2;
                    const int from = toA ? tArc(leaf) : sArc(leaf);
                    const int to = toA ? sArc(leaf) : tArc(leaf);
                    if (after[static_cast<std::size_t>(from)] < nodeMbps)
                        continue;
                    set(from, after[static_cast<std::size_t>(from)] - nodeMbps);
                    set(to, after[static_cast<std::size_t>(to)] + nodeMbps);
                }
                if (random() % 2) { // a node is lost
                    const int arc = random() % 2 ? sArc(pickLeaf(random)) : tArc(pickLeaf(random));
                    set(arc, after[static_cast<std::size_t>(arc)] - nodeMbps);
                }
                if (random() % 4 == 0) { // an uplink loses a cable
                    const int pair = static_cast<int>(random() % (leaves * spines));
                    set(2 * pair, after[static_cast<std::size_t>(2 * pair)] / 2);
                    set(2 * pair + 1, after[static_cast<std::size_t>(2 * pair + 1)] / 2);
                }
                std::vector<bool> closed(static_cast<std::size_t>(sink + 1), false);
                std::vector<int> closedList;
                if (random() % 4 == 0) { // a spine fails
                    const int spine = leaves + static_cast<int>(random() % spines);
                    closed[static_cast<std::size_t>(spine)] = true;
                    closedList.push_back(spine);
                }
                network.closeVertices(closed, after);
                QCOMPARE(warm.solveChanged(closedList, changed),
                         network.solve(source, sink, after));
                ++solves;
            }
            // Every solve put the kept flow back.
            QCOMPARE(warm.solveChanged({}, {}), warm.value());
        }
        QCOMPARE(solves, 30 * 40);
    }

    void bisectionFromPreparedSidesMatchesColdSolves()
    {
        // BisectionSolver's warm solves (the failure sweep's) against its cold ones (capacities
        // worked out in full, push-relabel from zero) on random fabrics: survivors split anew
        // (nodes moved between sides, nodes lost), switches down, single links failed.
        std::mt19937 random(20261128);
        int solves = 0;
        for (int graphIndex = 0; graphIndex < 20; ++graphIndex) {
            const int nodes = std::uniform_int_distribution(8, 120)(random);
            const int leaves = std::uniform_int_distribution(2, 16)(random);
            const int spines = std::uniform_int_distribution(1, 8)(random);
            const FabricGraph graph = randomFabric(random, nodes, leaves, spines);
            BisectionSolver solver(graph);
            std::vector<signed char> halves(static_cast<std::size_t>(nodes));
            std::vector<signed char> interleaved(static_cast<std::size_t>(nodes));
            for (int n = 0; n < nodes; ++n) {
                halves[static_cast<std::size_t>(n)] = n < nodes / 2 ? 1 : 0;
                interleaved[static_cast<std::size_t>(n)] = static_cast<signed char>(n % 2);
            }
            solver.prepareWarmStarts({ halves, interleaved });
            QCOMPARE(solver.preparedCount(), 2);
            const int switches = leaves + spines;
            for (int trial = 0; trial < 30; ++trial) {
                const int prepared = static_cast<int>(random() % 2);
                std::vector<signed char> side = prepared == 0 ? halves : interleaved;
                const int touchedNodes = std::uniform_int_distribution(0, 4)(random);
                for (int t = 0; t < touchedNodes; ++t) {
                    signed char &s = side[random() % side.size()];
                    s = random() % 3 == 0 ? -1 : static_cast<signed char>(!(s > 0));
                }
                std::vector<bool> switchDown(static_cast<std::size_t>(switches), false);
                if (random() % 3 == 0)
                    switchDown[random() % switchDown.size()] = true;
                std::vector<FabricEdgeRef> failedEdges;
                const int failedLinks = std::uniform_int_distribution(0, 3)(random);
                for (int f = 0; f < failedLinks; ++f) {
                    const FabricEdge &edge = graph.edges[random() % graph.edges.size()];
                    failedEdges.push_back(
                        { edge.a, edge.b, BisectionSolver::toMbps(edge.capacityGbps) });
                }
                QCOMPARE(solver.cutAfterFailuresMbps(side, switchDown, failedEdges, prepared),
                         solver.cutAfterFailuresMbps(side, switchDown, failedEdges));
                ++solves;
            }
        }
        QCOMPARE(solves, 20 * 30);
    }

    void threeTierRowLossesMatchColdSolves()
    {
        // A failure sweep's row: a block of consecutive nodes lost and the survivors split
        // anew into halves and interleaved, as standardPartitions splits them. The halves'
        // border moves, so hundreds of nodes change sides: the repair sends flow stuck at one
        // leaf on to a leaf missing flow through the aggregation and core layers (paths of up
        // to four switches) before anything is cancelled. Warm solves against the cold ones
        // (push-relabel from zero), with switches down and links failed on top.
        std::mt19937 random(20261126);
        int solves = 0;
        for (int graphIndex = 0; graphIndex < 12; ++graphIndex) {
            const int pods = std::uniform_int_distribution(2, 5)(random);
            const int leavesPerPod = std::uniform_int_distribution(2, 6)(random);
            const int cores = leavesPerPod * std::uniform_int_distribution(1, 3)(random);
            const int nodesPerLeaf = std::uniform_int_distribution(1, 8)(random);
            const int rails = std::uniform_int_distribution(1, std::min(2, leavesPerPod))(random);
            const FabricGraph graph
                = threeTierFabric(random, pods, leavesPerPod, cores, nodesPerLeaf, rails);
            const int nodes = graph.nodeCount;
            BisectionSolver solver(graph);
            auto split = [&](const std::vector<bool> &lost) {
                std::vector<signed char> halves(static_cast<std::size_t>(nodes), -1);
                std::vector<signed char> interleaved(static_cast<std::size_t>(nodes), -1);
                const int survivors = static_cast<int>(std::count(lost.begin(), lost.end(), false));
                int k = 0;
                for (int n = 0; n < nodes; ++n) {
                    if (lost[static_cast<std::size_t>(n)])
                        continue;
                    halves[static_cast<std::size_t>(n)] = k < survivors / 2 ? 1 : 0;
                    interleaved[static_cast<std::size_t>(n)] = static_cast<signed char>(k % 2);
                    ++k;
                }
                return std::pair(halves, interleaved);
            };
            const auto [halves, interleaved]
                = split(std::vector<bool>(static_cast<std::size_t>(nodes), false));
            solver.prepareWarmStarts({ halves, interleaved });
            QCOMPARE(solver.preparedCount(), 2);
            const int switches = static_cast<int>(graph.vertices.size()) - nodes;
            for (int trial = 0; trial < 25; ++trial) {
                std::vector<bool> lost(static_cast<std::size_t>(nodes), false);
                const int first = static_cast<int>(random() % static_cast<unsigned>(nodes));
                const int count = std::uniform_int_distribution(0, nodes / 3)(random);
                for (int n = first; n < std::min(nodes, first + count); ++n)
                    lost[static_cast<std::size_t>(n)] = true;
                const auto [newHalves, newInterleaved] = split(lost);
                std::vector<bool> switchDown(static_cast<std::size_t>(switches), false);
                if (random() % 3 == 0)
                    switchDown[random() % switchDown.size()] = true;
                std::vector<FabricEdgeRef> failedEdges;
                if (random() % 3 == 0) {
                    const FabricEdge &edge = graph.edges[random() % graph.edges.size()];
                    failedEdges.push_back(
                        { edge.a, edge.b, BisectionSolver::toMbps(edge.capacityGbps) });
                }
                for (int prepared = 0; prepared < 2; ++prepared) {
                    const std::vector<signed char> &side
                        = prepared == 0 ? newHalves : newInterleaved;
                    QCOMPARE(solver.cutAfterFailuresMbps(side, switchDown, failedEdges, prepared),
                             solver.cutAfterFailuresMbps(side, switchDown, failedEdges));
                    ++solves;
                }
            }
            // Every solve put the kept flows back.
            QCOMPARE(
                solver.cutAfterFailuresMbps(
                    halves, std::vector<bool>(static_cast<std::size_t>(switches), false), {}, 0),
                solver.preparedCutMbps(0));
        }
        QCOMPARE(solves, 12 * 25 * 2);
    }

    void refusesAGrownCapacity()
    {
        FlowNetwork network(2);
        network.addPair(0, 1);
        network.finalize();
        const WarmFlow warm(network, 0, 1, { 3, 0 });
        QCOMPARE(warm.value(), std::int64_t(3));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, warm.solveAfter({ 4, 0 }));
    }
};

QTEST_GUILESS_MAIN(TestWarmFlow)
#include "tst_warmflow.moc"

// WarmFlow (model/fabric/WarmFlow.h) against Boost's push-relabel (FlowNetwork::solve) on random
// networks: the baseline from zero, then thousands of lowered-capacity solves started from it
// (vertices closed as failed switches are, arcs lowered as failed links are) must give the same
// max-flow values, exactly (integers). Also one hand-worked case.

#include "model/fabric/MaxFlow.h"
#include "model/fabric/WarmFlow.h"

#include <QtTest>

#include <random>

using namespace cw;

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

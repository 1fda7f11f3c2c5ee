#include "model/fabric/CutSearch.h"

#include "model/fabric/Bisection.h"
#include "model/fabric/FabricGraph.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <stdexcept>

namespace cw {

namespace {

std::size_t at(int index)
{
    return static_cast<std::size_t>(index);
}

/// A graph to split: weighted adjacency lists (Mb/s, exact integers) and, per vertex, the
/// nodes it stands for (1 for a node, 0 for a switch; a cluster's node count when coarsened).
struct WeightedGraph
{
    std::vector<std::vector<std::pair<int, std::int64_t>>> neighbours;
    std::vector<int> weight;
    std::vector<bool> gone;
};

WeightedGraph weighted(const FabricGraph &graph, const std::vector<bool> &vertexGone,
                       const std::vector<bool> &edgeGone)
{
    WeightedGraph g;
    g.neighbours.resize(graph.vertices.size());
    g.gone = vertexGone.empty() ? std::vector<bool>(graph.vertices.size(), false) : vertexGone;
    g.weight.assign(graph.vertices.size(), 0);
    for (int v = 0; v < graph.nodeCount; ++v)
        g.weight[at(v)] = g.gone[at(v)] ? 0 : 1;
    for (std::size_t e = 0; e < graph.edges.size(); ++e) {
        const FabricEdge &edge = graph.edges[e];
        if ((!edgeGone.empty() && edgeGone[e]) || g.gone[at(edge.a)] || g.gone[at(edge.b)])
            continue;
        const std::int64_t mbps = BisectionSolver::toMbps(edge.capacityGbps);
        g.neighbours[at(edge.a)].emplace_back(edge.b, mbps);
        g.neighbours[at(edge.b)].emplace_back(edge.a, mbps);
    }
    return g;
}

/// Sides for the vertices without one (-1, not gone): each joins the side it has more
/// capacity to, in a few rounds so the choice climbs from the leaves to the core.
void placeUnsided(const WeightedGraph &g, std::vector<signed char> &side)
{
    std::vector<int> open;
    for (std::size_t v = 0; v < side.size(); ++v)
        if (side[v] < 0 && !g.gone[v])
            open.push_back(static_cast<int>(v));
    for (int round = 0; round < 4; ++round)
        for (int v : open) {
            std::int64_t towardA = 0;
            std::int64_t towardB = 0;
            for (const auto &[w, mbps] : g.neighbours[at(v)]) {
                if (side[at(w)] == 1)
                    towardA += mbps;
                else if (side[at(w)] == 0)
                    towardB += mbps;
            }
            side[at(v)] = towardA >= towardB ? 1 : 0;
        }
}

std::int64_t cutOf(const WeightedGraph &g, const std::vector<signed char> &side)
{
    std::int64_t cut = 0;
    for (std::size_t v = 0; v < g.neighbours.size(); ++v)
        for (const auto &[w, mbps] : g.neighbours[v])
            if (side[v] >= 0 && side[at(w)] >= 0 && side[v] != side[at(w)])
                cut += mbps;
    return cut / 2;
}

/// A split: its side per vertex, cut, and node imbalance (nodes on A minus the target).
struct Split
{
    std::vector<signed char> side;
    std::int64_t cut = 0;
    int balance = 0;
    int moves = 0;
    int passes = 0;
};

/// Lower imbalance first, then the smaller cut.
bool better(int balance, std::int64_t cut, int bestBalance, std::int64_t bestCut)
{
    return std::pair(std::abs(balance), cut) < std::pair(std::abs(bestBalance), bestCut);
}

/// The moves an FM pass may make, best first: (-gain, vertex) pairs in a min-heap, so the top
/// is the highest gain and, among equal gains, the lowest vertex. An entry goes stale when its
/// vertex's gain changes or the vertex is locked, and is dropped when it reaches the top: the
/// top is then what a sorted set of the current entries would give first (the pass makes the
/// same moves), without a tree node allocated and freed per gain update (a std::set's were a
/// fifth of `analyze` at 32,768 nodes, with their mallocs and frees).
class MoveQueue
{
public:
    void push(std::int64_t gain, int vertex)
    {
        m_heap.emplace_back(-gain, vertex);
        std::push_heap(m_heap.begin(), m_heap.end(), std::greater<>());
    }

    /// The best current entry (-gain, vertex), or null when none is left.
    const std::pair<std::int64_t, int> *top(const std::vector<std::int64_t> &gain,
                                            const std::vector<bool> &locked)
    {
        while (!m_heap.empty()) {
            const auto &[negativeGain, vertex] = m_heap.front();
            if (!locked[at(vertex)] && gain[at(vertex)] == -negativeGain)
                return &m_heap.front();
            std::pop_heap(m_heap.begin(), m_heap.end(), std::greater<>());
            m_heap.pop_back();
        }
        return nullptr;
    }

private:
    std::vector<std::pair<std::int64_t, int>> m_heap;
};

/// One Fiduccia-Mattheyses pass: moves every vertex at most once, the best move first
/// (weighted vertices only from the heavier side, so the imbalance stays within one
/// vertex's weight), then rolls back to the best prefix. Returns whether it improved.
bool fmPass(const WeightedGraph &g, Split &split)
{
    std::vector<signed char> &side = split.side;
    const int count = static_cast<int>(side.size());
    std::vector<std::int64_t> gain(at(count), 0);
    for (int v = 0; v < count; ++v)
        for (const auto &[w, mbps] : g.neighbours[at(v)])
            gain[at(v)] += side[at(w)] == side[at(v)] ? -mbps : mbps;
    MoveQueue free; // weight 0 (switches): move either way
    MoveQueue weighted[2]; // by side
    auto queueOf = [&](int v) -> MoveQueue & {
        return g.weight[at(v)] == 0 ? free : weighted[side[at(v)]];
    };
    for (int v = 0; v < count; ++v)
        if (side[at(v)] >= 0)
            queueOf(v).push(gain[at(v)], v);
    std::vector<bool> locked(at(count), false);
    std::vector<int> moves;
    int balance = split.balance;
    std::int64_t cut = split.cut;
    Split best = split;
    std::size_t bestMoves = 0;
    const std::size_t patience = 200 + at(count) / 8; // moves without a better prefix
    while (moves.size() < bestMoves + patience) {
        int pick = -1;
        std::int64_t pickGain = 0;
        auto consider = [&](MoveQueue &queue) {
            const auto *first = queue.top(gain, locked);
            if (first && (pick < 0 || -first->first > pickGain)) {
                pick = first->second;
                pickGain = -first->first;
            }
        };
        consider(free);
        if (balance >= 0)
            consider(weighted[1]); // A -> B
        if (balance <= 0)
            consider(weighted[0]); // B -> A
        if (pick < 0)
            break;
        locked[at(pick)] = true; // its entries go stale
        balance += side[at(pick)] == 1 ? -g.weight[at(pick)] : g.weight[at(pick)];
        for (const auto &[w, mbps] : g.neighbours[at(pick)]) {
            if (locked[at(w)] || side[at(w)] < 0)
                continue;
            gain[at(w)] += side[at(w)] == side[at(pick)] ? 2 * mbps : -2 * mbps;
        }
        side[at(pick)] = side[at(pick)] == 1 ? 0 : 1;
        for (const auto &[w, mbps] : g.neighbours[at(pick)])
            if (!locked[at(w)] && side[at(w)] >= 0)
                queueOf(w).push(gain[at(w)], w);
        cut -= pickGain;
        moves.push_back(pick);
        if (better(balance, cut, best.balance, best.cut)) {
            best.balance = balance;
            best.cut = cut;
            bestMoves = moves.size();
        }
    }
    for (std::size_t i = moves.size(); i > bestMoves; --i)
        side[at(moves[i - 1])] = side[at(moves[i - 1])] == 1 ? 0 : 1;
    const bool improved = bestMoves > 0;
    split.balance = best.balance;
    split.cut = best.cut;
    split.moves += static_cast<int>(bestMoves);
    return improved;
}

void refine(const WeightedGraph &g, Split &split, int maxPasses)
{
    for (int pass = 0; pass < maxPasses; ++pass) {
        ++split.passes;
        if (!fmPass(g, split))
            break;
    }
}

/// Each node joined with the switch it has the most capacity to: a leaf and the nodes below
/// it move as one, which single moves cannot do (moving the leaf alone first costs all its
/// node links). Returns the cluster of every vertex and the clusters' graph.
std::pair<std::vector<int>, WeightedGraph> coarsen(const FabricGraph &graph, const WeightedGraph &g)
{
    const int count = static_cast<int>(graph.vertices.size());
    std::vector<int> clusterOf(at(count), -1);
    int clusters = 0;
    for (int v = graph.nodeCount; v < count; ++v)
        clusterOf[at(v)] = clusters++;
    for (int v = 0; v < graph.nodeCount; ++v) {
        int best = -1;
        std::int64_t bestMbps = 0;
        for (const auto &[w, mbps] : g.neighbours[at(v)])
            if (!graph.isNode(w) && (best < 0 || mbps > bestMbps)) {
                best = w;
                bestMbps = mbps;
            }
        clusterOf[at(v)] = best >= 0 ? clusterOf[at(best)] : clusters++;
    }
    WeightedGraph coarse;
    coarse.neighbours.resize(at(clusters));
    coarse.weight.assign(at(clusters), 0);
    coarse.gone.assign(at(clusters), true);
    std::vector<std::map<int, std::int64_t>> links(at(clusters));
    for (int v = 0; v < count; ++v) {
        if (g.gone[at(v)])
            continue;
        const int c = clusterOf[at(v)];
        coarse.gone[at(c)] = false;
        coarse.weight[at(c)] += g.weight[at(v)];
        for (const auto &[w, mbps] : g.neighbours[at(v)])
            if (clusterOf[at(w)] != c)
                links[at(c)][clusterOf[at(w)]] += mbps;
    }
    for (int c = 0; c < clusters; ++c)
        coarse.neighbours[at(c)].assign(links[at(c)].begin(), links[at(c)].end());
    return { std::move(clusterOf), std::move(coarse) };
}

/// The refinement from the clusters: sides by majority of each cluster's nodes, refined on
/// the clusters, projected back and refined on the vertices.
Split refineCoarse(const FabricGraph &graph, const WeightedGraph &g,
                   const std::vector<signed char> &start, int targetA, int maxPasses)
{
    const auto [clusterOf, coarse] = coarsen(graph, g);
    std::vector<int> votes(coarse.weight.size(), 0);
    for (int v = 0; v < graph.nodeCount; ++v)
        if (start[at(v)] >= 0)
            votes[at(clusterOf[at(v)])] += start[at(v)] == 1 ? 1 : -1;
    Split split;
    split.side.assign(coarse.weight.size(), -1);
    int onA = 0;
    for (std::size_t c = 0; c < votes.size(); ++c)
        if (!coarse.gone[c] && coarse.weight[c] > 0) {
            split.side[c] = votes[c] >= 0 ? 1 : 0;
            onA += split.side[c] == 1 ? coarse.weight[c] : 0;
        }
    placeUnsided(coarse, split.side);
    split.cut = cutOf(coarse, split.side);
    split.balance = onA - targetA;
    refine(coarse, split, maxPasses);
    Split fine;
    fine.side.assign(graph.vertices.size(), -1);
    onA = 0;
    for (std::size_t v = 0; v < graph.vertices.size(); ++v)
        if (!g.gone[v]) {
            fine.side[v] = split.side[at(clusterOf[v])];
            onA += fine.side[v] == 1 ? g.weight[v] : 0;
        }
    fine.cut = cutOf(g, fine.side);
    fine.balance = onA - targetA;
    fine.passes = split.passes;
    fine.moves = split.moves;
    refine(g, fine, maxPasses);
    return fine;
}

} // namespace

RefinedCut refineBalancedCut(const FabricGraph &graph, const std::vector<signed char> &start,
                             const std::vector<bool> &vertexGone, const std::vector<bool> &edgeGone,
                             int maxPasses)
{
    if (static_cast<int>(start.size()) != graph.nodeCount)
        throw std::invalid_argument("refineBalancedCut: one side per node expected");
    const WeightedGraph g = weighted(graph, vertexGone, edgeGone);
    Split direct;
    direct.side.assign(graph.vertices.size(), -1);
    int targetA = 0;
    for (int v = 0; v < graph.nodeCount; ++v)
        if (!g.gone[at(v)]) {
            direct.side[at(v)] = start[at(v)];
            targetA += start[at(v)] == 1 ? 1 : 0;
        }
    placeUnsided(g, direct.side);
    direct.cut = cutOf(g, direct.side);
    refine(g, direct, maxPasses);
    Split coarse = refineCoarse(graph, g, start, targetA, maxPasses);
    // The start is balanced, so `direct` is; the clusters' split counts only when it is too.
    const Split &best = coarse.balance == 0 && coarse.cut < direct.cut ? coarse : direct;
    RefinedCut result;
    result.side.assign(best.side.begin(), best.side.begin() + graph.nodeCount);
    result.cutMbps = best.cut;
    result.passes = direct.passes + coarse.passes;
    result.moves = best.moves;
    return result;
}

} // namespace cw

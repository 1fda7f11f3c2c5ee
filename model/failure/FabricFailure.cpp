#include "model/failure/FabricFailure.h"

#include "model/core/Design.h"
#include "model/fabric/CutSearch.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>

namespace cw {

namespace {

std::size_t at(int index)
{
    return static_cast<std::size_t>(index);
}

/// Union-find over small integer sets.
struct UnionFind
{
    std::vector<int> parent;
    explicit UnionFind(int count)
        : parent(at(count))
    {
        std::iota(parent.begin(), parent.end(), 0);
    }
    int find(int v)
    {
        while (parent[at(v)] != v)
            v = parent[at(v)] = parent[at(parent[at(v)])];
        return v;
    }
    void join(int a, int b) { parent[at(find(a))] = find(b); }
};

/// Per-thread marks of one simulateFabric call, flat arrays over the fabric's vertices and
/// edges instead of hash sets per failure: an N-1 sweep simulates about 19,000 domains of a
/// 16,384-node design, and the hash containers' allocation and hashing were most of the time
/// of those without max-flows. Only the marks a failure sets are cleared after it (the lists
/// below), so a failure costs its neighbourhood, not the graph; the arrays grow to the
/// largest fabric seen and are reused by every later failure on the same thread.
struct Scratch
{
    std::vector<char> vertexDown; ///< per vertex: off in this failure
    std::vector<char> edgeLost; ///< per edge: lost in this failure
    std::vector<char> leafBroken; ///< per vertex: a leaf found broken (countDamage)
    std::vector<int> owner; ///< per vertex: the search that reached it first, -1 (splitPiece)
    std::vector<int> linksLost; ///< per vertex: links lost (appendCutOffVertices), 0 unless listed
    std::vector<int> downList, lostEdgeList, brokenList, ownedList, countedList;
};

/// This thread's scratch, sized for `graph`, every mark clear; the marks set through it are
/// cleared when the guard ends (also when an exception leaves simulateFabric).
class ScratchGuard
{
public:
    explicit ScratchGuard(const FabricGraph &graph)
        : m_scratch(threadScratch())
    {
        const std::size_t vertices = graph.vertices.size();
        if (m_scratch.vertexDown.size() < vertices) {
            m_scratch.vertexDown.resize(vertices, 0);
            m_scratch.leafBroken.resize(vertices, 0);
            m_scratch.owner.resize(vertices, -1);
            m_scratch.linksLost.resize(vertices, 0);
        }
        if (m_scratch.edgeLost.size() < graph.edges.size())
            m_scratch.edgeLost.resize(graph.edges.size(), 0);
    }
    ~ScratchGuard()
    {
        for (int v : m_scratch.downList)
            m_scratch.vertexDown[at(v)] = 0;
        for (int e : m_scratch.lostEdgeList)
            m_scratch.edgeLost[at(e)] = 0;
        for (int v : m_scratch.brokenList)
            m_scratch.leafBroken[at(v)] = 0;
        for (int v : m_scratch.ownedList)
            m_scratch.owner[at(v)] = -1;
        for (int v : m_scratch.countedList)
            m_scratch.linksLost[at(v)] = 0;
        m_scratch.downList.clear();
        m_scratch.lostEdgeList.clear();
        m_scratch.brokenList.clear();
        m_scratch.ownedList.clear();
        m_scratch.countedList.clear();
    }
    ScratchGuard(const ScratchGuard &) = delete;
    ScratchGuard &operator=(const ScratchGuard &) = delete;
    Scratch &operator*() const { return m_scratch; }

private:
    static Scratch &threadScratch()
    {
        thread_local Scratch scratch;
        return scratch;
    }
    Scratch &m_scratch;
};

/// Splits `seeds` (surviving vertices of one unfailed piece that lost a link) into the pieces
/// the failure left. Every survivor of the piece still reaches some seed (its path to the
/// failed part ends at one), so the pieces are the seeds grouped by reachability. A
/// breadth-first search grows from every seed in turn; searches that meet are merged; a
/// search that runs out of vertices has found a whole piece. Once a single search is left
/// running it is the rest of the unfailed piece, which keeps its label: the cost is the size
/// of the pieces split off (times the seeds), not the size of the graph.
void splitPiece(const FabricState &state, Scratch &scratch, const std::vector<int> &seeds,
                std::unordered_map<int, int> &newComponent)
{
    const int count = static_cast<int>(seeds.size());
    if (count < 2)
        return; // one seed: every survivor of the piece reaches it
    // scratch.owner: vertex -> seed that reached it first; ownedList: the vertices it holds.
    std::vector<int> &owner = scratch.owner;
    const std::size_t firstOwned = scratch.ownedList.size();
    std::vector<std::vector<int>> queues(at(count));
    std::vector<std::size_t> heads(at(count), 0);
    for (int i = 0; i < count; ++i) {
        owner[at(seeds[at(i)])] = i;
        scratch.ownedList.push_back(seeds[at(i)]);
        queues[at(i)].push_back(seeds[at(i)]);
    }
    UnionFind groups(count);
    auto running = [&](int i) {
        return heads[at(i)] < queues[at(i)].size();
    };
    for (;;) {
        // Stop when at most one group still has a search running.
        int runningGroup = -1;
        bool several = false;
        for (int i = 0; i < count && !several; ++i)
            if (running(i)) {
                const int group = groups.find(i);
                several = runningGroup >= 0 && group != runningGroup;
                runningGroup = group;
            }
        if (!several) {
            for (std::size_t k = firstOwned; k < scratch.ownedList.size(); ++k) {
                const int vertex = scratch.ownedList[k];
                const int group = groups.find(owner[at(vertex)]);
                if (group != runningGroup)
                    newComponent[vertex]
                        = static_cast<int>(state.graph.vertices.size()) + seeds[at(group)];
            }
            // Pieces are apart, so no search of another piece meets these; cleared anyway.
            for (std::size_t k = firstOwned; k < scratch.ownedList.size(); ++k)
                owner[at(scratch.ownedList[k])] = -1;
            scratch.ownedList.resize(firstOwned);
            return;
        }
        for (int i = 0; i < count; ++i) {
            if (!running(i))
                continue;
            const int u = queues[at(i)][heads[at(i)]++];
            for (int k = state.adjacencyStart[at(u)]; k < state.adjacencyStart[at(u) + 1]; ++k) {
                const auto [w, edge] = state.adjacency[at(k)];
                if (scratch.edgeLost[at(edge)] || scratch.vertexDown[at(w)])
                    continue;
                if (owner[at(w)] < 0) {
                    owner[at(w)] = i;
                    scratch.ownedList.push_back(w);
                    queues[at(i)].push_back(w);
                } else if (groups.find(owner[at(w)]) != groups.find(i)) {
                    groups.join(owner[at(w)], i);
                }
            }
        }
    }
}

/// Looks for a worse balanced cut of the survivors than the worst standard partition
/// (`impact.worstPartition`, whose cut is `worstMbps`) and keeps it when it is lower.
void refineAfter(const FabricState &state, const FabricOutcome &outcome,
                 const std::vector<int> &lostEdgeList, const std::vector<bool> &switchDown,
                 const std::vector<FabricEdgeRef> &failedEdges, const std::vector<int> &survivors,
                 const NodePartition &worst, std::int64_t &worstMbps, FabricImpact &impact)
{
    const FabricGraph &full = state.graph;
    std::vector<bool> vertexGone(full.vertices.size(), false);
    for (int v : outcome.down)
        vertexGone[at(v)] = true;
    std::vector<bool> edgeGone(full.edges.size(), false);
    for (int e : lostEdgeList)
        edgeGone[at(e)] = true;
    std::vector<signed char> start(at(full.nodeCount), -1);
    for (std::size_t k = 0; k < survivors.size(); ++k)
        start[at(survivors[k])] = worst.inA[k] ? 1 : 0;
    const RefinedCut refined = refineBalancedCut(full, start, vertexGone, edgeGone);
    const std::int64_t cut
        = state.solver->cutAfterFailuresMbps(refined.side, switchDown, failedEdges);
    if (cut < worstMbps) {
        worstMbps = cut;
        impact.worstPartition = "fm-from-" + impact.worstPartition;
    }
}

/// The survivors' bisection on the unfailed flow network with the failed parts closed: no
/// graph copy per failure.
void bisectionAfter(const FabricState &state, const FabricOutcome &outcome, const Scratch &scratch,
                    const std::vector<int> &lostEdgeList,
                    const std::unordered_set<std::uint64_t> &links, const AnalysisOptions &analysis,
                    FabricImpact &impact)
{
    const FabricGraph &full = state.graph;
    const int vertexCount = static_cast<int>(full.vertices.size());
    std::vector<bool> switchDown(at(vertexCount - full.nodeCount), false);
    for (int v : outcome.down)
        if (!full.isNode(v))
            switchDown[at(v - full.nodeCount)] = true;
    // Links that failed on their own; those at a down vertex go with the vertex.
    std::vector<FabricEdgeRef> failedEdges;
    for (int e : lostEdgeList) {
        const FabricEdge &edge = full.edges[at(e)];
        if (links.contains(edge.link.value))
            failedEdges.push_back({ edge.a, edge.b, BisectionSolver::toMbps(edge.capacityGbps) });
    }
    std::vector<int> survivors;
    survivors.reserve(at(full.nodeCount));
    for (int v = 0; v < full.nodeCount; ++v)
        if (!scratch.vertexDown[at(v)])
            survivors.push_back(v);
    const bool allNodes = static_cast<int>(survivors.size()) == full.nodeCount;
    const std::vector<NodePartition> partitions = allNodes
        ? state.partitions
        : standardPartitions(static_cast<int>(survivors.size()), analysis);
    std::int64_t worstMbps = -1;
    std::size_t worst = 0;
    std::vector<signed char> side(at(full.nodeCount));
    for (const NodePartition &partition : partitions) {
        std::fill(side.begin(), side.end(), -1);
        for (std::size_t k = 0; k < survivors.size(); ++k)
            side[at(survivors[k])] = partition.inA[k] ? 1 : 0;
        // From the unfailed flow of the same partition: with nodes lost the survivors are
        // split anew, which moves some between sides (BisectionSolver changes those arcs).
        const int index = static_cast<int>(&partition - partitions.data());
        const int warm = state.warm && index < state.solver->preparedCount() ? index : -1;
        const std::int64_t cut
            = state.solver->cutAfterFailuresMbps(side, switchDown, failedEdges, warm);
        if (worstMbps < 0 || cut < worstMbps) {
            worstMbps = cut;
            worst = static_cast<std::size_t>(&partition - partitions.data());
            impact.worstPartition = partition.name;
        }
    }
    if (analysis.refineCut && !partitions.empty())
        refineAfter(state, outcome, lostEdgeList, switchDown, failedEdges, survivors,
                    partitions[worst], worstMbps, impact);
    impact.bisectionGbps = static_cast<double>(std::max<std::int64_t>(worstMbps, 0)) / 1000.0;
}

/// Node and leaf counts, from the touched vertices only (every other node keeps every link,
/// every other leaf stays whole).
void countDamage(const FabricState &state, const FabricOutcome &outcome, Scratch &scratch,
                 FabricImpact &impact)
{
    const FabricGraph &full = state.graph;
    for (const auto &[v, lost] : outcome.lostDegree) {
        if (!full.isNode(v))
            continue;
        if (lost == state.degree[at(v)])
            ++impact.nodesDisconnected;
        else
            ++impact.nodesDegraded;
    }
    // A leaf is whole when it is up and every node cabled to it keeps all its links.
    auto breakLeaf = [&](int leaf) {
        if (!scratch.leafBroken[at(leaf)]) {
            scratch.leafBroken[at(leaf)] = 1;
            scratch.brokenList.push_back(leaf);
        }
    };
    auto breakLeavesOf = [&](int node) {
        for (int k = state.adjacencyStart[at(node)]; k < state.adjacencyStart[at(node) + 1]; ++k) {
            const int w = state.adjacency[at(k)].first;
            if (!full.isNode(w) && full.vertices[at(w)].tier == 0)
                breakLeaf(w);
        }
    };
    for (int v : scratch.downList) {
        if (full.isNode(v))
            breakLeavesOf(v);
        else if (full.vertices[at(v)].tier == 0)
            breakLeaf(v);
    }
    for (const auto &[v, lost] : outcome.lostDegree)
        if (full.isNode(v))
            breakLeavesOf(v);
    impact.leavesWhole = state.leaves - static_cast<int>(scratch.brokenList.size());
}

/// The vertices of the devices turned off, each once, into the scratch's down list.
void markDown(const FabricState &state, Scratch &scratch,
              const std::unordered_set<std::uint64_t> &off)
{
    for (std::uint64_t id : off)
        if (auto it = state.vertexOf.find(id);
            it != state.vertexOf.end() && !scratch.vertexDown[at(it->second)]) {
            scratch.vertexDown[at(it->second)] = 1;
            scratch.downList.push_back(it->second);
        }
}

} // namespace

FabricState FabricState::make(const Fabric &fabric, FabricGraph graph,
                              const AnalysisOptions &options, bool warmStart)
{
    FabricState state;
    state.fabric = &fabric;
    state.graph = std::move(graph);
    const FabricGraph &g = state.graph;
    const int vertexCount = static_cast<int>(g.vertices.size());
    state.degree.assign(at(vertexCount), 0);
    UnionFind pieces(vertexCount);
    state.edgeOfLink.reserve(g.edges.size());
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const FabricEdge &edge = g.edges[e];
        ++state.degree[at(edge.a)];
        ++state.degree[at(edge.b)];
        state.edgeOfLink.emplace_back(edge.link.value, static_cast<int>(e));
        pieces.join(edge.a, edge.b);
    }
    if (!std::is_sorted(state.edgeOfLink.begin(), state.edgeOfLink.end())) // built in link order
        std::sort(state.edgeOfLink.begin(), state.edgeOfLink.end());
    state.adjacencyStart.assign(at(vertexCount) + 1, 0);
    for (int v = 0; v < vertexCount; ++v)
        state.adjacencyStart[at(v) + 1] = state.adjacencyStart[at(v)] + state.degree[at(v)];
    state.adjacency.resize(g.edges.size() * 2);
    std::vector<int> fill(state.adjacencyStart.begin(), state.adjacencyStart.end() - 1);
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const FabricEdge &edge = g.edges[e];
        state.adjacency[at(fill[at(edge.a)]++)] = { edge.b, static_cast<int>(e) };
        state.adjacency[at(fill[at(edge.b)]++)] = { edge.a, static_cast<int>(e) };
    }
    state.component.assign(at(vertexCount), -1);
    for (int v = 0; v < vertexCount; ++v) {
        state.vertexOf.emplace(g.vertices[at(v)].device.value, v);
        if (state.degree[at(v)] > 0)
            state.component[at(v)] = pieces.find(v);
        if (g.vertices[at(v)].kind == VertexKind::Switch && g.vertices[at(v)].tier == 0)
            ++state.leaves;
    }
    state.partitions = standardPartitions(g.nodeCount, options);
    // Failures that leave every node up keep these partitions: their solves start from the
    // unfailed flows (WarmFlow), only the failed capacities change.
    auto solver = std::make_shared<BisectionSolver>(g);
    std::vector<std::vector<signed char>> sides;
    for (const NodePartition &partition : state.partitions)
        sides.emplace_back(partition.inA.begin(), partition.inA.end());
    if (warmStart)
        solver->prepareWarmStarts(sides);
    // The baseline's cuts are the prepared flows' values: each partition solved once.
    if (warmStart && solver->preparedCount() == static_cast<int>(sides.size())) {
        std::vector<std::int64_t> cuts;
        cuts.reserve(sides.size());
        for (int i = 0; i < solver->preparedCount(); ++i)
            cuts.push_back(solver->preparedCutMbps(i));
        state.baseline = analyzeFabric(g, options, *solver, cuts);
    } else {
        state.baseline = analyzeFabric(g, options);
    }
    state.warm = warmStart;
    state.solver = std::move(solver);
    return state;
}

int FabricState::edgeOf(std::uint64_t id) const
{
    const auto it = std::lower_bound(edgeOfLink.begin(), edgeOfLink.end(),
                                     std::pair<std::uint64_t, int>(id, -1));
    return it != edgeOfLink.end() && it->first == id ? it->second : -1;
}

int FabricOutcome::keptDegree(const FabricState &state, int v) const
{
    const auto it = lostDegree.find(v);
    return state.degree[at(v)] - (it == lostDegree.end() ? 0 : it->second);
}

int FabricOutcome::componentOf(const FabricState &state, int v) const
{
    if (untouched)
        return state.component[at(v)];
    if (isDown(v) || keptDegree(state, v) == 0)
        return -1;
    const auto it = newComponent.find(v);
    return it == newComponent.end() ? state.component[at(v)] : it->second;
}

FabricOutcome simulateFabric(const FabricState &state, const std::unordered_set<std::uint64_t> &off,
                             const std::unordered_set<std::uint64_t> &links,
                             const AnalysisOptions &analysis, bool bisection)
{
    const FabricGraph &full = state.graph;
    FabricOutcome outcome;
    FabricImpact &impact = outcome.impact;
    impact.name = full.fabricName;
    impact.purpose = state.fabric->purpose;
    impact.bisectionBeforeGbps = state.baseline.bisectionGbps;
    impact.leaves = state.leaves;

    const ScratchGuard guard(full);
    Scratch &scratch = *guard;
    markDown(state, scratch, off);
    std::vector<int> &lostEdgeList = scratch.lostEdgeList;
    auto loseEdge = [&](int edge) {
        if (!scratch.edgeLost[at(edge)]) {
            scratch.edgeLost[at(edge)] = 1;
            lostEdgeList.push_back(edge);
        }
    };
    for (std::uint64_t id : links)
        if (const int edge = state.edgeOf(id); edge >= 0)
            loseEdge(edge);
    if (scratch.downList.empty() && lostEdgeList.empty()) {
        outcome.untouched = true;
        impact.bisectionGbps = state.baseline.bisectionGbps;
        impact.worstPartition = state.baseline.bisectionFoundBy;
        impact.leavesWhole = state.leaves; // every node keeps every link
        return outcome;
    }
    outcome.down.reserve(scratch.downList.size());
    for (int v : scratch.downList) {
        outcome.down.insert(v);
        if (!full.isNode(v))
            ++impact.switchesLost;
        for (int k = state.adjacencyStart[at(v)]; k < state.adjacencyStart[at(v) + 1]; ++k)
            loseEdge(state.adjacency[at(k)].second);
    }
    impact.linksLost = static_cast<int>(lostEdgeList.size());
    // A fixed order for the solver; what is counted without it does not depend on the order
    // (a row's failure loses thousands of links, and the N-1 sweep's first pass fails
    // every domain without max-flows).
    if (bisection)
        std::sort(lostEdgeList.begin(), lostEdgeList.end());
    for (int e : lostEdgeList)
        for (int v : { full.edges[at(e)].a, full.edges[at(e)].b })
            if (!scratch.vertexDown[at(v)])
                ++outcome.lostDegree[v];

    // Connectivity: only the pieces holding a touched survivor can split.
    std::map<int, std::vector<int>> seedsByPiece; // ordered: the labels do not depend on hashing
    for (const auto &[v, lost] : outcome.lostDegree)
        if (lost < state.degree[at(v)])
            seedsByPiece[state.component[at(v)]].push_back(v);
    for (auto &[piece, seeds] : seedsByPiece) {
        std::sort(seeds.begin(), seeds.end());
        splitPiece(state, scratch, seeds, outcome.newComponent);
    }
    if (bisection)
        bisectionAfter(state, outcome, scratch, lostEdgeList, links, analysis, impact);
    else
        impact.bisectionGbps = std::numeric_limits<double>::quiet_NaN();
    countDamage(state, outcome, scratch, impact);
    return outcome;
}

void appendCutOffVertices(const FabricState &state, const std::unordered_set<std::uint64_t> &off,
                          const std::unordered_set<std::uint64_t> &links, std::vector<int> &cutOff)
{
    const FabricGraph &full = state.graph;
    const ScratchGuard guard(full);
    Scratch &scratch = *guard;
    markDown(state, scratch, off);
    // As simulateFabric: each lost edge once (a failed link at a down vertex is one loss),
    // counted at its surviving ends.
    auto loseEdge = [&](int edge) {
        if (scratch.edgeLost[at(edge)])
            return;
        scratch.edgeLost[at(edge)] = 1;
        scratch.lostEdgeList.push_back(edge);
        for (int v : { full.edges[at(edge)].a, full.edges[at(edge)].b }) {
            if (scratch.vertexDown[at(v)])
                continue;
            if (scratch.linksLost[at(v)]++ == 0)
                scratch.countedList.push_back(v);
        }
    };
    for (std::uint64_t id : links)
        if (const int edge = state.edgeOf(id); edge >= 0)
            loseEdge(edge);
    for (int v : scratch.downList)
        for (int k = state.adjacencyStart[at(v)]; k < state.adjacencyStart[at(v) + 1]; ++k)
            loseEdge(state.adjacency[at(k)].second);
    for (int v : scratch.countedList)
        if (scratch.linksLost[at(v)] == state.degree[at(v)])
            cutOff.push_back(v);
}

} // namespace cw

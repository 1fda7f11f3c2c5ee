#include "model/fabric/Bisection.h"

#include "model/fabric/FabricGraph.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace cw {

namespace {

/// movedCutMbps starts from zero when more than 1 / kMostlyChanged of the arcs changed.
constexpr std::size_t kMostlyChanged = 16;

} // namespace

std::int64_t BisectionSolver::toMbps(double gbps)
{
    return static_cast<std::int64_t>(std::llround(gbps * 1000.0));
}

BisectionSolver::BisectionSolver(const FabricGraph &graph)
    : m_nodeCount(graph.nodeCount)
    , m_switchCount(static_cast<int>(graph.vertices.size()) - graph.nodeCount)
    , m_network(m_switchCount + 2)
{
    const int source = m_switchCount;
    const int sink = m_switchCount + 1;
    m_nodeLinks.resize(static_cast<std::size_t>(m_nodeCount));
    // Sum parallel links: (switch, switch) keys sorted so the network is built in a fixed order.
    std::vector<std::pair<std::uint64_t, std::int64_t>> switchLinks;
    switchLinks.reserve(graph.edges.size());
    std::map<std::pair<int, int>, std::int64_t> nodeSwitch;
    for (const FabricEdge &edge : graph.edges) {
        const std::int64_t capacity = toMbps(edge.capacityGbps);
        const bool nodeA = graph.isNode(edge.a);
        const bool nodeB = graph.isNode(edge.b);
        if (nodeA && nodeB) {
            m_nodePairs.push_back(NodePair { edge.a, edge.b, capacity });
        } else if (nodeA || nodeB) {
            const int node = nodeA ? edge.a : edge.b;
            const int sw = (nodeA ? edge.b : edge.a) - m_nodeCount;
            auto &links = m_nodeLinks[static_cast<std::size_t>(node)];
            auto it = std::find_if(links.begin(), links.end(),
                                   [sw](const auto &entry) { return entry.first == sw; });
            if (it == links.end())
                links.emplace_back(sw, capacity);
            else
                it->second += capacity;
        } else {
            const auto x = static_cast<std::uint64_t>(std::min(edge.a, edge.b) - m_nodeCount);
            const auto y = static_cast<std::uint64_t>(std::max(edge.a, edge.b) - m_nodeCount);
            switchLinks.emplace_back((x << 32) | y, capacity);
        }
    }
    std::sort(switchLinks.begin(), switchLinks.end());
    std::vector<std::int64_t> pairCapacity;
    for (std::size_t i = 0; i < switchLinks.size();) {
        const std::uint64_t key = switchLinks[i].first;
        std::int64_t capacity = 0;
        for (; i < switchLinks.size() && switchLinks[i].first == key; ++i)
            capacity += switchLinks[i].second;
        m_switchPairs.emplace_back(
            key,
            m_network.addPair(static_cast<int>(key >> 32), static_cast<int>(key & 0xffffffffU)));
        pairCapacity.push_back(capacity);
    }
    m_sourcePair.assign(static_cast<std::size_t>(m_switchCount), -1);
    m_sinkPair.assign(static_cast<std::size_t>(m_switchCount), -1);
    for (const auto &links : m_nodeLinks)
        for (const auto &[sw, capacity] : links)
            if (m_sourcePair[static_cast<std::size_t>(sw)] < 0) {
                m_sourcePair[static_cast<std::size_t>(sw)] = m_network.addPair(source, sw);
                m_sinkPair[static_cast<std::size_t>(sw)] = m_network.addPair(sw, sink);
                pairCapacity.push_back(0);
                pairCapacity.push_back(0);
            }
    m_network.finalize();
    // Switch-switch links are undirected: both arcs of the pair carry the capacity. The s/t
    // arcs are directed (reverse capacity 0) and filled in per partition.
    m_baseCapacities.assign(static_cast<std::size_t>(m_network.pairCount()) * 2, 0);
    for (std::size_t pair = 0; pair < pairCapacity.size(); ++pair) {
        m_baseCapacities[2 * pair] = pairCapacity[pair];
        m_baseCapacities[2 * pair + 1] = pairCapacity[pair];
    }
}

std::int64_t BisectionSolver::cutMbps(const std::vector<bool> &inA) const
{
    if (static_cast<int>(inA.size()) != m_nodeCount)
        throw std::invalid_argument("BisectionSolver: one side flag per node expected");
    std::vector<std::int64_t> capacities = m_baseCapacities;
    for (int node = 0; node < m_nodeCount; ++node) {
        const bool a = inA[static_cast<std::size_t>(node)];
        for (const auto &[sw, capacity] : m_nodeLinks[static_cast<std::size_t>(node)]) {
            const int pair = a ? m_sourcePair[static_cast<std::size_t>(sw)]
                               : m_sinkPair[static_cast<std::size_t>(sw)];
            capacities[2 * static_cast<std::size_t>(pair)] += capacity;
        }
    }
    // A direct node-node link across the cut is an s-t arc: it adds its capacity outright.
    std::int64_t direct = 0;
    for (const NodePair &pair : m_nodePairs)
        if (inA[static_cast<std::size_t>(pair.a)] != inA[static_cast<std::size_t>(pair.b)])
            direct += pair.capacity;
    if (m_switchCount == 0)
        return direct;
    return direct + m_network.solve(m_switchCount, m_switchCount + 1, capacities);
}

std::int64_t BisectionSolver::cutAfterFailuresMbps(const std::vector<signed char> &side,
                                                   const std::vector<bool> &switchDown,
                                                   const std::vector<FabricEdgeRef> &failedEdges,
                                                   int warmStart) const
{
    if (static_cast<int>(side.size()) != m_nodeCount
        || static_cast<int>(switchDown.size()) != m_switchCount)
        throw std::invalid_argument("BisectionSolver: one side per node, one flag per switch");
    if (warmStart >= static_cast<int>(m_warm.size()))
        throw std::invalid_argument("BisectionSolver: no such prepared side");
    if (warmStart >= 0 && m_switchCount > 0)
        return side == m_warmSides[static_cast<std::size_t>(warmStart)]
            ? warmCutMbps(warmStart, side, switchDown, failedEdges)
            : movedCutMbps(warmStart, side, switchDown, failedEdges);
    thread_local std::vector<std::int64_t> capacities; // reused: no page faults per solve
    std::int64_t direct = 0;
    capacitiesAfter(side, switchDown, failedEdges, capacities, direct);
    if (m_switchCount == 0)
        return direct;
    return direct + m_network.solve(m_switchCount, m_switchCount + 1, capacities);
}

std::int64_t BisectionSolver::nodePairsAcrossMbps(const std::vector<signed char> &side) const
{
    std::int64_t across = 0;
    for (const NodePair &pair : m_nodePairs) {
        const signed char a = side[static_cast<std::size_t>(pair.a)];
        const signed char b = side[static_cast<std::size_t>(pair.b)];
        if (a >= 0 && b >= 0 && a != b)
            across += pair.capacity;
    }
    return across;
}

std::int64_t
BisectionSolver::failedLinkLosses(const std::vector<signed char> &side,
                                  const std::vector<FabricEdgeRef> &failedEdges,
                                  std::vector<std::pair<int, std::int64_t>> &arcLosses) const
{
    std::int64_t direct = 0;
    for (const FabricEdgeRef &edge : failedEdges) {
        const bool nodeA = edge.a < m_nodeCount;
        const bool nodeB = edge.b < m_nodeCount;
        if (nodeA && nodeB) {
            const signed char a = side[static_cast<std::size_t>(edge.a)];
            const signed char b = side[static_cast<std::size_t>(edge.b)];
            if (a >= 0 && b >= 0 && a != b)
                direct += edge.capacityMbps;
        } else if (nodeA || nodeB) {
            const int sw = (nodeA ? edge.b : edge.a) - m_nodeCount;
            const signed char s = side[static_cast<std::size_t>(nodeA ? edge.a : edge.b)];
            if (s >= 0)
                arcLosses.emplace_back(2
                                           * (s == 1 ? m_sourcePair[static_cast<std::size_t>(sw)]
                                                     : m_sinkPair[static_cast<std::size_t>(sw)]),
                                       edge.capacityMbps);
        } else {
            const auto x = static_cast<std::uint64_t>(std::min(edge.a, edge.b) - m_nodeCount);
            const auto y = static_cast<std::uint64_t>(std::max(edge.a, edge.b) - m_nodeCount);
            const auto it = std::lower_bound(m_switchPairs.begin(), m_switchPairs.end(),
                                             std::pair<std::uint64_t, int>((x << 32) | y, -1));
            if (it != m_switchPairs.end() && it->first == ((x << 32) | y)) {
                arcLosses.emplace_back(2 * it->second, edge.capacityMbps);
                arcLosses.emplace_back(2 * it->second + 1, edge.capacityMbps);
            }
        }
    }
    return direct;
}

std::int64_t BisectionSolver::warmCutMbps(int warmStart, const std::vector<signed char> &side,
                                          const std::vector<bool> &switchDown,
                                          const std::vector<FabricEdgeRef> &failedEdges) const
{
    const WarmFlow &warm = m_warm[static_cast<std::size_t>(warmStart)];
    std::vector<int> closed;
    for (int sw = 0; sw < m_switchCount; ++sw)
        if (switchDown[static_cast<std::size_t>(sw)])
            closed.push_back(sw);
    // What each failed link takes from its arc (summed: parallel links share one).
    std::vector<std::pair<int, std::int64_t>> losses;
    std::int64_t direct = -failedLinkLosses(side, failedEdges, losses);
    std::sort(losses.begin(), losses.end());
    std::vector<WarmFlow::LoweredArc> lowered;
    for (std::size_t i = 0; i < losses.size();) {
        const int arc = losses[i].first;
        std::int64_t lost = 0;
        for (; i < losses.size() && losses[i].first == arc; ++i)
            lost += losses[i].second;
        lowered.push_back({ arc, std::max<std::int64_t>(warm.capacity(arc) - lost, 0) });
    }
    direct += nodePairsAcrossMbps(side);
    return direct + warm.solveLowered(closed, lowered);
}

std::int64_t BisectionSolver::movedCutMbps(int warmStart, const std::vector<signed char> &side,
                                           const std::vector<bool> &switchDown,
                                           const std::vector<FabricEdgeRef> &failedEdges) const
{
    const WarmFlow &warm = m_warm[static_cast<std::size_t>(warmStart)];
    const std::vector<signed char> &before = m_warmSides[static_cast<std::size_t>(warmStart)];
    // Only the s and t arcs of nodes that changed sides (or were lost) and the arcs of failed
    // links differ from the prepared capacities: their changes are summed per arc, in time
    // that grows with the nodes and the failures, not with the switch network's arcs.
    std::vector<std::pair<int, std::int64_t>> deltas; // (arc, change), summed below
    auto nodeArc = [this](signed char s, int sw) {
        return 2
            * (s == 1 ? m_sourcePair[static_cast<std::size_t>(sw)]
                      : m_sinkPair[static_cast<std::size_t>(sw)]);
    };
    for (int node = 0; node < m_nodeCount; ++node) {
        const signed char was = before[static_cast<std::size_t>(node)];
        const signed char is = side[static_cast<std::size_t>(node)];
        if (was == is)
            continue;
        for (const auto &[sw, capacity] : m_nodeLinks[static_cast<std::size_t>(node)]) {
            if (was >= 0)
                deltas.emplace_back(nodeArc(was, sw), -capacity);
            if (is >= 0)
                deltas.emplace_back(nodeArc(is, sw), capacity);
        }
    }
    const std::size_t moved = deltas.size();
    const std::int64_t directLoss = failedLinkLosses(side, failedEdges, deltas);
    for (std::size_t i = moved; i < deltas.size(); ++i)
        deltas[i].second = -deltas[i].second;
    std::sort(deltas.begin(), deltas.end());
    std::vector<WarmFlow::LoweredArc> changed;
    for (std::size_t i = 0; i < deltas.size();) {
        const int arc = deltas[i].first;
        std::int64_t sum = 0;
        for (; i < deltas.size() && deltas[i].first == arc; ++i)
            sum += deltas[i].second;
        if (sum != 0)
            changed.push_back({ arc, warm.capacity(arc) + sum });
    }
    // A split unlike the prepared one (a random partition of the survivors moves half the
    // nodes) changes most arcs: each lowered one is a repair search, so start from zero.
    if (changed.size() * kMostlyChanged > m_baseCapacities.size()) {
        thread_local std::vector<std::int64_t> capacities; // reused: no page faults per solve
        std::int64_t direct = 0;
        capacitiesAfter(side, switchDown, failedEdges, capacities, direct);
        return direct + m_network.solve(m_switchCount, m_switchCount + 1, capacities);
    }
    std::vector<int> closed;
    for (int sw = 0; sw < m_switchCount; ++sw)
        if (switchDown[static_cast<std::size_t>(sw)])
            closed.push_back(sw);
    std::int64_t direct = -directLoss;
    direct += nodePairsAcrossMbps(side);
    return direct + warm.solveChanged(closed, changed);
}

std::int64_t BisectionSolver::preparedCutMbps(int index) const
{
    return m_warmDirect.at(static_cast<std::size_t>(index))
        + m_warm.at(static_cast<std::size_t>(index)).value();
}

void BisectionSolver::prepareWarmStarts(const std::vector<std::vector<signed char>> &sides)
{
    m_warm.clear();
    m_warmSides.clear();
    m_warmDirect.clear();
    if (m_switchCount == 0)
        return;
    std::vector<std::int64_t> capacities;
    std::int64_t direct = 0;
    for (const std::vector<signed char> &side : sides) {
        capacitiesAfter(side, std::vector<bool>(static_cast<std::size_t>(m_switchCount), false), {},
                        capacities, direct);
        m_warm.emplace_back(m_network, m_switchCount, m_switchCount + 1, capacities);
        m_warmSides.push_back(side);
        m_warmDirect.push_back(direct);
    }
}

void BisectionSolver::capacitiesAfter(const std::vector<signed char> &side,
                                      const std::vector<bool> &switchDown,
                                      const std::vector<FabricEdgeRef> &failedEdges,
                                      std::vector<std::int64_t> &capacities,
                                      std::int64_t &direct) const
{
    capacities = m_baseCapacities;
    // Failed single links first: a node's link lowers that node's summed arc, a switch pair's
    // lowers the pair (both directions).
    std::vector<std::pair<int, std::pair<int, std::int64_t>>> nodeLoss; // node, (switch, Mb/s)
    std::int64_t directLoss = 0;
    for (const FabricEdgeRef &edge : failedEdges) {
        const bool nodeA = edge.a < m_nodeCount;
        const bool nodeB = edge.b < m_nodeCount;
        if (nodeA && nodeB) {
            if (side[static_cast<std::size_t>(edge.a)] >= 0
                && side[static_cast<std::size_t>(edge.b)] >= 0
                && side[static_cast<std::size_t>(edge.a)] != side[static_cast<std::size_t>(edge.b)])
                directLoss += edge.capacityMbps;
        } else if (nodeA || nodeB) {
            nodeLoss.push_back({ nodeA ? edge.a : edge.b,
                                 { (nodeA ? edge.b : edge.a) - m_nodeCount, edge.capacityMbps } });
        } else {
            const auto x = static_cast<std::uint64_t>(std::min(edge.a, edge.b) - m_nodeCount);
            const auto y = static_cast<std::uint64_t>(std::max(edge.a, edge.b) - m_nodeCount);
            const auto it = std::lower_bound(m_switchPairs.begin(), m_switchPairs.end(),
                                             std::pair<std::uint64_t, int>((x << 32) | y, -1));
            if (it != m_switchPairs.end() && it->first == ((x << 32) | y)) {
                capacities[2 * static_cast<std::size_t>(it->second)] -= edge.capacityMbps;
                capacities[2 * static_cast<std::size_t>(it->second) + 1] -= edge.capacityMbps;
            }
        }
    }
    for (int node = 0; node < m_nodeCount; ++node) {
        const signed char s = side[static_cast<std::size_t>(node)];
        if (s < 0)
            continue;
        for (const auto &[sw, capacity] : m_nodeLinks[static_cast<std::size_t>(node)]) {
            std::int64_t left = capacity;
            for (const auto &[lostNode, loss] : nodeLoss)
                if (lostNode == node && loss.first == sw)
                    left -= loss.second;
            const int pair = s == 1 ? m_sourcePair[static_cast<std::size_t>(sw)]
                                    : m_sinkPair[static_cast<std::size_t>(sw)];
            capacities[2 * static_cast<std::size_t>(pair)] += left;
        }
    }
    // A switch that is down carries nothing: every arc into or out of it is closed.
    std::vector<bool> closed(switchDown);
    closed.resize(static_cast<std::size_t>(m_switchCount) + 2, false); // s and t stay open
    m_network.closeVertices(closed, capacities);
    direct = nodePairsAcrossMbps(side) - directLoss;
}

} // namespace cw

#pragma once

#include "model/fabric/MaxFlow.h"
#include "model/fabric/WarmFlow.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace cw {

struct FabricGraph;

/// An edge of the graph a BisectionSolver was built from, as the failure simulation names it.
struct FabricEdgeRef
{
    int a = 0;
    int b = 0;
    std::int64_t capacityMbps = 0;
};

/// Solves the bisection max-flow of docs/fabric.md for many partitions of one graph.
///
/// Exact reduction used for speed: every node of side A is merged into the super-source and
/// every node of side B into the super-sink. The source arc of a node carries the sum of its
/// link speeds, which is at least what any cut through its links costs, so some minimum cut
/// keeps each A node with the source (and B node with the sink); merging them does not
/// change the max-flow. The flow network then holds only the switches, s and t, with the
/// parallel links between two switches summed: a 16k-node fabric solves on ~10k vertices.
class BisectionSolver
{
public:
    explicit BisectionSolver(const FabricGraph &graph);

    /// Max-flow in Mb/s (integers: exact sums) between side A (`inA[node] == true`) and B.
    std::int64_t cutMbps(const std::vector<bool> &inA) const;

    /// The max-flow after failures, without rebuilding the network: `side` is 1 for side A,
    /// 0 for side B and -1 for a node that takes no part (lost); switches with
    /// `switchDown[switch index]` carry nothing; `failedEdges` are graph edges (of the graph
    /// the solver was built from) that no longer carry traffic. Equal to cutMbps() on the
    /// graph with those vertices and edges removed.
    /// With `warmStart` >= 0 the max-flow starts from the unfailed maximum flow of the
    /// side prepareWarmStarts() got at that index (WarmFlow). `side` may differ from it
    /// (nodes lost, survivors split anew): every arc whose capacity differs is changed,
    /// raised or lowered, and the result is the same exact max-flow.
    std::int64_t cutAfterFailuresMbps(const std::vector<signed char> &side,
                                      const std::vector<bool> &switchDown,
                                      const std::vector<FabricEdgeRef> &failedEdges,
                                      int warmStart = -1) const;

    /// Solves each side (as cutAfterFailuresMbps takes it) without failures once and keeps
    /// the flows, so failures of those sides start from them. Not thread-safe; call before
    /// sharing the solver.
    void prepareWarmStarts(const std::vector<std::vector<signed char>> &sides);
    /// How many sides prepareWarmStarts() solved (none on a graph without switches).
    int preparedCount() const { return static_cast<int>(m_warm.size()); }
    /// The unfailed max-flow of prepared side `index` (Mb/s): cutAfterFailuresMbps of that
    /// side without failures, i.e. cutMbps of it.
    std::int64_t preparedCutMbps(int index) const;

    static std::int64_t toMbps(double gbps);

private:
    /// The flow network's capacities for `side` after the failures; `direct` gets the
    /// node-node links across the cut.
    void capacitiesAfter(const std::vector<signed char> &side, const std::vector<bool> &switchDown,
                         const std::vector<FabricEdgeRef> &failedEdges,
                         std::vector<std::int64_t> &capacities, std::int64_t &direct) const;

    /// cutAfterFailuresMbps from the prepared side `warmStart`: only the arcs the failures
    /// reach are lowered, nothing is copied per solve.
    std::int64_t warmCutMbps(int warmStart, const std::vector<signed char> &side,
                             const std::vector<bool> &switchDown,
                             const std::vector<FabricEdgeRef> &failedEdges) const;

    /// cutAfterFailuresMbps from prepared side `warmStart` for a different `side`: the arcs of
    /// the nodes that changed sides and of the failed links are changed (O(nodes + failures)),
    /// the failed switches closed.
    std::int64_t movedCutMbps(int warmStart, const std::vector<signed char> &side,
                              const std::vector<bool> &switchDown,
                              const std::vector<FabricEdgeRef> &failedEdges) const;

    /// What the failed links take from the flow network for `side`: appends (arc, capacity
    /// lost) for each network arc a failed link loses capacity on (both arcs of a switch pair;
    /// one entry per link, not summed) and returns the capacity of the failed node-node links
    /// across the cut.
    std::int64_t failedLinkLosses(const std::vector<signed char> &side,
                                  const std::vector<FabricEdgeRef> &failedEdges,
                                  std::vector<std::pair<int, std::int64_t>> &arcLosses) const;

    /// The capacity of the direct node-node links across the cut `side` draws.
    std::int64_t nodePairsAcrossMbps(const std::vector<signed char> &side) const;

    int m_nodeCount = 0;
    int m_switchCount = 0;
    FlowNetwork m_network;
    std::vector<std::int64_t> m_baseCapacities; ///< switch-switch pairs; s/t arcs zero
    /// Per node: (switch index, summed capacity) of its links to switches.
    std::vector<std::vector<std::pair<int, std::int64_t>>> m_nodeLinks;
    /// Direct node-node links: (node a, node b, capacity).
    struct NodePair
    {
        int a;
        int b;
        std::int64_t capacity;
    };
    std::vector<NodePair> m_nodePairs;
    std::vector<int> m_sourcePair; ///< switch -> pair index of s->switch, -1 if no node link
    std::vector<int> m_sinkPair; ///< switch -> pair index of switch->t
    std::vector<std::pair<std::uint64_t, int>> m_switchPairs; ///< (x << 32 | y) -> pair, sorted
    std::vector<WarmFlow> m_warm; ///< per prepared side
    std::vector<std::vector<signed char>> m_warmSides;
    std::vector<std::int64_t> m_warmDirect; ///< node-node links across each prepared side
};

} // namespace cw

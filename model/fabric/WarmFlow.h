#pragma once

#include <cstdint>
#include <vector>

namespace cw {

class FlowNetwork;

/// Max-flow on a FlowNetwork that starts from a maximum flow of the same network at larger
/// capacities instead of from zero: an N-1 sweep solves the same bisection thousands of times
/// with a few arcs lowered (a failed switch's arcs closed, a failed link subtracted).
///
/// A solve (docs/failure-domains.md, "How the sweep stays fast"): the unfailed flow is cut back
/// to the lowered capacities, which leaves flow stuck at the tails of the lowered arcs and
/// missing at their heads; each is repaired by cancelling flow along a path of positive flow
/// (back to the source or to a vertex missing flow, forward to the sink); the resulting
/// feasible flow is then augmented (Dinic: shortest augmenting paths in level graphs) until no
/// path from source to sink is left in the residual network, which proves it maximum. Values
/// are integers (Mb/s): exact, equal to any other max-flow algorithm's. Each thread keeps a
/// copy of the unfailed flow and capacities and puts back only what a solve changed.
class WarmFlow
{
public:
    /// Solves `network` at `capacities` (one per arc, as FlowNetwork::solve) from zero and
    /// keeps that flow to start from. The network must outlive this object.
    WarmFlow(const FlowNetwork &network, int source, int sink,
             std::vector<std::int64_t> capacities);

    std::int64_t value() const { return m_value; }
    /// The capacity of `arc` it was built with.
    std::int64_t capacity(int arc) const
    {
        return m_capacities[static_cast<std::size_t>(m_position[static_cast<std::size_t>(arc)])];
    }

    /// An arc (FlowNetwork numbering) at a lower capacity than at construction.
    struct LoweredArc
    {
        int arc = 0;
        std::int64_t capacity = 0;
    };
    /// The max-flow with every arc into or out of a vertex of `closedVertices` at 0 and the
    /// `lowered` arcs at their capacity; the other arcs keep the construction's. The work
    /// grows with what the failure reaches, not with the network.
    std::int64_t solveLowered(const std::vector<int> &closedVertices,
                              const std::vector<LoweredArc> &lowered) const;
    /// As solveLowered, but each of `changed` may also be higher than at construction: the
    /// kept flow stays feasible on a raised arc and the augmentation uses the room. Serves
    /// failures that also move nodes between sides (survivors split anew). An arc listed
    /// twice takes its last capacity.
    std::int64_t solveChanged(const std::vector<int> &closedVertices,
                              const std::vector<LoweredArc> &changed) const;
    /// The max-flow at `capacities`, each at most the capacity given at construction.
    std::int64_t solveAfter(const std::vector<std::int64_t> &capacities) const;

    /// Max-flow from zero (Dinic); the same value as FlowNetwork::solve.
    static std::int64_t solve(const FlowNetwork &network, int source, int sink,
                              const std::vector<std::int64_t> &capacities);

private:
    /// Keeps the cuts whose capacity bounds later solves: the trivial ones and
    /// `minimumCuts`, source sides of minimum cuts of the flow just solved.
    void keepCuts(std::vector<std::vector<char>> minimumCuts);

    std::uint64_t m_serial = 0; ///< tells the per-thread copies of different instances apart
    /// Arcs are numbered in CSR order (the network's `arc` is m_position[arc]): the arcs out
    /// of vertex v are m_start[v] .. m_start[v + 1] - 1, each with its head and its reverse.
    std::vector<int> m_start;
    std::vector<int> m_position;
    std::vector<int> m_head;
    std::vector<int> m_reverse;
    int m_source = 0;
    int m_sink = 0;
    std::vector<std::int64_t> m_capacities; ///< per arc (CSR numbering), as everything below
    std::vector<std::int64_t> m_flow; ///< skew-symmetric: m_flow[m_reverse[a]] == -m_flow[a]
    std::int64_t m_value = 0;
    /// Source sides (a flag per vertex) of s-t cuts and their capacities at construction: a
    /// solve adds what it changed on each cut's crossing arcs and stops augmenting once its
    /// flow reaches the smallest (max-flow min-cut), often without searching at all.
    std::vector<std::vector<char>> m_cutSides;
    std::vector<std::int64_t> m_cutCapacities;
};

} // namespace cw

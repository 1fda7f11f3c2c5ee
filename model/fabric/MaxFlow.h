#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace cw {

/// A flow network built once and solved many times with different capacities (one solve per
/// bisection partition). Arcs are added in pairs, each the other's reverse: an undirected
/// edge of capacity c is the pair (c, c); a directed arc is (c, 0). The structure is a Boost
/// compressed_sparse_row_graph; max-flow is Boost's push-relabel (Goldberg-Tarjan with the
/// global-relabel heuristic), O(V^3) worst case, near-linear on fat trees in practice.
/// `solve` is const and may run from several threads at once.
class FlowNetwork
{
public:
    explicit FlowNetwork(int vertexCount);
    ~FlowNetwork();
    FlowNetwork(FlowNetwork &&) noexcept;
    FlowNetwork &operator=(FlowNetwork &&) noexcept;

    /// Adds arcs u->v and v->u; returns the pair's index. Arc 2p is u->v, arc 2p+1 is v->u.
    int addPair(int u, int v);
    int pairCount() const { return static_cast<int>(m_ends.size() / 2); }
    int vertexCount() const { return m_vertexCount; }
    /// The vertex arc `arc` leaves (its head is arcTail(arc ^ 1)).
    int arcTail(int arc) const { return m_ends[static_cast<std::size_t>(arc)]; }
    /// Builds the compressed graph; call once after the last addPair.
    void finalize();

    /// Max-flow value from `source` to `sink`. `capacities` has one entry per arc (2 per
    /// pair, in addPair order); integers, so sums are exact.
    std::int64_t solve(int source, int sink, const std::vector<std::int64_t> &capacities) const;

    /// Sets to zero every arc into or out of a vertex with `closed[vertex]` (a failed switch).
    void closeVertices(const std::vector<bool> &closed,
                       std::vector<std::int64_t> &capacities) const;

private:
    struct Compressed;
    int m_vertexCount = 0;
    std::vector<int> m_ends; ///< (source of arc 2p, source of arc 2p+1) per pair
    std::unique_ptr<Compressed> m_graph;
};

} // namespace cw

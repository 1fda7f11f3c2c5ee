#include "model/fabric/MaxFlow.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>
#include <boost/property_map/property_map.hpp>

#include <stdexcept>
#include <utility>

namespace cw {

using CsrGraph = boost::compressed_sparse_row_graph<boost::directedS>;
using CsrEdge = boost::graph_traits<CsrGraph>::edge_descriptor;

struct FlowNetwork::Compressed
{
    CsrGraph graph;
    std::vector<int> position; ///< arc (addPair order) -> CSR edge index
    std::vector<CsrEdge> reverse; ///< CSR edge index -> its reverse arc
};

FlowNetwork::FlowNetwork(int vertexCount)
    : m_vertexCount(vertexCount)
{ }

FlowNetwork::~FlowNetwork() = default;
FlowNetwork::FlowNetwork(FlowNetwork &&) noexcept = default;
FlowNetwork &FlowNetwork::operator=(FlowNetwork &&) noexcept = default;

int FlowNetwork::addPair(int u, int v)
{
    if (m_graph)
        throw std::logic_error("FlowNetwork::addPair after finalize");
    m_ends.push_back(u);
    m_ends.push_back(v);
    return pairCount() - 1;
}

void FlowNetwork::finalize()
{
    const std::size_t arcs = m_ends.size();
    const auto vertices = static_cast<std::size_t>(m_vertexCount);
    // Counting sort of the arcs by source keeps the CSR index of every arc known, so the
    // reverse map is a direct lookup (Boost would reorder unsorted input itself).
    std::vector<std::size_t> start(vertices + 1, 0);
    for (std::size_t arc = 0; arc < arcs; ++arc)
        ++start[static_cast<std::size_t>(m_ends[arc]) + 1];
    for (std::size_t v = 0; v < vertices; ++v)
        start[v + 1] += start[v];
    auto compressed = std::make_unique<Compressed>();
    compressed->position.resize(arcs);
    std::vector<std::pair<int, int>> sortedArcs(arcs);
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t arc = 0; arc < arcs; ++arc) {
        const int source = m_ends[arc];
        const int target = m_ends[arc ^ 1U];
        const std::size_t at = fill[static_cast<std::size_t>(source)]++;
        sortedArcs[at] = { source, target };
        compressed->position[arc] = static_cast<int>(at);
    }
    compressed->graph
        = CsrGraph(boost::edges_are_sorted, sortedArcs.begin(), sortedArcs.end(), vertices);
    compressed->reverse.resize(arcs);
    for (std::size_t arc = 0; arc < arcs; ++arc) {
        const std::size_t twin = arc ^ 1U;
        compressed->reverse[static_cast<std::size_t>(compressed->position[arc])]
            = CsrEdge(static_cast<std::size_t>(m_ends[twin]),
                      static_cast<std::size_t>(compressed->position[twin]));
    }
    m_graph = std::move(compressed);
}

std::int64_t FlowNetwork::solve(int source, int sink,
                                const std::vector<std::int64_t> &capacities) const
{
    if (!m_graph)
        throw std::logic_error("FlowNetwork::solve before finalize");
    if (capacities.size() != m_ends.size())
        throw std::invalid_argument("FlowNetwork::solve: one capacity per arc expected");
    if (source == sink)
        return 0;
    // Per-thread buffers: a 16k-node fabric has ~10^6 arcs, and fresh 8 MB vectors per solve
    // cost page faults in the thousands of solves of an N-1 sweep.
    thread_local std::vector<std::int64_t> capacity;
    thread_local std::vector<std::int64_t> residual;
    capacity.resize(capacities.size());
    for (std::size_t arc = 0; arc < capacities.size(); ++arc)
        capacity[static_cast<std::size_t>(m_graph->position[arc])] = capacities[arc];
    residual.assign(capacities.size(), 0);
    // push_relabel_max_flow takes the graph by non-const reference but only reads it.
    CsrGraph &graph = const_cast<CsrGraph &>(m_graph->graph);
    const auto edgeIndex = boost::get(boost::edge_index, graph);
    return boost::push_relabel_max_flow(
        graph, static_cast<std::size_t>(source), static_cast<std::size_t>(sink),
        boost::make_iterator_property_map(capacity.begin(), edgeIndex),
        boost::make_iterator_property_map(residual.begin(), edgeIndex),
        boost::make_iterator_property_map(m_graph->reverse.begin(), edgeIndex),
        boost::get(boost::vertex_index, graph));
}

void FlowNetwork::closeVertices(const std::vector<bool> &closed,
                                std::vector<std::int64_t> &capacities) const
{
    for (std::size_t pair = 0; pair < m_ends.size() / 2; ++pair)
        if (closed[static_cast<std::size_t>(m_ends[2 * pair])]
            || closed[static_cast<std::size_t>(m_ends[2 * pair + 1])]) {
            capacities[2 * pair] = 0;
            capacities[2 * pair + 1] = 0;
        }
}

} // namespace cw

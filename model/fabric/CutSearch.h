#pragma once

#include <cstdint>
#include <vector>

namespace cw {

struct FabricGraph;

/// A balanced split of the nodes found by refinement, with the capacity of the links it cuts.
struct RefinedCut
{
    std::vector<signed char> side; ///< per node: 1 side A, 0 side B, -1 not taking part
    std::int64_t cutMbps = 0; ///< links crossing the best split of all vertices found
    int passes = 0;
    int moves = 0; ///< vertices moved, summed over the passes kept
};

/// Looks for a balanced node split with a smaller cut than `start`, Fiduccia-Mattheyses style
/// (ref:fiduccia-mattheyses-1982; Kernighan-Lin's gain idea, ref:kernighan-lin-1970, with
/// single-vertex moves). Every vertex, switch or node, gets a side; a pass moves the vertex
/// whose move lowers the cut most (nodes only while A and B stay within one node of the
/// start's sizes), locks it, and keeps the best balanced prefix of the pass; passes repeat
/// while they improve. The cut of a vertex split bounds the max-flow between its node sides
/// from above, so the caller solves that max-flow for the split returned: a real balanced
/// partition whose bisection is at most the start's and often far below it.
///
/// `start` has one entry per node as in RefinedCut::side; `vertexGone` and `edgeGone`
/// (empty: none) mark failed vertices and edges of `graph`, which carry nothing.
RefinedCut refineBalancedCut(const FabricGraph &graph, const std::vector<signed char> &start,
                             const std::vector<bool> &vertexGone = {},
                             const std::vector<bool> &edgeGone = {}, int maxPasses = 8);

} // namespace cw

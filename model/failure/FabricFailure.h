#pragma once

#include "model/fabric/Bisection.h"
#include "model/failure/WhatIf.h"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace cw {

struct Fabric;

/// One fabric as it was before any failure, with what lets a failure be judged from the
/// failed elements' neighbourhood instead of the whole graph (an N-1 sweep runs thousands).
struct FabricState
{
    const Fabric *fabric = nullptr;
    FabricGraph graph;
    FabricReport baseline;
    std::unordered_map<std::uint64_t, int> vertexOf; ///< device id -> vertex
    /// (link id, edge), sorted by link id: a flat table, as a hash map of every link (522,427
    /// at 16,384 nodes) cost its allocations to build and free, and only failed links look up.
    std::vector<std::pair<std::uint64_t, int>> edgeOfLink;
    /// The edge of link `id`, -1 when the link is not on this fabric.
    int edgeOf(std::uint64_t id) const;
    std::vector<int> degree; ///< per vertex, in the unfailed graph
    std::vector<int> component; ///< per vertex, its connected piece in the unfailed graph
    /// Adjacency (CSR): the (neighbour, edge) pairs of vertex v are
    /// adjacency[adjacencyStart[v] .. adjacencyStart[v + 1]).
    std::vector<int> adjacencyStart;
    std::vector<std::pair<int, int>> adjacency;
    int leaves = 0;
    std::vector<NodePartition> partitions; ///< the standard partitions of all nodes
    std::shared_ptr<const BisectionSolver> solver; ///< on the unfailed graph, reused
    bool warm = false; ///< the solver holds the partitions' unfailed flows

    /// Builds everything above from `graph` (moved in); with `warmStart` the solver keeps the
    /// unfailed flow of each standard partition to start failures from.
    static FabricState make(const Fabric &fabric, FabricGraph graph, const AnalysisOptions &options,
                            bool warmStart = true);
};

/// What a failure did to one fabric: only the vertices it touched are stored.
struct FabricOutcome
{
    FabricImpact impact;
    bool untouched = false; ///< nothing of this fabric failed: the unfailed state holds
    std::unordered_set<int> down; ///< vertices off
    std::unordered_map<int, int> lostDegree; ///< surviving vertex -> links it lost
    std::unordered_map<int, int> newComponent; ///< vertices of pieces split off by the failure

    bool isDown(int v) const { return down.contains(v); }
    int keptDegree(const FabricState &state, int v) const;
    /// The connected piece of a surviving vertex, -1 when it is down or has no link left.
    int componentOf(const FabricState &state, int v) const;
};

/// The failed device ids (`off`) and link ids (`links`) applied to one fabric. With
/// `bisection` false the max-flows are skipped: a touched fabric's bisectionGbps is NaN
/// (not computed); everything else is as with it.
FabricOutcome simulateFabric(const FabricState &state, const std::unordered_set<std::uint64_t> &off,
                             const std::unordered_set<std::uint64_t> &links,
                             const AnalysisOptions &analysis, bool bisection = true);

/// The vertices of `state`'s graph that stay on after the failed device ids (`off`) and link
/// ids (`links`) but keep none of their links (they had some), appended to `cutOff` in no set
/// order: simulateFabric's `keptDegree(v) == 0` for a surviving v, without the connectivity,
/// damage counts and bisection it also works out. An N-1 sweep's first pass needs only which
/// nodes are lost.
void appendCutOffVertices(const FabricState &state, const std::unordered_set<std::uint64_t> &off,
                          const std::unordered_set<std::uint64_t> &links, std::vector<int> &cutOff);

} // namespace cw

#pragma once

#include "model/core/Enums.h"
#include "model/fabric/FabricGraph.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cw {

/// A balanced split of the compute nodes: inA[order] for every node vertex.
struct NodePartition
{
    std::string name;
    std::vector<bool> inA;
};

/// The max-flow between the two sides of one partition.
struct PartitionCut
{
    std::string name;
    double cutGbps = 0;
};

/// Downlink : uplink bandwidth of the switches of one tier (docs/fabric.md). Ratios are
/// down/up per switch; `worst` is the largest, `typical` the median. A switch below the top
/// tier with no uplink left (after a failure) has an infinite ratio (nullopt).
struct TierOversubscription
{
    int tier = 0;
    int switches = 0;
    double downGbps = 0; ///< summed over the tier
    double upGbps = 0;
    std::optional<double> worst;
    std::optional<double> typical;
};

struct SwitchPortUse
{
    std::string name;
    int tier = -1;
    int used = 0; ///< links on this fabric (after failures)
    int ports = 0; ///< fabric ports of the part
};

/// Everything `clusterwright-cli analyze` reports for one fabric.
struct FabricReport
{
    std::string name;
    Technology technology = Technology::InfiniBand;
    int nodes = 0;
    int nodePorts = 0; ///< node-to-switch (and node-to-node) links
    int otherEndpointLinks = 0;
    std::map<int, int> switchesByTier; ///< tier -1 = could not be inferred
    std::map<int, int> linksByTier; ///< by the higher tier of the two ends (node = -1)
    std::vector<SwitchPortUse> portUse;
    std::vector<TierOversubscription> oversubscription;
    std::vector<PartitionCut> partitions;
    double bisectionGbps = 0;
    /// The partition that gave bisectionGbps: the bisection is the minimum over the cuts
    /// tried, so the true one is at most this (docs/fabric.md).
    std::string bisectionFoundBy;
    double fullBisectionGbps = 0;
    double ratio = 0;
    std::vector<std::string> failedSwitches;
    int failedLinks = 0;
    int nodesDisconnected = 0;
};

struct AnalysisOptions
{
    int randomPartitions = 4; ///< seeded random balanced splits besides halves/interleaved
    std::uint64_t seed = 1; ///< split k uses std::mt19937_64(seed + k)
    int threads = 0; ///< 0 = one per hardware thread
    /// Also search for a worse balanced cut by refining the worst standard partition
    /// (model/fabric/CutSearch.h); found cuts are added as partition "fm-from-<start>".
    bool refineCut = false;
};

/// The partitions docs/fabric.md defines: `halves`, `interleaved`, `random-1`.. (fixed
/// seeds, Fisher-Yates with mt19937_64 so every platform draws the same splits).
std::vector<NodePartition> standardPartitions(int nodeCount, const AnalysisOptions &options);

/// The max-flow across `partition`: super-source to side A (capacity = the node's link
/// speeds), side B to super-sink. Gb/s.
double partitionCutGbps(const FabricGraph &graph, const NodePartition &partition);

FabricReport analyzeFabric(const FabricGraph &graph, const AnalysisOptions &options = {});

class BisectionSolver;
/// analyzeFabric with the standard partitions' max-flows already solved: `cutsMbps` holds one
/// per standardPartitions(graph.nodeCount, options) entry, in order (a failure sweep's warm
/// starts solve them anyway); `solver`, built on `graph`, serves the refined cut.
FabricReport analyzeFabric(const FabricGraph &graph, const AnalysisOptions &options,
                           const BisectionSolver &solver,
                           const std::vector<std::int64_t> &cutsMbps);

} // namespace cw

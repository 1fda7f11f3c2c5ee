#include "model/fabric/FabricAnalysis.h"

#include "model/catalog/Part.h"
#include "model/fabric/Bisection.h"
#include "model/fabric/CutSearch.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <random>
#include <stdexcept>
#include <thread>

namespace cw {
namespace {

int findRoot(std::vector<int> &parent, int v)
{
    while (parent[static_cast<std::size_t>(v)] != v) {
        parent[static_cast<std::size_t>(v)]
            = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
        v = parent[static_cast<std::size_t>(v)];
    }
    return v;
}

/// Nodes outside the connected component that holds the most nodes (ties: the component of
/// the lowest-order node among them).
int countDisconnectedNodes(const FabricGraph &graph)
{
    if (graph.nodeCount == 0)
        return 0;
    std::vector<int> parent(graph.vertices.size());
    std::iota(parent.begin(), parent.end(), 0);
    for (const FabricEdge &edge : graph.edges) {
        const int a = findRoot(parent, edge.a);
        const int b = findRoot(parent, edge.b);
        if (a != b)
            parent[static_cast<std::size_t>(std::max(a, b))] = std::min(a, b);
    }
    std::vector<int> nodesIn(graph.vertices.size(), 0);
    int best = -1;
    for (int v = 0; v < graph.nodeCount; ++v) {
        const int root = findRoot(parent, v);
        ++nodesIn[static_cast<std::size_t>(root)];
    }
    for (int v = 0; v < graph.nodeCount; ++v) {
        const int root = findRoot(parent, v);
        if (best < 0
            || nodesIn[static_cast<std::size_t>(root)] > nodesIn[static_cast<std::size_t>(best)])
            best = root;
    }
    return graph.nodeCount - nodesIn[static_cast<std::size_t>(best)];
}

void addCounts(const FabricGraph &graph, FabricReport &report)
{
    const std::size_t count = graph.vertices.size();
    std::vector<int> used(count, 0);
    std::vector<double> down(count, 0);
    std::vector<double> up(count, 0);
    auto tierOf = [&](int v) {
        return graph.vertices[static_cast<std::size_t>(v)].tier;
    };
    for (const FabricEdge &edge : graph.edges) {
        ++used[static_cast<std::size_t>(edge.a)];
        ++used[static_cast<std::size_t>(edge.b)];
        const int ta = tierOf(edge.a);
        const int tb = tierOf(edge.b);
        const bool nodeA = graph.isNode(edge.a);
        const bool nodeB = graph.isNode(edge.b);
        if (nodeA || nodeB)
            ++report.nodePorts;
        // A node sits below every tier; a link belongs to the tier of its higher end.
        const int levelA = nodeA ? -1 : ta;
        const int levelB = nodeB ? -1 : tb;
        if (nodeA && nodeB)
            ++report.linksByTier[-1];
        else
            ++report.linksByTier[nodeA ? levelB : nodeB ? levelA : std::max(levelA, levelB)];
        if (!nodeA && !nodeB && (ta < 0 || tb < 0))
            continue; // a switch of unknown tier is neither up nor down
        if (levelA < levelB) {
            up[static_cast<std::size_t>(edge.a)] += edge.capacityGbps;
            down[static_cast<std::size_t>(edge.b)] += edge.capacityGbps;
        } else if (levelB < levelA) {
            up[static_cast<std::size_t>(edge.b)] += edge.capacityGbps;
            down[static_cast<std::size_t>(edge.a)] += edge.capacityGbps;
        }
    }
    int topTier = -1;
    for (std::size_t v = static_cast<std::size_t>(graph.nodeCount); v < count; ++v) {
        const FabricVertex &vertex = graph.vertices[v];
        ++report.switchesByTier[vertex.tier];
        topTier = std::max(topTier, vertex.tier);
        const int ports = vertex.part ? vertex.part->countPorts(PortRole::Fabric) : 0;
        report.portUse.push_back(
            SwitchPortUse { vertex.name, vertex.tier, used[v] + vertex.otherLinks, ports });
    }
    for (int tier = 0; tier < topTier; ++tier) {
        TierOversubscription entry;
        entry.tier = tier;
        std::vector<double> ratios;
        bool infinite = false;
        for (std::size_t v = static_cast<std::size_t>(graph.nodeCount); v < count; ++v) {
            if (graph.vertices[v].tier != tier)
                continue;
            ++entry.switches;
            entry.downGbps += down[v];
            entry.upGbps += up[v];
            if (up[v] > 0)
                ratios.push_back(down[v] / up[v]);
            else if (down[v] > 0)
                infinite = true;
        }
        std::sort(ratios.begin(), ratios.end());
        if (!ratios.empty()) {
            entry.typical = ratios[(ratios.size() - 1) / 2];
            entry.worst = ratios.back();
        }
        if (infinite)
            entry.worst.reset();
        report.oversubscription.push_back(entry);
    }
}

} // namespace

std::vector<NodePartition> standardPartitions(int nodeCount, const AnalysisOptions &options)
{
    std::vector<NodePartition> partitions;
    if (nodeCount < 2)
        return partitions;
    const auto n = static_cast<std::size_t>(nodeCount);
    const std::size_t half = n / 2;
    NodePartition halves { "halves", std::vector<bool>(n, false) };
    for (std::size_t i = 0; i < half; ++i)
        halves.inA[i] = true;
    partitions.push_back(std::move(halves));
    NodePartition interleaved { "interleaved", std::vector<bool>(n, false) };
    for (std::size_t i = 0; i < n; i += 2)
        interleaved.inA[i] = true;
    partitions.push_back(std::move(interleaved));
    for (int k = 1; k <= options.randomPartitions; ++k) {
        // Fisher-Yates with a plain modulo: mt19937_64's output is fixed by the standard, so
        // the split is the same everywhere (std::shuffle's algorithm is not).
        std::mt19937_64 engine(options.seed + static_cast<std::uint64_t>(k));
        std::vector<std::size_t> permutation(n);
        std::iota(permutation.begin(), permutation.end(), std::size_t { 0 });
        for (std::size_t i = n - 1; i > 0; --i)
            std::swap(permutation[i], permutation[engine() % (i + 1)]);
        NodePartition random { "random-" + std::to_string(k), std::vector<bool>(n, false) };
        for (std::size_t i = 0; i < half; ++i)
            random.inA[permutation[i]] = true;
        partitions.push_back(std::move(random));
    }
    return partitions;
}

double partitionCutGbps(const FabricGraph &graph, const NodePartition &partition)
{
    return static_cast<double>(BisectionSolver(graph).cutMbps(partition.inA)) / 1000.0;
}

namespace {

/// What analyzeFabric reports apart from the bisection.
FabricReport countsOf(const FabricGraph &graph)
{
    FabricReport report;
    report.name = graph.fabricName;
    report.technology = graph.technology;
    report.nodes = graph.nodeCount;
    report.otherEndpointLinks = graph.otherEndpointLinks;
    report.failedSwitches = graph.failedSwitches;
    report.failedLinks = graph.failedLinks;
    addCounts(graph, report);
    report.nodesDisconnected = countDisconnectedNodes(graph);

    double nodeLinkGbps = 0;
    for (const FabricEdge &edge : graph.edges)
        nodeLinkGbps += (graph.isNode(edge.a) ? edge.capacityGbps : 0)
            + (graph.isNode(edge.b) ? edge.capacityGbps : 0);
    report.fullBisectionGbps = nodeLinkGbps / 2;
    return report;
}

/// The bisection from the partitions' cuts: the smallest, refined when asked.
void addBisection(const FabricGraph &graph, const AnalysisOptions &options,
                  const BisectionSolver &solver, const std::vector<NodePartition> &partitions,
                  const std::vector<std::int64_t> &cuts, FabricReport &report)
{
    std::int64_t minimum = cuts.front();
    std::size_t worst = 0;
    for (std::size_t i = 0; i < partitions.size(); ++i) {
        report.partitions.push_back(
            PartitionCut { partitions[i].name, static_cast<double>(cuts[i]) / 1000.0 });
        if (cuts[i] < minimum) {
            minimum = cuts[i];
            worst = i;
        }
    }
    report.bisectionFoundBy = partitions[worst].name;
    if (options.refineCut) {
        const std::vector<signed char> start(partitions[worst].inA.begin(),
                                             partitions[worst].inA.end());
        const RefinedCut refined = refineBalancedCut(graph, start);
        std::vector<bool> inA(refined.side.begin(), refined.side.end());
        const std::int64_t cut = solver.cutMbps(inA);
        if (cut < minimum) {
            minimum = cut;
            report.bisectionFoundBy = "fm-from-" + partitions[worst].name;
            report.partitions.push_back(
                PartitionCut { report.bisectionFoundBy, static_cast<double>(cut) / 1000.0 });
        }
    }
    report.bisectionGbps = static_cast<double>(minimum) / 1000.0;
    report.ratio
        = report.fullBisectionGbps > 0 ? report.bisectionGbps / report.fullBisectionGbps : 0;
}

} // namespace

FabricReport analyzeFabric(const FabricGraph &graph, const AnalysisOptions &options)
{
    FabricReport report = countsOf(graph);
    const std::vector<NodePartition> partitions = standardPartitions(graph.nodeCount, options);
    if (partitions.empty())
        return report;
    const BisectionSolver solver(graph);
    std::vector<std::int64_t> cuts(partitions.size(), 0);
    unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                           : std::max(1U, std::thread::hardware_concurrency());
    threads = std::min<unsigned>(threads, static_cast<unsigned>(partitions.size()));
    std::atomic<std::size_t> next { 0 };
    auto work = [&] {
        for (std::size_t i = next++; i < partitions.size(); i = next++)
            cuts[i] = solver.cutMbps(partitions[i].inA);
    };
    if (threads <= 1) {
        work();
    } else {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t)
            pool.emplace_back(work);
        for (std::thread &thread : pool)
            thread.join();
    }
    addBisection(graph, options, solver, partitions, cuts, report);
    return report;
}

FabricReport analyzeFabric(const FabricGraph &graph, const AnalysisOptions &options,
                           const BisectionSolver &solver, const std::vector<std::int64_t> &cutsMbps)
{
    FabricReport report = countsOf(graph);
    const std::vector<NodePartition> partitions = standardPartitions(graph.nodeCount, options);
    if (partitions.empty())
        return report;
    if (cutsMbps.size() != partitions.size())
        throw std::invalid_argument("analyzeFabric: one cut per standard partition expected");
    addBisection(graph, options, solver, partitions, cutsMbps, report);
    return report;
}

} // namespace cw

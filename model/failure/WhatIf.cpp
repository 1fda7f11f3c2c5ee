#include "model/failure/WhatIf.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/core/PduCapacity.h"
#include "model/fabric/Bisection.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace cw {

/// One fabric as it was before any failure.
struct FabricState
{
    const Fabric *fabric = nullptr;
    FabricGraph graph;
    FabricReport baseline;
    std::unordered_map<std::uint64_t, int> vertexOf; ///< device id -> vertex
    std::unordered_set<std::uint64_t> linkIds; ///< the links of the fabric
    std::vector<int> degree; ///< per vertex, in the unfailed graph
    std::vector<int> component; ///< per vertex, its connected piece in the unfailed graph
    int leaves = 0;
    int leavesWhole = 0; ///< before any failure
    std::shared_ptr<const BisectionSolver> solver; ///< on the unfailed graph, reused
};

struct FailureModel::Data
{
    const Design *design = nullptr;
    const Catalog *catalog = nullptr;
    WhatIfOptions options;
    std::vector<DevicePower> power;
    std::unordered_map<std::uint64_t, std::size_t> powerOf; ///< device id -> index in power
    std::map<std::pair<std::uint64_t, int>, double> baselinePduLoadW;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> powerInRack; ///< rack -> power
    std::vector<FabricState> fabrics;
    std::vector<const Device *> nodes; ///< compute nodes, design order
    std::vector<int> nodeGpus;
};

namespace {

using PduKey = std::pair<std::uint64_t, int>; // rack id, PDU index in the rack

/// The failed entities, gathered from the domains.
struct FailureSet
{
    bool feedDown[2] = { false, false };
    std::set<PduKey> pdus;
    std::unordered_set<std::uint64_t> racks;
    std::unordered_set<std::uint64_t> rows;
    std::unordered_set<std::uint64_t> devices;
    std::unordered_set<std::uint64_t> links;
};

FailureSet gather(const Design &design, const std::vector<FailureDomain> &domains)
{
    FailureSet set;
    for (const FailureDomain &domain : domains) {
        switch (domain.kind) {
        case DomainKind::Feed:
            set.feedDown[static_cast<int>(domain.feed)] = true;
            break;
        case DomainKind::Pdu:
            if (const Rack *rack = design.rack(domain.rack))
                for (std::size_t i = 0; i < rack->pdus.size(); ++i)
                    if (rack->pdus[i].name == domain.pdu)
                        set.pdus.insert({ rack->id.value, static_cast<int>(i) });
            break;
        case DomainKind::Row:
            set.rows.insert(domain.row.value);
            break;
        case DomainKind::Rack:
            set.racks.insert(domain.rack.value);
            break;
        case DomainKind::Switch:
        case DomainKind::Device:
            set.devices.insert(domain.device.value);
            break;
        case DomainKind::Link:
            set.links.insert(domain.link.value);
            break;
        }
    }
    return set;
}

/// The state of every device after the power failures.
struct PowerOutcome
{
    std::unordered_set<std::uint64_t> off;
    std::vector<CappedDevice> capped;
    std::map<PduKey, double> pduLoadW;
};

PowerOutcome simulatePower(const FailureModel::Data &data, const FailureSet &failures)
{
    PowerOutcome outcome;
    const Design &design = *data.design;
    // Only the racks a failure touches can change, unless a whole feed is down: an N-1 sweep
    // over every PDU of a large design stays linear.
    std::vector<std::size_t> affected;
    if (failures.feedDown[0] || failures.feedDown[1]) {
        affected.resize(data.power.size());
        std::iota(affected.begin(), affected.end(), std::size_t { 0 });
    } else {
        std::unordered_set<std::uint64_t> racks(failures.racks.begin(), failures.racks.end());
        for (const auto &[rack, pdu] : failures.pdus)
            racks.insert(rack);
        for (std::uint64_t id : failures.devices)
            if (const Device *device = design.device(DeviceId { id }))
                racks.insert(device->rack.value);
        if (!failures.rows.empty())
            for (const Rack &rack : design.racks())
                if (failures.rows.contains(rack.row.value))
                    racks.insert(rack.id.value);
        for (std::uint64_t rack : racks)
            if (auto it = data.powerInRack.find(rack); it != data.powerInRack.end())
                affected.insert(affected.end(), it->second.begin(), it->second.end());
        // Devices without a rack or part have no power entry; a named one still fails.
    }
    for (std::size_t index : affected) {
        const DevicePower &dp = data.power[index];
        const Rack *rack = design.rack(dp.rack);
        const Device *device = design.device(dp.device);
        if (failures.devices.contains(dp.device.value) || failures.racks.contains(rack->id.value)
            || failures.rows.contains(rack->row.value)) {
            outcome.off.insert(dp.device.value);
            continue;
        }
        if (dp.psuPdu.empty())
            continue; // no PDU in the rack: no power domain to lose short of the rack itself
        std::vector<int> up;
        for (int pdu : dp.psuPdu) {
            const Feed feed = rack->pdus[static_cast<std::size_t>(pdu)].feed;
            if (!failures.feedDown[static_cast<int>(feed)]
                && !failures.pdus.contains({ rack->id.value, pdu }))
                up.push_back(pdu);
        }
        if (up.empty()) {
            outcome.off.insert(dp.device.value);
            continue;
        }
        const int psus = static_cast<int>(dp.psuPdu.size());
        const int psusUp = static_cast<int>(up.size());
        const double availableW = dp.psuAssumed ? dp.maxPowerW : psusUp * dp.psuRatingW;
        const double drawW = std::min(dp.maxPowerW, availableW);
        if (availableW + 1e-9 < dp.maxPowerW)
            outcome.capped.push_back({ dp.device, device->name, psusUp, psus, availableW,
                                       dp.maxPowerW });
        for (int pdu : up)
            outcome.pduLoadW[{ rack->id.value, pdu }] += drawW / psusUp;
    }
    for (std::uint64_t id : failures.devices)
        outcome.off.insert(id);
    return outcome;
}

std::vector<OverloadedPdu> overloadedPdus(const FailureModel::Data &data, const PowerOutcome &power)
{
    std::vector<OverloadedPdu> out;
    for (const auto &[key, loadW] : power.pduLoadW) {
        const Rack *rack = data.design->rack(RackId { key.first });
        const Pdu &pdu = rack->pdus[static_cast<std::size_t>(key.second)];
        const double capacityW = pduCapacityW(pdu);
        if (loadW <= capacityW + 1e-9)
            continue;
        const auto before = data.baselinePduLoadW.find(key);
        const bool overBefore = before != data.baselinePduLoadW.end()
            && before->second > capacityW + 1e-9;
        out.push_back({ rack->name, pdu.name, loadW, capacityW, overBefore });
    }
    return out;
}

/// Union-find over the vertices of a graph.
struct Components
{
    std::vector<int> parent;
    explicit Components(int count) : parent(static_cast<std::size_t>(count))
    {
        std::iota(parent.begin(), parent.end(), 0);
    }
    int find(int v)
    {
        while (parent[static_cast<std::size_t>(v)] != v) {
            parent[static_cast<std::size_t>(v)]
                = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(v)])];
            v = parent[static_cast<std::size_t>(v)];
        }
        return v;
    }
    void join(int a, int b) { parent[static_cast<std::size_t>(find(a))] = find(b); }
};

/// A fabric after the failure: the impact, and per node of the unfailed graph its links left
/// and its connected piece (-1 when the node is down or has no link left).
struct FabricOutcome
{
    FabricImpact impact;
    bool untouched = false; ///< nothing of this fabric failed: the unfailed state holds
    std::vector<int> keptDegree; ///< per vertex of the unfailed graph
    std::vector<int> component; ///< per vertex of the unfailed graph
};

FabricOutcome simulateFabric(const FabricState &state, const std::unordered_set<std::uint64_t> &off,
                             const FailureSet &failures, const AnalysisOptions &analysis)
{
    const FabricGraph &full = state.graph;
    const int vertexCount = static_cast<int>(full.vertices.size());
    FabricOutcome outcome;
    FabricImpact &impact = outcome.impact;
    impact.name = full.fabricName;
    impact.purpose = state.fabric->purpose;
    impact.bisectionBeforeGbps = state.baseline.bisectionGbps;
    impact.leaves = state.leaves;

    std::vector<bool> down;
    bool anyDown = false;
    for (std::uint64_t id : off)
        anyDown = anyDown || state.vertexOf.contains(id);
    bool anyLinkDown = false;
    for (std::uint64_t id : failures.links)
        anyLinkDown = anyLinkDown || state.linkIds.contains(id);
    if (!anyDown && !anyLinkDown) {
        outcome.untouched = true;
        impact.bisectionGbps = state.baseline.bisectionGbps;
        impact.leavesWhole = state.leavesWhole;
        return outcome;
    }
    down.assign(static_cast<std::size_t>(vertexCount), false);
    for (std::uint64_t id : off)
        if (auto it = state.vertexOf.find(id); it != state.vertexOf.end())
            down[static_cast<std::size_t>(it->second)] = true;

    outcome.keptDegree.assign(static_cast<std::size_t>(vertexCount), 0);
    Components components(vertexCount);
    // The survivors, in the unfailed graph's (canonical) order.
    // The survivors' bisection on the unfailed flow network with the failed parts closed:
    // no graph copy per failure (an N-1 sweep runs thousands).
    std::vector<bool> switchDown(static_cast<std::size_t>(vertexCount - full.nodeCount), false);
    for (int v = full.nodeCount; v < vertexCount; ++v)
        if (down[static_cast<std::size_t>(v)]) {
            switchDown[static_cast<std::size_t>(v - full.nodeCount)] = true;
            ++impact.switchesLost;
        }
    std::vector<FabricEdgeRef> failedEdges;
    for (const FabricEdge &edge : full.edges) {
        const bool linkDown = failures.links.contains(edge.link.value);
        if (linkDown || down[static_cast<std::size_t>(edge.a)] || down[static_cast<std::size_t>(edge.b)]) {
            ++impact.linksLost;
            if (linkDown)
                failedEdges.push_back({ edge.a, edge.b, BisectionSolver::toMbps(edge.capacityGbps) });
            continue;
        }
        ++outcome.keptDegree[static_cast<std::size_t>(edge.a)];
        ++outcome.keptDegree[static_cast<std::size_t>(edge.b)];
        components.join(edge.a, edge.b);
    }
    std::vector<int> survivors;
    for (int v = 0; v < full.nodeCount; ++v)
        if (!down[static_cast<std::size_t>(v)])
            survivors.push_back(v);
    std::int64_t worstMbps = -1;
    for (const NodePartition &partition :
         standardPartitions(static_cast<int>(survivors.size()), analysis)) {
        std::vector<signed char> side(static_cast<std::size_t>(full.nodeCount), -1);
        for (std::size_t k = 0; k < survivors.size(); ++k)
            side[static_cast<std::size_t>(survivors[k])] = partition.inA[k] ? 1 : 0;
        const std::int64_t cut = state.solver->cutAfterFailuresMbps(side, switchDown, failedEdges);
        if (worstMbps < 0 || cut < worstMbps) {
            worstMbps = cut;
            impact.worstPartition = partition.name;
        }
    }
    impact.bisectionGbps = std::max<std::int64_t>(worstMbps, 0) / 1000.0;
    outcome.component.assign(static_cast<std::size_t>(vertexCount), -1);
    for (int v = 0; v < vertexCount; ++v)
        if (!down[static_cast<std::size_t>(v)] && outcome.keptDegree[static_cast<std::size_t>(v)] > 0)
            outcome.component[static_cast<std::size_t>(v)] = components.find(v);

    for (int v = 0; v < full.nodeCount; ++v) {
        if (down[static_cast<std::size_t>(v)])
            continue;
        const int kept = outcome.keptDegree[static_cast<std::size_t>(v)];
        const int was = state.degree[static_cast<std::size_t>(v)];
        if (was > 0 && kept == 0)
            ++impact.nodesDisconnected;
        else if (kept < was)
            ++impact.nodesDegraded;
    }
    auto nodeWhole = [&](int v) {
        return !down[static_cast<std::size_t>(v)]
            && outcome.keptDegree[static_cast<std::size_t>(v)] == state.degree[static_cast<std::size_t>(v)];
    };
    // A leaf is whole when it is up and every node cabled to it keeps all its links.
    std::vector<bool> leafBroken(static_cast<std::size_t>(vertexCount), false);
    for (const FabricEdge &edge : full.edges) {
        for (auto [node, other] : { std::pair { edge.a, edge.b }, std::pair { edge.b, edge.a } })
            if (full.isNode(node) && !full.isNode(other) && !nodeWhole(node))
                leafBroken[static_cast<std::size_t>(other)] = true;
    }
    for (int v = full.nodeCount; v < vertexCount; ++v)
        if (full.vertices[static_cast<std::size_t>(v)].tier == 0 && !down[static_cast<std::size_t>(v)]
            && !leafBroken[static_cast<std::size_t>(v)])
            ++impact.leavesWhole;

    return outcome;
}

std::string kw(double watts)
{
    std::ostringstream out;
    out.precision(watts >= 100000 ? 0 : 1);
    out << std::fixed << watts / 1000.0 << " kW";
    return out.str();
}

std::string gbps(double value)
{
    std::ostringstream out;
    out.precision(0);
    out << std::fixed << value << " Gb/s";
    return out.str();
}

std::string verdictOf(const WhatIfReport &report)
{
    std::string text = "Losing " + [&] {
        std::string joined;
        for (const std::string &failure : report.failures)
            joined += (joined.empty() ? "" : " + ") + failure;
        return joined;
    }() + ": ";
    text += std::to_string(report.gpusLost) + " of " + std::to_string(report.gpus) + " GPUs lost";
    if (!report.devicesOff.empty())
        text += ", " + std::to_string(report.devicesOff.size()) + " devices off";
    if (!report.devicesCapped.empty()) {
        const CappedDevice &first = report.devicesCapped.front();
        text += ", " + std::to_string(report.devicesCapped.size()) + " devices power-capped (e.g. "
            + first.name + " at " + kw(first.availableW) + " of its " + kw(first.maxPowerW) + ")";
    }
    if (!report.pdusOverloaded.empty())
        text += ", " + std::to_string(report.pdusOverloaded.size()) + " PDUs overloaded";
    for (const FabricImpact &fabric : report.fabrics)
        if (fabric.bisectionGbps + 1e-9 < fabric.bisectionBeforeGbps)
            text += "; " + fabric.name + " bisection " + gbps(fabric.bisectionGbps) + " of "
                + gbps(fabric.bisectionBeforeGbps);
    text += "; the largest job that still runs on healthy, connected nodes: "
        + std::to_string(report.largestJobNodes) + " nodes (" + std::to_string(report.largestJobGpus)
        + " GPUs)";
    for (const StorageImpact &tier : report.storage)
        if (!tier.reachable)
            text += "; storage tier " + tier.tier + " unreachable";
    return text + ".";
}

} // namespace

Result<FailureModel> FailureModel::build(const Design &design, const Catalog &catalog,
                                         const WhatIfOptions &options)
{
    auto data = std::make_shared<Data>();
    data->design = &design;
    data->catalog = &catalog;
    data->options = options;
    data->power = placePowerSupplies(design, catalog);
    for (std::size_t i = 0; i < data->power.size(); ++i) {
        const DevicePower &dp = data->power[i];
        data->powerOf.emplace(dp.device.value, i);
        data->powerInRack[dp.rack.value].push_back(i);
        if (dp.psuPdu.empty())
            continue;
        const double perPsuW = dp.maxPowerW / static_cast<double>(dp.psuPdu.size());
        for (int pdu : dp.psuPdu)
            data->baselinePduLoadW[{ dp.rack.value, pdu }] += perPsuW;
    }
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Compute)
            continue;
        const Part *part = catalog.find(device.catalogType);
        data->nodes.push_back(&device);
        data->nodeGpus.push_back(part && part->server ? part->server->gpuCount : 0);
    }
    for (const Fabric &fabric : design.fabrics()) {
        auto graph = buildFabricGraph(design, catalog, fabric.id);
        if (!graph)
            return Error { "fabric " + fabric.name + ": " + graph.error().message };
        FabricState state;
        state.fabric = &fabric;
        state.graph = std::move(graph).value();
        state.baseline = analyzeFabric(state.graph, options.analysis);
        state.degree.assign(state.graph.vertices.size(), 0);
        for (const FabricEdge &edge : state.graph.edges) {
            ++state.degree[static_cast<std::size_t>(edge.a)];
            ++state.degree[static_cast<std::size_t>(edge.b)];
        }
        Components pieces(static_cast<int>(state.graph.vertices.size()));
        for (const FabricEdge &edge : state.graph.edges) {
            state.linkIds.insert(edge.link.value);
            pieces.join(edge.a, edge.b);
        }
        state.component.assign(state.graph.vertices.size(), -1);
        for (std::size_t v = 0; v < state.graph.vertices.size(); ++v) {
            state.vertexOf.emplace(state.graph.vertices[v].device.value, static_cast<int>(v));
            if (state.degree[v] > 0)
                state.component[v] = pieces.find(static_cast<int>(v));
            if (state.graph.vertices[v].kind == VertexKind::Switch && state.graph.vertices[v].tier == 0)
                ++state.leaves;
        }
        state.leavesWhole = state.leaves; // every node keeps every link
        state.solver = std::make_shared<const BisectionSolver>(state.graph);
        data->fabrics.push_back(std::move(state));
    }
    return FailureModel(std::move(data));
}

FailureModel::FailureModel(std::shared_ptr<const Data> data)
    : m_data(std::move(data))
{}

const Design &FailureModel::design() const
{
    return *m_data->design;
}

WhatIfReport FailureModel::simulate(const std::vector<FailureDomain> &domains) const
{
    const Data &data = *m_data;
    const Design &design = *data.design;
    WhatIfReport report;
    for (const FailureDomain &domain : domains)
        report.failures.push_back(domain.label);
    const FailureSet failures = gather(design, domains);
    PowerOutcome power = simulatePower(data, failures);
    std::vector<std::uint64_t> offIds(power.off.begin(), power.off.end());
    std::sort(offIds.begin(), offIds.end()); // design order
    for (std::uint64_t id : offIds)
        if (const Device *device = design.device(DeviceId { id }))
            report.devicesOff.push_back(device->name);
    report.devicesCapped = std::move(power.capped);
    report.pdusOverloaded = overloadedPdus(data, power);

    // Fabric: each fabric with its survivors; nodes judged on every compute fabric they use.
    std::vector<FabricOutcome> outcomes;
    for (const FabricState &state : data.fabrics) {
        outcomes.push_back(simulateFabric(state, power.off, failures, data.options.analysis));
        report.fabrics.push_back(outcomes.back().impact);
    }

    // Workload: a node is lost when off or cut from a compute fabric it is cabled to, usable
    // when it also keeps every one of its links (a node with a broken rail is drained).
    const FabricState *jobFabric = nullptr;
    const FabricOutcome *jobOutcome = nullptr;
    for (std::size_t f = 0; f < data.fabrics.size(); ++f)
        if (data.fabrics[f].fabric->purpose == FabricPurpose::Compute
            && (!jobFabric || data.fabrics[f].graph.nodeCount > jobFabric->graph.nodeCount)) {
            jobFabric = &data.fabrics[f];
            jobOutcome = &outcomes[f];
        }
    std::map<int, std::pair<int, int>> pieces; // component -> usable nodes, GPUs
    for (std::size_t n = 0; n < data.nodes.size(); ++n) {
        const Device &node = *data.nodes[n];
        const int gpus = data.nodeGpus[n];
        ++report.nodes;
        report.gpus += gpus;
        bool lost = power.off.contains(node.id.value);
        bool whole = !lost;
        for (std::size_t f = 0; f < data.fabrics.size() && !lost; ++f) {
            const FabricState &state = data.fabrics[f];
            if (state.fabric->purpose != FabricPurpose::Compute)
                continue;
            const auto vertex = state.vertexOf.find(node.id.value);
            if (vertex == state.vertexOf.end())
                continue;
            const int kept = outcomes[f].untouched
                ? state.degree[static_cast<std::size_t>(vertex->second)]
                : outcomes[f].keptDegree[static_cast<std::size_t>(vertex->second)];
            const int was = state.degree[static_cast<std::size_t>(vertex->second)];
            lost = lost || (was > 0 && kept == 0);
            whole = whole && kept == was;
        }
        if (lost) {
            ++report.nodesLost;
            report.gpusLost += gpus;
            continue;
        }
        if (!whole)
            continue;
        ++report.nodesUsable;
        int piece = -1;
        if (jobFabric) {
            const auto vertex = jobFabric->vertexOf.find(node.id.value);
            piece = vertex == jobFabric->vertexOf.end()
                ? -2 - static_cast<int>(n) // not on the fabric: a job of its own
                : jobOutcome->untouched
                ? jobFabric->component[static_cast<std::size_t>(vertex->second)]
                : jobOutcome->component[static_cast<std::size_t>(vertex->second)];
        } else {
            piece = -2 - static_cast<int>(n);
        }
        auto &[count, gpuCount] = pieces[piece];
        ++count;
        gpuCount += gpus;
    }
    for (const auto &[piece, size] : pieces) {
        (void)piece;
        if (size.first > report.largestJobNodes
            || (size.first == report.largestJobNodes && size.second > report.largestJobGpus)) {
            report.largestJobNodes = size.first;
            report.largestJobGpus = size.second;
        }
    }

    for (const StorageTier &tier : design.storageTiers()) {
        if (tier.members.empty())
            continue;
        StorageImpact impact { tier.name, static_cast<int>(tier.members.size()), 0, true };
        for (DeviceId member : tier.members)
            impact.serversLost += power.off.contains(member.value) ? 1 : 0;
        impact.reachable = impact.serversLost < impact.servers;
        report.storage.push_back(impact);
    }

    report.notes.push_back("PSUs alternate between feeds A and B and spread over each feed's "
                           "PDUs in rack order; parts without PSU figures are taken as 1+1 "
                           "redundant, one PSU per feed");
    report.notes.push_back("a node is usable when it is on and keeps every link on its compute "
                           "fabric; power-capped nodes still count as usable (they run slower)");
    report.verdict = verdictOf(report);
    return report;
}

} // namespace cw

#include "model/failure/WhatIf.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/core/PduCapacity.h"
#include "model/fabric/Bisection.h"
#include "model/fabric/FabricLinks.h"
#include "model/failure/CoolingChain.h"
#include "model/failure/FabricFailure.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace cw {

struct FailureModel::Data
{
    const Design *design = nullptr;
    const Catalog *catalog = nullptr;
    WhatIfOptions options;
    std::vector<DevicePower> power;
    std::vector<const Rack *> powerRack; ///< per power entry, its rack (looked up once)
    std::unordered_map<std::uint64_t, std::size_t> powerOf; ///< device id -> index in power
    std::map<std::pair<std::uint64_t, int>, double> baselinePduLoadW;
    std::unordered_map<std::uint64_t, std::vector<std::size_t>> powerInRack; ///< rack -> power
    CoolingChain cooling;
    std::vector<FabricState> fabrics;
    std::vector<const Device *> nodes; ///< compute nodes, design order
    std::vector<int> nodeGpus;
    std::unordered_map<std::uint64_t, int> nodeOf; ///< device id -> index in nodes
    /// Per fabric, per vertex: the index in nodes, -1 for a switch or other device.
    std::vector<std::vector<int>> nodeOfVertex;
    int gpus = 0;
    int jobFabric = -1; ///< the largest compute fabric: largest job runs on one piece of it
    /// Per node: the piece of the job fabric it runs in when nothing failed.
    std::vector<int> basePiece;
    /// Every piece with its nodes and GPUs when nothing failed, largest first.
    std::vector<std::pair<int, std::pair<int, int>>> basePieces;
    std::unordered_map<int, std::pair<int, int>> basePieceSize;
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
    std::unordered_set<std::uint64_t> cdus; ///< rack or device ids of CDUs failed by name
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
        case DomainKind::Cdu:
            set.cdus.insert(domain.rack.value != 0 ? domain.rack.value : domain.device.value);
            break;
        case DomainKind::Hall: // the hall goes dark: every row in it
            for (const Row &row : design.rows())
                if (row.hall == domain.hall)
                    set.rows.insert(row.id.value);
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
    /// Per device of the racks visited: the PDUs its draw is on and its draw per PSU, so a
    /// device the cooling pass turns off can give its load back.
    std::unordered_map<std::uint64_t, std::pair<std::vector<int>, double>> shares;
};

/// With `loads` false only which devices are off or capped (and by how much) is worked out:
/// no PDU loads, no shares to give back, no names (FailureModel::gpusLost, run for every
/// domain of an N-1 sweep; a feed's domain touches every device of the design).
PowerOutcome simulatePower(const FailureModel::Data &data, const FailureSet &failures,
                           bool loads = true)
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
        const Rack *rack = data.powerRack[index];
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
            outcome.capped.push_back({ dp.device,
                                       loads ? design.device(dp.device)->name : std::string(),
                                       psusUp, psus, availableW, dp.maxPowerW });
        if (!loads)
            continue;
        for (int pdu : up)
            outcome.pduLoadW[{ rack->id.value, pdu }] += drawW / psusUp;
        outcome.shares.emplace(dp.device.value, std::pair(std::move(up), drawW / psusUp));
    }
    for (std::uint64_t id : failures.devices)
        outcome.off.insert(id);
    return outcome;
}

/// The CDUs the failures take out: named ones, floor CDUs in a failed rack or row, in-rack
/// CDUs that are off. A CDU's pumps are facility load (the mechanical plant feeds them), so a
/// feed or PDU loss alone does not stop a floor CDU.
std::vector<bool> lostCdus(const FailureModel::Data &data, const FailureSet &failures,
                           const PowerOutcome &power)
{
    const std::vector<CduUnit> &cdus = data.cooling.cdus;
    std::vector<bool> lost(cdus.size(), false);
    for (std::size_t i = 0; i < cdus.size(); ++i) {
        const CduUnit &cdu = cdus[i];
        lost[i] = failures.cdus.contains(cdu.id) || failures.rows.contains(cdu.row.value)
            || (cdu.isRack ? failures.racks.contains(cdu.id) : power.off.contains(cdu.id));
    }
    return lost;
}

/// Turns a device off for lack of coolant: it leaves the capped list and gives its PDU load back.
void coolingOff(const FailureModel::Data &data, std::uint64_t id, PowerOutcome &power)
{
    power.off.insert(id);
    std::erase_if(power.capped, [&](const CappedDevice &d) { return d.device.value == id; });
    const auto share = power.shares.find(id);
    if (share == power.shares.end())
        return;
    const Device *device = data.design->device(DeviceId { id });
    for (int pdu : share->second.first)
        power.pduLoadW[{ device->rack.value, pdu }] -= share->second.second;
}

/// The liquid devices of one row that lost CDUs, after the failure. The decision (docs/
/// failure-domains.md, "Cooling"): with no CDU left a liquid-cooled part has no coolant and
/// shuts down (cold plates lose their heat path within seconds); with some left but short,
/// every liquid device still on is capped to the same share of its draw, so the row's heat
/// fits what is left (as a facility would set power caps); covered (N+1) changes nothing.
RowCoolingImpact coolRow(const FailureModel::Data &data, const RowLiquid &row,
                         const std::vector<bool> &lost, PowerOutcome &power)
{
    const Row *entity = data.design->row(row.row);
    RowCoolingImpact impact;
    impact.row = entity ? entity->name : std::to_string(row.row.value);
    impact.cdus = static_cast<int>(row.cdus.size());
    impact.capacityBeforeW = row.capacityW;
    for (std::size_t cdu : row.cdus)
        if (!lost[cdu]) {
            ++impact.cdusUp;
            impact.capacityW += data.cooling.cdus[cdu].capacityW;
        }
    std::unordered_map<std::uint64_t, std::size_t> cappedAt;
    for (std::size_t i = 0; i < power.capped.size(); ++i)
        cappedAt.emplace(power.capped[i].device.value, i);
    std::vector<std::pair<DeviceId, double>> running; // device, its draw now
    for (DeviceId id : row.liquidDevices) {
        if (power.off.contains(id.value))
            continue;
        const auto entry = data.powerOf.find(id.value);
        if (entry == data.powerOf.end())
            continue;
        double drawW = data.power[entry->second].maxPowerW;
        if (const auto it = cappedAt.find(id.value); it != cappedAt.end())
            drawW = std::min(drawW, power.capped[it->second].availableW);
        running.emplace_back(id, drawW);
        impact.liquidW += drawW;
    }
    if (!impact.isShort())
        return impact;
    if (impact.cdusUp == 0 || impact.capacityW <= 0) {
        for (const auto &[id, drawW] : running)
            coolingOff(data, id.value, power);
        impact.devicesOff = static_cast<int>(running.size());
        return impact;
    }
    const double share = impact.capacityW / impact.liquidW;
    for (const auto &[id, drawW] : running) {
        const DevicePower &dp = data.power[data.powerOf.at(id.value)];
        const double allowedW = drawW * share;
        if (const auto it = cappedAt.find(id.value); it != cappedAt.end()) {
            power.capped[it->second].availableW = allowedW;
            power.capped[it->second].cause = CapCause::Cooling;
        } else {
            const int psus = static_cast<int>(dp.psuPdu.size());
            power.capped.push_back({ id, data.design->device(id)->name, psus, psus, allowedW,
                                     dp.maxPowerW, CapCause::Cooling });
        }
        if (const auto it = power.shares.find(id.value); it != power.shares.end())
            for (int pdu : it->second.first)
                power.pduLoadW[{ dp.rack.value, pdu }]
                    -= it->second.second * (1.0 - share); // the capped draw is lower
    }
    impact.devicesCapped = static_cast<int>(running.size());
    return impact;
}

/// The cooling pass, after power: only the rows that lost a CDU can change.
void simulateCooling(const FailureModel::Data &data, const FailureSet &failures,
                     PowerOutcome &power, WhatIfReport &report)
{
    const std::vector<bool> lost = lostCdus(data, failures, power);
    std::vector<bool> rowTouched(data.cooling.rows.size(), false);
    for (std::size_t i = 0; i < lost.size(); ++i)
        if (lost[i]) {
            report.cdusLost.push_back(data.cooling.cdus[i].name);
            rowTouched[data.cooling.rowOf.at(data.cooling.cdus[i].row.value)] = true;
        }
    for (std::size_t r = 0; r < data.cooling.rows.size(); ++r)
        if (rowTouched[r])
            report.coolingRows.push_back(coolRow(data, data.cooling.rows[r], lost, power));
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
        const bool overBefore
            = before != data.baselinePduLoadW.end() && before->second > capacityW + 1e-9;
        out.push_back({ rack->name, pdu.name, loadW, capacityW, overBefore });
    }
    return out;
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

/// "; 1 CDU lost: row R1 still covered (1500 kW of CDUs for 915 kW of liquid heat)" or
/// "...: row R1 short of cooling (750 kW for 915 kW): 64 liquid-cooled devices capped to 82 %".
std::string coolingVerdict(const WhatIfReport &report)
{
    if (report.cdusLost.empty())
        return {};
    std::string text = "; " + std::to_string(report.cdusLost.size()) + " CDU"
        + (report.cdusLost.size() == 1 ? "" : "s") + " lost";
    int covered = 0;
    for (const RowCoolingImpact &row : report.coolingRows) {
        if (!row.isShort() && row.liquidW > 0) {
            ++covered;
            continue;
        }
        if (!row.isShort())
            continue;
        text += ": row " + row.row + " short of cooling (" + kw(row.capacityW) + " of CDUs for "
            + kw(row.liquidW) + " of liquid heat), ";
        if (row.devicesOff > 0)
            text += std::to_string(row.devicesOff) + " liquid-cooled devices off";
        else
            text += std::to_string(row.devicesCapped) + " liquid-cooled devices capped to "
                + std::to_string(static_cast<int>(std::floor(100.0 * row.capacityW / row.liquidW)))
                + " %";
    }
    if (covered > 0)
        text += " (" + std::to_string(covered) + " row" + (covered == 1 ? "" : "s")
            + " still covered by the CDUs left)";
    return text;
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
        text += ", " + std::to_string(report.devicesCapped.size()) + " devices capped (e.g. "
            + first.name + " at " + kw(first.availableW) + " of its " + kw(first.maxPowerW) + ")";
    }
    if (!report.pdusOverloaded.empty())
        text += ", " + std::to_string(report.pdusOverloaded.size()) + " PDUs overloaded";
    text += coolingVerdict(report);
    for (const FabricImpact &fabric : report.fabrics)
        if (fabric.bisectionGbps + 1e-9 < fabric.bisectionBeforeGbps)
            text += "; " + fabric.name + " bisection at most " + gbps(fabric.bisectionGbps) + " of "
                + gbps(fabric.bisectionBeforeGbps);
    text += "; the largest job that still runs on healthy, connected nodes: "
        + std::to_string(report.largestJobNodes) + " nodes ("
        + std::to_string(report.largestJobGpus) + " GPUs)";
    for (const StorageImpact &tier : report.storage)
        if (!tier.reachable)
            text += "; storage tier " + tier.tier + " unreachable";
    return text + ".";
}

/// A compute node after the failure: lost when off or cut from a compute fabric it is cabled
/// to, whole when it also keeps every one of its links (a node with a broken rail is drained),
/// and the piece of the job fabric it can run a job in.
struct NodeState
{
    bool lost = false;
    bool whole = true;
    int piece = -1;
};

NodeState nodeState(const FailureModel::Data &data, std::size_t n,
                    const std::unordered_set<std::uint64_t> &off,
                    const std::vector<FabricOutcome> &outcomes)
{
    const Device &node = *data.nodes[n];
    NodeState state;
    state.lost = off.contains(node.id.value);
    state.whole = !state.lost;
    for (std::size_t f = 0; f < data.fabrics.size() && !state.lost; ++f) {
        const FabricState &fabric = data.fabrics[f];
        if (fabric.fabric->purpose != FabricPurpose::Compute)
            continue;
        const auto vertex = fabric.vertexOf.find(node.id.value);
        if (vertex == fabric.vertexOf.end())
            continue;
        const int kept = outcomes[f].untouched
            ? fabric.degree[static_cast<std::size_t>(vertex->second)]
            : outcomes[f].keptDegree(fabric, vertex->second);
        const int was = fabric.degree[static_cast<std::size_t>(vertex->second)];
        state.lost = state.lost || (was > 0 && kept == 0);
        state.whole = state.whole && kept == was;
    }
    state.piece = -2 - static_cast<int>(n); // not on the job fabric: a job of its own
    if (data.jobFabric >= 0) {
        const FabricState &job = data.fabrics[static_cast<std::size_t>(data.jobFabric)];
        if (const auto vertex = job.vertexOf.find(node.id.value); vertex != job.vertexOf.end())
            state.piece = outcomes[static_cast<std::size_t>(data.jobFabric)].componentOf(
                job, vertex->second);
    }
    return state;
}

/// Indexes the compute nodes and the pieces they run jobs in when nothing failed, so a
/// failure only revisits the nodes it touched.
void indexNodes(FailureModel::Data &data)
{
    for (std::size_t f = 0; f < data.fabrics.size(); ++f) {
        const FabricState &state = data.fabrics[f];
        if (state.fabric->purpose == FabricPurpose::Compute
            && (data.jobFabric < 0
                || state.graph.nodeCount
                    > data.fabrics[static_cast<std::size_t>(data.jobFabric)].graph.nodeCount))
            data.jobFabric = static_cast<int>(f);
    }
    for (std::size_t n = 0; n < data.nodes.size(); ++n)
        data.nodeOf.emplace(data.nodes[n]->id.value, static_cast<int>(n));
    for (const FabricState &state : data.fabrics) {
        std::vector<int> &nodes = data.nodeOfVertex.emplace_back(state.graph.vertices.size(), -1);
        for (std::size_t v = 0; v < state.graph.vertices.size(); ++v)
            if (auto it = data.nodeOf.find(state.graph.vertices[v].device.value);
                it != data.nodeOf.end())
                nodes[v] = it->second;
    }
    std::vector<FabricOutcome> unfailed(data.fabrics.size());
    for (FabricOutcome &outcome : unfailed)
        outcome.untouched = true;
    for (std::size_t n = 0; n < data.nodes.size(); ++n) {
        const NodeState state = nodeState(data, n, {}, unfailed);
        data.basePiece.push_back(state.piece);
        auto &[count, gpus] = data.basePieceSize[state.piece];
        ++count;
        gpus += data.nodeGpus[n];
        data.gpus += data.nodeGpus[n];
    }
    data.basePieces.assign(data.basePieceSize.begin(), data.basePieceSize.end());
    std::sort(data.basePieces.begin(), data.basePieces.end(),
              [](const auto &a, const auto &b) { return a.second > b.second; });
}

/// The compute nodes a failure can have changed: off, touched on a compute fabric, or in a
/// piece of the job fabric the failure split off.
std::vector<std::size_t> touchedNodes(const FailureModel::Data &data,
                                      const std::unordered_set<std::uint64_t> &off,
                                      const std::vector<FabricOutcome> &outcomes)
{
    std::vector<std::size_t> touched;
    for (std::uint64_t id : off)
        if (auto it = data.nodeOf.find(id); it != data.nodeOf.end())
            touched.push_back(static_cast<std::size_t>(it->second));
    for (std::size_t f = 0; f < data.fabrics.size(); ++f) {
        const FabricOutcome &outcome = outcomes[f];
        if (outcome.untouched || (data.fabrics[f].fabric->purpose != FabricPurpose::Compute))
            continue;
        const std::vector<int> &nodeOf = data.nodeOfVertex[f];
        auto add = [&](int v) {
            if (nodeOf[static_cast<std::size_t>(v)] >= 0)
                touched.push_back(static_cast<std::size_t>(nodeOf[static_cast<std::size_t>(v)]));
        };
        for (const auto &[v, lost] : outcome.lostDegree)
            add(v);
        for (const auto &[v, piece] : outcome.newComponent)
            add(v);
    }
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    return touched;
}

/// GPUs lost, usable nodes and the largest job: the unfailed counts corrected for the nodes
/// the failure touched.
void countWorkload(const FailureModel::Data &data, const std::unordered_set<std::uint64_t> &off,
                   const std::vector<FabricOutcome> &outcomes, WhatIfReport &report)
{
    report.nodes = static_cast<int>(data.nodes.size());
    report.gpus = data.gpus;
    report.nodesUsable = report.nodes;
    std::map<int, std::pair<int, int>> delta; // piece -> change in nodes, GPUs
    for (std::size_t n : touchedNodes(data, off, outcomes)) {
        const int gpus = data.nodeGpus[n];
        auto &before = delta[data.basePiece[n]];
        --before.first;
        before.second -= gpus;
        const NodeState state = nodeState(data, n, off, outcomes);
        if (state.lost) {
            ++report.nodesLost;
            report.gpusLost += gpus;
        }
        if (state.lost && !off.contains(data.nodes[n]->id.value))
            report.nodesCutOff.push_back(data.nodes[n]->id);
        else if (!state.lost && !state.whole)
            report.nodesDegraded.push_back(data.nodes[n]->id);
        if (state.lost || !state.whole) {
            --report.nodesUsable;
            continue;
        }
        auto &after = delta[state.piece];
        ++after.first;
        after.second += gpus;
    }
    std::pair<int, int> largest { 0, 0 };
    for (const auto &[piece, change] : delta) {
        std::pair<int, int> size = change;
        if (auto it = data.basePieceSize.find(piece); it != data.basePieceSize.end()) {
            size.first += it->second.first;
            size.second += it->second.second;
        }
        largest = std::max(largest, size);
    }
    for (const auto &[piece, size] : data.basePieces)
        if (!delta.contains(piece)) { // the largest piece the failure left alone
            largest = std::max(largest, size);
            break;
        }
    report.largestJobNodes = largest.first;
    report.largestJobGpus = largest.second;
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
    data->cooling = buildCoolingChain(design, catalog);
    for (std::size_t i = 0; i < data->power.size(); ++i) {
        const DevicePower &dp = data->power[i];
        data->powerRack.push_back(design.rack(dp.rack));
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
    const auto fabricLinks = linksByFabric(design); // one pass over the links for every fabric
    const std::vector<const Link *> none;
    for (const Fabric &fabric : design.fabrics()) {
        const auto links = fabricLinks.find(fabric.id.value);
        auto graph = buildFabricGraphFromLinks(design, catalog, fabric.id,
                                               links == fabricLinks.end() ? none : links->second);
        if (!graph)
            return Error { "fabric " + fabric.name + ": " + graph.error().message };
        data->fabrics.push_back(FabricState::make(fabric, std::move(graph).value(),
                                                  options.analysis, options.warmStart));
    }
    indexNodes(*data);
    return FailureModel(std::move(data));
}

FailureModel::FailureModel(std::shared_ptr<const Data> data)
    : m_data(std::move(data))
{ }

const Design &FailureModel::design() const
{
    return *m_data->design;
}

int FailureModel::gpusLost(const std::vector<FailureDomain> &domains) const
{
    const Data &data = *m_data;
    const FailureSet failures = gather(*data.design, domains);
    // Which devices are off or capped only: the PDU loads change no node's state.
    PowerOutcome power = simulatePower(data, failures, false);
    WhatIfReport cooling; // the cooling pass can turn liquid-cooled nodes off
    simulateCooling(data, failures, power, cooling);
    // nodeState: lost when off, or cut from a compute fabric it is cabled to.
    std::vector<int> lost;
    for (std::uint64_t id : power.off)
        if (auto it = data.nodeOf.find(id); it != data.nodeOf.end())
            lost.push_back(it->second);
    std::vector<int> cutOff;
    for (std::size_t f = 0; f < data.fabrics.size(); ++f) {
        if (data.fabrics[f].fabric->purpose != FabricPurpose::Compute)
            continue;
        cutOff.clear();
        appendCutOffVertices(data.fabrics[f], power.off, failures.links, cutOff);
        for (int v : cutOff)
            if (const int node = data.nodeOfVertex[f][static_cast<std::size_t>(v)]; node >= 0)
                lost.push_back(node);
    }
    std::sort(lost.begin(), lost.end());
    lost.erase(std::unique(lost.begin(), lost.end()), lost.end());
    int gpus = 0;
    for (int node : lost)
        gpus += data.nodeGpus[static_cast<std::size_t>(node)];
    return gpus;
}

WhatIfReport FailureModel::simulate(const std::vector<FailureDomain> &domains,
                                    FabricDetail detail) const
{
    const Data &data = *m_data;
    const Design &design = *data.design;
    WhatIfReport report;
    for (const FailureDomain &domain : domains)
        report.failures.push_back(domain.label);
    const FailureSet failures = gather(design, domains);
    PowerOutcome power = simulatePower(data, failures);
    simulateCooling(data, failures, power, report);
    std::vector<std::uint64_t> offIds(power.off.begin(), power.off.end());
    std::sort(offIds.begin(), offIds.end()); // design order
    for (std::uint64_t id : offIds)
        if (const Device *device = design.device(DeviceId { id }))
            report.devicesOff.push_back(device->name);
    report.devicesCapped = std::move(power.capped);
    report.pdusOverloaded = overloadedPdus(data, power);

    std::vector<FabricOutcome> outcomes;
    outcomes.reserve(data.fabrics.size());
    report.fabrics.reserve(data.fabrics.size());
    for (const FabricState &state : data.fabrics) {
        outcomes.push_back(simulateFabric(state, power.off, failures.links, data.options.analysis,
                                          detail == FabricDetail::Full));
        report.fabrics.push_back(outcomes.back().impact);
    }
    countWorkload(data, power.off, outcomes, report);

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
    if (!data.cooling.cdus.empty())
        report.notes.push_back(
            "a CDU cools the row it stands in; with no CDU left a row's liquid-cooled parts shut "
            "down, with too few they are capped to an equal share of what is left; CDU pumps "
            "are fed by the mechanical plant (a feed loss does not stop them)");
    report.notes.push_back("a node is usable when it is on and keeps every link on its compute "
                           "fabric; power-capped nodes still count as usable (they run slower)");
    report.verdict = verdictOf(report);
    return report;
}

} // namespace cw

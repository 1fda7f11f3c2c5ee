// Whole-fabric network rules on the fabric's graph (devices = vertices, links = edges):
// connectivity, single points of failure, leaf oversubscription, rail alignment and
// storage on the compute fabric. The graph code is small and local on purpose: these rules
// need components and articulation points only, re-run per fabric when its links change.

#include "model/catalog/Catalog.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

#include <algorithm>
#include <map>

namespace cw::rules {
namespace {

/// Connected components of the fabric graph: component index per vertex.
std::vector<int> components(const FabricView &view, int &count)
{
    std::vector<int> component(view.devices.size(), -1);
    count = 0;
    std::vector<int> stack;
    for (std::size_t start = 0; start < view.devices.size(); ++start) {
        if (component[start] >= 0)
            continue;
        component[start] = count;
        stack.push_back(static_cast<int>(start));
        while (!stack.empty()) {
            const int v = stack.back();
            stack.pop_back();
            for (const FabricView::Edge &edge : view.adjacency[static_cast<std::size_t>(v)])
                if (component[static_cast<std::size_t>(edge.to)] < 0) {
                    component[static_cast<std::size_t>(edge.to)] = count;
                    stack.push_back(edge.to);
                }
        }
        ++count;
    }
    return component;
}

void fabricDisconnected(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const FabricId fabricId { subject.id };
    const Fabric *fabric = context.design().fabric(fabricId);
    const FabricView &view = context.fabricView(fabricId);
    int count = 0;
    const std::vector<int> component = components(view, count);
    if (count <= 1)
        return;
    std::vector<std::vector<std::string>> islands(static_cast<std::size_t>(count));
    std::vector<DeviceId> firstDevice(static_cast<std::size_t>(count));
    for (std::size_t v = 0; v < view.devices.size(); ++v) {
        auto &island = islands[static_cast<std::size_t>(component[v])];
        if (island.empty())
            firstDevice[static_cast<std::size_t>(component[v])] = view.devices[v];
        island.push_back(context.design().device(view.devices[v])->name);
    }
    std::vector<std::size_t> order(islands.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&islands](std::size_t a, std::size_t b) {
        return islands[a].size() > islands[b].size();
    });
    std::string text;
    std::vector<EntityRef> entities { subject };
    for (std::size_t k = 0; k < order.size(); ++k) {
        const auto &island = islands[order[k]];
        text += (k == 0 ? "" : (k + 1 == order.size() ? " and " : ", "))
            + std::to_string(island.size()) + " devices (" + fmt::list(island, 3) + ")";
        if (k > 0)
            entities.push_back(EntityRef::of(firstDevice[order[k]]));
    }
    out.push_back({ "fabric " + fabric->name + " is split into " + std::to_string(count)
                        + " islands that cannot reach each other: " + text,
                    std::move(entities), "link the smaller islands to the fabric's switches" });
}

/// Switches whose loss separates compute nodes of the fabric from each other: the
/// articulation points (iterative Tarjan) with compute nodes on at least two sides.
void singlePointOfFailure(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const FabricId fabricId { subject.id };
    const Fabric *fabric = context.design().fabric(fabricId);
    // The data path only: management and frontend networks are single-switch by habit.
    if (fabric->purpose != FabricPurpose::Compute && fabric->purpose != FabricPurpose::Storage)
        return;
    const FabricView &view = context.fabricView(fabricId);
    const std::size_t n = view.devices.size();
    std::vector<char> isCompute(n, 0), isSwitch(n, 0);
    for (std::size_t v = 0; v < n; ++v) {
        const Device *device = context.design().device(view.devices[v]);
        isCompute[v] = device->role == DeviceRole::Compute;
        isSwitch[v] = device->role == DeviceRole::Switch;
    }
    std::vector<int> disc(n, -1), low(n, 0), computeBelow(n, 0);
    std::vector<std::uint64_t> parentLink(n, 0);
    // Per vertex: compute counts of the child subtrees that hang only on it.
    std::vector<std::vector<int>> separated(n);
    struct Frame
    {
        int vertex;
        std::size_t next;
    };
    int time = 0;
    for (std::size_t root = 0; root < n; ++root) {
        if (disc[root] >= 0)
            continue;
        std::vector<int> order; // vertices of this component, in discovery order
        std::vector<Frame> stack { { static_cast<int>(root), 0 } };
        disc[root] = low[root] = time++;
        order.push_back(static_cast<int>(root));
        while (!stack.empty()) {
            Frame &frame = stack.back();
            const auto v = static_cast<std::size_t>(frame.vertex);
            if (frame.next < view.adjacency[v].size()) {
                const FabricView::Edge edge = view.adjacency[v][frame.next++];
                const auto w = static_cast<std::size_t>(edge.to);
                if (edge.link.value == parentLink[v])
                    continue; // the tree edge back up (a parallel link still counts)
                if (disc[w] < 0) {
                    disc[w] = low[w] = time++;
                    parentLink[w] = edge.link.value;
                    order.push_back(edge.to);
                    stack.push_back({ edge.to, 0 });
                } else {
                    low[v] = std::min(low[v], disc[w]);
                }
                continue;
            }
            computeBelow[v] += isCompute[v];
            stack.pop_back();
            if (stack.empty())
                break;
            const auto u = static_cast<std::size_t>(stack.back().vertex);
            low[u] = std::min(low[u], low[v]);
            computeBelow[u] += computeBelow[v];
            if (low[v] >= disc[u])
                separated[u].push_back(computeBelow[v]);
        }
        const int total = computeBelow[root];
        if (total < 2)
            continue;
        for (int vertex : order) {
            const auto v = static_cast<std::size_t>(vertex);
            if (!isSwitch[v] || separated[v].empty())
                continue;
            std::vector<int> pieces;
            int inSeparated = 0;
            for (int c : separated[v]) {
                inSeparated += c;
                if (c > 0)
                    pieces.push_back(c);
            }
            // What stays attached through the parent (nothing for the root).
            const int rest = total - inSeparated - isCompute[v];
            if (rest > 0)
                pieces.push_back(rest);
            if (pieces.size() < 2)
                continue;
            const int largest = *std::max_element(pieces.begin(), pieces.end());
            const Device *device = context.design().device(view.devices[v]);
            out.push_back({ "losing switch " + device->name + " splits the " + std::to_string(total)
                                + " compute nodes on " + fabric->name + " into "
                                + std::to_string(pieces.size())
                                + " groups that cannot reach each "
                                  "other (largest: "
                                + std::to_string(largest) + " nodes)",
                            { EntityRef::of(device->id), subject },
                            "give the nodes a second path (a second leaf or rail, or redundant "
                            "uplinks)" });
        }
    }
}

void oversubscription(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const FabricId fabricId { subject.id };
    const Fabric *fabric = context.design().fabric(fabricId);
    const FabricView &view = context.fabricView(fabricId);
    const double target = std::max(fabric->topology.oversubscription, 1.0);
    // Each vertex's device looked up once, not once an edge (every leaf's neighbours were
    // searched for again: a search of the device table per link end).
    std::vector<const Device *> deviceAt(view.devices.size());
    for (std::size_t v = 0; v < view.devices.size(); ++v)
        deviceAt[v] = context.design().device(view.devices[v]);
    for (std::size_t v = 0; v < view.devices.size(); ++v) {
        const Device *leaf = deviceAt[v];
        if (leaf->role != DeviceRole::Switch || leaf->tier != 0)
            continue;
        double downGbps = 0;
        double upGbps = 0;
        for (const FabricView::Edge &edge : view.adjacency[v]) {
            const Device *other = deviceAt[static_cast<std::size_t>(edge.to)];
            const Link &link = *context.design().link(edge.link);
            const double speed = context.linkSpeedGbps(link);
            // A switch's management port is an endpoint of the management network like a
            // node's BMC: only a switching port above the leaf is an uplink.
            const PortSpec *otherPort = context.port(link.a.device == other->id ? link.a : link.b);
            const bool managementPort = otherPort && otherPort->role == PortRole::Management;
            if (other->role != DeviceRole::Switch || managementPort)
                downGbps += speed;
            else if (other->tier > leaf->tier)
                upGbps += speed;
        }
        // A leaf without uplinks is a one-switch fabric (non-blocking inside the ASIC) or
        // cut off, which net.fabric-disconnected reports.
        if (upGbps <= 0 || downGbps <= 0)
            continue;
        const double ratio = downGbps / upGbps;
        constexpr double kTolerance = 1e-9;
        if (ratio <= target * (1 + kTolerance))
            continue;
        out.push_back({ "leaf " + leaf->name + " on " + fabric->name + " has "
                            + fmt::num(downGbps, 0) + " Gb/s down and " + fmt::num(upGbps, 0)
                            + " Gb/s up (" + fmt::num(ratio, 2) + ":1); the fabric's target is "
                            + fmt::num(target, 2) + ":1" + (target == 1 ? " (non-blocking)" : ""),
                        { EntityRef::of(leaf->id), subject },
                        "add " + fmt::num(downGbps / target - upGbps, 0)
                            + " Gb/s of uplinks or move nodes to another leaf" });
    }
}

void railMisaligned(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const FabricId fabricId { subject.id };
    const Fabric *fabric = context.design().fabric(fabricId);
    if (!fabric->topology.railOptimized)
        return;
    struct Nic
    {
        PortRef port;
        DeviceId leaf;
        int rail;
        LinkId link;
    };
    std::vector<Nic> nics;
    const FabricView &view = context.fabricView(fabricId);
    // Per leaf (its vertex in the view): rail -> NICs.
    std::vector<std::map<int, int>> railCounts(view.devices.size());
    for (const Link *link : view.links) {
        for (const auto &[nicEnd, switchEnd] :
             { std::pair { link->a, link->b }, std::pair { link->b, link->a } }) {
            // The port first: only a compute NIC's end needs its two devices looked up (four
            // searches of the device table a link were a tenth of `validate` at 16k).
            const PortSpec *spec = context.port(nicEnd);
            if (!spec || spec->role != PortRole::Compute || spec->rail < 0)
                continue;
            const Device *node = context.design().device(nicEnd.device);
            const Device *leaf = context.design().device(switchEnd.device);
            if (node->role != DeviceRole::Compute || leaf->role != DeviceRole::Switch)
                continue;
            nics.push_back({ nicEnd, leaf->id, spec->rail, link->id });
            ++railCounts[static_cast<std::size_t>(view.vertex(leaf->id))][spec->rail];
        }
    }
    // Rail-optimized: NIC r of every node of a scalable unit lands on the leaf of rail r
    // (ref:al-fares-2008). A leaf's rails are the ones most of its NICs carry; a NIC of
    // another rail on it is misaligned.
    for (const Nic &nic : nics) {
        const auto &counts = railCounts[static_cast<std::size_t>(view.vertex(nic.leaf))];
        int most = 0;
        int total = 0;
        for (const auto &[rail, count] : counts) {
            most = std::max(most, count);
            total += count;
        }
        const int mine = counts.at(nic.rail);
        if (mine >= most)
            continue;
        std::vector<int> leafRails;
        for (const auto &[rail, count] : counts)
            if (count == most)
                leafRails.push_back(rail);
        const Device *leaf = context.design().device(nic.leaf);
        out.push_back(
            { context.portLabel(nic.port) + " (rail " + std::to_string(nic.rail) + ") lands on "
                  + leaf->name + ", whose NICs are rails " + fmt::ranges(leafRails) + " (rail "
                  + std::to_string(nic.rail) + ": " + std::to_string(mine) + " of "
                  + std::to_string(total) + " NICs there)",
              { EntityRef::of(nic.port.device), EntityRef::of(nic.leaf), EntityRef::of(nic.link) },
              "move the cable to the leaf of rail " + std::to_string(nic.rail) });
    }
}

void convergedStorage(const RuleContext &context, EntityRef subject, std::vector<Finding> &out)
{
    const FabricId fabricId { subject.id };
    const Fabric *fabric = context.design().fabric(fabricId);
    if (fabric->purpose != FabricPurpose::Compute)
        return;
    std::vector<EntityRef> entities { subject };
    std::vector<std::string> tiers;
    for (const StorageTier &tier : context.design().storageTiers())
        if (tier.fabric == fabricId && tier.kind != StorageKind::NodeLocalNvme) {
            tiers.push_back(tier.name);
            entities.push_back(EntityRef::of(tier.id));
        }
    std::vector<std::string> servers;
    for (DeviceId id : context.fabricView(fabricId).devices)
        if (const Device *device = context.design().device(id); device->role == DeviceRole::Storage)
            servers.push_back(device->name);
    if (tiers.empty() && servers.empty())
        return;
    std::string what;
    if (!tiers.empty())
        what = "storage tier " + fmt::list(tiers);
    if (!servers.empty())
        what += (what.empty() ? "" : " and ") + std::to_string(servers.size())
            + " storage servers (" + fmt::list(servers) + ")";
    out.push_back({ what + (tiers.size() + servers.size() > 1 ? " are" : " is")
                        + " on compute fabric " + fabric->name
                        + ": checkpoint and dataset traffic competes with the collectives; never "
                          "mix them",
                    std::move(entities),
                    "put storage on its own fabric (the DGX SuperPOD layout: separate compute and "
                    "storage fabrics, ref:nvidia-superpod-h100-ra)" });
}

} // namespace

void addFabricRules(RuleList &rules)
{
    const Inputs graph = input::Links | input::DeviceSpec | input::DeviceName | input::Fabrics;
    add(rules,
        { "net.fabric-disconnected", "Fabric split into islands", "network", Severity::Error,
          RuleScope::Fabric, graph },
        &fabricDisconnected);
    add(rules,
        { "net.oversubscription", "Leaf downlink:uplink ratio above the fabric's target", "network",
          Severity::Warning, RuleScope::Fabric, graph },
        &oversubscription);
    add(rules,
        { "net.rail-misaligned", "NIC of rail r on another rail's leaf", "network", Severity::Error,
          RuleScope::Fabric, graph },
        &railMisaligned);
    add(rules,
        { "net.converged-storage", "Storage traffic on the compute fabric", "network",
          Severity::Warning, RuleScope::Fabric, graph | input::StorageTiers },
        &convergedStorage);
    add(rules,
        { "net.single-point-of-failure", "Switch whose loss disconnects compute nodes", "network",
          Severity::Warning, RuleScope::Fabric, graph },
        &singlePointOfFailure);
}

} // namespace cw::rules

#include "exporters/nccl/AcceptancePlan.h"

#include "exporters/common/ExportWriter.h"
#include "exporters/nccl/NcclFacts.h"
#include "exporters/nccl/NcclHardware.h"
#include "exporters/nccl/NcclText.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <limits>
#include <set>

namespace cw::nccl {
namespace {

/// Per-rank bound inside one node: NVLink one way (catalog figures are bidirectional) or,
/// without NVLink, NCCL's PCIe model of the GPU's x16 link.
struct Bound
{
    double gbps = 0;
    std::string kind;
    std::string worked;
};

Bound intraNodeBound(const ServerTypeFacts &type)
{
    const ServerSpec &server = *type.part->server;
    if (type.gpuPart && type.gpuPart->gpu && type.gpuPart->gpu->nvlinkBandwidthGBps > 0
        && server.topology.nvlinksPerGpu > 0) {
        const double nvlink = type.gpuPart->gpu->nvlinkBandwidthGBps;
        return { nvlink / 2 * kNvlinkEfficiency, "NVLink",
                 fixed(nvlink, 0) + " GB/s NVLink (" + type.gpuPart->id
                     + ", both directions) / 2 x " + fixed(kNvlinkEfficiency, 2) };
    }
    const std::string gpuId = type.gpuPart ? type.gpuPart->id : server.gpuPart;
    const int gen = gpuPcieGen(gpuId);
    const double pcie = ncclPcieGBps(gen, 16);
    return { pcie * kPcieEfficiency, "PCIe",
             "PCIe Gen" + std::to_string(gen) + " x16 = " + fixed(pcie, 1)
                 + " GB/s (NCCL's model) x " + fixed(kPcieEfficiency, 2) };
}

std::string networkWorked(const ServerTypeFacts &type, double efficiency)
{
    std::string speeds;
    if (!type.nics.empty()) {
        const bool same = std::all_of(type.nics.begin(), type.nics.end(), [&](const RailNic &nic) {
            return nic.speedGbps == type.nics.front().speedGbps;
        });
        speeds = same ? std::to_string(type.nics.size()) + " x "
                + fixed(type.nics.front().speedGbps, 0) + " Gb/s"
                      : fixed(type.nicGBps() * 8, 0) + " Gb/s";
    }
    return speeds + " / 8 = " + fixed(type.nicGBps(), 1) + " GB/s per node x "
        + fixed(efficiency, 2);
}

AllReduceStep makeStep(const NcclFacts &facts, std::string title, std::string scope,
                       std::vector<std::string> nodes, double nicEfficiency)
{
    AllReduceStep step;
    step.title = std::move(title);
    step.scope = std::move(scope);
    std::sort(nodes.begin(), nodes.end());
    step.nodes = std::move(nodes);
    double intra = std::numeric_limits<double>::infinity();
    double network = std::numeric_limits<double>::infinity();
    std::string intraLimit;
    for (const std::string &node : step.nodes) {
        const ServerTypeFacts *type = facts.typeOfNode(node);
        if (!type)
            continue;
        step.ranks += type->gpuCount();
        step.gpusPerNode = step.gpusPerNode == 0 ? type->gpuCount()
                                                 : std::min(step.gpusPerNode, type->gpuCount());
        const Bound bound = intraNodeBound(*type);
        if (bound.gbps < intra) {
            intra = bound.gbps;
            intraLimit = bound.kind;
            step.intraNodeWorked = bound.worked;
        }
        if (type->nicGBps() * nicEfficiency < network) {
            network = type->nicGBps() * nicEfficiency;
            step.networkWorked = networkWorked(*type, nicEfficiency);
        }
    }
    step.busFactor = allReduceBusFactor(step.ranks);
    step.intraNodeGBps = intra;
    if (step.nodes.size() >= 2) {
        step.networkGBps = network;
        step.expectedBusGBps = std::min(intra, network);
        step.limit = network < intra ? "network (node NICs)" : intraLimit;
    } else {
        step.expectedBusGBps = intra;
        step.limit = intraLimit;
        step.networkWorked.clear();
    }
    step.expectedAlgGBps = step.busFactor > 0 ? step.expectedBusGBps / step.busFactor : 0;
    step.acceptBusGBps = step.expectedBusGBps * kAcceptFraction;
    return step;
}

/// The multi-node NVLink domain with the most GPUs (the first by hostname on a tie), or null.
const NvlinkDomain *largestNvlinkDomain(const NcclFacts &facts)
{
    const NvlinkDomain *largest = nullptr;
    for (const NvlinkDomain &domain : facts.nvlinkDomains)
        if (domain.nodeNames.size() >= 2 && (!largest || domain.gpus > largest->gpus))
            largest = &domain;
    return largest;
}

/// all_reduce across one NVLink domain (a GB200 NVL72 rack): with MNNVL the ranks of the
/// domain's nodes talk over the NVLink switch trays, so the bound is each GPU's NVLink, as
/// inside one node, and the node NICs are not on the path (ref:nvidia-mnnvl-ug).
AllReduceStep nvlinkDomainStep(const NcclFacts &facts, const NvlinkDomain &domain,
                               double nicEfficiency)
{
    AllReduceStep step = makeStep(facts, "One NVLink domain (rack " + domain.name + ")",
                                  "the " + std::to_string(domain.nodeNames.size())
                                      + " nodes of multi-node NVLink domain " + domain.name
                                      + " (MNNVL, NCCL_MNNVL_ENABLE=1)",
                                  domain.nodeNames, nicEfficiency);
    step.networkGBps = 0;
    step.networkWorked.clear();
    step.expectedBusGBps = step.intraNodeGBps;
    step.limit = "NVLink (multi-node NVLink domain)";
    step.expectedAlgGBps = step.busFactor > 0 ? step.expectedBusGBps / step.busFactor : 0;
    step.acceptBusGBps = step.expectedBusGBps * kAcceptFraction;
    return step;
}

void planSteps(const NcclFacts &facts, AcceptancePlan &plan)
{
    for (const ServerTypeFacts &type : facts.serverTypes)
        if (type.gpuCount() >= 2 && !type.nodeNames.empty())
            plan.steps.push_back(makeStep(facts, "Single node (" + type.part->id + ")",
                                          "the GPUs of one " + type.part->id + " node",
                                          { type.nodeNames.front() }, plan.nicEfficiency));
    if (const NvlinkDomain *domain = largestNvlinkDomain(facts))
        plan.steps.push_back(nvlinkDomainStep(facts, *domain, plan.nicEfficiency));
    std::vector<std::string> all;
    for (const ServerTypeFacts &type : facts.serverTypes)
        all.insert(all.end(), type.nodeNames.begin(), type.nodeNames.end());
    if (all.size() < 2)
        return;
    const LeafGroup *largest = nullptr;
    for (const LeafGroup &group : facts.leafGroups)
        if (!largest || group.nodes.size() > largest->nodes.size())
            largest = &group;
    if (largest && largest->nodes.size() >= 2) {
        std::string scope = "nodes cabled to ";
        for (std::size_t i = 0; i < largest->leaves.size(); ++i)
            scope += (i ? ", " : "") + largest->leaves[i];
        plan.steps.push_back(
            makeStep(facts, "One leaf group", scope, largest->nodes, plan.nicEfficiency));
    }
    plan.steps.push_back(makeStep(facts, "Whole fabric", "every GPU node on " + facts.compute->name,
                                  all, plan.nicEfficiency));
}

void planLinkTests(const NcclFacts &facts, AcceptancePlan &plan)
{
    const ServerTypeFacts &primary = facts.serverTypes.front();
    if (!primary.nics.empty())
        plan.linkGbps = primary.nics.front().speedGbps;
    plan.ibWriteGbps = plan.linkGbps * kIbWriteBwEfficiency;
    plan.ibWriteAcceptGbps = plan.ibWriteGbps * kAcceptFraction;

    // A same-leaf pair of the primary type for every rail, then one pair through the spine.
    const LeafGroup *home = nullptr;
    std::vector<std::string> pair;
    for (const LeafGroup &group : facts.leafGroups) {
        std::vector<std::string> ofType;
        for (const std::string &node : group.nodes)
            if (facts.typeOfNode(node) == &primary)
                ofType.push_back(node);
        if (ofType.size() >= 2) {
            home = &group;
            pair = { ofType[0], ofType[1] };
            break;
        }
    }
    if (home)
        for (const RailNic &nic : primary.nics)
            plan.linkTests.push_back({ nic.name, pair[0], pair[1], "same leaf" });
    for (const LeafGroup &group : facts.leafGroups) {
        if (&group == home || !home)
            continue;
        for (const std::string &node : group.nodes)
            if (facts.typeOfNode(node) == &primary && !primary.nics.empty()) {
                plan.linkTests.push_back(
                    { primary.nics.front().name, pair[0], node, "through the spine" });
                return;
            }
    }
}

void planStorage(const Design &design, const Catalog &catalog, const NcclFacts &facts,
                 AcceptancePlan &plan)
{
    std::set<std::string> gpuNodes;
    for (const ServerTypeFacts &type : facts.serverTypes)
        gpuNodes.insert(type.nodeNames.begin(), type.nodeNames.end());
    for (const StorageTier &tier : design.storageTiers()) {
        StorageTarget target;
        target.tier = tier.name;
        target.kind = std::string(toString(tier.kind));
        target.mountPoint = "/mnt/" + exporters::safeFileName(tier.name, "storage");
        target.designReadGBps = tier.readGBps;
        target.designWriteGBps = tier.writeGBps;
        const Fabric *fabric
            = tier.kind == StorageKind::NodeLocalNvme ? nullptr : design.fabric(tier.fabric);
        double clientLinks = 0;
        if (fabric) {
            target.fabric = fabric->name;
            for (const Device &device : design.devices()) {
                if (!gpuNodes.contains(device.name))
                    continue;
                const Part *part = catalog.find(device.catalogType);
                double gbps = 0;
                for (LinkId id : design.linksOfDevice(device.id)) {
                    const Link *link = design.link(id);
                    if (!link || link->fabric != fabric->id || !part)
                        continue;
                    const int port = link->a.device == device.id ? link->a.port : link->b.port;
                    if (port >= 0 && port < static_cast<int>(part->ports.size()))
                        gbps += std::min(part->ports[port].speedGbps,
                                         fabric->linkSpeedGbps > 0 ? fabric->linkSpeedGbps
                                                                   : part->ports[port].speedGbps);
                }
                if (gbps <= 0)
                    continue;
                ++target.clients;
                // Every client has the same ports in practice; keep the slowest.
                target.clientLinkGBps
                    = target.clients == 1 ? gbps / 8 : std::min(target.clientLinkGBps, gbps / 8);
            }
            clientLinks = target.clients * target.clientLinkGBps;
        } else {
            target.clients = static_cast<int>(gpuNodes.size());
        }
        target.readGBps = tier.readGBps;
        target.writeGBps = tier.writeGBps;
        target.limit = "the design's storage tier figures";
        if (fabric && target.clients == 0)
            target.limit
                = "the design's storage tier figures (no GPU node on " + fabric->name + ")";
        if (fabric && target.clients > 0 && clientLinks < std::max(tier.readGBps, tier.writeGBps)) {
            target.readGBps = std::min(tier.readGBps, clientLinks);
            target.writeGBps = std::min(tier.writeGBps, clientLinks);
            target.limit = "the clients' storage links";
        }
        if (target.clients > 0) {
            target.perClientReadGBps = target.readGBps / target.clients;
            target.perClientWriteGBps = target.writeGBps / target.clients;
        }
        plan.storage.push_back(target);
    }
}

} // namespace

double allReduceBusFactor(long long ranks)
{
    return ranks < 2 ? 0 : 2.0 * static_cast<double>(ranks - 1) / static_cast<double>(ranks);
}

AcceptancePlan planAcceptance(const Design &design, const Catalog &catalog, const NcclFacts &facts)
{
    AcceptancePlan plan;
    plan.nicEfficiency = facts.compute->technology == Technology::InfiniBand ? kIbNicEfficiency
                                                                             : kRoceNicEfficiency;
    planSteps(facts, plan);
    planLinkTests(facts, plan);
    std::set<std::string> gpuNodes;
    for (const ServerTypeFacts &type : facts.serverTypes)
        gpuNodes.insert(type.nodeNames.begin(), type.nodeNames.end());
    for (const Link &link : design.links()) {
        if (link.fabric != facts.compute->id)
            continue;
        const Device *a = design.device(link.a.device);
        const Device *b = design.device(link.b.device);
        if (!a || !b)
            continue;
        const bool aSwitch = a->role == DeviceRole::Switch;
        const bool bSwitch = b->role == DeviceRole::Switch;
        if (aSwitch && bSwitch)
            ++plan.switchLinks;
        else if ((aSwitch && gpuNodes.contains(b->name)) || (bSwitch && gpuNodes.contains(a->name)))
            ++plan.nodeLinks;
    }
    planStorage(design, catalog, facts, plan);
    return plan;
}

} // namespace cw::nccl

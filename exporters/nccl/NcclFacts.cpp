#include "exporters/nccl/NcclFacts.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <map>
#include <set>

namespace cw::nccl {

int ServerTypeFacts::gpuCount() const
{
    return part && part->server ? part->server->gpuCount : 0;
}

double ServerTypeFacts::nicGBps() const
{
    double gbps = 0;
    for (const RailNic &nic : nics)
        gbps += nic.speedGbps;
    return gbps / 8;
}

int NcclFacts::nodeCount() const
{
    int count = 0;
    for (const ServerTypeFacts &type : serverTypes)
        count += static_cast<int>(type.nodeNames.size());
    return count;
}

const ServerTypeFacts *NcclFacts::typeOfNode(const std::string &nodeName) const
{
    for (const ServerTypeFacts &type : serverTypes)
        if (std::binary_search(type.nodeNames.begin(), type.nodeNames.end(), nodeName))
            return &type;
    return nullptr;
}

bool isSharpCapable(const Part &switchPart)
{
    return switchPart.description.find("SHARP") != std::string::npos
        || switchPart.model.find("SHARP") != std::string::npos;
}

namespace {

const Fabric *firstFabric(const Design &design, FabricPurpose purpose)
{
    for (const Fabric &fabric : design.fabrics())
        if (fabric.purpose == purpose)
            return &fabric;
    return nullptr;
}

/// The GPU server part of a device, or null (switches, storage, GPU-less servers).
const Part *gpuServerPart(const Device &device, const Catalog &catalog)
{
    const Part *part = catalog.find(device.catalogType);
    if (!part || !part->server || part->server->gpuCount <= 0)
        return nullptr;
    return part;
}

/// Ports of `device` cabled on `fabric`, as port indices.
std::set<int> cabledPorts(const Design &design, DeviceId device, FabricId fabric)
{
    std::set<int> ports;
    for (LinkId id : design.linksOfDevice(device)) {
        const Link *link = design.link(id);
        if (!link || link->fabric != fabric)
            continue;
        if (link->a.device == device)
            ports.insert(link->a.port);
        if (link->b.device == device)
            ports.insert(link->b.port);
    }
    return ports;
}

void collectNics(const Design &design, const Fabric &fabric, const std::vector<DeviceId> &nodes,
                 ServerTypeFacts &type, std::vector<std::string> &notes)
{
    const Part &part = *type.part;
    std::set<int> used;
    for (DeviceId node : nodes)
        for (int port : cabledPorts(design, node, fabric.id))
            if (port >= 0 && port < static_cast<int>(part.ports.size())
                && part.ports[port].role == PortRole::Compute)
                used.insert(port);
    if (used.empty()) {
        // Nodes on the fabric only through other ports: fall back to the catalog's rails.
        for (std::size_t i = 0; i < part.ports.size(); ++i)
            if (part.ports[i].role == PortRole::Compute)
                used.insert(static_cast<int>(i));
        notes.push_back(part.id + ": no compute port is cabled to " + fabric.name
                        + "; NCCL_IB_HCA lists every compute port of the catalog part");
    }
    for (int port : used) {
        const PortSpec &spec = part.ports[port];
        const double speed = fabric.linkSpeedGbps > 0
            ? std::min(spec.speedGbps, fabric.linkSpeedGbps)
            : spec.speedGbps;
        type.nics.push_back({ spec.rail >= 0 ? spec.rail : port, port, spec.name, speed });
    }
    std::sort(type.nics.begin(), type.nics.end(), [](const RailNic &a, const RailNic &b) {
        return a.rail != b.rail ? a.rail < b.rail : a.portIndex < b.portIndex;
    });
}

void collectSocketInterfaces(const Design &design, const std::vector<DeviceId> &nodes,
                             ServerTypeFacts &type)
{
    const Part &part = *type.part;
    if (const Fabric *frontend = firstFabric(design, FabricPurpose::Frontend)) {
        std::set<int> cabled;
        for (DeviceId node : nodes)
            for (int port : cabledPorts(design, node, frontend->id))
                if (port >= 0 && port < static_cast<int>(part.ports.size())
                    && part.ports[port].role == PortRole::Frontend)
                    cabled.insert(port);
        for (int port : cabled)
            type.socketInterfaces.push_back(part.ports[port].name);
        type.socketInterfacesCabled = !cabled.empty();
    }
    if (type.socketInterfaces.empty())
        for (const PortSpec &port : part.ports)
            if (port.role == PortRole::Frontend)
                type.socketInterfaces.push_back(port.name);
}

} // namespace

Result<NcclFacts> collectNcclFacts(const Design &design, const Catalog &catalog)
{
    NcclFacts facts;
    facts.compute = firstFabric(design, FabricPurpose::Compute);
    if (!facts.compute)
        return Error {
            "nccl: the design has no compute fabric (a fabric with purpose \"compute\")"
        };
    const Fabric &fabric = *facts.compute;

    std::map<DeviceId, std::set<DeviceId>> neighbours;
    for (const Link &link : design.links())
        if (link.fabric == fabric.id && link.a.device != link.b.device) {
            neighbours[link.a.device].insert(link.b.device);
            neighbours[link.b.device].insert(link.a.device);
        }

    // GPU nodes on the fabric, grouped by catalog part.
    std::map<std::string, std::vector<DeviceId>> nodesByType;
    std::set<std::string> missingParts;
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Compute || !neighbours.contains(device.id))
            continue;
        if (!catalog.find(device.catalogType))
            missingParts.insert(device.catalogType);
        else if (gpuServerPart(device, catalog))
            nodesByType[device.catalogType].push_back(device.id);
    }
    for (const std::string &id : missingParts)
        facts.notes.push_back("compute nodes of type \"" + id
                              + "\" are left out: the catalog has no such part");
    if (nodesByType.empty())
        return Error { "nccl: no GPU server is cabled to the compute fabric \"" + fabric.name
                       + "\"" };

    for (const auto &[typeId, nodes] : nodesByType) {
        ServerTypeFacts type;
        type.part = catalog.find(typeId);
        type.gpuPart = catalog.find(type.part->server->gpuPart);
        if (!type.gpuPart)
            facts.notes.push_back(typeId + ": GPU part \"" + type.part->server->gpuPart
                                  + "\" is not in the catalog; NVLink figures are left out");
        for (DeviceId node : nodes)
            type.nodeNames.push_back(design.device(node)->name);
        std::sort(type.nodeNames.begin(), type.nodeNames.end());
        collectNics(design, fabric, nodes, type, facts.notes);
        collectSocketInterfaces(design, nodes, type);
        facts.serverTypes.push_back(std::move(type));
    }
    std::stable_sort(facts.serverTypes.begin(), facts.serverTypes.end(),
                     [](const ServerTypeFacts &a, const ServerTypeFacts &b) {
                         return a.nodeNames.size() > b.nodeNames.size();
                     });

    // Switch levels: hop distance from the GPU nodes (leaves are 1 hop away).
    std::set<DeviceId> frontier;
    for (const auto &[typeId, nodes] : nodesByType)
        frontier.insert(nodes.begin(), nodes.end());
    std::set<DeviceId> seen = frontier;
    std::set<std::string> switchParts;
    bool allSharp = true;
    while (!frontier.empty()) {
        std::set<DeviceId> next;
        for (DeviceId id : frontier)
            for (DeviceId n : neighbours[id]) {
                const Device *device = design.device(n);
                if (!device || device->role != DeviceRole::Switch || !seen.insert(n).second)
                    continue;
                next.insert(n);
                switchParts.insert(device->catalogType);
                const Part *part = catalog.find(device->catalogType);
                allSharp = allSharp && part && isSharpCapable(*part);
            }
        if (!next.empty())
            ++facts.switchTiers;
        frontier = std::move(next);
    }
    facts.switchParts.assign(switchParts.begin(), switchParts.end());
    facts.sharpCapable = !switchParts.empty() && allSharp;
    facts.nvlinkDomains = multiNodeNvlinkDomains(design, catalog);

    // Leaf groups: GPU nodes keyed by the set of switches they are cabled to.
    std::vector<std::pair<std::string, DeviceId>> nodesByName;
    for (const auto &[typeId, nodes] : nodesByType)
        for (DeviceId node : nodes)
            nodesByName.emplace_back(design.device(node)->name, node);
    std::sort(nodesByName.begin(), nodesByName.end());
    std::map<std::vector<std::string>, std::size_t> groupIndex;
    for (const auto &[name, id] : nodesByName) {
        std::vector<std::string> leaves;
        for (DeviceId n : neighbours[id])
            if (const Device *device = design.device(n);
                device && device->role == DeviceRole::Switch)
                leaves.push_back(device->name);
        if (leaves.empty())
            continue;
        std::sort(leaves.begin(), leaves.end());
        auto [it, added] = groupIndex.try_emplace(leaves, facts.leafGroups.size());
        if (added)
            facts.leafGroups.push_back({ leaves, {} });
        facts.leafGroups[it->second].nodes.push_back(name);
    }
    return facts;
}

} // namespace cw::nccl

#include "exporters/slurm/SlurmExporter.h"

#include "exporters/common/Escape.h"
#include "exporters/slurm/Hostlist.h"
#include "exporters/slurm/PrologEpilog.h"
#include "exporters/slurm/SlurmProduction.h"
#include "exporters/slurm/SlurmWords.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/NvlinkDomains.h"
#include "model/io/SchemaVersion.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace cw::slurm {
namespace {

std::string header(const Design &design, const char *file)
{
    return std::string("# ") + file + " for design \"" + exporters::esc::commentText(design.name())
        + "\" (schema version " + std::to_string(kDesignSchemaVersion) + "), written by "
        + generatorName() + ".\n# Same design, same bytes: edit the design, not this file.\n";
}

/// Slurm node names: letters, digits, '-', '_', '.'; must not end in a non-digit after a
/// numeric part in 22.05 hostlists (suffixes came in 23.11), which plain hostnames avoid.
bool validHostname(const std::string &name)
{
    if (name.empty() || name.size() > 63 || name == "ALL" || name == "DEFAULT")
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
    });
}

/// The GRES type: the GPU part's family ("h100-sxm-80gb" -> "h100").
std::string gresType(const std::string &gpuPart)
{
    return gpuPart.substr(0, gpuPart.find('-'));
}

std::string rangeText(const std::vector<int> &values)
{
    // "/dev/nvidia[0-3]" style for consecutive values, "[0,2,4]" otherwise.
    std::vector<std::string> names;
    names.reserve(values.size());
    for (int v : values)
        names.push_back("x" + std::to_string(v));
    std::string compressed = compressHostlist(names);
    return compressed.substr(1);
}

struct NodeGroup
{
    const Part *part = nullptr;
    std::vector<std::string> names;
    std::set<std::string> features;
};

} // namespace

namespace {

/// The compute fabric seen from its nodes: adjacency, switch tiers, and the compute nodes
/// grouped by the set of leaf switches they are cabled to (one group per leaf, or per rail
/// group when rails land on several leaves).
struct LeafGroups
{
    std::map<DeviceId, std::set<DeviceId>> neighbours;
    std::map<DeviceId, int> tier;
    std::vector<std::set<DeviceId>> order; ///< leaf sets in the order of their first node
    std::map<std::set<DeviceId>, std::vector<std::string>> nodesByLeaves;
};

const Fabric *computeFabric(const Design &design)
{
    for (const Fabric &f : design.fabrics())
        if (f.purpose == FabricPurpose::Compute)
            return &f;
    return nullptr;
}

LeafGroups collectLeafGroups(const Design &design, const Fabric &fabric)
{
    LeafGroups groups;
    auto &neighbours = groups.neighbours;
    auto &tier = groups.tier;
    for (const Link &link : design.links())
        if (link.fabric == fabric.id) {
            neighbours[link.a.device].insert(link.b.device);
            neighbours[link.b.device].insert(link.a.device);
        }
    auto isSwitch = [&design](DeviceId id) {
        return design.device(id)->role == DeviceRole::Switch;
    };
    // Tier of each switch: its own when set, else hop distance from the compute nodes - 1.
    std::vector<DeviceId> frontier;
    for (const auto &[id, adjacent] : neighbours)
        if (design.device(id)->role == DeviceRole::Compute)
            frontier.push_back(id);
    std::set<DeviceId> seen(frontier.begin(), frontier.end());
    for (int distance = 0; !frontier.empty(); ++distance) {
        std::vector<DeviceId> next;
        for (DeviceId id : frontier)
            for (DeviceId n : neighbours[id])
                if (isSwitch(n) && seen.insert(n).second) {
                    const int own = design.device(n)->tier;
                    tier[n] = own >= 0 ? own : distance;
                    next.push_back(n);
                }
        frontier = std::move(next);
    }
    std::vector<const Device *> nodes;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute && neighbours.contains(device.id))
            nodes.push_back(&device);
    std::sort(nodes.begin(), nodes.end(),
              [](const Device *a, const Device *b) { return a->name < b->name; });
    for (const Device *node : nodes) {
        std::set<DeviceId> leaves;
        for (DeviceId n : neighbours[node->id])
            if (isSwitch(n) && tier[n] == 0)
                leaves.insert(n);
        if (leaves.empty())
            continue;
        if (!groups.nodesByLeaves.contains(leaves))
            groups.order.push_back(leaves);
        groups.nodesByLeaves[leaves].push_back(node->name);
    }
    return groups;
}

} // namespace

std::string topologyTree(const Design &design, const Catalog &catalog)
{
    (void)catalog;
    std::ostringstream out;
    const Fabric *fabric = computeFabric(design);
    if (!fabric)
        return out.str();
    LeafGroups leafGroups = collectLeafGroups(design, *fabric);
    auto &neighbours = leafGroups.neighbours;
    auto &tier = leafGroups.tier;
    auto &order = leafGroups.order;
    auto &nodesByLeaves = leafGroups.nodesByLeaves;
    auto isSwitch = [&design](DeviceId id) {
        return design.device(id)->role == DeviceRole::Switch;
    };

    struct Group
    {
        std::string name;
        std::set<DeviceId> members; // switches of this level the group stands for
        std::vector<std::string> children;
    };
    std::vector<Group> level;
    int railGroup = 0;
    for (const auto &leaves : order) {
        Group group;
        group.members = leaves;
        group.name = leaves.size() == 1 ? design.device(*leaves.begin())->name
                                        : "su" + std::to_string(++railGroup);
        out << "SwitchName=" << group.name
            << " Nodes=" << compressHostlistSorted(nodesByLeaves[leaves]) << "\n";
        level.push_back(std::move(group));
    }

    // Upper levels: groups whose switches reach the same set of next-tier switches share a
    // parent, until one group is left or no tier is above.
    static const char *const kVirtualNames[] = { "su", "spines", "cores", "tier" };
    for (int t = 1; level.size() > 1; ++t) {
        std::map<std::set<DeviceId>, std::vector<std::string>> childrenByParents;
        std::vector<std::set<DeviceId>> parentOrder;
        for (const Group &group : level) {
            std::set<DeviceId> parents;
            for (DeviceId member : group.members)
                for (DeviceId n : neighbours[member])
                    if (isSwitch(n) && tier.contains(n) && tier[n] == t)
                        parents.insert(n);
            if (!childrenByParents.contains(parents))
                parentOrder.push_back(parents);
            childrenByParents[parents].push_back(group.name);
        }
        if (parentOrder.size() == 1 && parentOrder.front().empty()) {
            // Nothing above: the groups are islands. Slurm warns that no switch reaches all
            // nodes; jobs then stay within one group, which is the truth of such a fabric.
            break;
        }
        std::vector<Group> next;
        int counter = 0;
        for (const auto &parents : parentOrder) {
            Group group;
            group.members = parents;
            if (parents.size() == 1)
                group.name = design.device(*parents.begin())->name;
            else
                group.name = std::string(kVirtualNames[std::min(t, 3)]) + std::to_string(++counter);
            std::string children;
            for (const std::string &child : childrenByParents[parents])
                children += (children.empty() ? "" : ",") + child;
            out << "SwitchName=" << group.name << " Switches=" << children << "\n";
            next.push_back(std::move(group));
        }
        if (next.size() == level.size() && t > 8)
            break; // defensive: a malformed tiering cannot loop forever
        level = std::move(next);
    }
    return out.str();
}

namespace {

/// BlockSizes for `blocks` blocks of at least `base` nodes: the base block, then every
/// aggregate of 2^k base blocks the cluster can hold. Slurm 24.05 wants each later size to be
/// base x 2^k with k <= 15 and stops with "Invalid BlockLevels" otherwise
/// (ref:slurm-topology-conf).
std::string blockSizes(std::size_t base, std::size_t blocks)
{
    constexpr int kMaxBlockLevel = 15;
    std::string text = std::to_string(base);
    for (int level = 1; level <= kMaxBlockLevel && (std::size_t { 1 } << level) <= blocks; ++level)
        text += "," + std::to_string(base << level);
    return text;
}

/// One block per multi-node NVLink domain (a GB200 NVL72 rack: 18 compute trays): the
/// domain is what a job's GPUs share without the network, the unit topology/block schedules
/// (ref:slurm-topology-guide). Nodes outside every domain are listed in a comment.
std::string nvlinkBlocks(const Design &design, const std::vector<NvlinkDomain> &domains)
{
    std::ostringstream out;
    std::size_t smallest = 0;
    std::set<std::string> inBlocks;
    int index = 0;
    for (const NvlinkDomain &domain : domains) {
        ++index;
        const std::string name
            = validHostname(domain.name) ? domain.name : "nvl" + std::to_string(index);
        out << "# NVLink domain of rack " << domain.name << ": " << domain.nodeNames.size()
            << " nodes, " << domain.gpus << " of " << domain.fullGpus << " GPUs\n";
        out << "BlockName=" << name << " Nodes=" << compressHostlistSorted(domain.nodeNames)
            << "\n";
        smallest
            = smallest == 0 ? domain.nodeNames.size() : std::min(smallest, domain.nodeNames.size());
        inBlocks.insert(domain.nodeNames.begin(), domain.nodeNames.end());
    }
    std::vector<std::string> outside;
    for (const Device &device : design.devices())
        if (device.role == DeviceRole::Compute && !inBlocks.contains(device.name))
            outside.push_back(device.name);
    if (!outside.empty())
        out << "# In no NVLink domain, so in no block: " << compressHostlistSorted(outside) << "\n";
    // The base block: one domain. Every block holds at least this many nodes, or slurmctld is
    // fatal ("children count lower than bblock_node_cnt").
    out << "BlockSizes=" << blockSizes(smallest, domains.size()) << "\n";
    return out.str();
}

} // namespace

std::string topologyBlock(const Design &design, const Catalog &catalog)
{
    if (const auto domains = multiNodeNvlinkDomains(design, catalog); !domains.empty())
        return nvlinkBlocks(design, domains);
    // One block per leaf group of the compute fabric (a leaf, or a rail group's leaves):
    // the nodes one hop apart on every rail. Without a compute fabric, one block per rack.
    std::vector<std::pair<std::string, std::vector<std::string>>> blocks;
    if (const Fabric *fabric = computeFabric(design)) {
        const LeafGroups groups = collectLeafGroups(design, *fabric);
        for (const auto &leaves : groups.order)
            blocks.emplace_back("", groups.nodesByLeaves.at(leaves));
    } else {
        std::map<std::string, std::vector<std::string>> byRack;
        for (const Device &device : design.devices())
            if (device.role == DeviceRole::Compute)
                if (const Rack *rack = design.rack(device.rack))
                    byRack[rack->name].push_back(device.name);
        for (auto &[rack, names] : byRack)
            blocks.emplace_back("", names);
    }
    std::ostringstream out;
    std::size_t smallest = 0;
    int index = 0;
    for (auto &[name, nodes] : blocks) {
        smallest = smallest == 0 ? nodes.size() : std::min(smallest, nodes.size());
        out << "BlockName=block" << ++index << " Nodes=" << compressHostlistSorted(nodes) << "\n";
    }
    // The base block size: every block must hold at least this many nodes, or slurmctld is
    // fatal ("children count lower than bblock_node_cnt", ref:slurm-topology-conf).
    if (smallest > 0)
        out << "BlockSizes=" << smallest << "\n";
    return out.str();
}

Result<SlurmFiles> exportSlurm(const Design &design, const Catalog &catalog)
{
    return exportSlurm(design, catalog, SlurmTopology::Tree);
}

namespace {

using NodeGroups = std::map<std::string, NodeGroup>;
/// Compute node type -> (CPUs per GPU, memory per GPU in MiB), for DefCpuPerGPU/DefMemPerGPU.
using PerGpu = std::map<std::string, std::pair<int, long long>>;

/// Compute nodes grouped by identical hardware (catalog part) for the NodeName lines, with
/// the technologies of the compute fabrics each node is on as features.
Result<NodeGroups> groupComputeNodes(const Design &design, const Catalog &catalog)
{
    NodeGroups groups;
    std::map<DeviceId, std::set<std::string>> nodeFabricTech;
    for (const Link &link : design.links()) {
        const Fabric *fabric = design.fabric(link.fabric);
        if (fabric->purpose != FabricPurpose::Compute)
            continue;
        for (DeviceId end : { link.a.device, link.b.device })
            nodeFabricTech[end].insert(std::string(toString(fabric->technology)));
    }
    int computeNodes = 0;
    for (const Device &device : design.devices()) {
        if (device.role != DeviceRole::Compute)
            continue;
        ++computeNodes;
        if (!validHostname(device.name))
            return Error {
                "device " + std::to_string(device.id.value) + ": hostname \"" + device.name
                + "\" is not a valid Slurm node name (letters, digits, - _ .; not ALL or DEFAULT)"
            };
        const Part *part = catalog.find(device.catalogType);
        if (!part || !part->server)
            return Error { "compute node " + device.name + ": catalog type \"" + device.catalogType
                           + "\" is not a server" };
        NodeGroup &group = groups[device.catalogType];
        group.part = part;
        group.names.push_back(device.name);
        for (const std::string &tech : nodeFabricTech[device.id])
            group.features.insert(tech);
    }
    if (computeNodes == 0)
        return Error { "the design has no compute nodes: nothing for Slurm to schedule" };

    return groups;
}

/// The cluster-wide head of slurm.conf: controller, plugins, topology plugin, GRES types and
/// the production settings.
void writeClusterSettings(std::ostringstream &conf, const Design &design, SlurmTopology topology,
                          const NodeGroups &groups,
                          const std::vector<ProductionSetting> &production)
{
    bool anyGpu = false;
    conf << header(design, "slurm.conf");
    conf << "ClusterName=" << design.scheduler().clusterName << "\n";
    conf << "SlurmctldHost=" << design.scheduler().controllerHost << "\n";
    conf << "AuthType=auth/munge\n"
            "SlurmUser=slurm\n"
            "StateSaveLocation=/var/spool/slurmctld\n"
            "SlurmdSpoolDir=/var/spool/slurmd\n"
            "# cons_tres tracks GRES; 22.05's default select/linear does not (ref:slurm-src).\n"
            "SelectType=select/cons_tres\n"
            "SelectTypeParameters=CR_Core_Memory\n"
            "ProctrackType=proctrack/cgroup\n"
            "TaskPlugin=task/affinity,task/cgroup\n"
            "# switch/none is right for InfiniBand and Ethernet (ref:slurm-conf).\n"
            "SwitchType=switch/none\n"
            "# topology.conf is read from this file's folder; a missing one is fatal.\n";
    if (topology == SlurmTopology::Block)
        conf
            << "# topology/block needs Slurm 24.05 or later (BlockSizes); 22.05 and 23.02 have no\n"
               "# block plugin and stop with \"Failed to initialize topology plugin\" "
               "(ref:slurm-src).\n"
               "TopologyPlugin=topology/block\n";
    else
        conf << "TopologyPlugin=topology/tree\n";
    for (const auto &[type, group] : groups)
        anyGpu = anyGpu || group.part->server->gpuCount > 0;
    if (anyGpu)
        conf << "GresTypes=gpu\n";
    conf << "ReturnToService=2\n";
    conf << productionSlurmConf(production) << "\n";
}

/// One NodeName line per hardware group; collects every node name and the per-GPU defaults.
void writeNodeLines(std::ostringstream &conf, const NodeGroups &groups,
                    std::vector<std::string> &allNodes, PerGpu &perGpu)
{
    for (const auto &[type, group] : groups) {
        const ServerSpec &server = *group.part->server;
        const long long realMemoryMiB
            = static_cast<long long>(std::floor(server.memoryGB * 1024.0 * kRealMemoryFraction));
        conf << "# " << exporters::esc::commentText(group.part->vendor + " " + group.part->model)
             << " (" << type << ")\n";
        conf << "NodeName=" << compressHostlistSorted(group.names)
             << " Boards=1 SocketsPerBoard=" << server.cpu.sockets
             << " CoresPerSocket=" << server.cpu.coresPerSocket
             << " ThreadsPerCore=" << server.cpu.threadsPerCore << " RealMemory=" << realMemoryMiB;
        std::set<std::string> features = group.features;
        if (server.gpuCount > 0) {
            const std::string gpu = gresType(server.gpuPart);
            conf << " Gres=gpu:" << gpu << ":" << server.gpuCount;
            features.insert(gpu);
            perGpu[type] = { server.cpu.sockets * server.cpu.coresPerSocket / server.gpuCount,
                             realMemoryMiB / server.gpuCount };
        }
        const int rails = group.part->countPorts(PortRole::Compute);
        if (rails > 0)
            features.insert("rails" + std::to_string(rails));
        if (group.part->cooling)
            features.insert(std::string(toString(*group.part->cooling)));
        std::string featureText;
        for (const std::string &f : features)
            featureText += (featureText.empty() ? "" : ",") + f;
        if (!featureText.empty())
            conf << " Features=" << featureText;
        conf << " State=UNKNOWN\n";
        allNodes.insert(allNodes.end(), group.names.begin(), group.names.end());
    }
}

/// The PartitionName lines (a "gpu" partition of every node when the design names none).
Result<void> writePartitions(std::ostringstream &conf, const Design &design,
                             const NodeGroups &groups, const std::vector<std::string> &allNodes,
                             const PerGpu &perGpu, const std::vector<ProductionSetting> &production)
{
    const std::string maxTime = settingValue(production, "MaxTime");
    conf << "\nPartitionName=DEFAULT State=UP DefaultTime="
         << settingValue(production, "DefaultTime") << " MaxTime=" << maxTime << "\n";
    std::vector<Partition> partitions = design.scheduler().partitions;
    if (partitions.empty())
        partitions.push_back(Partition { "gpu", {}, true, "INFINITE" });
    std::set<std::string> partitionNames;
    for (const Partition &partition : partitions) {
        if (!partitionNames.insert(partition.name).second)
            return Error { "partition \"" + partition.name
                           + "\" is defined twice (slurmctld refuses that)" };
        std::vector<std::string> names;
        if (partition.nodes.empty())
            names = allNodes;
        for (DeviceId id : partition.nodes)
            if (const Device *device = design.device(id);
                device && device->role == DeviceRole::Compute)
                names.push_back(device->name);
        if (names.empty())
            return Error { "partition \"" + partition.name + "\" has no compute nodes" };
        conf << "PartitionName=" << partition.name << " Nodes=" << compressHostlistSorted(names)
             << (partition.isDefault ? " Default=YES" : "")
             // The model's default INFINITE means "not chosen": the production MaxTime holds.
             << " MaxTime="
             << (partition.maxTime == "INFINITE" ? maxTime : partition.maxTime)
             // Whole nodes per job: the portable spelling of exclusive nodes (ref:slurm-src).
             << " OverSubscribe=EXCLUSIVE";
        if (groups.size() == 1 && !perGpu.empty()) {
            const auto &[cpus, mem] = perGpu.begin()->second;
            conf << " DefCpuPerGPU=" << cpus << " DefMemPerGPU=" << mem;
        }
        conf << "\n";
    }
    return {};
}

/// topology.conf for the chosen plugin; notes when tree hides NVLink domains.
std::string topologyConfText(const Design &design, const Catalog &catalog, SlurmTopology topology,
                             std::vector<std::string> &notes)
{
    std::string text;
    if (topology == SlurmTopology::Block)
        text = header(design, "topology.conf")
            + "# topology/block, read by Slurm 24.05 and later (BlockSizes replaced 23.11's\n"
            + (multiNodeNvlinkDomains(design, catalog).empty()
                   ? "# BlockLevels). One block per leaf group of the compute fabric.\n"
                   : "# BlockLevels). One block per NVLink domain (rack-scale system).\n")
            + topologyBlock(design, catalog);
    else
        text = header(design, "topology.conf")
            + "# topology/tree (all Slurm versions). Rail groups are virtual leaves.\n"
            + topologyTree(design, catalog);
    if (topology == SlurmTopology::Tree && !multiNodeNvlinkDomains(design, catalog).empty())
        notes.push_back("the design has multi-node NVLink domains (rack-scale systems): "
                        "slurm.topology=block makes each domain a block (Slurm 24.05+)");

    return text;
}

/// gres.conf: the explicit GPU inventory per hardware group, Cores= from the NUMA layout.
std::string gresConfText(const Design &design, const NodeGroups &groups,
                         std::vector<std::string> &notes)
{
    std::ostringstream gres;
    gres << header(design, "gres.conf");
    gres << "# Explicit inventory: Debian's Slurm ships no NVML plugin, so AutoDetect=nvml would\n"
            "# find nothing (ref:slurm-src). Cores= are logical core indices per NUMA node.\n";
    for (const auto &[type, group] : groups) {
        const ServerSpec &server = *group.part->server;
        if (server.gpuCount == 0)
            continue;
        const std::string nodes = compressHostlistSorted(group.names);
        const std::string gpu = gresType(server.gpuPart);
        bool covered = false;
        for (const NumaNode &numa : server.topology.numa) {
            if (numa.gpus.empty())
                continue;
            std::vector<int> devices = numa.gpus;
            std::sort(devices.begin(), devices.end());
            gres << "NodeName=" << nodes << " Name=gpu Type=" << gpu << " File=/dev/nvidia"
                 << rangeText(devices) << " Cores=" << numa.cores << "\n";
            covered = true;
        }
        if (!covered) {
            std::vector<int> devices;
            devices.reserve(static_cast<std::size_t>(std::max(server.gpuCount, 0)));
            for (int i = 0; i < server.gpuCount; ++i)
                devices.push_back(i);
            gres << "NodeName=" << nodes << " Name=gpu Type=" << gpu << " File=/dev/nvidia"
                 << rangeText(devices) << "\n";
            notes.push_back(
                type
                + ": the catalog has no NUMA layout, so gres.conf lists its GPUs without Cores=");
        }
    }
    return gres.str();
}

} // namespace

Result<SlurmFiles> exportSlurm(const Design &design, const Catalog &catalog, SlurmTopology topology)
{
    if (auto checked = checkSlurmValues(design, catalog); !checked)
        return checked.error();
    // Production settings first: a bad override is refused before anything is written.
    auto production = productionSettings(design);
    if (!production)
        return production.error();
    auto groups = groupComputeNodes(design, catalog);
    if (!groups)
        return groups.error();

    SlurmFiles files;
    std::ostringstream conf;
    writeClusterSettings(conf, design, topology, *groups, *production);
    std::vector<std::string> allNodes;
    PerGpu perGpu;
    writeNodeLines(conf, *groups, allNodes, perGpu);
    if (auto written = writePartitions(conf, design, *groups, allNodes, perGpu, *production);
        !written)
        return written.error();
    files.slurmConf = conf.str();
    files.topologyConf = topologyConfText(design, catalog, topology, files.notes);
    files.gresConf = gresConfText(design, *groups, files.notes);
    files.cgroupConf = cgroupConf(design, *production);
    files.slurmdbdConf = slurmdbdConf(design, *production);
    files.prolog = prologScript(design);
    files.epilog = epilogScript(design);
    files.healthCheck = healthCheckScript(design, catalog);
    return files;
}

} // namespace cw::slurm

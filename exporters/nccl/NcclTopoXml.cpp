#include "exporters/nccl/NcclTopoXml.h"

#include "exporters/common/ExportWriter.h"
#include "exporters/common/FileHeader.h"
#include "exporters/nccl/NcclFacts.h"
#include "exporters/nccl/NcclHardware.h"
#include "exporters/nccl/NcclText.h"
#include "model/catalog/Part.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

namespace cw::nccl {
namespace {

// PCI class codes NCCL's loader maps (ref:nvidia-nccl-src src/graph/topo.cc kvDictPciClass).
constexpr const char *kClassPciBridge = "0x060400";
constexpr const char *kClassGpu = "0x030200"; ///< 3D controller: SXM and data-centre GPUs
constexpr const char *kClassInfiniband = "0x020700"; ///< ConnectX in InfiniBand mode
constexpr const char *kClassEthernet = "0x020000"; ///< ConnectX in Ethernet (RoCE) mode
constexpr const char *kClassNvSwitch = "0x068000";
constexpr const char *kVendorNvidia = "0x10de";
constexpr const char *kVendorMellanox = "0x15b3";
/// NCCL reads no target for an NVSwitch link (tclass 0x068000): every GPU joins one shared
/// NVSwitch node (ref:nvidia-nccl-src src/graph/topo.cc ncclTopoAddNvLinks). The validated example
/// uses this value.
constexpr const char *kNvSwitchTarget = "0000:00:00.0";
constexpr int kLinkWidth = 16;

/// A value NCCL reads back verbatim: its parser decodes no entities, so only plain names pass.
bool plainValue(const std::string &value)
{
    return !value.empty() && value.size() <= 255
        && std::all_of(value.begin(), value.end(), [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'
                   || c == '.' || c == ':';
           });
}

/// "dddd:bb:dd.f", lower-case hex, as NCCL compares bus ids.
bool validBusId(const std::string &busId)
{
    if (busId.size() != 12 || busId[4] != ':' || busId[7] != ':' || busId[10] != '.')
        return false;
    for (std::size_t i : { 0u, 1u, 2u, 3u, 5u, 6u, 8u, 9u, 11u })
        if (!std::isxdigit(static_cast<unsigned char>(busId[i]))
            || std::isupper(static_cast<unsigned char>(busId[i])))
            return false;
    return true;
}

/// Logical CPUs of a NUMA node as a sysfs cpumap ("00000000,00ffffff,ffffffff"): 32-bit hex
/// words, most significant first. Linux numbers the first hardware thread of every core
/// 0..cores-1 and the SMT siblings after them (lscpu on a DGX H100: node0 0-55,112-167), so
/// core c owns CPUs c + k x totalCores. Empty when the range cannot be read.
std::string affinityMask(const std::string &cores, int totalCores, int threadsPerCore)
{
    if (totalCores <= 0 || threadsPerCore <= 0)
        return {};
    const int cpus = totalCores * threadsPerCore;
    std::vector<std::uint32_t> words(static_cast<std::size_t>((cpus + 31) / 32), 0);
    std::stringstream list(cores);
    std::string item;
    bool any = false;
    while (std::getline(list, item, ',')) {
        int first = 0, last = 0;
        char dash = 0;
        std::stringstream range(item);
        if (!(range >> first))
            return {};
        if (range >> dash) {
            if (dash != '-' || !(range >> last))
                return {};
        } else {
            last = first;
        }
        if (first < 0 || last < first || last >= totalCores)
            return {};
        for (int core = first; core <= last; ++core)
            for (int thread = 0; thread < threadsPerCore; ++thread) {
                const int cpu = core + thread * totalCores;
                words[static_cast<std::size_t>(cpu / 32)] |= std::uint32_t { 1 } << (cpu % 32);
                any = true;
            }
    }
    if (!any)
        return {};
    std::string mask;
    for (std::size_t i = words.size(); i-- > 0;) {
        char word[9];
        std::snprintf(word, sizeof word, "%08x", words[i]);
        mask += word;
        if (i > 0)
            mask += ',';
    }
    return mask;
}

struct Attribute
{
    std::string name;
    std::string value;
};

/// One start tag on one line, attributes separated by single spaces (ref:nvidia-nccl-src
/// src/graph/xml.cc).
std::string tag(int depth, const std::string &name, const std::vector<Attribute> &attributes,
                bool selfClosing)
{
    std::string line(static_cast<std::size_t>(depth) * 2, ' ');
    line += '<' + name;
    for (const Attribute &a : attributes)
        line += ' ' + a.name + "=\"" + a.value + '"';
    line += selfClosing ? "/>\n" : ">\n";
    return line;
}

std::string endTag(int depth, const std::string &name)
{
    return std::string(static_cast<std::size_t>(depth) * 2, ' ') + "</" + name + ">\n";
}

/// Where each GPU and rail NIC sits: NUMA node and PCIe switch.
struct Layout
{
    std::map<int, int> gpuNuma; ///< GPU index -> index into topology.numa
    std::map<std::string, int> nicNuma; ///< rail NIC name -> index into topology.numa
    std::vector<std::vector<int>> switchGpus; ///< per catalog PCIe switch with members
    std::vector<std::vector<std::string>> switchNics;
    std::vector<int> switchNuma;
};

Result<Layout> readLayout(const ServerTypeFacts &type)
{
    const Part &part = *type.part;
    const ServerTopology &topology = part.server->topology;
    const int gpus = part.server->gpuCount;
    const std::string where = part.id + ": ";
    Layout layout;
    if (topology.numa.empty())
        return Error { where + "the catalog part gives no NUMA layout (topology.numa)" };
    if (static_cast<int>(topology.gpuBusIds.size()) < gpus)
        return Error { where + "the catalog part lists " + std::to_string(topology.gpuBusIds.size())
                       + " GPU PCI bus ids for " + std::to_string(gpus)
                       + " GPUs (topology.gpuBusIds); NCCL matches GPUs by bus id" };
    for (int g = 0; g < gpus; ++g)
        if (!validBusId(topology.gpuBusIds[g]))
            return Error { where + "GPU " + std::to_string(g) + " bus id \"" + topology.gpuBusIds[g]
                           + "\" is not of the form dddd:bb:dd.f (lower-case hex)" };
    for (const RailNic &nic : type.nics) {
        auto it = topology.nicBusIds.find(nic.name);
        if (it == topology.nicBusIds.end())
            return Error { where + "no PCI bus id for rail NIC " + nic.name
                           + " (topology.nicBusIds)" };
        if (!validBusId(it->second))
            return Error { where + nic.name + " bus id \"" + it->second
                           + "\" is not of the form dddd:bb:dd.f (lower-case hex)" };
        if (!plainValue(nic.name))
            return Error { where + "NIC name \"" + nic.name
                           + "\" has characters NCCL's XML parser cannot read back" };
    }
    for (std::size_t n = 0; n < topology.numa.size(); ++n) {
        for (int g : topology.numa[n].gpus)
            layout.gpuNuma.emplace(g, static_cast<int>(n));
        for (const std::string &name : topology.numa[n].nics)
            layout.nicNuma.emplace(name, static_cast<int>(n));
    }
    for (int g = 0; g < gpus; ++g)
        if (!layout.gpuNuma.contains(g))
            return Error { where + "GPU " + std::to_string(g)
                           + " is on no NUMA node (topology.numa)" };
    for (const RailNic &nic : type.nics)
        if (!layout.nicNuma.contains(nic.name))
            return Error { where + nic.name + " is on no NUMA node (topology.numa)" };

    std::set<std::string> railNames;
    for (const RailNic &nic : type.nics)
        railNames.insert(nic.name);
    for (const PcieSwitch &pcieSwitch : topology.pcieSwitches) {
        std::vector<int> members;
        std::vector<std::string> nics;
        for (int g : pcieSwitch.gpus)
            if (g >= 0 && g < gpus)
                members.push_back(g);
        for (const std::string &name : pcieSwitch.nics)
            if (railNames.contains(name))
                nics.push_back(name);
        if (members.empty() && nics.empty())
            continue;
        const int numa
            = !members.empty() ? layout.gpuNuma[members.front()] : layout.nicNuma[nics.front()];
        for (int g : members)
            if (layout.gpuNuma[g] != numa)
                return Error { where + "a PCIe switch spans NUMA nodes (GPU " + std::to_string(g)
                               + ")" };
        for (const std::string &name : nics)
            if (layout.nicNuma[name] != numa)
                return Error { where + "a PCIe switch spans NUMA nodes (" + name + ")" };
        layout.switchGpus.push_back(members);
        layout.switchNics.push_back(nics);
        layout.switchNuma.push_back(numa);
    }
    return layout;
}

} // namespace

std::string topoFileName(const Part &serverPart)
{
    return "nccl-topo-" + exporters::safeFileName(serverPart.id) + ".xml";
}

Result<std::string> topoXml(const Design &design, const ServerTypeFacts &type,
                            Technology technology, bool railOptimized)
{
    const Part &part = *type.part;
    const ServerSpec &server = *part.server;
    auto layoutResult = readLayout(type);
    if (!layoutResult)
        return layoutResult.error();
    const Layout &layout = *layoutResult;
    const std::optional<CpuIdentity> cpu = cpuIdentity(server.cpu.model);
    if (!cpu)
        return Error { part.id + ": CPU \"" + server.cpu.model
                       + "\" is not one NCCL's loader can be told about (Xeon, EPYC, Grace)" };

    const std::string gpuId = type.gpuPart ? type.gpuPart->id : server.gpuPart;
    const std::optional<int> sm = gpuSm(gpuId);
    const std::string gpuLink = pcieLinkSpeed(gpuPcieGen(gpuId));
    const int nvlinks = server.topology.nvlinksPerGpu;
    const std::string nicClass
        = technology == Technology::InfiniBand ? kClassInfiniband : kClassEthernet;
    std::map<std::string, const RailNic *> nicsByName;
    for (const RailNic &nic : type.nics)
        nicsByName[nic.name] = &nic;

    std::string xml = xmlComment(
        exporters::headerLine(design, topoFileName(part) + ": NCCL_TOPO_FILE for " + part.id));
    xml += xmlComment("From the catalog's PCIe/NUMA layout of " + part.id
                      + ". NCCL matches GPUs by PCI bus id and NICs by name, fills what is left"
                        " out from the live system, and overwrites rank. PCIe switch bus ids in"
                        " domain ffff are virtual (only the tree shape matters).");
    xml += xmlComment("Format per NCCL's parser: no XML declaration, spaces only, one start tag"
                      " per line (NCCL src/graph/xml.cc).");
    xml += tag(0, "system", { { "version", "1" } }, false);

    auto gpuElement = [&](int depth, int g) {
        std::string text = tag(depth, "pci",
                               { { "busid", server.topology.gpuBusIds[g] },
                                 { "class", kClassGpu },
                                 { "vendor", kVendorNvidia },
                                 { "link_speed", gpuLink },
                                 { "link_width", std::to_string(kLinkWidth) } },
                               false);
        // dev = NVML index, which follows PCI bus order as the catalog lists the GPUs.
        std::vector<Attribute> attributes { { "dev", std::to_string(g) } };
        if (sm)
            attributes.push_back({ "sm", std::to_string(*sm) });
        attributes.push_back({ "rank", std::to_string(g) });
        attributes.push_back({ "gdr", "1" });
        const bool hasNvlink = nvlinks > 0 && server.topology.nvswitch;
        text += tag(depth + 1, "gpu", attributes, !hasNvlink);
        if (hasNvlink) {
            text += tag(depth + 2, "nvlink",
                        { { "target", kNvSwitchTarget },
                          { "count", std::to_string(nvlinks) },
                          { "tclass", kClassNvSwitch } },
                        true);
            text += endTag(depth + 1, "gpu");
        }
        text += endTag(depth, "pci");
        return text;
    };
    auto nicElement = [&](int depth, const std::string &name) {
        const RailNic &nic = *nicsByName.at(name);
        std::string text = tag(depth, "pci",
                               { { "busid", server.topology.nicBusIds.at(name) },
                                 { "class", nicClass },
                                 { "vendor", kVendorMellanox },
                                 { "link_speed", pcieLinkSpeed(nicPcieGen(nic.speedGbps)) },
                                 { "link_width", std::to_string(kLinkWidth) } },
                               false);
        text += tag(depth + 1, "nic", {}, false);
        // speed in Mb/s; guid, latency, maxconn and gdr are left to the live NIC (a shared
        // guid would make NCCL merge NICs into one).
        std::vector<Attribute> attributes {
            { "name", name },
            { "dev", std::to_string(nic.rail) },
            { "speed", std::to_string(static_cast<long long>(nic.speedGbps * 1000)) },
            { "port", "1" }
        };
        if (railOptimized)
            attributes.push_back(
                { "rail", std::to_string(nic.rail) }); // NCCL 2.30+, ignored before
        text += tag(depth + 2, "net", attributes, true);
        text += endTag(depth + 1, "nic");
        text += endTag(depth, "pci");
        return text;
    };

    const int totalCores = server.cpu.sockets * server.cpu.coresPerSocket;
    int virtualSwitch = 0;
    for (std::size_t n = 0; n < server.topology.numa.size(); ++n) {
        const NumaNode &numa = server.topology.numa[n];
        std::vector<Attribute> cpuAttributes { { "numaid", std::to_string(numa.node) } };
        const std::string mask = affinityMask(numa.cores, totalCores, server.cpu.threadsPerCore);
        if (!mask.empty())
            cpuAttributes.push_back({ "affinity", mask });
        cpuAttributes.push_back({ "arch", cpu->arch });
        if (!cpu->vendor.empty())
            cpuAttributes.push_back({ "vendor", cpu->vendor });
        if (cpu->familyId)
            cpuAttributes.push_back({ "familyid", std::to_string(*cpu->familyId) });
        if (cpu->modelId)
            cpuAttributes.push_back({ "modelid", std::to_string(*cpu->modelId) });
        xml += tag(1, "cpu", cpuAttributes, false);

        std::set<int> switchedGpus;
        std::set<std::string> switchedNics;
        for (std::size_t s = 0; s < layout.switchNuma.size(); ++s) {
            if (layout.switchNuma[s] != static_cast<int>(n))
                continue;
            int gen = 4;
            if (!layout.switchGpus[s].empty())
                gen = std::max(gen, gpuPcieGen(gpuId));
            for (const std::string &name : layout.switchNics[s])
                gen = std::max(gen, nicPcieGen(nicsByName.at(name)->speedGbps));
            char busId[16];
            std::snprintf(busId, sizeof busId, "ffff:ff:%02x.0", ++virtualSwitch & 0xff);
            xml += tag(2, "pci",
                       { { "busid", busId },
                         { "class", kClassPciBridge },
                         { "link_speed", pcieLinkSpeed(gen) },
                         { "link_width", std::to_string(kLinkWidth) } },
                       false);
            for (int g : layout.switchGpus[s]) {
                xml += gpuElement(3, g);
                switchedGpus.insert(g);
            }
            for (const std::string &name : layout.switchNics[s]) {
                xml += nicElement(3, name);
                switchedNics.insert(name);
            }
            xml += endTag(2, "pci");
        }
        // Devices the catalog puts on no PCIe switch hang off the CPU's root complex.
        for (int g : numa.gpus)
            if (g >= 0 && g < server.gpuCount && !switchedGpus.contains(g))
                xml += gpuElement(2, g);
        for (const RailNic &nic : type.nics)
            if (layout.nicNuma.at(nic.name) == static_cast<int>(n)
                && !switchedNics.contains(nic.name))
                xml += nicElement(2, nic.name);
        xml += endTag(1, "cpu");
    }
    xml += endTag(0, "system");
    return xml;
}

} // namespace cw::nccl

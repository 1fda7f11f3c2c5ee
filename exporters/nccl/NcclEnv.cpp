#include "exporters/nccl/NcclEnv.h"

#include "exporters/common/FileHeader.h"
#include "exporters/nccl/NcclFacts.h"
#include "exporters/nccl/NcclText.h"
#include "exporters/nccl/NcclTopoXml.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

namespace cw::nccl {
namespace {

std::vector<std::string> hcaNames(const ServerTypeFacts &type)
{
    std::vector<std::string> names;
    for (const RailNic &nic : type.nics)
        names.push_back(nic.name);
    return names;
}

/// Path strings and legacy integers NCCL_NET_GDR_LEVEL accepts (ref:nvidia-nccl-env).
bool validGdrLevel(const std::string &level)
{
    static const std::array<std::string, 16> accepted { "LOC", "PIX", "PXB", "PHB", "SYS", "NVL",
                                                        "NVB", "C2C", "P2C", "PXN", "0",   "1",
                                                        "2",   "3",   "4",   "5" };
    return std::find(accepted.begin(), accepted.end(), level) != accepted.end();
}

/// Whether every rail NIC of the type shares a catalog PCIe switch with a GPU.
bool railNicsBesideGpus(const ServerTypeFacts &type)
{
    const ServerTopology &topology = type.part->server->topology;
    if (topology.pcieSwitches.empty() || type.nics.empty())
        return false;
    for (const RailNic &nic : type.nics) {
        const bool paired = std::any_of(
            topology.pcieSwitches.begin(), topology.pcieSwitches.end(), [&](const PcieSwitch &s) {
                return !s.gpus.empty()
                    && std::find(s.nics.begin(), s.nics.end(), nic.name) != s.nics.end();
            });
        if (!paired)
            return false;
    }
    return true;
}

std::string timeoutText(int exponent)
{
    // 4.096 us x 2^exponent per attempt, x 7 retries (NCCL_IB_RETRY_CNT default).
    const double seconds = 4.096e-6 * std::pow(2.0, exponent);
    return "4.096 us x 2^" + std::to_string(exponent) + " = " + fixed(seconds, seconds < 1 ? 3 : 1)
        + " s per attempt, x 7 retries = " + fixed(seconds * 7, seconds * 7 < 1 ? 3 : 0)
        + " s before a stuck QP fails the job";
}

class EnvBuilder
{
public:
    EnvBuilder(const NcclFacts &facts, const NcclSettings &settings,
               const std::set<std::string> &typesWithTopoFile)
        : m_facts(facts)
        , m_settings(settings)
        , m_topoTypes(typesWithTopoFile)
        , m_fabric(*facts.compute)
        , m_primary(facts.serverTypes.front())
    { }

    NcclEnv build()
    {
        const Technology technology = m_fabric.technology;
        if (technology == Technology::Ethernet) {
            add("NCCL_IB_DISABLE", "1",
                "compute fabric " + m_fabric.name
                    + " is plain Ethernet without RoCE: NCCL must use its socket transport");
            m_env.notes.push_back("compute fabric " + m_fabric.name
                                  + " is Ethernet without RoCE; only socket settings are written");
            socketIfname();
            topoFile();
            return std::move(m_env);
        }
        ibHca();
        socketIfname();
        gdrLevel();
        ibTimeout();
        if (m_settings.ibRetryCount && *m_settings.ibRetryCount >= 0
            && *m_settings.ibRetryCount <= 7)
            add("NCCL_IB_RETRY_CNT", std::to_string(*m_settings.ibRetryCount),
                "from the design's NCCL settings (0-7, NCCL default 7)");
        crossNic();
        if (technology == Technology::RoCEv2)
            roce();
        else
            infiniband();
        multiNodeNvlink();
        topoFile();
        return std::move(m_env);
    }

private:
    /// GB200 NVL72-class racks: GPUs of one rack reach each other over NVLink across nodes.
    /// NCCL uses MNNVL by default (NCCL_MNNVL_ENABLE=2, auto) and quietly falls back to the
    /// network when the IMEX service is down; 1 makes communicator init fail instead ("MNNVL is
    /// not supported on this system", ref:nvidia-nccl-src src/init.cc), so a broken domain is
    /// seen at once rather than as a slow job (ref:nvidia-nccl-troubleshooting).
    void multiNodeNvlink()
    {
        const auto &domains = m_facts.nvlinkDomains;
        if (domains.empty())
            return;
        int nodes = 0;
        int largest = 0;
        for (const NvlinkDomain &domain : domains) {
            nodes += static_cast<int>(domain.nodeNames.size());
            largest = std::max(largest, domain.gpus);
        }
        add("NCCL_MNNVL_ENABLE", "1",
            std::to_string(nodes) + " nodes share " + std::to_string(domains.size())
                + " multi-node NVLink domain(s) of up to " + std::to_string(largest)
                + " GPUs: fail at init if MNNVL (IMEX) is unavailable instead of falling back to "
                  "the network (default 2 = auto)");
        m_env.comments.push_back(
            "NCCL_NVLS_ENABLE is left at its default (2 = NVLink SHARP when the NVLink switches "
            "support it, as the NVLink5 switch trays of these domains do)");
        m_env.notes.push_back(
            "multi-node NVLink: run nvidia-imex on every node of a domain and check "
            "'nvidia-imex-ctl -H -N' shows Domain State UP before acceptance "
            "(NCCL_MNNVL_ENABLE=1 makes a down domain fail communicator init)");
    }

    void add(std::string key, std::string value, std::string reason)
    {
        m_env.variables.push_back({ std::move(key), std::move(value), std::move(reason) });
    }

    void ibHca()
    {
        const Part &part = *m_primary.part;
        const std::string order = static_cast<int>(m_primary.nics.size()) == m_primary.gpuCount()
            ? "HCAs in rail order (rail r = the NIC local to GPU r)"
            : "HCAs in the catalog's rail order";
        add("NCCL_IB_HCA", "=" + join(hcaNames(m_primary), ","),
            order
                + "; the leading '=' matches exact "
                  "names, so mlx5_1 cannot also pick mlx5_10-19; names are the "
                + part.id
                + " catalog's compute ports, assumed to be the RDMA device names (check with "
                  "ibdev2netdev)");
        for (std::size_t i = 1; i < m_facts.serverTypes.size(); ++i) {
            const ServerTypeFacts &other = m_facts.serverTypes[i];
            if (hcaNames(other) == hcaNames(m_primary))
                continue;
            m_env.comments.push_back("on " + other.part->id
                                     + " nodes use NCCL_IB_HCA==" + join(hcaNames(other), ","));
            m_env.notes.push_back("server types differ in HCA names: nccl.env is written for "
                                  + part.id + "; " + other.part->id
                                  + " nodes need NCCL_IB_HCA==" + join(hcaNames(other), ","));
        }
    }

    void socketIfname()
    {
        if (!m_settings.socketIfname.empty()) {
            add("NCCL_SOCKET_IFNAME", m_settings.socketIfname,
                "from the design's NCCL settings: bootstrap and socket traffic stay on this "
                "interface");
            return;
        }
        if (m_primary.socketInterfaces.empty()) {
            m_env.comments.push_back(
                "NCCL_SOCKET_IFNAME is not set: " + m_primary.part->id
                + " has no frontend port in the catalog, so NCCL picks the first interface that is "
                  "not lo or docker* (it prefers ib*); set it to the node's management interface");
            m_env.notes.push_back(m_primary.part->id
                                  + " has no frontend port: NCCL_SOCKET_IFNAME left unset");
            return;
        }
        if (!m_primary.socketInterfacesCabled) {
            // A name of an interface without a cable makes NCCL's bootstrap fail ("no socket
            // interface found"), so only cabled frontend ports are named.
            const std::string ports = join(m_primary.socketInterfaces, ",");
            m_env.comments.push_back(
                "NCCL_SOCKET_IFNAME is not set: the design cables no frontend fabric to "
                + m_primary.part->id + " (catalog frontend ports " + ports
                + " unused), so NCCL picks the first interface that is not lo or docker* (it "
                  "prefers ib*); set it to the interface that carries the nodes' IP network, "
                  "e.g. NCCL_SOCKET_IFNAME=="
                + ports + " once those ports are cabled");
            m_env.notes.push_back("no frontend fabric is cabled to " + m_primary.part->id
                                  + ": NCCL_SOCKET_IFNAME left unset");
            return;
        }
        add("NCCL_SOCKET_IFNAME", "=" + join(m_primary.socketInterfaces, ","),
            "bootstrap and socket traffic on the frontend interfaces of " + m_primary.part->id
                + " (cabled to the frontend fabric), never on the compute HCAs");
    }

    void gdrLevel()
    {
        if (!m_settings.netGdrLevel.empty()) {
            if (validGdrLevel(m_settings.netGdrLevel)) {
                add("NCCL_NET_GDR_LEVEL", m_settings.netGdrLevel,
                    "from the design's NCCL settings (GPUDirect RDMA up to this PCIe distance)");
                return;
            }
            m_env.notes.push_back("NCCL settings: netGdrLevel \"" + m_settings.netGdrLevel
                                  + "\" is not one of LOC, PIX, PXB, PHB, SYS (ignored)");
        }
        if (railNicsBesideGpus(m_primary)) {
            add("NCCL_NET_GDR_LEVEL", "PXB",
                "GPUDirect RDMA between a GPU and the NIC on its PCIe switch (every rail NIC of "
                    + m_primary.part->id
                    + " shares a switch with a GPU in the catalog); PXB also admits multi-level "
                      "switch trees, never a path through the CPU");
            return;
        }
        m_env.comments.push_back(
            "NCCL_NET_GDR_LEVEL is not set: the catalog does not say which PCIe switch "
            "each NIC of "
            + m_primary.part->id + " shares with a GPU, so NCCL's own detection decides");
    }

    void ibTimeout()
    {
        if (m_settings.ibTimeout && *m_settings.ibTimeout >= 0 && *m_settings.ibTimeout <= 31) {
            const int value = *m_settings.ibTimeout;
            add("NCCL_IB_TIMEOUT", std::to_string(value),
                "from the design's NCCL settings: "
                    + (value == 0 ? std::string("0 = a stuck QP never times out")
                                  : timeoutText(value)));
            return;
        }
        add("NCCL_IB_TIMEOUT", std::to_string(kDefaultIbTimeout),
            timeoutText(kDefaultIbTimeout)
                + "; the NCCL >= 2.23 default, pinned because older NCCL uses 18 or 14");
    }

    void crossNic()
    {
        const FabricTopology &topology = m_fabric.topology;
        if (m_settings.crossNic && *m_settings.crossNic >= 0 && *m_settings.crossNic <= 2) {
            add("NCCL_CROSS_NIC", std::to_string(*m_settings.crossNic),
                "from the design's NCCL settings (0 never, 1 allow, 2 prefer the same NIC)");
            if (topology.railOptimized && *m_settings.crossNic != 0)
                m_env.notes.push_back(
                    "NCCL settings allow cross-NIC rings on the rail-optimized fabric "
                    + m_fabric.name + ": inter-rail traffic takes a spine hop");
            return;
        }
        if (topology.railOptimized)
            add("NCCL_CROSS_NIC", "0",
                m_fabric.name
                    + " is rail-optimized (NIC r of every node on the rail-r leaves), so a "
                      "ring leaves and arrives on the same rail; crossing rails costs a spine hop");
        else
            add("NCCL_CROSS_NIC", "1",
                m_fabric.name
                    + " is not rail-optimized: every NIC reaches every other through the same "
                      "tree, so a ring may leave on one NIC and arrive on another");
    }

    void infiniband()
    {
        if (m_settings.ibServiceLevel && *m_settings.ibServiceLevel >= 0
            && *m_settings.ibServiceLevel <= 15)
            add("NCCL_IB_SL", std::to_string(*m_settings.ibServiceLevel),
                "from the design's NCCL settings (the SL must be enabled for adaptive routing in "
                "the "
                "subnet manager)");
        const std::string parts = join(m_facts.switchParts, ", ");
        if (m_facts.sharpCapable && m_settings.collnetEnable) {
            add("NCCL_COLLNET_ENABLE", "1",
                "from the design's NCCL settings; every compute switch (" + parts
                    + ") is SHARP-capable in the catalog. Needs the SHARP aggregation manager "
                      "(UFM, or sharp_am beside NVIDIA's subnet manager) and the NCCL SHARP "
                      "plugin (nccl-rdma-sharp-plugins / HPC-X) on every node; the exported "
                      "upstream opensm.conf runs no aggregation manager");
            m_env.notes.push_back("NCCL_COLLNET_ENABLE=1 from the design's NCCL settings: run "
                                  "a SHARP aggregation manager (UFM or sharp_am), which the "
                                  "exported opensm.conf does not");
            return;
        }
        if (m_facts.sharpCapable) {
            // Upstream OpenSM (what the switch export configures) has no SHARP aggregation
            // manager, so CollNet would find no SHARP trees; NCCL's default is 0
            // (ref:nvidia-nccl-env).
            add("NCCL_COLLNET_ENABLE", "0",
                "the compute switches (" + parts
                    + ") can run SHARP, but the exported upstream opensm.conf runs no SHARP "
                      "aggregation manager; set 1 only with UFM (or sharp_am) managing SHARP and "
                      "the NCCL SHARP plugin (nccl-rdma-sharp-plugins / HPC-X) on every node");
            return;
        }
        m_env.comments.push_back("NCCL_COLLNET_ENABLE is not set: switch part(s) " + parts
                                 + " offer no SHARP in the catalog");
        if (m_settings.collnetEnable)
            m_env.notes.push_back("NCCL settings ask for CollNet, but " + parts
                                  + " cannot run SHARP: NCCL_COLLNET_ENABLE left out");
    }

    void roce()
    {
        const QosProfile &qos = m_fabric.qos;
        const int derived = trafficClass(qos);
        if (m_settings.ibGidIndex && *m_settings.ibGidIndex >= 0)
            add("NCCL_IB_GID_INDEX", std::to_string(*m_settings.ibGidIndex),
                "from the design's NCCL settings (check the RoCEv2 IPv4 entry with show_gids)");
        else
            add("NCCL_IB_GID_INDEX", std::to_string(kRoceV2Ipv4GidIndex),
                "the RoCEv2 IPv4 GID in the default ConnectX table (0/1 link-local v1/v2, 2/3 "
                "first "
                "IPv4 v1/v2); verify with show_gids, or drop it on NCCL >= 2.21, which finds it "
                "itself");

        const std::string ecnText
            = qos.ecnEnabled ? " | 2 (ECT(0), ECN-capable)" : " | 0 (ECN off in the QoS profile)";
        std::string tcReason = "IPv4 ToS byte = DSCP " + std::to_string(qos.roceDscp) + " << 2"
            + ecnText + " = " + std::to_string(derived) + ": DSCP " + std::to_string(qos.roceDscp)
            + " maps to priority " + std::to_string(qos.priorityOfDscp(qos.roceDscp)) + " on "
            + m_fabric.name + ", the lossless (PFC) class";
        int tc = derived;
        if (m_settings.ibTrafficClass) {
            const int set = *m_settings.ibTrafficClass;
            if (set >= 0 && set <= 255 && set >> 2 == qos.roceDscp) {
                tc = set;
                tcReason = "from the design's NCCL settings: DSCP " + std::to_string(set >> 2)
                    + " << 2 | " + std::to_string(set & 3) + " = " + std::to_string(set)
                    + ", the RoCE DSCP of " + m_fabric.name;
            } else {
                m_env.notes.push_back("NCCL settings: ibTrafficClass " + std::to_string(set)
                                      + " is DSCP " + std::to_string(set >> 2) + ", but "
                                      + m_fabric.name + " carries RoCE on DSCP "
                                      + std::to_string(qos.roceDscp) + "; NCCL_IB_TC="
                                      + std::to_string(derived) + " written instead");
            }
        }
        add("NCCL_IB_TC", std::to_string(tc), tcReason);

        if (m_settings.ibServiceLevel && *m_settings.ibServiceLevel >= 0
            && *m_settings.ibServiceLevel <= 15)
            add("NCCL_IB_SL", std::to_string(*m_settings.ibServiceLevel),
                "from the design's NCCL settings (802.1p priority of VLAN-tagged RoCE)");
        else
            add("NCCL_IB_SL", std::to_string(qos.pfcPriority),
                "the PFC priority of " + m_fabric.name
                    + "; ConnectX sends the SL as the 802.1p "
                      "priority on VLAN-tagged RoCE, so PCP-trusting hops agree with the DSCP map");

        if (m_settings.qpsPerConnection && *m_settings.qpsPerConnection >= 1
            && *m_settings.qpsPerConnection <= 128)
            add("NCCL_IB_QPS_PER_CONNECTION", std::to_string(*m_settings.qpsPerConnection),
                "from the design's NCCL settings");
        else if (m_facts.switchTiers >= 2)
            add("NCCL_IB_QPS_PER_CONNECTION", std::to_string(kRoceQpsPerConnection),
                std::to_string(m_facts.switchTiers)
                    + " switch tiers: " + std::to_string(kRoceQpsPerConnection)
                    + " QPs per connection give ECMP between leaves and spines more flows (UDP "
                      "source ports) to spread");
    }

    void topoFile()
    {
        std::vector<std::string> withFile;
        for (const ServerTypeFacts &type : m_facts.serverTypes)
            if (m_topoTypes.contains(type.part->id))
                withFile.push_back(type.part->id);
        if (withFile.empty()) {
            m_env.comments.push_back(
                "NCCL_TOPO_FILE is not set: no server type has PCI bus ids in the "
                "catalog, so NCCL detects the topology itself");
            return;
        }
        if (m_facts.serverTypes.size() == 1) {
            add("NCCL_TOPO_FILE", std::string(kTopoInstallDir) + topoFileName(*m_primary.part),
                "the exported PCIe/NUMA/NVLink layout of " + m_primary.part->id
                    + "; install the file at this path (NCCL reads it before detecting)");
            return;
        }
        for (const std::string &id : withFile)
            m_env.comments.push_back("on " + id + " nodes set NCCL_TOPO_FILE=" + kTopoInstallDir
                                     + "nccl-topo-" + id + ".xml");
    }

    const NcclFacts &m_facts;
    const NcclSettings &m_settings;
    const std::set<std::string> &m_topoTypes;
    const Fabric &m_fabric;
    const ServerTypeFacts &m_primary;
    NcclEnv m_env;
};

std::string fabricSummary(const NcclFacts &facts)
{
    const Fabric &fabric = *facts.compute;
    std::string text = "compute fabric \"" + fabric.name
        + "\": " + std::string(toString(fabric.technology)) + ", " + fixed(fabric.linkSpeedGbps, 0)
        + " Gb/s links, " + std::to_string(facts.switchTiers) + " switch tier(s), ";
    text += fabric.topology.railOptimized ? "rail-optimized" : "not rail-optimized";
    text += "; nodes:";
    for (const ServerTypeFacts &type : facts.serverTypes)
        text += " " + std::to_string(type.nodeNames.size()) + " x " + type.part->id + " ("
            + std::to_string(type.nics.size()) + " rail NICs)";
    return text;
}

} // namespace

int trafficClass(const QosProfile &qos)
{
    return (qos.roceDscp << 2) | (qos.ecnEnabled ? kEcnEct0 : 0);
}

NcclEnv ncclEnv(const NcclFacts &facts, const NcclSettings &settings,
                const std::set<std::string> &typesWithTopoFile)
{
    return EnvBuilder(facts, settings, typesWithTopoFile).build();
}

std::string renderNcclEnv(const Design &design, const NcclFacts &facts, const NcclEnv &env)
{
    std::string text
        = hashComment(exporters::fileHeader(design, "#", "nccl.env: NCCL environment"));
    text += "#\n";
    text += hashComment(fabricSummary(facts));
    text += "# Use as /etc/nccl.conf (NCCL reads KEY=VALUE lines and skips # lines) or in a job:\n";
    text += "#   set -a; . ./nccl.env; set +a\n";
    text += "# A leading '=' in a value is part of it (exact-name match). Reasons: NCCL's\n"
            "# environment variable guide, "
            "docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html\n";
    for (const EnvVariable &variable : env.variables) {
        text += "\n" + hashComment(variable.reason);
        text += variable.key + "=" + variable.value + "\n";
    }
    if (!env.comments.empty()) {
        text += "\n";
        for (const std::string &comment : env.comments)
            text += hashComment(comment);
    }
    return text;
}

} // namespace cw::nccl

#include "exporters/nccl/AcceptanceRunbook.h"

#include "exporters/common/Escape.h"

#include "exporters/common/FileHeader.h"
#include "exporters/nccl/AcceptancePlan.h"
#include "exporters/nccl/NcclEnv.h"
#include "exporters/nccl/NcclFacts.h"
#include "exporters/nccl/NcclText.h"
#include "exporters/slurm/Hostlist.h"
#include "model/catalog/Part.h"
#include "model/core/Design.h"

#include <set>

namespace cw::nccl {
namespace {

std::string gbps(double value)
{
    return fixed(value, 1) + " GB/s";
}

std::string hostlist(const std::vector<std::string> &nodes)
{
    return slurm::compressHostlistSorted(nodes);
}

/// Markdown text from a design value: no line breaks, no table-breaking pipes.
std::string md(const std::string &text)
{
    return exporters::esc::markdownText(text);
}

class Runbook
{
public:
    Runbook(const Design &design, const NcclFacts &facts, const AcceptancePlan &plan)
        : m_design(design)
        , m_facts(facts)
        , m_plan(plan)
        , m_fabric(*facts.compute)
        , m_roce(facts.compute->technology == Technology::RoCEv2)
    { }

    std::string render()
    {
        header();
        basis();
        summary();
        preparation();
        allReduce();
        links();
        storage();
        missed();
        return m_out;
    }

private:
    void line(const std::string &text = {}) { m_out += text + "\n"; }

    void header()
    {
        m_out += xmlComment(
            exporters::headerLine(m_design, "acceptance.md: NCCL and storage acceptance runbook"));
        m_out += xmlComment("Regenerate from the design rather than editing by hand.");
        line("# Acceptance runbook: " + md(m_design.name()));
        line();
        line("Every number below is predicted from the design, not measured. A run passes when it "
             "reaches at least "
             + fixed(kAcceptFraction * 100, 0)
             + " % of its prediction; "
               "section 7 says what to do when one does not.");
        line();
    }

    void basis()
    {
        line("## 1. What the predictions rest on");
        line();
        line("- Compute fabric `" + md(m_fabric.name) + "`: "
             + std::string(toString(m_fabric.technology)) + ", " + fixed(m_fabric.linkSpeedGbps, 0)
             + " Gb/s links, " + std::to_string(m_facts.switchTiers) + " switch tier(s), "
             + (m_fabric.topology.railOptimized ? "rail-optimized" : "not rail-optimized") + ", "
             + std::to_string(m_plan.nodeLinks) + " node links and "
             + std::to_string(m_plan.switchLinks) + " switch-to-switch links.");
        for (const ServerTypeFacts &type : m_facts.serverTypes) {
            std::string gpu = type.gpuPart ? type.gpuPart->id : type.part->server->gpuPart;
            if (type.gpuPart && type.gpuPart->gpu && type.gpuPart->gpu->nvlinkBandwidthGBps > 0)
                gpu += ", NVLink " + fixed(type.gpuPart->gpu->nvlinkBandwidthGBps, 0)
                    + " GB/s both directions";
            line("- " + std::to_string(type.nodeNames.size()) + " x `" + md(type.part->id) + "` ("
                 + hostlist(type.nodeNames) + "): " + std::to_string(type.gpuCount()) + " GPUs ("
                 + md(gpu) + "), " + std::to_string(type.nics.size())
                 + " rail NICs = " + gbps(type.nicGBps()) + " per node.");
        }
        line("- nccl-tests reports busbw = algbw x 2(n-1)/n for all_reduce, n = GPUs in the run "
             "(nccl-tests doc/PERFORMANCE.md), which compares directly with the per-GPU "
             "bottleneck.");
        line(
            "- Predicted busbw = the lower of the intra-node bound (NVLink one way x NVLink "
            "efficiency; PCIe without NVLink) and, across nodes, the network bound (the node's "
            "rail NIC rates / 8 x per-NIC efficiency: with one ring channel per NIC, busbw reaches "
            "the node's total NIC rate).");
        line("- Ring all_reduce crosses each leaf boundary on two links per channel, so leaf "
             "oversubscription does not lower these figures (it would limit all-to-all).");
        line();
        line("| Assumption | Value | Why |");
        line("|---|---|---|");
        line("| NVLink efficiency | " + fixed(kNvlinkEfficiency, 2)
             + " | share of one-way NVLink bandwidth "
               "a ring all_reduce reaches on NVSwitch systems; NCCL's own model gives an H100 18 x "
               "20.6 = "
               "370.8 GB/s of 450 |");
        line("| PCIe efficiency | " + fixed(kPcieEfficiency, 2)
             + " | share of NCCL's PCIe model (x16: Gen4 24, "
               "Gen5 48 GB/s) without NVLink |");
        line("| Per-NIC efficiency (" + std::string(m_roce ? "RoCEv2" : "InfiniBand") + ") | "
             + fixed(m_plan.nicEfficiency, 2) + " | share of line rate all_reduce reaches at "
             + kLargestMessage + " messages"
             + (m_roce ? "; DCQCN and ECMP cost more than IB credits" : "") + " |");
        line("| ib_write_bw efficiency | " + fixed(kIbWriteBwEfficiency, 2)
             + " | perftest with large messages against the signalling rate |");
        line("| Acceptance threshold | " + fixed(kAcceptFraction, 2) + " | of each prediction |");
        line();
        line("All are planning figures: replace them with the first healthy node's measurements.");
        line();
    }

    void summary()
    {
        line("## 2. Targets at a glance");
        line();
        line("| Test | Nodes | Ranks n | Expected | Accept at or above |");
        line("|---|---|---|---|---|");
        for (const AllReduceStep &step : m_plan.steps)
            line("| all_reduce_perf busbw, " + md(step.title) + " | "
                 + std::to_string(step.nodes.size()) + " | " + std::to_string(step.ranks) + " | "
                 + gbps(step.expectedBusGBps) + " | " + gbps(step.acceptBusGBps) + " |");
        if (m_plan.linkGbps > 0)
            line("| ib_write_bw per link | 2 | - | " + fixed(m_plan.ibWriteGbps, 1) + " Gb/s | "
                 + fixed(m_plan.ibWriteAcceptGbps, 1) + " Gb/s |");
        for (const StorageTarget &target : m_plan.storage) {
            if (target.readGBps > 0)
                line("| " + md(target.tier) + " read, aggregate | " + std::to_string(target.clients)
                     + " | - | " + gbps(target.readGBps) + " | "
                     + gbps(target.readGBps * kAcceptFraction) + " |");
            if (target.writeGBps > 0)
                line("| " + md(target.tier) + " write, aggregate | "
                     + std::to_string(target.clients) + " | - | " + gbps(target.writeGBps) + " | "
                     + gbps(target.writeGBps * kAcceptFraction) + " |");
        }
        line();
    }

    void preparation()
    {
        line("## 3. Before the first run");
        line();
        line("1. Install the NCCL files on every GPU node: `nccl.env` as `/etc/nccl.conf` (or "
             "source it "
             "in the job: `set -a; . ./nccl.env; set +a`) and each `nccl-topo-<type>.xml` in `"
             + std::string(kTopoInstallDir) + "`.");
        line("2. Build nccl-tests with MPI on shared storage: `git clone "
             "https://github.com/NVIDIA/nccl-tests "
             "&& make -C nccl-tests MPI=1 MPI_HOME=/usr/lib/x86_64-linux-gnu/openmpi "
             "CUDA_HOME=/usr/local/cuda`.");
        line("3. On each node check that every rail port is up at its rate ("
             + std::string(m_roce ? "`ethtool <netdev>` shows `Speed: "
                                   + fixed(m_plan.linkGbps * 1000, 0) + "Mb/s`"
                                  : "`ibstat` shows `State: Active` and `Rate: "
                                   + fixed(m_plan.linkGbps, 0) + "`")
             + "), `nvidia-smi topo -m` pairs GPU r with its rail NIC at PIX or PXB, and, on "
               "NVSwitch "
               "systems, `nvidia-fabricmanager` is running.");
        line();
    }

    void allReduce()
    {
        line("## 4. all_reduce_perf by scale step");
        line();
        line("Read the out-of-place `busbw` of the " + std::string(kLargestMessage)
             + " row (the `Avg bus bandwidth` line averages every size and is lower).");
        line();
        const std::vector<std::string> *previous = nullptr;
        int index = 0;
        for (const AllReduceStep &step : m_plan.steps) {
            ++index;
            line("### 4." + std::to_string(index) + " " + md(step.title));
            line();
            line("Scope: " + md(step.scope) + " (" + hostlist(step.nodes) + ").");
            if (previous && *previous == step.nodes)
                line("This is the same set of nodes as the step before: run it once.");
            line();
            line("```sh");
            line("srun -N " + std::to_string(step.nodes.size()) + " -w '" + hostlist(step.nodes)
                 + "' --ntasks-per-node=" + std::to_string(step.gpusPerNode)
                 + " --gpus-per-node=" + std::to_string(step.gpusPerNode) + " --mpi=pmix \\");
            line("    ./nccl-tests/build/all_reduce_perf -b 8 -e " + std::string(kLargestMessage)
                 + " -f 2 -g 1");
            line("```");
            line();
            line("| Quantity | Value | Worked |");
            line("|---|---|---|");
            line("| Ranks n | " + std::to_string(step.ranks) + " | "
                 + std::to_string(step.nodes.size()) + " node(s) x "
                 + std::to_string(step.gpusPerNode) + " GPUs |");
            line("| Bus factor 2(n-1)/n | " + fixed(step.busFactor, 4) + " | 2 x "
                 + std::to_string(step.ranks - 1) + " / " + std::to_string(step.ranks) + " |");
            line("| Intra-node bound | " + gbps(step.intraNodeGBps) + " | "
                 + md(step.intraNodeWorked) + " |");
            if (step.nodes.size() >= 2 && step.networkGBps > 0)
                line("| Network bound | " + gbps(step.networkGBps) + " | " + md(step.networkWorked)
                     + " |");
            if (step.nodes.size() >= 2 && step.networkGBps <= 0)
                line("| Network bound | none | the nodes share one NVLink domain: with MNNVL the "
                     "traffic stays on the NVLink switch trays |");
            line("| **Expected busbw** | **" + gbps(step.expectedBusGBps)
                 + "** | the lower bound: " + step.limit + " |");
            line("| Expected algbw | " + gbps(step.expectedAlgGBps) + " | "
                 + fixed(step.expectedBusGBps, 1) + " / " + fixed(step.busFactor, 4) + " |");
            line("| Accept at or above | " + gbps(step.acceptBusGBps) + " | "
                 + fixed(kAcceptFraction, 2) + " x " + fixed(step.expectedBusGBps, 1) + " |");
            line();
            if ((step.nodes.size() == 1 && step.limit == "NVLink")
                || (step.nodes.size() >= 2 && step.networkGBps <= 0))
                line("NVLink SHARP (NVLS, Hopper and later with NVSwitch) can beat this figure; "
                     "that passes.");
            if (step.nodes.size() >= 2 && m_facts.sharpCapable)
                line(std::string(m_design.nccl().collnetEnable
                                     ? "nccl.env turns SHARP on (`NCCL_COLLNET_ENABLE=1`, from the "
                                       "design's NCCL settings)"
                                     : "nccl.env leaves SHARP off (`NCCL_COLLNET_ENABLE=0`: "
                                       "upstream OpenSM runs no SHARP aggregation manager)")
                     + ". With UFM or sharp_am and `NCCL_COLLNET_ENABLE=1` the figure may be "
                       "exceeded; then run once with `NCCL_COLLNET_ENABLE=0` too, so a SHARP "
                       "fault cannot hide a slow link.");
            line();
            previous = &step.nodes;
        }
    }

    void links()
    {
        line("## 5. ib_write_bw per link");
        line();
        if (m_plan.linkTests.empty()) {
            line("No two GPU nodes of one type share a leaf group: test links pairwise as in the "
                 "loop below.");
            line();
        } else {
            line("Expected " + fixed(m_plan.ibWriteGbps, 1) + " Gb/s per link ("
                 + fixed(m_plan.linkGbps, 0) + " Gb/s x " + fixed(kIbWriteBwEfficiency, 2)
                 + "), accept at or above " + fixed(m_plan.ibWriteAcceptGbps, 1)
                 + " Gb/s. One pair per rail"
                 + (m_plan.linkTests.back().path == "through the spine"
                        ? ", then one through the spine:"
                        : ":"));
            line();
            line("| NIC | Server | Client | Path |");
            line("|---|---|---|---|");
            for (const LinkTest &test : m_plan.linkTests)
                line("| " + md(test.nic) + " | " + md(test.server) + " | " + md(test.client) + " | "
                     + test.path + " |");
            line();
            const LinkTest &first = m_plan.linkTests.front();
            line("```sh");
            line("ssh " + first.server + " ib_write_bw -d " + first.nic + gidOption()
                 + " -F --report_gbits -D 10 &");
            line("sleep 1; ssh " + first.client + " ib_write_bw -d " + first.nic + gidOption()
                 + " -F --report_gbits -D 10 " + first.server);
            line("```");
            line();
        }
        std::vector<std::string> nics;
        for (const RailNic &nic : m_facts.serverTypes.front().nics)
            nics.push_back(nic.name);
        const std::vector<std::string> &nodes = m_facts.serverTypes.front().nodeNames;
        line("Every node link (" + std::to_string(m_plan.nodeLinks) + " on " + md(m_fabric.name)
             + "): each NIC of each node against the same NIC of the next node, in both roles:");
        line();
        line("```sh");
        line("nodes=($(scontrol show hostnames '" + hostlist(nodes) + "'))");
        line("for nic in " + join(nics, " ") + "; do");
        line("  for ((i = 0; i < ${#nodes[@]}; i++)); do");
        line("    server=${nodes[i]}; client=${nodes[(i + 1) % ${#nodes[@]}]}");
        line("    ssh \"$server\" ib_write_bw -d \"$nic\"" + gidOption()
             + " -F --report_gbits -D 5 >/dev/null &");
        line("    sleep 1");
        line("    ssh \"$client\" ib_write_bw -d \"$nic\"" + gidOption()
             + " -F --report_gbits -D 5 \"$server\" \\");
        line("      | awk -v l=\"$nic $server $client\" '$1 ~ /^[0-9]+$/ { print l, $4, \"Gb/s\" "
             "}'");
        line("    wait");
        line("  done");
        line("done");
        line("```");
        line();
        if (m_roce)
            line("The " + std::to_string(m_plan.switchLinks)
                 + " switch-to-switch links: every port up at " + fixed(m_fabric.linkSpeedGbps, 0)
                 + " Gb/s with no FEC or CRC errors in the switch "
                   "counters, LLDP neighbours equal to the cabling plan.");
        else
            line(
                "The " + std::to_string(m_plan.switchLinks)
                + " switch-to-switch links: `ibdiagnet --pc` "
                  "reports no link below "
                + fixed(m_fabric.linkSpeedGbps, 0)
                + " Gb/s or 4x width and no "
                  "symbol or link-down counters; `ibnetdiscover` finds the designed switch count.");
        line();
    }

    std::string gidOption() const
    {
        return m_roce ? " -x " + std::to_string(kRoceV2Ipv4GidIndex) : "";
    }

    void storage()
    {
        line("## 6. Storage");
        line();
        if (m_plan.storage.empty()) {
            line("The design has no storage tier: nothing to test here.");
            line();
            return;
        }
        line("GB/s = 10^9 B/s; IOR prints MiB/s and MB/s, so compare its MB/s figure / 1000.");
        line();
        line("| Tier | Kind | Fabric | Clients | Read expected | Read accept | Write expected | "
             "Write accept | Per client read / write | Set by |");
        line("|---|---|---|---|---|---|---|---|---|---|");
        for (const StorageTarget &t : m_plan.storage)
            line("| " + md(t.tier) + " | " + t.kind + " | "
                 + (t.fabric.empty() ? "node-local" : md(t.fabric)) + " | "
                 + std::to_string(t.clients) + " | " + gbps(t.readGBps) + " | "
                 + gbps(t.readGBps * kAcceptFraction) + " | " + gbps(t.writeGBps) + " | "
                 + gbps(t.writeGBps * kAcceptFraction) + " | " + gbps(t.perClientReadGBps) + " / "
                 + gbps(t.perClientWriteGBps) + " | " + t.limit + " |");
        line();
        for (const StorageTarget &t : m_plan.storage) {
            line("### " + md(t.tier));
            line();
            line("The design gives " + gbps(t.designReadGBps) + " read and "
                 + gbps(t.designWriteGBps) + " write"
                 + (t.clientLinkGBps > 0 ? "; each client reaches it at " + gbps(t.clientLinkGBps)
                                         : std::string())
                 + ". Mounted at `" + t.mountPoint + "` (adjust to the real mount point).");
            if (t.clients == 0)
                line("No GPU node is cabled to " + md(t.fabric)
                     + ": the GPU nodes cannot reach this tier as "
                       "designed; the figures are the tier's own, for a test from its real "
                       "clients.");
            line();
            std::vector<std::string> clients;
            for (const ServerTypeFacts &type : m_facts.serverTypes)
                clients.insert(clients.end(), type.nodeNames.begin(), type.nodeNames.end());
            line("```sh");
            line("# aggregate, all clients at once (write first, then read back files another node "
                 "wrote)");
            line("srun -N " + std::to_string(clients.size()) + " -w '" + hostlist(clients)
                 + "' --ntasks-per-node=16 ior -a POSIX -F -C -e -g -w -r -t 16m -b 16g -o "
                 + t.mountPoint + "/ior/testfile");
            line("# one client, to compare with its per-client share");
            line("fio --name=write --directory=" + t.mountPoint
                 + "/fio --rw=write --bs=16m --direct=1 "
                   "--ioengine=libaio --iodepth=16 --numjobs=16 --size=16g --group_reporting");
            line("fio --name=read --directory=" + t.mountPoint
                 + "/fio --rw=read --bs=16m --direct=1 "
                   "--ioengine=libaio --iodepth=16 --numjobs=16 --size=16g --group_reporting");
            line("```");
            line();
        }
    }

    void missed()
    {
        line("## 7. When a number is missed");
        line();
        line(
            "Fix the slowest scope first: a bad link or node drags every larger run down with it.");
        line();
        line("**Single node below target**");
        line("- `nvidia-smi nvlink --status`: every GPU shows all its NVLinks up; `nvidia-smi topo "
             "-m`: GPU pairs at NV<n>.");
        line("- NVSwitch systems: `systemctl status nvidia-fabricmanager` is active and its "
             "version matches the driver.");
        line("- `NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH`: NCCL loaded the topology file and "
             "found every GPU; "
             "clocks and power are not throttled (`nvidia-smi -q -d PERFORMANCE`).");
        line("- Swap the node out of the pool until it passes; do not average it into the larger "
             "runs.");
        line();
        line("**One leaf group below target while single nodes pass**");
        line("- Run the ib_write_bw loop of section 5; a link under "
             + fixed(m_plan.ibWriteAcceptGbps, 1)
             + " Gb/s: reseat or replace the cable or optic, then check the port rate and width "
               "again.");
        line("- `NCCL_DEBUG=INFO`: the `NET/IB : Using` line lists every HCA of `NCCL_IB_HCA` in "
             "rail order "
             "and each channel reports GPU Direct RDMA; if not, load `nvidia-peermem` and check "
             "that PCIe ACS is "
             "off on the switches between GPU and NIC (`lspci -vvv | grep ACSCtl`).");
        line("- Rerun the step without each node in turn (bisect the node list) to find a slow "
             "node.");
        line();
        line("**Whole fabric below target while leaf groups pass**");
        if (m_roce) {
            line("- Spine ports: PFC pause frames on priority "
                 + std::to_string(m_fabric.qos.pfcPriority)
                 + ", ECN marks and PFC watchdog events; a port that keeps pausing points at a "
                   "congested or faulty link.");
            line("- Every hop carries DSCP " + std::to_string(m_fabric.qos.roceDscp)
                 + " in the lossless class and "
                   "the same MTU ("
                 + std::to_string(m_fabric.qos.switchMtu)
                 + " on switches); the switch configs of "
                   "this export set exactly that.");
            line("- ECMP imbalance: raise `NCCL_IB_QPS_PER_CONNECTION` and compare.");
        } else {
            line("- `ibdiagnet --pc` on the whole fabric: no symbol errors, no links below full "
                 "width or rate, "
                 "no credit-loop warnings; the subnet manager's routing engine is the exported "
                 "one.");
            line("- Adaptive routing enabled on the switches for the SL NCCL uses.");
            if (m_facts.sharpCapable)
                line("- With SHARP turned on (`NCCL_COLLNET_ENABLE=1`), compare with "
                     "`NCCL_COLLNET_ENABLE=0` to separate a SHARP problem from a routing one.");
        }
        line();
        line("**ib_write_bw below target**");
        line("- The port negotiated a lower rate or width, or the cable is marginal: check both "
             "ends, "
             "swap the cable, then the optic, then the port.");
        line("- The NIC is in a slower PCIe slot or link: `lspci -vvv` shows the NIC's `LnkSta` "
             "below its `LnkCap`.");
        line();
        line("**Storage below target**");
        line("- One client with fio first: below its per-client share points at the client (mount "
             "options, "
             "striping, its storage link); at its share but the aggregate is low points at the "
             "servers or fabric.");
        line("- Parallel file system: its network self-test between clients and servers (Lustre: "
             "`lnet_selftest`), then stripe the test directory across all targets (Lustre: `lfs "
             "setstripe -c -1`).");
        line();
        line("Record every measured figure next to its prediction. When a whole class of nodes "
             "misses by the "
             "same margin and nothing is faulty, the assumption was wrong: change the constant "
             "with the "
             "measurement as its source, not the threshold.");
    }

    const Design &m_design;
    const NcclFacts &m_facts;
    const AcceptancePlan &m_plan;
    const Fabric &m_fabric;
    bool m_roce = false;
    std::string m_out;
};

} // namespace

std::string renderAcceptanceRunbook(const Design &design, const NcclFacts &facts,
                                    const AcceptancePlan &plan)
{
    return Runbook(design, facts, plan).render();
}

} // namespace cw::nccl

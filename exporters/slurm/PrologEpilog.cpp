// The GPU health scripts slurm.conf names (Prolog, Epilog, HealthCheckProgram): POSIX sh, no
// dependency beyond the NVIDIA driver's nvidia-smi and, when installed, DCGM's dcgmi
// (ref:nvidia-dcgm-diag). Node names come from the Slurm exporter's checked hostnames and
// catalog port names are checked here, so nothing reaches the scripts unquoted that a shell
// would interpret.

#include "exporters/slurm/PrologEpilog.h"

#include "exporters/slurm/SlurmProduction.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <map>
#include <set>

namespace cw::slurm {
namespace {

bool shellWord(const std::string &text)
{
    return !text.empty() && text.size() <= 63 && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '.' || c == '_' || c == '-';
    });
}

std::string preamble(const Design &design, const char *file, const char *what)
{
    std::string out = "#!/bin/sh\n" + slurmHeader(design, file);
    out += std::string("# ") + what + "\n";
    out += "# Install mode 755, root-owned. Verdicts go to LOG_FILE, one line per run.\n";
    out += "PATH=/usr/sbin:/usr/bin:/sbin:/bin\n";
    out += std::string("LOG_FILE=") + kHealthLog + "\n";
    return out;
}

std::string logFunction(const char *stage)
{
    return std::string("mkdir -p \"$(dirname \"$LOG_FILE\")\" 2>/dev/null\n"
                       "log() {\n"
                       "    echo \"$(date -u +%Y-%m-%dT%H:%M:%SZ) $(hostname -s) ")
        + stage + " job ${SLURM_JOB_ID:-none}: $*\" >>\"$LOG_FILE\" 2>/dev/null\n}\n"
        + "if ! command -v nvidia-smi >/dev/null 2>&1; then\n"
          "    log \"ok (no NVIDIA driver: nothing to check)\"\n"
          "    exit 0\n"
          "fi\n";
}

/// Cabled compute ports per compute node, grouped: the rail RDMA devices each node must have.
std::map<std::set<std::string>, std::vector<std::string>> railsByNode(const Design &design,
                                                                      const Catalog &catalog)
{
    std::map<DeviceId, std::set<std::string>> rails;
    for (const Link &link : design.links())
        for (const PortRef &end : { link.a, link.b }) {
            const Device *device = design.device(end.device);
            const Part *part = device ? catalog.find(device->catalogType) : nullptr;
            if (!part || device->role != DeviceRole::Compute || end.port < 0
                || end.port >= static_cast<int>(part->ports.size()))
                continue;
            const PortSpec &port = part->ports[static_cast<std::size_t>(end.port)];
            if (port.role == PortRole::Compute && shellWord(port.name) && shellWord(device->name))
                rails[device->id].insert(port.name);
        }
    std::map<std::set<std::string>, std::vector<std::string>> groups;
    for (const auto &[id, devices] : rails)
        groups[devices].push_back(design.device(id)->name);
    return groups;
}

} // namespace

std::string prologScript(const Design &design)
{
    std::string out = preamble(
        design, "prolog-gpu-health.sh",
        "Prolog: GPU health before the job. Exit 1 drains the node and requeues the job.");
    out += "DCGM_LEVEL=" + std::to_string(kDcgmLevel) + "\n";
    out += logFunction("prolog");
    out += "if ! nvidia-smi -L >/dev/null 2>&1; then\n"
           "    log \"FAIL nvidia-smi cannot reach the driver\"\n"
           "    exit 1\n"
           "fi\n"
           "if command -v dcgmi >/dev/null 2>&1; then\n"
           "    # Level 1: deployment and health checks in seconds, no stress test.\n"
           "    out=$(dcgmi diag -r \"$DCGM_LEVEL\" 2>&1)\n"
           "    status=$?\n"
           "    if [ \"$status\" -ne 0 ] || echo \"$out\" | grep -qi 'fail'; then\n"
           "        log \"FAIL dcgmi diag -r $DCGM_LEVEL: $(echo \"$out\" | grep -i 'fail' | head "
           "-n 3 | tr '\\n' ' ')\"\n"
           "        exit 1\n"
           "    fi\n"
           "    log \"ok (dcgmi diag -r $DCGM_LEVEL passed)\"\n"
           "else\n"
           "    log \"ok (GPUs answer; DCGM not installed, diagnostics skipped)\"\n"
           "fi\n"
           "exit 0\n";
    return out;
}

std::string epilogScript(const Design &design)
{
    std::string out = preamble(design, "epilog-gpu-health.sh",
                               "Epilog: GPUs clean after the job. Exit 1 drains the node.");
    out += logFunction("epilog");
    out += "stray=$(nvidia-smi --query-compute-apps=pid --format=csv,noheader 2>/dev/null | grep "
           "-c '[0-9]')\n"
           "if [ \"$stray\" -gt 0 ]; then\n"
           "    log \"FAIL $stray processes still hold a GPU\"\n"
           "    exit 1\n"
           "fi\n"
           "ecc=$(nvidia-smi --query-gpu=ecc.errors.uncorrected.volatile.total "
           "--format=csv,noheader,nounits 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $1 > 0' | wc -l)\n"
           "if [ \"$ecc\" -gt 0 ]; then\n"
           "    log \"FAIL $ecc GPUs report uncorrectable ECC errors since boot\"\n"
           "    exit 1\n"
           "fi\n"
           "log \"ok\"\n"
           "exit 0\n";
    return out;
}

std::string healthCheckScript(const Design &design, const Catalog &catalog)
{
    std::string out = "#!/bin/sh\n" + slurmHeader(design, "node-health-check.sh");
    out += "# HealthCheckProgram: this node against what slurm.conf and the design say it has.\n"
           "# Drains the node with the reason on a mismatch. LBNL NHC, when installed, runs "
           "instead.\n"
           "PATH=/usr/sbin:/usr/bin:/sbin:/bin\n"
           "if [ -x /usr/sbin/nhc ]; then exec /usr/sbin/nhc; fi\n"
           "node=${SLURMD_NODENAME:-$(hostname -s)}\n"
           "problems=\"\"\n"
           "fail() { problems=\"$problems${problems:+; }$*\"; }\n"
           "# GPUs: as many as the node's Gres says (gpu:<type>:<count>).\n"
           "want=$(scontrol show node \"$node\" 2>/dev/null | sed -n "
           "'s/.*Gres=gpu:[^:]*:\\([0-9][0-9]*\\).*/\\1/p' | head -n 1)\n"
           "if [ -n \"$want\" ] && [ \"$want\" -gt 0 ]; then\n"
           "    have=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')\n"
           "    [ \"$have\" -eq \"$want\" ] || fail \"$have of $want GPUs visible\"\n"
           "fi\n"
           "# Rail NICs cabled in the design: their RDMA devices present and ACTIVE.\n"
           "case \"$node\" in\n";
    for (const auto &[rails, nodes] : railsByNode(design, catalog)) {
        std::string pattern;
        for (const std::string &name : nodes)
            pattern += (pattern.empty() ? "" : "|") + name;
        std::string list;
        for (const std::string &rail : rails)
            list += (list.empty() ? "" : " ") + rail;
        out += "    " + pattern + ") rails=\"" + list + "\" ;;\n";
    }
    out += "    *) rails=\"\" ;;\n"
           "esac\n"
           "for dev in $rails; do\n"
           "    state=$(cat \"/sys/class/infiniband/$dev/ports/1/state\" 2>/dev/null)\n"
           "    case \"$state\" in *ACTIVE*) ;; *) fail \"rail $dev ${state:-missing}\" ;; esac\n"
           "done\n"
           "if [ -n \"$problems\" ]; then\n"
           "    scontrol update nodename=\"$node\" state=drain reason=\"health: $problems\"\n"
           "    exit 1\n"
           "fi\n"
           "exit 0\n";
    return out;
}

} // namespace cw::slurm

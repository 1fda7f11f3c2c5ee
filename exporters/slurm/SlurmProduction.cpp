// The settings an administrator keeps in production, each with its reason, each overridable
// from the design (SchedulerSettings::slurmOverrides). Keys are Slurm 22.05's (Debian
// bookworm) and later (ref:slurm-conf, ref:slurm-cgroup-conf, ref:slurm-slurmdbd-conf);
// tst_slurm_production starts slurmctld, slurmd and slurmdbd on these files.

#include "exporters/slurm/SlurmProduction.h"

#include "model/core/Design.h"
#include "model/io/SchemaVersion.h"

#include <algorithm>
#include <string_view>

namespace cw::slurm {
namespace {

constexpr std::size_t kMaxValueLength = 200;

bool safeValue(const std::string &value)
{
    if (value.empty() || value.size() > kMaxValueLength)
        return false;
    return std::all_of(value.begin(), value.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || std::string_view("._:/,=+@-").find(c) != std::string_view::npos;
    });
}

std::vector<ProductionSetting> defaults(const std::string &controller)
{
    using F = SlurmFile;
    return {
        { F::SlurmConf, "PriorityType", "priority/multifactor",
          "Fair share between accounts plus age, size, partition and QOS, not FIFO.", false },
        { F::SlurmConf, "PriorityDecayHalfLife", "7-0",
          "Past usage counts half after a week, so last week's big run is not held against a group "
          "for a month.",
          false },
        { F::SlurmConf, "PriorityMaxAge", "7-0",
          "A job's age factor is full after a week in the queue.", false },
        { F::SlurmConf, "PriorityWeightFairshare", "10000",
          "Weights: fair share dominates (10000), then QOS (5000) so urgent work moves up without "
          "starving others,",
          false },
        { F::SlurmConf, "PriorityWeightQOS", "5000",
          "then age, job size and partition (1000 each) as tie-breakers.", false },
        { F::SlurmConf, "PriorityWeightAge", "1000", "", false },
        { F::SlurmConf, "PriorityWeightJobSize", "1000", "", false },
        { F::SlurmConf, "PriorityWeightPartition", "1000", "", false },
        { F::SlurmConf, "PriorityFavorSmall", "NO",
          "Size favours large jobs: whole-fabric training runs would otherwise wait behind small "
          "ones.",
          false },
        { F::SlurmConf, "SchedulerParameters", "bf_continue,bf_window=10080",
          "Backfill plans as far ahead as the longest job may run (MaxTime 7 days = 10080 min).",
          false },
        { F::SlurmConf, "AccountingStorageType", "accounting_storage/slurmdbd",
          "Job records, fair-share usage and limits live in slurmdbd (see slurmdbd.conf).", false },
        { F::SlurmConf, "AccountingStorageHost", controller, "slurmdbd runs beside slurmctld.",
          false },
        { F::SlurmConf, "AccountingStorageTRES", "gres/gpu",
          "GPU-hours are accounted, not only CPU-hours.", false },
        { F::SlurmConf, "AccountingStorageEnforce", "associations,limits,qos",
          "Only users with an account run, and account and QOS limits hold.", false },
        { F::SlurmConf, "JobAcctGatherType", "jobacct_gather/cgroup",
          "Usage is read from the job's cgroup: what is enforced is what is measured.", false },
        { F::SlurmConf, "JobAcctGatherFrequency", "30", "Sampled every 30 s.", false },
        { F::SlurmConf, "MpiDefault", "pmix",
          "srun wires NCCL/MPI ranks up through PMIx without --mpi (Debian: mpi/pmix dlopens "
          "pmix2/lib/libpmix.so, which only libpmix-dev ships).",
          false },
        { F::SlurmConf, "KillOnBadExit", "1",
          "One crashed rank ends the step: a collective would otherwise hang until the time limit.",
          false },
        { F::SlurmConf, "UnkillableStepTimeout", "180",
          "Tearing down a large job's GPU contexts can outlast the default 60 s; do not drain a "
          "node for it.",
          false },
        { F::SlurmConf, "PrologFlags", "Contain",
          "Prolog at allocation on every node (implies Alloc) and an extern step that holds ssh "
          "sessions in the job's cgroup.",
          false },
        { F::SlurmConf, "Prolog", kPrologPath,
          "GPU health before the job (DCGM level 1 when installed); a failure drains the node and "
          "requeues the job.",
          false },
        { F::SlurmConf, "Epilog", kEpilogPath,
          "GPU health after the job: stray GPU processes or new uncorrectable ECC errors drain the "
          "node.",
          false },
        { F::SlurmConf, "HealthCheckProgram", kHealthCheckPath,
          "Node health: the node's GPUs and rail NICs against what this file says it has.", false },
        { F::SlurmConf, "HealthCheckInterval", "300", "Every 5 minutes,", false },
        { F::SlurmConf, "HealthCheckNodeState", "ANY,CYCLE",
          "on every node whatever its state, spread over the interval rather than all at once.",
          false },
        { F::Partition, "DefaultTime", "1:00:00",
          "A job without --time gets an hour, so backfill can plan around it.", false },
        { F::Partition, "MaxTime", "7-00:00:00",
          "A week: long runs checkpoint and resubmit; nothing holds nodes forever.", false },
        { F::CgroupConf, "CgroupPlugin", "autodetect",
          "cgroup v1 or v2, whichever the node boots with.", false },
        { F::CgroupConf, "ConstrainCores", "yes",
          "Tasks stay on their allocated cores (gres.conf Cores= keeps them near their GPUs).",
          false },
        { F::CgroupConf, "ConstrainDevices", "yes",
          "A job sees only the GPUs (/dev/nvidiaN) it was allocated.", false },
        { F::CgroupConf, "ConstrainRAMSpace", "yes",
          "Memory beyond the allocation is reclaimed or OOM-killed inside the job, not on the "
          "node.",
          false },
        { F::SlurmdbdConf, "DbdHost", controller, "slurmdbd runs on the controller.", false },
        { F::SlurmdbdConf, "StorageType", "accounting_storage/mysql",
          "MariaDB (Debian's mariadb-server) holds the accounting database.", false },
        { F::SlurmdbdConf, "StorageHost", "localhost", "on the same host,", false },
        { F::SlurmdbdConf, "StoragePort", "3306", "on its default port,", false },
        { F::SlurmdbdConf, "StorageUser", "slurm", "as the database user slurm,", false },
        { F::SlurmdbdConf, "StorageLoc", "slurm_acct_db", "in the database slurm_acct_db.", false },
        { F::SlurmdbdConf, "PurgeStepAfter", "3month",
          "Step records are the bulk of the database: keep 3 months of them,", false },
        { F::SlurmdbdConf, "PurgeJobAfter", "12month", "and a year of job records.", false },
    };
}

} // namespace

std::string slurmHeader(const Design &design, const char *file)
{
    return std::string("# ") + file + " for design \"" + design.name() + "\" (schema version "
        + std::to_string(kDesignSchemaVersion) + "), written by " + generatorName()
        + ".\n# Same design, same bytes: edit the design, not this file.\n";
}

namespace {

std::string block(const std::vector<ProductionSetting> &settings, SlurmFile file)
{
    std::string out;
    for (const ProductionSetting &setting : settings) {
        if (setting.file != file)
            continue;
        if (!setting.reason.empty())
            out += "# " + setting.reason + "\n";
        if (setting.overridden)
            out += "# (set by the design's scheduler slurmOverrides)\n";
        out += setting.key + "=" + setting.value + "\n";
    }
    return out;
}

} // namespace

Result<std::vector<ProductionSetting>> productionSettings(const Design &design)
{
    const SchedulerSettings &scheduler = design.scheduler();
    if (!safeValue(scheduler.controllerHost))
        return Error { "scheduler controllerHost \"" + scheduler.controllerHost
                       + "\" is not a host name (letters, digits, . _ -)" };
    std::vector<ProductionSetting> settings = defaults(scheduler.controllerHost);
    for (const auto &[key, value] : scheduler.slurmOverrides) {
        auto it = std::find_if(settings.begin(), settings.end(),
                               [&name = key](const ProductionSetting &s) { return s.key == name; });
        if (it == settings.end()) {
            std::string accepted;
            for (const ProductionSetting &s : settings)
                accepted += (accepted.empty() ? "" : ", ") + s.key;
            return Error { "scheduler slurmOverrides: unknown key \"" + key
                           + "\" (accepted: " + accepted + ")" };
        }
        if (!safeValue(value))
            return Error { "scheduler slurmOverrides/" + key + ": value \"" + value
                           + "\" must be 1-200 letters, digits or . _ : / , = + @ - (no spaces "
                             "or quotes)" };
        it->value = value;
        it->overridden = true;
    }
    return settings;
}

std::string settingValue(const std::vector<ProductionSetting> &settings, const std::string &key)
{
    for (const ProductionSetting &setting : settings)
        if (setting.key == key)
            return setting.value;
    return {};
}

std::string productionSlurmConf(const std::vector<ProductionSetting> &settings)
{
    return "\n# --- Production settings (docs/export-slurm.md). Each can be replaced in the\n"
           "# design's scheduler \"slurmOverrides\" rather than here.\n"
        + block(settings, SlurmFile::SlurmConf)
        + "# GPU binding: ConstrainDevices (cgroup.conf) fences each job to its GPUs, gres.conf\n"
          "# Cores= ties GPUs to their NUMA cores, DefCpuPerGPU/DefMemPerGPU size the share;\n"
          "# jobs add --gpu-bind=closest to pin each task to its nearest GPU.\n";
}

std::string cgroupConf(const Design &design, const std::vector<ProductionSetting> &settings)
{
    return slurmHeader(design, "cgroup.conf")
        + "# Read by slurmd for proctrack/cgroup and task/cgroup (slurm.conf).\n"
        + block(settings, SlurmFile::CgroupConf);
}

std::string slurmdbdConf(const Design &design, const std::vector<ProductionSetting> &settings)
{
    return slurmHeader(design, "slurmdbd.conf")
        + "# Template: install as /etc/slurm/slurmdbd.conf, mode 600, owned by slurm.\n"
          "AuthType=auth/munge\n"
          "SlurmUser=slurm\n"
          "DbdPort=6819\n"
          "LogFile=/var/log/slurm/slurmdbd.log\n"
          "PidFile=/run/slurmdbd.pid\n"
        + block(settings, SlurmFile::SlurmdbdConf)
        + "# The database user's password: set it here (CREATE USER 'slurm'@'localhost'\n"
          "# IDENTIFIED BY '...'; GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';).\n"
          "#StoragePass=\n";
}

} // namespace cw::slurm

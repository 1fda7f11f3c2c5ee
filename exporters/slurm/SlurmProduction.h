#pragma once

#include "model/common/Result.h"

#include <map>
#include <string>
#include <vector>

namespace cw {
class Design;
struct SchedulerSettings;
} // namespace cw

namespace cw::slurm {

/// The file a production setting belongs to.
enum class SlurmFile { SlurmConf, Partition, CgroupConf, SlurmdbdConf };

/// One production choice: key, value, and why (written as the comment above it).
struct ProductionSetting
{
    SlurmFile file = SlurmFile::SlurmConf;
    std::string key;
    std::string value;
    std::string reason;
    bool overridden = false; ///< the value comes from the design's slurmOverrides
};

/// Where the scripts the configuration names are installed.
inline constexpr const char *kPrologPath = "/etc/slurm/prolog-gpu-health.sh";
inline constexpr const char *kEpilogPath = "/etc/slurm/epilog-gpu-health.sh";
inline constexpr const char *kHealthCheckPath = "/etc/slurm/node-health-check.sh";

/// The production defaults (docs/export-slurm.md lists them with their reasons), in the order
/// they are written, with the design's SchedulerSettings::slurmOverrides applied. Fails on an
/// override key that is not one of them, or a value that is empty, longer than 200 characters
/// or holds characters other than letters, digits and . _ : / , = + @ - (no spaces, quotes
/// or line breaks can reach the files).
Result<std::vector<ProductionSetting>> productionSettings(const Design &design);

/// The "# <file> for design ..." comment block every Slurm file starts with.
std::string slurmHeader(const Design &design, const char *file);

/// The value of `key` in `settings` (empty when absent).
std::string settingValue(const std::vector<ProductionSetting> &settings, const std::string &key);

/// The commented production block of slurm.conf (priority, accounting, MPI, prolog/epilog,
/// health check, limits).
std::string productionSlurmConf(const std::vector<ProductionSetting> &settings);

/// cgroup.conf: the limits task/cgroup and proctrack/cgroup enforce.
std::string cgroupConf(const Design &design, const std::vector<ProductionSetting> &settings);

/// slurmdbd.conf template (mode 600, owned by SlurmUser): MariaDB storage on the controller;
/// the storage password is left for the site to fill in.
std::string slurmdbdConf(const Design &design, const std::vector<ProductionSetting> &settings);

} // namespace cw::slurm

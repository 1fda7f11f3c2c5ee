#pragma once

#include "model/core/Ids.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cw {

/// A Slurm partition. An empty node list means every compute node.
struct Partition
{
    std::string name;
    std::vector<DeviceId> nodes;
    bool isDefault = false;
    std::string maxTime = "INFINITE";

    bool operator==(const Partition &) const = default;
};

/// Scheduler settings used by the Slurm exporter.
struct SchedulerSettings
{
    std::string clusterName = "cluster";
    std::string controllerHost = "head01";
    std::vector<Partition> partitions;
    /// Site choices that replace the production defaults of the Slurm export, by key
    /// ("MaxTime", "PriorityWeightFairshare", "ConstrainRAMSpace"...). The keys the exporter
    /// accepts, their defaults and reasons are listed in exporters/slurm/SlurmProduction.h.
    std::map<std::string, std::string> slurmOverrides;

    bool operator==(const SchedulerSettings &) const = default;
};

/// NCCL settings; unset values let the exporter derive them from the fabric.
struct NcclSettings
{
    std::optional<int> ibTimeout; ///< 0-31, 4.096 us x 2^value (ref:nvidia-nccl-env)
    std::optional<int> ibRetryCount; ///< 0-7
    std::optional<int> crossNic; ///< 0, 1, 2
    std::optional<int> ibGidIndex;
    std::optional<int> ibTrafficClass; ///< IP ToS byte: DSCP << 2 | ECN
    std::optional<int> ibServiceLevel;
    std::optional<int> qpsPerConnection;
    std::string socketIfname;
    std::string netGdrLevel;
    bool collnetEnable = false;

    bool operator==(const NcclSettings &) const = default;
};

/// The training workload the calculators and storage rules reason about.
struct Workload
{
    std::string name;
    double parameterCount = 0; ///< model parameters
    double trainingTokens = 0;
    double mfu = 0.4; ///< model FLOPs utilisation
    double checkpointBytesPerParam = 14; ///< bf16 weights 2 + fp32 master 4 + Adam 8
    double checkpointIntervalMin = 60;
    double maxCheckpointStallFraction = 0.05;
    double datasetReadMBpsPerGpu = 0; ///< MB/s per GPU the data loader needs

    bool operator==(const Workload &) const = default;
};

/// An accepted violation: the rule and entities it covers, who accepted it and why.
struct Waiver
{
    std::string ruleKey;
    std::vector<std::uint64_t> entityIds;
    std::string reason;
    std::string author;
    std::string date; ///< ISO 8601 date
    std::string expires; ///< ISO 8601 date, empty = never

    bool operator==(const Waiver &) const = default;
};

} // namespace cw

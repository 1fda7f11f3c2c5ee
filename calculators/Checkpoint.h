#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of checkpoint(): size of a full training checkpoint and the storage it is written to.
struct CheckpointInput
{
    double params = 0.0;
    double weightBytes = 2.0; // bf16 model weights
    double masterBytes = 4.0; // fp32 master weights
    double optimizerBytes = 8.0; // fp32 Adam momentum + variance
    bool includeGradients = false; // gradients use weightBytes per parameter
    double writeGBps = 0.0; // aggregate storage write bandwidth, GB/s (1e9 B/s)
    double intervalMinutes = 0.0; // time between checkpoint starts
    double stallTarget = 0.05; // acceptable fraction of time stalled
    std::optional<long long> gpus;
    bool async = false;
    std::optional<double> hostCopyGBps; // device-to-host snapshot bandwidth, needed if async
};

/// Checkpoint size, write time and the training stall it causes.
struct CheckpointResult
{
    double checkpointBytes = 0.0;
    double writeSeconds = 0.0;
    double stallSeconds = 0.0;
    double stallFraction = 0.0; // stallSeconds / interval seconds
    double bandwidthForTargetGBps = 0.0; // bandwidth of the stalling path for stallTarget
    std::optional<double> idleGpuHoursPerDay;
    std::vector<std::string> assumptions;
};

/// Checkpoint size, write time and training stall. Throws InputError on out-of-domain input.
CheckpointResult checkpoint(const CheckpointInput &input);

} // namespace cw::calc

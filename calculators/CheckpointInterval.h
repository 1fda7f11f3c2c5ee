#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of checkpointInterval(): a job that fails at random with mean time between
/// failures M and saves a checkpoint in delta seconds.
struct CheckpointIntervalInput
{
    double mtbfSeconds = 0.0; // M, of the whole job
    double checkpointSeconds = 0.0; // delta, time the job stalls to save
    double restartSeconds = 0.0; // R, from failure to training again
    std::optional<double> intervalSeconds; // tau to evaluate; default the Daly optimum
    std::optional<long long> gpus; // for lost GPU-hours
};

struct CheckpointIntervalResult
{
    double youngSeconds = 0.0; // sqrt(2 delta M)
    double dalySeconds = 0.0; // higher-order optimum
    double intervalSeconds = 0.0; // the one evaluated
    double failuresPerDay = 0.0;
    double checkpointHoursPerDay = 0.0; // stalls while saving
    double reworkHoursPerDay = 0.0; // work redone after failures, plus restarts
    double lostHoursPerDay = 0.0; // both
    double efficiency = 0.0; // useful share of wall-clock time
    std::optional<double> lostGpuHoursPerDay;
    std::vector<std::string> assumptions;
};

/// Young/Daly optimal checkpoint interval and the expected lost work per day at an interval.
/// Throws InputError on out-of-domain input.
CheckpointIntervalResult checkpointInterval(const CheckpointIntervalInput &input);

/// Expected wall-clock hours lost per day at compute interval tau (first-order model).
double lostHoursPerDay(double mtbfSeconds, double checkpointSeconds, double restartSeconds,
                       double intervalSeconds);

} // namespace cw::calc

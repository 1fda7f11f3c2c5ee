#pragma once

#include <string>

namespace cw::calc {

/// Pipeline-parallel schedule, for the activations the first stage holds at its peak.
enum class PipelineSchedule { OneFOneB, Interleaved, GPipe, ZeroBubbleH1, ZeroBubbleH2 };

/// Inputs of peakInFlightMicroBatches().
struct PipelineShape
{
    long long pp = 1; // pipeline stages p
    long long microBatches = 0; // micro-batches per step and pipeline m; 0 = "at least enough"
    long long virtualStages = 1; // model chunks per device v (interleaved only)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
};

/// How many micro-batches' worth of activations (of the stage's L/p layers) the first stage
/// holds at its peak; fractional for the interleaved schedule. Throws InputError for a shape
/// the schedule does not allow (interleaved needs m divisible by p, v >= 2).
double peakInFlightMicroBatches(const PipelineShape &shape);

/// One line saying which schedule and source the multiplier came from.
std::string describeSchedule(const PipelineShape &shape, double inFlight);

/// "1f1b", "interleaved", "gpipe", "zb-h1", "zb-h2".
std::string scheduleName(PipelineSchedule schedule);

} // namespace cw::calc

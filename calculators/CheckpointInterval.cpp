#include "calculators/CheckpointInterval.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

#include <algorithm>
#include <cmath>

namespace cw::calc {

namespace {

/// ref:daly-2006, the higher-order estimate: for delta < 2M,
///   tau = sqrt(2 delta M) [1 + (1/3) sqrt(delta/(2M)) + (1/9) (delta/(2M))] - delta,
/// and tau = M otherwise.
double dalyInterval(double delta, double mtbf)
{
    if (delta >= 2.0 * mtbf)
        return mtbf;
    const double x = delta / (2.0 * mtbf);
    return std::sqrt(2.0 * delta * mtbf) * (1.0 + std::sqrt(x) / 3.0 + x / 9.0) - delta;
}

} // namespace

double lostHoursPerDay(double mtbf, double delta, double restart, double tau)
{
    // Per segment of tau + delta: delta saving. Per failure (one per M of wall-clock time):
    // on average half a segment of work redone, plus the restart (ref:young-1974).
    const double checkpointShare = delta / (tau + delta);
    const double failuresPerDay = secondsPerDay / mtbf;
    const double reworkSeconds = failuresPerDay * ((tau + delta) / 2.0 + restart);
    return (checkpointShare * secondsPerDay + reworkSeconds) / secondsPerHour;
}

CheckpointIntervalResult checkpointInterval(const CheckpointIntervalInput &in)
{
    requirePositive("mtbf-hours", in.mtbfSeconds);
    requirePositive("checkpoint-s", in.checkpointSeconds);
    requireNonNegative("restart-s", in.restartSeconds);
    if (in.intervalSeconds)
        requirePositive("interval-min", *in.intervalSeconds);
    if (in.gpus)
        requireAtLeast("gpus", *in.gpus, 1);

    CheckpointIntervalResult r;
    const double m = in.mtbfSeconds, delta = in.checkpointSeconds;
    // ref:young-1974: tau_opt = sqrt(2 delta M), first order in delta/M.
    r.youngSeconds = std::sqrt(2.0 * delta * m);
    r.dalySeconds = dalyInterval(delta, m);
    r.intervalSeconds = in.intervalSeconds.value_or(r.dalySeconds);
    const double tau = r.intervalSeconds;
    r.failuresPerDay = secondsPerDay / m;
    r.checkpointHoursPerDay = delta / (tau + delta) * hoursPerDay;
    r.reworkHoursPerDay
        = r.failuresPerDay * ((tau + delta) / 2.0 + in.restartSeconds) / secondsPerHour;
    r.lostHoursPerDay = lostHoursPerDay(m, delta, in.restartSeconds, tau);
    r.efficiency = std::max(0.0, 1.0 - r.lostHoursPerDay / hoursPerDay);
    if (in.gpus)
        r.lostGpuHoursPerDay = r.lostHoursPerDay * static_cast<double>(*in.gpus);

    r.assumptions.push_back("Young interval sqrt(2 delta M) (ref:young-1974); Daly's higher-order "
                            "optimum (ref:daly-2006), valid for delta < 2M");
    r.assumptions.push_back("failures arrive at random (exponential, mean M of the whole job); "
                            "each loses on average half a checkpoint segment plus the restart");
    r.assumptions.push_back("saving stalls training for delta (synchronous checkpoint); an "
                            "asynchronous save shortens delta to the device-to-host copy");
    if (!in.intervalSeconds)
        r.assumptions.push_back("evaluated at the Daly optimum (give interval-min to compare)");
    if (in.restartSeconds == 0)
        r.assumptions.push_back("restart time not counted (restart-s = 0)");
    return r;
}

} // namespace cw::calc

#include "calculators/Checkpoint.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

CheckpointResult checkpoint(const CheckpointInput &input)
{
    requirePositive("params", input.params);
    requirePositive("weight-bytes", input.weightBytes);
    requireNonNegative("master-bytes", input.masterBytes);
    requireNonNegative("optimizer-bytes", input.optimizerBytes);
    requirePositive("write-gbyte-s", input.writeGBps);
    requirePositive("interval-min", input.intervalMinutes);
    if (input.stallTarget <= 0.0 || input.stallTarget > 1.0)
        throw InputError("stall-target",
                         "expected a fraction > 0 and <= 1, got "
                             + formatNumber(input.stallTarget));
    if (input.gpus)
        requireAtLeast("gpus", *input.gpus, 1);
    if (input.async) {
        if (!input.hostCopyGBps)
            throw InputError("host-copy-gbyte-s", "missing; required when async=true (GB/s)");
        requirePositive("host-copy-gbyte-s", *input.hostCopyGBps);
    }

    CheckpointResult r;
    // A resumable checkpoint holds weights, fp32 master copy and optimizer moments
    // (mixed-precision Adam layout, ref:rajbhandari-2020-zero: 2 + 4 + 4 + 4 bytes/param).
    const double bytesPerParam = input.weightBytes + input.masterBytes + input.optimizerBytes
        + (input.includeGradients ? input.weightBytes : 0.0);
    r.checkpointBytes = input.params * bytesPerParam;
    r.writeSeconds = r.checkpointBytes / (input.writeGBps * bytesPerGB);

    const double intervalSeconds = input.intervalMinutes * secondsPerMinute;
    // Definition (docs/calculators.md): stall_fraction = stall_seconds / interval_seconds,
    // where the interval runs from one checkpoint start to the next, so the stall is part of it.
    double stallPathGBps = input.writeGBps;
    if (input.async) {
        // Asynchronous checkpointing (e.g. PyTorch DCP async_save, Nebula): training waits only
        // for the device-to-host snapshot; the storage write overlaps the following steps.
        stallPathGBps = *input.hostCopyGBps;
        r.stallSeconds = r.checkpointBytes / (stallPathGBps * bytesPerGB);
    } else {
        r.stallSeconds = r.writeSeconds;
    }
    if (r.stallSeconds >= intervalSeconds) {
        throw InputError("interval-min",
                         "expected an interval longer than the " + formatNumber(r.stallSeconds)
                             + " s stall of one checkpoint, got "
                             + formatNumber(input.intervalMinutes) + " min");
    }
    r.stallFraction = r.stallSeconds / intervalSeconds;
    r.bandwidthForTargetGBps
        = r.checkpointBytes / (input.stallTarget * intervalSeconds) / bytesPerGB;
    if (input.gpus)
        r.idleGpuHoursPerDay = static_cast<double>(*input.gpus) * r.stallFraction * hoursPerDay;

    r.assumptions.push_back("checkpoint holds " + formatNumber(bytesPerParam)
                            + " B per parameter (weights + master + optimizer"
                            + (input.includeGradients ? " + gradients)" : ")"));
    r.assumptions.push_back("stall_fraction = stall_seconds / interval_seconds, interval measured "
                            "between checkpoint starts (the stall is inside the interval)");
    if (input.async) {
        r.assumptions.push_back("async: training stalls only for the host copy at "
                                + formatNumber(*input.hostCopyGBps)
                                + " GB/s; bandwidth_for_target_gbyte_s is the host-copy bandwidth");
        if (r.writeSeconds > intervalSeconds) {
            r.assumptions.push_back("warning: the background storage write ("
                                    + formatNumber(r.writeSeconds)
                                    + " s) is longer than the interval; checkpoints would queue");
        }
    } else {
        r.assumptions.push_back("blocking: training stalls for the whole storage write; "
                                "bandwidth_for_target_gbyte_s is the storage write bandwidth");
    }
    r.assumptions.push_back("write-gbyte-s is the sustained aggregate write bandwidth seen by all "
                            "writers together (GB = 1e9 B); metadata and file-open costs ignored");
    return r;
}

} // namespace cw::calc

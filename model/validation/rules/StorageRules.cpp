// Storage rules: checkpoint stall at the tier's write bandwidth, dataset read bandwidth per
// GPU. Both look at the best tier for the job (the fastest writer / reader): that is where
// a team would put checkpoints and the dataset.

#include "calculators/Checkpoint.h"
#include "calculators/InputError.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/rules/Rules.h"

namespace cw::rules {
namespace {

constexpr double kBytesPerGB = 1e9; // GB = 10^9 B (calculators/Units.h)
constexpr double kMBPerGB = 1000.0;
constexpr double kSecondsPerMinute = 60.0;

const StorageTier *bestTier(const Design &design, double StorageTier::*bandwidth)
{
    const StorageTier *best = nullptr;
    for (const StorageTier &tier : design.storageTiers())
        if (tier.*bandwidth > 0 && (!best || tier.*bandwidth > best->*bandwidth))
            best = &tier;
    return best;
}

void checkpointStall(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const Design &design = context.design();
    const Workload &workload = design.workload();
    if (workload.parameterCount <= 0 || workload.checkpointIntervalMin <= 0
        || workload.checkpointBytesPerParam <= 0 || workload.maxCheckpointStallFraction <= 0
        || workload.maxCheckpointStallFraction > 1 || design.storageTiers().empty())
        return;
    const double checkpointBytes = workload.parameterCount * workload.checkpointBytesPerParam;
    const std::string size = fmt::num(checkpointBytes / kBytesPerGB, 0) + " GB checkpoint ("
        + fmt::num(workload.parameterCount / 1e9, 1) + "B parameters x "
        + fmt::num(workload.checkpointBytesPerParam, 0) + " B)";
    const StorageTier *tier = bestTier(design, &StorageTier::writeGBps);
    if (!tier) {
        out.push_back({ "no storage tier has write bandwidth for the " + size,
                        {},
                        "set the checkpoint tier's write bandwidth" });
        return;
    }
    // calc::checkpoint with the workload's bytes per parameter as one figure (synchronous
    // save: training waits for the whole write).
    calc::CheckpointInput input;
    input.params = workload.parameterCount;
    input.weightBytes = workload.checkpointBytesPerParam;
    input.masterBytes = 0;
    input.optimizerBytes = 0;
    input.writeGBps = tier->writeGBps;
    input.intervalMinutes = workload.checkpointIntervalMin;
    input.stallTarget = workload.maxCheckpointStallFraction;
    double stallSeconds = 0;
    double fraction = 0;
    double neededGBps = 0;
    try {
        const calc::CheckpointResult result = calc::checkpoint(input);
        stallSeconds = result.stallSeconds;
        fraction = result.stallFraction;
        neededGBps = result.bandwidthForTargetGBps;
    } catch (const calc::InputError &) {
        // The write takes longer than the interval: the calculator refuses, the rule reports.
        stallSeconds = checkpointBytes / (tier->writeGBps * kBytesPerGB);
        fraction = stallSeconds / (workload.checkpointIntervalMin * kSecondsPerMinute);
        neededGBps = checkpointBytes
            / (workload.maxCheckpointStallFraction * workload.checkpointIntervalMin
               * kSecondsPerMinute)
            / kBytesPerGB;
    }
    if (fraction <= workload.maxCheckpointStallFraction)
        return;
    out.push_back({ "a " + size + " written at " + fmt::num(tier->writeGBps, 1) + " GB/s to "
                        + tier->name + " stalls training " + fmt::num(stallSeconds, 1) + " s every "
                        + fmt::num(workload.checkpointIntervalMin, 0)
                        + " min = " + fmt::num(fraction * 100, 2) + "%; the workload allows "
                        + fmt::num(workload.maxCheckpointStallFraction * 100, 2) + "%",
                    { EntityRef::of(tier->id) },
                    "raise " + tier->name + "'s write bandwidth to " + fmt::num(neededGBps, 1)
                        + " GB/s, checkpoint less often, or checkpoint asynchronously" });
}

void readStarvation(const RuleContext &context, EntityRef, std::vector<Finding> &out)
{
    const Design &design = context.design();
    const double neededMBps = design.workload().datasetReadMBpsPerGpu;
    const int gpus = context.totals().gpus;
    if (neededMBps <= 0 || gpus <= 0 || design.storageTiers().empty())
        return;
    const StorageTier *tier = bestTier(design, &StorageTier::readGBps);
    if (!tier) {
        out.push_back({ "no storage tier has read bandwidth for " + std::to_string(gpus)
                            + " GPUs that each read " + fmt::num(neededMBps, 0) + " MB/s",
                        {},
                        "set the dataset tier's read bandwidth" });
        return;
    }
    const double perGpuMBps = tier->readGBps * kMBPerGB / gpus;
    if (perGpuMBps >= neededMBps)
        return;
    out.push_back({ "storage tier " + tier->name + " reads " + fmt::num(tier->readGBps, 1)
                        + " GB/s = " + fmt::num(perGpuMBps, 1) + " MB/s per GPU for "
                        + std::to_string(gpus) + " GPUs; the data loader needs "
                        + fmt::num(neededMBps, 1) + " MB/s per GPU",
                    { EntityRef::of(tier->id) },
                    "raise " + tier->name + "'s read bandwidth to "
                        + fmt::num(neededMBps * gpus / kMBPerGB, 1)
                        + " GB/s or stage the dataset on node-local NVMe" });
}

} // namespace

void addStorageRules(RuleList &rules)
{
    add(rules,
        { "storage.checkpoint-stall", "Checkpoint write stalls training too long", "storage",
          Severity::Warning, RuleScope::Design, input::StorageTiers | input::Settings },
        &checkpointStall);
    add(rules,
        { "storage.read-starvation", "Dataset read bandwidth per GPU below the need", "storage",
          Severity::Warning, RuleScope::Design,
          input::StorageTiers | input::Settings | input::DeviceSpec },
        &readStarvation);
}

} // namespace cw::rules

// Registry entries of the training-side calculators: memory, checkpoint, checkpoint interval,
// time.

#include "calculators/RegistryEntries.h"

#include "calculators/Checkpoint.h"
#include "calculators/CheckpointInterval.h"
#include "calculators/GpuPeaks.h"
#include "calculators/InputError.h"
#include "calculators/TrainingMemory.h"
#include "calculators/TrainingTime.h"
#include "calculators/Units.h"

namespace cw::calc::detail {

namespace {

// ---- training-memory -------------------------------------------------------------------

PipelineSchedule schedule(const std::string &name)
{
    if (name == "interleaved")
        return PipelineSchedule::Interleaved;
    if (name == "gpipe")
        return PipelineSchedule::GPipe;
    if (name == "zb-h1")
        return PipelineSchedule::ZeroBubbleH1;
    if (name == "zb-h2")
        return PipelineSchedule::ZeroBubbleH2;
    return PipelineSchedule::OneFOneB;
}

Recompute recomputeMode(const std::string &name)
{
    return name == "full"     ? Recompute::Full
        : name == "selective" ? Recompute::Selective
                              : Recompute::None;
}

nlohmann::json runTrainingMemory(const ParamReader &p, const std::vector<ModelPreset> &)
{
    TrainingMemoryInput in;
    in.params = p.positive("params");
    in.weightBytes = p.positive("weight-bytes");
    in.gradBytes = p.nonNegative("grad-bytes");
    in.optimizerBytes = p.nonNegative("optimizer-bytes");
    in.zeroStage = std::stoi(p.choice("zero"));
    in.dp = p.wholeNumber("dp", 1);
    in.tp = p.wholeNumber("tp", 1);
    in.pp = p.wholeNumber("pp", 1);
    in.gpuMemoryGB = p.optionalPositive("gpu-memory-gbyte");
    in.schedule = schedule(p.choice("schedule"));
    in.microBatches = p.optionalWholeNumber("micro-batches", 1).value_or(0);
    in.virtualStages = p.wholeNumber("virtual-stages", 1);

    static const std::vector<std::string> shapeKeys = { "layers", "hidden", "heads", "seq" };
    bool anyShape = false;
    for (const std::string &key : shapeKeys)
        anyShape = anyShape || p.given(key);
    if (anyShape) {
        for (const std::string &key : shapeKeys) {
            if (!p.given(key))
                throw InputError(key,
                                 "missing; layers, hidden, heads and seq are needed together "
                                 "for activation memory");
        }
        ActivationShape shape;
        shape.layers = p.wholeNumber("layers", 1);
        shape.hidden = p.wholeNumber("hidden", 1);
        shape.heads = p.wholeNumber("heads", 1);
        shape.seqLength = p.wholeNumber("seq", 1);
        shape.microBatch = p.given("micro-batch") ? p.wholeNumber("micro-batch", 1) : 1;
        shape.recompute = recomputeMode(p.choice("recompute"));
        shape.sequenceParallel = p.boolean("sequence-parallel");
        in.activations = shape;
    } else {
        for (const char *key :
             { "micro-batch", "recompute", "sequence-parallel", "micro-batches" }) {
            if (p.given(key))
                throw InputError(key, "needs layers, hidden, heads and seq (activation memory)");
        }
    }

    const TrainingMemoryResult r = trainingMemory(in);
    nlohmann::json j;
    j["bytes_per_param"] = number(r.bytesPerParam);
    j["model_states_bytes_per_gpu"] = number(r.modelStatesBytesPerGpu);
    if (in.activations) {
        j["activation_bytes_per_micro_batch"] = number(r.activationBytesPerMicroBatch);
        j["in_flight_micro_batches"] = number(r.inFlightMicroBatches);
    }
    j["activation_bytes_per_gpu"] = number(r.activationBytesPerGpu);
    j["total_bytes_per_gpu"] = number(r.totalBytesPerGpu);
    if (r.fits)
        j["fits"] = *r.fits;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo trainingMemoryInfo()
{
    return { "training-memory",
             "Per-GPU memory for training: ZeRO model states plus transformer activations",
             { required("params", "", "parameter count, e.g. 70B"),
               withDefault("weight-bytes", "bytes", "bytes per weight (bf16 = 2)", "2"),
               withDefault("grad-bytes", "bytes", "bytes per gradient", "2"),
               withDefault("optimizer-bytes", "bytes",
                           "optimizer state bytes per parameter, K (Adam fp32 = 12)", "12"),
               oneOf(required("zero", "", "ZeRO stage 0, 1, 2 or 3"), { "0", "1", "2", "3" }),
               required("dp", "", "data-parallel degree Nd (whole number >= 1)"),
               withDefault("tp", "", "tensor-parallel degree", "1"),
               withDefault("pp", "", "pipeline-parallel degree", "1"),
               optional("layers", "", "transformer layers (activation memory)"),
               optional("hidden", "", "hidden size h (activation memory)"),
               optional("heads", "", "attention heads a (activation memory)"),
               optional("seq", "tokens", "sequence length s (activation memory)"),
               optional("micro-batch", "", "micro-batch size b (default 1 with activations)"),
               oneOf(withDefault("recompute", "",
                                 "activation recomputation: none, selective or full", "none"),
                     { "none", "selective", "full" }),
               flag("sequence-parallel", "Megatron sequence parallelism: true or false", "false"),
               oneOf(withDefault("schedule", "",
                                 "pipeline schedule: 1f1b, interleaved, gpipe, zb-h1 or zb-h2",
                                 "1f1b"),
                     { "1f1b", "interleaved", "gpipe", "zb-h1", "zb-h2" }),
               optional("micro-batches", "",
                        "micro-batches per step and pipeline m (default: at least the peak)"),
               withDefault("virtual-stages", "", "model chunks per device v (interleaved)", "1"),
               formerly("gpu-memory-gb",
                        optional("gpu-memory-gbyte", "GB",
                                 "GPU memory to check against (1 GB = 1e9 B)")) } };
}

// ---- checkpoint ------------------------------------------------------------------------

nlohmann::json runCheckpoint(const ParamReader &p, const std::vector<ModelPreset> &)
{
    CheckpointInput in;
    in.params = p.positive("params");
    in.weightBytes = p.positive("weight-bytes");
    in.masterBytes = p.nonNegative("master-bytes");
    in.optimizerBytes = p.nonNegative("optimizer-bytes");
    in.includeGradients = p.boolean("include-gradients");
    in.writeGBps = p.positive("write-gbyte-s");
    in.intervalMinutes = p.positive("interval-min");
    in.stallTarget = p.fraction("stall-target");
    in.gpus = p.optionalWholeNumber("gpus", 1);
    in.async = p.boolean("async");
    in.hostCopyGBps = p.optionalPositive("host-copy-gbyte-s");
    if (in.async && !in.hostCopyGBps)
        throw InputError("host-copy-gbyte-s", "missing; required when async=true (GB/s)");

    CheckpointResult r = checkpoint(in);
    if (!in.async && in.hostCopyGBps)
        r.assumptions.push_back("host-copy-gbyte-s ignored because async=false");
    nlohmann::json j;
    j["checkpoint_bytes"] = number(r.checkpointBytes);
    j["write_seconds"] = r.writeSeconds;
    j["stall_seconds"] = r.stallSeconds;
    j["stall_fraction"] = r.stallFraction;
    j["bandwidth_for_target_gbyte_s"] = r.bandwidthForTargetGBps;
    if (r.idleGpuHoursPerDay)
        j["idle_gpu_hours_per_day"] = *r.idleGpuHoursPerDay;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo checkpointInfo()
{
    CalculatorInfo info {
        "checkpoint",
        "Checkpoint size, write time, training stall and bandwidth for a stall target",
        { required("params", "", "parameter count, e.g. 70B"),
          withDefault("weight-bytes", "bytes", "bytes per model weight", "2"),
          withDefault("master-bytes", "bytes", "bytes per fp32 master weight", "4"),
          withDefault("optimizer-bytes", "bytes", "optimizer state bytes per parameter (Adam = 8)",
                      "8"),
          flag("include-gradients", "also save gradients (weight-bytes each): true or false",
               "false"),
          formerly("write-gbps",
                   required("write-gbyte-s", "GB/s", "aggregate storage write bandwidth (bytes)")),
          required("interval-min", "minutes", "time between checkpoint starts"),
          withDefault("stall-target", "", "acceptable stall fraction, e.g. 0.05", "0.05"),
          optional("gpus", "", "GPUs idled by the stall (for idle GPU-hours)"),
          flag("async", "asynchronous checkpointing: true or false", "false"),
          formerly("host-copy-gbps",
                   optional("host-copy-gbyte-s", "GB/s",
                            "device-to-host snapshot bandwidth (required if async)")) }
    };
    info.renamedOutputs = { { "bandwidth_for_target_gbps", "bandwidth_for_target_gbyte_s" } };
    return info;
}

// ---- checkpoint-interval ---------------------------------------------------------------

/// Job MTBF in seconds: given for the job, or one GPU's MTBF over the job's GPUs.
double jobMtbfSeconds(const ParamReader &p, std::vector<std::string> &assumptions)
{
    if (p.given("mtbf-hours") == p.given("gpu-mtbf-hours"))
        throw InputError("mtbf-hours",
                         "give exactly one of 'mtbf-hours' (the whole job) and "
                         "'gpu-mtbf-hours' (one GPU, with 'gpus')");
    if (p.given("mtbf-hours"))
        return p.positive("mtbf-hours") * secondsPerHour;
    if (!p.given("gpus"))
        throw InputError("gpus", "missing; gpu-mtbf-hours needs the job's GPU count");
    const double perGpu = p.positive("gpu-mtbf-hours");
    const auto gpus = static_cast<double>(p.wholeNumber("gpus", 1));
    assumptions.push_back("job MTBF = " + formatNumber(perGpu) + " h per GPU / "
                          + formatNumber(gpus) + " GPUs = " + formatNumber(perGpu / gpus)
                          + " h (independent failures)");
    return perGpu / gpus * secondsPerHour;
}

nlohmann::json runCheckpointInterval(const ParamReader &p, const std::vector<ModelPreset> &)
{
    std::vector<std::string> extra;
    CheckpointIntervalInput in;
    in.mtbfSeconds = jobMtbfSeconds(p, extra);
    in.checkpointSeconds = p.positive("checkpoint-s");
    in.restartSeconds = p.nonNegative("restart-s");
    if (const auto minutes = p.optionalPositive("interval-min"))
        in.intervalSeconds = *minutes * secondsPerMinute;
    in.gpus = p.optionalWholeNumber("gpus", 1);
    CheckpointIntervalResult r = checkpointInterval(in);
    r.assumptions.insert(r.assumptions.begin(), extra.begin(), extra.end());
    nlohmann::json j;
    j["young_interval_s"] = r.youngSeconds;
    j["daly_interval_s"] = r.dalySeconds;
    j["interval_s"] = r.intervalSeconds;
    j["failures_per_day"] = r.failuresPerDay;
    j["checkpoint_hours_per_day"] = r.checkpointHoursPerDay;
    j["rework_hours_per_day"] = r.reworkHoursPerDay;
    j["lost_hours_per_day"] = r.lostHoursPerDay;
    j["efficiency"] = r.efficiency;
    if (r.lostGpuHoursPerDay)
        j["lost_gpu_hours_per_day"] = *r.lostGpuHoursPerDay;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo checkpointIntervalInfo()
{
    return { "checkpoint-interval",
             "Young/Daly optimal checkpoint interval and expected work lost per day",
             { optional("mtbf-hours", "hours", "mean time between failures of the whole job"),
               optional("gpu-mtbf-hours", "hours",
                        "mean time between failures of one GPU (with gpus), instead"),
               optional("gpus", "", "GPUs of the job (for gpu-mtbf-hours and lost GPU-hours)"),
               required("checkpoint-s", "s", "time training stalls to save one checkpoint"),
               withDefault("restart-s", "s", "time from a failure to training again", "0"),
               optional("interval-min", "minutes",
                        "checkpoint interval to evaluate (default: the Daly optimum)") } };
}

// ---- training-time ---------------------------------------------------------------------

/// The dense BF16 peak per GPU: given, or a catalog GPU's. Empty source when given.
double peakTflops(const ParamReader &p, std::string &source)
{
    if (p.given("peak-tflop-s") && p.given("gpu"))
        throw InputError("gpu", "give either 'peak-tflop-s' or 'gpu', not both");
    if (p.given("gpu")) {
        std::vector<std::string> names;
        for (const GpuPeak &g : gpuPeaks())
            names.push_back(g.name);
        if (names.empty())
            throw InputError("gpu",
                             "no GPU parts are registered (the catalog was not loaded); "
                             "give 'peak-tflop-s' instead");
        const GpuPeak peak = *findGpuPeak(p.choice("gpu", names));
        source = peak.source;
        return peak.denseBf16Tflops;
    }
    if (p.given("peak-tflop-s"))
        return p.positive("peak-tflop-s");
    throw InputError("peak-tflop-s",
                     "missing; give 'peak-tflop-s' (dense BF16 TFLOP/s per GPU) "
                     "or 'gpu' (a GPU name)");
}

nlohmann::json runTrainingTime(const ParamReader &p, const std::vector<ModelPreset> &)
{
    TrainingTimeInput in;
    in.params = p.positive("params");
    in.tokens = p.positive("tokens");
    in.gpus = p.wholeNumber("gpus", 1);
    if (p.given("mfu"))
        in.mfu = p.fraction("mfu");
    if (p.given("hfu"))
        in.hfu = p.fraction("hfu");
    in.recompute = recomputeMode(p.choice("recompute"));
    in.seqLength = p.optionalWholeNumber("seq", 1).value_or(0);
    in.hidden = p.optionalWholeNumber("hidden", 1).value_or(0);
    std::string peakSource;
    in.peakTflops = peakTflops(p, peakSource);

    TrainingTimeResult r = trainingTime(in);
    if (!peakSource.empty())
        r.assumptions.push_back("peak " + formatNumber(in.peakTflops) + " TFLOP/s: " + peakSource);
    nlohmann::json j;
    j["model_flop"] = r.modelFlop;
    j["hardware_flop"] = r.hardwareFlop;
    j["mfu"] = r.mfu;
    j["hfu"] = r.hfu;
    j["seconds"] = r.seconds;
    j["days"] = r.days;
    j["gpu_hours"] = r.gpuHours;
    if (!r.warnings.empty())
        j["warnings"] = r.warnings;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo trainingTimeInfo()
{
    CalculatorInfo info {
        "training-time",
        "Training compute (6ND, 8ND with full recomputation) and wall-clock time",
        { required("params", "", "parameter count N, e.g. 70B"),
          required("tokens", "tokens", "training tokens D, e.g. 2T"),
          required("gpus", "", "number of GPUs"),
          formerly("peak-tflops",
                   optional("peak-tflop-s", "TFLOP/s", "dense BF16 peak per GPU (or give gpu)")),
          optional("gpu", "",
                   "GPU catalog id instead of peak-tflop-s (its dense BF16 peak), "
                   "e.g. h100-sxm-80gb"),
          optional("mfu", "", "model FLOPs utilisation (6ND-based), fraction, e.g. 0.4"),
          optional("hfu", "",
                   "hardware FLOPs utilisation (counting recomputation, as Megatron-LM "
                   "reports), instead of mfu"),
          oneOf(withDefault("recompute", "", "activation recomputation: none, selective or full",
                            "none"),
                { "none", "selective", "full" }),
          optional("seq", "tokens", "sequence length s (attention FLOPs, with hidden)"),
          optional("hidden", "", "hidden size h (attention FLOPs, with seq)") }
    };
    info.renamedOutputs = { { "flops", "model_flop" } };
    return info;
}

// ---- mfu -------------------------------------------------------------------------------

nlohmann::json runMfu(const ParamReader &p, const std::vector<ModelPreset> &)
{
    // MFU from a measured throughput (ref:chowdhery-2022-palm appendix B): the model FLOP/s
    // the tokens imply over the peak of the GPUs; the hardware figure counts recomputation.
    // training-time's factors give model and hardware FLOP per token at 1 token.
    TrainingTimeInput in;
    in.params = p.positive("params");
    in.tokens = 1.0;
    in.gpus = p.wholeNumber("gpus", 1);
    in.recompute = recomputeMode(p.choice("recompute"));
    in.seqLength = p.optionalWholeNumber("seq", 1).value_or(0);
    in.hidden = p.optionalWholeNumber("hidden", 1).value_or(0);
    std::string peakSource;
    in.peakTflops = peakTflops(p, peakSource);
    in.mfu = 0.5; // any valid utilisation: only the FLOP per token are read from the result
    const TrainingTimeResult perToken = trainingTime(in);
    const double tokensPerSecond = p.positive("tokens-per-s");
    const double peak = static_cast<double>(in.gpus) * in.peakTflops * flopsPerTflop;
    const double mfu = perToken.modelFlop * tokensPerSecond / peak;
    const double hfu = perToken.hardwareFlop * tokensPerSecond / peak;
    if (hfu > 1.0)
        throw InputError("tokens-per-s",
                         "implies hardware FLOPs utilisation " + formatNumber(hfu)
                             + " > 1: more than the GPUs' peak");
    std::vector<std::string> assumptions = perToken.assumptions;
    assumptions.pop_back(); // the time line does not apply
    assumptions.push_back("MFU = model FLOP per token x tokens/s / (gpus x peak); HFU the same "
                          "with the recomputed FLOP (ref:chowdhery-2022-palm appendix B)");
    if (!peakSource.empty())
        assumptions.push_back("peak " + formatNumber(in.peakTflops) + " TFLOP/s: " + peakSource);
    nlohmann::json j;
    j["mfu"] = mfu;
    j["hfu"] = hfu;
    j["model_tflop_s_per_gpu"] = mfu * in.peakTflops;
    j["hardware_tflop_s_per_gpu"] = hfu * in.peakTflops;
    if (mfu > mfuWarnAbove)
        j["warnings"] = std::vector<std::string> {
            "MFU " + formatNumber(mfu) + " is above " + formatNumber(mfuWarnAbove)
            + ": published large runs reach 0.38-0.46 (ref:chowdhery-2022-palm; "
              "ref:llama-team-2024-llama3); check the throughput and the peak (dense, not sparse)"
        };
    return withAssumptions(j, assumptions);
}

CalculatorInfo mfuInfo()
{
    return { "mfu",
             "Model and hardware FLOPs utilisation from a measured training throughput",
             { required("params", "", "parameter count N, e.g. 70B"),
               required("tokens-per-s", "tokens/s", "measured training throughput, whole job"),
               required("gpus", "", "number of GPUs"),
               optional("peak-tflop-s", "TFLOP/s", "dense BF16 peak per GPU (or give gpu)"),
               optional("gpu", "", "GPU catalog id instead of peak-tflop-s"),
               oneOf(withDefault("recompute", "",
                                 "activation recomputation: none, selective or full", "none"),
                     { "none", "selective", "full" }),
               optional("seq", "tokens", "sequence length s (attention FLOPs, with hidden)"),
               optional("hidden", "", "hidden size h (attention FLOPs, with seq)") } };
}

} // namespace

std::vector<Entry> trainingEntries()
{
    return {
        { trainingMemoryInfo(), runTrainingMemory },
        { checkpointInfo(), runCheckpoint },
        { checkpointIntervalInfo(), runCheckpointInterval },
        { trainingTimeInfo(), runTrainingTime },
        { mfuInfo(), runMfu },
    };
}

} // namespace cw::calc::detail

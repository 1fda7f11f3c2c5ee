// Registry entries of the training-side calculators: memory, checkpoint, time, KV cache.

#include "calculators/RegistryEntries.h"

#include "calculators/Checkpoint.h"
#include "calculators/GpuPeaks.h"
#include "calculators/InputError.h"
#include "calculators/KvCache.h"
#include "calculators/TrainingMemory.h"
#include "calculators/TrainingTime.h"

namespace cw::calc::detail {

namespace {

// ---- training-memory -------------------------------------------------------------------

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
    in.gpuMemoryGB = p.optionalPositive("gpu-memory-gb");

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
        const std::string recompute = p.choice("recompute");
        shape.recompute = recompute == "full" ? Recompute::Full
            : recompute == "selective"        ? Recompute::Selective
                                              : Recompute::None;
        shape.sequenceParallel = p.boolean("sequence-parallel");
        in.activations = shape;
    } else {
        for (const char *key : { "micro-batch", "recompute", "sequence-parallel" }) {
            if (p.given(key))
                throw InputError(key, "needs layers, hidden, heads and seq (activation memory)");
        }
    }

    const TrainingMemoryResult r = trainingMemory(in);
    nlohmann::json j;
    j["bytes_per_param"] = number(r.bytesPerParam);
    j["model_states_bytes_per_gpu"] = number(r.modelStatesBytesPerGpu);
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
               optional("gpu-memory-gb", "GB", "GPU memory to check against (1 GB = 1e9 B)") } };
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
    in.writeGBps = p.positive("write-gbps");
    in.intervalMinutes = p.positive("interval-min");
    in.stallTarget = p.fraction("stall-target");
    in.gpus = p.optionalWholeNumber("gpus", 1);
    in.async = p.boolean("async");
    in.hostCopyGBps = p.optionalPositive("host-copy-gbps");
    if (in.async && !in.hostCopyGBps)
        throw InputError("host-copy-gbps", "missing; required when async=true (GB/s)");

    CheckpointResult r = checkpoint(in);
    if (!in.async && in.hostCopyGBps)
        r.assumptions.push_back("host-copy-gbps ignored because async=false");
    nlohmann::json j;
    j["checkpoint_bytes"] = number(r.checkpointBytes);
    j["write_seconds"] = r.writeSeconds;
    j["stall_seconds"] = r.stallSeconds;
    j["stall_fraction"] = r.stallFraction;
    j["bandwidth_for_target_gbps"] = r.bandwidthForTargetGBps;
    if (r.idleGpuHoursPerDay)
        j["idle_gpu_hours_per_day"] = *r.idleGpuHoursPerDay;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo checkpointInfo()
{
    return { "checkpoint",
             "Checkpoint size, write time, training stall and bandwidth for a stall target",
             { required("params", "", "parameter count, e.g. 70B"),
               withDefault("weight-bytes", "bytes", "bytes per model weight", "2"),
               withDefault("master-bytes", "bytes", "bytes per fp32 master weight", "4"),
               withDefault("optimizer-bytes", "bytes",
                           "optimizer state bytes per parameter (Adam = 8)", "8"),
               flag("include-gradients", "also save gradients (weight-bytes each): true or false",
                    "false"),
               required("write-gbps", "GB/s", "aggregate storage write bandwidth"),
               required("interval-min", "minutes", "time between checkpoint starts"),
               withDefault("stall-target", "", "acceptable stall fraction, e.g. 0.05", "0.05"),
               optional("gpus", "", "GPUs idled by the stall (for idle GPU-hours)"),
               flag("async", "asynchronous checkpointing: true or false", "false"),
               optional("host-copy-gbps", "GB/s",
                        "device-to-host snapshot bandwidth (required if async)") } };
}

// ---- training-time ---------------------------------------------------------------------

nlohmann::json runTrainingTime(const ParamReader &p, const std::vector<ModelPreset> &)
{
    TrainingTimeInput in;
    in.params = p.positive("params");
    in.tokens = p.positive("tokens");
    in.gpus = p.wholeNumber("gpus", 1);
    in.mfu = p.fraction("mfu");
    std::string peakSource;
    if (p.given("peak-tflops") && p.given("gpu"))
        throw InputError("gpu", "give either 'peak-tflops' or 'gpu', not both");
    if (p.given("gpu")) {
        std::vector<std::string> names;
        for (const GpuPeak &g : gpuPeaks())
            names.push_back(g.name);
        if (names.empty())
            throw InputError("gpu",
                             "no GPU parts are registered (the catalog was not loaded); "
                             "give 'peak-tflops' instead");
        const GpuPeak peak = *findGpuPeak(p.choice("gpu", names));
        in.peakTflops = peak.denseBf16Tflops;
        peakSource = peak.source;
    } else if (p.given("peak-tflops")) {
        in.peakTflops = p.positive("peak-tflops");
    } else {
        throw InputError("peak-tflops",
                         "missing; give 'peak-tflops' (dense BF16 TFLOP/s per GPU) "
                         "or 'gpu' (a GPU name)");
    }

    TrainingTimeResult r = trainingTime(in);
    if (!peakSource.empty())
        r.assumptions.push_back("peak " + formatNumber(in.peakTflops) + " TFLOP/s: " + peakSource);
    nlohmann::json j;
    j["flops"] = r.flops;
    j["seconds"] = r.seconds;
    j["days"] = r.days;
    j["gpu_hours"] = r.gpuHours;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo trainingTimeInfo()
{
    return { "training-time",
             "Training compute 6ND and wall-clock time at a given MFU",
             { required("params", "", "parameter count N, e.g. 70B"),
               required("tokens", "tokens", "training tokens D, e.g. 2T"),
               required("gpus", "", "number of GPUs"),
               optional("peak-tflops", "TFLOP/s", "dense BF16 peak per GPU (or give gpu)"),
               optional("gpu", "",
                        "GPU catalog id instead of peak-tflops (its dense BF16 peak), "
                        "e.g. h100-sxm-80gb"),
               required("mfu", "", "model FLOPs utilisation, fraction, e.g. 0.4") } };
}

// ---- kv-cache --------------------------------------------------------------------------

nlohmann::json runKvCache(const ParamReader &p, const std::vector<ModelPreset> &presets)
{
    KvCacheInput in;
    std::vector<std::string> extra;
    if (const auto modelName = p.optionalText("model")) {
        const auto preset = findModelPreset(presets, *modelName);
        if (!preset) {
            std::string names;
            for (const ModelPreset &m : presets)
                names += (names.empty() ? "" : ", ") + m.name;
            throw InputError("model",
                             "expected one of "
                                 + (names.empty() ? std::string("(no presets loaded)") : names)
                                 + ", got '" + *modelName + "'");
        }
        in.layers = preset->layers;
        in.kvHeads = preset->kvHeads;
        in.headDim = preset->headDim;
        extra.push_back("model " + preset->name + ": " + std::to_string(preset->layers)
                        + " layers, " + std::to_string(preset->kvHeads) + " kv heads, head dim "
                        + std::to_string(preset->headDim) + " (" + preset->source + ")");
        for (const char *key : { "layers", "kv-heads", "head-dim" }) {
            if (p.given(key))
                extra.push_back(std::string(key) + " overrides the preset value");
        }
    }
    const auto shapeValue = [&](const char *key, long long fromPreset) {
        if (p.given(key))
            return p.wholeNumber(key, 1);
        if (fromPreset == 0)
            throw InputError(key, "missing; expected a whole number >= 1 (or give 'model')");
        return fromPreset;
    };
    in.layers = shapeValue("layers", in.layers);
    in.kvHeads = shapeValue("kv-heads", in.kvHeads);
    in.headDim = shapeValue("head-dim", in.headDim);
    in.bytesPerElement = p.positive("bytes-per-element");
    in.tokens = p.wholeNumber("tokens", 1);
    in.batch = p.wholeNumber("batch", 1);

    KvCacheResult r = kvCache(in);
    r.assumptions.insert(r.assumptions.begin(), extra.begin(), extra.end());
    nlohmann::json j;
    j["bytes_per_token"] = number(r.bytesPerToken);
    j["total_bytes"] = number(r.totalBytes);
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo kvCacheInfo()
{
    return { "kv-cache",
             "KV-cache bytes per token and in total for a context and batch",
             { optional("model", "", "model preset name (resources/models), instead of the shape"),
               optional("layers", "", "transformer layers (required unless model)"),
               optional("kv-heads", "", "key/value heads (required unless model)"),
               optional("head-dim", "", "head dimension (required unless model)"),
               withDefault("bytes-per-element", "bytes", "bytes per cached element (fp16/bf16 = 2)",
                           "2"),
               required("tokens", "tokens", "context length held per sequence"),
               withDefault("batch", "", "concurrent sequences", "1") } };
}

} // namespace

std::vector<Entry> trainingEntries()
{
    return {
        { trainingMemoryInfo(), runTrainingMemory },
        { checkpointInfo(), runCheckpoint },
        { trainingTimeInfo(), runTrainingTime },
        { kvCacheInfo(), runKvCache },
    };
}

} // namespace cw::calc::detail

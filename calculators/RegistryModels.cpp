// Registry entries of the model-shape calculators: parameter counts (dense and MoE), KV cache
// and inference memory. Each takes a preset (resources/models) or the shape itself.

#include "calculators/RegistryEntries.h"

#include "calculators/InferenceMemory.h"
#include "calculators/InputError.h"
#include "calculators/KvCache.h"
#include "calculators/ModelParams.h"
#include "calculators/Units.h"

namespace cw::calc::detail {

namespace {

/// The preset named by "model", nullopt when none is given.
std::optional<ModelPreset> presetOf(const ParamReader &p, const std::vector<ModelPreset> &presets,
                                    std::vector<std::string> &assumptions)
{
    const auto modelName = p.optionalText("model");
    if (!modelName)
        return std::nullopt;
    auto preset = findModelPreset(presets, *modelName);
    if (!preset) {
        std::string names;
        for (const ModelPreset &m : presets)
            names += (names.empty() ? "" : ", ") + m.name;
        throw InputError("model",
                         "expected one of "
                             + (names.empty() ? std::string("(no presets loaded)") : names)
                             + ", got '" + *modelName + "'");
    }
    assumptions.push_back("model " + preset->name + ": " + std::to_string(preset->layers)
                          + " layers, hidden " + std::to_string(preset->hidden) + ", "
                          + std::to_string(preset->heads) + " heads, "
                          + std::to_string(preset->kvHeads) + " kv heads, head dim "
                          + std::to_string(preset->headDim) + " (" + preset->source + ")");
    return preset;
}

/// A whole-number shape value: given (overrides the preset, noted), else the preset's.
long long shapeValue(const ParamReader &p, const char *key, long long fromPreset,
                     long long minValue, std::vector<std::string> &assumptions, bool hasPreset)
{
    if (p.given(key)) {
        if (hasPreset)
            assumptions.push_back(std::string(key) + " overrides the preset value");
        return p.wholeNumber(key, minValue);
    }
    if (!hasPreset)
        throw InputError(key,
                         "missing; expected a whole number >= " + std::to_string(minValue)
                             + " (or give 'model')");
    if (fromPreset < minValue)
        throw InputError(key,
                         "missing; the preset does not carry it, give a whole number >= "
                             + std::to_string(minValue));
    return fromPreset;
}

bool shapeFlag(const ParamReader &p, const char *key, bool fromPreset, bool hasPreset)
{
    return p.given(key) || !hasPreset ? p.boolean(key) : fromPreset;
}

ModelShape readModelShape(const ParamReader &p, const std::optional<ModelPreset> &m,
                          std::vector<std::string> &a)
{
    const bool has = m.has_value();
    const ModelPreset preset = m.value_or(ModelPreset {});
    ModelShape s;
    s.layers = shapeValue(p, "layers", preset.layers, 1, a, has);
    s.hidden = shapeValue(p, "hidden", preset.hidden, 1, a, has);
    s.heads = shapeValue(p, "heads", preset.heads, 1, a, has);
    s.kvHeads = p.given("kv-heads") || has ? shapeValue(p, "kv-heads", preset.kvHeads, 1, a, has)
                                           : s.heads;
    s.headDim
        = p.given("head-dim") || has ? shapeValue(p, "head-dim", preset.headDim, 1, a, has) : 0;
    s.ffnHidden = shapeValue(p, "ffn-hidden", preset.ffnHidden, 1, a, has);
    s.vocab = shapeValue(p, "vocab", preset.vocab, 1, a, has);
    s.experts = p.given("experts") || !has ? p.wholeNumber("experts", 1) : preset.experts;
    s.expertsPerToken = p.given("experts-per-token") || !has ? p.wholeNumber("experts-per-token", 1)
                                                             : preset.expertsPerToken;
    s.gatedMlp = shapeFlag(p, "gated-mlp", preset.gatedMlp, has);
    s.tiedEmbeddings = shapeFlag(p, "tied-embeddings", preset.tiedEmbeddings, has);
    return s;
}

std::vector<ParamSpec> shapeParams()
{
    return { optional("model", "", "model preset name (resources/models), instead of the shape"),
             optional("layers", "", "transformer layers (required unless model)"),
             optional("hidden", "", "hidden size d_model (required unless model)"),
             optional("heads", "", "query heads (required unless model)"),
             optional("kv-heads", "", "key/value heads, GQA (default: heads)"),
             optional("head-dim", "", "head dimension (default: hidden / heads)"),
             optional("ffn-hidden", "", "MLP inner size of one expert (required unless model)"),
             optional("vocab", "", "vocabulary size (required unless model)"),
             withDefault("experts", "", "routed experts per layer (1 = dense)", "1"),
             withDefault("experts-per-token", "", "experts a token uses, top-k", "1"),
             flag("gated-mlp", "SwiGLU MLP with three matrices: true or false", "true"),
             flag("tied-embeddings", "output layer shares the input embedding: true or false",
                  "false") };
}

// ---- model-params ----------------------------------------------------------------------

nlohmann::json runModelParams(const ParamReader &p, const std::vector<ModelPreset> &presets)
{
    std::vector<std::string> extra;
    const auto preset = presetOf(p, presets, extra);
    const ModelShape shape = readModelShape(p, preset, extra);
    ModelParamsResult r = modelParams(shape);
    r.assumptions.insert(r.assumptions.begin(), extra.begin(), extra.end());
    const double weightBytes = p.positive("weight-bytes");
    const double trainingBytes = p.positive("training-bytes-per-param");
    nlohmann::json j;
    j["total_params"] = number(r.totalParams);
    j["active_params"] = number(r.activeParams);
    j["embedding_params"] = number(r.embeddingParams);
    j["weights_bytes"] = number(r.totalParams * weightBytes);
    j["training_states_bytes"] = number(r.totalParams * trainingBytes);
    // 2 FLOP per active weight per token forward (ref:kaplan-2020-scaling section 2.1).
    j["forward_flop_per_token"] = number(2.0 * r.activeParams);
    r.assumptions.push_back("weights_bytes = total x " + formatNumber(weightBytes)
                            + " B: every expert is resident; training states x "
                            + formatNumber(trainingBytes)
                            + " B (bf16 weights and gradients + fp32 Adam, "
                              "ref:rajbhandari-2020-zero)");
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo modelParamsInfo()
{
    std::vector<ParamSpec> params = shapeParams();
    params.push_back(withDefault("weight-bytes", "bytes", "bytes per weight (bf16 = 2)", "2"));
    params.push_back(withDefault("training-bytes-per-param", "bytes",
                                 "weights + gradients + optimizer per parameter (2 + 2 + 12)",
                                 "16"));
    return { "model-params",
             "Parameter count from a model shape: total and active (MoE), weights and training "
             "memory",
             params };
}

// ---- kv-cache --------------------------------------------------------------------------

/// The sliding window of a preset, unless given.
void readWindow(const ParamReader &p, const ModelPreset &preset, std::vector<std::string> &a,
                KvCacheInput &in)
{
    in.slidingWindow
        = p.given("sliding-window") ? p.wholeNumber("sliding-window", 0) : preset.slidingWindow;
    if (preset.slidingWindow > 0 && !p.given("sliding-window"))
        a.push_back("sliding window " + std::to_string(preset.slidingWindow)
                    + " tokens from the preset");
    in.windowLayers = p.optionalWholeNumber("window-layers", 0).value_or(-1);
}

/// The KV-cache inputs of a preset or the given shape, window included.
KvCacheInput readKvShape(const ParamReader &p, const std::optional<ModelPreset> &m,
                         std::vector<std::string> &a)
{
    const bool has = m.has_value();
    const ModelPreset preset = m.value_or(ModelPreset {});
    KvCacheInput in;
    in.layers = shapeValue(p, "layers", preset.layers, 1, a, has);
    in.kvHeads = shapeValue(p, "kv-heads", preset.kvHeads, 1, a, has);
    in.headDim = shapeValue(p, "head-dim", preset.headDim, 1, a, has);
    readWindow(p, preset, a, in);
    return in;
}

nlohmann::json runKvCache(const ParamReader &p, const std::vector<ModelPreset> &presets)
{
    std::vector<std::string> extra;
    const auto preset = presetOf(p, presets, extra);
    KvCacheInput in = readKvShape(p, preset, extra);
    in.bytesPerElement = p.positive("bytes-per-element");
    in.tokens = p.wholeNumber("tokens", 1);
    in.batch = p.wholeNumber("batch", 1);
    KvCacheResult r = kvCache(in);
    r.assumptions.insert(r.assumptions.begin(), extra.begin(), extra.end());
    nlohmann::json j;
    j["bytes_per_token"] = number(r.bytesPerToken);
    j["bytes_per_sequence"] = number(r.bytesPerSequence);
    j["total_bytes"] = number(r.totalBytes);
    j["full_context_bytes"] = number(r.fullContextBytes);
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo kvCacheInfo()
{
    return { "kv-cache",
             "KV-cache bytes per token and in total, with GQA and sliding windows",
             { optional("model", "", "model preset name (resources/models), instead of the shape"),
               optional("layers", "", "transformer layers (required unless model)"),
               optional("kv-heads", "", "key/value heads (required unless model)"),
               optional("head-dim", "", "head dimension (required unless model)"),
               optional("sliding-window", "tokens",
                        "attention window, 0 = full attention (default: the preset's)"),
               optional("window-layers", "", "layers using the window (default: all)"),
               withDefault("bytes-per-element", "bytes", "bytes per cached element (fp16/bf16 = 2)",
                           "2"),
               required("tokens", "tokens", "context length held per sequence"),
               withDefault("batch", "", "concurrent sequences", "1") } };
}

// ---- inference-memory ------------------------------------------------------------------

nlohmann::json runInferenceMemory(const ParamReader &p, const std::vector<ModelPreset> &presets)
{
    std::vector<std::string> extra;
    const auto preset = presetOf(p, presets, extra);
    const ModelShape shape = readModelShape(p, preset, extra);
    InferenceMemoryInput in;
    in.params = modelParams(shape).totalParams;
    in.weightBytes = p.positive("weight-bytes");
    in.kv.layers = shape.layers;
    in.kv.kvHeads = shape.kvHeads;
    in.kv.headDim = shape.headDim > 0 ? shape.headDim : shape.hidden / shape.heads;
    readWindow(p, preset.value_or(ModelPreset {}), extra, in.kv);
    in.kv.bytesPerElement = p.positive("kv-bytes");
    in.kv.tokens = p.wholeNumber("context-tokens", 1);
    in.hidden = shape.hidden;
    in.ffnHidden = shape.ffnHidden;
    in.vocab = shape.vocab;
    in.gatedMlp = shape.gatedMlp;
    in.gpus = p.wholeNumber("gpus", 1);
    in.gpuMemoryBytes = p.positive("gpu-memory-gbyte") * bytesPerGB;
    in.memoryUtilization = p.fraction("memory-utilization");
    in.batchedTokens = p.wholeNumber("batched-tokens", 1);
    in.sequences = p.optionalWholeNumber("sequences", 1);
    InferenceMemoryResult r = inferenceMemory(in);
    r.assumptions.insert(r.assumptions.begin(), extra.begin(), extra.end());
    nlohmann::json j;
    j["params"] = number(in.params);
    j["weight_bytes_per_gpu"] = number(r.weightBytesPerGpu);
    j["kv_bytes_per_sequence_per_gpu"] = number(r.kvBytesPerSequencePerGpu);
    j["workspace_bytes_per_gpu"] = number(r.workspaceBytesPerGpu);
    j["kv_budget_bytes_per_gpu"] = number(r.kvBudgetBytesPerGpu);
    j["max_sequences"] = r.maxSequences;
    // A GPU budget serves whole replicas of `gpus` tensor-parallel GPUs each.
    if (const auto budget = p.optionalWholeNumber("total-gpus", 1)) {
        const long long replicas = *budget / in.gpus;
        if (replicas < 1)
            throw InputError("total-gpus",
                             "expected at least gpus (" + std::to_string(in.gpus)
                                 + ") for one replica, got " + std::to_string(*budget));
        j["replicas"] = replicas;
        j["max_sequences_total"] = replicas * r.maxSequences;
        r.assumptions.push_back(std::to_string(replicas) + " replicas of " + std::to_string(in.gpus)
                                + " GPUs in a budget of " + std::to_string(*budget)
                                + "; sequences do not span replicas");
    }
    if (r.totalBytesPerGpu)
        j["total_bytes_per_gpu"] = number(*r.totalBytesPerGpu);
    if (r.fits)
        j["fits"] = *r.fits;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo inferenceMemoryInfo()
{
    std::vector<ParamSpec> params = shapeParams();
    for (const ParamSpec &spec :
         { optional("sliding-window", "tokens",
                    "attention window, 0 = full attention (default: the preset's)"),
           optional("window-layers", "", "layers using the window (default: all)"),
           withDefault("weight-bytes", "bytes", "bytes per weight (bf16 = 2, fp8 = 1)", "2"),
           withDefault("kv-bytes", "bytes", "bytes per cached K/V element", "2"),
           required("context-tokens", "tokens", "context length of each sequence"),
           withDefault("gpus", "", "tensor-parallel GPUs holding one replica", "1"),
           optional("total-gpus", "",
                    "GPU budget: whole replicas of gpus each (max_sequences_total)"),
           required("gpu-memory-gbyte", "GB", "memory per GPU (1 GB = 1e9 B)"),
           withDefault("memory-utilization", "", "share of GPU memory the server uses", "0.9"),
           withDefault("batched-tokens", "tokens", "tokens of one forward pass (workspace)",
                       "8192"),
           optional("sequences", "", "concurrent sequences to check (fits)") })
        params.push_back(spec);
    return { "inference-memory",
             "Serving memory per GPU (weights + KV cache + workspace) and the most concurrent "
             "sequences",
             params };
}

} // namespace

std::vector<Entry> modelEntries()
{
    return {
        { modelParamsInfo(), runModelParams },
        { kvCacheInfo(), runKvCache },
        { inferenceMemoryInfo(), runInferenceMemory },
    };
}

} // namespace cw::calc::detail

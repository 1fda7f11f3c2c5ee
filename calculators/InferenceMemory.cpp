#include "calculators/InferenceMemory.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

#include <cmath>

namespace cw::calc {

namespace {

constexpr double logitBytes = 4.0; // fp32 logits before sampling

/// Transient activations of one forward pass over T tokens on one GPU: the residual stream,
/// the attention input and output and the norm output (4 h), the MLP intermediate (2 f/t for
/// SwiGLU's gate and up, f/t otherwise) and fp32 logits of up to T sampled positions (V/t).
double workspaceBytes(const InferenceMemoryInput &in)
{
    const double t = static_cast<double>(in.gpus);
    const double perToken = 4.0 * static_cast<double>(in.hidden) * in.activationBytes
        + (in.gatedMlp ? 2.0 : 1.0) * static_cast<double>(in.ffnHidden) / t * in.activationBytes
        + static_cast<double>(in.vocab) / t * logitBytes;
    return static_cast<double>(in.batchedTokens) * perToken;
}

} // namespace

InferenceMemoryResult inferenceMemory(const InferenceMemoryInput &in)
{
    requirePositive("params", in.params);
    requirePositive("weight-bytes", in.weightBytes);
    requireAtLeast("hidden", in.hidden, 1);
    requireAtLeast("ffn-hidden", in.ffnHidden, 1);
    requireAtLeast("vocab", in.vocab, 1);
    requireAtLeast("gpus", in.gpus, 1);
    requirePositive("gpu-memory-gbyte", in.gpuMemoryBytes);
    if (in.memoryUtilization <= 0 || in.memoryUtilization > 1)
        throw InputError("memory-utilization",
                         "expected a fraction > 0 and <= 1, got "
                             + formatNumber(in.memoryUtilization));
    requireAtLeast("batched-tokens", in.batchedTokens, 1);

    // KV heads split over the tensor-parallel GPUs; with more GPUs than KV heads each GPU
    // keeps a replica of one head (as vLLM does, ref:kwon-2023-vllm).
    KvCacheInput kvPerGpu = in.kv;
    kvPerGpu.kvHeads = (in.kv.kvHeads + in.gpus - 1) / in.gpus;
    kvPerGpu.batch = 1;
    const KvCacheResult kv = kvCache(kvPerGpu);

    InferenceMemoryResult r;
    r.weightBytesPerGpu = in.params * in.weightBytes / static_cast<double>(in.gpus);
    r.workspaceBytesPerGpu = workspaceBytes(in);
    r.kvBytesPerSequencePerGpu = kv.bytesPerSequence;
    const double usable = in.gpuMemoryBytes * in.memoryUtilization;
    r.kvBudgetBytesPerGpu = usable - r.weightBytesPerGpu - r.workspaceBytesPerGpu;
    if (r.kvBudgetBytesPerGpu <= 0)
        throw InputError("gpus",
                         "the weights (" + formatNumber(r.weightBytesPerGpu / bytesPerGB)
                             + " GB per GPU) and workspace leave no memory for the KV cache in "
                             + formatNumber(usable / bytesPerGB)
                             + " GB usable per GPU; use more GPUs or fewer weight bytes");
    r.maxSequences
        = static_cast<long long>(std::floor(r.kvBudgetBytesPerGpu / kv.bytesPerSequence));
    if (in.sequences) {
        requireAtLeast("sequences", *in.sequences, 1);
        r.totalBytesPerGpu = r.weightBytesPerGpu + r.workspaceBytesPerGpu
            + kv.bytesPerSequence * static_cast<double>(*in.sequences);
        r.fits = *r.totalBytesPerGpu <= usable;
    }

    r.assumptions.push_back("weights " + formatNumber(in.params) + " x "
                            + formatNumber(in.weightBytes) + " B split evenly over "
                            + std::to_string(in.gpus) + " tensor-parallel GPUs");
    for (const std::string &a : kv.assumptions)
        r.assumptions.push_back("KV cache: " + a);
    r.assumptions.push_back("KV heads per GPU = ceil(kv_heads / gpus) = "
                            + std::to_string(kvPerGpu.kvHeads)
                            + " (replicated when gpus > kv_heads, ref:kwon-2023-vllm)");
    r.assumptions.push_back(
        "activation workspace of one forward pass over " + std::to_string(in.batchedTokens)
        + " batched tokens: 4 h + " + std::string(in.gatedMlp ? "2" : "1")
        + " ffn/gpus activations and vocab/gpus fp32 logits per token (an estimate)");
    r.assumptions.push_back(
        "usable memory = " + formatNumber(in.memoryUtilization)
        + " x GPU memory (vLLM's default gpu_memory_utilization, ref:vllm-engine-args); "
          "CUDA context and graphs fit in the rest");
    r.assumptions.push_back("max sequences hold the full context each; paged allocation "
                            "wastes under 4 % (ref:kwon-2023-vllm)");
    return r;
}

} // namespace cw::calc

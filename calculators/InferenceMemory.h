#pragma once

#include "calculators/KvCache.h"

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of inferenceMemory(): one model replica served over `gpus` tensor-parallel GPUs.
struct InferenceMemoryInput
{
    double params = 0.0; // total weights (all experts of an MoE)
    double weightBytes = 2.0; // bf16 = 2, fp8 = 1
    KvCacheInput kv; // layers, kv heads, head dim, kv bytes, context `tokens`, window
    long long hidden = 0;
    long long ffnHidden = 0;
    long long vocab = 0;
    bool gatedMlp = true;
    long long gpus = 1; // tensor-parallel degree of the replica
    double gpuMemoryBytes = 0.0; // per GPU
    double memoryUtilization = 0.9; // share of GPU memory the server may use
    double activationBytes = 2.0;
    long long batchedTokens = 8192; // tokens of one forward pass (prefill chunk)
    std::optional<long long> sequences; // concurrent sequences to check
};

struct InferenceMemoryResult
{
    double weightBytesPerGpu = 0.0;
    double workspaceBytesPerGpu = 0.0;
    double kvBytesPerSequencePerGpu = 0.0;
    double kvBudgetBytesPerGpu = 0.0; // usable memory left for the KV cache
    long long maxSequences = 0; // at the full context
    std::optional<double> totalBytesPerGpu; // with `sequences`
    std::optional<bool> fits;
    std::vector<std::string> assumptions;
};

/// Weights + KV cache + activation workspace per GPU, and how many sequences of the full
/// context fit. Throws InputError on out-of-domain input or when the weights alone do not fit.
InferenceMemoryResult inferenceMemory(const InferenceMemoryInput &input);

} // namespace cw::calc

#pragma once

#include "calculators/PipelineSchedule.h"

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Activation recomputation strategy (ref:korthikanti-2022 section 5).
enum class Recompute { None, Selective, Full };

/// Transformer shape for the activation estimate; all fields are required together.
struct ActivationShape
{
    long long layers = 0;
    long long hidden = 0; // h
    long long heads = 0; // a
    long long seqLength = 0; // s, tokens
    long long microBatch = 1; // b
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
};

/// Inputs of trainingMemory(). Byte counts are per parameter (mixed-precision Adam defaults).
struct TrainingMemoryInput
{
    double params = 0.0; // Psi
    double weightBytes = 2.0; // fp16/bf16 weights
    double gradBytes = 2.0; // fp16/bf16 gradients
    double optimizerBytes
        = 12.0; // K: fp32 master + momentum + variance (ref:rajbhandari-2020-zero)
    int zeroStage = 0; // 0..3
    long long dp = 1; // Nd
    long long tp = 1;
    long long pp = 1;
    std::optional<ActivationShape> activations;
    /// Schedule and micro-batch count; pp above is the schedule's p.
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    long long microBatches = 0; // per step and pipeline; 0 = not given (assumed >= the peak)
    long long virtualStages = 1;
    std::optional<double> gpuMemoryGB; // GB = 1e9 bytes
};

/// Per-GPU memory for training one model replica slice.
struct TrainingMemoryResult
{
    double bytesPerParam = 0.0; // weight + grad + optimizer bytes
    double modelStatesBytesPerGpu = 0.0;
    double activationBytesPerGpu = 0.0; // peak on the first stage; 0 when no shape given
    double activationBytesPerMicroBatch = 0.0; // one micro-batch on the stage's layers
    double inFlightMicroBatches = 0.0; // the schedule's peak multiplier
    double totalBytesPerGpu = 0.0;
    std::optional<bool> fits; // only with gpuMemoryGB
    std::vector<std::string> assumptions;
};

/// Activation bytes of ONE transformer layer for one micro-batch (ref:korthikanti-2022).
double activationBytesPerLayer(const ActivationShape &shape, long long tp);

/// ZeRO model states + Korthikanti activations at the pipeline schedule's peak. Throws InputError
/// on out-of-domain input.
TrainingMemoryResult trainingMemory(const TrainingMemoryInput &input);

} // namespace cw::calc

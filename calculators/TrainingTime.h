#pragma once

#include "calculators/TrainingMemory.h"

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of trainingTime(): dense transformer training compute on a GPU cluster.
struct TrainingTimeInput
{
    double params = 0.0; // N
    double tokens = 0.0; // D
    long long gpus = 0;
    double peakTflops = 0.0; // dense BF16 TFLOP/s per GPU
    /// Exactly one of the two utilisations: model FLOPs (6ND-based, ref:chowdhery-2022-palm)
    /// or hardware FLOPs (counting recomputation, as Megatron-LM reports its runs).
    std::optional<double> mfu;
    std::optional<double> hfu;
    Recompute recompute = Recompute::None;
    /// Sequence length and hidden size for the attention terms; both or neither.
    long long seqLength = 0;
    long long hidden = 0;
};

/// Training compute and wall-clock time.
struct TrainingTimeResult
{
    double modelFlop = 0.0; // 6ND (+ attention)
    double hardwareFlop = 0.0; // with the recomputed forward passes
    double mfu = 0.0;
    double hfu = 0.0;
    double seconds = 0.0;
    double days = 0.0;
    double gpuHours = 0.0;
    std::vector<std::string> assumptions;
    std::vector<std::string> warnings; // utilisation outside the published band
};

/// Largest MFU published for a large run (PaLM 540B 46.2 %, ref:chowdhery-2022-palm Table 3)
/// plus headroom; above it trainingTime() warns.
inline constexpr double mfuWarnAbove = 0.6;

/// Training compute and wall-clock time. Throws InputError on out-of-domain input, and when
/// the hardware utilisation the inputs imply exceeds 1.
TrainingTimeResult trainingTime(const TrainingTimeInput &input);

} // namespace cw::calc

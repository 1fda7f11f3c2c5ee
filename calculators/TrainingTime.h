#pragma once

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
    double mfu = 0.0; // model FLOPs utilisation, 0 < mfu <= 1
};

/// Training compute and wall-clock time.
struct TrainingTimeResult
{
    double flops = 0.0;
    double seconds = 0.0;
    double days = 0.0;
    double gpuHours = 0.0;
    std::vector<std::string> assumptions;
};

/// 6ND training compute and wall-clock time. Throws InputError on out-of-domain input.
TrainingTimeResult trainingTime(const TrainingTimeInput &input);

} // namespace cw::calc

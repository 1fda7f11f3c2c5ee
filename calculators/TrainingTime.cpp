#include "calculators/TrainingTime.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

namespace {
// Kaplan et al. 2020, "Scaling Laws for Neural Language Models", §2.1: C ~ 6ND
// (2ND forward + 4ND backward); also used by Hoffmann et al. 2022 (Chinchilla).
constexpr double flopsPerParamPerToken = 6.0;
} // namespace

TrainingTimeResult trainingTime(const TrainingTimeInput &input)
{
    requirePositive("params", input.params);
    requirePositive("tokens", input.tokens);
    requireAtLeast("gpus", input.gpus, 1);
    requirePositive("peak-tflops", input.peakTflops);
    if (input.mfu <= 0.0 || input.mfu > 1.0)
        throw InputError("mfu", "expected a fraction > 0 and <= 1, got " + formatNumber(input.mfu));

    TrainingTimeResult r;
    r.flops = flopsPerParamPerToken * input.params * input.tokens;
    const double clusterFlopsPerSecond
        = static_cast<double>(input.gpus) * input.peakTflops * flopsPerTflop * input.mfu;
    r.seconds = r.flops / clusterFlopsPerSecond;
    r.days = r.seconds / secondsPerDay;
    r.gpuHours = static_cast<double>(input.gpus) * r.seconds / secondsPerHour;

    r.assumptions.push_back(
        "training compute C = 6 N D (Kaplan et al. 2020; Hoffmann et al. 2022)");
    r.assumptions.push_back(
        "context-dependent attention FLOPs (Kaplan Table 1: 2 n_layer n_ctx d_attn per token, "
        "forward) and activation recomputation are not counted");
    r.assumptions.push_back("time = C / (gpus x peak x MFU) at " + formatNumber(input.peakTflops)
                            + " dense TFLOP/s per GPU; no restarts, checkpoint stalls or failures");
    return r;
}

} // namespace cw::calc

#include "calculators/TrainingTime.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

namespace {

// ref:kaplan-2020-scaling section 2.1: C ~ 6ND (2ND forward + 4ND backward); also used by
// ref:hoffmann-2022-chinchilla.
constexpr double forwardFlopsPerParamToken = 2.0;
constexpr double modelPasses = 3.0; // forward + backward (twice the forward)

/// FLOP per parameter and token: model (6, plus attention) and hardware (with recompute).
/// ref:korthikanti-2022 section 6 and ref:narayanan-2021-megatron eq. 3, per layer and token
/// with s/h the attention term: model 72 B s l h^2 (1 + s/(6h)) = 6 N D (1 + s/(6h));
/// selective recomputation re-runs the attention core, 1 + s/(3h); full recomputation
/// re-runs the whole forward, 96 B s l h^2 (1 + s/(6h)) = 8 N D (1 + s/(6h)).
struct FlopFactors
{
    double model = 6.0;
    double hardware = 6.0;
};

FlopFactors flopFactors(Recompute recompute, double seqOverHidden)
{
    const double attention = 1.0 + seqOverHidden / 6.0;
    FlopFactors f;
    f.model = forwardFlopsPerParamToken * modelPasses * attention;
    switch (recompute) {
    case Recompute::None:
        f.hardware = f.model;
        break;
    case Recompute::Selective:
        f.hardware = forwardFlopsPerParamToken * modelPasses * (1.0 + seqOverHidden / 3.0);
        break;
    case Recompute::Full:
        f.hardware = forwardFlopsPerParamToken * (modelPasses + 1.0) * attention;
        break;
    }
    return f;
}

void checkInputs(const TrainingTimeInput &in)
{
    requirePositive("params", in.params);
    requirePositive("tokens", in.tokens);
    requireAtLeast("gpus", in.gpus, 1);
    requirePositive("peak-tflop-s", in.peakTflops);
    if (in.mfu.has_value() == in.hfu.has_value())
        throw InputError(in.mfu ? "hfu" : "mfu",
                         "give exactly one of 'mfu' (model FLOPs utilisation, 6ND) and 'hfu' "
                         "(hardware FLOPs utilisation, counting recomputation)");
    const char *key = in.mfu ? "mfu" : "hfu";
    const double u = in.mfu ? *in.mfu : *in.hfu;
    if (u <= 0.0 || u > 1.0)
        throw InputError(key, "expected a fraction > 0 and <= 1, got " + formatNumber(u));
    if ((in.seqLength > 0) != (in.hidden > 0))
        throw InputError(in.seqLength > 0 ? "hidden" : "seq",
                         "missing; seq and hidden are needed together for the attention FLOPs");
}

} // namespace

TrainingTimeResult trainingTime(const TrainingTimeInput &in)
{
    checkInputs(in);
    const double seqOverHidden
        = in.hidden > 0 ? static_cast<double>(in.seqLength) / static_cast<double>(in.hidden) : 0.0;
    const FlopFactors f = flopFactors(in.recompute, seqOverHidden);
    TrainingTimeResult r;
    r.modelFlop = f.model * in.params * in.tokens;
    r.hardwareFlop = f.hardware * in.params * in.tokens;
    r.mfu = in.mfu ? *in.mfu : *in.hfu * f.model / f.hardware;
    r.hfu = in.hfu ? *in.hfu : *in.mfu * f.hardware / f.model;
    if (r.hfu > 1.0)
        throw InputError("mfu",
                         "MFU " + formatNumber(r.mfu)
                             + " with this recomputation needs "
                               "hardware FLOPs utilisation "
                             + formatNumber(r.hfu) + " > 1: impossible");
    const double peakFlopsPerSecond = static_cast<double>(in.gpus) * in.peakTflops * flopsPerTflop;
    r.seconds = r.hardwareFlop / (peakFlopsPerSecond * r.hfu);
    r.days = r.seconds / secondsPerDay;
    r.gpuHours = static_cast<double>(in.gpus) * r.seconds / secondsPerHour;

    const char *mode = in.recompute == Recompute::Full ? "full recomputation: 8 N D"
        : in.recompute == Recompute::Selective ? "selective recomputation: 6 N D (1 + s/(3h))"
                                               : "no recomputation: hardware = model FLOPs";
    r.assumptions.push_back("model compute C = 6 N D (ref:kaplan-2020-scaling; "
                            "ref:hoffmann-2022-chinchilla)"
                            + std::string(in.hidden > 0 ? " x (1 + s/(6h)) for attention" : ""));
    r.assumptions.push_back(
        std::string("hardware compute with ") + mode
        + " (ref:narayanan-2021-megatron eq. 3; ref:korthikanti-2022 section 6)");
    if (in.hidden == 0)
        r.assumptions.push_back("attention FLOPs (s/(6h) of the total) not counted: give seq and "
                                "hidden to include them");
    r.assumptions.push_back("time = hardware FLOP / (gpus x " + formatNumber(in.peakTflops)
                            + " dense TFLOP/s x HFU); MFU = HFU x model/hardware FLOP "
                              "(ref:chowdhery-2022-palm appendix B); no restarts, checkpoint "
                              "stalls or failures");
    if (r.mfu > mfuWarnAbove)
        r.warnings.push_back(
            "MFU " + formatNumber(r.mfu) + " is above " + formatNumber(mfuWarnAbove)
            + ": published large runs reach 0.38-0.46 (PaLM 46.2 %, ref:chowdhery-2022-palm; "
              "Llama 3 405B 38-43 %, ref:llama-team-2024-llama3) and Megatron-LM 52 % of peak "
              "hardware FLOP/s (ref:narayanan-2021-megatron); check that mfu is not a hardware "
              "utilisation or a peak with sparsity");
    return r;
}

} // namespace cw::calc

#include "calculators/PipelineSchedule.h"

#include "calculators/InputError.h"

#include <algorithm>

namespace cw::calc {

namespace {

/// m when given, else "as many as the schedule can hold": the usual case, m >= p.
double capped(long long microBatches, double limit)
{
    return microBatches > 0 ? std::min(static_cast<double>(microBatches), limit) : limit;
}

} // namespace

double peakInFlightMicroBatches(const PipelineShape &shape)
{
    requireAtLeast("pp", shape.pp, 1);
    requireAtLeast("micro-batches", shape.microBatches, 0);
    requireAtLeast("virtual-stages", shape.virtualStages, 1);
    const double p = static_cast<double>(shape.pp);
    if (shape.schedule == PipelineSchedule::Interleaved) {
        if (shape.virtualStages < 2)
            throw InputError("virtual-stages",
                             "expected >= 2 model chunks per device for the interleaved "
                             "schedule, got "
                                 + std::to_string(shape.virtualStages));
        // Megatron-LM runs the interleaved schedule only when m is a multiple of p
        // (ref:narayanan-2021-megatron, section 2.2.2).
        if (shape.microBatches > 0 && shape.microBatches % shape.pp != 0)
            throw InputError("micro-batches",
                             "expected a multiple of pp (" + std::to_string(shape.pp)
                                 + ") for the interleaved schedule, got "
                                 + std::to_string(shape.microBatches));
    }
    if (shape.pp == 1)
        return 1.0; // no pipeline: each micro-batch's activations are freed by its backward
    switch (shape.schedule) {
    case PipelineSchedule::GPipe:
        // All m forwards run before the first backward (ref:huang-2019-gpipe).
        if (shape.microBatches <= 0)
            throw InputError("micro-batches", "missing; GPipe holds all m micro-batches, give m");
        return static_cast<double>(shape.microBatches);
    case PipelineSchedule::OneFOneB:
    case PipelineSchedule::ZeroBubbleH1:
        // 1F1B: stage 1 runs p warm-up forwards before its first backward, so it holds p
        // micro-batches (ref:narayanan-2019-pipedream; ref:korthikanti-2022 section 4.2.3).
        // ZB-H1 keeps 1F1B's peak of p (ref:qi-2024-zero-bubble, Table 2: p M_B).
        return capped(shape.microBatches, p);
    case PipelineSchedule::ZeroBubbleH2:
        // ZB-H2 fills the bubble with 2p - 1 warm-up forwards (ref:qi-2024-zero-bubble,
        // Table 2: (2p - 1) M_B).
        return capped(shape.microBatches, 2.0 * p - 1.0);
    case PipelineSchedule::Interleaved:
        // The first stage holds activations of L (1 + (p-1)/(p v)) layers
        // (ref:korthikanti-2022 section 4.2.3): in units of one micro-batch on L/p layers,
        // p + (p-1)/v.
        return p + (p - 1.0) / static_cast<double>(shape.virtualStages);
    }
    return p;
}

std::string scheduleName(PipelineSchedule schedule)
{
    switch (schedule) {
    case PipelineSchedule::OneFOneB:
        return "1f1b";
    case PipelineSchedule::Interleaved:
        return "interleaved";
    case PipelineSchedule::GPipe:
        return "gpipe";
    case PipelineSchedule::ZeroBubbleH1:
        return "zb-h1";
    case PipelineSchedule::ZeroBubbleH2:
        return "zb-h2";
    }
    return "1f1b";
}

std::string describeSchedule(const PipelineShape &shape, double inFlight)
{
    if (shape.pp == 1)
        return "no pipeline (pp = 1): one micro-batch's activations at a time";
    std::string why;
    switch (shape.schedule) {
    case PipelineSchedule::GPipe:
        why = "GPipe holds all m micro-batches (ref:huang-2019-gpipe)";
        break;
    case PipelineSchedule::OneFOneB:
        why = "1F1B: the first stage holds min(p, m) micro-batches "
              "(ref:narayanan-2019-pipedream; ref:korthikanti-2022 section 4.2.3)";
        break;
    case PipelineSchedule::ZeroBubbleH1:
        why = "ZB-H1 keeps 1F1B's peak of min(p, m) (ref:qi-2024-zero-bubble Table 2)";
        break;
    case PipelineSchedule::ZeroBubbleH2:
        why = "ZB-H2 holds min(2p - 1, m) (ref:qi-2024-zero-bubble Table 2)";
        break;
    case PipelineSchedule::Interleaved:
        why = "interleaved with v = " + std::to_string(shape.virtualStages)
            + " chunks: p + (p - 1)/v (ref:korthikanti-2022 section 4.2.3)";
        break;
    }
    std::string m = shape.microBatches > 0 ? std::to_string(shape.microBatches)
                                           : std::string("not given, assumed >= the peak");
    return "pipeline schedule " + scheduleName(shape.schedule) + ", p = " + std::to_string(shape.pp)
        + ", m = " + m + ": the first stage holds " + formatNumber(inFlight)
        + " micro-batches of activations; " + why;
}

} // namespace cw::calc

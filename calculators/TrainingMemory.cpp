#include "calculators/TrainingMemory.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

double activationBytesPerLayer(const ActivationShape &shape, long long tp)
{
    // ref:korthikanti-2022, section 4 and Table 2, bytes per layer with 16-bit activations and
    // 1-byte dropout masks:
    //   no parallelism               sbh (34 + 5as/h)
    //   tensor parallel              sbh (10 + 24/t + 5as/(ht))
    //   tensor + sequence parallel   sbh (34/t + 5as/(ht))
    // Selective recomputation (section 5) drops the attention-core term 5as/(ht);
    // full recomputation keeps only the layer input, 2sbh.
    const double s = static_cast<double>(shape.seqLength);
    const double b = static_cast<double>(shape.microBatch);
    const double h = static_cast<double>(shape.hidden);
    const double a = static_cast<double>(shape.heads);
    const double t = static_cast<double>(tp);
    const double sbh = s * b * h;

    if (shape.recompute == Recompute::Full)
        return 2.0 * sbh;

    // With t = 1 both parallel forms reduce to the no-parallelism form, so one expression covers
    // all three.
    const double linearTerm = shape.sequenceParallel ? 34.0 / t : 10.0 + 24.0 / t;
    const double attentionTerm
        = shape.recompute == Recompute::Selective ? 0.0 : 5.0 * a * s / (h * t);
    return sbh * (linearTerm + attentionTerm);
}

TrainingMemoryResult trainingMemory(const TrainingMemoryInput &input)
{
    requirePositive("params", input.params);
    requirePositive("weight-bytes", input.weightBytes);
    requireNonNegative("grad-bytes", input.gradBytes);
    requireNonNegative("optimizer-bytes", input.optimizerBytes);
    requireRange("zero", input.zeroStage, 0, 3);
    requireAtLeast("dp", input.dp, 1);
    requireAtLeast("tp", input.tp, 1);
    requireAtLeast("pp", input.pp, 1);
    if (input.gpuMemoryGB)
        requirePositive("gpu-memory-gbyte", *input.gpuMemoryGB);

    TrainingMemoryResult r;
    const double modelParallel = static_cast<double>(input.tp * input.pp);
    // Parameters held by one model-parallel rank; ZeRO then partitions across Nd = dp.
    const double psi = input.params / modelParallel;
    const double nd = static_cast<double>(input.dp);
    const double w = input.weightBytes;
    const double g = input.gradBytes;
    const double k = input.optimizerBytes;
    r.bytesPerParam = w + g + k;

    // ref:rajbhandari-2020-zero, section 5.1 and Figure 1 (with w = g = 2 bytes): P_os 2Ψ+2Ψ+KΨ/Nd,
    // P_os+g 2Ψ+(2+K)Ψ/Nd, P_os+g+p (2+2+K)Ψ/Nd. Here the 2s are the configurable weight/grad byte
    // counts.
    switch (input.zeroStage) {
    case 0:
        r.modelStatesBytesPerGpu = (w + g + k) * psi;
        break;
    case 1:
        r.modelStatesBytesPerGpu = (w + g) * psi + k * psi / nd;
        break;
    case 2:
        r.modelStatesBytesPerGpu = w * psi + (g + k) * psi / nd;
        break;
    default:
        r.modelStatesBytesPerGpu = (w + g + k) * psi / nd;
        break;
    }

    r.assumptions.push_back("model states use ZeRO (ref:rajbhandari-2020-zero) stage "
                            + std::to_string(input.zeroStage) + " with " + formatNumber(w)
                            + " B weights, " + formatNumber(g) + " B gradients, " + formatNumber(k)
                            + " B optimizer state per parameter");
    r.assumptions.push_back(
        "parameters are first split evenly over tp x pp = " + formatNumber(modelParallel)
        + " model-parallel ranks, then ZeRO partitions over dp = " + std::to_string(input.dp)
        + " (embedding/unbalanced stages ignored)");
    r.assumptions.push_back("excludes CUDA context, framework workspace, communication buffers "
                            "and memory fragmentation");

    if (input.activations) {
        const ActivationShape &a = *input.activations;
        requireAtLeast("layers", a.layers, 1);
        requireAtLeast("hidden", a.hidden, 1);
        requireAtLeast("heads", a.heads, 1);
        requireAtLeast("seq", a.seqLength, 1);
        requireAtLeast("micro-batch", a.microBatch, 1);
        if (a.hidden % a.heads != 0)
            throw InputError("heads",
                             "expected a divisor of hidden (" + std::to_string(a.hidden) + "), got "
                                 + std::to_string(a.heads));
        const double layersPerStage = static_cast<double>(a.layers) / static_cast<double>(input.pp);
        r.activationBytesPerMicroBatch = activationBytesPerLayer(a, input.tp) * layersPerStage;
        const PipelineShape pipeline { input.pp, input.microBatches, input.virtualStages,
                                       input.schedule };
        r.inFlightMicroBatches = peakInFlightMicroBatches(pipeline);
        r.activationBytesPerGpu = r.activationBytesPerMicroBatch * r.inFlightMicroBatches;
        if (a.recompute == Recompute::Full) {
            // The backward pass re-runs one layer's forward for one micro-batch at a time, so
            // that layer's full activations are live on top of the stored inputs.
            ActivationShape working = a;
            working.recompute = Recompute::None;
            r.activationBytesPerGpu += activationBytesPerLayer(working, input.tp);
            r.assumptions.push_back("full recomputation: plus one layer's activations of one "
                                    "micro-batch, re-materialised during its backward");
        }
        const char *mode = a.recompute == Recompute::Full ? "full recomputation (2sbh per layer)"
            : a.recompute == Recompute::Selective ? "selective recomputation (5as/h term removed)"
                                                  : "no recomputation";
        r.assumptions.push_back(std::string("activations per ref:korthikanti-2022 with ") + mode
                                + (a.sequenceParallel ? ", sequence parallel" : "")
                                + ", 16-bit activations, micro-batch b = "
                                + std::to_string(a.microBatch)
                                + " on layers/pp = " + formatNumber(layersPerStage) + " layers");
        r.assumptions.push_back(describeSchedule(pipeline, r.inFlightMicroBatches));
        r.assumptions.push_back("the first stage's embedding and the last stage's output layer "
                                "activations are not counted (ref:korthikanti-2022 section 4.3)");
    } else {
        r.assumptions.push_back(
            "activation memory not included (no layers/hidden/heads/seq given)");
    }

    r.totalBytesPerGpu = r.modelStatesBytesPerGpu + r.activationBytesPerGpu;
    if (input.gpuMemoryGB) {
        r.fits = r.totalBytesPerGpu <= *input.gpuMemoryGB * bytesPerGB;
        r.assumptions.push_back(
            "gpu-memory-gbyte is decimal (1 GB = 1e9 B); vendor HBM sizes such "
            "as \"80 GB\" are usually binary (GiB), so give usable bytes / 1e9");
    }
    return r;
}

} // namespace cw::calc

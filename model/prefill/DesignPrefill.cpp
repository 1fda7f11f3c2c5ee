#include "model/prefill/DesignPrefill.h"

#include "calculators/Collective.h"
#include "calculators/InputError.h"
#include "calculators/ParamParser.h"
#include "calculators/Units.h"
#include "model/catalog/Part.h"
#include "model/core/Enums.h"

#include <cmath>

namespace cw::calc {

namespace {

// Mixed-precision training keeps bf16 gradients (ref:rajbhandari-2020-zero: 2 bytes per
// parameter); an all-reduce of the gradients moves that buffer.
constexpr double gradientBytesPerParam = 2.0;

// Llama 3 405B pre-training: 419 unexpected interruptions in 54 days on 16,384 H100 GPUs
// (ref:llama-team-2024-llama3 section 3.3.4, Table 5): one GPU's share of the job's failure
// rate is 16384 x 54 x 24 h / 419 = 50,677 h.
constexpr double gpuMtbfHours = 16384.0 * 54.0 * 24.0 / 419.0;

/// Collects the prefills of one calculator, skipping keys the user gave.
class Filler
{
public:
    Filler(const std::map<std::string, std::string> &given, Prefill &out)
        : m_given(given)
        , m_out(out)
    { }

    bool given(const std::string &key) const { return m_given.contains(key); }

    void text(const std::string &key, const std::string &value, const std::string &source)
    {
        if (!given(key))
            m_out.inputs.push_back({ key, value, source });
    }
    void number(const std::string &key, double value, const std::string &source)
    {
        text(key, formatNumber(value), source);
    }
    /// A value the design does not give: assumed, with the reason and its published source.
    void assumed(const std::string &key, const std::string &value, const std::string &why)
    {
        if (!given(key))
            m_out.inputs.push_back({ key, value, why, true });
    }
    void note(const std::string &text) { m_out.notes.push_back(text); }

    /// The user's number for `key`, else `fallback` (also when the text does not parse: the
    /// calculator reports that, not the prefill).
    double givenNumber(const std::string &key, double fallback) const
    {
        const auto it = m_given.find(key);
        if (it == m_given.end())
            return fallback;
        return parseNumber(it->second).value_or(fallback);
    }

private:
    const std::map<std::string, std::string> &m_given;
    Prefill &m_out;
};

std::string quoted(const std::string &name)
{
    return "'" + name + "'";
}

void gpus(Filler &f, const DesignFacts &facts, const std::string &key)
{
    if (facts.gpus > 0)
        f.number(key, facts.gpus,
                 "GPUs of the design's servers (" + std::to_string(facts.gpus) + " = "
                     + std::to_string(facts.nodes) + " x " + std::to_string(facts.gpusPerNode)
                     + " in " + (facts.node ? facts.node->id : std::string("?"))
                     + (facts.mixedGpus ? ", plus other GPU servers)" : ")"));
    else
        f.note(key + ": the design has no GPU servers");
}

void workloadParams(Filler &f, const DesignFacts &facts)
{
    if (facts.workload.parameterCount > 0)
        f.number("params", facts.workload.parameterCount,
                 "workload " + quoted(facts.workload.name) + " parameter count");
    else
        f.note("params: the design's workload has no parameter count");
}

void itLoad(Filler &f, const DesignFacts &facts, const std::string &key, const std::string &why)
{
    if (facts.itKw > 0)
        f.number(key, facts.itKw,
                 "IT load: maximum power of " + std::to_string(facts.devicesWithPower)
                     + " devices (catalog)" + why);
    else if (facts.site.itPowerBudgetKw > 0)
        // A new design has no devices yet: size against the load the hall is built for, so
        // the first calculation works (marked assumed, with its reason).
        f.assumed(key, formatNumber(facts.site.itPowerBudgetKw),
                  "no device yet: the IT power budget of site " + quoted(facts.site.name));
    else
        f.note(key + ": no device of the design has a catalog power figure");
}

void sitePue(Filler &f, const DesignFacts &facts)
{
    f.number("pue", facts.site.pue, "site " + quoted(facts.site.name) + " PUE");
}

void trainingMemory(Filler &f, const DesignFacts &facts)
{
    workloadParams(f, facts);
    const double tp = f.givenNumber("tp", 1);
    const double pp = f.givenNumber("pp", 1);
    const double modelParallel = tp * pp;
    if (facts.gpus > 0 && modelParallel >= 1 && std::fmod(facts.gpus, modelParallel) == 0) {
        f.number("dp", facts.gpus / modelParallel,
                 std::to_string(facts.gpus) + " GPUs / (tp " + formatNumber(tp) + " x pp "
                     + formatNumber(pp) + "): one job on all of the design's GPUs");
    } else if (facts.gpus > 0) {
        f.note("dp: the design's " + std::to_string(facts.gpus) + " GPUs do not divide by tp x pp");
    }
    if (facts.gpu)
        f.number("gpu-memory-gbyte", facts.gpu->gpu->memoryGB,
                 "memory of GPU part " + facts.gpu->id + " (catalog)");
    f.assumed("zero", "1",
              "the design does not say: ZeRO stage 1, optimizer states sharded over dp "
              "(Megatron-LM's distributed optimizer, ref:rajbhandari-2020-zero)");
}

void checkpoint(Filler &f, const DesignFacts &facts)
{
    workloadParams(f, facts);
    if (facts.parallelFs)
        f.number("write-gbyte-s", facts.parallelFs->writeGBps,
                 "storage tier " + quoted(facts.parallelFs->name)
                     + " (parallel-filesystem) aggregate write bandwidth");
    else
        f.note("write-gbyte-s: the design has no parallel-filesystem tier with a write bandwidth");
    const Workload &w = facts.workload;
    if (w.checkpointIntervalMin > 0)
        f.number("interval-min", w.checkpointIntervalMin,
                 "workload " + quoted(w.name) + " checkpoint interval");
    if (w.maxCheckpointStallFraction > 0 && w.maxCheckpointStallFraction <= 1)
        f.number("stall-target", w.maxCheckpointStallFraction,
                 "workload " + quoted(w.name) + " maximum checkpoint stall fraction");
    gpus(f, facts, "gpus");
    // The workload states bytes per parameter as one figure; the calculator splits it into
    // weights + master + optimizer. Only the optimizer share is adjusted, and only when the
    // user left all three alone.
    const double weight = 2, master = 4, optimizer = 8; // the calculator's defaults
    const double perParam = w.checkpointBytesPerParam;
    if (perParam > 0 && perParam != weight + master + optimizer && !f.given("weight-bytes")
        && !f.given("master-bytes") && !f.given("optimizer-bytes")) {
        if (perParam >= weight + master)
            f.number("optimizer-bytes", perParam - weight - master,
                     "workload " + quoted(w.name) + " checkpoint " + formatNumber(perParam)
                         + " B/param minus weights 2 and master 4");
        else
            f.note("optimizer-bytes: the workload's " + formatNumber(perParam)
                   + " B/param checkpoint is less than weights + master (6 B)");
    }
}

void peakOfTheGpu(Filler &f, const DesignFacts &facts)
{
    if (f.given("peak-tflop-s") || f.given("gpu"))
        return;
    if (facts.gpu && facts.gpu->gpu->denseBf16Tflops > 0)
        f.number("peak-tflop-s", facts.gpu->gpu->denseBf16Tflops,
                 "dense BF16 peak of GPU part " + facts.gpu->id + " (catalog)");
    else if (facts.gpu)
        f.note("peak-tflop-s: GPU part " + facts.gpu->id + " has no dense BF16 figure");
}

void trainingTime(Filler &f, const DesignFacts &facts)
{
    workloadParams(f, facts);
    const Workload &w = facts.workload;
    if (w.trainingTokens > 0)
        f.number("tokens", w.trainingTokens, "workload " + quoted(w.name) + " training tokens");
    else
        f.note("tokens: the design's workload has no token count");
    if (w.mfu > 0 && w.mfu <= 1 && !f.given("hfu"))
        f.number("mfu", w.mfu, "workload " + quoted(w.name) + " MFU");
    gpus(f, facts, "gpus");
    peakOfTheGpu(f, facts);
}

/// The per-GPU bottleneck of a collective over `ranks` of the design's GPUs, and the measured
/// efficiency of that path: NVLink inside one node, the node's NICs across nodes.
void collectiveLink(Filler &f, const DesignFacts &facts, double ranks, bool withPath)
{
    const bool oneNode = facts.gpusPerNode > 0 && ranks <= facts.gpusPerNode;
    const double nvlink = facts.gpu ? facts.gpu->gpu->nvlinkBandwidthGBps / 2 : 0;
    if (oneNode && nvlink > 0) {
        f.number("link-gbyte-s", nvlink,
                 formatNumber(ranks) + " ranks fit in one " + facts.node->id + ": NVLink of "
                     + facts.gpu->id + ", " + formatNumber(2 * nvlink)
                     + " GB/s both ways / 2 (catalog); intra-node NVLink used");
        f.assumed(withPath ? "path" : "efficiency",
                  withPath ? "nvlink" : formatNumber(pathEfficiency(CollectivePath::NvLink)),
                  pathEfficiencySource(CollectivePath::NvLink)
                      + "; NVLS (NVLink SHARP) reaches more for all-reduce: path=nvls");
        return;
    }
    const double perGpu = facts.nicGBpsPerGpu();
    if (perGpu <= 0) {
        f.note("link-gbyte-s: the design has no compute fabric or no compute ports on its nodes");
        return;
    }
    const int ports = facts.node->countPorts(PortRole::Compute);
    f.number("link-gbyte-s", perGpu,
             "compute fabric " + quoted(facts.computeFabric->name) + ": " + std::to_string(ports)
                 + " x " + formatNumber(facts.computeFabric->linkSpeedGbps)
                 + " Gb/s ports / 8 bits / " + std::to_string(facts.gpusPerNode) + " GPUs per "
                 + facts.node->id + "; inter-node: the NIC is a ring's bottleneck across nodes");
    const CollectivePath path = facts.computeFabric->technology == Technology::RoCEv2
        ? CollectivePath::Roce
        : CollectivePath::InfiniBand;
    f.assumed(withPath ? "path" : "efficiency",
              withPath ? (path == CollectivePath::Roce ? "roce" : "infiniband")
                       : formatNumber(pathEfficiency(path)),
              pathEfficiencySource(path) + " (line rate alone would be optimistic)");
}

void allReduce(Filler &f, const DesignFacts &facts, bool withPath)
{
    if (facts.gpus >= 2)
        gpus(f, facts, "ranks");
    collectiveLink(f, facts, f.givenNumber("ranks", facts.gpus), withPath);
    if (facts.workload.parameterCount > 0)
        f.number("bytes", facts.workload.parameterCount * gradientBytesPerParam,
                 "bf16 gradients (2 B each, assumed) of the "
                     + formatNumber(facts.workload.parameterCount) + " parameters of workload "
                     + quoted(facts.workload.name));
}

void checkpointInterval(Filler &f, const DesignFacts &facts)
{
    gpus(f, facts, "gpus");
    if (!f.given("mtbf-hours"))
        f.assumed("gpu-mtbf-hours", formatNumber(std::round(gpuMtbfHours)),
                  "the design has no failure rate: Llama 3 405B saw 419 unexpected "
                  "interruptions in 54 days on 16,384 GPUs (ref:llama-team-2024-llama3 "
                  "section 3.3.4)");
    const Workload &w = facts.workload;
    if (facts.parallelFs && w.parameterCount > 0 && w.checkpointBytesPerParam > 0) {
        const double bytes = w.parameterCount * w.checkpointBytesPerParam;
        f.number("checkpoint-s", bytes / (facts.parallelFs->writeGBps * bytesPerGB),
                 formatNumber(w.parameterCount) + " parameters x "
                     + formatNumber(w.checkpointBytesPerParam) + " B (workload " + quoted(w.name)
                     + ") / " + formatNumber(facts.parallelFs->writeGBps)
                     + " GB/s write of storage tier " + quoted(facts.parallelFs->name)
                     + " (synchronous save)");
    } else {
        f.note("checkpoint-s: needs the workload's parameter count and a parallel-filesystem "
               "tier with a write bandwidth");
    }
}

void inferenceMemory(Filler &f, const DesignFacts &facts)
{
    if (facts.gpu)
        f.number("gpu-memory-gbyte", facts.gpu->gpu->memoryGB,
                 "memory of GPU part " + facts.gpu->id + " (catalog)");
    if (facts.gpusPerNode > 0)
        f.assumed("gpus", std::to_string(facts.gpusPerNode),
                  "one replica per " + facts.node->id + " node, tensor-parallel over its "
                      + std::to_string(facts.gpusPerNode) + " NVLink-connected GPUs");
    if (facts.gpus > 0)
        gpus(f, facts, "total-gpus");
    f.note("model or shape, context-tokens: the design does not carry a model shape");
}

void coolantFlow(Filler &f, const DesignFacts &facts)
{
    if (facts.liquidHeatKw > 0)
        f.number("heat-kw", facts.liquidHeatKw,
                 "liquid-cooled load: maximum power of the liquid-cooled parts (and hybrid "
                 "parts in liquid-cooled racks); "
                     + formatNumber(facts.airHeatKw) + " kW goes to air and is not in the loop");
    else if (facts.itKw > 0)
        f.note("heat-kw: the design is air-cooled (" + formatNumber(facts.airHeatKw)
               + " kW to air, no liquid-cooled part): no liquid loop to size");
    f.number("delta-t-k", facts.site.coolantDeltaTK,
             "site " + quoted(facts.site.name) + " coolant supply/return difference");
}

void fatTree(Filler &f, const DesignFacts &facts)
{
    if (!facts.computeFabric) {
        f.note("radix, tiers: the design has no compute fabric");
        return;
    }
    const Fabric &fabric = *facts.computeFabric;
    if (facts.fabricSwitch)
        f.number("radix", facts.fabricSwitch->network->radix,
                 "radix of switch part " + facts.fabricSwitch->id + " on compute fabric "
                     + quoted(fabric.name) + " (catalog)");
    else
        f.note("radix: no catalog switch with a radix is linked on compute fabric "
               + quoted(fabric.name));
    if (fabric.topology.tiers == 2 || fabric.topology.tiers == 3)
        f.number("tiers", fabric.topology.tiers,
                 "compute fabric " + quoted(fabric.name) + " topology tiers");
    else
        f.note("tiers: compute fabric " + quoted(fabric.name) + " states no 2- or 3-tier topology");
    if (fabric.topology.oversubscription >= 1)
        f.text("oversubscription", formatNumber(fabric.topology.oversubscription) + ":1",
               "compute fabric " + quoted(fabric.name) + " oversubscription target");
}

void pfcHeadroom(Filler &f, const DesignFacts &facts)
{
    if (!facts.roceFabric) {
        f.note("speed-gbit-s, cable-m: the design has no RoCEv2 fabric (PFC headroom is a RoCE "
               "setting; InfiniBand is lossless by credit flow control)");
        return;
    }
    const Fabric &fabric = *facts.roceFabric;
    f.number("speed-gbit-s", fabric.linkSpeedGbps,
             "RoCEv2 fabric " + quoted(fabric.name) + " link speed");
    if (facts.longestRoceLinkM > 0)
        f.number("cable-m", facts.longestRoceLinkM,
                 "longest link on RoCEv2 fabric " + quoted(fabric.name));
    else
        f.number("cable-m", fabric.qos.pfcCableLengthM,
                 "PFC cable length of RoCEv2 fabric " + quoted(fabric.name)
                     + " (its links have no lengths yet)");
    f.number("mtu-bytes", fabric.qos.switchMtu,
             "switch MTU of RoCEv2 fabric " + quoted(fabric.name) + " QoS profile");
}

void cost(Filler &f, const DesignFacts &facts, const PrefillExtras &extras)
{
    if (extras.capexUsd)
        f.number("capex-usd", *extras.capexUsd, extras.capexSource);
    else if (!extras.capexNote.empty())
        f.note("capex-usd: " + extras.capexNote);
    itLoad(f, facts, "it-kw", "");
    gpus(f, facts, "gpus");
    f.number("usd-per-kwh", facts.site.electricityUsdPerKwh,
             "site " + quoted(facts.site.name) + " electricity price");
    sitePue(f, facts);
}

} // namespace

std::map<std::string, std::string>
Prefill::merged(const std::map<std::string, std::string> &given) const
{
    std::map<std::string, std::string> all = given;
    for (const PrefilledInput &input : inputs)
        all.emplace(input.key, input.value); // emplace keeps a given key
    return all;
}

const PrefilledInput *Prefill::find(const std::string &key) const
{
    for (const PrefilledInput &input : inputs) {
        if (input.key == key)
            return &input;
    }
    return nullptr;
}

Prefill prefillFromDesign(const std::string &name, const DesignFacts &facts,
                          const std::map<std::string, std::string> &given,
                          const PrefillExtras &extras)
{
    Prefill prefill;
    Filler f(given, prefill);
    if (name == "training-memory") {
        trainingMemory(f, facts);
    } else if (name == "checkpoint") {
        checkpoint(f, facts);
    } else if (name == "training-time") {
        trainingTime(f, facts);
    } else if (name == "mfu") {
        workloadParams(f, facts);
        gpus(f, facts, "gpus");
        peakOfTheGpu(f, facts);
        f.note("tokens-per-s: a measurement, not a design figure");
    } else if (name == "checkpoint-interval") {
        checkpointInterval(f, facts);
    } else if (name == "kv-cache" || name == "model-params") {
        f.note("model or shape: the design does not carry a model shape");
    } else if (name == "inference-memory") {
        inferenceMemory(f, facts);
    } else if (name == "power") {
        itLoad(f, facts, "it-kw", "");
        sitePue(f, facts);
    } else if (name == "coolant-flow") {
        coolantFlow(f, facts);
    } else if (name == "allreduce") {
        allReduce(f, facts, false);
    } else if (name == "collective") {
        allReduce(f, facts, true);
    } else if (name == "fat-tree") {
        fatTree(f, facts);
    } else if (name == "pfc-headroom") {
        pfcHeadroom(f, facts);
    } else if (name == "cost") {
        cost(f, facts, extras);
    }
    return prefill;
}

} // namespace cw::calc

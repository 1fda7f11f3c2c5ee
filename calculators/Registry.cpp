#include "calculators/Registry.h"

#include "calculators/AllReduce.h"
#include "calculators/Checkpoint.h"
#include "calculators/CoolantFlow.h"
#include "calculators/FatTree.h"
#include "calculators/GpuPeaks.h"
#include "calculators/InputError.h"
#include "calculators/KvCache.h"
#include "calculators/ParamParser.h"
#include "calculators/PfcHeadroom.h"
#include "calculators/Power.h"
#include "calculators/TrainingMemory.h"
#include "calculators/TrainingTime.h"

#include <cmath>
#include <functional>

namespace cw::calc {

namespace {

using Runner = std::function<nlohmann::json(const ParamReader &, const std::vector<ModelPreset> &)>;

struct Entry
{
    CalculatorInfo info;
    Runner run;
};

ParamSpec required(std::string key, std::string unit, std::string help)
{
    return { std::move(key), std::move(unit), std::move(help), std::nullopt, true };
}

ParamSpec withDefault(std::string key, std::string unit, std::string help, std::string value)
{
    return { std::move(key), std::move(unit), std::move(help), std::move(value), false };
}

ParamSpec optional(std::string key, std::string unit, std::string help)
{
    return { std::move(key), std::move(unit), std::move(help), std::nullopt, false };
}

// Whole values print as JSON integers (524288, not 524288.0); others as doubles.
nlohmann::json number(double value)
{
    constexpr double exactIntegerLimit = 9007199254740992.0; // 2^53
    if (std::floor(value) == value && std::fabs(value) < exactIntegerLimit)
        return static_cast<long long>(value);
    return value;
}

nlohmann::json withAssumptions(nlohmann::json result, const std::vector<std::string> &assumptions)
{
    result["assumptions"] = assumptions;
    return result;
}

// ---- training-memory -------------------------------------------------------------------

nlohmann::json runTrainingMemory(const ParamReader &p, const std::vector<ModelPreset> &)
{
    TrainingMemoryInput in;
    in.params = p.positive("params");
    in.weightBytes = p.positive("weight-bytes");
    in.gradBytes = p.nonNegative("grad-bytes");
    in.optimizerBytes = p.nonNegative("optimizer-bytes");
    in.zeroStage = std::stoi(p.choice("zero", { "0", "1", "2", "3" }));
    in.dp = p.wholeNumber("dp", 1);
    in.tp = p.wholeNumber("tp", 1);
    in.pp = p.wholeNumber("pp", 1);
    in.gpuMemoryGB = p.optionalPositive("gpu-memory-gb");

    static const std::vector<std::string> shapeKeys = { "layers", "hidden", "heads", "seq" };
    bool anyShape = false;
    for (const std::string &key : shapeKeys)
        anyShape = anyShape || p.given(key);
    if (anyShape) {
        for (const std::string &key : shapeKeys) {
            if (!p.given(key))
                throw InputError(key,
                                 "missing; layers, hidden, heads and seq are needed together "
                                 "for activation memory");
        }
        ActivationShape shape;
        shape.layers = p.wholeNumber("layers", 1);
        shape.hidden = p.wholeNumber("hidden", 1);
        shape.heads = p.wholeNumber("heads", 1);
        shape.seqLength = p.wholeNumber("seq", 1);
        shape.microBatch = p.given("micro-batch") ? p.wholeNumber("micro-batch", 1) : 1;
        const std::string recompute = p.choice("recompute", { "none", "selective", "full" });
        shape.recompute = recompute == "full" ? Recompute::Full
            : recompute == "selective"        ? Recompute::Selective
                                              : Recompute::None;
        shape.sequenceParallel = p.boolean("sequence-parallel");
        in.activations = shape;
    } else {
        for (const char *key : { "micro-batch", "recompute", "sequence-parallel" }) {
            if (p.given(key))
                throw InputError(key, "needs layers, hidden, heads and seq (activation memory)");
        }
    }

    const TrainingMemoryResult r = trainingMemory(in);
    nlohmann::json j;
    j["bytes_per_param"] = number(r.bytesPerParam);
    j["model_states_bytes_per_gpu"] = number(r.modelStatesBytesPerGpu);
    j["activation_bytes_per_gpu"] = number(r.activationBytesPerGpu);
    j["total_bytes_per_gpu"] = number(r.totalBytesPerGpu);
    if (r.fits)
        j["fits"] = *r.fits;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo trainingMemoryInfo()
{
    return { "training-memory",
             "Per-GPU memory for training: ZeRO model states plus transformer activations",
             { required("params", "", "parameter count, e.g. 70B"),
               withDefault("weight-bytes", "bytes", "bytes per weight (bf16 = 2)", "2"),
               withDefault("grad-bytes", "bytes", "bytes per gradient", "2"),
               withDefault("optimizer-bytes", "bytes",
                           "optimizer state bytes per parameter, K (Adam fp32 = 12)", "12"),
               required("zero", "", "ZeRO stage 0, 1, 2 or 3"),
               required("dp", "", "data-parallel degree Nd (whole number >= 1)"),
               withDefault("tp", "", "tensor-parallel degree", "1"),
               withDefault("pp", "", "pipeline-parallel degree", "1"),
               optional("layers", "", "transformer layers (activation memory)"),
               optional("hidden", "", "hidden size h (activation memory)"),
               optional("heads", "", "attention heads a (activation memory)"),
               optional("seq", "tokens", "sequence length s (activation memory)"),
               optional("micro-batch", "", "micro-batch size b (default 1 with activations)"),
               withDefault("recompute", "", "activation recomputation: none, selective or full",
                           "none"),
               withDefault("sequence-parallel", "", "Megatron sequence parallelism: true or false",
                           "false"),
               optional("gpu-memory-gb", "GB", "GPU memory to check against (1 GB = 1e9 B)") } };
}

// ---- checkpoint ------------------------------------------------------------------------

nlohmann::json runCheckpoint(const ParamReader &p, const std::vector<ModelPreset> &)
{
    CheckpointInput in;
    in.params = p.positive("params");
    in.weightBytes = p.positive("weight-bytes");
    in.masterBytes = p.nonNegative("master-bytes");
    in.optimizerBytes = p.nonNegative("optimizer-bytes");
    in.includeGradients = p.boolean("include-gradients");
    in.writeGBps = p.positive("write-gbps");
    in.intervalMinutes = p.positive("interval-min");
    in.stallTarget = p.fraction("stall-target");
    in.gpus = p.optionalWholeNumber("gpus", 1);
    in.async = p.boolean("async");
    in.hostCopyGBps = p.optionalPositive("host-copy-gbps");
    if (in.async && !in.hostCopyGBps)
        throw InputError("host-copy-gbps", "missing; required when async=true (GB/s)");

    CheckpointResult r = checkpoint(in);
    if (!in.async && in.hostCopyGBps)
        r.assumptions.push_back("host-copy-gbps ignored because async=false");
    nlohmann::json j;
    j["checkpoint_bytes"] = number(r.checkpointBytes);
    j["write_seconds"] = r.writeSeconds;
    j["stall_seconds"] = r.stallSeconds;
    j["stall_fraction"] = r.stallFraction;
    j["bandwidth_for_target_gbps"] = r.bandwidthForTargetGBps;
    if (r.idleGpuHoursPerDay)
        j["idle_gpu_hours_per_day"] = *r.idleGpuHoursPerDay;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo checkpointInfo()
{
    return { "checkpoint",
             "Checkpoint size, write time, training stall and bandwidth for a stall target",
             { required("params", "", "parameter count, e.g. 70B"),
               withDefault("weight-bytes", "bytes", "bytes per model weight", "2"),
               withDefault("master-bytes", "bytes", "bytes per fp32 master weight", "4"),
               withDefault("optimizer-bytes", "bytes",
                           "optimizer state bytes per parameter (Adam = 8)", "8"),
               withDefault("include-gradients", "",
                           "also save gradients (weight-bytes each): true or false", "false"),
               required("write-gbps", "GB/s", "aggregate storage write bandwidth"),
               required("interval-min", "minutes", "time between checkpoint starts"),
               withDefault("stall-target", "", "acceptable stall fraction, e.g. 0.05", "0.05"),
               optional("gpus", "", "GPUs idled by the stall (for idle GPU-hours)"),
               withDefault("async", "", "asynchronous checkpointing: true or false", "false"),
               optional("host-copy-gbps", "GB/s",
                        "device-to-host snapshot bandwidth (required if async)") } };
}

// ---- training-time ---------------------------------------------------------------------

nlohmann::json runTrainingTime(const ParamReader &p, const std::vector<ModelPreset> &)
{
    TrainingTimeInput in;
    in.params = p.positive("params");
    in.tokens = p.positive("tokens");
    in.gpus = p.wholeNumber("gpus", 1);
    in.mfu = p.fraction("mfu");
    std::string peakSource;
    if (p.given("peak-tflops") && p.given("gpu"))
        throw InputError("gpu", "give either 'peak-tflops' or 'gpu', not both");
    if (p.given("gpu")) {
        std::vector<std::string> names;
        for (const GpuPeak &g : gpuPeaks())
            names.push_back(g.name);
        const GpuPeak peak = *findGpuPeak(p.choice("gpu", names));
        in.peakTflops = peak.denseBf16Tflops;
        peakSource = peak.source;
    } else if (p.given("peak-tflops")) {
        in.peakTflops = p.positive("peak-tflops");
    } else {
        throw InputError("peak-tflops",
                         "missing; give 'peak-tflops' (dense BF16 TFLOP/s per GPU) "
                         "or 'gpu' (a GPU name)");
    }

    TrainingTimeResult r = trainingTime(in);
    if (!peakSource.empty())
        r.assumptions.push_back("peak " + formatNumber(in.peakTflops) + " TFLOP/s: " + peakSource);
    nlohmann::json j;
    j["flops"] = r.flops;
    j["seconds"] = r.seconds;
    j["days"] = r.days;
    j["gpu_hours"] = r.gpuHours;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo trainingTimeInfo()
{
    std::string gpuNames;
    for (const GpuPeak &g : gpuPeaks())
        gpuNames += (gpuNames.empty() ? "" : ", ") + g.name;
    return { "training-time",
             "Training compute 6ND and wall-clock time at a given MFU",
             { required("params", "", "parameter count N, e.g. 70B"),
               required("tokens", "tokens", "training tokens D, e.g. 2T"),
               required("gpus", "", "number of GPUs"),
               optional("peak-tflops", "TFLOP/s", "dense BF16 peak per GPU (or give gpu)"),
               optional("gpu", "", "GPU name instead of peak-tflops: " + gpuNames),
               required("mfu", "", "model FLOPs utilisation, fraction, e.g. 0.4") } };
}

// ---- kv-cache --------------------------------------------------------------------------

nlohmann::json runKvCache(const ParamReader &p, const std::vector<ModelPreset> &presets)
{
    KvCacheInput in;
    std::vector<std::string> extra;
    if (const auto modelName = p.optionalText("model")) {
        const auto preset = findModelPreset(presets, *modelName);
        if (!preset) {
            std::string names;
            for (const ModelPreset &m : presets)
                names += (names.empty() ? "" : ", ") + m.name;
            throw InputError("model",
                             "expected one of "
                                 + (names.empty() ? std::string("(no presets loaded)") : names)
                                 + ", got '" + *modelName + "'");
        }
        in.layers = preset->layers;
        in.kvHeads = preset->kvHeads;
        in.headDim = preset->headDim;
        extra.push_back("model " + preset->name + ": " + std::to_string(preset->layers)
                        + " layers, " + std::to_string(preset->kvHeads) + " kv heads, head dim "
                        + std::to_string(preset->headDim) + " (" + preset->source + ")");
        for (const char *key : { "layers", "kv-heads", "head-dim" }) {
            if (p.given(key))
                extra.push_back(std::string(key) + " overrides the preset value");
        }
    }
    const auto shapeValue = [&](const char *key, long long fromPreset) {
        if (p.given(key))
            return p.wholeNumber(key, 1);
        if (fromPreset == 0)
            throw InputError(key, "missing; expected a whole number >= 1 (or give 'model')");
        return fromPreset;
    };
    in.layers = shapeValue("layers", in.layers);
    in.kvHeads = shapeValue("kv-heads", in.kvHeads);
    in.headDim = shapeValue("head-dim", in.headDim);
    in.bytesPerElement = p.positive("bytes-per-element");
    in.tokens = p.wholeNumber("tokens", 1);
    in.batch = p.wholeNumber("batch", 1);

    KvCacheResult r = kvCache(in);
    r.assumptions.insert(r.assumptions.begin(), extra.begin(), extra.end());
    nlohmann::json j;
    j["bytes_per_token"] = number(r.bytesPerToken);
    j["total_bytes"] = number(r.totalBytes);
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo kvCacheInfo()
{
    return { "kv-cache",
             "KV-cache bytes per token and in total for a context and batch",
             { optional("model", "", "model preset name (resources/models), instead of the shape"),
               optional("layers", "", "transformer layers (required unless model)"),
               optional("kv-heads", "", "key/value heads (required unless model)"),
               optional("head-dim", "", "head dimension (required unless model)"),
               withDefault("bytes-per-element", "bytes", "bytes per cached element (fp16/bf16 = 2)",
                           "2"),
               required("tokens", "tokens", "context length held per sequence"),
               withDefault("batch", "", "concurrent sequences", "1") } };
}

// ---- power -----------------------------------------------------------------------------

nlohmann::json runPower(const ParamReader &p, const std::vector<ModelPreset> &)
{
    PowerInput in;
    in.itKw = p.positive("it-kw");
    in.pue = p.atLeast("pue", 1.0);
    const PowerResult r = power(in);
    nlohmann::json j;
    j["facility_kw"] = number(r.facilityKw);
    j["btu_per_hour"] = r.btuPerHour;
    j["cooling_tons"] = r.coolingTons;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo powerInfo()
{
    return { "power",
             "Facility power from IT load and PUE; heat in BTU/h and refrigeration tons",
             { required("it-kw", "kW", "IT load"),
               required("pue", "", "power usage effectiveness (>= 1), e.g. 1.3") } };
}

// ---- coolant-flow ----------------------------------------------------------------------

nlohmann::json runCoolantFlow(const ParamReader &p, const std::vector<ModelPreset> &)
{
    CoolantFlowInput in;
    in.heatKw = p.positive("heat-kw");
    in.deltaTK = p.positive("delta-t-k");
    in.fluid = p.choice("fluid", { "water", "pg25" }) == "pg25" ? Coolant::Pg25 : Coolant::Water;
    in.densityKgPerM3 = p.optionalPositive("density-kg-m3");
    in.specificHeatKjPerKgK = p.optionalPositive("cp-kj-kgk");
    const CoolantFlowResult r = coolantFlow(in);
    nlohmann::json j;
    j["litres_per_minute"] = r.litresPerMinute;
    j["us_gpm"] = r.usGpm;
    j["mass_flow_kg_per_s"] = r.massFlowKgPerS;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo coolantFlowInfo()
{
    return { "coolant-flow",
             "Liquid-cooling flow rate to carry a heat load at a temperature rise",
             { required("heat-kw", "kW", "heat carried by the loop"),
               required("delta-t-k", "K", "supply/return temperature difference"),
               withDefault("fluid", "", "coolant: water or pg25 (25% propylene glycol)", "water"),
               optional("density-kg-m3", "kg/m3", "override the fluid density"),
               optional("cp-kj-kgk", "kJ/(kg K)", "override the fluid specific heat") } };
}

// ---- allreduce -------------------------------------------------------------------------

nlohmann::json runAllReduce(const ParamReader &p, const std::vector<ModelPreset> &)
{
    AllReduceInput in;
    in.bytes = p.positive("bytes");
    in.ranks = p.wholeNumber("ranks", 2);
    in.linkGBps = p.positive("link-gbps");
    in.latencyUs = p.nonNegative("latency-us");
    in.algorithm = p.choice("algorithm", { "ring", "tree" }) == "tree" ? AllReduceAlgorithm::Tree
                                                                       : AllReduceAlgorithm::Ring;
    const AllReduceResult r = allReduce(in);
    nlohmann::json j;
    j["bus_factor"] = r.busFactor;
    j["seconds"] = r.seconds;
    j["algbw_gbps"] = r.algbwGBps;
    j["busbw_gbps"] = r.busbwGBps;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo allReduceInfo()
{
    return { "allreduce",
             "All-reduce time and nccl-tests algbw/busbw from an alpha-beta model",
             { required("bytes", "bytes", "buffer size S per rank, e.g. 1e9"),
               required("ranks", "", "number of ranks n (>= 2)"),
               required("link-gbps", "GB/s", "per-rank bottleneck bandwidth B (bus bandwidth)"),
               withDefault("latency-us", "us", "per-step latency alpha (0 = bandwidth only)", "0"),
               withDefault("algorithm", "", "ring or tree", "ring") } };
}

// ---- fat-tree --------------------------------------------------------------------------

nlohmann::json runFatTree(const ParamReader &p, const std::vector<ModelPreset> &)
{
    FatTreeInput in;
    in.radix = p.wholeNumber("radix", 4);
    const std::string tiers = p.choice("tiers", { "2", "3" });
    in.tiers = tiers == "3" ? 3 : 2;
    const std::string ratio = p.optionalText("oversubscription").value_or("1:1");
    in.oversubscription = parseOversubscription(ratio);
    if (in.oversubscription == 0)
        throw InputError("oversubscription",
                         "expected a ratio r:1 such as 1:1, 2:1, 3:1, got '" + ratio + "'");

    const FatTreeResult r = fatTree(in);
    nlohmann::json j;
    j["max_endpoints"] = r.maxEndpoints;
    j["switches"] = r.switches;
    j["switches_by_tier"]
        = { { "leaf", r.leafSwitches }, { "spine", r.spineSwitches }, { "core", r.coreSwitches } };
    j["links_by_tier"] = { { "host-leaf", r.hostLeafLinks },
                           { "leaf-spine", r.leafSpineLinks },
                           { "spine-core", r.spineCoreLinks } };
    j["leaf_down_ports"] = r.leafDownPorts;
    j["leaf_up_ports"] = r.leafUpPorts;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo fatTreeInfo()
{
    return { "fat-tree",
             "Largest 2- or 3-tier fat tree from radix-k switches: endpoints, switches, links",
             { required("radix", "ports", "switch radix k (even, >= 4)"),
               required("tiers", "", "2 (leaf/spine) or 3 (leaf/spine/core)"),
               withDefault("oversubscription", "",
                           "leaf downlink:uplink ratio r:1, e.g. 1:1, 2:1, 3:1", "1:1") } };
}

// ---- pfc-headroom ----------------------------------------------------------------------

nlohmann::json runPfcHeadroom(const ParamReader &p, const std::vector<ModelPreset> &)
{
    PfcHeadroomInput in;
    in.speedGbps = p.positive("speed-gbps");
    in.cableM = p.nonNegative("cable-m");
    in.portMtuBytes = p.positive("mtu");
    in.losslessMtuBytes = p.positive("lossless-mtu");
    in.cellBytes = p.positive("cell-bytes");
    in.smallPacketPct = p.inRange("small-packet-pct", 0.0, 100.0);
    in.pipelineLatencyKb = p.nonNegative("pipeline-latency-kb");
    in.macPhyDelayKb = p.nonNegative("mac-phy-delay-kb");
    in.gearboxDelayNs = p.nonNegative("gearbox-delay-ns");
    if (p.given("peer-response-bytes"))
        in.peerResponseBytes = p.nonNegative("peer-response-bytes");
    in.eightLane = p.boolean("eight-lane");
    in.sharedHeadroomPool = p.boolean("shared-headroom-pool");

    const PfcHeadroomResult r = pfcHeadroom(in);
    nlohmann::json j;
    j["headroom_bytes"] = number(r.headroomBytes);
    j["xoff_bytes"] = number(r.xoffBytes);
    j["xon_bytes"] = number(r.xonBytes);
    j["bytes_on_cable"] = r.bytesOnCable;
    j["sonic_bytes_on_cable"] = r.sonicBytesOnCable;
    j["peer_response_bytes"] = number(r.peerResponseBytes);
    j["cell_occupancy"] = r.cellOccupancy;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo pfcHeadroomInfo()
{
    return { "pfc-headroom",
             "PFC headroom (xoff/xon) per lossless priority group, SONiC Spectrum formula",
             { required("speed-gbps", "Gb/s", "port speed: 800, 400, 200, 100, 50, 40, 25 or 10"),
               required("cable-m", "m", "cable length"),
               withDefault("mtu", "bytes", "port MTU (SONiC default 9100)", "9100"),
               withDefault("lossless-mtu", "bytes", "largest lossless packet (SONiC default 1024)",
                           "1024"),
               withDefault("cell-bytes", "bytes", "ASIC buffer cell (Spectrum-2/-3: 144)", "144"),
               withDefault("small-packet-pct", "%", "share of small packets, 0-100", "100"),
               withDefault("pipeline-latency-kb", "KiB",
                           "ASIC pipeline latency = xon (Spectrum: 18)", "18"),
               withDefault("mac-phy-delay-kb", "KiB", "MAC/PHY delay (Spectrum: 0.8)", "0.8"),
               withDefault("gearbox-delay-ns", "ns", "gearbox delay, 0 = none", "0"),
               optional("peer-response-bytes", "bytes", "override the pause-quanta peer response"),
               withDefault("eight-lane", "",
                           "8-lane port (adds port MTU, doubles pipeline): true or false", "false"),
               withDefault("shared-headroom-pool", "", "xoff held in a shared pool: true or false",
                           "false") } };
}

const std::vector<Entry> &entries()
{
    static const std::vector<Entry> table = {
        { trainingMemoryInfo(), runTrainingMemory },
        { checkpointInfo(), runCheckpoint },
        { trainingTimeInfo(), runTrainingTime },
        { kvCacheInfo(), runKvCache },
        { powerInfo(), runPower },
        { coolantFlowInfo(), runCoolantFlow },
        { allReduceInfo(), runAllReduce },
        { fatTreeInfo(), runFatTree },
        { pfcHeadroomInfo(), runPfcHeadroom },
    };
    return table;
}

std::vector<ModelPreset> &registeredPresets()
{
    static std::vector<ModelPreset> presets;
    return presets;
}

} // namespace

const std::vector<CalculatorInfo> &calculators()
{
    static const std::vector<CalculatorInfo> infos = [] {
        std::vector<CalculatorInfo> list;
        for (const Entry &e : entries())
            list.push_back(e.info);
        return list;
    }();
    return infos;
}

CalcOutcome runCalculator(const std::string &name, const std::map<std::string, std::string> &params)
{
    return runCalculator(name, params, registeredPresets());
}

CalcOutcome runCalculator(const std::string &name, const std::map<std::string, std::string> &params,
                          const std::vector<ModelPreset> &presets)
{
    CalcOutcome outcome;
    for (const Entry &e : entries()) {
        if (e.info.name != name)
            continue;
        try {
            const ParamReader reader(e.info, params);
            outcome.result = e.run(reader, presets);
        } catch (const InputError &error) {
            outcome.result = nullptr;
            outcome.error = error.what();
        }
        return outcome;
    }
    std::string names;
    for (const Entry &e : entries())
        names += (names.empty() ? "" : ", ") + e.info.name;
    outcome.error = "unknown calculator '" + name + "'; expected one of: " + names;
    return outcome;
}

void setModelPresets(std::vector<ModelPreset> presets)
{
    registeredPresets() = std::move(presets);
}

const std::vector<ModelPreset> &modelPresets()
{
    return registeredPresets();
}

} // namespace cw::calc

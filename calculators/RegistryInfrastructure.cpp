// Registry entries of the infrastructure calculators: power, cooling, collectives, fabric, cost.

#include "calculators/RegistryEntries.h"

#include "calculators/AllReduce.h"
#include "calculators/Collective.h"
#include "calculators/CoolantFlow.h"
#include "calculators/Cost.h"
#include "calculators/FatTree.h"
#include "calculators/InputError.h"
#include "calculators/PfcHeadroom.h"
#include "calculators/Power.h"

namespace cw::calc::detail {

namespace {

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
    in.fluid = p.choice("fluid") == "pg25" ? Coolant::Pg25 : Coolant::Water;
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
    return {
        "coolant-flow",
        "Liquid-cooling flow rate to carry a heat load at a temperature rise",
        { required("heat-kw", "kW", "heat carried by the loop"),
          required("delta-t-k", "K", "supply/return temperature difference"),
          oneOf(withDefault("fluid", "", "coolant: water or pg25 (25% propylene glycol)", "water"),
                { "water", "pg25" }),
          optional("density-kg-m3", "kg/m3", "override the fluid density"),
          optional("cp-kj-kgk", "kJ/(kg K)", "override the fluid specific heat") }
    };
}

// ---- allreduce -------------------------------------------------------------------------

nlohmann::json runAllReduce(const ParamReader &p, const std::vector<ModelPreset> &)
{
    AllReduceInput in;
    in.bytes = p.positive("bytes");
    in.ranks = p.wholeNumber("ranks", 2);
    in.linkGBps = p.positive("link-gbyte-s");
    in.efficiency = p.fraction("efficiency");
    in.latencyUs = p.nonNegative("latency-us");
    in.algorithm
        = p.choice("algorithm") == "tree" ? AllReduceAlgorithm::Tree : AllReduceAlgorithm::Ring;
    const AllReduceResult r = allReduce(in);
    nlohmann::json j;
    j["bus_factor"] = r.busFactor;
    j["seconds"] = r.seconds;
    j["algbw_gbyte_s"] = r.algbwGBps;
    j["busbw_gbyte_s"] = r.busbwGBps;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo allReduceInfo()
{
    CalculatorInfo info {
        "allreduce",
        "All-reduce time and nccl-tests algbw/busbw from an alpha-beta model",
        { required("bytes", "bytes", "buffer size S per rank, e.g. 1e9"),
          required("ranks", "", "number of ranks n (>= 2)"),
          formerly("link-gbps",
                   required("link-gbyte-s", "GB/s",
                            "per-rank bottleneck line rate in BYTES/s (400G NIC = 50)")),
          withDefault("efficiency", "",
                      "share of the line rate NCCL reaches (1 = line rate; IB NDR measured 0.92)",
                      "1"),
          withDefault("latency-us", "us", "per-step latency alpha (0 = bandwidth only)", "0"),
          oneOf(withDefault("algorithm", "", "ring or tree", "ring"), { "ring", "tree" }) }
    };
    info.renamedOutputs = { { "algbw_gbps", "algbw_gbyte_s" }, { "busbw_gbps", "busbw_gbyte_s" } };
    return info;
}

// ---- collective ------------------------------------------------------------------------

CollectiveKind collectiveKind(const std::string &name)
{
    return name == "all-gather"    ? CollectiveKind::AllGather
        : name == "reduce-scatter" ? CollectiveKind::ReduceScatter
        : name == "all-to-all"     ? CollectiveKind::AllToAll
        : name == "broadcast"      ? CollectiveKind::Broadcast
                                   : CollectiveKind::AllReduce;
}

CollectivePath collectivePath(const std::string &name)
{
    return name == "nvlink"    ? CollectivePath::NvLink
        : name == "nvls"       ? CollectivePath::Nvls
        : name == "infiniband" ? CollectivePath::InfiniBand
        : name == "roce"       ? CollectivePath::Roce
                               : CollectivePath::Custom;
}

nlohmann::json runCollective(const ParamReader &p, const std::vector<ModelPreset> &)
{
    CollectiveInput in;
    in.kind = collectiveKind(p.choice("collective"));
    in.bytes = p.positive("bytes");
    in.ranks = p.wholeNumber("ranks", 2);
    in.linkGBps = p.positive("link-gbyte-s");
    in.path = collectivePath(p.choice("path"));
    in.efficiency = p.given("efficiency") ? p.fraction("efficiency") : pathEfficiency(in.path);
    in.latencyUs = p.given("latency-us") ? p.nonNegative("latency-us") : pathLatencyUs(in.path);
    CollectiveResult r = collective(in);
    if (!p.given("latency-us") && in.path != CollectivePath::Custom)
        r.assumptions.push_back("latency " + formatNumber(in.latencyUs)
                                + " us per step: NCCL's own tuning model for the path "
                                  "(ref:nvidia-nccl-src, src/graph/tuning.cc)");
    if (p.given("efficiency") && in.path != CollectivePath::Custom)
        r.assumptions.push_back("efficiency given: it replaces the path's "
                                + formatNumber(pathEfficiency(in.path)));
    nlohmann::json j;
    j["bus_factor"] = r.busFactor;
    j["efficiency"] = in.efficiency;
    j["effective_gbyte_s"] = r.effectiveGBps;
    j["seconds"] = r.seconds;
    j["algbw_gbyte_s"] = r.algbwGBps;
    j["busbw_gbyte_s"] = r.busbwGBps;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo collectiveInfo()
{
    return { "collective",
             "NCCL collective time and algbw/busbw: bus factors per collective, measured "
             "efficiency per path",
             { oneOf(withDefault("collective", "",
                                 "all-reduce, all-gather, reduce-scatter, all-to-all or broadcast",
                                 "all-reduce"),
                     { "all-reduce", "all-gather", "reduce-scatter", "all-to-all", "broadcast" }),
               required("bytes", "bytes",
                        "S as nccl-tests counts it: per-rank buffer; total buffer for all-gather "
                        "and reduce-scatter"),
               required("ranks", "", "number of ranks n (>= 2)"),
               required("link-gbyte-s", "GB/s",
                        "per-rank line rate in BYTES/s, one direction (400G NIC = 50, H100 "
                        "NVLink = 450)"),
               oneOf(withDefault("path", "",
                                 "custom, nvlink, nvls, infiniband or roce (sets the efficiency)",
                                 "custom"),
                     { "custom", "nvlink", "nvls", "infiniband", "roce" }),
               optional("efficiency", "", "share of the line rate reached (default: the path's)"),
               optional("latency-us", "us",
                        "per-step latency alpha (default: NCCL's model for the path, 0 for "
                        "custom)") } };
}

// ---- fat-tree --------------------------------------------------------------------------

nlohmann::json runFatTree(const ParamReader &p, const std::vector<ModelPreset> &)
{
    FatTreeInput in;
    in.radix = p.wholeNumber("radix", 4);
    const std::string tiers = p.choice("tiers");
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
               oneOf(required("tiers", "", "2 (leaf/spine) or 3 (leaf/spine/core)"), { "2", "3" }),
               withDefault("oversubscription", "",
                           "leaf downlink:uplink ratio r:1, e.g. 1:1, 2:1, 3:1", "1:1") } };
}

// ---- pfc-headroom ----------------------------------------------------------------------

nlohmann::json runPfcHeadroom(const ParamReader &p, const std::vector<ModelPreset> &)
{
    PfcHeadroomInput in;
    in.speedGbps = p.positive("speed-gbit-s");
    in.cableM = p.nonNegative("cable-m");
    in.portMtuBytes = p.positive("mtu-bytes");
    in.losslessMtuBytes = p.positive("lossless-mtu-bytes");
    in.cellBytes = p.positive("cell-bytes");
    in.smallPacketPct = p.inRange("small-packet-pct", 0.0, 100.0);
    in.pipelineLatencyKb = p.nonNegative("pipeline-latency-kib");
    in.macPhyDelayKb = p.nonNegative("mac-phy-delay-kib");
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
    return {
        "pfc-headroom",
        "PFC headroom (xoff/xon) per lossless priority group, SONiC Spectrum formula",
        { formerly("speed-gbps",
                   required("speed-gbit-s", "Gb/s",
                            "port speed in BITS/s: 800, 400, 200, 100, 50, 40, 25 or 10")),
          required("cable-m", "m", "cable length"),
          formerly("mtu",
                   withDefault("mtu-bytes", "bytes", "port MTU (SONiC default 9100)", "9100")),
          formerly("lossless-mtu",
                   withDefault("lossless-mtu-bytes", "bytes",
                               "largest lossless packet (SONiC default 1024)", "1024")),
          withDefault("cell-bytes", "bytes", "ASIC buffer cell (Spectrum-2/-3: 144)", "144"),
          withDefault("small-packet-pct", "%", "share of small packets, 0-100", "100"),
          formerly("pipeline-latency-kb",
                   withDefault("pipeline-latency-kib", "KiB",
                               "ASIC pipeline latency = xon (Spectrum: 18)", "18")),
          formerly("mac-phy-delay-kb",
                   withDefault("mac-phy-delay-kib", "KiB", "MAC/PHY delay (Spectrum: 0.8)", "0.8")),
          withDefault("gearbox-delay-ns", "ns", "gearbox delay, 0 = none", "0"),
          optional("peer-response-bytes", "bytes", "override the pause-quanta peer response"),
          flag("eight-lane", "8-lane port (adds port MTU, doubles pipeline): true or false",
               "false"),
          flag("shared-headroom-pool", "xoff held in a shared pool: true or false", "false") }
    };
}

// ---- cost ------------------------------------------------------------------------------

nlohmann::json runCost(const ParamReader &p, const std::vector<ModelPreset> &)
{
    CostInput in;
    in.capexUsd = p.nonNegative("capex-usd");
    in.itKw = p.positive("it-kw");
    in.gpus = p.wholeNumber("gpus", 1);
    in.years = p.positive("years");
    in.usdPerKwh = p.nonNegative("usd-per-kwh");
    in.pue = p.atLeast("pue", 1.0);
    in.utilization = p.fraction("utilization");
    in.idleFraction = p.inRange("idle-fraction", 0.0, 1.0);
    in.otherOpexUsdPerYear = p.nonNegative("other-opex-usd-per-year");
    const CostResult r = cost(in);
    nlohmann::json j;
    j["capex_usd"] = number(r.capexUsd);
    j["energy_kwh_per_year"] = number(r.energyKwhPerYear);
    j["opex_usd_per_year"] = number(r.opexUsdPerYear);
    j["tco_usd"] = number(r.tcoUsd);
    j["usd_per_gpu_hour"] = r.usdPerGpuHour;
    return withAssumptions(j, r.assumptions);
}

CalculatorInfo costInfo()
{
    return { "cost",
             "Total cost of ownership and cost per busy GPU-hour: capex plus energy over years",
             { required("capex-usd", "USD", "purchase price (--design: the bill of materials)"),
               required("it-kw", "kW", "IT load at full draw (--design: parts' maximum power)"),
               required("gpus", "", "number of GPUs"),
               withDefault("years", "years", "depreciation horizon", "5"),
               required("usd-per-kwh", "USD/kWh", "electricity price at the facility meter"),
               required("pue", "", "power usage effectiveness (>= 1), e.g. 1.3"),
               withDefault("utilization", "",
                           "fraction of hours the GPUs do billable work, > 0 and <= 1", "1"),
               withDefault("idle-fraction", "",
                           "draw while not busy as a fraction of it-kw, 0-1 (0 = off)", "0"),
               withDefault("other-opex-usd-per-year", "USD/year",
                           "non-energy running cost (support, staff, space)", "0") } };
}

} // namespace

std::vector<Entry> infrastructureEntries()
{
    return {
        { powerInfo(), runPower },         { coolantFlowInfo(), runCoolantFlow },
        { allReduceInfo(), runAllReduce }, { collectiveInfo(), runCollective },
        { fatTreeInfo(), runFatTree },     { pfcHeadroomInfo(), runPfcHeadroom },
        { costInfo(), runCost },
    };
}

} // namespace cw::calc::detail

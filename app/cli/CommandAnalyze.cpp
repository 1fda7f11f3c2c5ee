#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/FabricAnalysis.h"
#include "model/fabric/FabricGraph.h"
#include "model/io/DesignFile.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <random>
#include <set>
#include <unordered_map>

namespace cw::cli {

const char *const kAnalyzeHelp = R"(Usage: clusterwright-cli analyze DESIGN [--json] [--fabric NAME]
                                 [--fail SWITCH]... [--fail-random-spines N] [--seed S]

For each fabric: endpoints (compute nodes and their ports on it), switches and links per
tier, per-switch port use, per-tier oversubscription (downlink/uplink bandwidth, worst and
typical) and bisection bandwidth by max-flow over the partitions halves, interleaved and
random-1..4, then a Fiduccia-Mattheyses search for a worse balanced cut from the worst of
them (docs/fabric.md gives the exact definition): the bisection is the smallest cut found,
so the true one is at most that ("worst cut found by ..."). With --fail the named switches
are removed first and the report also gives the figures before the failure and the nodes
left disconnected.

Options:
  --json                     machine-readable output (keys in docs/cli.md)
  --fabric NAME              analyze only this fabric
  --fail SWITCH              remove this switch (hostname; repeatable)
  --fail-random-spines N     remove N tier-1 switches of each fabric, chosen with --seed
  --seed S                   seed of the random choices (default 1)
  --help                     this text

Exit codes: 0 ok, 1 usage (unknown fabric or switch, bad number), 2 the design cannot be
read or is invalid.
)";

namespace {

nlohmann::ordered_json optionalNumber(const std::optional<double> &value)
{
    return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json reportJson(const FabricReport &report)
{
    nlohmann::ordered_json j;
    j["name"] = report.name;
    j["technology"] = std::string(toString(report.technology));
    j["endpoints"] = { { "nodes", report.nodes },
                       { "ports", report.nodePorts },
                       { "other_links", report.otherEndpointLinks } };
    nlohmann::ordered_json switches = nlohmann::ordered_json::object();
    for (const auto &[tier, count] : report.switchesByTier)
        switches[std::to_string(tier)] = count;
    j["switches_by_tier"] = std::move(switches);
    nlohmann::ordered_json links = nlohmann::ordered_json::object();
    for (const auto &[tier, count] : report.linksByTier)
        links[std::to_string(tier)] = count;
    j["links_by_tier"] = std::move(links);
    nlohmann::ordered_json oversubscription = nlohmann::ordered_json::array();
    for (const TierOversubscription &tier : report.oversubscription)
        oversubscription.push_back({ { "tier", tier.tier },
                                     { "switches", tier.switches },
                                     { "down_gbps", tier.downGbps },
                                     { "up_gbps", tier.upGbps },
                                     { "worst", optionalNumber(tier.worst) },
                                     { "typical", optionalNumber(tier.typical) } });
    j["oversubscription"] = std::move(oversubscription);
    j["bisection_gbps"] = report.bisectionGbps;
    j["bisection_found_by"] = report.bisectionFoundBy;
    j["full_bisection_gbps"] = report.fullBisectionGbps;
    j["ratio"] = report.ratio;
    nlohmann::ordered_json partitions = nlohmann::ordered_json::array();
    for (const PartitionCut &cut : report.partitions)
        partitions.push_back({ { "name", cut.name }, { "cut_gbps", cut.cutGbps } });
    j["partitions"] = std::move(partitions);
    nlohmann::ordered_json ports = nlohmann::ordered_json::array();
    for (const SwitchPortUse &use : report.portUse)
        ports.push_back({ { "name", use.name },
                          { "tier", use.tier },
                          { "used", use.used },
                          { "ports", use.ports } });
    j["port_use"] = std::move(ports);
    j["failed_switches"] = report.failedSwitches;
    j["failed_links"] = report.failedLinks;
    j["nodes_disconnected"] = report.nodesDisconnected;
    return j;
}

const char *tierName(int tier)
{
    switch (tier) {
    case -1:
        return "unknown";
    case 0:
        return "leaf";
    case 1:
        return "spine";
    case 2:
        return "core";
    default:
        return "tier";
    }
}

void printReport(std::ostream &out, const FabricReport &report, const FabricReport *before)
{
    out << "Fabric " << report.name << " (" << toString(report.technology) << ")\n";
    out << "  endpoints:        " << report.nodes << " nodes, " << report.nodePorts << " ports";
    if (report.otherEndpointLinks > 0)
        out << " (+" << report.otherEndpointLinks << " links to storage/management devices)";
    out << "\n  switches:        ";
    for (const auto &[tier, count] : report.switchesByTier)
        out << " " << tierName(tier) << "(" << tier << ")=" << count;
    out << "\n  links:           ";
    for (const auto &[tier, count] : report.linksByTier)
        out << " tier" << tier << "=" << count;
    out << "\n";
    for (const TierOversubscription &tier : report.oversubscription)
        out << "  oversubscription " << tierName(tier.tier) << ": worst "
            << (tier.worst ? fixed(*tier.worst, 2) : std::string("inf")) << ":1, typical "
            << (tier.typical ? fixed(*tier.typical, 2) : std::string("n/a")) << ":1 ("
            << fixed(tier.downGbps, 0) << " Gb/s down, " << fixed(tier.upGbps, 0) << " Gb/s up)\n";
    int full = 0;
    int maxUsed = 0;
    for (const SwitchPortUse &use : report.portUse) {
        full += use.used >= use.ports ? 1 : 0;
        maxUsed = std::max(maxUsed, use.used);
    }
    out << "  port use:         " << report.portUse.size() << " switches, " << full
        << " with every fabric port used, busiest " << maxUsed << " ports\n";
    for (const PartitionCut &cut : report.partitions)
        out << "  cut " << cut.name << ": " << fixed(cut.cutGbps, 0) << " Gb/s\n";
    out << "  bisection:        at most " << fixed(report.bisectionGbps, 0)
        << " Gb/s (worst cut found by " << report.bisectionFoundBy << ") of "
        << fixed(report.fullBisectionGbps, 0) << " Gb/s full, ratio " << fixed(report.ratio, 3)
        << "\n";
    if (before) {
        out << "  failed:           " << report.failedSwitches.size() << " switch(es), "
            << report.failedLinks << " link(s); " << report.nodesDisconnected
            << " node(s) disconnected\n";
        out << "  before failure:   " << fixed(before->bisectionGbps, 0) << " Gb/s, ratio "
            << fixed(before->ratio, 3) << "\n";
    }
}

/// The switches --fail names; nullopt after reporting a name that is no switch.
std::optional<std::set<DeviceId>> namedSwitches(Context &context, const Design &design,
                                                const ParsedArgs &args)
{
    std::set<DeviceId> named;
    const auto it = args.values.find("--fail");
    if (it == args.values.end())
        return named;
    std::unordered_map<std::string_view, const Device *> byName;
    for (const Device &device : design.devices())
        byName.emplace(device.name, &device);
    for (const std::string &name : it->second) {
        auto found = byName.find(name);
        if (found == byName.end() || found->second->role != DeviceRole::Switch) {
            context.err << "error: --fail " << name << ": no switch of that name\n";
            return std::nullopt;
        }
        named.insert(found->second->id);
    }
    return named;
}

/// The switches of one fabric to fail: those named that are in it, and `randomSpines` of its
/// spines drawn with `seed`. Nullopt after reporting a fabric with fewer spines than that.
std::optional<std::set<DeviceId>> failedSwitches(Context &context, const FabricGraph &graph,
                                                 const std::string &fabricName,
                                                 const std::set<DeviceId> &named, int randomSpines,
                                                 int seed)
{
    std::set<DeviceId> failed;
    for (const FabricVertex &vertex : graph.vertices)
        if (named.contains(vertex.device))
            failed.insert(vertex.device);
    if (randomSpines == 0)
        return failed;
    std::vector<DeviceId> spines;
    for (const FabricVertex &vertex : graph.vertices)
        if (vertex.kind == VertexKind::Switch && vertex.tier == 1)
            spines.push_back(vertex.device);
    if (randomSpines > static_cast<int>(spines.size())) {
        context.err << "error: --fail-random-spines " << randomSpines << ": fabric " << fabricName
                    << " has " << spines.size() << " spine(s)\n";
        return std::nullopt;
    }
    // Same draw as the partitions: Fisher-Yates on mt19937_64, canonical order.
    std::mt19937_64 engine(static_cast<std::uint64_t>(seed));
    for (std::size_t i = spines.size(); i > 1; --i)
        std::swap(spines[i - 1], spines[engine() % i]);
    failed.insert(spines.begin(), spines.begin() + randomSpines);
    return failed;
}

} // namespace

int runAnalyze(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--json", "--help" },
                                      { "--fabric", "--fail", "--fail-random-spines", "--seed" });
    if (const auto answered
        = answerHelpOrUsage(context, args, kAnalyzeHelp,
                            args.positional.size() != 1 ? "analyze takes one DESIGN file" : ""))
        return *answered;
    const auto randomSpines = wholeNumber(args.value("--fail-random-spines", "0"), 0);
    const auto seed = wholeNumber(args.value("--seed", "1"), 0);
    if (!randomSpines || !seed) {
        context.err << "error: --fail-random-spines and --seed take a whole number >= 0\n";
        return ExitUsage;
    }
    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const Catalog &catalog = input->catalog();
    const Design &design = input->design();

    const auto named = namedSwitches(context, design, args);
    if (!named)
        return ExitUsage;
    std::vector<const Fabric *> fabrics;
    const std::string only = args.value("--fabric");
    for (const Fabric &fabric : design.fabrics())
        if (only.empty() || fabric.name == only)
            fabrics.push_back(&fabric);
    if (!only.empty() && fabrics.empty()) {
        context.err << "error: the design has no fabric \"" << only << "\"\n";
        return ExitUsage;
    }

    nlohmann::ordered_json jsonFabrics = nlohmann::ordered_json::array();
    for (const Fabric *fabric : fabrics) {
        auto graph = buildFabricGraph(design, catalog, fabric->id);
        if (!graph) {
            context.err << "error: " << graph.error().message << "\n";
            return ExitBadInput;
        }
        const auto failed
            = failedSwitches(context, *graph, fabric->name, *named, *randomSpines, *seed);
        if (!failed)
            return ExitUsage;
        AnalysisOptions options;
        options.refineCut = true; // "at most X (worst cut found by ...)": search for worse cuts
        const FabricReport before = analyzeFabric(*graph, options);
        FabricReport report = before;
        if (!failed->empty()) {
            auto after = buildFabricGraph(design, catalog, fabric->id, *failed);
            if (!after) {
                context.err << "error: " << after.error().message << "\n";
                return ExitBadInput;
            }
            report = analyzeFabric(*after, options);
        }
        if (args.has("--json")) {
            nlohmann::ordered_json j = reportJson(report);
            if (!failed->empty())
                j["before_failure"] = { { "bisection_gbps", before.bisectionGbps },
                                        { "full_bisection_gbps", before.fullBisectionGbps },
                                        { "ratio", before.ratio } };
            jsonFabrics.push_back(std::move(j));
        } else {
            printReport(context.out, report, failed->empty() ? nullptr : &before);
        }
    }
    if (args.has("--json"))
        context.out << nlohmann::ordered_json {
            { "design", design.name() }, { "fabrics", std::move(jsonFabrics) }
        }.dump(2) << "\n";
    return ExitOk;
}

} // namespace cw::cli

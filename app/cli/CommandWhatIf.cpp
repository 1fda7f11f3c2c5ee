#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/failure/FailureSweep.h"
#include "model/failure/WhatIf.h"
#include "model/io/DesignFile.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <sstream>

namespace cw::cli {

const char *const kWhatIfHelp = R"(Usage: clusterwright-cli whatif DESIGN --fail DOMAIN... [--json]
       clusterwright-cli whatif DESIGN --sweep N-1 [--kinds K,K...] [--top N] [--json]

What a lost feed, PDU, CDU, hall, row, rack, switch or link does to the cluster, across
power, cooling, fabric and workload, in one simulation (docs/failure-domains.md). With several --fail they fail
together. The design is not changed.

Domains:
  feed:A | feed:B          every PDU on that feed, site-wide
  pdu:RACK/PDU             one PDU (e.g. pdu:A01/A1)
  cdu:NAME                 one CDU (a floor-standing or in-rack unit): its row's liquid
                           heat falls on the CDUs left
  hall:NAME                the site hall goes dark: every row in it
  row:NAME, rack:NAME      everything in the row or rack goes dark
  switch:NAME, device:NAME one device
  link:ID                  one cable (its id in the design file)

Options:
  --fail DOMAIN       fail this domain (repeatable)
  --sweep N-1         fail each domain of the chosen kinds alone and rank them by GPUs lost,
                      then bisection lost: the worst single points of failure first
  --kinds K,K...      kinds for --sweep (default feed,pdu,cdu,hall,row,rack,switch)
  --top N             rows of the sweep table (default 20; the JSON has every domain)
  --json              machine-readable output: gpus_lost, nodes_lost, devices_off,
                      devices_capped (with cause power or cooling), pdus_overloaded,
                      cdus_lost, cooling_rows[], largest_job_nodes, largest_job_gpus,
                      fabrics[] (name, bisection_gbps, bisection_before_gbps, ...), storage[],
                      verdict; with --sweep, sweep[] of those in rank order
  --help              this text

Exit codes: 0 ok, 1 usage (unknown domain, bad option), 2 the design cannot be read.
)";

namespace {

nlohmann::ordered_json toJson(const WhatIfReport &report)
{
    nlohmann::ordered_json j;
    j["failures"] = report.failures;
    j["gpus"] = report.gpus;
    j["gpus_lost"] = report.gpusLost;
    j["nodes"] = report.nodes;
    j["nodes_lost"] = report.nodesLost;
    j["nodes_usable"] = report.nodesUsable;
    j["devices_off"] = report.devicesOff;
    nlohmann::ordered_json capped = nlohmann::ordered_json::array();
    for (const CappedDevice &device : report.devicesCapped)
        capped.push_back({ { "name", device.name },
                           { "psus_up", device.psusUp },
                           { "psus", device.psus },
                           { "available_w", device.availableW },
                           { "max_power_w", device.maxPowerW },
                           { "cause", device.cause == CapCause::Power ? "power" : "cooling" } });
    j["devices_capped"] = capped;
    nlohmann::ordered_json pdus = nlohmann::ordered_json::array();
    for (const OverloadedPdu &pdu : report.pdusOverloaded)
        pdus.push_back({ { "rack", pdu.rack },
                         { "pdu", pdu.pdu },
                         { "load_w", pdu.loadW },
                         { "capacity_w", pdu.capacityW },
                         { "overloaded_before", pdu.overloadedBefore } });
    j["pdus_overloaded"] = pdus;
    j["cdus_lost"] = report.cdusLost;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const RowCoolingImpact &row : report.coolingRows)
        rows.push_back({ { "row", row.row },
                         { "cdus", row.cdus },
                         { "cdus_up", row.cdusUp },
                         { "liquid_w", row.liquidW },
                         { "capacity_before_w", row.capacityBeforeW },
                         { "capacity_w", row.capacityW },
                         { "short", row.isShort() },
                         { "devices_off", row.devicesOff },
                         { "devices_capped", row.devicesCapped } });
    j["cooling_rows"] = rows;
    j["largest_job_nodes"] = report.largestJobNodes;
    j["largest_job_gpus"] = report.largestJobGpus;
    nlohmann::ordered_json fabrics = nlohmann::ordered_json::array();
    for (const FabricImpact &fabric : report.fabrics)
        fabrics.push_back({ { "name", fabric.name },
                            { "purpose", std::string(toString(fabric.purpose)) },
                            { "bisection_gbps", fabric.bisectionGbps },
                            { "bisection_before_gbps", fabric.bisectionBeforeGbps },
                            { "worst_cut", fabric.worstPartition },
                            { "switches_lost", fabric.switchesLost },
                            { "links_lost", fabric.linksLost },
                            { "nodes_disconnected", fabric.nodesDisconnected },
                            { "nodes_degraded", fabric.nodesDegraded },
                            { "leaves", fabric.leaves },
                            { "leaves_whole", fabric.leavesWhole } });
    j["fabrics"] = fabrics;
    nlohmann::ordered_json storage = nlohmann::ordered_json::array();
    for (const StorageImpact &tier : report.storage)
        storage.push_back({ { "tier", tier.tier },
                            { "servers", tier.servers },
                            { "servers_lost", tier.serversLost },
                            { "reachable", tier.reachable } });
    j["storage"] = storage;
    j["notes"] = report.notes;
    j["verdict"] = report.verdict;
    return j;
}

void printReport(std::ostream &out, const WhatIfReport &report)
{
    out << report.verdict << "\n\n";
    out << "power:\n  devices off:      " << report.devicesOff.size();
    for (std::size_t i = 0; i < report.devicesOff.size() && i < 8; ++i)
        out << (i == 0 ? " (" : ", ") << report.devicesOff[i];
    out << (report.devicesOff.size() > 8 ? ", ...)" : report.devicesOff.empty() ? "" : ")") << "\n";
    out << "  devices capped:   " << report.devicesCapped.size() << "\n";
    for (std::size_t i = 0; i < report.devicesCapped.size() && i < 8; ++i) {
        const CappedDevice &d = report.devicesCapped[i];
        out << "    " << d.name << ": ";
        if (d.cause == CapCause::Power)
            out << d.psusUp << " of " << d.psus << " PSUs, ";
        else
            out << "its row's CDUs left, ";
        out << fixed(d.availableW / 1000.0, 1) << " kW of " << fixed(d.maxPowerW / 1000.0, 1)
            << " kW maximum\n";
    }
    out << "  PDUs overloaded:  " << report.pdusOverloaded.size() << "\n";
    for (const OverloadedPdu &pdu : report.pdusOverloaded)
        out << "    " << pdu.rack << "/" << pdu.pdu << ": " << fixed(pdu.loadW / 1000.0, 1)
            << " kW on " << fixed(pdu.capacityW / 1000.0, 1) << " kW after derating"
            << (pdu.overloadedBefore ? " (already over before the failure)" : "") << "\n";
    out << "cooling:\n  CDUs lost:        " << report.cdusLost.size() << "\n";
    for (const RowCoolingImpact &row : report.coolingRows)
        out << "    row " << row.row << ": " << row.cdusUp << " of " << row.cdus << " CDUs left, "
            << fixed(row.capacityW / 1000.0, 1) << " kW for " << fixed(row.liquidW / 1000.0, 1)
            << " kW of liquid heat"
            << (row.devicesOff > 0          ? ", liquid-cooled devices off"
                    : row.devicesCapped > 0 ? ", liquid-cooled devices capped"
                                            : ", covered")
            << "\n";
    out << "fabric:\n";
    for (const FabricImpact &f : report.fabrics)
        out << "  " << f.name << ": bisection at most " << fixed(f.bisectionGbps, 0) << " of "
            << fixed(f.bisectionBeforeGbps, 0) << " Gb/s (worst cut found by " << f.worstPartition
            << "); " << f.switchesLost << " switches, " << f.linksLost << " links lost; "
            << f.nodesDisconnected << " nodes cut off, " << f.nodesDegraded
            << " with broken rails; leaves whole " << f.leavesWhole << "/" << f.leaves << "\n";
    out << "workload:\n  GPUs lost:        " << report.gpusLost << " of " << report.gpus
        << "\n  nodes lost:       " << report.nodesLost << " of " << report.nodes
        << "\n  largest job:      " << report.largestJobNodes << " nodes, " << report.largestJobGpus
        << " GPUs\n";
    for (const StorageImpact &tier : report.storage)
        out << "storage " << tier.tier << ": " << tier.serversLost << " of " << tier.servers
            << " servers lost" << (tier.reachable ? "" : ", unreachable") << "\n";
    for (const std::string &note : report.notes)
        out << "note: " << note << "\n";
}

bool parseKinds(const std::string &text, std::set<DomainKind> &kinds)
{
    std::stringstream stream(text);
    std::string word;
    while (std::getline(stream, word, ',')) {
        DomainKind kind;
        if (!parseDomainKind(word, kind))
            return false;
        kinds.insert(kind);
    }
    return !kinds.empty();
}

/// The N-1 sweep's table, worst first (`top` rows), or the whole sweep as JSON.
void printSweep(std::ostream &out, const std::vector<SweepEntry> &entries, int top, bool json)
{
    if (json) {
        nlohmann::ordered_json j;
        j["domains"] = entries.size();
        j["sweep"] = nlohmann::ordered_json::array();
        for (const SweepEntry &entry : entries) {
            nlohmann::ordered_json row = toJson(entry.report);
            row["bisection_lost_gbps"] = entry.bisectionLostGbps;
            j["sweep"].push_back(std::move(row));
        }
        out << j.dump(2) << "\n";
        return;
    }
    out << "N-1 sweep over " << entries.size()
        << " domains, worst first (GPUs lost, then bisection lost):\n\n"
        << "rank  domain                     GPUs lost  nodes lost capped  bisection lost "
           "Gb/s  largest job\n";
    const auto printed = std::min(entries.size(), static_cast<std::size_t>(top));
    for (std::size_t i = 0; i < printed; ++i) {
        const WhatIfReport &r = entries[i].report;
        std::ostringstream line;
        line.width(4);
        line << i + 1 << "  ";
        std::string name = r.failures.front();
        name.resize(std::max<std::size_t>(name.size(), 26), ' ');
        line << name << " ";
        line.width(9);
        line << r.gpusLost << "  ";
        line.width(9);
        line << r.nodesLost << "  ";
        line.width(6);
        line << r.devicesCapped.size() << "  ";
        line.width(19);
        line << fixed(entries[i].bisectionLostGbps, 0) << "  " << r.largestJobNodes << " nodes";
        out << line.str() << "\n";
    }
    out << "\nBisection after each failure: the minimum over the halves and interleaved "
           "partitions of the survivors, an upper bound (whatif --fail also searches "
           "for worse cuts).\n";
}

} // namespace

int runWhatIf(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--json", "--help" },
                                      { "--fail", "--sweep", "--kinds", "--top" });
    if (args.has("--help")) {
        context.out << kWhatIfHelp;
        return ExitOk;
    }
    const bool sweep = args.values.contains("--sweep");
    const bool fail = args.values.contains("--fail");
    if (!args.error.empty() || args.positional.size() != 1 || sweep == fail) {
        context.err << "error: "
                    << (!args.error.empty() ? args.error
                            : args.positional.size() != 1
                            ? std::string("whatif takes one DESIGN file")
                            : std::string("give --fail DOMAIN... or --sweep N-1"))
                    << "\n"
                    << kWhatIfHelp;
        return ExitUsage;
    }
    if (sweep && args.value("--sweep") != "N-1") {
        context.err << "error: --sweep takes N-1 (single failures)\n";
        return ExitUsage;
    }
    std::set<DomainKind> kinds { DomainKind::Feed,  DomainKind::Pdu, DomainKind::Cdu,
                                 DomainKind::Hall,  DomainKind::Row, DomainKind::Rack,
                                 DomainKind::Switch };
    if (args.values.contains("--kinds") && !parseKinds(args.value("--kinds"), kinds = {})) {
        context.err << "error: --kinds takes a comma-separated list of feed, pdu, cdu, hall, "
                       "row, rack, switch, link, device\n";
        return ExitUsage;
    }
    const auto top = wholeNumber(args.value("--top", "20"), 1);
    if (!top) {
        context.err << "error: --top takes a whole number >= 1\n";
        return ExitUsage;
    }

    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const Catalog &catalog = input->catalog();
    const Design &design = input->design();
    std::vector<FailureDomain> domains;
    if (fail) {
        for (const std::string &text : args.values.at("--fail")) {
            auto domain = parseFailureDomain(design, text, &catalog);
            if (!domain) {
                context.err << "error: " << domain.error().message << "\n";
                return ExitUsage;
            }
            domains.push_back(domain.value());
        }
    } else {
        domains = enumerateDomains(design, kinds, &catalog);
    }
    WhatIfOptions options;
    if (sweep)
        options.analysis.randomPartitions = 0; // halves and interleaved: thousands of runs
    else
        options.analysis.refineCut = true; // one run: also search for a worse cut
    auto model = FailureModel::build(design, catalog, options);
    if (!model) {
        context.err << "error: " << model.error().message << "\n";
        return ExitBadInput;
    }
    if (fail) {
        const WhatIfReport report = model->simulate(domains);
        if (args.has("--json"))
            context.out << toJson(report).dump(2) << "\n";
        else
            printReport(context.out, report);
        return ExitOk;
    }
    const std::vector<SweepEntry> entries = sweepSingleFailures(*model, domains);
    printSweep(context.out, entries, *top, args.has("--json"));
    return ExitOk;
}

} // namespace cw::cli

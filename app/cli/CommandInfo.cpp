#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"
#include "model/io/SchemaVersion.h"
#include "model/summary/DesignSummary.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cw::cli {

const char *const kInfoHelp = R"(Usage: clusterwright-cli info DESIGN [--json]

Prints what a design contains: racks, devices by role, GPUs, switches, links per fabric,
storage capacity and total IT power (the sum of every device's maximum power, in kW).

Options:
  --json    machine-readable output (keys in docs/cli.md)
  --help    this text

Exit codes: 0 ok, 1 usage, 2 the design cannot be read or is invalid.
)";

int runInfo(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--json", "--help" }, {});
    if (const auto answered
        = answerHelpOrUsage(context, args, kInfoHelp,
                            args.positional.size() != 1 ? "info takes one DESIGN file" : ""))
        return *answered;
    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const Catalog &catalog = input->catalog();
    const Design &design = input->design();
    const DesignSummary summary = summarize(design, catalog);

    if (args.has("--json")) {
        nlohmann::ordered_json j;
        j["name"] = design.name();
        j["schema_version"] = kDesignSchemaVersion;
        j["rows"] = summary.rows;
        j["racks"] = summary.racks;
        j["devices"] = summary.devices;
        j["nodes"] = summary.nodes;
        j["storage_servers"] = summary.storageServers;
        j["management_servers"] = summary.managementServers;
        j["gpus"] = summary.gpus;
        j["switches"] = summary.switches;
        j["links"] = summary.links;
        j["it_power_kw"] = summary.itPowerKw;
        j["it_typical_power_kw"] = summary.itTypicalPowerKw;
        j["storage_capacity_tb"] = summary.storageCapacityTB;
        nlohmann::ordered_json fabrics = nlohmann::ordered_json::array();
        for (const FabricSummary &fabric : summary.fabrics)
            fabrics.push_back({ { "name", fabric.name },
                                { "purpose", std::string(toString(fabric.purpose)) },
                                { "technology", std::string(toString(fabric.technology)) },
                                { "link_speed_gbps", fabric.linkSpeedGbps },
                                { "links", fabric.links } });
        j["fabrics"] = std::move(fabrics);
        context.out << j.dump(2) << "\n";
        return ExitOk;
    }

    std::ostream &out = context.out;
    out << "Design:            " << (design.name().empty() ? "(unnamed)" : design.name()) << "\n";
    out << "Racks:             " << summary.racks << " in " << summary.rows << " row(s)\n";
    out << "Compute nodes:     " << summary.nodes << "  (" << summary.gpus << " GPUs)\n";
    out << "Storage servers:   " << summary.storageServers << "\n";
    out << "Management:        " << summary.managementServers << "\n";
    out << "Switches:          " << summary.switches << "\n";
    out << "Links:             " << summary.links << "\n";
    for (const FabricSummary &fabric : summary.fabrics)
        out << "  " << fabric.name << " (" << toString(fabric.technology) << ", "
            << toString(fabric.purpose) << ", " << fixed(fabric.linkSpeedGbps, 0)
            << " Gb/s): " << fabric.links << "\n";
    out << "Storage capacity:  " << fixed(summary.storageCapacityTB, 1) << " TB\n";
    out << "IT power:          " << fixed(summary.itPowerKw, 1) << " kW max, "
        << fixed(summary.itTypicalPowerKw, 1) << " kW typical\n";
    return ExitOk;
}

} // namespace cw::cli

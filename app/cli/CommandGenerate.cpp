#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/summary/DesignSummary.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cw::cli {

const char *const kGenerateHelp = R"(Usage: clusterwright-cli generate --list [--json]
       clusterwright-cli generate TEMPLATE [--param KEY=VALUE]... -o OUT.cluster.json

Writes a complete design from a template: racks placed in rows, devices in U slots, every
link cabled (length from the floor plan, medium by reach), storage tier and management
network included, site and row budgets filled with 25 % headroom. The same parameters give
a byte-identical file. docs/fabric.md describes the templates and their parameters.

Options:
  --list              list the templates and their parameters
  --param KEY=VALUE   a template parameter (repeatable)
  -o, --output FILE   the design file to write (required)
  --json              with --list: machine-readable list
  --help              this text

Exit codes: 0 ok, 1 usage (unknown template or parameter, impossible value),
2 the file cannot be written.
)";

int runGenerate(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, {"--list", "--json", "--help"},
                                      {"--param", "--output"});
    if (args.has("--help")) {
        context.out << kGenerateHelp;
        return ExitOk;
    }
    if (!args.error.empty()) {
        context.err << "error: " << args.error << "\n" << kGenerateHelp;
        return ExitUsage;
    }
    if (args.has("--list")) {
        if (args.has("--json")) {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const DesignTemplate &t : designTemplates()) {
                nlohmann::ordered_json parameters = nlohmann::ordered_json::array();
                for (const TemplateParameter &p : t.parameters)
                    parameters.push_back({{"name", p.name}, {"default", p.defaultValue},
                                          {"help", p.help}});
                list.push_back({{"name", t.name}, {"summary", t.summary},
                                {"parameters", std::move(parameters)}});
            }
            context.out << nlohmann::ordered_json{{"templates", std::move(list)}}.dump(2) << "\n";
            return ExitOk;
        }
        for (const DesignTemplate &t : designTemplates()) {
            context.out << t.name << ": " << t.summary << "\n";
            for (const TemplateParameter &p : t.parameters)
                context.out << "    " << p.name << " = "
                            << (p.defaultValue.empty() ? std::string("(required)") : p.defaultValue)
                            << "  -- " << p.help << "\n";
        }
        return ExitOk;
    }
    if (args.positional.size() != 1) {
        context.err << "error: generate takes one TEMPLATE (see --list)\n" << kGenerateHelp;
        return ExitUsage;
    }
    const std::string output = args.value("--output");
    if (output.empty()) {
        context.err << "error: generate needs -o OUT.cluster.json\n";
        return ExitUsage;
    }
    const auto params = keyValueParams(args, context.err);
    if (!params)
        return ExitUsage;
    const std::map<std::string, std::string> &parameters = *params;
    const auto catalog = context.catalog();
    if (!catalog)
        return ExitBadInput;
    auto generated = generateDesign(args.positional[0], parameters, *catalog);
    if (!generated) {
        context.err << "error: " << generated.error().message << "\n";
        return ExitUsage;
    }
    for (const std::string &note : generated->notes)
        context.err << "note: " << note << "\n";
    const Design &design = generated->design;
    if (auto saved = saveDesignFile(design, *catalog, output); !saved) {
        context.err << "error: " << saved.error().message << "\n";
        return ExitBadInput;
    }
    const DesignSummary summary = summarize(design, *catalog);
    context.out << "wrote " << output << ": " << summary.nodes << " nodes (" << summary.gpus
                << " GPUs), " << summary.switches << " switches, " << summary.links
                << " links, " << summary.racks << " racks in " << summary.rows << " rows\n";
    return ExitOk;
}

} // namespace cw::cli

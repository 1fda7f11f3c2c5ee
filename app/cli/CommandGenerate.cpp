#include "app/cli/Commands.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/io/SiteFile.h"
#include "model/summary/DesignSummary.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>

namespace cw::cli {

const char *const kGenerateHelp = R"(Usage: clusterwright-cli generate --list [--json]
       clusterwright-cli generate TEMPLATE [--param KEY=VALUE]... [--site SITE.json]
                                  -o OUT.cluster.json

Writes a complete design from a template into a site: racks placed in the site's halls
within their kW per position, devices in U slots, CDUs in liquid rows, every link cabled
(length from the floor plan and the routes between halls, medium by reach), storage tier and
management network included. The site is an input and is written unchanged. When the design
does not fit, nothing is written and the message names the binding constraint (power,
cooling, positions, reach) and the largest design that fits. The same parameters and site
give a byte-identical file. docs/fabric.md describes the templates, their parameters and
their default site.

Options:
  --list              list the templates and their parameters
  --param KEY=VALUE   a template parameter (repeatable)
  --site FILE         the site: a JSON object like a design file's "site" (or a design
                      file, whose site is taken); default: the template's default site
  -o, --output FILE   the design file to write (required)
  --json              with --list: machine-readable list
  --help              this text

Exit codes: 0 ok, 1 usage (unknown template or parameter, impossible value) or the design
does not fit the site, 2 the site or the output file cannot be read or written.
)";

nlohmann::ordered_json parameterJson(const TemplateParameter &p)
{
    static const char *const kinds[] = { "text", "integer", "choice", "boolean", "part" };
    nlohmann::ordered_json json { { "name", p.name },
                                  { "default", p.defaultValue },
                                  { "help", p.help },
                                  { "kind", kinds[static_cast<int>(p.kind)] } };
    if (!p.choices.empty())
        json["choices"] = p.choices;
    if (p.kind == ParameterKind::Integer) {
        json["minimum"] = p.minimum;
        json["maximum"] = p.maximum;
    }
    if (p.kind == ParameterKind::Part)
        json["partKind"] = std::string(toString(p.partKind));
    return json;
}

int runGenerate(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--list", "--json", "--help" },
                                      { "--param", "--output", "--site" });
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
                    parameters.push_back(parameterJson(p));
                list.push_back({ { "name", t.name },
                                 { "summary", t.summary },
                                 { "sizeParameter", t.sizeParameter },
                                 { "defaultSite", t.defaultSite },
                                 { "parameters", std::move(parameters) } });
            }
            context.out << nlohmann::ordered_json { { "templates", std::move(list) } }.dump(2)
                        << "\n";
            return ExitOk;
        }
        for (const DesignTemplate &t : designTemplates()) {
            context.out << t.name << ": " << t.summary << "\n    default site: " << t.defaultSite
                        << "\n";
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
    std::optional<Site> site;
    if (const std::string sitePath = args.value("--site"); !sitePath.empty()) {
        auto loaded = loadSiteFile(sitePath);
        if (!loaded) {
            context.err << "error: " << loaded.error().message << "\n";
            return ExitBadInput;
        }
        for (const std::string &warning : loaded->warnings)
            context.err << "warning: " << sitePath << ": " << warning << "\n";
        site = loaded->site;
    }
    auto generated = generateDesign(args.positional[0], parameters, *catalog, site);
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
                << " GPUs), " << summary.switches << " switches, " << summary.links << " links, "
                << summary.racks << " racks in " << summary.rows << " rows\n";
    return ExitOk;
}

} // namespace cw::cli

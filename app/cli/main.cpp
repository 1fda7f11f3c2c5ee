// clusterwright-cli: the workbench's core without a display (the kicad-cli model).

#include "app/cli/CommandValidate.h"
#include "app/cli/Commands.h"

#include "calculators/ModelPresets.h"
#include "calculators/Registry.h"
#include "model/io/SchemaVersion.h"
#include "resources/EmbeddedResources.h"

#include <nlohmann/json.hpp>

#include <exception>
#include <iostream>

namespace cw::cli {

const std::vector<Command> &commands()
{
    static const std::vector<Command> list {
        { "info", "counts, GPUs, links per fabric and IT power of a design", kInfoHelp, &runInfo },
        { "upgrade", "migrate a design to the current schema and write it canonically",
          kUpgradeHelp, &runUpgrade },
        { "calc", "sizing calculators (memory, checkpoint, KV cache, power, all-reduce...)",
          kCalcHelp, &runCalc },
        { "generate", "write a design from a template (fat-tree, superpod-h100, seeds)",
          kGenerateHelp, &runGenerate },
        { "analyze", "fabric report: tiers, oversubscription, bisection by max-flow, failures",
          kAnalyzeHelp, &runAnalyze },
        { "validate",
          "check the design against the rule deck (power, cooling, space, network, RoCE)",
          kValidateHelp, &runValidate },
        { "whatif",
          "what a lost feed, PDU, row, rack, switch or link does, across power and fabric",
          kWhatIfHelp, &runWhatIf },
        { "export", "write the files that build the cluster (export --list names each family)",
          kExportHelp, &runExport },
        { "diff", "what changed between two designs: entities, BOM, work order, validation",
          kDiffHelp, &runDiff },
        { "merge", "three-way merge of designs (usable as a git merge driver)", kMergeHelp,
          &runMerge },
        { "asbuilt", "compare the built fabric (ibnetdiscover, LLDP, CSV) with the design",
          kAsbuiltHelp, &runAsbuilt },
        { "catalog", "import NetBox device types into a user catalog file (import-netbox)",
          kCatalogHelp, &runCatalog },
    };
    return list;
}

namespace {

void printUsage(std::ostream &out)
{
    out << "Usage: clusterwright-cli [--catalog DIR]... COMMAND [ARGS...]\n\n"
           "Commands:\n";
    for (const Command &command : commands())
        out << "  " << command.name << std::string(10 - std::string(command.name).size(), ' ')
            << command.summary << "\n";
    out << "\nGlobal options:\n"
           "  --catalog DIR   also read the catalog files in DIR (repeatable)\n"
           "  --version       print the version\n"
           "  --help          this text; COMMAND --help for a command's options\n\n"
           "Exit codes: 0 ok, 1 usage, 2 input cannot be read or is invalid,\n"
           "3 violations at or above --fail-on.\n";
}

bool registerModelPresets(std::ostream &err)
{
    std::vector<calc::ModelPreset> presets;
    for (const auto &file : resources::modelPresetFiles()) {
        std::string error;
        auto parsed
            = calc::parseModelPresets(nlohmann::json::parse(file.text, nullptr, false), error);
        if (!error.empty()) {
            err << "error: built-in model presets " << file.name << ": " << error << "\n";
            return false;
        }
        presets.insert(presets.end(), parsed.begin(), parsed.end());
    }
    calc::setModelPresets(std::move(presets));
    return true;
}

int run(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    Context context(std::cout, std::cerr);
    std::size_t i = 0;
    for (; i < args.size(); ++i) {
        const std::string &arg = args[i];
        if (arg == "--catalog" || arg.rfind("--catalog=", 0) == 0) {
            if (arg == "--catalog") {
                if (i + 1 >= args.size()) {
                    std::cerr << "error: --catalog needs a folder\n";
                    return ExitUsage;
                }
                context.catalogFolders.emplace_back(args[++i]);
            } else {
                context.catalogFolders.emplace_back(arg.substr(10));
            }
        } else if (arg == "--version") {
            std::cout << generatorName() << " (design schema version " << kDesignSchemaVersion
                      << ")\n";
            return ExitOk;
        } else if (arg == "--help" || arg == "-h") {
            printUsage(std::cout);
            return ExitOk;
        } else {
            break;
        }
    }
    if (i >= args.size()) {
        printUsage(std::cerr);
        return ExitUsage;
    }
    const std::string name = args[i];
    context.args.assign(args.begin() + static_cast<long>(i) + 1, args.end());
    for (const Command &command : commands()) {
        if (name != command.name)
            continue;
        if (!registerModelPresets(std::cerr))
            return ExitBadInput;
        return command.run(context);
    }
    std::cerr << "error: unknown command \"" << name << "\"\n\n";
    printUsage(std::cerr);
    return ExitUsage;
}

} // namespace
} // namespace cw::cli

int main(int argc, char **argv)
{
    try {
        cw::cli::keepLoadedDesignsUntilExit();
        return cw::cli::run(argc, argv);
    } catch (const std::exception &error) {
        // A bug, not an input problem the commands report themselves; never a crash trace.
        std::cerr << "internal error: " << error.what() << "\n";
        return cw::cli::ExitBadInput;
    }
}

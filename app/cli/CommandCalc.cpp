#include "app/cli/Commands.h"

#include "calculators/InputError.h"
#include "calculators/ParamParser.h"
#include "calculators/Registry.h"
#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"
#include "model/prefill/CapexPrefill.h"
#include "model/prefill/CatalogGpus.h"
#include "model/prefill/DesignFacts.h"
#include "model/prefill/DesignPrefill.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <ostream>
#include <set>

namespace cw::cli {

const char *const kCalcHelp = R"(Usage: clusterwright-cli calc --list
       clusterwright-cli calc NAME [--param key=value ...] [--design DESIGN] [--json]
       clusterwright-cli calc NAME --help

Runs one of the sizing calculators (formulas and sources in docs/calculators.md,
citations in docs/references.md). Numbers accept 70e9, 70B, 4096, 2.5.
Units are in every name: -gbit-s = 1e9 bits/s (link speeds), -gbyte-s = 1e9 bytes/s
(storage, collectives), -gbyte = 1e9 bytes, -kib = 1024 bytes, -s, -min, -hours, -kw.
Former names (link-gbps, write-gbps, speed-gbps, ...) still work for one release
and print a warning on stderr (and under "warnings" with --json).

Options:
  --list               list the calculators
  --param key=value    an input (repeat for each); always wins over the design
  --design DESIGN      take the inputs the design knows (GPU count and model, storage
                       write bandwidth, IT load, PUE, link speed, switch radix, workload,
                       bill of materials for cost) from a .cluster.json
  --json               result keys, "assumptions", "warnings" and, with --design,
                       "prefilled" (input -> value, source, assumed) and "prefill_notes"
  --help               this text, or a calculator's inputs with NAME

cost needs --design (capex from its bill of materials) unless capex-usd, it-kw, gpus,
usd-per-kwh and pue are all given.

Exit codes: 0 ok, 1 usage (unknown calculator or parameter, bad value),
2 the design or the catalog cannot be read.
)";

namespace {

void printInputs(std::ostream &out, const calc::CalculatorInfo &info)
{
    out << info.name << ": " << info.summary << "\n\nInputs:\n";
    for (const calc::ParamSpec &param : info.params) {
        out << "  " << param.key;
        if (!param.unit.empty())
            out << " [" << param.unit << "]";
        if (param.defaultValue)
            out << " (default " << *param.defaultValue << ")";
        else if (param.required)
            out << " (required)";
        for (const std::string &former : param.aliases)
            out << " (formerly " << former << ", accepted with a warning)";
        out << "\n      " << param.help << "\n";
    }
}

void printPrefill(std::ostream &out, const std::string &designName, const calc::Prefill &prefill,
                  const std::map<std::string, std::string> &given, const std::string &name)
{
    out << "Inputs from design \"" << designName << "\":\n";
    bool any = false;
    for (const calc::PrefilledInput &input : prefill.inputs) {
        if (input.assumed)
            continue;
        out << "  " << input.key << " = " << input.value << "  (" << input.source << ")\n";
        any = true;
    }
    if (!any)
        out << "  (none)\n";
    for (const calc::PrefilledInput &input : prefill.inputs) {
        if (input.assumed)
            out << "  ASSUMED " << input.key << " = " << input.value << "  (" << input.source
                << ")\n";
    }
    // The calculator's defaults the run used: assumptions too, named so.
    for (const calc::CalculatorInfo &info : calc::calculators()) {
        if (info.name != name)
            continue;
        for (const calc::ParamSpec &param : info.params) {
            if (param.defaultValue && !given.contains(param.key) && !prefill.find(param.key))
                out << "  default " << param.key << " = " << *param.defaultValue << "  ("
                    << param.help << ")\n";
        }
    }
    for (const std::string &note : prefill.notes)
        out << "  not from the design: " << note << "\n";
    out << "\n";
}

void printResult(std::ostream &out, const nlohmann::json &result,
                 const std::set<std::string> &formerOutputs)
{
    for (auto it = result.begin(); it != result.end(); ++it) {
        if (it.key() == "assumptions" || it.key() == "prefilled" || it.key() == "prefill_notes"
            || it.key() == "warnings" || it.key() == "deprecated_outputs"
            || formerOutputs.contains(it.key()))
            continue;
        out << it.key() << ": " << (it->is_string() ? it->get<std::string>() : it->dump()) << "\n";
    }
    if (result.contains("assumptions")) {
        out << "\nAssumptions:\n";
        for (const auto &assumption : result["assumptions"])
            out << "  - " << assumption.get<std::string>() << "\n";
    }
}

/// A prefilled value as JSON: a number when it reads as one, else the text ("1:1").
nlohmann::json prefilledValue(const std::string &text)
{
    if (const auto number = calc::parseNumber(text))
        return *number;
    return text;
}

/// What `calc` answers without running a calculator: --list, --help, NAME --help and a wrong
/// command line. The exit code when the command ends here, nullopt when NAME is to be run.
std::optional<int> answerWithoutRunning(Context &context, const ParsedArgs &args)
{
    if (!args.error.empty()) {
        context.err << "error: " << args.error << "\n" << kCalcHelp;
        return ExitUsage;
    }
    if (args.has("--list")) {
        for (const calc::CalculatorInfo &info : calc::calculators())
            context.out << info.name << "  " << info.summary << "\n";
        return ExitOk;
    }
    if (args.positional.empty()) {
        if (args.has("--help")) {
            context.out << kCalcHelp;
            return ExitOk;
        }
        context.err << "error: calc needs a calculator NAME (see calc --list)\n";
        return ExitUsage;
    }
    if (args.positional.size() > 1) {
        context.err << "error: unexpected argument " << args.positional[1] << "\n";
        return ExitUsage;
    }
    if (!args.has("--help"))
        return std::nullopt;
    const std::string &name = args.positional[0];
    for (const calc::CalculatorInfo &info : calc::calculators())
        if (info.name == name) {
            printInputs(context.out, info);
            return ExitOk;
        }
    context.err << "error: unknown calculator " << name << " (see calc --list)\n";
    return ExitUsage;
}

/// The inputs of one run: the user's (former names mapped to the current ones) and, with
/// --design, the design's prefill under them.
struct CalcInputs
{
    std::map<std::string, std::string> given; ///< the user's --param, current names
    std::vector<std::string> aliasWarnings; ///< one per former name used
    std::map<std::string, std::string> params; ///< what the calculator runs with
    std::optional<calc::Prefill> prefill; ///< with --design
    std::string designName;
};

/// Reads --param and --design into `inputs`; ExitOk, or the exit code of the error it reported.
int gatherInputs(Context &context, const ParsedArgs &args, const std::string &name,
                 CalcInputs &inputs)
{
    const auto typed = keyValueParams(args, context.err);
    if (!typed)
        return ExitUsage;
    // Former parameter names map to the current ones before the design fills the rest.
    try {
        inputs.given = calc::canonicalInputs(name, *typed, inputs.aliasWarnings);
    } catch (const calc::InputError &error) {
        context.err << "error: " << name << ": " << error.what() << "\n";
        return ExitUsage;
    }
    const std::map<std::string, std::string> &given = inputs.given;
    const auto designs = args.values.find("--design");
    if (designs != args.values.end() && designs->second.size() > 1) {
        context.err << "error: --design given more than once\n";
        return ExitUsage;
    }
    const bool withDesign = designs != args.values.end();
    if (name == "cost" && !withDesign && !given.contains("capex-usd")) {
        context.err << "error: cost: needs --design DESIGN (capex from its bill of materials) "
                       "or --param capex-usd=...\n";
        return ExitUsage;
    }

    // The catalog is the source of the GPU peaks (training-time gpu=...) and of every design
    // figure; read it only when one of them is asked for.
    std::shared_ptr<const Catalog> catalog;
    if (withDesign || given.contains("gpu")) {
        catalog = context.catalog();
        if (!catalog)
            return ExitBadInput;
        calc::registerCatalogGpus(*catalog);
    }

    inputs.params = given;
    if (!withDesign)
        return ExitOk;
    const auto loaded = context.loadDesign(designs->second.front(), *catalog);
    if (!loaded)
        return ExitBadInput;
    const calc::DesignFacts facts = calc::gatherDesignFacts(loaded->design, *catalog);
    inputs.designName = facts.designName;
    const calc::PrefillExtras extras = name == "cost" && !given.contains("capex-usd")
        ? calc::capexFromBom(loaded->design, *catalog)
        : calc::PrefillExtras {};
    inputs.prefill = calc::prefillFromDesign(name, facts, given, extras);
    inputs.params = inputs.prefill->merged(given);
    return ExitOk;
}

/// Prints a successful run: the JSON document with --json, else the prefill and the result.
void printOutcome(Context &context, const ParsedArgs &args, const std::string &name,
                  const CalcInputs &inputs, calc::CalcOutcome &outcome)
{
    if (inputs.prefill) {
        nlohmann::json filled = nlohmann::json::object();
        for (const calc::PrefilledInput &input : inputs.prefill->inputs)
            filled[input.key] = { { "value", prefilledValue(input.value) },
                                  { "source", input.source },
                                  { "assumed", input.assumed } };
        outcome.result["prefilled"] = filled;
        outcome.result["prefill_notes"] = inputs.prefill->notes;
    }
    if (!inputs.aliasWarnings.empty()) {
        std::vector<std::string> all = inputs.aliasWarnings;
        for (const std::string &warning : outcome.warnings)
            all.push_back(warning);
        outcome.result["warnings"] = all;
    }
    if (args.has("--json")) {
        context.out << outcome.result.dump(2) << "\n";
        return;
    }
    if (inputs.prefill)
        printPrefill(context.out, inputs.designName, *inputs.prefill, inputs.given, name);
    std::set<std::string> formerOutputs;
    for (const calc::CalculatorInfo &info : calc::calculators()) {
        if (info.name == name)
            for (const auto &[former, current] : info.renamedOutputs)
                formerOutputs.insert(former);
    }
    printResult(context.out, outcome.result, formerOutputs);
}

} // namespace

int runCalc(Context &context)
{
    const ParsedArgs args
        = parseArgs(context.args, { "--list", "--json", "--help" }, { "--param", "--design" });
    if (const auto answered = answerWithoutRunning(context, args))
        return *answered;
    const std::string name = args.positional[0];
    CalcInputs inputs;
    if (const int code = gatherInputs(context, args, name, inputs); code != ExitOk)
        return code;

    calc::CalcOutcome outcome = calc::runCalculator(name, inputs.params);
    for (const std::string &warning : inputs.aliasWarnings)
        context.err << "warning: " << name << ": " << warning << "\n";
    for (const std::string &warning : outcome.warnings)
        context.err << "warning: " << name << ": " << warning << "\n";
    if (!outcome.ok()) {
        context.err << "error: " << name << ": " << outcome.error << "\n";
        if (inputs.prefill)
            for (const std::string &note : inputs.prefill->notes)
                context.err << "note: not from the design: " << note << "\n";
        return ExitUsage;
    }
    printOutcome(context, args, name, inputs, outcome);
    return ExitOk;
}

} // namespace cw::cli

#include "app/cli/Commands.h"

#include "calculators/Registry.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cw::cli {

const char *const kCalcHelp = R"(Usage: clusterwright-cli calc --list
       clusterwright-cli calc NAME [--param key=value ...] [--json]
       clusterwright-cli calc NAME --help

Runs one of the sizing calculators (formulas and sources in docs/calculators.md).
Numbers accept 70e9, 70B, 4096, 2.5. Units: bytes, seconds, GB = 1e9 bytes,
GiB = 2^30 bytes, Gb/s for links, GB/s for storage and collectives, kW, L/min.

Options:
  --list               list the calculators
  --param key=value    an input (repeat for each)
  --json               result keys and "assumptions" as JSON
  --help               this text, or a calculator's inputs with NAME

Exit codes: 0 ok, 1 usage (unknown calculator or parameter, bad value).
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
        out << "\n      " << param.help << "\n";
    }
}

void printResult(std::ostream &out, const nlohmann::json &result)
{
    for (auto it = result.begin(); it != result.end(); ++it) {
        if (it.key() == "assumptions")
            continue;
        out << it.key() << ": " << (it->is_string() ? it->get<std::string>() : it->dump()) << "\n";
    }
    if (result.contains("assumptions")) {
        out << "\nAssumptions:\n";
        for (const auto &assumption : result["assumptions"])
            out << "  - " << assumption.get<std::string>() << "\n";
    }
}

} // namespace

int runCalc(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, {"--list", "--json", "--help"}, {"--param"});
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
    const std::string name = args.positional[0];
    if (args.has("--help")) {
        for (const calc::CalculatorInfo &info : calc::calculators())
            if (info.name == name) {
                printInputs(context.out, info);
                return ExitOk;
            }
        context.err << "error: unknown calculator " << name << " (see calc --list)\n";
        return ExitUsage;
    }
    std::map<std::string, std::string> params;
    if (auto it = args.values.find("--param"); it != args.values.end())
        for (const std::string &pair : it->second) {
            const auto eq = pair.find('=');
            if (eq == std::string::npos || eq == 0) {
                context.err << "error: --param expects key=value, got \"" << pair << "\"\n";
                return ExitUsage;
            }
            const std::string key = pair.substr(0, eq);
            if (params.contains(key)) {
                context.err << "error: parameter '" << key << "' given twice\n";
                return ExitUsage;
            }
            params[key] = pair.substr(eq + 1);
        }
    const calc::CalcOutcome outcome = calc::runCalculator(name, params);
    if (!outcome.ok()) {
        context.err << "error: " << name << ": " << outcome.error << "\n";
        return ExitUsage;
    }
    if (args.has("--json"))
        context.out << outcome.result.dump(2) << "\n";
    else
        printResult(context.out, outcome.result);
    return ExitOk;
}

} // namespace cw::cli

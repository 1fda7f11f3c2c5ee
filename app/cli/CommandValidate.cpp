#include "app/cli/CommandValidate.h"

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"

#include <nlohmann/json.hpp>

#include <ostream>

namespace cw::cli {

const char *const kValidateHelp
    = R"(Usage: clusterwright-cli validate DESIGN [--json] [--fail-on error|warning|never]

Runs the design-rule deck (power, cooling, space, network, RoCE, storage, scheduler) over a
design. Waived violations are listed and marked; waivers that match nothing or expired are
reported as stale; rules switched off by a severity override are listed as not checked.
The rule catalog is in docs/validation.md.

Options:
  --json              machine-readable output: violations[] (rule, severity, message,
                      entities, names, waived, fix), summary (error, warning, info, waived),
                      rules_run[], rules_disabled[], stale_waivers[], notes[]
  --fail-on LEVEL     exit 3 when a violation that is not waived is at LEVEL or worse:
                      error (default), warning, or never
  --help              this text

Exit codes: 0 ok, 1 usage, 2 the design cannot be read or is invalid, 3 violations at or
above --fail-on.
)";

namespace {

nlohmann::ordered_json toJson(const ValidationResult &result)
{
    using Json = nlohmann::ordered_json;
    Json j;
    Json violations = Json::array();
    for (const Violation &v : result.violations) {
        Json entities = Json::array();
        for (const EntityRef &ref : v.entities)
            entities.push_back(ref.id);
        Json item;
        item["rule"] = v.ruleKey;
        item["severity"] = std::string(toString(v.severity));
        item["message"] = v.message;
        item["entities"] = std::move(entities);
        item["names"] = v.names;
        item["waived"] = v.waived;
        if (v.waived)
            item["waiver_reason"] = v.waiverReason;
        if (!v.fix.empty())
            item["fix"] = v.fix;
        violations.push_back(std::move(item));
    }
    j["violations"] = std::move(violations);
    j["summary"] = { { "error", result.errors },
                     { "warning", result.warnings },
                     { "info", result.infos },
                     { "waived", result.waived } };
    j["rules_run"] = result.rulesRun;
    j["rules_disabled"] = result.rulesDisabled;
    Json stale = Json::array();
    for (const StaleWaiver &s : result.staleWaivers)
        stale.push_back({ { "index", s.index },
                          { "rule", s.waiver.ruleKey },
                          { "entities", s.waiver.entityIds },
                          { "reason", s.reason },
                          { "expired", s.expired } });
    j["stale_waivers"] = std::move(stale);
    j["notes"] = result.notes;
    return j;
}

void printText(std::ostream &out, const ValidationResult &result)
{
    for (const Violation &v : result.violations) {
        out << (v.waived ? "waived " : "") << toString(v.severity) << " [" << v.ruleKey << "] "
            << v.message << "\n";
        if (!v.fix.empty() && !v.waived)
            out << "    fix: " << v.fix << "\n";
    }
    for (const StaleWaiver &s : result.staleWaivers)
        out << "stale waiver #" << s.index << " [" << s.waiver.ruleKey << "]: " << s.reason << "\n";
    for (const std::string &note : result.notes)
        out << "note: " << note << "\n";
    out << result.errors << " error(s), " << result.warnings << " warning(s), " << result.infos
        << " info, " << result.waived << " waived; " << result.rulesRun.size() << " rules run";
    if (!result.rulesDisabled.empty()) {
        out << "; not checked (off):";
        for (const std::string &key : result.rulesDisabled)
            out << " " << key;
    }
    out << "\n";
}

} // namespace

int runValidate(Context &context)
{
    const ParsedArgs args = parseArgs(context.args, { "--json", "--help" }, { "--fail-on" });
    if (args.has("--help")) {
        context.out << kValidateHelp;
        return ExitOk;
    }
    const std::string failOn = args.value("--fail-on", "error");
    std::string usageError = args.error;
    if (usageError.empty() && args.positional.size() != 1)
        usageError = "validate takes one DESIGN file";
    if (usageError.empty() && failOn != "error" && failOn != "warning" && failOn != "never")
        usageError = "--fail-on takes error, warning or never, not \"" + failOn + "\"";
    if (!usageError.empty()) {
        context.err << "error: " << usageError << "\n" << kValidateHelp;
        return ExitUsage;
    }
    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const Catalog &catalog = input->catalog();

    const ValidationResult result = validateDesign(input->design(), catalog);
    if (args.has("--json"))
        context.out << toJson(result).dump(2) << "\n";
    else
        printText(context.out, result);

    if (failOn == "never")
        return ExitOk;
    const Severity threshold = failOn == "warning" ? Severity::Warning : Severity::Error;
    return result.hasAtLeast(threshold) ? ExitViolations : ExitOk;
}

} // namespace cw::cli

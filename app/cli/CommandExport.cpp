#include "app/cli/Commands.h"
#include "app/cli/ExportRegistry.h"

#include "exporters/Exporter.h"
#include "exporters/common/ExportRun.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cw::cli {

const char *const kExportHelp = R"(Usage: clusterwright-cli export --list
       clusterwright-cli export DESIGN --format FORMAT -o DIR [--param KEY=VALUE]...
                                [--force] [--allow-errors]

Writes the artifacts of a design into DIR (created if missing). FORMAT is one of the
formats `export --list` names, or `all` (every format, each in DIR/<format>/).

Options:
  --list              list the formats and their parameters
  --format FORMAT     the artifact family to write, or all
  -o, --output DIR    the folder to write into (required)
  --param KEY=VALUE   a format parameter (repeatable), e.g. slurm.topology=block
  --fabric NAME       only this fabric (formats that are per fabric; same as --param fabric=NAME)
  --force             overwrite files that already exist
  --allow-errors      export even when the design has validation errors that are not waived
  --help              this text

The design is validated first (as `validate` does): a design with errors that are not
waived is refused, with the violations listed, unless --allow-errors is given.
File names derived from design names keep letters, digits, '.', '_' and '-' and replace
anything else with '_'; nothing is written outside DIR. All files are prepared before the
first is written, so a refusal writes nothing; each file is written atomically. The same
design gives the same bytes.

Exit codes: 0 ok, 1 usage (unknown format or parameter, a file exists and --force is not
given), 2 the design cannot be read or exported or a file cannot be written,
3 the design has validation errors (see --allow-errors).
)";

namespace {

void printList(std::ostream &out, const exporters::ExporterRegistry &registry)
{
    for (const exporters::Exporter *exporter : registry.all()) {
        out << exporter->name()
            << std::string(exporter->name().size() < 10 ? 10 - exporter->name().size() : 1, ' ')
            << exporter->summary() << "\n";
        for (const exporters::ExportParameter &parameter : exporter->parameters())
            out << "          --param " << parameter.key << "=...  " << parameter.description
                << "\n";
    }
    out << "all       every format above, each in DIR/<format>/\n";
}

/// The formats --format names (one, or every one for `all`); empty after reporting an error.
std::vector<const exporters::Exporter *> chosenFormats(Context &context,
                                                       const exporters::ExporterRegistry &registry,
                                                       const std::string &format)
{
    std::vector<const exporters::Exporter *> chosen;
    if (format == "all")
        chosen = registry.all();
    else if (const exporters::Exporter *exporter = registry.find(format))
        chosen = { exporter };
    if (chosen.empty())
        context.err << "error: --format must be one of the formats of `export --list` or all"
                    << (format.empty() ? std::string(" (none given)") : ", got \"" + format + "\"")
                    << "\n";
    return chosen;
}

/// The --param pairs (and --fabric), each meaning something to the chosen format (to one of
/// them for `all`); nullopt after reporting the first that does not.
std::optional<std::map<std::string, std::string>>
formatParams(Context &context, const ParsedArgs &args,
             const std::vector<const exporters::Exporter *> &chosen)
{
    auto params = keyValueParams(args, context.err);
    if (!params)
        return std::nullopt;
    if (const std::string fabric = args.value("--fabric"); !fabric.empty())
        (*params)["fabric"] = fabric;
    for (const auto &[key, value] : *params) {
        bool known = false;
        for (const exporters::Exporter *exporter : chosen)
            known = known || !exporters::paramsFor(*exporter, { { key, value } }).empty();
        if (known)
            continue;
        if (chosen.size() == 1)
            context.err << "error: "
                        << exporters::checkParameters(*chosen.front(), *params).error().message
                        << "\n";
        else
            context.err << "error: no export format takes the parameter \"" << key << "\"\n";
        return std::nullopt;
    }
    return params;
}

/// Prints what the run did (the blocking violations, its notes, the files or the refusal) and
/// returns the exit code.
int reportOutcome(Context &context, const exporters::ExportRunOutcome &outcome, bool allowErrors)
{
    if (const std::size_t errors = outcome.blockingErrors.size(); errors > 0) {
        context.err << (allowErrors ? "warning: " : "error: ") << "the design has " << errors
                    << " validation error" << (errors == 1 ? "" : "s") << " that "
                    << (errors == 1 ? "is" : "are") << " not waived:\n";
        for (const Violation &violation : outcome.blockingErrors)
            context.err << "  " << violation.ruleKey << ": " << violation.message << "\n";
    }
    for (const std::string &note : outcome.notes)
        context.out << note << "\n";
    switch (outcome.status) {
    case exporters::ExportStatus::RefusedByValidation:
        context.err << "Fix or waive them, or pass --allow-errors to export anyway.\n";
        return ExitViolations;
    case exporters::ExportStatus::ExporterFailed:
        context.err << "error: " << outcome.failedFormat << ": " << outcome.error << "\n";
        return ExitBadInput;
    case exporters::ExportStatus::FilesExist:
        context.err << "error: " << outcome.existing.front().string()
                    << " exists; pass --force to overwrite\n";
        return ExitUsage;
    case exporters::ExportStatus::WriteFailed:
        context.err << "error: " << outcome.error << "\n";
        return ExitBadInput;
    case exporters::ExportStatus::Cancelled: // the CLI sets no progress callback
        return ExitBadInput;
    case exporters::ExportStatus::Written:
        break;
    }
    for (std::size_t i = 0; i < outcome.written.size(); ++i)
        context.out << "wrote " << outcome.written[i].string() << " (" << outcome.sizes[i]
                    << " bytes)\n";
    return ExitOk;
}

/// Today in UTC as YYYY-MM-DD, the day `validate` judges waiver expiry by; named here so the
/// exporters are told which day the gate's validation used.
std::string todayUtc()
{
    const std::time_t now = std::time(nullptr);
    std::tm utc {};
    gmtime_r(&now, &utc);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &utc);
    return buffer;
}

} // namespace

int runExport(Context &context)
{
    const ParsedArgs args
        = parseArgs(context.args, { "--list", "--force", "--allow-errors", "--help" },
                    { "--format", "--output", "--fabric", "--param" });
    if (args.has("--help")) {
        context.out << kExportHelp;
        return ExitOk;
    }
    if (!args.error.empty()) {
        context.err << "error: " << args.error << "\n" << kExportHelp;
        return ExitUsage;
    }
    const exporters::ExporterRegistry registry = exportRegistry();
    if (args.has("--list")) {
        printList(context.out, registry);
        return ExitOk;
    }
    if (args.positional.size() != 1) {
        context.err << "error: export takes one DESIGN file\n" << kExportHelp;
        return ExitUsage;
    }
    const auto chosen = chosenFormats(context, registry, args.value("--format"));
    if (chosen.empty())
        return ExitUsage;
    if (auto loaded = loadFormats(chosen); !loaded) {
        context.err << "error: " << loaded.error().message << "\n";
        return ExitBadInput;
    }
    const std::string output = args.value("--output");
    if (output.empty()) {
        context.err << "error: export needs -o DIR\n";
        return ExitUsage;
    }
    const auto params = formatParams(context, args, chosen);
    if (!params)
        return ExitUsage;

    const auto input = context.loadDesigns({ args.positional[0] });
    if (!input)
        return ExitBadInput;
    const std::string today = todayUtc();
    // The gate needs the counts and the open errors; only the report prints the whole list,
    // so the findings are formatted only when it is among the formats.
    ValidationEngine engine(input->catalog());
    engine.setToday(today);
    ValidationResult validation = engine.runOnceLazy(input->design());
    const bool reportChosen
        = std::any_of(chosen.begin(), chosen.end(), [](const exporters::Exporter *exporter) {
              return exporter->name() == "report";
          });
    if (reportChosen)
        validation.violations = engine.violations();
    else
        engine.forEachViolation(
            [&validation](const Violation &violation) {
                validation.violations.push_back(violation);
            },
            { .names = true, .openErrorsOnly = true });
    std::vector<exporters::ExportSelection> selections;
    selections.reserve(chosen.size());
    for (const exporters::Exporter *exporter : chosen)
        selections.push_back({ exporter, exporters::paramsFor(*exporter, *params) });
    exporters::ExportRunOptions options;
    options.folder = std::filesystem::path(output);
    options.force = args.has("--force");
    options.allowErrors = args.has("--allow-errors");
    options.subfolders = chosen.size() > 1; // `all`: each format in DIR/<format>/
    // The report prints it instead of validating again; without the report the list holds
    // only the open errors, which no other format reads.
    options.validation = reportChosen ? &validation : nullptr;
    options.validationDate = today;
    const exporters::ExportRunOutcome outcome = exporters::runExport(
        input->design(), input->catalog(), validation.violations, selections, options);
    return reportOutcome(context, outcome, options.allowErrors);
}

} // namespace cw::cli

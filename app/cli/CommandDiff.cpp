#include "app/cli/Commands.h"

#include "exporters/changes/ChangeReport.h"
#include "exporters/common/FileHeader.h"
#include "model/catalog/Catalog.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <future>
#include <optional>
#include <ostream>
#include <utility>

namespace cw::cli {

const char *const kDiffHelp
    = R"(Usage: clusterwright-cli diff OLD NEW [--json] [--output-dir DIR] [--no-bisection]
                              [--exit-code]

What changed from design OLD to design NEW, by entity and by name rather than by JSON line:
rows, racks, devices, links, fabrics, storage tiers, site, settings, severity overrides and
waivers added, removed or changed (field, old value, new value, with units); devices and
racks that moved are shown as moves, links whose ends changed as re-cabling. Entities are
matched by id, then by name (links by their two ends) where the id differs.

Then what the change means: the BOM delta (quantity and cost by line item and in total), the
cabling work order (cables to remove, re-route, replace and add, each end by row, rack, U,
device and port), the validation delta (violations introduced and fixed) and IT power,
facility power, heat and compute-fabric bisection before and after.

Options:
  --json              machine-readable report: changes[], bom_delta, work_order[],
                      validation, before, after (docs/changes.md)
  --output-dir DIR    also write DIR/work-order.csv, DIR/work-order.md, DIR/bom-delta.csv
                      and DIR/changes-provenance.txt
  --no-bisection      skip the max-flow bisection (large fabrics)
  --exit-code         exit 3 when the designs differ (like `git diff --exit-code`)
  --help              this text

Exit codes: 0 ok, 1 usage, 2 a design cannot be read or a file cannot be written, 3 the
designs differ (only with --exit-code).
)";

namespace {

bool writeArtifacts(const std::filesystem::path &dir, const changes::ChangeReport &report,
                    const Design &newDesign, std::ostream &err)
{
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) {
        err << "error: cannot create " << dir.string() << ": " << error.message() << "\n";
        return false;
    }
    // The CSVs start with their header row (RFC 4180); what they were made from goes here.
    const std::string provenance
        = exporters::headerLine(newDesign,
                                "cabling work order and BOM delta, changes from \"" + report.oldName
                                    + "\"")
        + "\nFiles: work-order.csv, bom-delta.csv (RFC 4180, one header row), work-order.md; "
          "see docs/cli.md (diff).\n";
    const std::pair<const char *, std::string> files[] = {
        { "work-order.csv", changes::workOrderCsv(report.workOrder) },
        { "work-order.md", changes::workOrderMarkdown(report.workOrder, report.newName) },
        { "bom-delta.csv", changes::bomDeltaCsv(report.bom) },
        { "changes-provenance.txt", provenance },
    };
    for (const auto &[name, text] : files)
        if (auto written = writeFileAtomically(dir / name, text); !written) {
            err << "error: " << written.error().message << "\n";
            return false;
        }
    return true;
}

/// Reads both designs at once (two threads: each parse only reads its own text and the
/// const catalog), then reports as Context::loadDesigns does: the first file's error or
/// warnings first, and nothing of the second file when the first cannot be read.
std::optional<std::pair<LoadedDesign, LoadedDesign>>
loadBoth(Context &context, const std::string &oldPath, const std::string &newPath)
{
    const std::shared_ptr<const Catalog> catalog = context.catalog();
    if (!catalog)
        return std::nullopt;
    auto newFuture
        = std::async(std::launch::async, [&] { return loadDesignFile(newPath, *catalog); });
    auto oldLoaded = loadDesignFile(oldPath, *catalog);
    auto newLoaded = newFuture.get();
    for (auto *loaded : { &oldLoaded, &newLoaded }) {
        if (!*loaded) {
            context.err << "error: " << loaded->error().message << "\n";
            return std::nullopt;
        }
        for (const std::string &warning : (*loaded)->warnings)
            context.err << "warning: " << warning << "\n";
    }
    return std::make_pair(std::move(oldLoaded).value(), std::move(newLoaded).value());
}

} // namespace

int runDiff(Context &context)
{
    const ParsedArgs args = parseArgs(
        context.args, { "--json", "--help", "--no-bisection", "--exit-code" }, { "--output-dir" });
    if (const auto answered = answerHelpOrUsage(
            context, args, kDiffHelp,
            args.positional.size() != 2 ? "diff takes two designs, OLD and NEW" : ""))
        return *answered;
    const auto input = loadBoth(context, args.positional[0], args.positional[1]);
    if (!input)
        return ExitBadInput;
    const Design &oldDesign = input->first.design;
    const Design &newDesign = input->second.design;
    changes::ChangeReportOptions options;
    options.bisection = !args.has("--no-bisection");
    auto report = changes::buildChangeReport(oldDesign, newDesign, *context.catalog(), options);
    if (!report) {
        context.err << "error: " << report.error().message << "\n";
        return ExitBadInput;
    }
    if (args.has("--json"))
        context.out << changes::changeReportJson(*report).dump(2) << "\n";
    else
        context.out << changes::changeReportText(*report);
    const std::string dir = args.value("--output-dir");
    if (!dir.empty() && !writeArtifacts(dir, *report, newDesign, context.err))
        return ExitBadInput;
    if (args.has("--exit-code") && !report->diff.empty())
        return ExitViolations;
    return ExitOk;
}

} // namespace cw::cli

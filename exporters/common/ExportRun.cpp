#include "exporters/common/ExportRun.h"

#include "exporters/common/ExportWriter.h"
#include "model/core/NamePolicy.h"

#include <system_error>

namespace cw::exporters {

std::vector<Violation> blockingErrors(const std::vector<Violation> &violations)
{
    std::vector<Violation> blocking;
    for (const Violation &violation : violations)
        if (violation.severity == Severity::Error && !violation.waived)
            blocking.push_back(violation);
    return blocking;
}

std::map<std::string, std::string> paramsFor(const Exporter &exporter,
                                             const std::map<std::string, std::string> &params)
{
    std::map<std::string, std::string> own;
    for (const ExportParameter &parameter : exporter.parameters())
        if (auto it = params.find(parameter.key); it != params.end())
            own.insert(*it);
    return own;
}

ExportRunOutcome runExport(const Design &design, const Catalog &catalog,
                           const std::vector<Violation> &violations,
                           const std::vector<ExportSelection> &selections,
                           const ExportRunOptions &options)
{
    ExportRunOutcome outcome;
    outcome.blockingErrors = blockingErrors(violations);
    if (!outcome.blockingErrors.empty() && !options.allowErrors) {
        outcome.status = ExportStatus::RefusedByValidation;
        return outcome;
    }

    // The name policy is checked at load and at edit time; a design built in memory
    // (generate, a script) meets it here, before any exporter sees its names.
    if (const std::vector<NameViolation> names = checkDesignNames(design); !names.empty()) {
        outcome.status = ExportStatus::ExporterFailed;
        outcome.failedFormat = "name policy";
        outcome.error = names.front().field + ": " + names.front().problem
            + (names.size() > 1 ? " (and " + std::to_string(names.size() - 1) + " more names)"
                                : std::string());
        return outcome;
    }

    // Prepare every file before writing any, so a failure leaves the folder as it was.
    const std::size_t steps = selections.size() + 1; // each format, then the write
    std::size_t step = 0;
    const auto goOn = [&](const std::string &what) {
        return !options.progress || options.progress(step++, steps, what);
    };
    for (const ExportSelection &selection : selections) {
        if (!selection.exporter)
            continue;
        const Exporter &exporter = *selection.exporter;
        if (!goOn(exporter.name())) {
            outcome.status = ExportStatus::Cancelled;
            return outcome;
        }
        if (auto checked = checkParameters(exporter, selection.params); !checked) {
            outcome.status = ExportStatus::ExporterFailed;
            outcome.failedFormat = exporter.name();
            outcome.error = checked.error().message;
            return outcome;
        }
        ExportRequest request { design, catalog, selection.params, options.validation,
                                options.validationDate };
        auto result = exporter.run(request);
        if (!result) {
            outcome.status = ExportStatus::ExporterFailed;
            outcome.failedFormat = exporter.name();
            outcome.error = result.error().message;
            return outcome;
        }
        for (const std::string &note : result->notes)
            outcome.notes.push_back(exporter.name() + ": " + note);
        for (ExportedFile &file : result.value().files) {
            if (options.subfolders)
                file.path = exporter.name() + "/" + file.path;
            outcome.files.push_back(std::move(file));
        }
    }

    if (!options.force) {
        for (const ExportedFile &file : outcome.files) {
            const std::filesystem::path target = options.folder / std::filesystem::path(file.path);
            std::error_code error;
            if (std::filesystem::exists(target, error))
                outcome.existing.push_back(target);
        }
        if (!outcome.existing.empty()) {
            outcome.status = ExportStatus::FilesExist;
            return outcome;
        }
    }

    // The last moment to stop: writeExport swaps the whole set in with one rename.
    step = steps - 1;
    if (!goOn("writing")) {
        outcome.status = ExportStatus::Cancelled;
        return outcome;
    }
    // Existence was checked above (or force given): writeExport only checks paths now.
    auto written = writeExport(outcome.files, options.folder, /*force=*/true, &outcome.sizes);
    if (!written) {
        outcome.status = ExportStatus::WriteFailed;
        outcome.error = written.error().message;
        return outcome;
    }
    outcome.written = std::move(written.value());
    return outcome;
}

} // namespace cw::exporters

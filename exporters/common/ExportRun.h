#pragma once

#include "exporters/Exporter.h"
#include "model/validation/Violation.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace cw::exporters {

/// One format to run, with the parameters meant for it.
struct ExportSelection
{
    const Exporter *exporter = nullptr;
    std::map<std::string, std::string> params;
};

/// Where and how an export is written (the CLI's -o, --force, --allow-errors).
struct ExportRunOptions
{
    std::filesystem::path folder;
    bool force = false; ///< overwrite files that already exist
    bool allowErrors = false; ///< export although the design has errors that are not waived
    bool subfolders = false; ///< each format's files under <folder>/<format>/ (several formats)
    /// Called before each step (every format prepared, then the one write of the set) with
    /// the steps done, the step count and the step's name ("slurm", "writing"); returning
    /// false stops the run there with nothing written (status Cancelled). The workbench
    /// runs exports on a worker thread and cancels through it; unset, the run goes on.
    std::function<bool(std::size_t done, std::size_t total, const std::string &step)> progress;
    /// The full validation the gate's violations come from and the day it judged waiver
    /// expiry by, handed to every exporter (ExportRequest::validation); null: none at hand.
    const ValidationResult *validation = nullptr;
    std::string validationDate;
};

/// How an export ended; the CLI maps each to its exit code.
enum class ExportStatus {
    Written, ///< every file written
    RefusedByValidation, ///< errors that are not waived, and allowErrors not set
    ExporterFailed, ///< a format could not be produced (bad parameter, design it cannot use)
    FilesExist, ///< files already exist, and force not set
    WriteFailed, ///< a path was refused or a file could not be written
    Cancelled, ///< the progress callback stopped the run before anything was written
};

/// What an export did or why it did not. Everything a caller reports comes from here so the
/// CLI and the workbench say the same things.
struct ExportRunOutcome
{
    ExportStatus status = ExportStatus::Written;
    /// The errors that are not waived: the reason for RefusedByValidation, a warning when
    /// allowErrors let the export go ahead.
    std::vector<Violation> blockingErrors;
    std::vector<std::string> notes; ///< "<format>: <note>", in format order
    std::vector<ExportedFile> files; ///< prepared files, paths relative to the folder
    std::vector<std::filesystem::path> written; ///< Written: the paths, in `files` order
    std::vector<std::uint64_t> sizes; ///< Written: bytes of each file, in `files` order
    std::vector<std::filesystem::path> existing; ///< FilesExist: every file in the way
    std::string failedFormat; ///< ExporterFailed: the format's name
    std::string error; ///< ExporterFailed / WriteFailed: the message

    bool ok() const { return status == ExportStatus::Written; }
};

/// The validation gate: the violations of `violations` that are errors and not waived, in
/// their order (the same count as ValidationResult::errors).
std::vector<Violation> blockingErrors(const std::vector<Violation> &violations);

/// The parameters of `params` that `exporter` declares (a shared `--param` list handed to
/// several formats: each takes its own keys).
std::map<std::string, std::string> paramsFor(const Exporter &exporter,
                                             const std::map<std::string, std::string> &params);

/// The whole export as `clusterwright-cli export` and the workbench's Export dialog run it:
/// the validation gate over `violations` (a full validation of `design`: validateDesign or
/// a flushed LiveValidator), then every format run before anything is written (a failure
/// writes nothing), then the check that no file exists unless `force`, then writeExport
/// (each file atomically). Stops at the first step that fails.
ExportRunOutcome runExport(const Design &design, const Catalog &catalog,
                           const std::vector<Violation> &violations,
                           const std::vector<ExportSelection> &selections,
                           const ExportRunOptions &options);

} // namespace cw::exporters

#pragma once

#include "model/common/Result.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct ValidationResult;
} // namespace cw

namespace cw::exporters {

class ByteSink;

/// Writes a streamed file's bytes into the sink (exporters/common/ByteSink.h); an error (or a
/// failed sink) abandons the whole export, nothing of it reaches the folder.
using FileProducer = std::function<Result<void>(ByteSink &)>;

/// One file an exporter produces. `path` is relative to the export folder, '/'-separated,
/// every component built with safeFileName(); writeExport() refuses anything else.
struct ExportedFile
{
    std::string path;
    std::string bytes;
    /// Set for a file too large to hold in memory (a row per link at 16,384 nodes): `bytes`
    /// is empty and the writer streams the file through this producer, which must hold
    /// everything it reads (not the request's design, which may be gone by then).
    FileProducer stream = {};
};

/// The bytes of `file`: `bytes`, or what its producer writes, collected in memory (tests,
/// previews).
Result<std::string> fileBytes(const ExportedFile &file);

/// What an exporter reads: the design, the catalog its parts come from, and the
/// `--param key=value` options (each exporter names the keys it accepts).
struct ExportRequest
{
    const Design &design;
    const Catalog &catalog;
    std::map<std::string, std::string> params;
    /// The caller's full validation of `design` (the CLI's gate), or null; it judged waiver
    /// expiry by `validationDate` (ISO 8601). An exporter that prints the validation (the
    /// report) uses it instead of validating again when its own date gives the same result.
    const ValidationResult *validation = nullptr;
    std::string validationDate = {};
};

struct ExportResult
{
    std::vector<ExportedFile> files;
    std::vector<std::string> notes; ///< choices made that the user should know about
};

/// A parameter an exporter accepts (`--param key=value`).
struct ExportParameter
{
    std::string key;
    std::string description;
};

/// An artifact family (slurm, nccl, switch, ...). Exporters are pure functions of the
/// request: same design, same bytes (no dates, no map-order or pointer-order output).
class Exporter
{
public:
    virtual ~Exporter() = default;
    virtual std::string name() const = 0; ///< the --format value
    virtual std::string summary() const = 0; ///< one line for `export --list`
    virtual std::vector<ExportParameter> parameters() const { return {}; }
    virtual Result<ExportResult> run(const ExportRequest &request) const = 0;
};

/// The exporters a program offers, in registration order. Registration is explicit
/// (registerBuiltinExporters), never by static initialisers, so the list is predictable.
class ExporterRegistry
{
public:
    void add(std::unique_ptr<Exporter> exporter);
    const Exporter *find(const std::string &name) const;
    std::vector<const Exporter *> all() const;

private:
    std::vector<std::unique_ptr<Exporter>> m_exporters;
};

/// Adds the Qt-free exporters of cw_exporters (the report exporter lives in its own library).
void registerBuiltinExporters(ExporterRegistry &registry);

/// Checks `params` against the exporter's declared keys; the error names the unknown key and
/// lists the accepted ones.
Result<void> checkParameters(const Exporter &exporter,
                             const std::map<std::string, std::string> &params);

} // namespace cw::exporters

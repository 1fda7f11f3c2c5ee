#pragma once

#include "exporters/Exporter.h"

#include <memory>
#include <string>
#include <vector>

namespace cw::cli {

/// The facilities report ("report") as the CLI offers it: a stand-in that loads the module
/// clusterwright-report.so (exporters/report/ReportModule.h) on first use, so that only the
/// report family pays for mapping Qt. name() needs no module; summary(), parameters() and run()
/// load it and hand over to the report exporter it makes.
///
/// The module is looked for in the program's own folder (build tree, scripts/run.sh) and
/// then where an install puts it (CW_REPORT_MODULE_INSTALL_DIR, relative to that folder).
class ReportModuleExporter final : public exporters::Exporter
{
public:
    ReportModuleExporter();
    ~ReportModuleExporter() override;

    std::string name() const override { return "report"; }
    /// The report's summary, or why the module cannot be loaded (`export --list`).
    std::string summary() const override;
    std::vector<exporters::ExportParameter> parameters() const override;
    Result<exporters::ExportResult> run(const exporters::ExportRequest &request) const override;

    /// The report exporter of the module, loading it on the first call; the error names every
    /// path tried or what the dynamic loader said. Later calls return the same outcome.
    Result<const exporters::Exporter *> load() const;

private:
    mutable bool m_tried = false;
    mutable std::unique_ptr<exporters::Exporter> m_loaded;
    mutable std::string m_error;
};

/// The folders the module is looked for in, in order (the running program's folder first).
std::vector<std::string> reportModuleCandidates();

} // namespace cw::cli

#pragma once

#include "model/common/Result.h"

#include <vector>

namespace cw::exporters {
class Exporter;
class ExporterRegistry;
} // namespace cw::exporters

namespace cw::cli {

/// The export formats this program offers: the built-in ones of cw_exporters, then the
/// facilities report, which lives in a module loaded on first use (ReportModuleExporter.h).
exporters::ExporterRegistry exportRegistry();

/// Loads what the chosen formats need before any is asked for its parameters or run: the
/// report's module. The error names the module paths tried or the loader's complaint.
Result<void> loadFormats(const std::vector<const exporters::Exporter *> &formats);

} // namespace cw::cli

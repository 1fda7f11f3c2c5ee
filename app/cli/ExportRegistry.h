#pragma once

namespace cw::exporters {
class ExporterRegistry;
}

namespace cw::cli {

/// The export formats this program offers: the built-in ones of cw_exporters, then the
/// facilities report when the program is built with it.
exporters::ExporterRegistry exportRegistry();

} // namespace cw::cli

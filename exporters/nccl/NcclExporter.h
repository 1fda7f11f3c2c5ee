#pragma once

#include "exporters/Exporter.h"

namespace cw::nccl {

/// nccl.env, one nccl-topo-<server type>.xml per compute server type whose catalog part has
/// the PCIe layout, and acceptance.md. Errors when the design has no compute fabric with GPU
/// nodes; a server type without bus ids gets no topology file and a note instead.
Result<exporters::ExportResult> exportNccl(const Design &design, const Catalog &catalog);

} // namespace cw::nccl

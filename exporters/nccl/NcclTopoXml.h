#pragma once

#include "model/common/Result.h"
#include "model/core/Enums.h"

#include <string>

namespace cw {
class Design;
struct Part;
} // namespace cw

namespace cw::nccl {

struct ServerTypeFacts;

/// "nccl-topo-<server type>.xml", the type's catalog id made safe for a file name.
std::string topoFileName(const Part &serverPart);

/// The NCCL_TOPO_FILE of one server type: CPUs per NUMA node, one PCIe switch per catalog
/// PCIe switch holding its GPUs and rail NICs, GPUs with their NVLinks, NICs with their
/// speed. Written in the subset of XML NCCL's hand-written parser reads (ref:nvidia-nccl-src
/// src/graph/xml.cc: no `<?xml?>` declaration, spaces only, each start tag on one line,
/// double-quoted values). Fails, naming what is missing, when the catalog part lacks PCI bus ids or
/// NUMA placement for its GPUs and rail NICs (a guessed bus id would describe a device that does
/// not exist).
Result<std::string> topoXml(const Design &design, const ServerTypeFacts &type,
                            Technology technology, bool railOptimized);

} // namespace cw::nccl

#pragma once

#include "model/common/Result.h"

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::slurm {

/// Every design and catalog value the Slurm files (slurm.conf, gres.conf, topology.conf) write
/// as a value, checked before a byte is written: the cluster name, the controller host,
/// partition names and time limits, switch names, the GPU type, NUMA core lists and the part
/// names in comments. Slurm's parser has no escape for a line break or a quote and ends a
/// value at '#' (ref:slurm-conf), so a value that is not a plain word would add lines or keys:
/// it is refused with the field named (exporters/common/Escape.h, slurmWord).
Result<void> checkSlurmValues(const Design &design, const Catalog &catalog);

} // namespace cw::slurm

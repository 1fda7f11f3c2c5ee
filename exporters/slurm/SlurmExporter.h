#pragma once

#include "model/common/Result.h"

#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::slurm {

/// The files of a Slurm configuration, as text.
struct SlurmFiles
{
    std::string slurmConf;
    std::string topologyConf;
    std::string gresConf;
    std::string cgroupConf; ///< SlurmProduction.h
    std::string slurmdbdConf; ///< template, SlurmProduction.h
    std::string prolog; ///< PrologEpilog.h
    std::string epilog;
    std::string healthCheck;
    std::vector<std::string> notes; ///< choices made that the user should know about
};

/// OS and kernel headroom left out of RealMemory: a node that registers with less memory
/// than configured is set DOWN (ref:slurm-conf), and MemTotal is below the
/// installed size, so configure 95 % of it.
inline constexpr double kRealMemoryFraction = 0.95;

/// Writes slurm.conf, topology.conf (topology/tree) and gres.conf for the design's compute
/// nodes. Keys are the ones Slurm 22.05 (Debian bookworm) through 25.x accept (ref:slurm-conf;
/// checked with slurmctld 22.05 by tst_slurm_real). Errors name what the design lacks (no compute
/// nodes, an invalid hostname).
Result<SlurmFiles> exportSlurm(const Design &design, const Catalog &catalog);

/// Which topology plugin topology.conf is written for.
enum class SlurmTopology { Tree, Block };
Result<SlurmFiles> exportSlurm(const Design &design, const Catalog &catalog,
                               SlurmTopology topology);

/// topology/block (Slurm 24.05+): one block per leaf group of the compute fabric (per rack
/// without one), and BlockSizes set to the smallest block so every block holds a base block.
std::string topologyBlock(const Design &design, const Catalog &catalog);

/// The topology/tree description of the compute fabric: leaf switches list their nodes; a
/// set of leaves every node of a group is cabled to (a rail group) is one virtual switch, as
/// listing a node under each of its rail leaves makes Slurm warn "Multiple leaf switches
/// contain nodes" (ref:slurm-topology-conf; observed with slurmctld 22.05).
std::string topologyTree(const Design &design, const Catalog &catalog);

} // namespace cw::slurm

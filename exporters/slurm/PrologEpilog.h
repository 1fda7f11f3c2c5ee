#pragma once

#include <string>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::slurm {

/// Where the scripts log their verdicts (one line per run); the scripts create the folder.
inline constexpr const char *kHealthLog = "/var/log/slurm/gpu-health.log";
/// DCGM diagnostic level the prolog runs: level 1 ("quick", about a minute at most) checks
/// the deployment, driver and GPU health without a stress run (ref:nvidia-dcgm-diag).
inline constexpr int kDcgmLevel = 1;

/// Prolog (PrologFlags=Contain: once per node at allocation): the GPUs answer nvidia-smi and,
/// when DCGM is installed, pass `dcgmi diag -r 1`. Exit 1 drains the node and requeues the
/// job. A node without an NVIDIA driver passes (nothing to check).
std::string prologScript(const Design &design);

/// Epilog: no process left on a GPU and no uncorrectable ECC error; else exit 1 (Slurm
/// drains the node).
std::string epilogScript(const Design &design);

/// HealthCheckProgram: the node's GPUs (count from its Gres in `scontrol show node`) and its
/// rail RDMA devices (from the design, per node) are present and up; else the node is
/// drained with the reason. Runs LBNL NHC instead when /usr/sbin/nhc is installed.
std::string healthCheckScript(const Design &design, const Catalog &catalog);

} // namespace cw::slurm

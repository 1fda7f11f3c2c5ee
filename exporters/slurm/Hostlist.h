#pragma once

#include <string>
#include <vector>

namespace cw::slurm {

/// Compresses hostnames the way Slurm's `scontrol show hostlist` does (ref:slurm-src
/// src/common/hostlist.c): input order kept, numerically consecutive names with the same
/// prefix and an equivalent digit width merged (`gpu001,gpu002,gpu003,gpu010` ->
/// `gpu[001-003,010]`; `gpu9,gpu10` -> `gpu[9-10]`; `gpu001,gpu1` stay apart), duplicates kept,
/// different prefixes joined with commas.
std::string compressHostlist(const std::vector<std::string> &hostnames);

/// Same after sorting as `scontrol show hostlistsorted` does (by prefix, then number).
std::string compressHostlistSorted(std::vector<std::string> hostnames);

/// Expands a hostlist expression (`gpu[001-003,010]`, `a[1-2]-n[01-02]`) to names; returns an
/// empty list and sets `error` for a malformed one (reversed range, unclosed bracket).
std::vector<std::string> expandHostlist(const std::string &expression, std::string &error);

} // namespace cw::slurm

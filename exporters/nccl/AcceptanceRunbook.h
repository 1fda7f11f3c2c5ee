#pragma once

#include <string>

namespace cw {
class Design;
}

namespace cw::nccl {

struct AcceptancePlan;
struct NcclFacts;

/// acceptance.md: the validation runbook for the built cluster. all_reduce_perf per scale step
/// (single node, one leaf group, whole fabric) with the predicted bus bandwidth worked out,
/// ib_write_bw per link, storage read/write targets, and what to do when a number is missed.
std::string renderAcceptanceRunbook(const Design &design, const NcclFacts &facts,
                                    const AcceptancePlan &plan);

} // namespace cw::nccl

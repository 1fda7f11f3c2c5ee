#pragma once

#include <cstdint>
#include <unordered_map>

namespace cw::canvas {

/// How a failure shown by the Failure Domains dock leaves an entity (docs/failure-domains.md),
/// in increasing weight: degraded (links lost, or only part of an aggregate hit), capped (runs
/// below its maximum draw: PSUs or CDUs short), lost (off, cut off, or a CDU gone).
enum class FailureState { None, Degraded, Capped, Lost };

/// Entity id -> its state in the blast radius shown.
using FailureStates = std::unordered_map<std::uint64_t, FailureState>;

} // namespace cw::canvas

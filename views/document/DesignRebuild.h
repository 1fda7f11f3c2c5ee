#pragma once

#include "views/document/DesignPatch.h"

#include <cstdint>
#include <unordered_map>

namespace cw {

/// Final values of the entities an edit touches: the value after the edit, or nullptr for
/// an entity the edit removes. Entities the design lacks are added.
using FinalValues = std::unordered_map<std::uint64_t, const EntityValue *>;

/// Replaces `design` with its state after `finals`, built table by table in id order. Linear
/// in the design's size, where one mutator per entity costs an O(n) vector erase or insert
/// each (deleting every rack of a 16,384-node design and undoing it). The result is what
/// the same edit applied one mutator at a time gives: same entities, settings, site and
/// id counter; partitions lose the nodes that are gone (as Design::removeDevice does).
void rebuildDesign(Design &design, const FinalValues &finals);

} // namespace cw

#pragma once

#include "views/document/DesignPatch.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace cw {

/// The final value of one entity an edit touches: its value after the edit (`value`, or for
/// a link `link`), or neither when the edit removes it. An entity the design lacks is added.
struct FinalValue
{
    EntityRef ref;
    const EntityValue *value = nullptr;
    const Link *link = nullptr;
};
using FinalValues = std::vector<FinalValue>;

/// Replaces `design` with its state after `finals`, built table by table in id order. Linear
/// in the design's size, where one mutator per entity costs an O(n) vector erase or insert
/// each (deleting every rack of a 16,384-node design and undoing it). The result is what
/// the same edit applied one mutator at a time gives: same entities, settings, site and
/// id counter; partitions lose the nodes that are gone (as Design::removeDevice does).
/// The design as it was goes into `*keep` if given, else it is freed on a worker.
void rebuildDesign(Design &design, const FinalValues &finals,
                   std::unique_ptr<Design> *keep = nullptr);

} // namespace cw

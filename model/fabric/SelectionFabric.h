#pragma once

#include "model/common/Result.h"
#include "model/core/ChangeSet.h"
#include "model/core/Enums.h"
#include "model/core/Ids.h"

#include <string>
#include <vector>

namespace cw {

class Catalog;
class Design;

/// What "generate a fabric for the selected nodes" builds (issue 5).
struct SelectionFabricSpec
{
    std::string name = "compute-new";
    Technology technology = Technology::InfiniBand; ///< InfiniBand or RoCEv2
    std::string switchType; ///< catalog switch part id, e.g. "qm9700"
    int rails = 0; ///< compute ports per node used; 0 = all of the node's part
    bool railOptimized = true;
    int oversubscription = 1; ///< leaf down:up ratio r:1 (ref:al-fares-2008)
    /// Switches the architect already placed (of `switchType`, fabric ports free): they
    /// become the first leaves, then spines, before any new switch is added. Their names
    /// and places are kept; their tier is set to the one they take.
    std::vector<DeviceId> existingSwitches;
};

/// Adds a new compute fabric: a 2-tier leaf/spine for `computeNodes`, sized like the
/// fat-tree generator (leafSplit, planUpperTiers of FatTreePlan.h) and cabled link by link
/// with autoCableLink. Rail-optimized: the nodes form groups of at most d (leaf downlinks)
/// nodes, and a leaf takes the same rails of one group, as many rails as fit in d ports
/// (the largest divisor of the rail count), so same-rail traffic is one hop. Otherwise the
/// nodes' rail ports fill leaves in node order. The switches go into new racks appended to
/// the row of the first selected node (same rack type and PDUs as that node's rack): the
/// nodes' racks rarely have free U for a whole switch layer and a separate network rack is
/// what the generators build. Switches named in `spec.existingSwitches` are used first, so
/// new racks only hold the switches still missing. On error the design is left unchanged.
Result<ChangeSet> generateFabricForNodes(Design &design, const Catalog &catalog,
                                         const std::vector<DeviceId> &computeNodes,
                                         const SelectionFabricSpec &spec);

} // namespace cw

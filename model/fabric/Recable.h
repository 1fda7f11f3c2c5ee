#pragma once

#include "model/core/ChangeSet.h"

#include <vector>

namespace cw {

class Catalog;
class Design;
struct Link;

/// Re-runs auto-cabling on the links a selection touches, after racks or devices were moved:
/// a link's length comes again from the floor plan (estimateCableLengthM: rows, rack
/// positions, U positions, the site's rack width, row pitch, tray height and slack) and its
/// medium from the catalog (chooseCable: DAC where it reaches, then ACC/AEC, AOC, optics;
/// lengths rounded up to orderable ones), with the rules the generators cable by.
///
/// The selection may hold rows, racks and devices (every link with an end on them), links,
/// and fabrics (all their links); ids that are not in the design are ignored. Only links
/// whose cable or length changes are updated; the returned change set lists them as
/// modified. A link no catalog part fits and reaches gets no cable type and its length
/// rounded up to a whole metre (net.link-without-cable reports it).
ChangeSet recable(Design &design, const Catalog &catalog, const std::vector<EntityRef> &selection);

/// The links a selection touches: those with an end on a selected row, rack or device, the
/// selected links and every link of a selected fabric; unknown ids ignored, in id order.
std::vector<LinkId> linksOfSelection(const Design &design, const std::vector<EntityRef> &selection);

/// The cable and length auto-cabling gives one `link` where its ends are now, as
/// ClusterAssembler::connect cables generated designs: the link runs at the slower port's
/// speed (the fabric's when a port is unknown), the cable must fit both port cages, the rack
/// height is the a-side rack's. Sets link.cableType (empty when no part reaches) and
/// link.lengthM; false (link untouched) when an end, its rack or its row is missing.
bool autoCableLink(const Design &design, const Catalog &catalog, Link &link);

} // namespace cw

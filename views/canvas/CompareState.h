#pragma once

#include "model/core/ChangeSet.h"
#include "model/core/Enums.h"

#include <cstdint>
#include <string>

#include <utility>
#include <vector>

namespace cw::canvas {

/// How File > Compare with... leaves an entity of the open design (docs/cli.md, diff), in
/// increasing weight when several meet on one item (a rack and the devices in it):
/// changed (a field differs), moved (another place, or a link re-cabled), added (only in the
/// other design: drawn on the open design's item that would hold it, the rack of an added
/// device or the ends of an added cable), removed (gone from the other design).
enum class CompareState { None, Changed, Moved, Added, Removed };

/// The open design's entities and how the compared design differs there.
using CompareMarks = std::vector<std::pair<EntityRef, CompareState>>;

/// Where a moved rack or device stands in the compared design, named by the open design's
/// ids: the views draw a dashed "ghost" there (CanvasCompareGhosts.cpp), because the moved
/// item itself is drawn only at its place in the open design.
struct CompareGhost
{
    EntityRef entity; ///< the open design's rack or device that moved
    std::uint64_t rowId = 0; ///< a rack: the row it stands in there
    int position = 0; ///< a rack: its slot in that row
    std::uint64_t rackId = 0; ///< a device: the rack it is mounted in there
    int uPosition = 1; ///< a device: its lowest U there
    int heightU = 1; ///< a device: its height (its catalog part's)
    Face face = Face::Front; ///< a device: the face it is mounted on there
    std::string label; ///< "dgx042 → A09 U1": its name and place there, UTF-8
};
using CompareGhosts = std::vector<CompareGhost>;

} // namespace cw::canvas

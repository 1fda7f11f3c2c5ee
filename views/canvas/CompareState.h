#pragma once

#include "model/core/ChangeSet.h"

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

} // namespace cw::canvas

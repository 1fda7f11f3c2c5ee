#pragma once

#include "model/core/Design.h"

#include <string>
#include <vector>

namespace cw::change {

/// `theirs` with the ids it allocated for new entities renumbered where `ours` allocated the
/// same id for something else (both sides take new ids from the same base nextId). New ids
/// start above both sides' nextId; every reference (racks, links, tiers, partitions, waivers)
/// follows. Each renumbering is named in `notes`.
Design renumberCollisions(const Design &base, const Design &ours, const Design &theirs,
                          std::vector<std::string> &notes);

} // namespace cw::change

#pragma once

#include "model/core/ChangeSet.h"

namespace cw {
class Design;
}

namespace cw::change {

/// The ChangeSet that would turn `before` into `after` if both were one design edited in
/// place: every entity matched by id only (an entity whose id differs is removed and added),
/// modified when any field differs (operator==, not only the fields the diff prints), plus
/// the site and settings flags. Fed to ValidationEngine::runIncremental after a full run of
/// `before`, it gives the full result of `after` re-checking only what differs. One merge walk
/// of the id-sorted tables: linear in the designs' size.
ChangeSet changeSetBetween(const Design &before, const Design &after);

} // namespace cw::change

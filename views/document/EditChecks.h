#pragma once

#include "model/core/Design.h"
#include "model/core/NamePolicy.h"

#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Catalog;
struct Part;

// The checks an interactive edit must pass before it becomes an undo command. Each returns
// an empty string when the edit is acceptable, or the reason it is refused, naming the
// objects involved. Placement and rack checks run model/build/DesignBuilder on a scratch
// copy of the racks concerned, so the GUI refuses exactly what the builder refuses, with
// the same words.

/// A name held to the name policy (model/core/NamePolicy.h): empty when `text` fits `kind`,
/// else the refusal naming `what`, the problem and the rule. Never rewrites the name.
std::string checkName(std::string_view what, std::string_view text, NameKind kind);

/// New or edited devices (ids valid): hostnames present and unique, catalog parts that
/// mount in a rack, slots inside the rack and free (the other devices of the batch count).
std::string checkDevices(const Design &design, const Catalog &catalog,
                         const std::vector<Device> &devices);
/// A new or edited rack: known row, a rack part, name free in the row, position free.
std::string checkRack(const Design &design, const Catalog &catalog, const Rack &rack);
std::string checkRow(const Design &design, const Row &row);
std::string checkFabric(const Design &design, const Fabric &fabric);
/// A new or edited link: known fabric and devices, existing free ports, a cable part.
std::string checkLink(const Design &design, const Catalog &catalog, const Link &link);
std::string checkStorageTier(const Design &design, const Catalog &catalog, const StorageTier &tier);
std::string checkSite(const Site &site);

/// The lowest U of `rack` where part `partId` fits (DesignBuilder::firstFreeU on the rack's
/// contents), or -1 with the reason in `why`.
int firstFreeU(const Design &design, const Catalog &catalog, RackId rack, const std::string &partId,
               std::string *why);

/// A hostname not used in the design: `prefix` followed by the first free number,
/// zero-padded to `digits` (gpu-01, gpu-0001).
std::string uniqueHostname(const Design &design, const std::string &prefix,
                           const std::vector<std::string> &alsoTaken = {}, int digits = 2);

} // namespace cw

#pragma once

// Internal to model/quantities: the steps of buildCablePlan. CablePlanLinks.cpp puts the
// links in plan order and pairs the legs of multi-link cables; CableCounts.cpp counts the
// physical items (groups, modules, summary) and writes the notes.

#include "model/common/Result.h"
#include "model/quantities/CablePlaces.h"
#include "model/quantities/CablePlan.h"

#include <map>
#include <string>
#include <vector>

namespace cw::cabling::detail {

/// What the plan found odd, named in its notes (cable ids, or counts by part).
struct Oddities
{
    std::vector<std::string> unassigned, badPorts, unknownFabric;
    std::map<std::string, int> unknownParts; // cableType -> links
    std::map<std::string, int> unfittedCages; // "part in a <cage> cage" -> link ends
};

/// "C" + the link id, at least five digits.
std::string cableIdOf(std::uint64_t linkId);

/// One plan link per design link, host end first, sorted by fabric order and then the A
/// end's floor position, with each link's medium, modules and speed. Fails on a link whose
/// device is missing from the design. The oddities are collected in link order (the order
/// the notes name them in).
Result<std::vector<PlanLink>> sortedLinks(const Design &design, const FabricIndex &fabrics,
                                          const PlaceTable &places, ModuleCache &modules,
                                          Oddities &odd);

/// Pairs the links of twin-port and splitter cables into physical cables (cableLink, leg,
/// legs).
void assignCables(std::vector<PlanLink> &links);

/// The plan's groups, modules, summary, total and notes from its links, whose ends are
/// `places` (PlaceTable::all()).
void countCables(CablePlan &plan, const std::vector<PlanLink> &links,
                 const std::vector<DevicePlace> &places, const Catalog &catalog,
                 const Oddities &odd);

} // namespace cw::cabling::detail

#pragma once

#include "model/core/Facility.h"

#include <string>

namespace cw {

/// The generators' default site when none is given (docs/fabric.md, "Sites"): identical
/// standard halls side by side, as many as the design needs. A hall is 20 rows of 20
/// positions at a 3.0 m pitch; air-cooled designs get rear-door heat exchangers and 45 kW per
/// position, liquid-cooled ones direct liquid cooling and 140 kW per position. The site's IT
/// budget and cooling capacities are the halls' positions at their limit, the utility feed
/// that x PUE. These are planning figures, not any real building's.
struct DefaultSiteSpec
{
    bool liquid = false; ///< direct liquid halls (the design's nodes are liquid-cooled)
};

/// The default site grows to at most this many standard halls (25,600 positions): a design
/// that needs more is refused on positions rather than spread over an unbounded campus.
constexpr int kDefaultSiteMaxHalls = 64;

/// Hall number `number` (1-based) of the default site.
Hall defaultHall(const DefaultSiteSpec &spec, int number);
/// The default site with `halls` halls and their budgets.
Site defaultSite(const DefaultSiteSpec &spec, int halls);

} // namespace cw

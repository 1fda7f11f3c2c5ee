#pragma once

#include "model/prefill/DesignFacts.h"
#include "model/prefill/DesignPrefill.h"
#include "model/prefill/NodeBandwidth.h"
#include "model/prefill/RackPower.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::calcviews {

/// What the open design tells the calculator panels, gathered once per design change and
/// shared (read-only) by every panel. Empty when no design is open.
struct DesignContext
{
    std::optional<calc::DesignFacts> facts;
    std::vector<calc::RackPowerRow> racks;
    std::vector<calc::BandwidthLevel> bandwidth;
    /// The cost calculator's capex from the bill of materials; computed on first call.
    std::function<calc::PrefillExtras()> costExtras;

    bool hasDesign() const { return facts.has_value(); }
};

/// Gathers the context of `design` (nullptr gives an empty context).
std::shared_ptr<const DesignContext> makeDesignContext(const Design *design,
                                                       const Catalog &catalog);

} // namespace cw::calcviews

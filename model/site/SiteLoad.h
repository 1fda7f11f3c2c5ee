#pragma once

#include "model/core/Design.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Catalog;

/// The limits of a site a design can run into, as `generate` names them when it refuses.
enum class SiteConstraint { Power, Cooling, Positions, Reach };
std::string_view toString(SiteConstraint constraint);

/// One limit a design exceeds: what it needs and what the site gives, in words with units
/// ("5.4 MW IT", "the site gives 4.0 MW").
struct SiteShortfall
{
    SiteConstraint constraint = SiteConstraint::Power;
    std::string need;
    std::string have;
};

/// The loads the site's budgets are compared with. Every figure is the devices' maximum
/// (nameplate) power, the figure the power and cooling rules use. Heat leaves by air unless
/// the part is liquid-cooled (or hybrid in a liquid rack), or its rack stands in a rear-door
/// row, whose door hands the air's heat to the facility water.
struct SiteLoad
{
    double itW = 0;
    double airHeatW = 0;
    double liquidHeatW = 0;
};

SiteLoad siteLoad(const Design &design, const Catalog &catalog);

/// Every site budget (IT, utility = IT x PUE, air and liquid cooling) the load exceeds; a
/// budget of 0 is "not set" and never exceeded.
std::vector<SiteShortfall> checkSiteBudgets(const Site &site, const SiteLoad &load);

/// The hall a row stands in (null for a row of the free floor or an unknown hall).
const Hall *hallOfRow(const Site &site, const Row &row);
/// The cooling of a row: its hall's (or the hall's row override); nullopt on the free floor.
std::optional<HallCooling> coolingOfRow(const Site &site, const Row &row);
/// The most a rack may draw at its position, kW: the hall's limit per position, or on the free
/// floor the site's air limit for an air-cooled rack. 0 = no limit.
double positionLimitKw(const Site &site, const Row *row, Cooling rackCooling);

/// "850 W", "41.6 kW", "5.40 MW": a power figure at a readable scale.
std::string formatPower(double watts);

} // namespace cw

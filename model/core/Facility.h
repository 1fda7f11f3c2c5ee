#pragma once

#include "model/core/Enums.h"
#include "model/core/Ids.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

/// How a hall, or one row of it, takes the heat away: room air, a rear-door heat exchanger
/// on every rack (air-cooled racks, heat into facility water), or direct liquid cooling with
/// facility water at the row for coolant distribution units (CDUs).
enum class HallCooling { Air, RearDoor, Liquid };

std::string_view toString(HallCooling value); ///< "air" | "rear-door" | "liquid"
std::optional<HallCooling> parseHallCooling(std::string_view text);

/// A row of a hall whose cooling differs from the hall's.
struct RowCooling
{
    int row = 0; ///< 0-based row of the hall
    HallCooling cooling = HallCooling::Air;

    bool operator==(const RowCooling &) const = default;
};

/// A data hall as facilities hand it over: rows of rack positions, a power and heat limit per
/// position, and how the heat leaves. Generators place racks within it and never change it.
struct Hall
{
    std::string name;
    int rows = 0;
    int positionsPerRow = 0;
    double rowPitchM = 3.0; ///< centre-to-centre distance between rows
    double maxKwPerPosition = 0; ///< power and heat one rack position takes; 0 = no limit
    HallCooling cooling = HallCooling::Air;
    double cduSupplyTempC = 0; ///< facility water supply to the CDUs; 0 = not given
    std::vector<RowCooling> rowCooling; ///< rows that differ from `cooling`

    HallCooling coolingOfRow(int row) const;
    int positions() const { return rows * positionsPerRow; }

    bool operator==(const Hall &) const = default;
};

/// The cable route between two halls' entrances (meet-me points), in metres.
struct HallDistance
{
    std::string from;
    std::string to;
    double distanceM = 0;

    bool operator==(const HallDistance &) const = default;
};

/// The site: what the building can supply (power, cooling) and the floor-plan figures that
/// auto-cabling uses. Budgets are in kW; 0 means "not set" and is reported as such.
struct Site
{
    std::string name;
    double utilityPowerKw = 0; ///< utility feed capacity (facility side, before PUE)
    double itPowerBudgetKw = 0; ///< power available to IT equipment
    double pue = 1.3; ///< power usage effectiveness used for facility load
    double airCoolingCapacityKw = 0;
    double liquidCoolingCapacityKw = 0;
    double airLimitPerRackKw = 30; ///< typical air-cooled hall limit; set per site
    double coolantDeltaTK = 10; ///< supply/return temperature difference of the liquid loop
    double electricityUsdPerKwh = 0.10;
    // Floor plan used by auto-cabling (metres).
    double rackWidthM = 0.6;
    double rackDepthM = 1.2;
    double rowPitchM = 3.0; ///< centre-to-centre distance between rows (rack + aisle)
    double trayHeightM = 0.6; ///< overhead tray above the rack top
    double slackM = 1.0; ///< service loop added to every cable
    /// Halls of the site; empty = the free floor of older files (rows of any length).
    std::vector<Hall> halls;
    std::vector<HallDistance> hallDistances;
    int cduRedundancy = 1; ///< spare CDUs per row: 1 = N+1

    const Hall *hall(std::string_view hallName) const;
    /// The route between two halls (0 for a hall to itself); nullopt when the site omits it.
    std::optional<double> hallDistanceM(std::string_view a, std::string_view b) const;

    bool operator==(const Site &) const = default;
};

/// A row of racks on the floor. `index` orders rows front to back (within `hall` when the
/// row stands in one of the site's halls).
struct Row
{
    RowId id;
    std::string name;
    int index = 0;
    double powerBudgetKw = 0; ///< 0 = no row-level budget
    std::string hall; ///< the site hall; empty = no hall

    bool operator==(const Row &) const = default;
};

/// A power distribution unit in a rack, fed from feed A or B.
struct Pdu
{
    std::string name;
    Feed feed = Feed::A;
    std::string catalogType; ///< optional catalog part; the electrical figures below rule
    int phases = 3;
    double voltageV = 400; ///< line-to-line for three-phase
    double breakerA = 32;

    bool operator==(const Pdu &) const = default;
};

/// A rack placed at `position` (0 = first slot) in a row.
struct Rack
{
    RackId id;
    std::string name;
    std::string catalogType;
    RowId row;
    int position = 0;
    std::vector<Pdu> pdus;

    bool operator==(const Rack &) const = default;
};

} // namespace cw

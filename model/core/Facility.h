#pragma once

#include "model/core/Enums.h"
#include "model/core/Ids.h"

#include <string>
#include <vector>

namespace cw {

/// The site: what the building can supply (power, cooling) and the floor-plan figures that
/// auto-cabling uses. Budgets are in kW; 0 means "not set" and is reported as such.
struct Site
{
    std::string name;
    double utilityPowerKw = 0;      ///< utility feed capacity (facility side, before PUE)
    double itPowerBudgetKw = 0;     ///< power available to IT equipment
    double pue = 1.3;               ///< power usage effectiveness used for facility load
    double airCoolingCapacityKw = 0;
    double liquidCoolingCapacityKw = 0;
    double airLimitPerRackKw = 30;  ///< typical air-cooled hall limit; set per site
    double coolantDeltaTK = 10;     ///< supply/return temperature difference of the liquid loop
    double electricityUsdPerKwh = 0.10;
    // Floor plan used by auto-cabling (metres).
    double rackWidthM = 0.6;
    double rackDepthM = 1.2;
    double rowPitchM = 3.0;         ///< centre-to-centre distance between rows (rack + aisle)
    double trayHeightM = 0.6;       ///< overhead tray above the rack top
    double slackM = 1.0;            ///< service loop added to every cable

    bool operator==(const Site &) const = default;
};

/// A row of racks on the floor. `index` orders rows front to back.
struct Row
{
    RowId id;
    std::string name;
    int index = 0;
    double powerBudgetKw = 0;  ///< 0 = no row-level budget

    bool operator==(const Row &) const = default;
};

/// A power distribution unit in a rack, fed from feed A or B.
struct Pdu
{
    std::string name;
    Feed feed = Feed::A;
    std::string catalogType;  ///< optional catalog part; the electrical figures below rule
    int phases = 3;
    double voltageV = 400;    ///< line-to-line for three-phase
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

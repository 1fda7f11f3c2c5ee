#include "model/site/DefaultSite.h"

#include <cmath>

namespace cw {
namespace {

constexpr int kRows = 20;
constexpr int kPositionsPerRow = 20;
/// 1.2 m deep racks with 1.2 m cold and 0.6 m hot aisles.
constexpr double kRowPitchM = 3.0;
/// Four air-cooled 8-GPU servers (4 x 10.2 kW) and their optics with rear-door heat exchangers.
constexpr double kRearDoorKwPerPosition = 45;
/// A liquid-cooled rack-scale system of the 120-132 kW class, with margin.
constexpr double kLiquidKwPerPosition = 140;
/// Warm-water supply to the CDUs of direct liquid cooling: a planning figure.
constexpr double kCduSupplyTempC = 32;
/// Halls side by side along a corridor: entrance to entrance.
constexpr double kHallSpacingM = 30;

} // namespace

Hall defaultHall(const DefaultSiteSpec &spec, int number)
{
    Hall hall;
    hall.name = "H" + std::to_string(number);
    hall.rows = kRows;
    hall.positionsPerRow = kPositionsPerRow;
    hall.rowPitchM = kRowPitchM;
    hall.maxKwPerPosition = spec.liquid ? kLiquidKwPerPosition : kRearDoorKwPerPosition;
    hall.cooling = spec.liquid ? HallCooling::Liquid : HallCooling::RearDoor;
    hall.cduSupplyTempC = spec.liquid ? kCduSupplyTempC : 0;
    return hall;
}

Site defaultSite(const DefaultSiteSpec &spec, int halls)
{
    Site site;
    site.name
        = "Default site (" + std::to_string(halls) + " standard hall" + (halls == 1 ? ")" : "s)");
    double itKw = 0;
    for (int i = 1; i <= halls; ++i) {
        site.halls.push_back(defaultHall(spec, i));
        itKw += site.halls.back().positions() * site.halls.back().maxKwPerPosition;
    }
    for (int a = 1; a <= halls; ++a)
        for (int b = a + 1; b <= halls; ++b)
            site.hallDistances.push_back(
                { "H" + std::to_string(a), "H" + std::to_string(b), kHallSpacingM * (b - a) });
    site.rowPitchM = kRowPitchM;
    site.itPowerBudgetKw = itKw;
    site.utilityPowerKw = std::ceil(itKw * site.pue);
    // Rear-door and direct-liquid halls both hand the heat to facility water; the room air
    // takes what the doors and cold plates leave, sized here like the IT budget.
    site.liquidCoolingCapacityKw = itKw;
    site.airCoolingCapacityKw = itKw;
    return site;
}

} // namespace cw

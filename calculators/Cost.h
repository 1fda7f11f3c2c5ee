#pragma once

#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of cost(): purchase price, power draw and the terms of a total-cost-of-ownership view.
struct CostInput
{
    double capexUsd = 0.0; // purchase price (the design's bill of materials with --design)
    double itKw = 0.0; // IT load at full draw (sum of the parts' maximum power)
    long long gpus = 0;
    double years = 5.0; // depreciation horizon
    double usdPerKwh = 0.0; // electricity price, facility meter
    double pue = 0.0; // >= 1
    double utilization = 1.0; // fraction of hours the GPUs do billable work, 0 < u <= 1
    double idleFraction = 0.0; // draw while not busy, as a fraction of itKw, 0 <= f <= 1
    double otherOpexUsdPerYear = 0.0; // support contracts, staff, space... (not energy)
};

/// Capital and operating cost, total cost of ownership and the price of one GPU-hour.
struct CostResult
{
    double capexUsd = 0.0;
    double energyKwhPerYear = 0.0; // at the facility meter (IT x PUE)
    double opexUsdPerYear = 0.0; // energy + otherOpexUsdPerYear
    double tcoUsd = 0.0; // capex + opex x years
    double usdPerGpuHour = 0.0; // tco / busy GPU-hours over the horizon
    std::vector<std::string> assumptions;
};

/// Total cost of ownership. Throws InputError on out-of-domain input.
CostResult cost(const CostInput &input);

// A year of continuous operation: 365 x 24 h (the convention of annual energy figures; leap
// days ignored).
inline constexpr double hoursPerYear = 8760.0;

} // namespace cw::calc

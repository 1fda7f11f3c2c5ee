#pragma once

namespace cw {

/// Whole-design sums several rules share (power, heat, GPUs); DesignIndex keeps them up to
/// date edit by edit.
struct DesignTotals
{
    double itPowerW = 0; ///< sum of every device's maximum power
    double airHeatW = 0; ///< heat carried away by air
    double liquidHeatW = 0; ///< heat carried away by the liquid loop
    int devicesWithPower = 0;
    int gpus = 0;
};

} // namespace cw

#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Coolant with its properties near 25 °C; see CoolantFlow.cpp for sources.
enum class Coolant { Water, Pg25 };

/// Inputs of coolantFlow(): heat load, temperature rise and coolant.
struct CoolantFlowInput
{
    double heatKw = 0.0;
    double deltaTK = 0.0; // supply/return temperature difference
    Coolant fluid = Coolant::Water;
    std::optional<double> densityKgPerM3; // overrides the fluid's density
    std::optional<double> specificHeatKjPerKgK; // overrides the fluid's c_p
};

/// Coolant flow needed, volumetric and by mass.
struct CoolantFlowResult
{
    double litresPerMinute = 0.0;
    double usGpm = 0.0;
    double massFlowKgPerS = 0.0;
    std::vector<std::string> assumptions;
};

/// Volumetric coolant flow to carry heatKw at deltaTK. Throws InputError on out-of-domain input.
CoolantFlowResult coolantFlow(const CoolantFlowInput &input);

// US liquid gallon = 231 in^3 = 3.785411784 L exactly (NIST Handbook 44, Appendix C).
inline constexpr double litresPerUsGallon = 3.785411784;

} // namespace cw::calc

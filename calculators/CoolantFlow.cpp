#include "calculators/CoolantFlow.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

namespace {

struct FluidProperties
{
    const char *name;
    double densityKgPerM3;
    double specificHeatKjPerKgK;
    const char *source;
};

// Water at 25 °C: density 997.0 kg/m3, c_p 4.18 kJ/(kg K) (4.1813) -- ref:engineering-toolbox-water
// "Water - Density, Specific Weight" and "Water - Specific Heat" tables (IAPWS-95 values).
constexpr FluidProperties waterProperties { "water", 997.0, 4.18,
                                            "water at 25 C: 997 kg/m3, 4.18 kJ/(kg K) "
                                            "(ref:engineering-toolbox-water, IAPWS-95)" };
// 25 % (by volume) propylene glycol in water: specific gravity 1.020 (Lange's Handbook of
// Chemistry, Table 5.13, at 15.6 C) and c_p ~0.93 Btu/(lb F) = 3.9 kJ/(kg K) near 25-40 C
// (Dow DOWFROST Engineering and Operating Guide, specific-heat table). Approximate: both vary
// a few percent with temperature and inhibitor package; override for a specific product.
constexpr FluidProperties pg25Properties {
    "pg25", 1020.0, 3.9,
    "25% propylene glycol: ~1020 kg/m3, ~3.9 kJ/(kg K) "
    "(ref:langes-handbook Table 5.13; ref:dow-dowfrost); approximate"
};

constexpr double joulesPerKj = 1000.0;
constexpr double litresPerM3 = 1000.0;

} // namespace

CoolantFlowResult coolantFlow(const CoolantFlowInput &input)
{
    requirePositive("heat-kw", input.heatKw);
    requirePositive("delta-t-k", input.deltaTK);
    if (input.densityKgPerM3)
        requirePositive("density-kg-m3", *input.densityKgPerM3);
    if (input.specificHeatKjPerKgK)
        requirePositive("cp-kj-kgk", *input.specificHeatKjPerKgK);

    const FluidProperties &fluid = input.fluid == Coolant::Pg25 ? pg25Properties : waterProperties;
    const double density = input.densityKgPerM3.value_or(fluid.densityKgPerM3);
    const double cp = input.specificHeatKjPerKgK.value_or(fluid.specificHeatKjPerKgK);

    CoolantFlowResult r;
    // Sensible heat: Q = m_dot c_p dT  =>  m_dot = Q / (c_p dT)  (kW / (kJ/(kg K) K) = kg/s).
    r.massFlowKgPerS = (input.heatKw * wattsPerKw) / (cp * joulesPerKj * input.deltaTK);
    const double m3PerSecond = r.massFlowKgPerS / density;
    r.litresPerMinute = m3PerSecond * litresPerM3 * secondsPerMinute;
    r.usGpm = r.litresPerMinute / litresPerUsGallon;

    r.assumptions.push_back("Q = m_dot c_p dT with constant properties");
    if (input.densityKgPerM3 || input.specificHeatKjPerKgK) {
        r.assumptions.push_back("fluid properties overridden: " + formatNumber(density) + " kg/m3, "
                                + formatNumber(cp) + " kJ/(kg K)");
    } else {
        r.assumptions.push_back(fluid.source);
    }
    r.assumptions.push_back("1 US gal = 3.785411784 L");
    return r;
}

} // namespace cw::calc

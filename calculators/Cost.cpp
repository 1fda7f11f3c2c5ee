#include "calculators/Cost.h"

#include "calculators/InputError.h"

namespace cw::calc {

CostResult cost(const CostInput &input)
{
    requireNonNegative("capex-usd", input.capexUsd);
    requirePositive("it-kw", input.itKw);
    requireAtLeast("gpus", input.gpus, 1);
    requirePositive("years", input.years);
    requireNonNegative("usd-per-kwh", input.usdPerKwh);
    // PUE = total facility power / IT power (ref:green-grid-pue; ref:iso-iec-30134-2), so >= 1.
    if (!(input.pue >= 1.0))
        throw InputError("pue", "expected a number >= 1, got " + formatNumber(input.pue));
    if (!(input.utilization > 0.0 && input.utilization <= 1.0))
        throw InputError("utilization",
                         "expected a fraction > 0 and <= 1, got "
                             + formatNumber(input.utilization));
    requireRange("idle-fraction", input.idleFraction, 0.0, 1.0);
    requireNonNegative("other-opex-usd-per-year", input.otherOpexUsdPerYear);

    CostResult r;
    r.capexUsd = input.capexUsd;
    // Busy hours draw the full IT load, the other hours idleFraction of it; the facility meter
    // sees that times PUE. With idleFraction = 0 this is it-kw x PUE x 8760 h x utilization.
    const double loadFactor = input.utilization + (1.0 - input.utilization) * input.idleFraction;
    r.energyKwhPerYear = input.itKw * input.pue * hoursPerYear * loadFactor;
    r.opexUsdPerYear = r.energyKwhPerYear * input.usdPerKwh + input.otherOpexUsdPerYear;
    r.tcoUsd = r.capexUsd + r.opexUsdPerYear * input.years;
    const double busyGpuHours
        = static_cast<double>(input.gpus) * input.years * hoursPerYear * input.utilization;
    r.usdPerGpuHour = r.tcoUsd / busyGpuHours;

    r.assumptions.push_back("energy per year = it-kw x PUE x 8760 h x (utilization + (1 - "
                            "utilization) x idle-fraction) = "
                            + formatNumber(input.itKw) + " x " + formatNumber(input.pue)
                            + " x 8760 x " + formatNumber(loadFactor) + " kWh");
    r.assumptions.push_back("it-kw is drawn in full while busy (the parts' maximum power: a "
                            "conservative figure); idle hours draw idle-fraction of it ("
                            + formatNumber(input.idleFraction) + ")");
    r.assumptions.push_back("opex = energy x usd-per-kwh + other-opex-usd-per-year; no price "
                            "escalation, discounting, financing or residual value");
    r.assumptions.push_back("tco = capex + opex x " + formatNumber(input.years)
                            + " years; capex is spent at once and written off over the horizon");
    r.assumptions.push_back("usd_per_gpu_hour = tco / (gpus x years x 8760 h x utilization): only "
                            "busy GPU-hours pay for the cluster");
    return r;
}

} // namespace cw::calc

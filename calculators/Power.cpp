#include "calculators/Power.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

namespace cw::calc {

PowerResult power(const PowerInput &input)
{
    requirePositive("it-kw", input.itKw);
    // PUE = total facility power / IT power (ref:green-grid-pue; ref:iso-iec-30134-2), so >= 1.
    if (!(input.pue >= 1.0))
        throw InputError("pue", "expected a number >= 1, got " + formatNumber(input.pue));

    PowerResult r;
    r.facilityKw = input.itKw * input.pue;
    // Essentially all electrical power drawn by IT equipment leaves it as heat; that is the
    // load the cooling plant must remove from the white space. Cooling-plant and electrical
    // losses (the PUE overhead) are rejected elsewhere (chillers, transformer rooms).
    r.btuPerHour = input.itKw * wattsPerKw * btuPerHourPerWatt;
    r.coolingTons = r.btuPerHour / btuPerHourPerTon;
    r.assumptions.push_back(
        "facility power = IT power x PUE (ref:green-grid-pue; ref:iso-iec-30134-2)");
    r.assumptions.push_back("heat to remove = IT load (all IT power becomes heat); PUE overhead "
                            "is not added to the cooling load");
    r.assumptions.push_back("1 W = 3.412142 BTU/h; 1 ton of refrigeration = 12,000 BTU/h (NIST SP "
                            "811, ref:nist-sp-811)");
    return r;
}

} // namespace cw::calc

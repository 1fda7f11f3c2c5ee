#pragma once

#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of power(): IT load and the site's power usage effectiveness.
struct PowerInput
{
    double itKw = 0.0;
    double pue = 0.0; // >= 1
};

/// Facility power and the heat of the IT load.
struct PowerResult
{
    double facilityKw = 0.0;
    double btuPerHour = 0.0; // heat of the IT load
    double coolingTons = 0.0; // refrigeration tons for that heat
    std::vector<std::string> assumptions;
};

/// Facility power and heat to remove. Throws InputError on out-of-domain input.
PowerResult power(const PowerInput &input);

// 1 BTU_IT/h = 0.293071 W, i.e. 1 W = 3.412142 BTU_IT/h (NIST SP 811, Appendix B.8).
inline constexpr double btuPerHourPerWatt = 3.412142;
// 1 ton of refrigeration = 12,000 BTU/h (NIST SP 811, Appendix B.8; ASHRAE Terminology).
inline constexpr double btuPerHourPerTon = 12000.0;

} // namespace cw::calc

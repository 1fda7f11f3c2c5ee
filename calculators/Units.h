#pragma once

// Unit conventions shared by every calculator (see docs/calculators.md, "Units").
// Decimal prefixes for bytes and rates follow SI / IEC 80000-13; binary ones are named Gib/GiB.

namespace cw::calc {

inline constexpr double bytesPerGB = 1e9; // GB = 10^9 bytes (SI)
inline constexpr double bytesPerGiB = 1073741824.0; // GiB = 2^30 bytes (IEC 80000-13)
inline constexpr double bitsPerByte = 8.0;
inline constexpr double bitsPerGbit = 1e9; // link rates: Gb/s = 10^9 bit/s
inline constexpr double flopsPerTflop = 1e12;
inline constexpr double secondsPerMinute = 60.0;
inline constexpr double secondsPerHour = 3600.0;
inline constexpr double secondsPerDay = 86400.0;
inline constexpr double hoursPerDay = 24.0;
inline constexpr double wattsPerKw = 1000.0;
inline constexpr double secondsPerMicrosecond = 1e-6;

} // namespace cw::calc

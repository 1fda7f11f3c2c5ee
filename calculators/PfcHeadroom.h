#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cw::calc {

/// Inputs of pfcHeadroom(): one lossless priority group on one switch port.
/// ASIC constants default to the SONiC ASIC_TABLE values of NVIDIA Spectrum-2/-3.
struct PfcHeadroomInput
{
    double speedGbps = 0.0;
    double cableM = 0.0;
    double portMtuBytes = 9100.0; // SONiC PORT.mtu default
    double losslessMtuBytes = 1024.0; // SONiC LOSSLESS_TRAFFIC_PATTERN.mtu default
    double cellBytes = 144.0; // Spectrum-2/-3 cell_size
    double smallPacketPct = 100.0; // LOSSLESS_TRAFFIC_PATTERN.small_packet_percentage
    double pipelineLatencyKb = 18.0; // ASIC_TABLE.pipeline_latency (KB = 1024 B)
    double macPhyDelayKb = 0.8; // ASIC_TABLE.mac_phy_delay (KB = 1024 B)
    double gearboxDelayNs = 0.0; // PERIPHERAL_TABLE.gearbox_delay, 0 = no gearbox
    std::optional<double> peerResponseBytes; // overrides the IEEE 802.3 pause-quanta table
    bool eightLane = false; // 8-lane (400G-8 / 800G) port adjustments
    bool sharedHeadroomPool = false; // headroom = xon only when a shared pool holds xoff
};

/// Headroom, its xoff/xon parts and the intermediate terms.
struct PfcHeadroomResult
{
    double headroomBytes = 0.0;
    double xoffBytes = 0.0;
    double xonBytes = 0.0;
    double bytesOnCable = 0.0; // physics: 2 L R / (v 8), round trip
    double sonicBytesOnCable = 0.0; // the term as SONiC computes it (1e9/1024 scaling)
    double peerResponseBytes = 0.0;
    double cellOccupancy = 0.0;
    std::vector<std::string> assumptions;
};

/// Pause quanta the peer may still send after XOFF, per IEEE 802.3 Annex 31B.3.7, as tabulated
/// in SONiC. nullopt for a speed not in the table.
std::optional<double> pauseQuanta(double speedGbps);

/// SONiC dynamic-buffer headroom for NVIDIA Spectrum. Throws InputError on bad input.
PfcHeadroomResult pfcHeadroom(const PfcHeadroomInput &input);

// Signal propagation in copper/fibre used by SONiC: 1.98e8 m/s (~0.66 c).
inline constexpr double cableSignalSpeedMps = 1.98e8;

} // namespace cw::calc

#include "calculators/PfcHeadroom.h"

#include "calculators/InputError.h"
#include "calculators/Units.h"

#include <cmath>

// Port of sonic-net/sonic-swss cfgmgr/buffer_headroom_mellanox.lua (commit 18913fa3), the
// dynamic-buffer headroom formula SONiC runs on NVIDIA Spectrum switches
// (ref:sonic-buffer-headroom). Variable names follow the lua so the two can be compared line by
// line.

namespace cw::calc {

namespace {

constexpr double bytesPerKb = 1024.0; // SONiC ASIC_TABLE values are in KB of 1024 B
constexpr double bitsPerPauseQuantum = 512.0; // IEEE 802.3 31B.2: one quantum = 512 bit times
constexpr double minimalPacketBytes = 64.0; // Ethernet minimum frame
constexpr double roundingBytes = 1024.0; // lua rounds xon/xoff/size up to 1 KB

double roundUpToKb(double bytes)
{
    return std::ceil(bytes / roundingBytes) * roundingBytes;
}

} // namespace

std::optional<double> pauseQuanta(double speedGbps)
{
    // pause_quanta_per_speed in buffer_headroom_mellanox.lua ("IEEE 802.3 31B.3.7").
    struct Entry
    {
        double gbps;
        double quanta;
    };
    static constexpr Entry table[] = {
        { 800, 905 }, { 400, 905 }, { 200, 453 }, { 100, 394 }, { 50, 147 },
        { 40, 118 },  { 25, 80 },   { 10, 67 },   { 1, 2 },     { 0.1, 1 },
    };
    for (const Entry &e : table) {
        if (e.gbps == speedGbps)
            return e.quanta;
    }
    return std::nullopt;
}

PfcHeadroomResult pfcHeadroom(const PfcHeadroomInput &input)
{
    requirePositive("speed-gbit-s", input.speedGbps);
    requireNonNegative("cable-m", input.cableM);
    requirePositive("mtu-bytes", input.portMtuBytes);
    requirePositive("lossless-mtu-bytes", input.losslessMtuBytes);
    requirePositive("cell-bytes", input.cellBytes);
    requireRange("small-packet-pct", input.smallPacketPct, 0.0, 100.0);
    requireNonNegative("pipeline-latency-kib", input.pipelineLatencyKb);
    requireNonNegative("mac-phy-delay-kib", input.macPhyDelayKb);
    requireNonNegative("gearbox-delay-ns", input.gearboxDelayNs);

    PfcHeadroomResult r;
    const auto quanta = pauseQuanta(input.speedGbps);
    if (input.peerResponseBytes) {
        requireNonNegative("peer-response-bytes", *input.peerResponseBytes);
        r.peerResponseBytes = *input.peerResponseBytes;
    } else if (quanta) {
        r.peerResponseBytes = *quanta * bitsPerPauseQuantum / bitsPerByte;
    } else {
        throw InputError("speed-gbit-s",
                         "expected one of 800, 400, 200, 100, 50, 40, 25, 10, 1, 0.1 (pause-quanta "
                         "table) or give peer-response-bytes, got "
                             + formatNumber(input.speedGbps));
    }

    const double speedMbps = input.speedGbps * 1000.0; // the lua works in Mb/s
    const double cell = input.cellBytes;
    const double worstCaseFactor
        = cell > 2.0 * minimalPacketBytes ? cell / minimalPacketBytes : 2.0 * cell / (1.0 + cell);
    r.cellOccupancy
        = (100.0 - input.smallPacketPct + input.smallPacketPct * worstCaseFactor) / 100.0;

    // The lua's gearbox term: port_speed[Mb/s] x gearbox_delay / (8 x 1024); with the delay in ns
    // that is ~bytes in flight inside the gearbox (unit of gearbox_delay: UNCONFIRMED).
    const double bytesOnGearbox = input.gearboxDelayNs == 0.0
        ? 0.0
        : speedMbps * input.gearboxDelayNs / (bitsPerByte * bytesPerKb);

    // Physics: a round trip of cable holds 2 L R / (v 8) bytes (400G, 5 m -> 2525 B).
    r.bytesOnCable
        = 2.0 * input.cableM * input.speedGbps * bitsPerGbit / (cableSignalSpeedMps * bitsPerByte);
    // SONiC's expression scales by 1e9/1024 instead of 1e6 (Mb/s), i.e. 2.4 % less (-> 2466 B).
    r.sonicBytesOnCable
        = 2.0 * input.cableM * speedMbps * 1e9 / cableSignalSpeedMps / (bitsPerByte * bytesPerKb);

    const double macPhyDelay = input.macPhyDelayKb * bytesPerKb;
    double pipelineLatency = input.pipelineLatencyKb * bytesPerKb;
    double speedOverhead = 0.0;
    if (input.eightLane) {
        pipelineLatency = pipelineLatency * 2.0 - bytesPerKb;
        speedOverhead = input.portMtuBytes;
    }

    const double propagationDelay = input.portMtuBytes + r.sonicBytesOnCable + 2.0 * bytesOnGearbox
        + macPhyDelay + r.peerResponseBytes;
    r.xoffBytes = roundUpToKb(input.losslessMtuBytes + propagationDelay * r.cellOccupancy);
    r.xonBytes = roundUpToKb(pipelineLatency);
    r.headroomBytes = roundUpToKb(
        input.sharedHeadroomPool ? r.xonBytes : r.xoffBytes + r.xonBytes + speedOverhead);

    r.assumptions.push_back("SONiC buffer_headroom_mellanox.lua: xoff = lossless_mtu + (port_mtu + "
                            "cable + 2 gearbox + mac_phy + peer_response) x cell_occupancy; xon = "
                            "pipeline_latency; all rounded up to 1024 B");
    r.assumptions.push_back(
        "xoff uses SONiC's cable term (" + formatNumber(std::round(r.sonicBytesOnCable))
        + " B); bytes_on_cable is the physical round trip 2 L R/(v 8) at v = 1.98e8 m/s");
    r.assumptions.push_back("ASIC constants (defaults = SONiC ASIC_TABLE for Spectrum-2/-3): cell "
                            + formatNumber(cell) + " B, pipeline_latency "
                            + formatNumber(input.pipelineLatencyKb) + " KB, mac_phy_delay "
                            + formatNumber(input.macPhyDelayKb) + " KB, gearbox "
                            + formatNumber(input.gearboxDelayNs) + " ns; override for other ASICs");
    r.assumptions.push_back(
        "traffic pattern: lossless MTU " + formatNumber(input.losslessMtuBytes) + " B, "
        + formatNumber(input.smallPacketPct)
        + " % small packets (SONiC LOSSLESS_TRAFFIC_PATTERN defaults 1024 / 100)");
    if (input.peerResponseBytes)
        r.assumptions.push_back("peer response overridden: " + formatNumber(r.peerResponseBytes)
                                + " B");
    else
        r.assumptions.push_back(
            "peer response = " + formatNumber(*quanta)
            + " pause quanta x 512 bit (IEEE 802.3 31B.3.7 as tabulated in SONiC)");
    if (input.sharedHeadroomPool)
        r.assumptions.push_back(
            "shared headroom pool: per-PG headroom is xon only; xoff comes from the pool");
    return r;
}

} // namespace cw::calc

#pragma once

#include "model/common/Result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cw::asbuilt {

/// One end of a cable as the built cluster reports it.
struct ObservedEnd
{
    std::string node; ///< node description / hostname ("leaf01", "dgx01 mlx5_0")
    std::uint64_t guid = 0; ///< InfiniBand node GUID; 0 when not known (LLDP, CSV)
    std::string port; ///< port number ("17") or interface name ("swp17")
};

/// One cable, each end once (tools that list a link from both ends are deduplicated).
struct ObservedLink
{
    ObservedEnd a;
    ObservedEnd b;
    int width = 0; ///< lanes (4 for "4xHDR"); 0 = not reported
    std::string rate; ///< lane rate name ("HDR"); empty = not reported
    double speedGbps = 0; ///< width x lane rate; 0 = not reported
    std::string source; ///< "file:line" where it was read
};

struct Observed
{
    std::vector<ObservedLink> links;
    std::vector<std::string> reporters; ///< devices whose own neighbour table was read (LLDP, CSV)
};

/// Gb/s of one lane of an InfiniBand rate name (SDR 2.5 ... XDR 200; IBTA, ref:ibta-spec-vol1).
double laneGbps(std::string_view rate);
/// The name of a 4x rate for a port speed (400 -> "NDR"), as ibnetdiscover writes it.
std::string rateName(double laneSpeedGbps);

/// `ibnetdiscover` output (topology format, with or without --node-name-map).
Result<Observed> parseIbnetdiscover(std::string_view text, const std::string &fileName);
/// `lldpctl -f json` output of host `host` (the device whose neighbours it lists).
Result<Observed> parseLldpJson(std::string_view text, const std::string &host,
                               const std::string &fileName);
/// CSV with the header `device,port,neighbour,neighbour_port` (RFC 4180 quoting, `#` comments).
Result<Observed> parseNeighbourCsv(std::string_view text, const std::string &fileName);

} // namespace cw::asbuilt

namespace cw::asbuilt {

/// Adds `from` to `into`; a cable both its ends reported (two hosts' LLDP tables) is kept once.
void appendObserved(Observed &into, Observed from);

} // namespace cw::asbuilt

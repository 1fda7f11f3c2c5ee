#pragma once

#include "exporters/switch/IbnetTopologyModel.h"

#include <string>

namespace cw {
class Design;
}

namespace cw::exporters::ib {

/// The annotation ibnetdiscover writes for a link ("4xHDR") and the one Debian's ibsim 0.10
/// can read: it parses SDR..HDR only (NDR arrived in ibsim 0.11), so a faster link is
/// written 4xHDR and `clamped` says so (ref:ibsim, ref:ibta-spec-vol1).
struct SpeedAnnotation
{
    std::string text;
    std::string designedName; ///< what the design's rate is called (NDR for 400 Gb/s)
    bool clamped = false;
};
SpeedAnnotation ibsimSpeed(double speedGbps);

/// ibsim's default limits (Debian ibsim 0.10, `ibsim -h`; ref:ibsim), and what one
/// fabric needs: every node counts, a switch takes its ports + port 0, a CA its ports.
struct IbsimSize
{
    static constexpr int kMaxNodes = 2048;
    static constexpr int kMaxSwitches = 256;
    static constexpr int kMaxPorts = 13312;
    int nodes = 0;
    int switches = 0;
    int ports = 0;
    bool fitsDefaults() const
    {
        return nodes <= kMaxNodes && switches <= kMaxSwitches && ports <= kMaxPorts;
    }
};
IbsimSize ibsimSize(const IbFabric &fabric);

/// fabric.topo: the fabric in the ibnetdiscover "net" format ibsim loads (`ibsim -s`):
/// `switchguid=`/`caguid=` lines pin each node's GUID, node records are a header line, one
/// line per cabled port, and a blank line; every link is written identically from both ends.
std::string ibnetTopologyText(const Design &design, const IbFabric &fabric);

} // namespace cw::exporters::ib

#pragma once

#include "calculators/PfcHeadroom.h"
#include "model/common/Result.h"
#include "model/core/Network.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Device;
struct Part;
} // namespace cw

namespace cw::exporters::roce {

/// The configuration language a switch is configured in.
enum class SwitchOs { Sonic, Nvue, Eos };

/// The NOS family of a switch part: the catalog's `os` field ("sonic", "cumulus", "eos"), or,
/// when it names none of those, the vendor (NVIDIA -> Cumulus NVUE, Arista -> EOS, anything
/// else -> SONiC, the NOS of generic whitebox switches).
SwitchOs switchOsOf(const Part &part);

/// The VLAN a plain Ethernet fabric (out-of-band management, an Ethernet frontend) bridges its
/// hosts in. The design format has no VLAN field, so every plain Ethernet fabric gets this
/// one; to change it, edit it alike in every switch file of the fabric
/// (docs/export-switch-roce.md).
inline constexpr int kDefaultAccessVlan = 10;

/// One cabled port of a switch on the fabric being exported.
struct PortPlan
{
    int index = -1; ///< index in the catalog part's port list
    std::string name; ///< the catalog port name (Ethernet0, swp1, Ethernet1)
    double portSpeedGbps = 0; ///< the port's own speed
    double speedGbps = 0; ///< link speed: slower port end and the cable's per-link speed
    std::string description; ///< "to <device> <port>", printable ASCII without quotes
    double cableM = 0; ///< installed cable length
    /// Plain Ethernet: the far end is a non-management port of another switch of the fabric,
    /// so the port is a trunk carrying the access VLAN tagged (else an access port).
    bool trunk = false;
    /// Cable length the PFC headroom is sized for: the profile's pfcCableLengthM, or the
    /// installed cable when that is longer, rounded up to whole metres.
    int headroomCableM = 0;
    /// SONiC headroom formula (ref:sonic-buffer-headroom) per lossless priority; nullopt on a plain
    /// Ethernet fabric or for a speed the pause-quanta table does not know.
    std::optional<calc::PfcHeadroomResult> headroom;
};

/// Everything a renderer needs for one switch: identity, effective QoS profile and the
/// classification derived from it, and the cabled ports in catalog order.
struct SwitchPlan
{
    const Device *device = nullptr;
    const Part *part = nullptr;
    SwitchOs os = SwitchOs::Sonic;
    std::string fabricName; ///< printable ASCII without quotes (as PortPlan::description)
    std::string hostname; ///< device name with characters hostnames cannot hold as '-'
    bool lossless = false; ///< RoCEv2 fabric: QoS, PFC, ECN, watchdog; else ports only
    /// Plain Ethernet fabric: every cabled port joins one VLAN-aware bridge (Cumulus and
    /// SONiC bridge no port by default), hosts untagged in `accessVlan`, switch links trunked.
    bool bridged = false;
    int accessVlan = 0; ///< kDefaultAccessVlan when bridged, else 0
    bool qosOverride = false; ///< the device carries its own QoS profile
    QosProfile qos; ///< the device's own profile, else the fabric's
    std::array<int, 8> priorityToTc {}; ///< switch priority -> traffic class (= queue)
    std::array<int, 64> dscpToTc {}; ///< DSCP -> traffic class
    std::vector<int> losslessPriorities; ///< sorted, unique
    std::vector<int> ecnTcs; ///< TCs with ECN marking (lossless + RoCE), sorted
    std::vector<std::pair<int, int>> dwrrPercent; ///< (TC, bandwidth %) summing to 100
    int strictTc = -1; ///< CNP traffic class, strict priority; -1 = none
    std::vector<PortPlan> ports;
};

/// The traffic class of a switch priority: the RoCE, CNP and lossless priorities keep their
/// own class, every other priority shares TC 0 (Cumulus `nv set qos roce`,
/// ref:nvidia-cumulus-roce).
int trafficClassOf(const QosProfile &qos, int priority);

/// The switches of `fabric` (devices with role Switch and a link on the fabric on a non-
/// management port), in device id order, each with its plan. Fails when a profile value is
/// out of range (DSCP 0-63, priority 0-7) or a switch's part or port cannot be found.
Result<std::vector<SwitchPlan>> planSwitches(const Design &design, const Catalog &catalog,
                                             const Fabric &fabric);

/// Groups of ports that share one headroom (speed, sized cable length), for the comments and
/// SONiC's BUFFER_PROFILE names, in (speed, length) order.
struct HeadroomGroup
{
    double speedGbps = 0;
    int cableM = 0;
    calc::PfcHeadroomResult headroom;
    std::vector<std::string> ports;
};
std::vector<HeadroomGroup> headroomGroups(const SwitchPlan &plan);

/// Comment text (no prefix) on the PFC headroom of each group and on ports the formula cannot
/// size, for the NOSes that size buffers themselves (NVUE from cable-length, EOS).
std::vector<std::string> headroomNotes(const SwitchPlan &plan);

/// The values joined with `separator` ("0 1 2", "3,4").
std::string joinInts(const std::vector<int> &values, const std::string &separator);

/// A number without a trailing ".0" ("400", "0.2", "12.5").
std::string numberText(double value);

} // namespace cw::exporters::roce

#pragma once

#include "model/common/Result.h"
#include "model/core/Ids.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Fabric;
} // namespace cw

namespace cw::exporters::ib {

/// GUID scheme. The design carries no GUIDs, so every file of a fabric derives them from
/// device ids the same way:
///   bits 63..40  0x024357 — a fixed prefix; the first octet 0x02 has the EUI-64
///                "locally administered" bit set, so it never equals a vendor-assigned GUID
///                ("CW" = 0x43 0x57 for Clusterwright);
///   bits 39..8   the design's device id (ids are unique within a design, never reused);
///   bits  7..0   0x00 for a switch; 2 * (port index + 1) for the HCA that stands for
///                server port `port index`, whose port GUID is that value + 1 (ibsim gives a
///                CA's port n the GUID node + n).
/// Replace them with the real GUIDs (from `ibnetdiscover` of the built fabric) before a
/// production OpenSM uses the root GUID file.
constexpr std::uint64_t kGuidPrefix = 0x0243570000000000ULL;
constexpr std::uint64_t kMaxDeviceIdInGuid = 0xFFFFFFFFULL;
constexpr int kMaxHcaPortIndex = 126; ///< 2 * (126 + 1) + 1 = 255 still fits the low byte

std::uint64_t switchGuid(DeviceId device);
std::uint64_t hcaNodeGuid(DeviceId device, int portIndex);
/// "0x" + 16 lowercase hex digits, the form opensm's GUID files and ibsim take.
std::string guidText(std::uint64_t guid);

/// One node of the subnet: a switch, or a single-port HCA standing for one server port.
struct IbNode
{
    enum class Kind { Switch, Ca };
    Kind kind = Kind::Switch;
    DeviceId device;
    int devicePort = -1; ///< CAs: index of the server port in its catalog part
    std::uint64_t guid = 0; ///< node GUID
    std::string name; ///< NodeDescription: switch hostname, or "<host> <port>"
    int portCount = 1; ///< switches: the part's non-management ports; CAs: 1
    int rank = -1; ///< switches: 0 = leaf, rising to the top tier; CAs: -1

    /// The ibnetdiscover node id: "S-<16 hex>" for switches, "H-<16 hex>" for CAs.
    std::string id() const;
};

/// One cable of the fabric between two IB ports (port numbers from 1).
struct IbLink
{
    LinkId link;
    std::size_t nodeA = 0;
    int portA = 0;
    std::size_t nodeB = 0;
    int portB = 0;
    double speedGbps = 0;
};

/// The designed fabric as the subnet manager sees it. Nodes are ordered switches first
/// (top tier first, then device id), then CAs (device id, port); links in design order.
struct IbFabric
{
    std::string name;
    std::string topologyKind; ///< the fabric's designed kind (fat-tree, rail-optimized, custom)
    std::vector<IbNode> nodes;
    std::vector<IbLink> links;
    int topRank = -1; ///< highest switch rank; -1 without switches
    bool ranksFromDesign = false; ///< ranks are the design's tiers (else hop counts from CAs)

    std::size_t switchCount() const;
    std::size_t caCount() const;
    /// The top-tier switches (rank == topRank), in node order.
    std::vector<const IbNode *> roots() const;
    /// Whether every CA is cabled only to rank-0 switches (ftree's "all CNs at one rank").
    bool casOnLeavesOnly() const;
};

/// Builds the subnet of `fabric`: its switches, one HCA per server port cabled on it, its
/// links with IB port numbers (a switch's non-management ports numbered from 1, in catalog
/// order). Errors name the device or link and what was expected.
Result<IbFabric> buildIbFabric(const Design &design, const Catalog &catalog, const Fabric &fabric);

/// A NodeDescription-safe name: printable ASCII without '"', '=' (ibsim reads '=' on a port
/// line as an option) or '#' and '@' (reserved by ibsim), at most 63 bytes (the 64-byte
/// NodeDescription field with its NUL).
std::string nodeDescription(std::string_view text);

/// A comment block that stays a comment in line-oriented parsers: every line starts with
/// "#", text is word-wrapped to `width`, and no line exceeds 200 bytes (ibsim reads at most
/// 255 bytes a line and parses the rest as a new line; a design name could be that long).
std::string commentBlock(std::string_view text, std::size_t width = 96);

} // namespace cw::exporters::ib

#pragma once

#include "exporters/switch/AddressPlan.h"
#include "model/common/Result.h"
#include "model/core/Ids.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cw {
class Catalog;
class Design;
struct Device;
struct Fabric;
} // namespace cw

namespace cw::exporters::underlay {

/// A switch-to-switch link seen from one end: a BGP session.
struct FabricPort
{
    std::string port; ///< local port (catalog name = the NOS interface name)
    std::string peer; ///< peer hostname
    std::string peerPort;
    LinkId link;
    std::uint32_t localIp = 0; ///< numbered peering: this end of the /31, else 0
    std::uint32_t peerIp = 0;
    std::uint32_t peerAsn = 0;
};

/// A routed leaf port facing a host NIC: the leaf holds the even address of the /31.
struct HostPort
{
    std::string port;
    std::string host;
    std::string hostPort;
    int railBlock = 0;
    std::uint32_t leafIp = 0;
};

/// One switch of the underlay.
struct UnderlaySwitch
{
    const Device *device = nullptr;
    std::string hostname;
    int tier = 0; ///< 0 leaf, 1 spine, 2 super-spine
    std::uint32_t asn = 0;
    std::uint32_t loopback = 0;
    std::uint32_t management = 0;
    std::string managementPort; ///< the part's management port name, empty when it has none
    std::vector<FabricPort> fabricPorts; ///< in port order
    std::vector<HostPort> hostPorts; ///< in port order
};

/// A host NIC on the fabric: odd address of its /31, the leaf's address as gateway.
struct HostNic
{
    std::string port; ///< catalog port name (see docs: the NIC's netdev name on the host)
    int railBlock = 0;
    std::uint32_t address = 0;
    std::uint32_t gateway = 0;
    std::string leaf;
    std::string leafPort;
};

struct UnderlayHost
{
    const Device *device = nullptr;
    std::string hostname;
    std::uint32_t management = 0;
    int mtu = 9000; ///< host MTU of the device's QoS profile (its own, else the fabric's)
    std::vector<HostNic> nics; ///< in rail block order
};

/// The routed underlay of one RoCE fabric: every address and ASN, all from one plan
/// (docs/export-switch-roce.md, "Routed underlay").
struct UnderlayPlan
{
    UnderlayOptions options;
    std::string fabricName; ///< comment text: letters, digits, " ._-" only
    std::vector<UnderlaySwitch> switches; ///< in device id order
    std::vector<UnderlayHost> hosts; ///< in device id order
    std::vector<int> railBlocks; ///< blocks in use, sorted
};

/// ASN bases of the plan (RFC 7938 section 5.2.1, ref:rfc7938; 4-byte private range
/// 4200000000-4294967294, ref:rfc6996): each leaf its own ASN, the spines of a pod share one,
/// the top tier shares one.
inline constexpr std::uint32_t kLeafAsnBase = 4201000000U;
inline constexpr std::uint32_t kSpineAsnBase = 4202000000U;
inline constexpr std::uint32_t kSuperSpineAsn = 4203000000U;

/// Plans the underlay of `fabric`. Fails, naming the device or port, on a name that cannot be
/// written unquoted, a key that does not fit its pool, or a switch without a tier.
Result<UnderlayPlan> planUnderlay(const Design &design, const Catalog &catalog,
                                  const Fabric &fabric, const UnderlayOptions &options);

/// The switch of the plan named `hostname`, or null.
const UnderlaySwitch *findSwitch(const UnderlayPlan &plan, const std::string &hostname);

} // namespace cw::exporters::underlay

#pragma once

#include "exporters/Exporter.h"
#include "model/catalog/Part.h"
#include "model/common/Result.h"
#include "model/core/Ids.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cw::exporters::underlay {

/// An IPv4 prefix (address in host byte order, masked to its length).
struct Ipv4Prefix
{
    std::uint32_t address = 0;
    int length = 32;

    std::uint64_t size() const { return std::uint64_t { 1 } << (32 - length); }
    bool contains(std::uint32_t ip) const { return ip - address < size(); }
    bool overlaps(const Ipv4Prefix &other) const
    {
        return contains(other.address) || other.contains(address);
    }
    std::string text() const; ///< "10.0.0.0/16"
    bool operator==(const Ipv4Prefix &) const = default;
};

/// Dotted-quad text of an address.
std::string ipv4Text(std::uint32_t address);

/// Parses "a.b.c.d/len"; the error names `what` and the expected form. Host bits must be 0.
Result<Ipv4Prefix> parsePrefix(const std::string &text, const std::string &what);

/// How switches peer: numbered /31s on every switch-to-switch link, or BGP unnumbered (IPv6
/// link-local sessions carrying IPv4 routes with IPv6 next hops, ref:rfc8950).
enum class Peering { Numbered, Unnumbered };

/// The address pools and protocol choices of a routed underlay (docs/export-switch-roce.md,
/// "Routed underlay"). Defaults are RFC 1918 space (ref:rfc1918) a site changes per fabric
/// with `--param underlay.<pool>=<prefix>`.
struct UnderlayOptions
{
    Ipv4Prefix loopbacks { 0x0A000000, 16 }; ///< 10.0.0.0/16: one /32 per switch
    Ipv4Prefix p2p { 0x0A010000, 16 }; ///< 10.1.0.0/16: one /31 per switch-to-switch link
    Ipv4Prefix hosts { 0x0A800000, 10 }; ///< 10.128.0.0/10: 64 rail blocks of host /31s
    Ipv4Prefix management { 0x0AFE0000, 16 }; ///< 10.254.0.0/16: one address per device
    Peering peering = Peering::Numbered;
    bool bfd = false; ///< BFD on every fabric session (ref:rfc5880), bfdd on the switch
};

/// Host ports are grouped in rail blocks of the host pool: compute ports by their rail
/// (blocks 0-31), storage ports (32-47), frontend ports (48-55), any other role (56-63), each
/// by its order among the device's ports of that role.
inline constexpr int kRailBlocks = 64;

/// The parameters the switch exporter takes for the underlay, for `export --list`.
std::vector<ExportParameter> underlayParameters();

/// Reads `underlay.*` keys of `params` (other keys are ignored). Fails on a malformed prefix,
/// a pool too small for its purpose, or two pools that overlap.
Result<UnderlayOptions> underlayOptions(const std::map<std::string, std::string> &params);

/// Whether the routed underlay is written at all (`underlay=off` turns it off).
bool underlayEnabled(const std::map<std::string, std::string> &params);

// Stable allocation: each address is a function of the pool and a key that never changes
// while the thing it names exists (device id, link id, rail), never of enumeration order,
// so adding or removing a leaf moves no other address. Each fails, naming the pool and the
// key, when the key does not fit the pool.

/// Loopback /32: loopbacks pool + device id.
Result<std::uint32_t> loopbackOf(const UnderlayOptions &options, DeviceId device);
/// Management address: management pool + device id (neither the network nor broadcast).
Result<std::uint32_t> managementOf(const UnderlayOptions &options, DeviceId device);
/// The even address of a switch-to-switch /31: p2p pool + 2 x link id.
Result<std::uint32_t> p2pOf(const UnderlayOptions &options, LinkId link);
/// The rail block (0-63) of a host port of `role`, `ordinal`-th among the device's ports of
/// that role (a compute port's rail).
Result<int> railBlockOf(PortRole role, int ordinal);
/// The prefix of rail block `block`: the host pool split in kRailBlocks equal parts.
Ipv4Prefix railBlockPrefix(const UnderlayOptions &options, int block);
/// The even (leaf-side) address of a host's /31 in a rail block: block + 2 x device id.
Result<std::uint32_t> hostLinkOf(const UnderlayOptions &options, int block, DeviceId device);

/// Names a config may carry unquoted: letters, digits, '.', '_', '-' (1-63 characters).
/// Anything else is refused by the underlay writers with an error naming the thing.
bool plainName(const std::string &name);

} // namespace cw::exporters::underlay

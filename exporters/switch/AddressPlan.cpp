// Address pools of the routed underlay and the stable allocation rules
// (docs/export-switch-roce.md, "Routed underlay").

#include "exporters/switch/AddressPlan.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace cw::exporters::underlay {
namespace {

constexpr int kMaxPrefixLength = 32;
// Rail block ranges per port role (see kRailBlocks).
constexpr int kStorageFirstBlock = 32;
constexpr int kFrontendFirstBlock = 48;
constexpr int kOtherFirstBlock = 56;

Result<int> parseInt(const std::string &text, int max)
{
    if (text.empty() || text.size() > 3 || !std::all_of(text.begin(), text.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        }))
        return Error { "" };
    const int value = std::stoi(text);
    if (value > max)
        return Error { "" };
    return value;
}

std::string key(std::uint64_t value)
{
    return std::to_string(value);
}

Result<void> needsFit(const Ipv4Prefix &pool, std::uint64_t offset, const std::string &poolName,
                      const std::string &what)
{
    if (offset >= pool.size())
        return Error { what + " does not fit the " + poolName + " pool " + pool.text() + " ("
                       + key(pool.size()) + " addresses): give a larger one with --param underlay."
                       + poolName + "=<prefix>" };
    return {};
}

} // namespace

std::string ipv4Text(std::uint32_t address)
{
    return std::to_string(address >> 24) + "." + std::to_string((address >> 16) & 0xff) + "."
        + std::to_string((address >> 8) & 0xff) + "." + std::to_string(address & 0xff);
}

std::string Ipv4Prefix::text() const
{
    return ipv4Text(address) + "/" + std::to_string(length);
}

Result<Ipv4Prefix> parsePrefix(const std::string &text, const std::string &what)
{
    const Error bad { what + ": expected an IPv4 prefix a.b.c.d/len with the host bits 0, got \""
                      + text + "\"" };
    const std::size_t slash = text.find('/');
    if (slash == std::string::npos)
        return bad;
    std::array<std::string, 4> parts;
    std::size_t start = 0;
    for (int i = 0; i < 4; ++i) {
        const std::size_t end = i < 3 ? text.find('.', start) : slash;
        if (end == std::string::npos || end > slash)
            return bad;
        parts[static_cast<std::size_t>(i)] = text.substr(start, end - start);
        start = end + 1;
    }
    std::uint32_t address = 0;
    for (const std::string &part : parts) {
        const Result<int> octet = parseInt(part, 255);
        if (!octet)
            return bad;
        address = address << 8 | static_cast<std::uint32_t>(*octet);
    }
    const Result<int> length = parseInt(text.substr(slash + 1), kMaxPrefixLength);
    if (!length)
        return bad;
    Ipv4Prefix prefix { address, *length };
    const std::uint64_t hostMask = prefix.size() - 1;
    if ((address & hostMask) != 0)
        return bad;
    return prefix;
}

std::vector<ExportParameter> underlayParameters()
{
    const UnderlayOptions defaults;
    return {
        { "underlay",
          "RoCE routed underlay: numbered (default, /31 per link), unnumbered "
          "(BGP on IPv6 link-local) or off" },
        { "underlay.loopbacks",
          "pool of switch loopback /32s (default " + defaults.loopbacks.text() + ")" },
        { "underlay.p2p", "pool of switch-to-switch /31s (default " + defaults.p2p.text() + ")" },
        { "underlay.hosts",
          "pool of host /31s, 64 rail blocks (default " + defaults.hosts.text() + ")" },
        { "underlay.management", "management subnet (default " + defaults.management.text() + ")" },
        { "underlay.bfd", "on | off (default): BFD on every fabric BGP session" },
    };
}

bool underlayEnabled(const std::map<std::string, std::string> &params)
{
    const auto it = params.find("underlay");
    return it == params.end() || it->second != "off";
}

Result<UnderlayOptions> underlayOptions(const std::map<std::string, std::string> &params)
{
    UnderlayOptions options;
    if (auto it = params.find("underlay"); it != params.end()) {
        if (it->second == "unnumbered")
            options.peering = Peering::Unnumbered;
        else if (it->second != "numbered" && it->second != "off")
            return Error { "underlay must be numbered, unnumbered or off, got \"" + it->second
                           + "\"" };
    }
    if (auto it = params.find("underlay.bfd"); it != params.end()) {
        if (it->second != "on" && it->second != "off")
            return Error { "underlay.bfd must be on or off, got \"" + it->second + "\"" };
        options.bfd = it->second == "on";
    }
    const std::array<std::pair<const char *, Ipv4Prefix *>, 4> pools {
        { { "loopbacks", &options.loopbacks },
          { "p2p", &options.p2p },
          { "hosts", &options.hosts },
          { "management", &options.management } }
    };
    for (const auto &[name, pool] : pools) {
        const std::string param = std::string("underlay.") + name;
        if (auto it = params.find(param); it != params.end()) {
            auto prefix = parsePrefix(it->second, param);
            if (!prefix)
                return prefix.error();
            *pool = *prefix;
        }
    }
    // The host pool is cut in 64 rail blocks, each holding at least one /31.
    if (options.hosts.length > 32 - 7)
        return Error { "underlay.hosts " + options.hosts.text()
                       + " is too small: 64 rail blocks need a /25 or larger" };
    if (options.p2p.length > 31)
        return Error { "underlay.p2p " + options.p2p.text() + " cannot hold a /31" };
    for (std::size_t i = 0; i < pools.size(); ++i)
        for (std::size_t j = i + 1; j < pools.size(); ++j)
            if (pools[i].second->overlaps(*pools[j].second))
                return Error { std::string("underlay pools overlap: ") + pools[i].first + " "
                               + pools[i].second->text() + " and " + pools[j].first + " "
                               + pools[j].second->text() };
    return options;
}

Result<std::uint32_t> loopbackOf(const UnderlayOptions &options, DeviceId device)
{
    if (auto ok
        = needsFit(options.loopbacks, device.value, "loopbacks", "device id " + key(device.value));
        !ok)
        return ok.error();
    return options.loopbacks.address + static_cast<std::uint32_t>(device.value);
}

Result<std::uint32_t> managementOf(const UnderlayOptions &options, DeviceId device)
{
    // Offset 0 is the network and the last the broadcast address of the subnet.
    if (auto ok = needsFit(options.management, device.value + 1, "management",
                           "device id " + key(device.value));
        !ok)
        return ok.error();
    return options.management.address + static_cast<std::uint32_t>(device.value);
}

Result<std::uint32_t> p2pOf(const UnderlayOptions &options, LinkId link)
{
    if (auto ok = needsFit(options.p2p, 2 * link.value + 1, "p2p", "link id " + key(link.value));
        !ok)
        return ok.error();
    return options.p2p.address + static_cast<std::uint32_t>(2 * link.value);
}

Result<int> railBlockOf(PortRole role, int ordinal)
{
    int first = kOtherFirstBlock;
    int end = kRailBlocks;
    switch (role) {
    case PortRole::Compute:
        first = 0;
        end = kStorageFirstBlock;
        break;
    case PortRole::Storage:
        first = kStorageFirstBlock;
        end = kFrontendFirstBlock;
        break;
    case PortRole::Frontend:
        first = kFrontendFirstBlock;
        end = kOtherFirstBlock;
        break;
    case PortRole::Management:
    case PortRole::Fabric:
        break;
    }
    if (ordinal < 0 || first + ordinal >= end)
        return Error { "port #" + std::to_string(ordinal) + " of its role is beyond the "
                       + std::to_string(end - first) + " rail blocks the role has" };
    return first + ordinal;
}

Ipv4Prefix railBlockPrefix(const UnderlayOptions &options, int block)
{
    const int length = options.hosts.length + 6; // 64 = 2^6 blocks
    const std::uint64_t blockSize = std::uint64_t { 1 } << (32 - length);
    return { options.hosts.address + static_cast<std::uint32_t>(blockSize * block), length };
}

Result<std::uint32_t> hostLinkOf(const UnderlayOptions &options, int block, DeviceId device)
{
    const Ipv4Prefix prefix = railBlockPrefix(options, block);
    if (auto ok = needsFit(prefix, 2 * device.value + 1, "hosts",
                           "device id " + key(device.value) + " (rail block "
                               + std::to_string(block) + ": " + prefix.text() + ")");
        !ok)
        return ok.error();
    return prefix.address + static_cast<std::uint32_t>(2 * device.value);
}

bool plainName(const std::string &name)
{
    if (name.empty() || name.size() > 63)
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == '.' || c == '_' || c == '-';
    });
}

} // namespace cw::exporters::underlay

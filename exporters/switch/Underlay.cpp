// The routed underlay of a RoCE fabric: tiers, ASNs (RFC 7938, ref:rfc7938) and every address,
// each allocated from a stable key (AddressPlan.h), so one plan feeds FRR, SONiC, NVUE, EOS,
// the hosts' netplan files and the address table.

#include "exporters/switch/Underlay.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <map>
#include <set>

namespace cw::exporters::underlay {
namespace {

// Leaf ASNs are kLeafAsnBase + device id and must stay below the spine base.
constexpr std::uint64_t kMaxAsnOffset = kSpineAsnBase - kLeafAsnBase - 1;

struct End
{
    const Device *device = nullptr;
    const PortSpec *spec = nullptr;
    int portIndex = -1;
    const Link *link = nullptr;
};

struct Collected
{
    std::map<DeviceId, std::vector<std::pair<End, End>>> switchLinks; ///< (self, peer)
    std::map<DeviceId, std::set<DeviceId>> neighbours;
    std::set<DeviceId> hosts;
};

/// Port names reach interface stanzas unquoted: the plain-name set plus '/' and ':' (EOS
/// "Ethernet1/1").
bool plainPort(const std::string &name)
{
    std::string rest;
    for (char c : name)
        rest += c == '/' || c == ':' ? '-' : c;
    return plainName(rest);
}

Result<End> endOf(const Design &design, const Catalog &catalog, const Link &link,
                  const PortRef &ref)
{
    End end;
    end.device = design.device(ref.device);
    if (!end.device)
        return Error { "link " + std::to_string(link.id.value) + " ends on device "
                       + std::to_string(ref.device.value) + ", which the design does not have" };
    const Part *part = catalog.find(end.device->catalogType);
    if (!part || ref.port < 0 || ref.port >= static_cast<int>(part->ports.size()))
        return Error { end.device->name + ": port #" + std::to_string(ref.port) + " of link "
                       + std::to_string(link.id.value) + " is not a port of its catalog part \""
                       + end.device->catalogType + "\"" };
    end.spec = &part->ports[static_cast<std::size_t>(ref.port)];
    end.portIndex = ref.port;
    end.link = &link;
    if (!plainName(end.device->name))
        return Error { "device " + std::to_string(end.device->id.value) + " \"" + end.device->name
                       + "\": the underlay writes names into switch and host configs unquoted, "
                         "so they must be 1-63 letters, digits, '.', '_' or '-'" };
    if (!plainPort(end.spec->name))
        return Error { end.device->name + ": port name \"" + end.spec->name
                       + "\" is not an interface name (letters, digits, . _ - / :)" };
    return end;
}

bool isFabricSwitch(const End &end)
{
    return end.device->role == DeviceRole::Switch && end.spec->role != PortRole::Management;
}

Result<Collected> collect(const Design &design, const Catalog &catalog, const Fabric &fabric)
{
    Collected result;
    for (const Link &link : design.links()) {
        if (link.fabric != fabric.id)
            continue;
        auto a = endOf(design, catalog, link, link.a);
        if (!a)
            return a.error();
        auto b = endOf(design, catalog, link, link.b);
        if (!b)
            return b.error();
        const bool aSwitch = isFabricSwitch(*a);
        const bool bSwitch = isFabricSwitch(*b);
        if (!aSwitch && !bSwitch)
            return Error { "link " + std::to_string(link.id.value) + " joins two hosts ("
                           + a->device->name + ", " + b->device->name
                           + "): a routed fabric has a switch at one end of every link" };
        if (aSwitch)
            result.switchLinks[a->device->id].push_back({ *a, *b });
        if (bSwitch)
            result.switchLinks[b->device->id].push_back({ *b, *a });
        if (!aSwitch)
            result.hosts.insert(a->device->id);
        if (!bSwitch)
            result.hosts.insert(b->device->id);
        result.neighbours[a->device->id].insert(b->device->id);
        result.neighbours[b->device->id].insert(a->device->id);
    }
    return result;
}

/// Tier of each switch: its own when set, else its hop distance from the hosts - 1.
Result<std::map<DeviceId, int>> tiersOf(const Design &design, const Collected &collected)
{
    std::map<DeviceId, int> tiers;
    std::vector<DeviceId> frontier(collected.hosts.begin(), collected.hosts.end());
    std::set<DeviceId> seen(frontier.begin(), frontier.end());
    for (int distance = 0; !frontier.empty(); ++distance) {
        std::vector<DeviceId> next;
        for (DeviceId id : frontier)
            for (DeviceId n : collected.neighbours.at(id))
                if (collected.switchLinks.contains(n) && seen.insert(n).second) {
                    tiers[n] = distance;
                    next.push_back(n);
                }
        frontier = std::move(next);
    }
    for (const auto &[id, links] : collected.switchLinks) {
        const Device *device = design.device(id);
        if (device->tier >= 0)
            tiers[id] = device->tier;
        else if (!tiers.contains(id))
            return Error { "switch " + device->name
                           + " reaches no host of the fabric and has no tier: set its tier" };
    }
    return tiers;
}

/// RFC 7938 5.2.1: leaves one ASN each, spines of a pod (same set of leaves) one ASN, the
/// top tier one ASN.
Result<std::map<DeviceId, std::uint32_t>> asnsOf(const Design &design, const Collected &collected,
                                                 const std::map<DeviceId, int> &tiers)
{
    std::map<std::set<DeviceId>, DeviceId> podKey; // leaves of a pod -> smallest spine id
    std::map<DeviceId, std::set<DeviceId>> podOf;
    for (const auto &[id, tier] : tiers) {
        if (tier != 1)
            continue;
        std::set<DeviceId> leaves;
        for (DeviceId n : collected.neighbours.at(id))
            if (tiers.contains(n) && tiers.at(n) == 0)
                leaves.insert(n);
        podOf[id] = leaves;
        auto [it, inserted] = podKey.emplace(leaves, id);
        if (!inserted)
            it->second = std::min(it->second, id);
    }
    std::map<DeviceId, std::uint32_t> asns;
    for (const auto &[id, tier] : tiers) {
        const std::uint64_t key = tier == 1 ? podKey.at(podOf.at(id)).value : id.value;
        if (tier <= 1 && key > kMaxAsnOffset)
            return Error { "switch " + design.device(id)->name + ": device id "
                           + std::to_string(key) + " is beyond the ASN plan (ids up to "
                           + std::to_string(kMaxAsnOffset) + ")" };
        if (tier == 0)
            asns[id] = kLeafAsnBase + static_cast<std::uint32_t>(key);
        else if (tier == 1)
            asns[id] = kSpineAsnBase + static_cast<std::uint32_t>(key);
        else
            asns[id] = kSuperSpineAsn;
    }
    return asns;
}

/// The rail block of a host port: compute ports by rail, other roles by their order among
/// the part's ports of the same role.
Result<int> blockOf(const Catalog &catalog, const End &host)
{
    const Part *part = catalog.find(host.device->catalogType);
    int ordinal = 0;
    for (int i = 0; i < host.portIndex; ++i)
        if (part->ports[static_cast<std::size_t>(i)].role == host.spec->role)
            ++ordinal;
    if (host.spec->role == PortRole::Compute && host.spec->rail >= 0)
        ordinal = host.spec->rail;
    auto block = railBlockOf(host.spec->role, ordinal);
    if (!block)
        return Error { host.device->name + " " + host.spec->name + ": " + block.error().message };
    return block;
}

std::string commentText(const std::string &text)
{
    std::string result;
    for (char c : text) {
        const bool kept = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            || c == ' ' || c == '.' || c == '_' || c == '-';
        result += kept ? c : '_';
    }
    return result;
}

struct Planner
{
    const Design &design;
    const Catalog &catalog;
    const UnderlayOptions &options;
    const Collected &collected;
    std::map<DeviceId, int> tiers;
    std::map<DeviceId, std::uint32_t> asns;
    std::map<DeviceId, UnderlayHost> hosts;
    std::set<int> blocks;

    Result<void> addFabricPort(UnderlaySwitch &sw, const End &self, const End &peer,
                               const Link &link)
    {
        FabricPort port;
        port.port = self.spec->name;
        port.peer = peer.device->name;
        port.peerPort = peer.spec->name;
        port.link = link.id;
        port.peerAsn = asns.at(peer.device->id);
        if (options.peering == Peering::Numbered) {
            auto base = p2pOf(options, link.id);
            if (!base)
                return base.error();
            // The upper tier holds the even address; between equals, the lower device id.
            const int selfTier = tiers.at(self.device->id);
            const int peerTier = tiers.at(peer.device->id);
            const bool even
                = selfTier != peerTier ? selfTier > peerTier : self.device->id < peer.device->id;
            port.localIp = *base + (even ? 0 : 1);
            port.peerIp = *base + (even ? 1 : 0);
        }
        sw.fabricPorts.push_back(std::move(port));
        return {};
    }

    Result<void> addHostPort(UnderlaySwitch &sw, const End &self, const End &host)
    {
        auto block = blockOf(catalog, host);
        if (!block)
            return block.error();
        auto base = hostLinkOf(options, *block, host.device->id);
        if (!base)
            return base.error();
        blocks.insert(*block);
        sw.hostPorts.push_back(
            { self.spec->name, host.device->name, host.spec->name, *block, *base });
        UnderlayHost &entry = hosts[host.device->id];
        entry.device = host.device;
        entry.hostname = host.device->name;
        entry.nics.push_back(
            { host.spec->name, *block, *base + 1, *base, sw.hostname, self.spec->name });
        return {};
    }

    Result<UnderlaySwitch> planSwitch(DeviceId id)
    {
        const Device &device = *design.device(id);
        UnderlaySwitch sw;
        sw.device = &device;
        sw.hostname = device.name;
        sw.tier = tiers.at(id);
        sw.asn = asns.at(id);
        auto loopback = loopbackOf(options, id);
        if (!loopback)
            return Error { "switch " + device.name + ": " + loopback.error().message };
        sw.loopback = *loopback;
        auto management = managementOf(options, id);
        if (!management)
            return Error { "switch " + device.name + ": " + management.error().message };
        sw.management = *management;
        if (const Part *part = catalog.find(device.catalogType))
            for (const PortSpec &spec : part->ports)
                if (spec.role == PortRole::Management && sw.managementPort.empty()
                    && plainPort(spec.name))
                    sw.managementPort = spec.name;
        auto links = collected.switchLinks.at(id);
        std::sort(links.begin(), links.end(), [](const auto &x, const auto &y) {
            return x.first.portIndex < y.first.portIndex;
        });
        for (const auto &[self, peer] : links) {
            Result<void> ok = isFabricSwitch(peer) ? addFabricPort(sw, self, peer, *self.link)
                                                   : addHostPort(sw, self, peer);
            if (!ok)
                return ok.error();
        }
        return sw;
    }
};

} // namespace

Result<UnderlayPlan> planUnderlay(const Design &design, const Catalog &catalog,
                                  const Fabric &fabric, const UnderlayOptions &options)
{
    auto collected = collect(design, catalog, fabric);
    if (!collected)
        return collected.error();
    auto tiers = tiersOf(design, *collected);
    if (!tiers)
        return tiers.error();
    auto asns = asnsOf(design, *collected, *tiers);
    if (!asns)
        return asns.error();
    Planner planner { design, catalog, options, *collected, *tiers, *asns, {}, {} };
    UnderlayPlan plan;
    plan.options = options;
    plan.fabricName = commentText(fabric.name);
    for (const auto &[id, links] : collected->switchLinks) {
        auto sw = planner.planSwitch(id);
        if (!sw)
            return sw.error();
        plan.switches.push_back(std::move(sw).value());
    }
    // Hostnames name BGP neighbours, netplan files and table rows: one device each.
    std::set<std::string> names;
    for (const UnderlaySwitch &sw : plan.switches)
        if (!names.insert(sw.hostname).second)
            return Error { "two switches of fabric " + plan.fabricName + " are named " + sw.hostname
                           + ": the underlay needs unique hostnames" };
    for (auto &[id, host] : planner.hosts) {
        if (!names.insert(host.hostname).second)
            return Error { "two devices of fabric " + plan.fabricName + " are named "
                           + host.hostname + ": the underlay needs unique hostnames" };
        auto management = managementOf(options, id);
        if (!management)
            return Error { "host " + host.hostname + ": " + management.error().message };
        host.management = *management;
        host.mtu = host.device->qos ? host.device->qos->hostMtu : fabric.qos.hostMtu;
        std::sort(host.nics.begin(), host.nics.end(),
                  [](const HostNic &x, const HostNic &y) { return x.railBlock < y.railBlock; });
        plan.hosts.push_back(std::move(host));
    }
    plan.railBlocks.assign(planner.blocks.begin(), planner.blocks.end());
    return plan;
}

const UnderlaySwitch *findSwitch(const UnderlayPlan &plan, const std::string &hostname)
{
    for (const UnderlaySwitch &sw : plan.switches)
        if (sw.hostname == hostname)
            return &sw;
    return nullptr;
}

} // namespace cw::exporters::underlay

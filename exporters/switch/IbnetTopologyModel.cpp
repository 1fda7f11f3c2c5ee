#include "exporters/switch/IbnetTopologyModel.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <map>

namespace cw::exporters::ib {

std::uint64_t switchGuid(DeviceId device)
{
    return kGuidPrefix | (device.value << 8);
}

std::uint64_t hcaNodeGuid(DeviceId device, int portIndex)
{
    return kGuidPrefix | (device.value << 8) | static_cast<std::uint64_t>(2 * (portIndex + 1));
}

std::string guidText(std::uint64_t guid)
{
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(guid));
    return text;
}

std::string IbNode::id() const
{
    // ibnetdiscover's own node ids: unique by construction and free of the characters
    // ibsim reserves, whatever the design calls its devices.
    return (kind == Kind::Switch ? "S-" : "H-") + guidText(guid).substr(2);
}

std::size_t IbFabric::switchCount() const
{
    return static_cast<std::size_t>(std::count_if(nodes.begin(), nodes.end(), [](const IbNode &n) {
        return n.kind == IbNode::Kind::Switch;
    }));
}

std::size_t IbFabric::caCount() const
{
    return nodes.size() - switchCount();
}

std::vector<const IbNode *> IbFabric::roots() const
{
    std::vector<const IbNode *> result;
    for (const IbNode &node : nodes)
        if (node.kind == IbNode::Kind::Switch && node.rank == topRank)
            result.push_back(&node);
    return result;
}

bool IbFabric::casOnLeavesOnly() const
{
    for (const IbLink &link : links) {
        const IbNode &a = nodes[link.nodeA];
        const IbNode &b = nodes[link.nodeB];
        if (a.kind == IbNode::Kind::Ca && (b.kind != IbNode::Kind::Switch || b.rank != 0))
            return false;
        if (b.kind == IbNode::Kind::Ca && (a.kind != IbNode::Kind::Switch || a.rank != 0))
            return false;
    }
    return true;
}

std::string nodeDescription(std::string_view text)
{
    std::string result;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        const bool keep = u >= 0x20 && u < 0x7f && c != '"' && c != '=' && c != '#' && c != '@';
        result += keep ? c : '_';
        if (result.size() == 63)
            break;
    }
    return result.empty() ? "unnamed" : result;
}

namespace {

/// Appends `words` as "# "-prefixed lines of at most `width` bytes, breaking at spaces; a
/// word longer than a line is cut.
void wrapComment(std::string &out, std::string_view words, std::size_t width)
{
    const std::string prefix = "# ";
    const std::size_t room = width > prefix.size() + 8 ? width - prefix.size() : 8;
    std::string line;
    auto flush = [&] {
        out += line.empty() ? "#\n" : prefix + line + "\n";
        line.clear();
    };
    std::size_t pos = 0;
    bool any = false;
    while (pos < words.size()) {
        const std::size_t next = std::min(words.find(' ', pos), words.size());
        std::string_view word = words.substr(pos, next - pos);
        pos = next + 1;
        if (word.empty())
            continue;
        any = true;
        while (word.size() > room) {
            if (!line.empty())
                flush();
            line = std::string(word.substr(0, room));
            flush();
            word.remove_prefix(room);
        }
        if (!line.empty() && line.size() + 1 + word.size() > room)
            flush();
        line += (line.empty() ? "" : " ") + std::string(word);
    }
    if (!line.empty() || !any)
        flush();
}

} // namespace

std::string commentBlock(std::string_view text, std::size_t width)
{
    // Lines that already are comments (the file header) are kept while they fit ibsim's
    // 255-byte line buffer; everything else is wrapped to `width`.
    constexpr std::size_t kKeepUpTo = 200;
    std::string result;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string line(text.substr(start, end - start));
        start = end + 1;
        for (char &c : line)
            if (c == '\r' || c == '\0' || c == '\t')
                c = ' ';
        if (!line.empty() && line[0] == '#' && line.size() <= kKeepUpTo) {
            result += line + "\n";
            continue;
        }
        std::string_view body(line);
        while (!body.empty() && (body.front() == '#' || body.front() == ' '))
            body.remove_prefix(1);
        wrapComment(result, body, width);
    }
    return result;
}

namespace {

/// IB port numbers of a switch part: its non-management ports in catalog order, from 1.
std::vector<int> switchPortNumbers(const Part &part)
{
    std::vector<int> numbers(part.ports.size(), 0);
    int next = 1;
    for (std::size_t i = 0; i < part.ports.size(); ++i)
        if (part.ports[i].role != PortRole::Management)
            numbers[i] = next++;
    return numbers;
}

struct Builder
{
    const Design &design;
    const Catalog &catalog;
    const Fabric &fabric;
    IbFabric result;
    std::map<DeviceId, std::size_t> switchIndex;
    std::map<std::pair<DeviceId, int>, std::size_t> caIndex;
    std::map<DeviceId, std::vector<int>> switchPorts;
    /// The last catalog look-up: consecutive link ends mostly share their part (four
    /// look-ups a link, half a million links at 16,384 nodes).
    mutable const std::string *lastType = nullptr;
    mutable const Part *lastPart = nullptr;

    const Part *findPart(const std::string &type) const
    {
        if (!lastType || *lastType != type) {
            lastPart = catalog.find(type);
            lastType = &type;
        }
        return lastPart;
    }

    std::string where(const Link &link) const
    {
        return "InfiniBand fabric \"" + fabric.name + "\", link " + std::to_string(link.id.value);
    }

    Result<const Part *> partOf(const Link &link, DeviceId id, const Device *&device) const
    {
        device = design.device(id);
        if (!device)
            return Error { where(link) + ": no device with id " + std::to_string(id.value) };
        const Part *part = findPart(device->catalogType);
        if (!part)
            return Error { where(link) + ": device \"" + device->name + "\" has catalog type \""
                           + device->catalogType + "\", which the catalog does not contain" };
        if (id.value > kMaxDeviceIdInGuid)
            return Error { where(link) + ": device \"" + device->name + "\" has id "
                           + std::to_string(id.value)
                           + ", too large for the GUID scheme (at most 32 bits)" };
        return part;
    }

    /// One end of a link in the fabric: its node's index, IB port number and catalog port speed.
    struct EndPlace
    {
        std::size_t node = 0;
        int number = 0;
        double speedGbps = 0;
    };

    /// Adds (once) the node for one end of a link; returns where the end is and its port's
    /// speed (found here, not looked up again: two device and catalog look-ups per link).
    Result<EndPlace> addEnd(const Link &link, const PortRef &end)
    {
        const Device *device = nullptr;
        auto part = partOf(link, end.device, device);
        if (!part)
            return part.error();
        const Part &p = **part;
        if (end.port < 0 || end.port >= static_cast<int>(p.ports.size()))
            return Error { where(link) + ": port index " + std::to_string(end.port) + " of \""
                           + device->name + "\" is outside its " + std::to_string(p.ports.size())
                           + " catalog ports" };
        const PortSpec &port = p.ports[static_cast<std::size_t>(end.port)];
        if (p.kind == PartKind::Switch) {
            auto [it, inserted] = switchPorts.try_emplace(device->id);
            if (inserted)
                it->second = switchPortNumbers(p);
            const int number = it->second[static_cast<std::size_t>(end.port)];
            if (number == 0)
                return Error { where(link) + ": uses management port \"" + port.name
                               + "\" of switch \"" + device->name
                               + "\"; InfiniBand links need a fabric port" };
            auto found = switchIndex.find(device->id);
            if (found == switchIndex.end()) {
                IbNode node;
                node.kind = IbNode::Kind::Switch;
                node.device = device->id;
                node.guid = switchGuid(device->id);
                node.name = nodeDescription(device->name);
                node.portCount = *std::max_element(it->second.begin(), it->second.end());
                node.rank = device->tier;
                // ibsim takes 1-255 ports a node (ref:ibsim).
                if (node.portCount > 255)
                    return Error { "InfiniBand fabric \"" + fabric.name + "\": switch \""
                                   + device->name + "\" has " + std::to_string(node.portCount)
                                   + " ports; an IB node has at most 255" };
                found = switchIndex.emplace(device->id, result.nodes.size()).first;
                result.nodes.push_back(std::move(node));
            }
            return EndPlace { found->second, number, port.speedGbps };
        }
        if (end.port > kMaxHcaPortIndex)
            return Error { where(link) + ": port index " + std::to_string(end.port) + " of \""
                           + device->name + "\" is beyond the GUID scheme's "
                           + std::to_string(kMaxHcaPortIndex + 1) + " HCA ports a device" };
        const auto key = std::pair { device->id, end.port };
        auto found = caIndex.find(key);
        if (found == caIndex.end()) {
            IbNode node;
            node.kind = IbNode::Kind::Ca;
            node.device = device->id;
            node.devicePort = end.port;
            node.guid = hcaNodeGuid(device->id, end.port);
            // "<hostname> <device>" is the NodeDescription rdma-ndd gives a Linux HCA.
            const std::string portName
                = port.name.empty() ? "port" + std::to_string(end.port + 1) : port.name;
            node.name = nodeDescription(device->name + " " + portName);
            found = caIndex.emplace(key, result.nodes.size()).first;
            result.nodes.push_back(std::move(node));
        }
        return EndPlace { found->second, 1, port.speedGbps };
    }

    /// Ranks from the design's tiers when every switch states one, else hop counts from the
    /// switches that have HCAs (0) upwards.
    void assignRanks()
    {
        std::vector<std::size_t> switches;
        for (std::size_t i = 0; i < result.nodes.size(); ++i)
            if (result.nodes[i].kind == IbNode::Kind::Switch)
                switches.push_back(i);
        result.ranksFromDesign = !switches.empty()
            && std::all_of(switches.begin(), switches.end(),
                           [&](std::size_t i) { return result.nodes[i].rank >= 0; });
        if (!result.ranksFromDesign) {
            std::vector<std::vector<std::size_t>> neighbours(result.nodes.size());
            for (const IbLink &link : result.links) {
                neighbours[link.nodeA].push_back(link.nodeB);
                neighbours[link.nodeB].push_back(link.nodeA);
            }
            std::deque<std::size_t> queue;
            for (std::size_t i : switches) {
                result.nodes[i].rank = -1;
                for (std::size_t n : neighbours[i])
                    if (result.nodes[n].kind == IbNode::Kind::Ca) {
                        result.nodes[i].rank = 0;
                        queue.push_back(i);
                        break;
                    }
            }
            while (!queue.empty()) {
                const std::size_t i = queue.front();
                queue.pop_front();
                for (std::size_t n : neighbours[i])
                    if (result.nodes[n].kind == IbNode::Kind::Switch && result.nodes[n].rank < 0) {
                        result.nodes[n].rank = result.nodes[i].rank + 1;
                        queue.push_back(n);
                    }
            }
            for (std::size_t i : switches)
                result.nodes[i].rank = std::max(result.nodes[i].rank, 0); // no HCA below it
        }
        for (std::size_t i : switches)
            result.topRank = std::max(result.topRank, result.nodes[i].rank);
    }

    /// Switches first, top tier first (the first node of an ibsim file is where a client
    /// attaches by default), then CAs by device and port; link ends follow the new order.
    void sortNodes()
    {
        std::vector<std::size_t> order(result.nodes.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        auto key = [&](std::size_t i) {
            const IbNode &n = result.nodes[i];
            return std::tuple { n.kind == IbNode::Kind::Switch ? 0 : 1, -n.rank, n.device.value,
                                n.devicePort };
        };
        std::sort(order.begin(), order.end(),
                  [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
        std::vector<std::size_t> newIndex(order.size());
        std::vector<IbNode> sorted;
        sorted.reserve(order.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            newIndex[order[i]] = i;
            sorted.push_back(std::move(result.nodes[order[i]]));
        }
        result.nodes = std::move(sorted);
        for (IbLink &link : result.links) {
            link.nodeA = newIndex[link.nodeA];
            link.nodeB = newIndex[link.nodeB];
        }
    }

    Result<IbFabric> run()
    {
        result.name = fabric.name;
        // The words opensm.conf's comment uses: a fat tree with rails on rail leaves is a
        // "rail-optimized" one.
        result.topologyKind
            = fabric.topology.kind == TopologyKind::FatTree && fabric.topology.railOptimized
            ? std::string("rail-optimized")
            : std::string(toString(fabric.topology.kind));
        for (const Link &link : design.links()) {
            if (link.fabric != fabric.id)
                continue;
            auto a = addEnd(link, link.a);
            if (!a)
                return a.error();
            auto b = addEnd(link, link.b);
            if (!b)
                return b.error();
            if (a->node == b->node)
                return Error { where(link) + ": both ends are on \"" + result.nodes[a->node].name
                               + "\"" };
            // The slower end sets the rate, capped by the fabric's designed speed.
            double speed = fabric.linkSpeedGbps;
            for (double s : { a->speedGbps, b->speedGbps })
                if (s > 0 && (speed <= 0 || s < speed))
                    speed = s;
            result.links.push_back(
                IbLink { link.id, a->node, a->number, b->node, b->number, speed });
        }
        assignRanks();
        sortNodes();
        return std::move(result);
    }
};

} // namespace

Result<IbFabric> buildIbFabric(const Design &design, const Catalog &catalog, const Fabric &fabric)
{
    Builder builder { design, catalog, fabric, {}, {}, {}, {}, nullptr, nullptr };
    return builder.run();
}

} // namespace cw::exporters::ib

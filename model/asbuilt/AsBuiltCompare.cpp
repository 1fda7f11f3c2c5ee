#include "model/asbuilt/AsBuiltCompare.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_set>

namespace cw::asbuilt {

void EndpointMap::add(std::uint64_t guid, const std::string &name, DeviceId device, int fixedPort,
                      std::vector<int> byNumber, const std::vector<std::string> &portNames)
{
    Node node { device, fixedPort, std::move(byNumber), nullptr };
    // A node that stands for one port never looks a port up by name.
    if (fixedPort < 0) {
        auto &index = m_nameIndices[portNames];
        if (!index) {
            index = std::make_unique<NameIndex>();
            for (std::size_t i = 0; i < portNames.size(); ++i) {
                if (!portNames[i].empty())
                    index->emplace(portNames[i], static_cast<int>(i));
                index->emplace("port" + std::to_string(i + 1), static_cast<int>(i));
            }
        }
        node.byName = index.get();
    }
    if (guid)
        m_byGuid.emplace(guid, m_nodes.size());
    if (!name.empty())
        m_byName.emplace(name, m_nodes.size());
    m_nodes.push_back(std::move(node));
}

const EndpointMap::Node *EndpointMap::find(const ObservedEnd &end) const
{
    if (end.guid)
        if (auto it = m_byGuid.find(end.guid); it != m_byGuid.end())
            return &m_nodes[it->second];
    if (auto it = m_byName.find(end.node); it != m_byName.end())
        return &m_nodes[it->second];
    return nullptr;
}

bool EndpointMap::knows(const ObservedEnd &end) const
{
    return find(end) != nullptr;
}

std::optional<DeviceId> EndpointMap::deviceOf(const ObservedEnd &end) const
{
    const Node *node = find(end);
    return node ? std::optional<DeviceId>(node->device) : std::nullopt;
}

std::optional<PortRef> EndpointMap::resolve(const ObservedEnd &end) const
{
    const Node *node = find(end);
    if (!node)
        return std::nullopt;
    if (node->fixedPort >= 0)
        return PortRef { node->device, node->fixedPort };
    int number = 0;
    auto [p, ec] = std::from_chars(end.port.data(), end.port.data() + end.port.size(), number);
    if (ec == std::errc() && p == end.port.data() + end.port.size() && !node->byNumber.empty()) {
        if (number >= 0 && number < static_cast<int>(node->byNumber.size())
            && node->byNumber[static_cast<std::size_t>(number)] >= 0)
            return PortRef { node->device, node->byNumber[static_cast<std::size_t>(number)] };
        return std::nullopt;
    }
    if (!node->byName)
        return std::nullopt;
    if (auto it = node->byName->find(end.port); it != node->byName->end())
        return PortRef { node->device, it->second };
    return std::nullopt;
}

EndpointMap nameEndpoints(const Design &design, const Catalog &catalog)
{
    EndpointMap map;
    for (const Device &device : design.devices()) {
        std::vector<std::string> names;
        if (const Part *part = catalog.find(device.catalogType))
            for (const PortSpec &port : part->ports)
                names.push_back(port.name);
        map.add(0, device.name, device.id, -1, {}, names);
    }
    return map;
}

std::string_view toString(FindingKind kind)
{
    switch (kind) {
    case FindingKind::Missing:
        return "missing";
    case FindingKind::Extra:
        return "extra";
    case FindingKind::Swapped:
        return "swapped";
    case FindingKind::Misported:
        return "wrong-port";
    case FindingKind::WrongWidth:
        return "wrong-width";
    case FindingKind::WrongSpeed:
        return "wrong-speed";
    case FindingKind::UnknownDevice:
        return "unknown-device";
    }
    return "missing";
}

std::string Place::text() const
{
    std::string where = rack.empty()
        ? "not in the design"
        : (row.empty() ? "" : row + "/") + rack + " U" + std::to_string(u);
    return device + " " + port + " (" + where + ")";
}

namespace {

std::uint64_t key(PortRef p)
{
    return p.device.value << 16 | static_cast<std::uint64_t>(p.port & 0xffff);
}

struct Comparer
{
    const Design &design;
    const Catalog &catalog;
    const CompareOptions &options;
    AsBuiltReport report;
    std::unordered_map<std::uint64_t, LinkId> designAt;
    std::unordered_set<std::uint64_t> designDone; ///< link ids accounted for
    struct Seen
    {
        const ObservedLink *link;
        PortRef x, y;
        bool done = false;
    };
    std::vector<Seen> seen;
    std::unordered_map<std::uint64_t, std::size_t> seenAt;

    Place place(PortRef p) const
    {
        Place out;
        const Device *d = design.device(p.device);
        if (!d)
            return out;
        out.device = d->name;
        out.u = d->uPosition;
        if (const Rack *rack = design.rack(d->rack)) {
            out.rack = rack->name;
            if (const Row *row = design.row(rack->row))
                out.row = row->name;
        }
        const Part *part = catalog.find(d->catalogType);
        if (part && p.port >= 0 && p.port < static_cast<int>(part->ports.size()))
            out.port = part->ports[static_cast<std::size_t>(p.port)].name;
        if (out.port.empty())
            out.port = "port" + std::to_string(p.port + 1);
        return out;
    }

    PortRef other(LinkId id, PortRef end) const
    {
        const Link &l = *design.link(id);
        return l.a == end ? l.b : l.a;
    }

    LinkId openDesignAt(PortRef p) const
    {
        auto it = designAt.find(key(p));
        return it == designAt.end() || designDone.contains(it->second.value) ? LinkId {}
                                                                             : it->second;
    }

    Seen *openSeenAt(PortRef p)
    {
        auto it = seenAt.find(key(p));
        return it == seenAt.end() || seen[it->second].done ? nullptr : &seen[it->second];
    }

    double designedSpeed(LinkId id) const
    {
        const Link &l = *design.link(id);
        double speed = 0;
        if (const Fabric *f = design.fabric(l.fabric))
            speed = f->linkSpeedGbps;
        for (PortRef p : { l.a, l.b }) {
            const Device *d = design.device(p.device);
            const Part *part = d ? catalog.find(d->catalogType) : nullptr;
            if (part && p.port >= 0 && p.port < static_cast<int>(part->ports.size())) {
                const double s = part->ports[static_cast<std::size_t>(p.port)].speedGbps;
                if (s > 0 && (speed <= 0 || s < speed))
                    speed = s;
            }
        }
        return speed;
    }

    void add(FindingKind kind, std::vector<Place> places, std::string message, std::string action,
             std::string source, std::vector<EntityRef> entities)
    {
        report.findings.push_back({ kind, std::move(places), std::move(message), std::move(action),
                                    std::move(source), std::move(entities) });
    }

    /// The links, then the devices of `ports` (each once, in order): what a finding names.
    static std::vector<EntityRef> involved(std::initializer_list<LinkId> links,
                                           std::initializer_list<PortRef> ports)
    {
        std::vector<EntityRef> out;
        for (LinkId link : links)
            if (link.isValid())
                out.push_back(EntityRef::of(link));
        for (PortRef port : ports) {
            const EntityRef device = EntityRef::of(port.device);
            if (port.device.isValid() && std::find(out.begin(), out.end(), device) == out.end())
                out.push_back(device);
        }
        return out;
    }

    void checkRate(const Seen &s, LinkId id)
    {
        const ObservedLink &o = *s.link;
        if (!options.checkRate || o.width <= 0 || o.speedGbps <= 0)
            return;
        const double designed = designedSpeed(id);
        const double lane = designed / options.designedWidth;
        const double observedLane = laneGbps(o.rate);
        const bool capped = options.laneCapGbps > 0
            && std::abs(observedLane - options.laneCapGbps) < 1e-9 && lane > options.laneCapGbps;
        const bool narrow = o.width < options.designedWidth;
        if (!narrow && (observedLane + 1e-9 >= lane || capped))
            return; // as designed: nothing to write (the common case, so no strings made)
        const std::string want = std::to_string(options.designedWidth) + "x" + rateName(lane) + " ("
            + std::to_string(static_cast<int>(designed)) + " Gb/s)";
        const std::string got = std::to_string(o.width) + "x" + o.rate + " ("
            + std::to_string(static_cast<int>(o.speedGbps)) + " Gb/s)";
        const Place a = place(s.x), b = place(s.y);
        const std::string message
            = "link " + a.text() + " - " + b.text() + " is up at " + got + ", designed " + want;
        const std::string between = a.device + " " + a.port + " and " + b.device + " " + b.port;
        if (narrow)
            add(FindingKind::WrongWidth, { a, b }, message,
                "reseat or replace the cable between " + between
                    + " (lanes down), then check both "
                      "ports",
                o.source, involved({ id }, { s.x, s.y }));
        else
            add(FindingKind::WrongSpeed, { a, b }, message,
                "check the cable part between " + between + " and both ports' speed settings",
                o.source, involved({ id }, { s.x, s.y }));
    }

    /// A swap seen from `s`: observed x-y and x2-y', designed x-y' and x2-y: the cables at y
    /// and y' are exchanged.
    struct Swap
    {
        Seen *other = nullptr;
        PortRef x, y, x2, y2;
        LinkId dx, d2;
    };

    std::optional<Swap> probeSwap(Seen &s, PortRef x, PortRef y)
    {
        const LinkId dx = openDesignAt(x);
        if (!dx.isValid())
            return std::nullopt;
        const PortRef y2 = other(dx, x);
        Seen *s2 = openSeenAt(y2);
        if (!s2 || s2 == &s)
            return std::nullopt;
        const PortRef x2 = s2->x == y2 ? s2->y : s2->x;
        const LinkId d2 = openDesignAt(x2);
        if (!d2.isValid() || !(other(d2, x2) == y))
            return std::nullopt;
        return Swap { s2, x, y, x2, y2, dx, d2 };
    }

    /// Swapping at either end gives the same cabling; name the end where both ports are on one
    /// device (two neighbouring ports of a switch is where installers swap cables).
    bool swapped(Seen &s)
    {
        auto one = probeSwap(s, s.x, s.y);
        auto two = probeSwap(s, s.y, s.x);
        if (one && two && one->y.device != one->y2.device && two->y.device == two->y2.device)
            one = two;
        if (!one)
            one = two;
        if (!one)
            return false;
        const Swap &w = *one;
        const Place py = place(w.y), py2 = place(w.y2), px = place(w.x), px2 = place(w.x2);
        const std::string portsText = py.device == py2.device
            ? py.device + " " + py2.port + " and " + py.port
            : py2.device + " " + py2.port + " and " + py.device + " " + py.port;
        add(FindingKind::Swapped, { px, py2, px2, py },
            "cables swapped at " + portsText + ": " + px.text() + " is in " + py.text() + " and "
                + px2.text() + " is in " + py2.text(),
            "swap the cables at " + portsText, s.link->source,
            involved({ w.dx, w.d2 }, { w.y, w.y2, w.x, w.x2 }));
        s.done = w.other->done = true;
        designDone.insert(w.dx.value);
        designDone.insert(w.d2.value);
        return true;
    }

    /// Observed x-y, designed x-y', nothing designed at y and nothing plugged into y'.
    bool misported(Seen &s, PortRef x, PortRef y)
    {
        const LinkId dx = openDesignAt(x);
        if (!dx.isValid() || openDesignAt(y).isValid() || designAt.contains(key(y)))
            return false;
        const PortRef y2 = other(dx, x);
        if (openSeenAt(y2))
            return false;
        const Place px = place(x), py = place(y), py2 = place(y2);
        const std::string action = py.device == py2.device
            ? "move the cable at " + py.device + " " + py.port + " to " + py2.port
            : "move the cable at " + py.device + " " + py.port + " to " + py2.device + " "
                + py2.port;
        add(FindingKind::Misported, { px, py2, py },
            "cable from " + px.text() + " is in " + py.text() + ", designed " + py2.text(), action,
            s.link->source, involved({ dx }, { y, y2, x }));
        s.done = true;
        designDone.insert(dx.value);
        return true;
    }

    void run(const std::vector<LinkId> &expected, const EndpointMap &endpoints,
             const Observed &observed)
    {
        report.designedLinks = static_cast<int>(expected.size());
        report.observedLinks = static_cast<int>(observed.links.size());
        designAt.reserve(expected.size() * 2);
        for (LinkId id : expected) {
            const Link &l = *design.link(id);
            designAt.emplace(key(l.a), id);
            designAt.emplace(key(l.b), id);
        }
        seen.reserve(observed.links.size());
        std::unordered_set<std::string> unknownReported;
        for (const ObservedLink &o : observed.links) {
            auto x = endpoints.resolve(o.a);
            auto y = endpoints.resolve(o.b);
            if (x && y) {
                seenAt.emplace(key(*x), seen.size());
                seenAt.emplace(key(*y), seen.size());
                seen.push_back({ &o, *x, *y, false });
                continue;
            }
            unknown(o, x, y, endpoints, unknownReported);
        }
        for (Seen &s : seen) { // cables where they belong
            const LinkId dx = openDesignAt(s.x);
            if (dx.isValid() && dx == openDesignAt(s.y)) {
                s.done = true;
                designDone.insert(dx.value);
                ++report.matchedLinks;
                checkRate(s, dx);
            }
        }
        for (Seen &s : seen) {
            if (s.done)
                continue;
            if (swapped(s) || misported(s, s.x, s.y) || misported(s, s.y, s.x))
                continue;
            s.done = true;
            const Place a = place(s.x), b = place(s.y);
            add(FindingKind::Extra, { a, b },
                "cable " + a.text() + " - " + b.text() + " is not in the design",
                "remove the cable between " + a.device + " " + a.port + " and " + b.device + " "
                    + b.port,
                s.link->source, involved({}, { s.x, s.y }));
        }
        for (LinkId id : expected) {
            if (designDone.contains(id.value))
                continue;
            const Link &l = *design.link(id);
            const Place a = place(l.a), b = place(l.b);
            add(FindingKind::Missing, { a, b },
                "cable " + a.text() + " - " + b.text() + " is missing",
                "install the cable between " + a.device + " " + a.port + " and " + b.device + " "
                    + b.port,
                {}, involved({ id }, { l.a, l.b }));
        }
    }

    /// A cable on a port the design's device does not have: that device, then the far end's.
    static std::vector<EntityRef> knownDevices(const EndpointMap &endpoints, const ObservedEnd &end,
                                               const std::optional<PortRef> &farPort)
    {
        std::vector<EntityRef> out;
        if (const auto device = endpoints.deviceOf(end))
            out.push_back(EntityRef::of(*device));
        if (farPort && (out.empty() || out.front() != EntityRef::of(farPort->device)))
            out.push_back(EntityRef::of(farPort->device));
        return out;
    }

    void unknown(const ObservedLink &o, const std::optional<PortRef> &x,
                 const std::optional<PortRef> &y, const EndpointMap &endpoints,
                 std::unordered_set<std::string> &reported)
    {
        for (const auto *pair : { &o.a, &o.b }) {
            const ObservedEnd &end = *pair;
            const bool isA = pair == &o.a;
            if ((isA ? x : y).has_value())
                continue;
            const ObservedEnd &far = isA ? o.b : o.a;
            const std::optional<PortRef> farPort = isA ? y : x;
            Place here { {},
                         {},
                         0,
                         end.node.empty() ? "GUID " + std::to_string(end.guid) : end.node,
                         end.port };
            Place there = farPort ? place(*farPort) : Place { {}, {}, 0, far.node, far.port };
            if (endpoints.knows(end)) {
                add(FindingKind::Extra, { here, there },
                    "cable on " + end.node + " port " + end.port
                        + ", a port the design does not have",
                    "check the port numbering of " + end.node + "; remove the cable at port "
                        + end.port,
                    o.source, knownDevices(endpoints, end, farPort));
                continue;
            }
            if (!reported.insert(end.node + "\x1f" + std::to_string(end.guid)).second && !farPort)
                continue;
            add(FindingKind::UnknownDevice, { there, here },
                "unknown device \"" + here.device + "\" port " + end.port + " is cabled to "
                    + there.text(),
                farPort ? "unplug it from " + there.device + " " + there.port
                        + " or add it to the design"
                        : "identify it, or add it to the design",
                o.source, farPort ? involved({}, { *farPort }) : std::vector<EntityRef> {});
        }
    }
};

} // namespace

AsBuiltReport compareAsBuilt(const Design &design, const Catalog &catalog,
                             const std::vector<LinkId> &expected, const EndpointMap &endpoints,
                             const Observed &observed, const CompareOptions &options)
{
    Comparer comparer { design, catalog, options, {}, {}, {}, {}, {} };
    comparer.run(expected, endpoints, observed);
    return std::move(comparer.report);
}

} // namespace cw::asbuilt

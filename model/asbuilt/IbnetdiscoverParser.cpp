#include "model/asbuilt/Observed.h"

#include <charconv>
#include <map>
#include <unordered_set>

namespace cw::asbuilt {

double laneGbps(std::string_view rate)
{
    // Per-lane data rates, IBTA Architecture Specification Vol. 1 (ref:ibta-spec-vol1).
    static const std::map<std::string_view, double> rates {
        { "SDR", 2.5 }, { "DDR", 5 },  { "QDR", 10 },  { "FDR10", 10 }, { "FDR", 14 },
        { "EDR", 25 },  { "HDR", 50 }, { "NDR", 100 }, { "XDR", 200 },
    };
    auto it = rates.find(rate);
    return it == rates.end() ? 0 : it->second;
}

std::string rateName(double lane)
{
    for (const char *name : { "XDR", "NDR", "HDR", "EDR", "FDR", "QDR", "DDR", "SDR" })
        if (lane >= laneGbps(name) - 1e-9)
            return name;
    return "SDR";
}

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// Reads `"text"` at the start of `s`; advances past it.
bool quoted(std::string_view &s, std::string &out)
{
    s = trim(s);
    if (s.empty() || s.front() != '"')
        return false;
    const auto end = s.find('"', 1);
    if (end == std::string_view::npos)
        return false;
    out = std::string(s.substr(1, end - 1));
    s.remove_prefix(end + 1);
    return true;
}

/// Reads `[n]` and an optional `(guid)` at the start of `s`.
bool bracket(std::string_view &s, int &number)
{
    s = trim(s);
    if (s.empty() || s.front() != '[')
        return false;
    const auto end = s.find(']');
    if (end == std::string_view::npos)
        return false;
    auto [p, ec] = std::from_chars(s.data() + 1, s.data() + end, number);
    if (ec != std::errc() || p != s.data() + end)
        return false;
    s.remove_prefix(end + 1);
    if (!s.empty() && s.front() == '(') {
        const auto close = s.find(')');
        if (close == std::string_view::npos)
            return false;
        s.remove_prefix(close + 1);
    }
    return true;
}

/// The GUID in an ibnetdiscover node id ("S-0243570000000900", "H-..."), 0 if none.
std::uint64_t guidOfId(std::string_view id)
{
    if (id.size() < 3 || id[1] != '-')
        return 0;
    std::uint64_t guid = 0;
    auto [p, ec] = std::from_chars(id.data() + 2, id.data() + id.size(), guid, 16);
    return ec == std::errc() && p == id.data() + id.size() ? guid : 0;
}

/// One listed cable: this node and port, the far node and port.
struct CableKey
{
    std::uint64_t guid = 0;
    int port = 0;
    std::uint64_t remoteGuid = 0;
    int remotePort = 0;
    bool operator==(const CableKey &) const = default;
};

struct CableKeyHash
{
    std::size_t operator()(const CableKey &k) const
    {
        const std::uint64_t mixed = (k.guid * 0x9E3779B97F4A7C15ull)
            ^ (k.remoteGuid * 0xC2B2AE3D27D4EB4Full)
            ^ (static_cast<std::uint64_t>(static_cast<unsigned>(k.port)) << 32)
            ^ static_cast<unsigned>(k.remotePort);
        return std::hash<std::uint64_t>()(mixed);
    }
};

struct Parser
{
    const std::string &file;
    Observed result;
    std::map<std::uint64_t, std::string> names; ///< guid -> description from the header
    /// Cables already listed, so one listed from both ends counts once.
    std::unordered_set<CableKey, CableKeyHash> seen;
    std::uint64_t node = 0;
    std::string nodeName;

    std::string where(int line) const { return file + ":" + std::to_string(line); }

    Result<void> header(std::string_view s, int line)
    {
        const auto tab = s.find_first_of(" \t");
        s.remove_prefix(tab);
        int ports = 0;
        s = trim(s);
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), ports);
        if (ec != std::errc())
            return Error { where(line) + ": expected the port count after the node type" };
        s.remove_prefix(static_cast<std::size_t>(p - s.data()));
        std::string id;
        if (!quoted(s, id) || !(node = guidOfId(id)))
            return Error { where(line) + ": expected a node id \"S-<guid>\" or \"H-<guid>\"" };
        nodeName.clear();
        if (auto hash = s.find('#'); hash != std::string_view::npos) {
            std::string_view comment = s.substr(hash + 1);
            quoted(comment, nodeName);
        }
        names[node] = nodeName;
        return {};
    }

    Result<void> portLine(std::string_view s, int line)
    {
        int local = 0, remote = 0;
        std::string remoteId;
        if (!bracket(s, local) || !quoted(s, remoteId) || !bracket(s, remote))
            return Error { where(line) + ": expected a port line [n] \"<node id>\"[m]" };
        if (!node)
            return Error { where(line) + ": port line before any Switch/Ca header" };
        const std::uint64_t remoteGuid = guidOfId(remoteId);
        if (!remoteGuid)
            return Error { where(line) + ": expected a node id \"S-<guid>\" or \"H-<guid>\"" };
        ObservedLink link;
        link.a = { nodeName, node, std::to_string(local) };
        link.b = { {}, remoteGuid, std::to_string(remote) };
        if (auto hash = s.find('#'); hash != std::string_view::npos) {
            std::string_view comment = trim(s.substr(hash + 1));
            if (comment.rfind("lid ", 0) == 0) { // a CA's own "lid n lmc m" comes first
                const auto q = comment.find('"');
                comment = q == std::string_view::npos ? std::string_view() : comment.substr(q);
            }
            quoted(comment, link.b.node);
            comment = trim(comment);
            const auto space = comment.find_last_of(" \t");
            std::string_view rate
                = space == std::string_view::npos ? comment : comment.substr(space + 1);
            if (auto x = rate.find('x'); x != std::string_view::npos && x > 0) {
                std::from_chars(rate.data(), rate.data() + x, link.width);
                link.rate = std::string(rate.substr(x + 1));
                link.speedGbps = link.width * laneGbps(link.rate);
            }
        }
        link.source = where(line);
        if (seen.contains(CableKey { remoteGuid, remote, node, local }))
            return {}; // listed from its other end already
        seen.insert(CableKey { node, local, remoteGuid, remote });
        result.links.push_back(std::move(link));
        return {};
    }
};

} // namespace

Result<Observed> parseIbnetdiscover(std::string_view text, const std::string &fileName)
{
    Parser parser { fileName, {}, {}, {}, 0, {} };
    int lineNumber = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        const std::string_view t = trim(line);
        Result<void> step;
        if (t.rfind("Switch", 0) == 0 || t.rfind("Ca", 0) == 0 || t.rfind("Rt", 0) == 0)
            step = parser.header(t, lineNumber);
        else if (!t.empty() && t.front() == '[')
            step = parser.portLine(t, lineNumber);
        if (!step)
            return step.error();
    }
    // Remote names from the remote node's own header where the port line's comment had none.
    for (ObservedLink &link : parser.result.links)
        if (auto it = parser.names.find(link.b.guid);
            it != parser.names.end() && !it->second.empty())
            link.b.node = it->second;
    if (parser.names.empty())
        return Error { fileName + ": no Switch or Ca record; expected ibnetdiscover output" };
    return std::move(parser.result);
}

} // namespace cw::asbuilt

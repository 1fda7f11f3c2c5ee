#include "exporters/netbox/NetboxTypes.h"

#include "model/catalog/Part.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace cw::netbox {

std::string slug(const std::string &text)
{
    std::string out;
    for (char c : text) {
        const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
        const bool keep
            = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9') || lower == '_';
        if (keep)
            out += lower;
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? "unnamed" : out;
}

std::string interfaceType(const PortSpec &port)
{
    std::string cage = port.formFactor;
    std::transform(cage.begin(), cage.end(), cage.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (cage == "osfp-twin")
        cage = "osfp";
    if (cage == "qsfp-dd")
        cage = "qsfpdd";
    if (cage == "sfp+")
        cage = "sfpp";
    const long gbps = std::lround(port.speedGbps);
    if (cage == "rj45") {
        static const std::map<long, std::string> copper
            = { { 1, "1000base-t" }, { 10, "10gbase-t" }, { 25, "25gbase-t" } };
        auto it = copper.find(gbps);
        return it == copper.end() ? "other" : it->second;
    }
    // NetBox names pluggable types <speed>gbase-x-<cage> (ref:netbox-interface-types).
    static const std::map<std::pair<long, std::string>, std::string> pluggable = {
        { { 10, "sfpp" }, "10gbase-x-sfpp" },         { { 25, "sfp28" }, "25gbase-x-sfp28" },
        { { 100, "qsfp28" }, "100gbase-x-qsfp28" },   { { 200, "qsfp56" }, "200gbase-x-qsfp56" },
        { { 400, "qsfp112" }, "400gbase-x-qsfp112" }, { { 400, "qsfpdd" }, "400gbase-x-qsfpdd" },
        { { 400, "osfp" }, "400gbase-x-osfp" },       { { 800, "osfp" }, "800gbase-x-osfp" },
        { { 800, "qsfpdd" }, "800gbase-x-qsfpdd" },   { { 200, "qsfp112" }, "200gbase-x-qsfp56" },
    };
    auto it = pluggable.find({ gbps, cage });
    return it == pluggable.end() ? "other" : it->second;
}

std::string cableType(const std::string &medium)
{
    static const std::map<std::string, std::string> types
        = { { "dac", "dac-passive" }, { "acc", "dac-active" },   { "aoc", "aoc" },
            { "sr4", "mmf" },         { "sr8", "mmf" },          { "sr", "mmf" },
            { "dr4", "smf" },         { "fr4", "smf" },          { "cwdm4", "smf" },
            { "lr4", "smf" },         { "copper-rj45", "cat6a" } };
    auto it = types.find(medium);
    return it == types.end() ? std::string() : it->second;
}

PowerPorts powerPorts(const Part &part)
{
    PowerPorts ports;
    if (part.server && part.server->psu.count > 0)
        ports.count = part.server->psu.count;
    ports.maximumDrawW = static_cast<int>(std::ceil(part.maxPowerW / ports.count));
    ports.allocatedDrawW = static_cast<int>(std::ceil(part.typicalPowerW / ports.count));
    return ports;
}

} // namespace cw::netbox

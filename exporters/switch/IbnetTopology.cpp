#include "exporters/switch/IbnetTopology.h"

#include "exporters/common/FileHeader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>

namespace cw::exporters::ib {

SpeedAnnotation ibsimSpeed(double speedGbps)
{
    // Per-lane rates of a 4x port (ref:ibta-spec-vol1): SDR 2.5, DDR 5, QDR 10, FDR 14,
    // EDR 25, HDR 50, NDR 100, XDR 200 Gb/s. The model states a port's total rate.
    const double lane = speedGbps / 4;
    if (lane >= 200)
        return { "4xHDR", "XDR", true };
    if (lane >= 100)
        return { "4xHDR", "NDR", true };
    if (lane >= 50)
        return { "4xHDR", "HDR", false };
    if (lane >= 25)
        return { "4xEDR", "EDR", false };
    if (lane >= 14)
        return { "4xFDR", "FDR", false };
    if (lane >= 10)
        return { "4xQDR", "QDR", false };
    if (lane >= 5)
        return { "4xDDR", "DDR", false };
    return { "4xSDR", "SDR", false };
}

IbsimSize ibsimSize(const IbFabric &fabric)
{
    IbsimSize size;
    for (const IbNode &node : fabric.nodes) {
        ++size.nodes;
        if (node.kind == IbNode::Kind::Switch) {
            ++size.switches;
            size.ports += node.portCount + 1; // port 0, the switch's management port
        } else {
            size.ports += node.portCount;
        }
    }
    return size;
}

namespace {

struct PortLine
{
    int localPort = 0;
    std::size_t remote = 0;
    int remotePort = 0;
    double speedGbps = 0;
};

std::string number(double value)
{
    const double rounded = std::round(value);
    return std::abs(value - rounded) < 1e-9 ? std::to_string(static_cast<long long>(rounded))
                                            : std::to_string(value);
}

std::string summary(const IbFabric &fabric)
{
    const IbsimSize size = ibsimSize(fabric);
    std::string text;
    text += "InfiniBand fabric \"" + fabric.name
        + "\" as designed, in the ibnetdiscover format ibsim loads: "
        + std::to_string(fabric.switchCount()) + " switches, " + std::to_string(fabric.caCount())
        + " HCAs, " + std::to_string(fabric.links.size()) + " links.\n";
    text += "Simulate it with `ibsim -s fabric.topo`, then run opensm or ibnetdiscover with "
            "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so (Debian path).\n";
    if (size.fitsDefaults())
        text += "Within ibsim's default limits (" + std::to_string(IbsimSize::kMaxNodes)
            + " nodes, " + std::to_string(IbsimSize::kMaxSwitches) + " switches, "
            + std::to_string(IbsimSize::kMaxPorts) + " ports): needs " + std::to_string(size.nodes)
            + " nodes, " + std::to_string(size.switches) + " switches, "
            + std::to_string(size.ports) + " ports.\n";
    else
        text += "Beyond ibsim's default limits: start it as `ibsim -N " + std::to_string(size.nodes)
            + " -S " + std::to_string(size.switches) + " -P " + std::to_string(size.ports)
            + " -s fabric.topo`.\n";
    text += "Node ids are ibnetdiscover's (S-/H- + node GUID); names are in the \"...\" "
            "descriptions "
            "and in ib-node-name-map. Each server port on the fabric is one single-port HCA named "
            "\"<host> <port>\", as rdma-ndd names a Linux HCA.\n";
    text += "GUIDs are derived, not real: 0x024357 (locally administered) + 32-bit device id + "
            "0x00 for a switch or 2*(port index+1) for an HCA (port GUID = node GUID + 1).\n";
    bool clamped = false;
    std::string designed;
    for (const IbLink &link : fabric.links) {
        const SpeedAnnotation speed = ibsimSpeed(link.speedGbps);
        if (speed.clamped && !clamped) {
            clamped = true;
            designed = speed.designedName + " (" + number(link.speedGbps) + " Gb/s)";
        }
    }
    if (clamped)
        text += "Links designed at " + designed
            + " are written 4xHDR: Debian 12's ibsim 0.10 parses "
              "speeds up to HDR only (NDR from ibsim 0.11); the topology, not the rate, is what "
              "this file checks.\n";
    return text;
}

} // namespace

std::string ibnetTopologyText(const Design &design, const IbFabric &fabric)
{
    std::vector<std::vector<PortLine>> ports(fabric.nodes.size());
    for (const IbLink &link : fabric.links) {
        ports[link.nodeA].push_back({ link.portA, link.nodeB, link.portB, link.speedGbps });
        ports[link.nodeB].push_back({ link.portB, link.nodeA, link.portA, link.speedGbps });
    }
    // Every node's id once, not once per port line naming it (a million lines at 16,384
    // nodes); the lines are appended in place, without temporaries.
    std::vector<std::string> ids;
    ids.reserve(fabric.nodes.size());
    for (const IbNode &node : fabric.nodes)
        ids.push_back(node.id());
    std::string text
        = commentBlock(fileHeader(design, "#", "ibsim/ibnetdiscover topology (fabric.topo)"));
    text += "#\n" + commentBlock(summary(fabric));
    double lastSpeedGbps = -1;
    std::string speedText;
    char digits[24];
    auto integer = [&digits](long long value) {
        return std::string_view(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
    };
    for (std::size_t i = 0; i < fabric.nodes.size(); ++i) {
        const IbNode &node = fabric.nodes[i];
        auto &lines = ports[i];
        std::sort(lines.begin(), lines.end(),
                  [](const PortLine &a, const PortLine &b) { return a.localPort < b.localPort; });
        const bool isSwitch = node.kind == IbNode::Kind::Switch;
        // Header and port lines must start in column 0; a record ends at the blank line.
        text += "\n";
        text += isSwitch ? "switchguid=" : "caguid=";
        text += guidText(node.guid);
        text += isSwitch ? "\nSwitch\t" : "\nCa\t";
        text += integer(node.portCount);
        text += " \"";
        text += ids[i];
        text += "\"\t\t# \"";
        text += node.name;
        text += isSwitch ? "\" enhanced port 0 lid 0 lmc 0\n" : "\"\n";
        for (const PortLine &line : lines) {
            if (line.speedGbps != lastSpeedGbps) {
                lastSpeedGbps = line.speedGbps;
                speedText = ibsimSpeed(line.speedGbps).text;
            }
            text += '[';
            text += integer(line.localPort);
            text += "]\t\"";
            text += ids[line.remote];
            text += "\"[";
            text += integer(line.remotePort);
            text += "]\t\t# ";
            if (!isSwitch)
                text += "lid 0 lmc 0 ";
            text += '"';
            text += fabric.nodes[line.remote].name;
            text += "\" lid 0 ";
            text += speedText;
            text += '\n';
        }
    }
    return text;
}

} // namespace cw::exporters::ib

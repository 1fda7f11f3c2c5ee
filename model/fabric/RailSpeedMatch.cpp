// A rail NIC slower than its switch port is a legal link only over a part that joins the two
// cages at the NIC's speed. NVIDIA's splitters do that from an NDR twin-port cage to HDR or
// NDR200 NICs (MCP7Y60, MFA7U10: ref:nvidia-linkx-100g-pam4), so HDR nodes on an NDR switch
// keep generating. The XDR line does not: its 200G-PAM4 parts "cannot downshift to 100G-PAM4
// or 50G-PAM4", and its only split is 2 x 800G into two 400G or four 200G links to ConnectX-8
// (ref:nvidia-linkx-xdr). A ConnectX-7 node on a Quantum-X800 switch therefore has no cable:
// the 131,072-node campus design of docs/performance.md was generated that way once, with
// 1,048,576 net.port-speed-mismatch warnings on links that cannot be built.

#include "model/fabric/RailSpeedMatch.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/FatTreeGenerator.h"

#include <algorithm>
#include <string>

namespace cw {
namespace {

/// The InfiniBand rate name of a 4x port speed (ref:nvidia-xdr-switch-um for XDR,
/// ref:nvidia-qm97x0-um for NDR, ref:nvidia-qm87xx-um for HDR).
std::string rateName(double gbps, Technology technology)
{
    if (technology != Technology::InfiniBand)
        return {};
    if (gbps == 800)
        return " (XDR)";
    if (gbps == 400)
        return " (NDR)";
    if (gbps == 200)
        return " (HDR)";
    return {};
}

std::string gbps(double speed)
{
    return std::to_string(static_cast<int>(speed)) + " Gb/s";
}

const PortSpec *firstPort(const Part &part, PortRole role)
{
    for (const PortSpec &port : part.ports)
        if (port.role == role)
            return &port;
    return nullptr;
}

/// The fastest fabric port of a switch (the one the planner cables rails to).
const PortSpec *fastestFabricPort(const Part &part)
{
    const PortSpec *best = nullptr;
    for (const PortSpec &port : part.ports)
        if (port.role == PortRole::Fabric && (!best || port.speedGbps > best->speedGbps))
            best = &port;
    return best;
}

/// A catalog cable or transceiver carrying `speedGbps` links between the two cages.
bool catalogJoins(const Catalog &catalog, double speedGbps, const std::string &cageA,
                  const std::string &cageB)
{
    for (const auto &part : catalog.parts())
        if (part->cable && part->cable->linkSpeedGbps == speedGbps
            && cableFitsCages(*part->cable, cageA, cageB))
            return true;
    return false;
}

/// Ids of plain nodes (not rack-scale trays) whose compute NICs run `speed` and reach the
/// switch's cage over a catalog part.
std::string matchingNodes(const Catalog &catalog, const PortSpec &switchPort)
{
    std::string ids;
    for (const Part *part : catalog.partsOfKind(PartKind::Server)) {
        if (!part->server || part->server->gpuCount == 0 || part->server->nvlinkDomainGpus > 0)
            continue;
        const PortSpec *nic = firstPort(*part, PortRole::Compute);
        if (nic && nic->speedGbps == switchPort.speedGbps
            && catalogJoins(catalog, nic->speedGbps, nic->formFactor, switchPort.formFactor))
            ids += (ids.empty() ? "" : ", ") + part->id;
    }
    return ids;
}

/// Ids of switches of the template's technology whose fabric ports reach `nic` at its speed.
std::string matchingSwitches(const Catalog &catalog, const FatTreeSpec &spec, const PortSpec &nic)
{
    std::string ids;
    for (const Part *part : catalog.partsOfKind(PartKind::Switch)) {
        if (!part->network
            || std::find(part->network->technologies.begin(), part->network->technologies.end(),
                         spec.technology)
                == part->network->technologies.end())
            continue;
        const PortSpec *port = fastestFabricPort(*part);
        if (port && port->speedGbps >= nic.speedGbps
            && catalogJoins(catalog, nic.speedGbps, nic.formFactor, port->formFactor))
            ids += (ids.empty() ? "" : ", ") + part->id;
    }
    return ids;
}

std::string cages(const PortSpec &port, Technology technology)
{
    return gbps(port.speedGbps) + rateName(port.speedGbps, technology) + " in " + port.formFactor
        + " cages";
}

} // namespace

Result<void> checkStorageSwitch(const FatTreeSpec &spec, const Catalog &catalog)
{
    if (!spec.nodePart || !spec.switchPart || spec.storage == "none" || spec.storageConverged)
        return {};
    const Part &storageSwitch = spec.storageSwitchPart ? *spec.storageSwitchPart : *spec.switchPart;
    const PortSpec *nic = firstPort(*spec.nodePart, PortRole::Storage);
    const PortSpec *port = fastestFabricPort(storageSwitch);
    if (!nic || !port
        || catalogJoins(catalog, std::min(nic->speedGbps, port->speedGbps), nic->formFactor,
                        port->formFactor))
        return {};
    const std::string switches = matchingSwitches(catalog, spec, *nic);
    return Error { "fat-tree: the storage fabric's switch " + storageSwitch.id + " has ports of "
                   + cages(*port, spec.technology) + "; node-type " + spec.nodePart->id
                   + "'s storage NICs run " + cages(*nic, spec.technology)
                   + ", and no catalog cable, splitter or module joins them; choose "
                   + "storage-switch-type"
                   + (switches.empty() ? std::string(" (none in the catalog reaches them)")
                                       : " (" + switches + ")")
                   + " or storage=none" };
}

Result<void> checkRailSpeedMatch(const FatTreeSpec &spec, const Catalog &catalog)
{
    if (!spec.nodePart || !spec.switchPart)
        return {};
    const PortSpec *nic = firstPort(*spec.nodePart, PortRole::Compute);
    const PortSpec *port = fastestFabricPort(*spec.switchPart);
    // Slower switch ports are the planner's refusal ("no fabric ports of N Gb/s or faster");
    // equal speeds are the cable chooser's (it names the cages when no part joins them).
    if (!nic || !port || port->speedGbps <= nic->speedGbps
        || catalogJoins(catalog, nic->speedGbps, nic->formFactor, port->formFactor))
        return {};
    const std::string nodes = matchingNodes(catalog, *port);
    const std::string switches = matchingSwitches(catalog, spec, *nic);
    return Error {
        "fat-tree: switch-type " + spec.switchPart->id + " ports run " + gbps(port->speedGbps)
        + rateName(port->speedGbps, spec.technology) + " in " + port->formFactor
        + " cages; node-type " + spec.nodePart->id + "'s compute NICs run " + gbps(nic->speedGbps)
        + rateName(nic->speedGbps, spec.technology) + " in " + nic->formFactor
        + " cages, and no catalog cable, splitter or module carries a " + gbps(nic->speedGbps)
        + " link between those cages (a breakout of " + spec.switchPart->id + " into "
        + gbps(nic->speedGbps)
        + " ports would need one); choose a node-type whose compute NICs run "
        + gbps(port->speedGbps)
        + (nodes.empty() ? std::string(" (none in the catalog)") : " (" + nodes + ")")
        + " or a switch-type that reaches " + gbps(nic->speedGbps) + " NICs"
        + (switches.empty() ? std::string(" (none in the catalog)") : " (" + switches + ")")
    };
}

} // namespace cw

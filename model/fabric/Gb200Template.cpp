#include "model/fabric/Gb200Template.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"

#include <algorithm>
#include <charconv>

namespace cw {
namespace {

constexpr const char *kTemplate = "gb200-nvl72";
constexpr const char *kRackType = "gb200-nvl72-rack";
constexpr const char *kTrayType = "gb200-nvl72-compute-tray";
/// A scalable unit is 8 DGX GB200 racks; the RA scales to 128 racks / 9,216 GPUs
/// (ref:nvidia-superpod-gb200-ra).
constexpr int kRacksPerSu = 8;
constexpr int kMaxRacks = 128;
/// One SU per row: its 8 NVL72 racks and the rack of its leaf switches ("Complete Rack Layout
/// in One Row", ref:nvidia-superpod-gb200-ra).
constexpr int kRacksPerRow = kRacksPerSu + 1;

std::string parameterNames()
{
    std::string names;
    for (const TemplateParameter &p : gb200Nvl72Parameters())
        names += (names.empty() ? "" : ", ") + p.name;
    return names;
}

std::string fail(const std::string &message)
{
    return std::string(kTemplate) + ": " + message;
}

Result<int> wholeNumber(const std::map<std::string, std::string> &values, const std::string &key,
                        int fallback, int low, int high)
{
    auto it = values.find(key);
    if (it == values.end())
        return fallback;
    int value = 0;
    const std::string &text = it->second;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high)
        return Error { fail(key + " must be a whole number from " + std::to_string(low) + " to "
                            + std::to_string(high) + " (got \"" + text + "\")") };
    return value;
}

/// How many trays of `tray` the rack-scale rack holds.
int traysPerRack(const Part &rack, const Part &tray)
{
    int count = 0;
    for (const RackSlot &slot : rack.rack->contents)
        count += slot.part == tray.id ? slot.count : 0;
    return count;
}

/// Index of the first compute port of `part` (the catalog requires the tray to have one).
int firstComputePort(const Part &part)
{
    for (std::size_t i = 0; i < part.ports.size(); ++i)
        if (part.ports[i].role == PortRole::Compute)
            return static_cast<int>(i);
    return -1;
}

} // namespace

const std::vector<TemplateParameter> &gb200Nvl72Parameters()
{
    static const std::vector<TemplateParameter> parameters {
        { "racks",
          "8",
          "GB200 NVL72 racks (72 GPUs, 18 compute trays each), 1..128; 8 per SU",
          ParameterKind::Integer,
          {},
          1,
          kMaxRacks,
          PartKind::Server,
          false },
        { "switch-type",
          "qm9700",
          "compute fabric switch: qm9700 (NDR) or q3400-ra (XDR)",
          ParameterKind::Part,
          {},
          0,
          0,
          PartKind::Switch,
          false },
        { "storage",
          "lustre",
          "none | lustre | weka | vast",
          ParameterKind::Choice,
          { "none", "lustre", "weka", "vast" },
          0,
          0,
          PartKind::Server,
          false },
        { "storage-nodes",
          "4",
          "data servers (Lustre OSS, WEKA hosts, VAST enclosures)",
          ParameterKind::Integer,
          {},
          1,
          10000,
          PartKind::Server,
          false },
    };
    return parameters;
}

Result<FatTreeSpec> gb200Nvl72Spec(const std::map<std::string, std::string> &values,
                                   const Catalog &catalog, int &racksOut)
{
    for (const auto &[key, value] : values) {
        (void)value;
        const auto &accepted = gb200Nvl72Parameters();
        if (std::none_of(accepted.begin(), accepted.end(),
                         [&name = key](const TemplateParameter &p) { return p.name == name; }))
            return Error { fail("unknown parameter \"" + key + "\" (accepted: " + parameterNames()
                                + ")") };
    }
    auto racks = wholeNumber(values, "racks", kRacksPerSu, 1, kMaxRacks);
    if (!racks)
        return racks.error();
    auto storageNodes = wholeNumber(values, "storage-nodes", 4, 1, 10000);
    if (!storageNodes)
        return storageNodes.error();
    const std::string storage = values.contains("storage") ? values.at("storage") : "lustre";
    if (storage != "none" && storage != "lustre" && storage != "weka" && storage != "vast")
        return Error { fail("storage must be none | lustre | weka | vast (got \"" + storage
                            + "\")") };

    const Part *rack = catalog.find(kRackType);
    const Part *tray = catalog.find(kTrayType);
    if (!rack || !rack->rack || !rack->rack->rackScale() || !tray || !tray->server
        || firstComputePort(*tray) < 0)
        return Error { fail(std::string("the catalog needs the rack-scale rack ") + kRackType
                            + " and its compute tray " + kTrayType) };
    const std::string switchId
        = values.contains("switch-type") ? values.at("switch-type") : "qm9700";
    const Part *switchPart = catalog.find(switchId);
    if (!switchPart || switchPart->kind != PartKind::Switch || !switchPart->network
        || std::find(switchPart->network->technologies.begin(),
                     switchPart->network->technologies.end(), Technology::InfiniBand)
            == switchPart->network->technologies.end())
        return Error { fail("switch-type \"" + switchId
                            + "\" is not an InfiniBand switch in the catalog (qm9700, q3400-ra)") };

    // The trays' ConnectX-7 ports run NDR 400 Gb/s. On an XDR switch (800 Gb/s ports) every
    // link would run at 400 and need 800G-cage cables the catalog does not have: refuse rather
    // than generate a design full of speed mismatches and uncabled links.
    const double nicGbps = tray->ports[static_cast<std::size_t>(firstComputePort(*tray))].speedGbps;
    if (std::none_of(switchPart->ports.begin(), switchPart->ports.end(), [&](const PortSpec &port) {
            return port.role == PortRole::Fabric && port.speedGbps == nicGbps;
        }))
        return Error { fail("switch-type " + switchId + " has no " + std::to_string(int(nicGbps))
                            + " Gb/s ports for the " + tray->id
                            + "'s ConnectX-7 NICs; an XDR (800 Gb/s) fabric needs ConnectX-8 "
                              "trays, which the catalog does not have: use qm9700 (NDR)") };

    FatTreeSpec spec;
    const int trays = traysPerRack(*rack, *tray);
    spec.clusterName = "gb200";
    spec.nodePrefix = "gb";
    spec.nodePart = tray;
    spec.rails = tray->countPorts(PortRole::Compute);
    spec.technology = Technology::InfiniBand;
    spec.switchPart = switchPart;
    spec.tiers = 0;
    spec.ratio = 1;
    // The RA's compute-fabric figure was not retrieved, so no rail plan is claimed: the SU's
    // leaves take the trays' ports rail by rail (port r of 32 consecutive trays per QM9700
    // leaf, 18 leaves for the 576 ports of 8 racks), so a leaf's loss costs each tray at most
    // one of its 4 ports.
    spec.railOptimized = false;
    spec.stripePorts = true;
    spec.nodesPerRack = trays;
    spec.racksPerRow = kRacksPerRow;
    spec.suSlots = trays * kRacksPerSu;
    spec.storage = storage;
    spec.storageNodes = *storageNodes;
    spec.rackScalePart = rack;
    racksOut = *racks;
    return gb200Nvl72At(std::move(spec), *racks);
}

FatTreeSpec gb200Nvl72At(FatTreeSpec spec, int racks)
{
    spec.nodes = spec.nodesPerRack * racks;
    spec.designName = "GB200 NVL72, " + std::to_string(racks) + " rack(s), "
        + (spec.switchPart ? spec.switchPart->id : std::string());
    return spec;
}

} // namespace cw

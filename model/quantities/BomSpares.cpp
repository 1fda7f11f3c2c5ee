#include "model/quantities/BomSpares.h"

#include "model/catalog/Catalog.h"
#include "model/common/DecimalText.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlan.h"

#include <cmath>
#include <map>
#include <tuple>

namespace cw::bom::detail {
namespace {

constexpr double kRoundingEpsilon = 1e-9; // 50 x 2 % is exactly 1 spare, not 2

/// The NIC part to stock for host ports of this speed and form factor: same speed, a
/// matching form factor first, then the cheapest, then the id (stable choice).
const Part *spareAdapter(const Catalog &catalog, double speedGbps, const std::string &formFactor)
{
    const Part *best = nullptr;
    auto key = [&](const Part &part) {
        bool fits = false;
        for (const PortSpec &port : part.ports)
            fits = fits || (port.speedGbps == speedGbps && port.formFactor == formFactor);
        return std::tuple(fits ? 0 : 1, part.priceUsd, part.id);
    };
    for (const Part *part : catalog.partsOfKind(PartKind::Nic)) {
        bool speedMatches = false;
        for (const PortSpec &port : part->ports)
            speedMatches = speedMatches
                || (port.role != PortRole::Management && port.speedGbps == speedGbps);
        if (speedMatches && (!best || key(*part) < key(*best)))
            best = part;
    }
    return best;
}

bool isHostAdapterPort(PortRole role)
{
    // The fabric adapters of a host; BMC and on-board management ports are not HCAs/NICs.
    return role == PortRole::Compute || role == PortRole::Storage || role == PortRole::Frontend;
}

/// Whether a catalog NIC (an add-in card) has a port of exactly this speed and form factor.
bool addInCardFits(const Catalog &catalog, const PortSpec &port)
{
    for (const Part *nic : catalog.partsOfKind(PartKind::Nic))
        for (const PortSpec &candidate : nic->ports)
            if (candidate.speedGbps == port.speedGbps && candidate.formFactor == port.formFactor)
                return true;
    return false;
}

/// A server whose NICs are part of the system rather than stock add-in cards. The catalog
/// models a server's NICs as ports of the server part; a port no catalog NIC can fill (the
/// DGX H100/B200 compute ports on twin-port OSFP cages of the system's network modules) marks
/// a system whose adapters (network modules and cards alike) are the vendor's FRUs.
bool hasBuiltInNics(const Catalog &catalog, const Part &part)
{
    if (!part.server)
        return false;
    for (const PortSpec &port : part.ports)
        if (isHostAdapterPort(port.role) && !addInCardFits(catalog, port))
            return true;
    return false;
}

struct FruKey
{
    const Part *server = nullptr;
    double speedGbps = 0;
    std::string formFactor;
    bool operator<(const FruKey &other) const
    {
        return std::tie(server->id, speedGbps, formFactor)
            < std::tie(other.server->id, other.speedGbps, other.formFactor);
    }
};

BomLine vendorFruLine(const FruKey &key, int ports, int perSpare)
{
    const std::string speed = decimalText(key.speedGbps);
    BomLine line;
    line.category = kSpares;
    line.spare = true;
    line.quantity = sparesPer(ports, perSpare);
    line.partNumber = "FRU-NIC-" + key.server->id + "-" + speed + "G-" + key.formFactor;
    line.description = "Spare vendor FRU (network module / card) for "
        + cabling::displayName(*key.server) + ", " + speed + " Gb/s " + key.formFactor + " port ("
        + std::to_string(ports) + " linked host ports, 1 per " + std::to_string(perSpare) + ")";
    line.remark = "vendor FRU (network module / card): quote required; the system's NICs are "
                  "built in, not PCIe add-in cards from stock";
    return line;
}

} // namespace

int sparesPer(int count, int per)
{
    return per > 0 && count > 0 ? (count + per - 1) / per : 0;
}

int sparesPct(int count, double pct)
{
    if (pct <= 0 || count <= 0)
        return 0;
    return static_cast<int>(std::ceil(count * pct / 100.0 - kRoundingEpsilon));
}

std::vector<BomLine> spareLines(const Design &design, const Catalog &catalog,
                                const SparesPolicy &policy, const std::vector<BomLine> &lines)
{
    std::vector<BomLine> spares;

    // Host adapters: linked host ports grouped by speed and form factor; those of systems
    // with built-in NICs per server part, as the vendor's FRUs.
    std::map<std::pair<double, std::string>, int> hostPorts;
    std::map<FruKey, int> fruPorts;
    std::map<std::string, std::pair<int, const Part *>> psus; // part id -> (PSUs, part)
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        if (!part || device.role == DeviceRole::Switch)
            continue;
        const bool builtIn = hasBuiltInNics(catalog, *part);
        for (std::size_t p = 0; p < part->ports.size(); ++p) {
            const PortSpec &port = part->ports[p];
            if (!isHostAdapterPort(port.role)
                || !design.linkAt(PortRef { device.id, static_cast<int>(p) }).isValid())
                continue;
            if (builtIn)
                ++fruPorts[FruKey { part, port.speedGbps, port.formFactor }];
            else
                ++hostPorts[{ port.speedGbps, port.formFactor }];
        }
        if (part->server && part->server->psu.count > 0) {
            auto &entry = psus[part->id];
            entry.first += part->server->psu.count;
            entry.second = part;
        }
    }
    for (const auto &[key, ports] : hostPorts) {
        const int quantity = sparesPer(ports, policy.hostAdaptersPerSpare);
        if (quantity == 0)
            continue;
        const auto &[speedGbps, formFactor] = key;
        BomLine line;
        line.category = kSpares;
        line.spare = true;
        line.quantity = quantity;
        const std::string what = std::to_string(ports) + " linked " + decimalText(speedGbps)
            + " Gb/s " + formFactor + " host ports, 1 per "
            + std::to_string(policy.hostAdaptersPerSpare);
        if (const Part *nic = spareAdapter(catalog, speedGbps, formFactor)) {
            line.partNumber = nic->model.find(' ') == std::string::npos ? nic->model : nic->id;
            line.catalogId = nic->id;
            line.description = "Spare HCA/NIC " + cabling::displayName(*nic) + " (" + what + ")";
            line.unitPriceUsd = nic->priceUsd;
        } else {
            line.partNumber = "NIC-" + decimalText(speedGbps) + "G-" + formFactor;
            line.description = "Spare HCA/NIC " + decimalText(speedGbps) + " Gb/s " + formFactor
                + " (" + what + ")";
            line.remark = "no catalog NIC of this speed: quote required";
        }
        spares.push_back(std::move(line));
    }

    for (const auto &[key, ports] : fruPorts)
        if (sparesPer(ports, policy.hostAdaptersPerSpare) > 0)
            spares.push_back(vendorFruLine(key, ports, policy.hostAdaptersPerSpare));

    // Cables, optics and fibres: a share of every such line, same part and length.
    for (const BomLine &source : lines) {
        if (source.category != kOpticsCables || source.spare)
            continue;
        const int quantity = sparesPct(source.quantity, policy.cablesOpticsPct);
        if (quantity == 0)
            continue;
        BomLine line = source;
        line.category = kSpares;
        line.spare = true;
        line.quantity = quantity;
        line.description = "Spare " + source.description;
        line.powerW = 0;
        line.heatW = 0;
        spares.push_back(std::move(line));
    }

    // Power supplies per server type. The catalog has no PSU parts, so these are unpriced.
    for (const auto &[id, entry] : psus) {
        const auto &[count, part] = entry;
        const int quantity = sparesPer(count, policy.psusPerSpare);
        if (quantity == 0)
            continue;
        const std::string rating = decimalText(part->server->psu.ratingW) + " W";
        BomLine line;
        line.category = kSpares;
        line.spare = true;
        line.quantity = quantity;
        line.partNumber = "PSU-" + decimalText(part->server->psu.ratingW) + "W-" + id;
        line.description = "Spare power supply " + rating + " for " + cabling::displayName(*part)
            + " (" + std::to_string(count) + " installed, 1 per "
            + std::to_string(policy.psusPerSpare) + ")";
        line.remark = "PSU not in the catalog: quote required";
        spares.push_back(std::move(line));
    }
    return spares;
}

} // namespace cw::bom::detail

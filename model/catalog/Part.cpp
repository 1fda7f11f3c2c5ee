#include "model/catalog/Part.h"

#include <array>
#include <utility>

namespace cw {
namespace {

constexpr std::array<std::pair<PartKind, std::string_view>, 10> kKinds { {
    { PartKind::Gpu, "gpu" },
    { PartKind::Server, "server" },
    { PartKind::Nic, "nic" },
    { PartKind::Switch, "switch" },
    { PartKind::Storage, "storage" },
    { PartKind::Cable, "cable" },
    { PartKind::Transceiver, "transceiver" },
    { PartKind::Rack, "rack" },
    { PartKind::Pdu, "pdu" },
    { PartKind::Cdu, "cdu" },
} };

constexpr std::array<std::pair<PortRole, std::string_view>, 5> kRoles { {
    { PortRole::Compute, "compute" },
    { PortRole::Storage, "storage" },
    { PortRole::Frontend, "frontend" },
    { PortRole::Management, "management" },
    { PortRole::Fabric, "fabric" },
} };

} // namespace

std::string_view toString(PartKind kind)
{
    for (const auto &[k, name] : kKinds)
        if (k == kind)
            return name;
    return "?";
}

std::optional<PartKind> parsePartKind(std::string_view text)
{
    for (const auto &[k, name] : kKinds)
        if (name == text)
            return k;
    return std::nullopt;
}

std::string_view toString(PortRole role)
{
    for (const auto &[r, name] : kRoles)
        if (r == role)
            return name;
    return "?";
}

std::optional<PortRole> parsePortRole(std::string_view text)
{
    for (const auto &[r, name] : kRoles)
        if (name == text)
            return r;
    return std::nullopt;
}

int Part::portIndex(std::string_view name) const
{
    for (std::size_t i = 0; i < ports.size(); ++i)
        if (ports[i].name == name)
            return static_cast<int>(i);
    return -1;
}

int Part::countPorts(PortRole role) const
{
    int count = 0;
    for (const PortSpec &port : ports)
        count += port.role == role ? 1 : 0;
    return count;
}

namespace {

bool endFits(const CableEnd &end, const std::string &cage)
{
    if (end.connector.empty() || cage.empty() || end.connector == cage)
        return true;
    // "QSFP112 cages in ConnectX-7 adapters and BlueField-3 DPUs are backwards compatible and
    // support QSFP56 200G" (ref:nvidia-linkx-specs, 100G-PAM4 product line overview). Not
    // the other way round: a QSFP56 cage cannot run a QSFP112 part's 100G-PAM4 lanes.
    if (cage == "QSFP112" && end.connector == "QSFP56")
        return true;
    // QSFP-DD cages take QSFP28 and QSFP56 plugs (ref:qsfp-dd-msa: the 8-lane connector is a
    // superset of the 4-lane one); the port then runs at the plug's 100G or 200G.
    return cage == "QSFP-DD" && (end.connector == "QSFP28" || end.connector == "QSFP56");
}

} // namespace

bool cableFitsCages(const CableSpec &cable, const std::string &cageA, const std::string &cageB)
{
    return (endFits(cable.endA, cageA) && endFits(cable.endB, cageB))
        || (endFits(cable.endA, cageB) && endFits(cable.endB, cageA));
}

} // namespace cw

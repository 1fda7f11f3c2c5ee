#pragma once

// Hand-built design pairs for the diff and merge tests: the 8-DGX reference design edited
// with the model API, plus helpers to find free U and free ports in it.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"

#include <stdexcept>
#include <string>

namespace cw::test {

inline Design dgxDesign()
{
    auto built = buildDgx8H100Ndr(Catalog::builtin());
    if (!built)
        throw std::runtime_error(built.error().message);
    return std::move(built).value();
}

template<typename Table>
auto byName(const Table &table, const std::string &name)
{
    for (const auto &e : table)
        if (e.name == name)
            return e;
    throw std::runtime_error("no entity named " + name);
}

inline int heightU(const Device &d)
{
    const Part *part = Catalog::builtin().find(d.catalogType);
    return part ? part->uHeight : 1;
}

/// The lowest U in `rack` with `height` free U above it, or 0.
inline int freeU(const Design &design, RackId rack, int height)
{
    std::vector<bool> used(60, false);
    for (DeviceId id : design.devicesInRack(rack)) {
        const Device &d = *design.device(id);
        for (int u = d.uPosition; u < d.uPosition + heightU(d) && u < 60; ++u)
            used[static_cast<std::size_t>(u)] = true;
    }
    for (int u = 1; u + height - 1 <= 42; ++u) {
        bool ok = true;
        for (int k = u; k < u + height; ++k)
            ok = ok && !used[static_cast<std::size_t>(k)];
        if (ok)
            return u;
    }
    return 0;
}

/// The first port index of `device` with no link whose catalog port is a fabric port of the
/// same speed as `like` (or any fabric port when like < 0), or -1.
inline int freePort(const Design &design, DeviceId device, int from = 0)
{
    const Part *part = Catalog::builtin().find(design.device(device)->catalogType);
    for (int p = from; p < static_cast<int>(part->ports.size()); ++p)
        if (part->ports[static_cast<std::size_t>(p)].role != PortRole::Management
            && !design.linkAt({ device, p }).isValid())
            return p;
    return -1;
}

inline std::string portName(const Design &design, PortRef port)
{
    const Part *part = Catalog::builtin().find(design.device(port.device)->catalogType);
    return part->ports[static_cast<std::size_t>(port.port)].name;
}

} // namespace cw::test

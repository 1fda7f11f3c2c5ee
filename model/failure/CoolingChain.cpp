#include "model/failure/CoolingChain.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

namespace cw {
namespace {

/// As the cooling rules count it: a liquid-cooled part, or a hybrid one (cold plates and
/// fans) in a liquid rack, gives its heat to the row's CDUs.
bool carriesLiquid(const Part &part, Cooling rackCooling)
{
    const Cooling cooling = part.cooling.value_or(Cooling::Air);
    return cooling == Cooling::Liquid
        || (cooling == Cooling::Hybrid && rackCooling == Cooling::Liquid);
}

} // namespace

std::vector<CduUnit> findCdus(const Design &design, const Catalog &catalog)
{
    std::vector<CduUnit> cdus;
    for (const Rack &rack : design.racks())
        if (const Part *part = catalog.find(rack.catalogType); part && part->cdu)
            cdus.push_back({ rack.id.value, true, rack.name, rack.row,
                             part->cdu->capacityKw * calc::wattsPerKw });
    for (const Device &device : design.devices()) {
        const Part *part = catalog.find(device.catalogType);
        const Rack *rack = design.rack(device.rack);
        if (part && part->cdu && rack)
            cdus.push_back({ device.id.value, false, device.name, rack->row,
                             part->cdu->capacityKw * calc::wattsPerKw });
    }
    return cdus;
}

CoolingChain buildCoolingChain(const Design &design, const Catalog &catalog)
{
    CoolingChain chain;
    chain.cdus = findCdus(design, catalog);
    auto rowEntry = [&](RowId row) -> RowLiquid & {
        const auto [it, added] = chain.rowOf.emplace(row.value, chain.rows.size());
        if (added)
            chain.rows.push_back({ row, {}, {}, 0, 0 });
        return chain.rows[it->second];
    };
    for (std::size_t i = 0; i < chain.cdus.size(); ++i) {
        chain.cduOf.emplace(chain.cdus[i].id, i);
        RowLiquid &row = rowEntry(chain.cdus[i].row);
        row.cdus.push_back(i);
        row.capacityW += chain.cdus[i].capacityW;
    }
    for (const Rack &rack : design.racks()) {
        const Part *rackPart = catalog.find(rack.catalogType);
        const Cooling rackCooling
            = rackPart && rackPart->cooling ? *rackPart->cooling : Cooling::Air;
        for (DeviceId id : design.devicesInRack(rack.id)) {
            const Device *device = design.device(id);
            const Part *part = device ? catalog.find(device->catalogType) : nullptr;
            if (!part || part->cdu || !carriesLiquid(*part, rackCooling))
                continue;
            RowLiquid &row = rowEntry(rack.row);
            row.liquidDevices.push_back(id);
            row.liquidW += part->maxPowerW;
        }
    }
    return chain;
}

} // namespace cw

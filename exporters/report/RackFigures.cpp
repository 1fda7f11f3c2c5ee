#include "exporters/report/RackFigures.h"

#include "model/core/PduCapacity.h"

#include "calculators/Units.h"
#include "model/catalog/Catalog.h"
#include "model/validation/RuleContext.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numbers>
#include <sstream>
#include <tuple>

namespace cw::report {
namespace {

// Feed capacity comes from model/core/PduCapacity.h, the formula the power rules use.
constexpr double kMmPerM = 1000.0;
constexpr double kPercent = 100.0;

std::string number(double value)
{
    std::ostringstream out;
    out << value; // breakers and voltages are whole or short numbers ("32", "16.5")
    return out.str();
}

/// "2 x 32 A" / "3-ph 400 V", identical values grouped in a stable order.
template<typename Key, typename Format>
std::string grouped(const std::vector<const Pdu *> &pdus, Key key, Format format)
{
    std::map<decltype(key(*pdus.front())), int> groups;
    for (const Pdu *pdu : pdus)
        ++groups[key(*pdu)];
    std::string text;
    for (const auto &[value, count] : groups) {
        if (!text.empty())
            text += " + ";
        text += format(value, count);
    }
    return text;
}

FeedFigures feedFigures(const std::vector<const Pdu *> &pdus, double loadKw)
{
    FeedFigures feed;
    if (pdus.empty())
        return feed;
    feed.present = true;
    feed.pdus = static_cast<int>(pdus.size());
    double capacityW = 0;
    for (const Pdu *pdu : pdus)
        capacityW += pduCapacityW(*pdu);
    feed.capacityKw = capacityW / calc::wattsPerKw;
    feed.failoverLoadPct = feed.capacityKw > 0 ? loadKw / feed.capacityKw * kPercent : 0;
    feed.breakers = grouped(
        pdus, [](const Pdu &p) { return p.breakerA; },
        [](double amps, int count) { return std::to_string(count) + " x " + number(amps) + " A"; });
    feed.phases = grouped(
        pdus, [](const Pdu &p) { return std::make_pair(p.phases, p.voltageV); },
        [](const std::pair<int, double> &spec, int) {
            return std::to_string(spec.first) + "-ph " + number(spec.second) + " V";
        });
    feed.pduTypes = grouped(
        // An untyped PDU is described by its electrical figures alone (the other columns).
        pdus,
        [](const Pdu &p) { return p.catalogType.empty() ? std::string("PDU") : p.catalogType; },
        [](const std::string &type, int count) {
            return (count > 1 ? std::to_string(count) + " x " : std::string()) + type;
        });
    return feed;
}

} // namespace

std::vector<RackFigures> gatherRackFigures(const RuleContext &context)
{
    const Design &design = context.design();
    const Site &site = design.site();
    std::vector<RackFigures> racks;
    racks.reserve(design.racks().size());
    for (const Rack &rack : design.racks()) {
        RackFigures figures;
        figures.id = rack.id;
        figures.name = rack.name;
        figures.cabinetType = rack.catalogType;
        const Row *row = design.row(rack.row);
        figures.rowId = row ? row->id : RowId {};
        figures.row = row ? row->name : "-";
        figures.rowIndex = row ? row->index : std::numeric_limits<int>::max();
        figures.position = rack.position;
        figures.rackUnits = context.rackUnits(rack);
        figures.cooling = context.rackCooling(rack);
        figures.loadKw = context.rackLoadW(rack.id) / calc::wattsPerKw;
        figures.widthM = site.rackWidthM;
        figures.depthM = site.rackDepthM;
        if (const Part *part = context.rackPart(rack)) {
            figures.cabinetKg = part->weightKg;
            if (part->rack->widthMm > 0 && part->rack->depthMm > 0) {
                figures.widthM = part->rack->widthMm / kMmPerM;
                figures.depthM = part->rack->depthMm / kMmPerM;
            }
        }

        double typicalW = 0;
        for (DeviceId id : context.devicesInRack(rack.id)) {
            const Device *device = design.device(id);
            const Part *part = context.part(id);
            MountedDevice mounted;
            mounted.name = device->name;
            mounted.partId = device->catalogType;
            mounted.bottomU = device->uPosition;
            // A part without a height takes 1U, as the builder and the space rules place it.
            mounted.heightU = std::max(part ? part->uHeight : 1, 1);
            mounted.face = device->face;
            mounted.role = device->role;
            if (part) {
                mounted.maxPowerW = part->maxPowerW;
                typicalW += part->typicalPowerW;
                figures.equipmentKg += part->weightKg;
                figures.unweighedDevices += part->weightKg > 0 ? 0 : 1;
                // The heat split of RuleContext::totals(): liquid carries a liquid-only part's
                // heat, and a hybrid part's in a liquid rack; everything else is air.
                const Cooling cooling = part->cooling.value_or(Cooling::Air);
                const bool liquid = cooling == Cooling::Liquid
                    || (cooling == Cooling::Hybrid && figures.cooling == Cooling::Liquid);
                (liquid ? figures.liquidKw : figures.airKw) += part->maxPowerW / calc::wattsPerKw;
            }
            figures.devices.push_back(mounted);
        }
        figures.typicalKw = typicalW / calc::wattsPerKw;
        std::sort(figures.devices.begin(), figures.devices.end(),
                  [](const MountedDevice &a, const MountedDevice &b) {
                      return std::tie(a.bottomU, a.name) < std::tie(b.bottomU, b.name);
                  });

        std::map<Feed, std::vector<const Pdu *>> feeds;
        for (const Pdu &pdu : rack.pdus)
            feeds[pdu.feed].push_back(&pdu);
        figures.feedA = feedFigures(feeds[Feed::A], figures.loadKw);
        figures.feedB = feedFigures(feeds[Feed::B], figures.loadKw);
        // With A and B present either alone must carry the rack (power.rack-over-feed).
        if (figures.feedA.present && figures.feedB.present)
            figures.failoverCapacityKw
                = std::min(figures.feedA.capacityKw, figures.feedB.capacityKw);
        else if (figures.feedA.present || figures.feedB.present)
            figures.failoverCapacityKw = figures.feedA.capacityKw + figures.feedB.capacityKw;
        // cooling.air-rack-limit: an air rack whose load exceeds the site's air limit.
        figures.overAirLimit = figures.cooling == Cooling::Air && site.airLimitPerRackKw > 0
            && figures.loadKw > site.airLimitPerRackKw;
        racks.push_back(std::move(figures));
    }
    std::sort(racks.begin(), racks.end(), [](const RackFigures &a, const RackFigures &b) {
        return std::tie(a.rowIndex, a.row, a.position, a.name, a.id.value)
            < std::tie(b.rowIndex, b.row, b.position, b.name, b.id.value);
    });
    return racks;
}

std::vector<RowFigures> gatherRowFigures(const Design &design,
                                         const std::vector<RackFigures> &racks)
{
    std::vector<const Row *> rows;
    for (const Row &row : design.rows())
        rows.push_back(&row);
    std::sort(rows.begin(), rows.end(), [](const Row *a, const Row *b) {
        return std::tie(a->index, a->name) < std::tie(b->index, b->name);
    });
    std::vector<RowFigures> out;
    std::map<std::uint64_t, std::size_t> slotOf; // row id -> index in `out`
    for (const Row *row : rows) {
        slotOf.emplace(row->id.value, out.size());
        out.push_back({ row->name, 0, 0, row->powerBudgetKw });
    }
    RowFigures unplaced { "-", 0, 0, 0 };
    for (const RackFigures &rack : racks) {
        auto it = slotOf.find(rack.rowId.value);
        RowFigures &target = it != slotOf.end() ? out[it->second] : unplaced;
        ++target.racks;
        target.loadKw += rack.loadKw;
    }
    if (unplaced.racks > 0)
        out.push_back(unplaced);
    return out;
}

} // namespace cw::report

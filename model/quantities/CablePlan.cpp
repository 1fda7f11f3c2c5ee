// buildCablePlan: the steps (places, sorted links, cables, counts) put together, the rows'
// text made from the plan links when asked for, and the naming helpers of the plan.
#include "model/quantities/CablePlan.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlanSteps.h"

#include <algorithm>
#include <array>
#include <map>

namespace cw::cabling {
namespace {

// Bin upper edges in metres, from the media reaches of ref:nvidia-linkx-specs.
constexpr std::array<double, 8> kBinEdgesM { 1, 2, 3, 5, 10, 30, 50, 100 };
constexpr double kLengthEpsilonM = 1e-9; // 2.0000000001 m from a sum still counts as 2 m

CableEnd endOf(const DevicePlace &place, int portIndex)
{
    CableEnd end;
    end.deviceId = place.device->id;
    end.row = place.row;
    end.rack = place.rack;
    end.u = linktext::u(place);
    end.device = linktext::device(place);
    end.portIndex = portIndex;
    std::string scratch;
    end.port = linktext::port(place, portIndex, scratch);
    return end;
}

/// The row of a plan link, with its text.
CableRow rowOf(const PlanLink &link)
{
    CableRow row;
    row.link = link.link->id;
    row.cableId = detail::cableIdOf(link.cableLink);
    row.leg = link.leg;
    row.legs = link.legs;
    row.fabric = linktext::fabric(link);
    row.a = endOf(*link.a, link.portA);
    row.z = endOf(*link.z, link.portZ);
    row.medium = linktext::medium(link);
    row.catalogPart = linktext::catalogPart(link);
    row.partNumber = linktext::partNumber(link);
    row.lengthM = link.link->lengthM;
    row.speedGbps = link.speedGbps;
    row.linksPerCable = link.linksPerCable;
    row.transceiver = link.transceiver;
    if (link.transceiver) {
        row.moduleA = link.moduleA->id;
        row.moduleZ = link.moduleZ->id;
    }
    return row;
}

} // namespace

Result<CablePlan> buildCablePlan(const Design &design, const Catalog &catalog,
                                 CablePlanDetail level)
{
    const detail::FabricIndex fabrics = detail::indexFabrics(design);
    const detail::PlaceTable places = detail::placeDevices(design, catalog);
    detail::ModuleCache modules(catalog);
    detail::Oddities odd;
    auto sorted = detail::sortedLinks(design, fabrics, places, modules, odd);
    if (!sorted)
        return sorted.error();
    std::vector<PlanLink> links = std::move(sorted).value();
    detail::assignCables(links);
    CablePlan plan;
    detail::countCables(plan, links, *places.shared(), catalog, odd);
    if (level == CablePlanDetail::Rows) {
        plan.rows.reserve(links.size());
        for (const PlanLink &link : links)
            plan.rows.push_back(rowOf(link));
    } else if (level == CablePlanDetail::Links) {
        plan.links = std::move(links);
        plan.places = places.shared();
        plan.partNumbers = modules.numbers();
    }
    return plan;
}

const std::vector<std::string> &lengthBins()
{
    static const std::vector<std::string> bins = [] {
        std::vector<std::string> out;
        double lower = 0;
        for (double edge : kBinEdgesM) {
            out.push_back(std::to_string(static_cast<int>(lower)) + "-"
                          + std::to_string(static_cast<int>(edge)));
            lower = edge;
        }
        out.push_back(std::to_string(static_cast<int>(lower)) + "+");
        return out;
    }();
    return bins;
}

std::string lengthBin(double lengthM)
{
    for (std::size_t i = 0; i < kBinEdgesM.size(); ++i)
        if (lengthM <= kBinEdgesM[i] + kLengthEpsilonM)
            return lengthBins()[i];
    return lengthBins().back();
}

std::vector<PhysicalCable> physicalCables(const CablePlan &plan)
{
    std::vector<PhysicalCable> cables;
    std::map<std::string, std::size_t> index;
    for (const CableRow &row : plan.rows) {
        auto [it, inserted] = index.try_emplace(row.cableId, cables.size());
        if (inserted)
            cables.push_back({ row.cableId, row.fabric, {} });
        cables[it->second].legs.push_back(&row);
    }
    for (PhysicalCable &cable : cables)
        std::stable_sort(cable.legs.begin(), cable.legs.end(),
                         [](const CableRow *x, const CableRow *y) { return x->leg < y->leg; });
    return cables;
}

std::string partNumberOf(const Part &part)
{
    if (part.cable && !part.cable->partNumberPattern.empty())
        return part.cable->partNumberPattern;
    if (!part.model.empty() && part.model.find(' ') == std::string::npos)
        return part.model;
    return part.id;
}

std::string displayName(const Part &part)
{
    if (part.vendor.empty() || part.model.rfind(part.vendor, 0) == 0)
        return part.model;
    return part.vendor + " " + part.model;
}

} // namespace cw::cabling

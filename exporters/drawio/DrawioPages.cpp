#include "exporters/drawio/DrawioPages.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace cw::drawio {
namespace {

constexpr double kPxPerM = 100;
constexpr double kPxPerU = 12;
constexpr double kRackHeaderPx = 24;
constexpr double kElevationWidthPx = 220;
constexpr double kNodeWidthPx = 110;
constexpr double kNodeHeightPx = 40;
constexpr double kTierPitchPx = 160;

std::string speedText(double gbps)
{
    const double rounded = std::round(gbps);
    return std::to_string(static_cast<long long>(rounded)) + "G";
}

int rackUnits(const Rack &rack, const Catalog &catalog)
{
    const Part *part = catalog.find(rack.catalogType);
    return part && part->rack ? part->rack->rackUnits : 42;
}

} // namespace

MxPage floorPlanPage(const Design &design, const Catalog &catalog)
{
    MxPage page("floor-plan", "Floor plan");
    const Site &site = design.site();
    const double widthPx = site.rackWidthM * kPxPerM;
    const double depthPx = site.rackDepthM * kPxPerM;
    const double pitchPx = site.rowPitchM * kPxPerM;
    std::vector<const Row *> rows;
    for (const Row &row : design.rows())
        rows.push_back(&row);
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row *a, const Row *b) { return a->index < b->index; });
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const double y = static_cast<double>(r) * pitchPx;
        page.vertex("row-" + std::to_string(rows[r]->id.value), "Row " + rows[r]->name,
                    "text;align=right;verticalAlign=middle;fontStyle=1;", 0, y, 100, depthPx);
        for (const Rack &rack : design.racks()) {
            if (rack.row != rows[r]->id)
                continue;
            double powerW = 0;
            const auto &devices = design.devicesInRack(rack.id);
            for (DeviceId id : devices)
                if (const Part *part = catalog.find(design.device(id)->catalogType))
                    powerW += part->maxPowerW;
            const std::string label = rack.name + " (" + std::to_string(devices.size())
                + " devices, " + std::to_string(std::lround(powerW / 1000)) + " kW)";
            page.vertex("rack-" + std::to_string(rack.id.value), label,
                        "rounded=0;whiteSpace=wrap;html=0;fillColor=#dae8fc;strokeColor=#6c8ebf;"
                        "fontSize=9;",
                        120 + rack.position * widthPx, y, widthPx, depthPx);
        }
    }
    return page;
}

MxPage rackElevationsPage(const Design &design, const Catalog &catalog)
{
    MxPage page("rack-elevations", "Rack elevations");
    int column = 0;
    for (const Rack &rack : design.racks()) {
        const int units = rackUnits(rack, catalog);
        const std::string rackId = "elev-" + std::to_string(rack.id.value);
        page.vertex(rackId, rack.name,
                    "swimlane;startSize=24;container=1;collapsible=0;fillColor=#f5f5f5;",
                    column * (kElevationWidthPx + 40), 0, kElevationWidthPx,
                    kRackHeaderPx + units * kPxPerU);
        ++column;
        for (DeviceId id : design.devicesInRack(rack.id)) {
            const Device *device = design.device(id);
            const Part *part = catalog.find(device->catalogType);
            const int height = std::max(1, part ? part->uHeight : 1);
            const int top = device->uPosition + height - 1; // highest U it occupies
            const std::string label = "U" + std::to_string(device->uPosition) + " " + device->name
                + " (" + device->catalogType + ")";
            const char *fill = device->role == DeviceRole::Switch ? "#d5e8d4" : "#fff2cc";
            page.vertex("elev-dev-" + std::to_string(id.value), label,
                        std::string("rounded=0;whiteSpace=wrap;html=0;fontSize=8;fillColor=") + fill
                            + ";",
                        0, kRackHeaderPx + (units - top) * kPxPerU, kElevationWidthPx,
                        height * kPxPerU, rackId);
        }
    }
    return page;
}

MxPage fabricPage(const Design &design, const Fabric &fabric)
{
    MxPage page("fabric-" + std::to_string(fabric.id.value), "Fabric " + fabric.name);
    // The device pairs with their link counts and the member devices, in id order: sorted
    // vectors rather than a map and a set of half a million nodes at 16,384 nodes.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
    std::vector<DeviceId> members;
    for (const Link &link : design.links()) {
        if (link.fabric != fabric.id)
            continue;
        const auto pair = std::minmax(link.a.device, link.b.device);
        pairs.emplace_back(pair.first.value, pair.second.value);
        members.push_back(link.a.device);
        members.push_back(link.b.device);
    }
    std::sort(pairs.begin(), pairs.end());
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    // Layers: switches by tier, top tier first; endpoints (servers, storage) at the bottom.
    int topTier = 0;
    std::vector<const Device *> devices;
    devices.reserve(members.size());
    for (DeviceId id : members) {
        const Device *device = design.device(id);
        devices.push_back(device);
        if (device->role == DeviceRole::Switch)
            topTier = std::max(topTier, device->tier);
    }
    page.reserve(members.size() * 300 + pairs.size() * 200);
    std::map<int, int> placed; // layer -> devices so far
    const std::string prefix = "f" + std::to_string(fabric.id.value) + "-";
    std::string id, source, target;
    auto cellId = [&prefix](std::string &out, std::uint64_t value) -> std::string & {
        char digits[24];
        out = prefix;
        out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
        return out;
    };
    for (const Device *device : devices) {
        const bool isSwitch = device->role == DeviceRole::Switch;
        const int layer = isSwitch ? topTier - std::max(0, device->tier) : topTier + 1;
        const int slot = placed[layer]++;
        page.vertex(cellId(id, device->id.value), device->name,
                    isSwitch ? "rounded=1;whiteSpace=wrap;html=0;fillColor=#d5e8d4;"
                             : "rounded=0;whiteSpace=wrap;html=0;fillColor=#fff2cc;",
                    slot * (kNodeWidthPx + 20), layer * kTierPitchPx, kNodeWidthPx, kNodeHeightPx);
    }
    const std::string speed = " x " + speedText(fabric.linkSpeedGbps);
    std::string label;
    for (std::size_t first = 0; first < pairs.size();) {
        std::size_t last = first + 1;
        while (last < pairs.size() && pairs[last] == pairs[first])
            ++last;
        const auto [a, b] = pairs[first];
        cellId(source, a);
        cellId(target, b);
        id = source;
        id += '-';
        id += std::to_string(b);
        label = std::to_string(last - first);
        label += speed;
        page.edge(id, label, "endArrow=none;html=0;fontSize=8;", source, target);
        first = last;
    }
    return page;
}

} // namespace cw::drawio

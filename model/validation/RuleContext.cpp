#include "model/validation/RuleContext.h"

#include "model/catalog/Catalog.h"
#include "model/validation/DesignIndex.h"

#include <algorithm>

namespace cw {
namespace {

constexpr int kDefaultRackUnits = 42; // the common cabinet height; used when no rack type

} // namespace

RuleContext::RuleContext(const Design &design, const Catalog &catalog, const DesignIndex &index)
    : m_design(design)
    , m_catalog(catalog)
    , m_index(index)
{ }

RuleContext::~RuleContext() = default;

const Part *RuleContext::part(DeviceId device) const
{
    return m_index.part(device);
}

const Part *RuleContext::rackPart(const Rack &rack) const
{
    const Part *part = m_catalog.find(rack.catalogType);
    return part && part->rack ? part : nullptr;
}

int RuleContext::rackUnits(const Rack &rack) const
{
    const Part *part = rackPart(rack);
    return part ? part->rack->rackUnits : kDefaultRackUnits;
}

Cooling RuleContext::rackCooling(const Rack &rack) const
{
    const Part *part = rackPart(rack);
    return part && part->cooling ? *part->cooling : Cooling::Air;
}

const Part *RuleContext::catalogPart(const std::string &id) const
{
    if (m_lastPart && id == m_lastPartId)
        return m_lastPart;
    const Part *found = m_catalog.find(id);
    if (found) {
        m_lastPartId = id;
        m_lastPart = found;
    }
    return found;
}

const PortSpec *RuleContext::port(PortRef ref) const
{
    const Part *part = this->part(ref.device);
    if (!part || ref.port < 0 || ref.port >= static_cast<int>(part->ports.size()))
        return nullptr;
    return &part->ports[static_cast<std::size_t>(ref.port)];
}

std::string RuleContext::portLabel(PortRef ref) const
{
    const Device *device = m_design.device(ref.device);
    const PortSpec *spec = port(ref);
    return (device ? device->name : "device " + std::to_string(ref.device.value)) + " "
        + (spec ? spec->name : "#" + std::to_string(ref.port));
}

double RuleContext::linkSpeedGbps(const Link &link) const
{
    double speed = 0;
    const PortSpec *a = port(link.a);
    const PortSpec *b = port(link.b);
    if (a && b)
        speed = std::min(a->speedGbps, b->speedGbps);
    else if (a || b)
        speed = (a ? a : b)->speedGbps;
    if (const Part *cable = catalogPart(link.cableType);
        cable && cable->cable && cable->cable->linkSpeedGbps > 0)
        speed = speed > 0 ? std::min(speed, cable->cable->linkSpeedGbps)
                          : cable->cable->linkSpeedGbps;
    return speed;
}

// The design's own adjacency: the index's lists equal it once the index is up to date (as it
// is whenever rules run) and exist only for update() to see the state before an edit.
const std::vector<DeviceId> &RuleContext::devicesInRack(RackId rack) const
{
    return m_design.devicesInRack(rack);
}

const std::vector<LinkId> &RuleContext::linksOfDevice(DeviceId device) const
{
    return m_design.linksOfDevice(device);
}

double RuleContext::rackLoadW(RackId rack) const
{
    double watts = 0;
    for (DeviceId device : devicesInRack(rack))
        if (const Part *part = this->part(device))
            watts += part->maxPowerW;
    return watts;
}

const FabricView &RuleContext::fabricView(FabricId fabric) const
{
    if (!m_fabricViewsBuilt)
        buildFabricViews();
    auto &slot = m_fabricViews[fabric.value];
    if (!slot)
        slot = std::make_unique<FabricView>(); // a fabric without links (or unknown)
    return *slot;
}

void RuleContext::buildFabricViews() const
{
    m_fabricViewsBuilt = true;
    for (const Link &link : m_design.links()) {
        auto &slot = m_fabricViews[link.fabric.value];
        if (!slot)
            slot = std::make_unique<FabricView>();
        slot->links.push_back(&link);
    }
    // Compact device ids (a few per device at most) are marked in a table instead of
    // sorting two ids per link.
    const auto &allDevices = m_design.devices();
    const std::uint64_t maxId = allDevices.empty() ? 0 : allDevices.items().back().id.value;
    const bool dense = maxId <= 4 * allDevices.size() + 65536;
    for (auto &[fabricId, slot] : m_fabricViews) {
        FabricView &view = *slot;
        if (dense) {
            view.vertexById.assign(maxId + 1, -1);
            constexpr int kOnFabric = -2;
            // Every end is a device of the design (addLink checks), so within the table.
            for (const Link *link : view.links) {
                view.vertexById[link->a.device.value] = kOnFabric;
                view.vertexById[link->b.device.value] = kOnFabric;
            }
            for (std::uint64_t id = 0; id <= maxId; ++id)
                if (view.vertexById[id] == kOnFabric) {
                    view.vertexById[id] = static_cast<int>(view.devices.size());
                    view.devices.push_back(DeviceId { id });
                }
        } else {
            std::vector<DeviceId> devices;
            devices.reserve(view.links.size() * 2);
            for (const Link *link : view.links) {
                devices.push_back(link->a.device);
                devices.push_back(link->b.device);
            }
            std::sort(devices.begin(), devices.end());
            devices.erase(std::unique(devices.begin(), devices.end()), devices.end());
            view.devices = std::move(devices);
            view.vertexOf.reserve(view.devices.size());
            for (std::size_t i = 0; i < view.devices.size(); ++i)
                view.vertexOf.emplace(view.devices[i].value, static_cast<int>(i));
        }
        view.adjacency.resize(view.devices.size());
        for (const Link *link : view.links) {
            const int a = view.vertex(link->a.device);
            const int b = view.vertex(link->b.device);
            view.adjacency[static_cast<std::size_t>(a)].push_back({ b, link->id });
            view.adjacency[static_cast<std::size_t>(b)].push_back({ a, link->id });
        }
    }
}

const DesignTotals &RuleContext::totals() const
{
    // The index keeps the sums up to date edit by edit (O(edit), not O(design)).
    if (!m_totals)
        m_totals = std::make_unique<DesignTotals>(m_index.totals());
    return *m_totals;
}

std::string RuleContext::nameOf(EntityRef ref) const
{
    switch (ref.kind) {
    case EntityKind::Row:
        if (const Row *row = m_design.row(RowId { ref.id }))
            return row->name;
        break;
    case EntityKind::Rack:
        if (const Rack *rack = m_design.rack(RackId { ref.id }))
            return rack->name;
        break;
    case EntityKind::Device:
        if (const Device *device = m_design.device(DeviceId { ref.id }))
            return device->name;
        break;
    case EntityKind::Link:
        if (const Link *link = m_design.link(LinkId { ref.id }))
            return portLabel(link->a) + " - " + portLabel(link->b);
        break;
    case EntityKind::Fabric:
        if (const Fabric *fabric = m_design.fabric(FabricId { ref.id }))
            return fabric->name;
        break;
    case EntityKind::StorageTier:
        if (const StorageTier *tier = m_design.storageTier(StorageTierId { ref.id }))
            return tier->name;
        break;
    }
    return std::string(entityKindName(ref.kind)) + " " + std::to_string(ref.id);
}

} // namespace cw

#include "model/fabric/Recable.h"

#include "model/build/CableChooser.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_set>

namespace cw {

std::vector<LinkId> linksOfSelection(const Design &design, const std::vector<EntityRef> &selection)
{
    std::unordered_set<std::uint64_t> rows, racks, devices, fabrics;
    std::set<LinkId> links;
    for (const EntityRef &ref : selection) {
        switch (ref.kind) {
        case EntityKind::Row:
            rows.insert(ref.id);
            break;
        case EntityKind::Rack:
            racks.insert(ref.id);
            break;
        case EntityKind::Device:
            devices.insert(ref.id);
            break;
        case EntityKind::Fabric:
            fabrics.insert(ref.id);
            break;
        case EntityKind::Link:
            if (design.link(LinkId { ref.id }))
                links.insert(LinkId { ref.id });
            break;
        case EntityKind::StorageTier:
            break;
        }
    }
    for (const Rack &rack : design.racks())
        if (rows.contains(rack.row.value))
            racks.insert(rack.id.value);
    for (const Device &device : design.devices())
        if (racks.contains(device.rack.value))
            devices.insert(device.id.value);
    if (devices.empty() && fabrics.empty())
        return { links.begin(), links.end() };
    for (const Link &link : design.links())
        if (fabrics.contains(link.fabric.value) || devices.contains(link.a.device.value)
            || devices.contains(link.b.device.value))
            links.insert(link.id);
    return { links.begin(), links.end() };
}

namespace {

const PortSpec *portSpec(const Catalog &catalog, const Device &device, int port)
{
    const Part *part = catalog.find(device.catalogType);
    if (!part || port < 0 || port >= static_cast<int>(part->ports.size()))
        return nullptr;
    return &part->ports[static_cast<std::size_t>(port)];
}

} // namespace

bool autoCableLink(const Design &design, const Catalog &catalog, Link &link)
{
    const Device *a = design.device(link.a.device);
    const Device *b = design.device(link.b.device);
    const Rack *ra = a ? design.rack(a->rack) : nullptr;
    const Rack *rb = b ? design.rack(b->rack) : nullptr;
    const Row *rowA = ra ? design.row(ra->row) : nullptr;
    const Row *rowB = rb ? design.row(rb->row) : nullptr;
    const Fabric *fabric = design.fabric(link.fabric);
    if (!rowA || !rowB || !fabric)
        return false;
    const Part *rackPart = catalog.find(ra->catalogType);
    const Site &site = design.site();
    const double lengthM = estimateCableLengthM(
        rowA->index, ra->position, a->uPosition, rowB->index, rb->position, b->uPosition,
        rackPart && rackPart->rack ? rackPart->rack->rackUnits : 42, site.rackWidthM,
        site.rowPitchM, site.trayHeightM, site.slackM);
    const PortSpec *portA = portSpec(catalog, *a, link.a.port);
    const PortSpec *portB = portSpec(catalog, *b, link.b.port);
    const double speedGbps
        = portA && portB ? std::min(portA->speedGbps, portB->speedGbps) : fabric->linkSpeedGbps;
    const CableChoice choice
        = chooseCable(catalog, speedGbps, lengthM, portA ? portA->formFactor : std::string(),
                      portB ? portB->formFactor : std::string());
    link.cableType = choice.part ? choice.part->id : std::string();
    link.lengthM = choice.part ? choice.orderedLengthM : std::ceil(lengthM);
    return true;
}

ChangeSet recable(Design &design, const Catalog &catalog, const std::vector<EntityRef> &selection)
{
    ChangeSet changes;
    for (LinkId id : linksOfSelection(design, selection)) {
        Link link = *design.link(id);
        if (!autoCableLink(design, catalog, link))
            continue;
        const Link &current = *design.link(id);
        if (link.cableType == current.cableType && link.lengthM == current.lengthM)
            continue;
        changes.merge(design.updateLink(link));
    }
    return changes;
}

} // namespace cw

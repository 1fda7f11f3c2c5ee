// Copy, paste and duplicate: copies of entities under new ids and unique names.

#include "views/document/DesignPatch.h"
#include "views/document/Document.h"
#include "views/document/DocumentPrivate.h"
#include "views/document/EditChecks.h"

#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"

#include <algorithm>
#include <map>
#include <set>

namespace cw {
namespace {

/// "gpu-0007" -> prefix "gpu-", so copies continue the numbering ("gpu-0009"...).
std::string hostnamePrefix(const std::string &name)
{
    std::size_t end = name.size();
    while (end > 0 && std::isdigit(static_cast<unsigned char>(name[end - 1])))
        --end;
    return name.substr(0, end);
}

std::string uniqueName(const std::set<std::string> &taken, const std::string &name)
{
    for (int n = 2;; ++n) {
        std::string candidate = name + "-" + std::to_string(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

} // namespace

EntityClipboard Document::copy(const std::vector<EntityRef> &entities) const
{
    const Design &design = *d->design;
    EntityClipboard clip;
    std::set<std::uint64_t> rows, racks, devices;
    for (EntityRef ref : entities)
        if (ref.kind == EntityKind::Row && design.row(RowId { ref.id }))
            rows.insert(ref.id);
    for (const Rack &rack : design.racks())
        if (rows.contains(rack.row.value))
            racks.insert(rack.id.value);
    for (EntityRef ref : entities)
        if (ref.kind == EntityKind::Rack && design.rack(RackId { ref.id }))
            racks.insert(ref.id);
    for (const Device &device : design.devices())
        if (racks.contains(device.rack.value))
            devices.insert(device.id.value);
    for (EntityRef ref : entities)
        if (ref.kind == EntityKind::Device && design.device(DeviceId { ref.id }))
            devices.insert(ref.id);
    for (std::uint64_t id : rows)
        clip.rows.push_back(*design.row(RowId { id }));
    for (std::uint64_t id : racks)
        clip.racks.push_back(*design.rack(RackId { id }));
    for (std::uint64_t id : devices)
        clip.devices.push_back(*design.device(DeviceId { id }));
    for (const Link &link : design.links())
        if (devices.contains(link.a.device.value) && devices.contains(link.b.device.value))
            clip.links.push_back(link);
    return clip;
}

QString Document::duplicate(const std::vector<EntityRef> &entities)
{
    const EntityClipboard clip = copy(entities);
    if (clip.isEmpty())
        return tr("Select rows, racks or devices to duplicate.");
    return paste(clip);
}

QString Document::paste(const EntityClipboard &clip, RackId targetRack)
{
    const Design &design = *d->design;
    if (clip.isEmpty())
        return tr("Nothing to paste.");
    DesignPatch patch(design);
    std::map<std::uint64_t, std::uint64_t> newIds; // old id -> new id, all kinds
    std::vector<EntityRef> pasted;

    std::set<std::string> rowNames;
    int lastRowIndex = -1;
    for (const Row &row : design.rows()) {
        rowNames.insert(row.name);
        lastRowIndex = std::max(lastRowIndex, row.index);
    }
    for (Row row : clip.rows) {
        const RowId id = patch.newId<RowId>();
        newIds[row.id.value] = id.value;
        row.id = id;
        row.index = ++lastRowIndex;
        row.name = uniqueName(rowNames, row.name);
        rowNames.insert(row.name);
        patch.put(design, row);
        pasted.push_back(EntityRef::of(id));
    }

    std::map<std::uint64_t, int> lastPosition; // row -> last rack position
    std::set<std::string> rackNames;
    for (const Rack &rack : design.racks()) {
        rackNames.insert(rack.name);
        lastPosition[rack.row.value] = std::max(lastPosition[rack.row.value], rack.position);
    }
    for (Rack rack : clip.racks) {
        const RackId id = patch.newId<RackId>();
        newIds[rack.id.value] = id.value;
        rack.id = id;
        if (auto row = newIds.find(rack.row.value); row != newIds.end()) {
            rack.row = RowId { row->second }; // the whole row was copied: keep the layout
        } else {
            if (!design.row(rack.row)) {
                if (design.rows().empty())
                    return tr("Add a row before pasting racks.");
                rack.row = design.rows().items().front().id;
            }
            auto last = lastPosition.find(rack.row.value);
            rack.position = last == lastPosition.end() ? 0 : last->second + 1;
            lastPosition[rack.row.value] = rack.position;
        }
        rack.name = uniqueName(rackNames, rack.name);
        rackNames.insert(rack.name);
        patch.put(design, rack);
        pasted.push_back(EntityRef::of(id));
    }

    // Devices: inside a copied rack they keep their slot; alone they go to the first free
    // U of the target rack (or their own), judged by DesignBuilder on a scratch design that
    // also holds the devices pasted before them.
    std::vector<std::string> names;
    std::vector<Device> intoExisting;
    for (Device device : clip.devices) {
        const DeviceId id = patch.newId<DeviceId>();
        newIds[device.id.value] = id.value;
        device.id = id;
        const std::string prefix = hostnamePrefix(device.name);
        const int digits = static_cast<int>(device.name.size() - prefix.size());
        device.name = uniqueHostname(design, prefix, names, std::max(digits, 2));
        names.push_back(device.name);
        if (auto copied = newIds.find(device.rack.value); copied != newIds.end()) {
            device.rack = RackId { copied->second };
        } else {
            if (targetRack.isValid())
                device.rack = targetRack;
            const Rack *rack = design.rack(device.rack);
            if (!rack)
                return tr("%1: its rack is gone; select a rack to paste into.")
                    .arg(QString::fromStdString(device.name));
            Design scratch;
            Row row;
            row.id = rack->row;
            scratch.addRow(row);
            scratch.addRack(*rack);
            for (DeviceId other : design.devicesInRack(rack->id))
                scratch.addDevice(*design.device(other));
            for (const Device &earlier : intoExisting)
                if (earlier.rack == rack->id)
                    scratch.addDevice(earlier);
            DesignBuilder builder(scratch, d->catalog);
            auto u = builder.firstFreeU(rack->id, device.catalogType, 1);
            if (!u)
                return QString::fromStdString(device.name + ": " + u.error().message);
            device.uPosition = *u;
            intoExisting.push_back(device);
        }
        patch.put(design, device);
        pasted.push_back(EntityRef::of(id));
    }
    for (Link link : clip.links) {
        if (!design.fabric(link.fabric))
            continue;
        link.id = patch.newId<LinkId>();
        link.a.device = DeviceId { newIds.at(link.a.device.value) };
        link.b.device = DeviceId { newIds.at(link.b.device.value) };
        patch.put(design, link);
    }
    QString why = push(std::move(patch),
                       tr("Paste %n object(s)", nullptr, static_cast<int>(pasted.size())));
    if (why.isEmpty())
        setSelection(pasted);
    return why;
}

} // namespace cw

// Document's edit methods: check, build a DesignPatch, push it as one undo command.

#include "views/document/DesignPatch.h"
#include "views/document/Document.h"
#include "views/document/DocumentPrivate.h"
#include "views/document/EditChecks.h"

#include "model/build/CableChooser.h"
#include "model/catalog/Catalog.h"
#include "model/catalog/PartRole.h"
#include "model/fabric/Recable.h"
#include "model/validation/Violation.h"

#include <QDate>
#include <QStringList>

#include <algorithm>
#include <map>

namespace cw {
namespace {

QString qs(const std::string &text)
{
    return QString::fromStdString(text);
}

QStringList changedFields(const Device &a, const Device &b)
{
    QStringList fields;
    if (a.name != b.name)
        fields << QStringLiteral("name");
    if (a.catalogType != b.catalogType)
        fields << QStringLiteral("part");
    if (a.rack != b.rack || a.uPosition != b.uPosition || a.face != b.face)
        fields << QStringLiteral("position");
    if (a.role != b.role)
        fields << QStringLiteral("role");
    if (a.tier != b.tier)
        fields << QStringLiteral("tier");
    if (a.qos != b.qos)
        fields << QStringLiteral("QoS");
    return fields;
}

QStringList changedFields(const Rack &a, const Rack &b)
{
    QStringList fields;
    if (a.name != b.name)
        fields << QStringLiteral("name");
    if (a.catalogType != b.catalogType)
        fields << QStringLiteral("part");
    if (a.row != b.row || a.position != b.position)
        fields << QStringLiteral("position");
    if (a.pdus != b.pdus)
        fields << QStringLiteral("PDUs");
    return fields;
}

QStringList changedFields(const Row &a, const Row &b)
{
    QStringList fields;
    if (a.name != b.name)
        fields << QStringLiteral("name");
    if (a.index != b.index)
        fields << QStringLiteral("order");
    if (a.powerBudgetKw != b.powerBudgetKw)
        fields << QStringLiteral("power budget");
    return fields;
}

QStringList changedFields(const Fabric &a, const Fabric &b)
{
    QStringList fields;
    if (a.name != b.name)
        fields << QStringLiteral("name");
    if (a.purpose != b.purpose)
        fields << QStringLiteral("purpose");
    if (a.technology != b.technology)
        fields << QStringLiteral("technology");
    if (a.linkSpeedGbps != b.linkSpeedGbps)
        fields << QStringLiteral("link speed");
    if (a.topology != b.topology)
        fields << QStringLiteral("topology");
    if (a.qos != b.qos)
        fields << QStringLiteral("QoS");
    return fields;
}

/// "kind:id,id:fields" - two edits merge only when they touch the same fields of the same
/// entities.
template<typename Entity>
QString mergeKey(const char *kind, const std::vector<Entity> &entities, const QStringList &fields)
{
    QStringList ids;
    for (const Entity &entity : entities)
        ids << QString::number(entity.id.value);
    ids.sort();
    return QStringLiteral("%1:%2:%3").arg(QLatin1String(kind), ids.join(u','), fields.join(u','));
}

/// The text of an edit in the Undo History: "Edit name of gpu01", "Edit part of 4 devices".
template<typename Entity>
QString editText(const std::vector<Entity> &entities, const QStringList &fields,
                 const QString &noun)
{
    const QString what = entities.size() == 1
        ? qs(entities.front().name)
        : QStringLiteral("%1 %2").arg(entities.size()).arg(noun);
    return Document::tr("Edit %1 of %2").arg(fields.join(QStringLiteral(", ")), what);
}

} // namespace

QString Document::addRow(Row row)
{
    const Design &design = *d->design;
    DesignPatch patch(design);
    if (!row.id.isValid())
        row.id = patch.newId<RowId>();
    int lastIndex = -1;
    for (const Row &other : design.rows())
        lastIndex = std::max(lastIndex, other.index);
    if (row.index <= 0 && lastIndex >= 0)
        row.index = lastIndex + 1;
    // "R1", "R2"... as the examples name rows: an identifier the name policy accepts ("Row
    // 1" was refused for its space, so the first rack of an empty design could not be
    // placed), and the first number not taken.
    for (std::size_t n = design.rows().size() + 1; row.name.empty(); ++n) {
        const std::string name = "R" + std::to_string(n);
        if (std::none_of(design.rows().begin(), design.rows().end(),
                         [&name](const Row &other) { return other.name == name; }))
            row.name = name;
    }
    if (const std::string why = checkRow(design, row); !why.empty())
        return qs(why);
    patch.put(design, row);
    return push(std::move(patch), tr("Add row %1").arg(qs(row.name)));
}

QString Document::addRack(Rack rack)
{
    const Design &design = *d->design;
    DesignPatch patch(design);
    if (!rack.id.isValid())
        rack.id = patch.newId<RackId>();
    if (const Row *row = design.row(rack.row)) {
        int last = -1;
        for (const Rack &other : design.racks())
            if (other.row == rack.row)
                last = std::max(last, other.position);
        if (rack.position < 0)
            rack.position = last + 1;
        if (rack.name.empty()) {
            // Row initial and 2-digit position, as the reference designs name racks (A01).
            const std::string initial = row->name.empty() ? "R" : row->name.substr(0, 1);
            for (int n = rack.position + 1;; ++n) {
                std::string candidate = initial + (n < 10 ? "0" : "") + std::to_string(n);
                const bool taken = std::any_of(design.racks().begin(), design.racks().end(),
                                               [&](const Rack &r) { return r.name == candidate; });
                if (!taken) {
                    rack.name = candidate;
                    break;
                }
            }
        }
    }
    if (const std::string why = checkRack(design, d->catalog, rack); !why.empty())
        return qs(why);
    patch.put(design, rack);
    return push(std::move(patch), tr("Add rack %1").arg(qs(rack.name)));
}

QString Document::moveRack(RackId rackId, RowId row, int position)
{
    const Rack *current = d->design->rack(rackId);
    if (!current)
        return tr("unknown rack id %1").arg(rackId.value);
    Rack rack = *current;
    rack.row = row;
    rack.position = position;
    if (rack == *current)
        return {};
    if (const std::string why = checkRack(*d->design, d->catalog, rack); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, rack);
    return push(std::move(patch), tr("Move rack %1").arg(qs(rack.name)));
}

QString Document::addDevice(Device device)
{
    const Design &design = *d->design;
    const Part *part = d->catalog.find(device.catalogType);
    if (!part)
        return tr("unknown catalog type \"%1\" for a rack-mounted device")
            .arg(qs(device.catalogType));
    DesignPatch patch(design);
    if (!device.id.isValid())
        device.id = patch.newId<DeviceId>();
    // A part dropped from the library comes with the default role; a switch is a switch.
    if (device.role == DeviceRole::Compute)
        device.role = defaultRoleOf(*part);
    if (device.name.empty()) {
        const char *prefix = hostnameStemOf(device.role);
        device.name = uniqueHostname(design, prefix);
    }
    if (const std::string why = checkDevices(design, d->catalog, { device }); !why.empty())
        return qs(why);
    patch.put(design, device);
    return push(std::move(patch), tr("Add %1").arg(qs(device.name)));
}

QString Document::moveDevice(DeviceId deviceId, RackId rack, int uPosition, Face face)
{
    const Device *current = d->design->device(deviceId);
    if (!current)
        return tr("unknown device id %1").arg(deviceId.value);
    Device device = *current;
    device.rack = rack;
    device.uPosition = uPosition;
    device.face = face;
    if (device == *current)
        return {};
    if (const std::string why = checkDevices(*d->design, d->catalog, { device }); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, device);
    // No merge key: each drag is its own undo step.
    return push(std::move(patch), tr("Move %1").arg(qs(device.name)));
}

/// Auto-cabling of one link, exactly as the generators and recable() do it.
static void autoCable(const Design &design, const Catalog &catalog, Link &link)
{
    autoCableLink(design, catalog, link);
}

QString Document::addLink(Link link)
{
    const Design &design = *d->design;
    DesignPatch patch(design);
    if (!link.id.isValid())
        link.id = patch.newId<LinkId>();
    if (const std::string why = checkLink(design, d->catalog, link); !why.empty())
        return qs(why);
    if (link.cableType.empty())
        autoCable(design, d->catalog, link);
    patch.put(design, link);
    return push(std::move(patch),
                tr("Add %1").arg(displayName(EntityRef::of(link.a.device)) + QStringLiteral(" - ")
                                 + displayName(EntityRef::of(link.b.device))));
}

QString Document::updateDevice(const Device &device)
{
    return updateDevices({ device });
}

QString Document::updateDevices(const std::vector<Device> &devices)
{
    const Design &design = *d->design;
    QStringList fields;
    std::vector<Device> changedDevices;
    for (const Device &device : devices) {
        const Device *current = design.device(device.id);
        if (!current)
            return tr("unknown device id %1").arg(device.id.value);
        for (const QString &field : changedFields(*current, device))
            if (!fields.contains(field))
                fields << field;
        if (!(*current == device))
            changedDevices.push_back(device);
    }
    if (changedDevices.empty())
        return {};
    if (const std::string why = checkDevices(design, d->catalog, changedDevices); !why.empty())
        return qs(why);
    DesignPatch patch(design);
    for (const Device &device : changedDevices)
        patch.put(design, device);
    return push(std::move(patch), editText(changedDevices, fields, tr("devices")),
                mergeKey("device", changedDevices, fields));
}

QString Document::updateRack(const Rack &rack)
{
    return updateRacks({ rack });
}

QString Document::updateRacks(const std::vector<Rack> &racks)
{
    const Design &design = *d->design;
    QStringList fields;
    std::vector<Rack> changedRacks;
    for (const Rack &rack : racks) {
        const Rack *current = design.rack(rack.id);
        if (!current)
            return tr("unknown rack id %1").arg(rack.id.value);
        for (const QString &field : changedFields(*current, rack))
            if (!fields.contains(field))
                fields << field;
        if (!(*current == rack))
            changedRacks.push_back(rack);
    }
    if (changedRacks.empty())
        return {};
    for (const Rack &rack : changedRacks)
        if (const std::string why = checkRack(design, d->catalog, rack); !why.empty())
            return qs(why);
    DesignPatch patch(design);
    for (const Rack &rack : changedRacks)
        patch.put(design, rack);
    return push(std::move(patch), editText(changedRacks, fields, tr("racks")),
                mergeKey("rack", changedRacks, fields));
}

QString Document::updateRow(const Row &row)
{
    const Row *current = d->design->row(row.id);
    if (!current)
        return tr("unknown row id %1").arg(row.id.value);
    const QStringList fields = changedFields(*current, row);
    if (fields.isEmpty())
        return {};
    if (const std::string why = checkRow(*d->design, row); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, row);
    return push(std::move(patch), editText(std::vector<Row> { row }, fields, tr("rows")),
                mergeKey("row", std::vector<Row> { row }, fields));
}

QString Document::updateFabric(const Fabric &fabric)
{
    const Fabric *current = d->design->fabric(fabric.id);
    if (!current)
        return tr("unknown fabric id %1").arg(fabric.id.value);
    const QStringList fields = changedFields(*current, fabric);
    if (fields.isEmpty())
        return {};
    if (const std::string why = checkFabric(*d->design, fabric); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, fabric);
    return push(std::move(patch), editText(std::vector<Fabric> { fabric }, fields, tr("fabrics")),
                mergeKey("fabric", std::vector<Fabric> { fabric }, fields));
}

QString Document::addFabric(Fabric fabric)
{
    DesignPatch patch(*d->design);
    if (!fabric.id.isValid())
        fabric.id = patch.newId<FabricId>();
    if (const std::string why = checkFabric(*d->design, fabric); !why.empty())
        return qs(why);
    patch.put(*d->design, fabric);
    return push(std::move(patch), tr("Add fabric %1").arg(qs(fabric.name)));
}

QString Document::addStorageTier(StorageTier tier)
{
    DesignPatch patch(*d->design);
    if (!tier.id.isValid())
        tier.id = patch.newId<StorageTierId>();
    if (const std::string why = checkStorageTier(*d->design, d->catalog, tier); !why.empty())
        return qs(why);
    patch.put(*d->design, tier);
    return push(std::move(patch), tr("Add storage tier %1").arg(qs(tier.name)));
}

QString Document::updateStorageTier(const StorageTier &tier)
{
    const StorageTier *current = d->design->storageTier(tier.id);
    if (!current)
        return tr("unknown storage tier id %1").arg(tier.id.value);
    if (*current == tier)
        return {};
    if (const std::string why = checkStorageTier(*d->design, d->catalog, tier); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, tier);
    return push(std::move(patch), tr("Edit storage tier %1").arg(qs(tier.name)),
                QStringLiteral("tier:%1").arg(tier.id.value));
}

QString Document::setStorageTierMembers(StorageTierId id, std::vector<DeviceId> members)
{
    const StorageTier *current = d->design->storageTier(id);
    if (!current)
        return tr("unknown storage tier id %1").arg(id.value);
    if (current->members == members)
        return {};
    StorageTier tier = *current;
    const bool added = members.size() > tier.members.size();
    tier.members = std::move(members);
    if (const std::string why = checkStorageTier(*d->design, d->catalog, tier); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, tier);
    return push(
        std::move(patch),
        (added ? tr("Add members to storage tier %1") : tr("Remove members from storage tier %1"))
            .arg(qs(tier.name)));
}

QString Document::updateLink(const Link &link)
{
    const Link *current = d->design->link(link.id);
    if (!current)
        return tr("unknown link id %1").arg(link.id.value);
    if (*current == link)
        return {};
    if (const std::string why = checkLink(*d->design, d->catalog, link); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.put(*d->design, link);
    return push(std::move(patch), tr("Edit %1").arg(displayName(EntityRef::of(link.id))),
                QStringLiteral("link:%1").arg(link.id.value));
}

QString Document::updateSite(const Site &site)
{
    if (site == d->design->site())
        return {};
    if (const std::string why = checkSite(site); !why.empty())
        return qs(why);
    DesignPatch patch(*d->design);
    patch.setSite(*d->design, site);
    return push(std::move(patch), tr("Edit site"), QStringLiteral("site"));
}

QString Document::setDesignName(const QString &name)
{
    if (const std::string why = checkName("design name", name.toStdString(), NameKind::Label);
        !why.empty())
        return qs(why);
    DesignSettings settings = DesignSettings::of(*d->design);
    settings.name = name.toStdString();
    DesignPatch patch(*d->design);
    patch.setSettings(*d->design, std::move(settings));
    return push(std::move(patch), tr("Rename design"), QStringLiteral("design-name"));
}

QString Document::remove(const std::vector<EntityRef> &entities)
{
    const Design &design = *d->design;
    std::vector<EntityRef> present;
    for (EntityRef ref : entities)
        if (exists(design, ref))
            present.push_back(ref);
    const auto count = static_cast<int>(present.size());
    if (count == 0)
        return {};
    DesignPatch patch(design);
    patch.removeAll(design, present);
    const QString text = count == 1 ? tr("Delete %1").arg(displayName(present.front()))
                                    : tr("Delete %1 objects").arg(count);
    return push(std::move(patch), text);
}

QString Document::recable(const std::vector<EntityRef> &entities)
{
    const Design &design = *d->design;
    const std::vector<LinkId> links = linksOfSelection(design, entities);
    DesignPatch patch(design);
    for (LinkId id : links) {
        const Link *current = design.link(id);
        if (!current)
            continue;
        Link link = *current;
        autoCable(design, d->catalog, link);
        if (!(link == *current))
            patch.put(design, link);
    }
    if (patch.isEmpty())
        return links.empty() ? tr("Nothing to re-cable: the selection has no links.") : QString();
    return push(std::move(patch),
                tr("Re-cable %n link(s)", nullptr, static_cast<int>(patch.entries().size())));
}

QString Document::setWaived(const Violation &violation, const QString &reason)
{
    return setWaivers({ violation }, reason);
}

QString Document::setWaivers(const std::vector<Violation> &violations, const QString &reason)
{
    if (violations.empty())
        return tr("No violation to waive.");
    DesignSettings settings = DesignSettings::of(*d->design);
    const bool removing = reason.trimmed().isEmpty();
    Waiver waiver;
    if (!removing) {
        waiver.reason = reason.trimmed().toStdString();
        waiver.author = qEnvironmentVariable("USER").toStdString();
        waiver.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
        if (std::string why = checkName("waiver reason", waiver.reason, NameKind::FreeText);
            !why.empty())
            return qs(why);
        if (std::string why = checkName("waiver author", waiver.author, NameKind::Label);
            !why.empty())
            return qs(why);
    }
    // One waiver per (rule, objects): an index so that waiving thousands stays linear.
    std::map<std::pair<std::string, std::vector<std::uint64_t>>, std::size_t> existing;
    for (std::size_t i = 0; i < settings.waivers.size(); ++i)
        existing.emplace(std::pair { settings.waivers[i].ruleKey, settings.waivers[i].entityIds },
                         i);
    std::vector<bool> removed(settings.waivers.size(), false);
    for (const Violation &violation : violations) {
        std::vector<std::uint64_t> ids;
        for (const EntityRef &ref : violation.entities)
            ids.push_back(ref.id);
        const auto it = existing.find({ violation.ruleKey, ids });
        if (removing) {
            if (it == existing.end()) {
                if (violations.size() == 1)
                    return tr("No waiver of %1 on these objects to remove.")
                        .arg(qs(violation.ruleKey));
                continue;
            }
            removed[it->second] = true;
            continue;
        }
        Waiver entry = waiver;
        entry.ruleKey = violation.ruleKey;
        entry.entityIds = ids;
        if (it != existing.end()) {
            entry.expires = settings.waivers[it->second].expires;
            settings.waivers[it->second] = entry;
        } else {
            existing.emplace(std::pair { entry.ruleKey, entry.entityIds }, settings.waivers.size());
            settings.waivers.push_back(entry);
            removed.push_back(false);
        }
    }
    if (removing) {
        std::vector<Waiver> kept;
        for (std::size_t i = 0; i < settings.waivers.size(); ++i)
            if (!removed[i])
                kept.push_back(settings.waivers[i]);
        if (kept.size() == settings.waivers.size())
            return tr("No waiver on these objects to remove.");
        settings.waivers = std::move(kept);
    }
    DesignPatch patch(*d->design);
    patch.setSettings(*d->design, std::move(settings));
    QString text;
    if (violations.size() == 1)
        text = (removing ? tr("Remove waiver of %1") : tr("Waive %1"))
                   .arg(qs(violations.front().ruleKey));
    else
        text = removing ? tr("Remove %n waiver(s)", nullptr, static_cast<int>(violations.size()))
                        : tr("Waive %n violation(s)", nullptr, static_cast<int>(violations.size()));
    return push(std::move(patch), text);
}

} // namespace cw

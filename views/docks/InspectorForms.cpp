// The Inspector's forms, one per kind of selection. Every setter reads the entity afresh
// from the document (ids, not pointers), changes one field and hands it to Document.

#include "views/docks/InspectorDock.h"

#include "views/document/Document.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace cw {
namespace {

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

template<typename Enum>
QStringList enumNames()
{
    return qs(allowedNames<Enum>()).split(QStringLiteral(" | "));
}

QStringList partIds(const Catalog &catalog, std::initializer_list<PartKind> kinds)
{
    QStringList ids;
    for (PartKind kind : kinds)
        for (const Part *part : catalog.partsOfKind(kind))
            ids << QString::fromStdString(part->id);
    return ids;
}

/// A selection's current values of one kind, looked up by id.
template<typename Entity, typename Find>
std::vector<Entity> valuesOf(const std::vector<EntityRef> &refs, Find find)
{
    std::vector<Entity> values;
    for (EntityRef ref : refs)
        if (const Entity *entity = find(ref.id))
            values.push_back(*entity);
    return values;
}

QString kw(double watts)
{
    return QStringLiteral("%1 kW").arg(watts / 1000.0, 0, 'f', 2);
}

} // namespace

void InspectorDock::buildDeviceForm(const std::vector<EntityRef> &refs)
{
    Document *doc = m_document;
    auto devices = [doc, refs] {
        return valuesOf<Device>(
            refs, [doc](std::uint64_t id) { return doc->design().device(DeviceId { id }); });
    };
    auto first = [devices]() -> Device {
        auto all = devices();
        return all.empty() ? Device {} : all.front();
    };
    // Applies one change to every selected device: one undo step for all of them.
    auto apply = [doc, devices](const std::function<void(Device &)> &change) {
        auto all = devices();
        for (Device &device : all)
            change(device);
        return doc->updateDevices(all);
    };
    const bool single = refs.size() == 1;
    if (single)
        addText(
            QStringLiteral("name"), tr("Hostname"),
            [first] { return QString::fromStdString(first().name); },
            [apply](const QString &text) {
                return apply([&text](Device &d) { d.name = text.trimmed().toStdString(); });
            });
    addChoice(
        QStringLiteral("part"), tr("Part"),
        partIds(doc->catalog(),
                { PartKind::Server, PartKind::Switch, PartKind::Storage, PartKind::Cdu }),
        true, [first] { return QString::fromStdString(first().catalogType); },
        [apply](const QString &text) {
            return apply([&text](Device &d) { d.catalogType = text.trimmed().toStdString(); });
        });
    if (single) {
        QStringList racks;
        for (const Rack &rack : doc->design().racks())
            racks << QString::fromStdString(rack.name);
        addChoice(
            QStringLiteral("rack"), tr("Rack"), racks, false,
            [doc, first] {
                const Rack *rack = doc->design().rack(first().rack);
                return rack ? QString::fromStdString(rack->name) : QString();
            },
            [doc, apply](const QString &name) {
                for (const Rack &rack : doc->design().racks())
                    if (QString::fromStdString(rack.name) == name)
                        return apply([&rack](Device &d) { d.rack = rack.id; });
                return tr("unknown rack %1").arg(name);
            });
        // U positions beyond any rack are allowed in the box so that Document says why not.
        addInteger(
            QStringLiteral("uPosition"), tr("Lowest U"), -99, 99,
            [first] { return first().uPosition; },
            [apply](int u) { return apply([u](Device &d) { d.uPosition = u; }); });
        addChoice(
            QStringLiteral("face"), tr("Face"), enumNames<Face>(), false,
            [first] { return qs(toString(first().face)); },
            [apply](const QString &text) {
                const auto face = parseFace(text.toStdString());
                return face ? apply([&face](Device &d) { d.face = *face; })
                            : tr("unknown face %1").arg(text);
            });
    }
    addChoice(
        QStringLiteral("role"), tr("Role"), enumNames<DeviceRole>(), false,
        [first] { return qs(toString(first().role)); },
        [apply](const QString &text) {
            const auto role = parseDeviceRole(text.toStdString());
            return role ? apply([&role](Device &d) { d.role = *role; })
                        : tr("unknown role %1").arg(text);
        });
    QSpinBox *tier = addInteger(
        QStringLiteral("tier"), tr("Switch tier"), -1, 2, [first] { return first().tier; },
        [apply](int value) { return apply([value](Device &d) { d.tier = value; }); });
    tier->setSpecialValueText(tr("none"));
    tier->setToolTip(tr("0 leaf, 1 spine, 2 core"));
    addInfo(tr("Maximum power"), [doc, devices] {
        double watts = 0;
        for (const Device &device : devices())
            if (const Part *part = doc->catalog().find(device.catalogType))
                watts += part->maxPowerW;
        return kw(watts);
    });
    if (single) {
        addInfo(tr("Links"), [doc, first] {
            return QString::number(doc->design().linksOfDevice(first().id).size());
        });
        buildPortTable(DeviceId { refs.front().id });
        buildQosGroup(DeviceId { refs.front().id });
    }
}

void InspectorDock::buildRackForm(const std::vector<EntityRef> &refs)
{
    Document *doc = m_document;
    auto racks = [doc, refs] {
        return valuesOf<Rack>(
            refs, [doc](std::uint64_t id) { return doc->design().rack(RackId { id }); });
    };
    auto first = [racks]() -> Rack {
        auto all = racks();
        return all.empty() ? Rack {} : all.front();
    };
    auto apply = [doc, racks](const std::function<void(Rack &)> &change) {
        auto all = racks();
        for (Rack &rack : all)
            change(rack);
        return doc->updateRacks(all);
    };
    const bool single = refs.size() == 1;
    if (single)
        addText(
            QStringLiteral("name"), tr("Name"),
            [first] { return QString::fromStdString(first().name); },
            [apply](const QString &text) {
                return apply([&text](Rack &r) { r.name = text.trimmed().toStdString(); });
            });
    addChoice(
        QStringLiteral("part"), tr("Rack type"), partIds(doc->catalog(), { PartKind::Rack }), true,
        [first] { return QString::fromStdString(first().catalogType); },
        [apply](const QString &text) {
            return apply([&text](Rack &r) { r.catalogType = text.trimmed().toStdString(); });
        });
    if (single) {
        QStringList rows;
        for (const Row &row : doc->design().rows())
            rows << QString::fromStdString(row.name);
        addChoice(
            QStringLiteral("row"), tr("Row"), rows, false,
            [doc, first] {
                const Row *row = doc->design().row(first().row);
                return row ? QString::fromStdString(row->name) : QString();
            },
            [doc, apply](const QString &name) {
                for (const Row &row : doc->design().rows())
                    if (QString::fromStdString(row.name) == name)
                        return apply([&row](Rack &r) { r.row = row.id; });
                return tr("unknown row %1").arg(name);
            });
        addInteger(
            QStringLiteral("position"), tr("Position in row"), -99, 999,
            [first] { return first().position; },
            [apply](int value) { return apply([value](Rack &r) { r.position = value; }); });
    }
    if (single)
        buildPduTable(RackId { refs.front().id });
    else
        addInfo(tr("PDUs"), [first] {
            QStringList pdus;
            for (const Pdu &pdu : first().pdus)
                pdus << QStringLiteral("%1 (feed %2, %3-phase %4 V %5 A)")
                            .arg(QString::fromStdString(pdu.name), qs(toString(pdu.feed)))
                            .arg(pdu.phases)
                            .arg(pdu.voltageV)
                            .arg(pdu.breakerA);
            return pdus.isEmpty() ? tr("none") : pdus.join(u'\n');
        });
    // One breaker rating for every PDU of the selected racks (a common re-rating).
    addNumber(
        QStringLiteral("breakerA"), tr("PDU breaker"), QStringLiteral(" A"), 0,
        [first] {
            const Rack r = first();
            return r.pdus.empty() ? 0.0 : r.pdus.front().breakerA;
        },
        [apply](double amps) {
            if (amps <= 0)
                return tr("a PDU breaker must be > 0 A");
            return apply([amps](Rack &r) {
                for (Pdu &pdu : r.pdus)
                    pdu.breakerA = amps;
            });
        });
    addInfo(tr("Load"), [doc, racks] {
        double watts = 0;
        for (const Rack &rack : racks())
            for (DeviceId id : doc->design().devicesInRack(rack.id))
                if (const Part *part = doc->catalog().find(doc->design().device(id)->catalogType))
                    watts += part->maxPowerW;
        return kw(watts);
    });
}

void InspectorDock::buildRowForm(EntityRef ref)
{
    Document *doc = m_document;
    const RowId id { ref.id };
    auto row = [doc, id] {
        const Row *r = doc->design().row(id);
        return r ? *r : Row {};
    };
    addText(
        QStringLiteral("name"), tr("Name"), [row] { return QString::fromStdString(row().name); },
        [doc, row](const QString &text) {
            Row r = row();
            r.name = text.trimmed().toStdString();
            return doc->updateRow(r);
        });
    addNumber(
        QStringLiteral("powerBudgetKw"), tr("Power budget"), QStringLiteral(" kW"), 1,
        [row] { return row().powerBudgetKw; },
        [doc, row](double value) {
            Row r = row();
            r.powerBudgetKw = value;
            return doc->updateRow(r);
        })
        ->setToolTip(tr("0 = no row-level budget"));
}

void InspectorDock::buildFabricForm(EntityRef ref)
{
    Document *doc = m_document;
    const FabricId id { ref.id };
    auto fabric = [doc, id] {
        const Fabric *f = doc->design().fabric(id);
        return f ? *f : Fabric {};
    };
    auto apply = [doc, fabric](const std::function<void(Fabric &)> &change) {
        Fabric f = fabric();
        change(f);
        return doc->updateFabric(f);
    };
    addText(
        QStringLiteral("name"), tr("Name"),
        [fabric] { return QString::fromStdString(fabric().name); },
        [apply](const QString &text) {
            return apply([&text](Fabric &f) { f.name = text.trimmed().toStdString(); });
        });
    addChoice(
        QStringLiteral("purpose"), tr("Purpose"), enumNames<FabricPurpose>(), false,
        [fabric] { return qs(toString(fabric().purpose)); },
        [apply](const QString &text) {
            const auto value = parseFabricPurpose(text.toStdString());
            return value ? apply([&value](Fabric &f) { f.purpose = *value; })
                         : tr("unknown purpose");
        });
    addChoice(
        QStringLiteral("technology"), tr("Technology"), enumNames<Technology>(), false,
        [fabric] { return qs(toString(fabric().technology)); },
        [apply](const QString &text) {
            const auto value = parseTechnology(text.toStdString());
            return value ? apply([&value](Fabric &f) { f.technology = *value; })
                         : tr("unknown technology");
        });
    addNumber(
        QStringLiteral("linkSpeedGbps"), tr("Link speed"), QStringLiteral(" Gb/s"), 0,
        [fabric] { return fabric().linkSpeedGbps; },
        [apply](double value) { return apply([value](Fabric &f) { f.linkSpeedGbps = value; }); });
    addNumber(
        QStringLiteral("oversubscription"), tr("Oversubscription target"), QStringLiteral(" :1"), 2,
        [fabric] { return fabric().topology.oversubscription; },
        [apply](double value) {
            return apply([value](Fabric &f) { f.topology.oversubscription = value; });
        });
    addCheck(
        QStringLiteral("railOptimized"), tr("Rail-optimized"),
        [fabric] { return fabric().topology.railOptimized; },
        [apply](bool on) { return apply([on](Fabric &f) { f.topology.railOptimized = on; }); });
    addInfo(tr("Links"), [doc, id] {
        int links = 0;
        for (const Link &link : doc->design().links())
            links += link.fabric == id;
        return QString::number(links);
    });
}

void InspectorDock::buildLinkForm(EntityRef ref)
{
    Document *doc = m_document;
    const LinkId id { ref.id };
    auto link = [doc, id] {
        const Link *l = doc->design().link(id);
        return l ? *l : Link {};
    };
    // Each end by device, port and port speed: a speed-mismatch finding ("200 Gb/s against
    // 400 Gb/s") is checked here without opening both devices.
    const auto end = [doc, link](bool a) {
        const Link l = link();
        const PortRef &port = a ? l.a : l.b;
        const Device *device = doc->design().device(port.device);
        if (!device)
            return QString();
        const Part *part = doc->catalog().find(device->catalogType);
        if (!part || port.port < 0 || port.port >= static_cast<int>(part->ports.size()))
            return QStringLiteral("%1 · port #%2")
                .arg(QString::fromStdString(device->name))
                .arg(port.port);
        const PortSpec &spec = part->ports[static_cast<std::size_t>(port.port)];
        return QStringLiteral("%1 · %2 · %3 Gb/s")
            .arg(QString::fromStdString(device->name), QString::fromStdString(spec.name))
            .arg(spec.speedGbps);
    };
    addInfo(tr("End A"), [end] { return end(true); })->setObjectName(QStringLiteral("linkEndA"));
    addInfo(tr("End B"), [end] { return end(false); })->setObjectName(QStringLiteral("linkEndB"));
    addInfo(tr("Fabric"), [doc, link] {
        const Fabric *fabric = doc->design().fabric(link().fabric);
        return fabric ? QString::fromStdString(fabric->name) : QString();
    });
    addChoice(
        QStringLiteral("cable"), tr("Cable"),
        partIds(doc->catalog(), { PartKind::Cable, PartKind::Transceiver }), true,
        [link] { return QString::fromStdString(link().cableType); },
        [doc, link](const QString &text) {
            Link l = link();
            l.cableType = text.trimmed().toStdString();
            return doc->updateLink(l);
        });
    addNumber(
        QStringLiteral("lengthM"), tr("Length"), QStringLiteral(" m"), 1,
        [link] { return link().lengthM; },
        [doc, link](double value) {
            Link l = link();
            l.lengthM = value;
            return doc->updateLink(l);
        });
}

void InspectorDock::buildStorageForm(EntityRef ref)
{
    Document *doc = m_document;
    const StorageTierId id { ref.id };
    auto tier = [doc, id] {
        const StorageTier *t = doc->design().storageTier(id);
        return t ? *t : StorageTier {};
    };
    auto apply = [doc, tier](const std::function<void(StorageTier &)> &change) {
        StorageTier t = tier();
        change(t);
        return doc->updateStorageTier(t);
    };
    addText(
        QStringLiteral("name"), tr("Name"), [tier] { return QString::fromStdString(tier().name); },
        [apply](const QString &text) {
            return apply([&text](StorageTier &t) { t.name = text.trimmed().toStdString(); });
        });
    addChoice(
        QStringLiteral("kind"), tr("Kind"), enumNames<StorageKind>(), false,
        [tier] { return qs(toString(tier().kind)); },
        [apply](const QString &text) {
            const auto value = parseStorageKind(text.toStdString());
            return value ? apply([&value](StorageTier &t) { t.kind = *value; })
                         : tr("unknown kind");
        });
    addNumber(
        QStringLiteral("capacityTB"), tr("Usable capacity"), QStringLiteral(" TB"), 0,
        [tier] { return tier().capacityTB; },
        [apply](double v) { return apply([v](StorageTier &t) { t.capacityTB = v; }); });
    addNumber(
        QStringLiteral("readGBps"), tr("Read bandwidth"), QStringLiteral(" GB/s"), 1,
        [tier] { return tier().readGBps; },
        [apply](double v) { return apply([v](StorageTier &t) { t.readGBps = v; }); });
    addNumber(
        QStringLiteral("writeGBps"), tr("Write bandwidth"), QStringLiteral(" GB/s"), 1,
        [tier] { return tier().writeGBps; },
        [apply](double v) { return apply([v](StorageTier &t) { t.writeGBps = v; }); });
    buildStorageMembers(id);
}

void InspectorDock::buildStorageMembers(StorageTierId id)
{
    Document *doc = m_document;
    auto members = [doc, id] {
        const StorageTier *t = doc->design().storageTier(id);
        return t ? t->members : std::vector<DeviceId> {};
    };
    // One list of the members, one of the storage servers that could join (the only kind
    // Document accepts as a member): each button press is one undo step.
    auto fill = [doc](QListWidget *list, const std::vector<DeviceId> &ids) {
        list->clear();
        for (DeviceId device : ids) {
            auto *item = new QListWidgetItem(doc->displayName(EntityRef::of(device)), list);
            item->setData(Qt::UserRole, QVariant::fromValue<qulonglong>(device.value));
        }
    };
    auto picked = [](QListWidget *list) {
        std::vector<DeviceId> ids;
        for (QListWidgetItem *item : list->selectedItems())
            ids.push_back(DeviceId { item->data(Qt::UserRole).toULongLong() });
        return ids;
    };
    auto makeList = [this](const char *name) {
        auto *list = new QListWidget(m_formHost);
        list->setObjectName(QString::fromLatin1(name));
        list->setSelectionMode(QAbstractItemView::ExtendedSelection);
        list->setMaximumHeight(120);
        return list;
    };
    auto makeButton = [this](const char *name, const QString &text) {
        auto *button = new QPushButton(text, m_formHost);
        button->setObjectName(QString::fromLatin1(name));
        m_fields.push_back({ button, {} });
        return button;
    };

    QListWidget *memberList = makeList("members");
    m_form->addRow(tr("Members"), memberList);
    m_fields.push_back({ memberList, [fill, memberList, members] {
                            fill(memberList, members());
                        } });
    QPushButton *remove = makeButton("removeMembers", tr("Remove"));
    m_form->addRow(QString(), remove);

    QListWidget *candidates = makeList("memberCandidates");
    m_form->addRow(tr("Storage servers"), candidates);
    m_fields.push_back({ candidates, [doc, fill, candidates, members] {
                            const std::vector<DeviceId> current = members();
                            std::vector<DeviceId> others;
                            for (const Device &device : doc->design().devices()) {
                                const Part *part = doc->catalog().find(device.catalogType);
                                if (part && part->kind == PartKind::Storage
                                    && std::find(current.begin(), current.end(), device.id)
                                        == current.end())
                                    others.push_back(device.id);
                            }
                            fill(candidates, others);
                        } });
    QPushButton *add = makeButton("addMembers", tr("Add selected"));
    m_form->addRow(QString(), add);

    connect(remove, &QPushButton::clicked, this, [this, doc, id, members, picked, memberList] {
        const std::vector<DeviceId> gone = picked(memberList);
        if (gone.empty())
            return;
        std::vector<DeviceId> kept;
        for (DeviceId device : members())
            if (std::find(gone.begin(), gone.end(), device) == gone.end())
                kept.push_back(device);
        report(doc->setStorageTierMembers(id, kept));
        loadAll();
    });
    connect(add, &QPushButton::clicked, this, [this, doc, id, members, picked, candidates] {
        const std::vector<DeviceId> joining = picked(candidates);
        if (joining.empty())
            return;
        std::vector<DeviceId> all = members();
        all.insert(all.end(), joining.begin(), joining.end());
        report(doc->setStorageTierMembers(id, all));
        loadAll();
    });
}

void InspectorDock::buildSiteForm()
{
    Document *doc = m_document;
    addText(
        QStringLiteral("designName"), tr("Design name"),
        [doc] { return QString::fromStdString(doc->design().name()); },
        [doc](const QString &text) { return doc->setDesignName(text.trimmed()); });
    auto site = [doc] {
        return doc->design().site();
    };
    auto number = [this, doc, site](const char *name, const QString &label, const QString &suffix,
                                    int decimals, double Site::*member) {
        addNumber(
            QString::fromLatin1(name), label, suffix, decimals,
            [site, member] { return site().*member; },
            [doc, site, member](double value) {
                Site s = site();
                s.*member = value;
                return doc->updateSite(s);
            });
    };
    number("utilityPowerKw", tr("Utility power"), QStringLiteral(" kW"), 0, &Site::utilityPowerKw);
    number("itPowerBudgetKw", tr("IT power budget"), QStringLiteral(" kW"), 0,
           &Site::itPowerBudgetKw);
    number("pue", tr("PUE"), QString(), 2, &Site::pue);
    number("airCoolingCapacityKw", tr("Air cooling"), QStringLiteral(" kW"), 0,
           &Site::airCoolingCapacityKw);
    number("liquidCoolingCapacityKw", tr("Liquid cooling"), QStringLiteral(" kW"), 0,
           &Site::liquidCoolingCapacityKw);
    number("airLimitPerRackKw", tr("Air limit per rack"), QStringLiteral(" kW"), 1,
           &Site::airLimitPerRackKw);
    number("electricityUsdPerKwh", tr("Electricity"), QStringLiteral(" $/kWh"), 3,
           &Site::electricityUsdPerKwh);
    number("rowPitchM", tr("Row pitch"), QStringLiteral(" m"), 2, &Site::rowPitchM);
}

} // namespace cw

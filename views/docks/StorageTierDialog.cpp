#include "views/docks/StorageTierDialog.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace cw {

StorageTier proposeStorageTier(const Design &design, const Catalog &catalog,
                               const std::vector<EntityRef> &selection, int *skipped)
{
    StorageTier tier;
    tier.kind = StorageKind::ParallelFilesystem;
    int notStorage = 0;
    for (EntityRef ref : selection) {
        if (ref.kind != EntityKind::Device)
            continue;
        const Device *device = design.device(DeviceId { ref.id });
        const Part *part = device ? catalog.find(device->catalogType) : nullptr;
        if (!part || part->kind != PartKind::Storage) {
            ++notStorage;
            continue;
        }
        tier.members.push_back(device->id);
        // The tier's figures are its servers' (as the reference designs' Lustre tier adds
        // them up, model/examples/ReferenceDesigns.cpp); the user may lower them.
        if (part->storage) {
            tier.capacityTB += part->storage->capacityTB;
            tier.readGBps += part->storage->readGBps;
            tier.writeGBps += part->storage->writeGBps;
        }
    }
    for (const Fabric &fabric : design.fabrics())
        if (fabric.purpose == FabricPurpose::Storage) {
            tier.fabric = fabric.id;
            break;
        }
    int n = 1;
    auto taken = [&design](const std::string &name) {
        for (const StorageTier &t : design.storageTiers())
            if (t.name == name)
                return true;
        return false;
    };
    do
        tier.name = "tier" + std::to_string(n++);
    while (taken(tier.name));
    if (skipped)
        *skipped = notStorage;
    return tier;
}

StorageTierDialog::StorageTierDialog(const Design &design, StorageTier proposal, QWidget *parent)
    : QDialog(parent)
    , m_proposal(std::move(proposal))
{
    setWindowTitle(tr("New Storage Tier"));
    auto *form = new QFormLayout(this);
    m_name = new QLineEdit(QString::fromStdString(m_proposal.name), this);
    m_name->setObjectName(QStringLiteral("tierName"));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("tierKind"));
    m_kind->addItem(tr("Parallel filesystem"), static_cast<int>(StorageKind::ParallelFilesystem));
    m_kind->addItem(tr("Object store"), static_cast<int>(StorageKind::Object));
    m_kind->addItem(tr("Node-local NVMe"), static_cast<int>(StorageKind::NodeLocalNvme));
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(m_proposal.kind)));
    auto number = [this](const char *name, const QString &suffix, double value) {
        auto *spin = new QDoubleSpinBox(this);
        spin->setObjectName(QString::fromLatin1(name));
        spin->setRange(0, 1e9); // negative figures are meaningless here
        spin->setDecimals(1);
        spin->setSuffix(suffix);
        spin->setValue(value);
        return spin;
    };
    m_capacityTB = number("tierCapacityTB", QStringLiteral(" TB"), m_proposal.capacityTB);
    m_readGBps = number("tierReadGBps", QStringLiteral(" GB/s"), m_proposal.readGBps);
    m_writeGBps = number("tierWriteGBps", QStringLiteral(" GB/s"), m_proposal.writeGBps);
    m_fabric = new QComboBox(this);
    m_fabric->setObjectName(QStringLiteral("tierFabric"));
    m_fabric->addItem(tr("(none)"), QVariant::fromValue<qulonglong>(0));
    for (const Fabric &fabric : design.fabrics())
        m_fabric->addItem(QString::fromStdString(fabric.name),
                          QVariant::fromValue<qulonglong>(fabric.id.value));
    m_fabric->setCurrentIndex(
        std::max(0, m_fabric->findData(QVariant::fromValue<qulonglong>(m_proposal.fabric.value))));
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Kind"), m_kind);
    form->addRow(tr("Usable capacity"), m_capacityTB);
    form->addRow(tr("Read bandwidth"), m_readGBps);
    form->addRow(tr("Write bandwidth"), m_writeGBps);
    form->addRow(tr("Fabric"), m_fabric);
    form->addRow(tr("Members"),
                 new QLabel(tr("%n selected storage server(s)", nullptr,
                               static_cast<int>(m_proposal.members.size())),
                            this));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

StorageTier StorageTierDialog::tier() const
{
    StorageTier tier = m_proposal;
    tier.name = m_name->text().trimmed().toStdString();
    tier.kind = static_cast<StorageKind>(m_kind->currentData().toInt());
    tier.capacityTB = m_capacityTB->value();
    tier.readGBps = m_readGBps->value();
    tier.writeGBps = m_writeGBps->value();
    tier.fabric = FabricId { m_fabric->currentData().toULongLong() };
    if (tier.kind == StorageKind::NodeLocalNvme)
        tier.members.clear();
    return tier;
}

} // namespace cw

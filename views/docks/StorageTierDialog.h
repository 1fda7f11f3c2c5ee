#pragma once

#include "model/core/ChangeSet.h"
#include "model/core/Network.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;

namespace cw {

class Catalog;
class Design;

/// A new storage tier proposed from a selection: its members are the selected storage
/// servers (catalog kind storage), its capacity and bandwidth the sum of theirs, its fabric
/// the design's first storage fabric. `skipped` counts selected devices that cannot be
/// members (compute nodes, switches...). Node-local NVMe has no member servers
/// (model/core/Network.h), so a tier of that kind keeps the members empty.
StorageTier proposeStorageTier(const Design &design, const Catalog &catalog,
                               const std::vector<EntityRef> &selection, int *skipped = nullptr);

/// "New Storage Tier...": kind, name, capacity, read/write bandwidth and fabric of a tier
/// whose members were chosen by the selection. Returns the values; Document adds it.
class StorageTierDialog : public QDialog
{
    Q_OBJECT

public:
    StorageTierDialog(const Design &design, StorageTier proposal, QWidget *parent = nullptr);

    /// The proposal with the fields as edited (members unchanged, cleared for node-local).
    StorageTier tier() const;

private:
    StorageTier m_proposal;
    QLineEdit *m_name = nullptr;
    QComboBox *m_kind = nullptr;
    QDoubleSpinBox *m_capacityTB = nullptr;
    QDoubleSpinBox *m_readGBps = nullptr;
    QDoubleSpinBox *m_writeGBps = nullptr;
    QComboBox *m_fabric = nullptr;
};

} // namespace cw

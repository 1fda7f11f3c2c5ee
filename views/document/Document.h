#pragma once

#include "model/core/ChangeSet.h"
#include "model/core/Equipment.h"
#include "model/core/Facility.h"
#include "model/core/Network.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace cw {

class Catalog;
class Design;
class LiveValidator;
struct Violation;

/// The open design as the GUI edits it: owns the Design, the undo stack, the selection, the
/// file path and the modified flag (the stack's clean state). Every edit goes through an
/// undo command holding ids and values (views/document/EditCommands.h); views listen to
/// changed() and update only what the ChangeSet names.
///
/// Edit methods return an empty string on success, or the reason the edit was refused
/// (overlap, unknown catalog part, U out of range...) with nothing pushed.
class Document : public QObject
{
    Q_OBJECT

public:
    explicit Document(const Catalog &catalog, QObject *parent = nullptr);
    /// Takes a loaded design (from a file or a template) without an undo step.
    Document(const Catalog &catalog, std::unique_ptr<Design> design, QString filePath,
             QObject *parent = nullptr);
    ~Document() override;

    const Design &design() const;
    const Catalog &catalog() const;
    QUndoStack *undoStack() const;
    LiveValidator *validator() const;

    // Files. Writes are atomic; errors come back as text naming the file and the reason.
    QString filePath() const;
    bool isModified() const;
    QString save(const QString &path = {});  ///< empty path = the current file path
    static std::unique_ptr<Document> open(const Catalog &catalog, const QString &path,
                                          QString *error, QObject *parent = nullptr);

    // Selection.
    const std::vector<EntityRef> &selection() const;
    void setSelection(std::vector<EntityRef> selection);

    // Edits: each is one undo step (a drag ends in exactly one call).
    QString addRow(Row row);
    QString addRack(Rack rack);                                     ///< id assigned if invalid
    QString moveRack(RackId rack, RowId row, int position);
    QString addDevice(Device device);                               ///< id assigned if invalid
    QString moveDevice(DeviceId device, RackId rack, int uPosition, Face face);
    QString addLink(Link link);  ///< cable chosen by auto-cabling when cableType is empty
    QString updateDevice(const Device &device);  ///< property edits; merges with the last edit of the same property
    QString updateRack(const Rack &rack);
    QString updateRow(const Row &row);
    QString updateFabric(const Fabric &fabric);
    QString addFabric(Fabric fabric);
    QString addStorageTier(StorageTier tier);
    QString remove(const std::vector<EntityRef> &entities);       ///< cascades; undo restores the same ids
    QString duplicate(const std::vector<EntityRef> &entities);
    QString recable(const std::vector<EntityRef> &entities);      ///< re-run auto-cabling on a selection
    QString setWaived(const Violation &violation, const QString &reason);  ///< empty reason removes the waiver

signals:
    void changed(const cw::ChangeSet &changes);
    void selectionChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &path);

private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace cw

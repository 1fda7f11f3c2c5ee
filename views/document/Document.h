#pragma once

#include "model/core/ChangeSet.h"
#include "model/core/Equipment.h"
#include "model/core/Facility.h"
#include "model/core/Network.h"

#include <QFuture>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace cw {

class Catalog;
class Design;
class DesignPatch;
class DesignSnapshots;
class LiveValidator;
class PatchCommand;
struct OpenedDesign;
struct SelectionFabricSpec;
struct Violation;

/// Entities copied for a later paste: values, not references, so the paste works after the
/// originals are edited or deleted (cut).
struct EntityClipboard
{
    std::vector<Row> rows;
    std::vector<Rack> racks;
    std::vector<Device> devices;
    std::vector<Link> links; ///< only links between copied devices

    bool isEmpty() const { return rows.empty() && racks.empty() && devices.empty(); }
};

/// The open design as the GUI edits it: owns the Design, the undo stack, the selection, the
/// file path and the modified flag (the stack's clean state). Every edit goes through an
/// undo command holding ids and values (views/document/PatchCommand.h); views listen to
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
    /// Takes a design loaded on a worker with the copies made there
    /// (views/document/DocumentOpen.h): nothing is copied on the calling thread, and the
    /// validator's first full run goes to its worker (the list is pending until it is back).
    Document(const Catalog &catalog, OpenedDesign opened, QObject *parent = nullptr);
    ~Document() override;

    const Design &design() const;
    const Catalog &catalog() const;
    QUndoStack *undoStack() const;
    LiveValidator *validator() const;

    // Files. Writes are atomic; errors come back as text naming the file and the reason.
    QString filePath() const;
    bool isModified() const;
    QString save(const QString &path = {}); ///< empty path = the current file path
    /// Save on a worker thread from a snapshot (DesignSnapshots), so typing and editing go
    /// on while the file is written. The future gives the error text (empty = saved). When
    /// it is done, in the event loop, the document takes the new path and - if no edit came
    /// since the snapshot - becomes unmodified; saveFinished() then tells listeners.
    QFuture<QString> saveInBackground(const QString &path = {});
    /// A save started by saveInBackground() and not finished yet.
    bool isSaving() const;
    /// Immutable copies of the design for worker threads (export, analysis, save).
    DesignSnapshots *snapshots() const;
    static std::unique_ptr<Document> open(const Catalog &catalog, const QString &path,
                                          QString *error, QObject *parent = nullptr);

    // Selection.
    const std::vector<EntityRef> &selection() const;
    void setSelection(std::vector<EntityRef> selection);

    // Edits: each is one undo step (a drag ends in exactly one call).
    QString addRow(Row row);
    QString addRack(Rack rack); ///< id assigned if invalid
    QString moveRack(RackId rack, RowId row, int position);
    QString addDevice(Device device); ///< id assigned if invalid
    QString moveDevice(DeviceId device, RackId rack, int uPosition, Face face);
    QString addLink(Link link); ///< cable chosen by auto-cabling when cableType is empty
    QString updateDevice(
        const Device &device); ///< property edits; merges with the last edit of the same property
    QString updateRack(const Rack &rack);
    QString updateRow(const Row &row);
    QString updateFabric(const Fabric &fabric);
    QString addFabric(Fabric fabric);
    QString addStorageTier(StorageTier tier);
    QString
    remove(const std::vector<EntityRef> &entities); ///< cascades; undo restores the same ids
    QString duplicate(const std::vector<EntityRef> &entities);
    QString recable(const std::vector<EntityRef> &entities); ///< re-run auto-cabling on a selection
    /// A new leaf/spine compute fabric for the selected compute nodes (racks and rows select
    /// their nodes), model/fabric/SelectionFabric.h; one undo step. Selected switches (and
    /// unused switches of the spec's type in selected racks and rows) are used as leaves
    /// and spines before new switches are added.
    QString generateFabric(const std::vector<EntityRef> &selection,
                           const SelectionFabricSpec &spec);
    /// generateFabric() on a snapshot of the design, on a worker thread (DocumentFabric.cpp):
    /// the edit is pushed, in the event loop, when the fabric is ready - unless the design
    /// was edited meanwhile or `cancelled` was set, which leave the design as it is. The
    /// future gives the refusal, empty when the fabric was added.
    QFuture<QString> generateFabricInBackground(const std::vector<EntityRef> &selection,
                                                const SelectionFabricSpec &spec,
                                                std::shared_ptr<std::atomic_bool> cancelled = {});
    QString setWaived(const Violation &violation,
                      const QString &reason); ///< empty reason removes the waiver
    /// Waives (or, with an empty reason, un-waives) many violations with one reason as one
    /// undo step. A violation naming no entity stands for its whole rule.
    QString setWaivers(const std::vector<Violation> &violations, const QString &reason);

    // Additions to the edit set (same contract: one undo step, a reason when refused).
    QString updateDevices(const std::vector<Device> &devices); ///< multi-selection edit
    QString updateRacks(const std::vector<Rack> &racks);
    QString updateLink(const Link &link);
    QString updateStorageTier(const StorageTier &tier);
    /// A storage tier's member servers: one undo step that never merges with the previous
    /// edit, so adding then removing a member are two steps (updateStorageTier merges).
    QString setStorageTierMembers(StorageTierId tier, std::vector<DeviceId> members);
    QString updateSite(const Site &site);
    QString setDesignName(const QString &name);
    /// The selection as values for a later paste(); empty when nothing copyable is named.
    EntityClipboard copy(const std::vector<EntityRef> &entities) const;
    /// Adds copies under new ids and unique names: rows after the last row, racks at the
    /// end of their row, devices at the first free U of `targetRack` (or their own rack).
    /// The pasted entities become the selection.
    QString paste(const EntityClipboard &clipboard, RackId targetRack = {});

    /// Everything in the design, for Select All.
    std::vector<EntityRef> allEntities() const;
    /// The name a view shows for an entity ("rack A01", hostname...).
    QString displayName(EntityRef entity) const;

    // Autosave: every `intervalMs` while modified, the design goes to `recoveryPath` with a
    // sidecar `<recoveryPath>.origin` naming the file it belongs to. A clean close removes
    // both; after a crash they are what MainWindow offers to restore.
    void setAutosave(const QString &recoveryPath, int intervalMs);
    QString recoveryPath() const;
    bool autosaveNow(); ///< writes the copy now, on this thread
    /// What the autosave timer does: copies the design here and writes it on a worker
    /// thread. The future tells whether the copy was written; the document takes note (its
    /// recovery copy, whether edits came since) when it finishes, in the event loop.
    QFuture<bool> autosaveInBackground();
    /// Where the recovery copy of `filePath` (empty = untitled) goes.
    static QString recoveryPathFor(const QString &filePath);
    static QString recoveryFolder();
    /// Makes a document opened from a recovery copy stand for `originPath` (empty =
    /// untitled) with its changes unsaved. `recoveredFrom` (the copy's path) becomes this
    /// document's recovery copy: kept until the user saves or discards, so a second crash
    /// before the next autosave still finds it.
    void adoptRecovery(const QString &originPath, const QString &recoveredFrom = {});

signals:
    void changed(const cw::ChangeSet &changes);
    void selectionChanged();
    void modifiedChanged(bool modified);
    void filePathChanged(const QString &path);
    /// A saveInBackground() ended: `error` is empty when `path` was written.
    void saveFinished(const QString &path, const QString &error);

private:
    friend class PatchCommand;
    /// The undo stack and the autosave timer, once the design, validator and snapshots are.
    void connectInternals();
    void applyPatch(const std::shared_ptr<const DesignPatch> &patch, bool forward);
    /// The design was written to `target`; `current`: nothing was edited since.
    void savedAs(const QString &target, bool current);
    QString push(DesignPatch patch, const QString &text, const QString &mergeKey = {});

    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace cw

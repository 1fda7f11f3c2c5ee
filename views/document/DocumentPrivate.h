#pragma once

#include "views/document/DesignSnapshots.h"
#include "views/document/Document.h"

#include "model/core/Design.h"

#include <QFile>
#include <QFuture>
#include <QTimer>
#include <QUndoStack>

namespace cw {

/// Document's state, shared by its implementation files (Document.cpp, DocumentEdits.cpp,
/// DocumentClipboard.cpp).
struct Document::Private
{
    explicit Private(const Catalog &c)
        : catalog(c)
    { }

    const Catalog &catalog;
    std::unique_ptr<Design> design;
    QUndoStack *stack = nullptr;
    LiveValidator *validator = nullptr;
    QString filePath;
    std::vector<EntityRef> selection;
    QString recoveryPath;
    QTimer autosaveTimer;
    bool autosavePending = false;
    /// The autosave writing on a worker thread (Document::autosaveInBackground), if any.
    QFuture<bool> autosaveJob;
    /// The save writing on a worker thread (Document::saveInBackground), if any.
    QFuture<QString> saveJob;
    /// Copies of the design for worker threads, kept current by the applied patches.
    std::unique_ptr<DesignSnapshots> snapshots;
    std::uint64_t editCount = 0; ///< patches applied: tells whether a copy is still current
    /// Set by PatchCommand for the next applyPatch only: where the command keeps the design
    /// on the other side of its patch (see PatchCommand::m_otherSide).
    std::unique_ptr<Design> *otherSide = nullptr;
    /// Bumped when the recovery copy is removed or moves: a background write started before
    /// is not this document's copy any more.
    std::uint64_t recoveryEpoch = 0;
    bool wroteRecovery = false; ///< only a copy this document wrote (or adopted) is ours
    /// A copy at an earlier recovery path: kept until a copy at the new path is written, so
    /// a crash in between still finds one (two crashes in a row lose nothing).
    QString staleRecoveryPath;

    static void removeCopy(const QString &path)
    {
        QFile::remove(path);
        QFile::remove(path + QStringLiteral(".origin"));
    }
    void removeStaleRecovery()
    {
        if (!staleRecoveryPath.isEmpty() && staleRecoveryPath != recoveryPath)
            removeCopy(staleRecoveryPath);
        staleRecoveryPath.clear();
    }
    /// Only on an explicit end: a save, or a close the user chose (discarding the changes).
    void removeRecovery()
    {
        // A copy being written now would land after the removal: let it finish first.
        autosaveJob.waitForFinished();
        ++recoveryEpoch;
        removeStaleRecovery();
        if (!wroteRecovery || recoveryPath.isEmpty())
            return;
        removeCopy(recoveryPath);
        wroteRecovery = false;
    }
};

} // namespace cw

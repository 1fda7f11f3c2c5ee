#pragma once

#include "views/document/Document.h"

#include "model/core/Design.h"

#include <QFile>
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
    bool wroteRecovery = false; ///< only a copy this document wrote is ours to remove

    void removeRecovery()
    {
        if (!wroteRecovery || recoveryPath.isEmpty())
            return;
        QFile::remove(recoveryPath);
        QFile::remove(recoveryPath + QStringLiteral(".origin"));
        wroteRecovery = false;
    }
};

} // namespace cw

#pragma once

#include "views/document/DesignPatch.h"

#include <QString>
#include <QUndoCommand>

#include <memory>
#include <vector>

namespace cw {

class Document;

/// The one undo command of the document: a DesignPatch applied forward (redo) or backward
/// (undo). Commands with the same non-empty merge key (a property of the same entities)
/// fold into one when pushed one after the other, so typing a name is one undo step.
class PatchCommand : public QUndoCommand
{
public:
    /// QUndoCommand::id() of every mergeable command; the merge key tells them apart.
    static constexpr int kPropertyEditId = 0x4357;

    PatchCommand(Document *document, DesignPatch patch, const QString &text, QString mergeKey = {});

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;
    ~PatchCommand() override;

    const DesignPatch &patch() const { return *m_patch; }
    const QString &mergeKey() const { return m_mergeKey; }

private:
    void applyPatch(bool forward);

    Document *m_document;
    /// Shared with the live validator's worker, which applies the same patch to its copy of
    /// the design: never changed in place while shared (mergeWith copies it first).
    std::shared_ptr<DesignPatch> m_patch;
    QString m_mergeKey;
    /// The document's selection when the edit was made: undo gives it back, so the rack
    /// just deleted and restored is selected again, as before the Delete.
    std::vector<EntityRef> m_selectionBefore;
    /// A bulk patch's other side: the design as it was before the patch's last application
    /// (the whole design before a mass delete, after its undo the design without it), so the
    /// next application is a swap (Document::applyPatch). Empty for other edits.
    std::unique_ptr<Design> m_otherSide;
};

} // namespace cw

#include "views/document/PatchCommand.h"

#include "views/document/DesignSnapshots.h"
#include "views/document/Document.h"
#include "views/document/DocumentPrivate.h"

namespace cw {

PatchCommand::PatchCommand(Document *document, DesignPatch patch, const QString &text,
                           QString mergeKey)
    : m_document(document)
    , m_patch(std::make_shared<DesignPatch>(std::move(patch)))
    , m_mergeKey(std::move(mergeKey))
    , m_selectionBefore(document->selection())
{
    setText(text);
}

PatchCommand::~PatchCommand()
{
    // A kept design is 10^5 entities: freed on a worker, as DesignRebuild frees the old
    // tables.
    if (m_otherSide)
        backgroundJobs()->start([kept = std::shared_ptr<Design>(std::move(m_otherSide))] {});
}

void PatchCommand::applyPatch(bool forward)
{
    m_document->d->otherSide = &m_otherSide;
    m_document->applyPatch(m_patch, forward);
}

void PatchCommand::redo()
{
    applyPatch(true);
}

void PatchCommand::undo()
{
    applyPatch(false);
    m_document->setSelection(m_selectionBefore); // drops what the undo did not bring back
}

int PatchCommand::id() const
{
    return m_mergeKey.isEmpty() ? -1 : kPropertyEditId;
}

bool PatchCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const PatchCommand *>(other);
    if (!next || next->m_mergeKey != m_mergeKey)
        return false;
    if (m_patch.use_count() > 1) // the validator still has to apply the old one
        m_patch = std::make_shared<DesignPatch>(*m_patch);
    m_patch->absorb(*next->m_patch);
    m_otherSide.reset(); // kept for the patch before the fold
    // Typed back to where it started: nothing left to undo.
    setObsolete(m_patch->isNoop());
    return true;
}

} // namespace cw

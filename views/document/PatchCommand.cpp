#include "views/document/PatchCommand.h"

#include "views/document/Document.h"

namespace cw {

PatchCommand::PatchCommand(Document *document, DesignPatch patch, const QString &text,
                           QString mergeKey)
    : m_document(document)
    , m_patch(std::make_shared<DesignPatch>(std::move(patch)))
    , m_mergeKey(std::move(mergeKey))
{
    setText(text);
}

void PatchCommand::redo()
{
    m_document->applyPatch(m_patch, true);
}

void PatchCommand::undo()
{
    m_document->applyPatch(m_patch, false);
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
    // Typed back to where it started: nothing left to undo.
    setObsolete(m_patch->isNoop());
    return true;
}

} // namespace cw

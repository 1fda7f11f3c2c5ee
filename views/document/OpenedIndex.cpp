#include "views/document/OpenedIndex.h"

#include "views/document/Document.h"

#include "model/validation/DesignIndex.h"

namespace cw {

OpenedIndex::OpenedIndex(std::shared_ptr<DesignIndex> index, Document *document)
    : QObject(document)
    , m_index(std::move(index))
{
    // Built from the file as loaded: any edit makes it stale.
    connect(document, &Document::changed, this, [this] { m_index.reset(); });
}

OpenedIndex::~OpenedIndex() = default;

std::shared_ptr<DesignIndex> OpenedIndex::take(Document *document)
{
    auto *opened = document->findChild<OpenedIndex *>(QString(), Qt::FindDirectChildrenOnly);
    return opened ? std::exchange(opened->m_index, nullptr) : nullptr;
}

} // namespace cw

#pragma once

#include <QObject>

#include <memory>

namespace cw {

class DesignIndex;
class Document;

/// The lookups the canvas shares (views/canvas/DesignCache.h: rack -> devices, device -> links,
/// device -> part) built on the worker that loaded the design (DocumentOpen), so the GUI
/// thread does not walk every link when the views are made. A child of the Document opened
/// with it; valid until the document's first change (then the cache builds its own).
class OpenedIndex : public QObject
{
    Q_OBJECT

public:
    OpenedIndex(std::shared_ptr<DesignIndex> index, Document *document);
    ~OpenedIndex() override;

    /// The index built for `document`'s design as it still is, handed over once; null when
    /// there is none, it was taken, or the design has changed since it was built.
    static std::shared_ptr<DesignIndex> take(Document *document);

private:
    std::shared_ptr<DesignIndex> m_index;
};

} // namespace cw

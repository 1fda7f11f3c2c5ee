#pragma once

#include "model/core/ChangeSet.h"
#include "model/core/Facility.h"
#include "model/validation/DesignIndex.h"
#include "views/canvas/CanvasStyle.h"

#include <QObject>

#include <vector>

namespace cw {
class Catalog;
class Design;
class Document;
struct Part;
} // namespace cw

namespace cw::canvas {

/// A rack's load against its feeds, as the power rules judge it.
struct RackPower
{
    double loadW = 0; ///< sum of the devices' maximum power (RuleContext::rackLoadW)
    double capacityW = 0; ///< what the weakest feed carries (and the rack rating), 0 = none
    LoadLevel level = LoadLevel::Unknown;
};

/// The lookups the canvas views share for one Document: the validation engine's DesignIndex
/// (rack -> devices, device -> part, the racks an edit touched) without its links
/// (DesignIndex::Memory::ForViews: a device's links are the design's own adjacency), kept
/// current from Document::changed before any view hears of the change (it connects first).
/// One per document, its child.
class DesignCache : public QObject
{
    Q_OBJECT

public:
    /// The document's cache, created on first use.
    static DesignCache *of(Document *document);

    const DesignIndex &index() const { return m_index; }
    RackPower rackPower(RackId rack) const;
    /// Racks whose load or feeds the last change may have altered (old and new racks of a
    /// moved device included).
    const std::vector<RackId> &dirtyRacks() const { return m_dirtyRacks; }
    const Part *part(DeviceId device) const { return m_index.part(device); }
    /// Rack units of the rack's type, as the space rules count them (42 without a type).
    int rackUnits(const Rack &rack) const;

private:
    explicit DesignCache(Document *document);
    void update(const ChangeSet &changes);

    Document *m_document;
    DesignIndex m_index;
    std::vector<RackId> m_dirtyRacks;
};

} // namespace cw::canvas

#include "views/canvas/DesignCache.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/core/PduCapacity.h"
#include "model/validation/RuleContext.h"
#include "views/document/Document.h"
#include "views/document/OpenedIndex.h"

#include <algorithm>
#include <map>
#include <numbers>

namespace cw::canvas {
namespace {

/// Changes above this size (and a quarter of the design) rebuild the index.
constexpr std::size_t kRebuildAbove = 1000;

} // namespace

DesignCache *DesignCache::of(Document *document)
{
    if (auto *cache = document->findChild<DesignCache *>(QString(), Qt::FindDirectChildrenOnly))
        return cache;
    return new DesignCache(document);
}

DesignCache::DesignCache(Document *document)
    : QObject(document)
    , m_document(document)
{
    // An open from a file brings the index built on the loading worker (0.1 s of the GUI
    // thread at 16,384 nodes otherwise).
    if (std::shared_ptr<DesignIndex> opened = OpenedIndex::take(document))
        m_index = std::move(*opened);
    else
        m_index.rebuild(document->design(), document->catalog(), DesignIndex::Memory::ForViews);
    connect(document, &Document::changed, this, &DesignCache::update);
}

void DesignCache::update(const ChangeSet &changes)
{
    const Design &design = m_document->design();
    m_dirtyRacks.clear();
    const std::size_t changed
        = changes.added.size() + changes.removed.size() + changes.modified.size();
    if (changed > kRebuildAbove && changed * 4 > design.devices().size() + design.links().size()) {
        // Every rack deleted or restored: one pass over the design beats one index update
        // per entity; every rack's load may have changed.
        m_index.rebuild(design, m_document->catalog(), DesignIndex::Memory::ForViews);
        for (const Rack &rack : design.racks())
            m_dirtyRacks.push_back(rack.id);
        return;
    }
    const DirtySubjects dirty = m_index.update(design, m_document->catalog(), changes);
    for (const auto &[id, inputs] : dirty.subjects[static_cast<std::size_t>(RuleScope::Rack)]) {
        (void)inputs;
        m_dirtyRacks.push_back(RackId { id });
    }
    std::sort(m_dirtyRacks.begin(), m_dirtyRacks.end());
}

int DesignCache::rackUnits(const Rack &rack) const
{
    return RuleContext(m_document->design(), m_document->catalog(), m_index).rackUnits(rack);
}

RackPower DesignCache::rackPower(RackId id) const
{
    RackPower power;
    const Design &design = m_document->design();
    const Rack *rack = design.rack(id);
    if (!rack)
        return power;
    // The load is the validation engine's own sum, so the colour and the rule cannot drift.
    const RuleContext context(design, m_document->catalog(), m_index);
    power.loadW = context.rackLoadW(id);
    const Part *rackPart = context.rackPart(*rack);
    power.capacityW
        = rackCapacityW(*rack, rackPart && rackPart->rack ? rackPart->rack->maxPowerKw : 0.0);
    power.level = loadLevel(power.loadW, power.capacityW);
    return power;
}

} // namespace cw::canvas

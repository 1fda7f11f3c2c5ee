#include "views/canvas/DesignCache.h"

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/validation/RuleContext.h"
#include "views/document/Document.h"

#include <algorithm>
#include <map>
#include <numbers>

namespace cw::canvas {
namespace {

// The continuous-load derating power.rack-over-feed applies (NEC 210.19(A)/210.20(A)).
// PowerRules.cpp keeps its own copy in an anonymous namespace; the two must agree (the
// canvas test checks a rack's colour against the rule firing).
constexpr double kContinuousLoadDerating = 0.8;
constexpr double kWattsPerKw = 1000.0;

} // namespace

double pduCapacityW(const Pdu &pdu)
{
    const double phaseFactor = pdu.phases == 3 ? std::numbers::sqrt3 : 1.0;
    return pdu.voltageV * pdu.breakerA * phaseFactor * kContinuousLoadDerating;
}

double rackCapacityW(const Rack &rack, const Part *rackPart)
{
    std::map<Feed, double> feeds;
    for (const Pdu &pdu : rack.pdus)
        feeds[pdu.feed] += pduCapacityW(pdu);
    double capacityW = 0;
    for (const auto &[feed, watts] : feeds) {
        (void)feed;
        capacityW = capacityW == 0 ? watts : std::min(capacityW, watts);
    }
    // A rack type's rating only limits a rack that has feeds: without PDUs the rule reports
    // "no PDU" whatever the rating.
    if (capacityW > 0 && rackPart && rackPart->rack && rackPart->rack->maxPowerKw > 0)
        capacityW = std::min(capacityW, rackPart->rack->maxPowerKw * kWattsPerKw);
    return capacityW;
}

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
    m_index.rebuild(document->design(), document->catalog());
    connect(document, &Document::changed, this, &DesignCache::update);
}

void DesignCache::update(const ChangeSet &changes)
{
    const DirtySubjects dirty
        = m_index.update(m_document->design(), m_document->catalog(), changes);
    m_dirtyRacks.clear();
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
    power.capacityW = rackCapacityW(*rack, context.rackPart(*rack));
    power.level = loadLevel(power.loadW, power.capacityW);
    return power;
}

} // namespace cw::canvas

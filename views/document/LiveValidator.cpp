#include "views/document/LiveValidator.h"

#include "views/document/DesignPatch.h"

#include "model/core/Design.h"

#include <QMetaObject>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <tuple>
#include <unordered_map>

namespace cw {
namespace {

/// Changes above this size (and a quarter of the design) take a full run of the cheap rules.
constexpr std::size_t kFullRunAbove = 1000;

/// Quiet time before the global rules run: long enough that a burst of edits (a paste, a
/// fast undo sequence) costs one run, short enough to feel live.
constexpr int kDefaultDebounceMs = 250;

bool isGlobalScope(RuleScope scope)
{
    return scope == RuleScope::Fabric || scope == RuleScope::Design;
}

std::vector<std::unique_ptr<Rule>> rulesOfScope(bool global)
{
    std::vector<std::unique_ptr<Rule>> rules = builtinRules();
    std::erase_if(rules,
                  [global](const auto &rule) { return isGlobalScope(rule->scope()) != global; });
    return rules;
}

bool hasKey(const std::vector<std::string> &keys, const std::string &key)
{
    return std::find(keys.begin(), keys.end(), key) != keys.end();
}

auto sortKey(const Violation &v)
{
    return std::tie(v.ruleKey, v.entities, v.message, v.severity, v.waived, v.names, v.fix,
                    v.waiverReason);
}

bool entityExists(const Design &design, EntityRef ref)
{
    switch (ref.kind) {
    case EntityKind::Row:
        return design.row(RowId { ref.id });
    case EntityKind::Rack:
        return design.rack(RackId { ref.id });
    case EntityKind::Device:
        return design.device(DeviceId { ref.id });
    case EntityKind::Link:
        return design.link(LinkId { ref.id });
    case EntityKind::Fabric:
        return design.fabric(FabricId { ref.id });
    case EntityKind::StorageTier:
        return design.storageTier(StorageTierId { ref.id });
    }
    return false;
}

} // namespace

LiveValidator::LiveValidator(const Catalog &catalog, QObject *parent)
    : QObject(parent)
    , m_catalog(catalog)
    , m_local(std::make_shared<ValidationEngine>(catalog, rulesOfScope(false)))
    , m_global(std::make_unique<ValidationEngine>(catalog, rulesOfScope(true)))
{
    qRegisterMetaType<cw::ViolationDelta>();
    for (const auto &rule : m_local->rules())
        m_localKeys.emplace_back(rule->key());
    for (const auto &rule : m_global->rules())
        m_globalKeys.emplace_back(rule->key());
    for (const auto &rule : builtinRules())
        m_deckOrder.emplace_back(rule->key());
    for (std::size_t i = 0; i < m_deckOrder.size(); ++i)
        m_rank.emplace(m_deckOrder[i], i);
    // One worker: the global engine remembers the design it last saw, so its runs must be
    // sequential and in snapshot order.
    m_pool.setMaxThreadCount(1);
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDefaultDebounceMs);
    connect(&m_debounce, &QTimer::timeout, this, &LiveValidator::startGlobalRun);
}

LiveValidator::~LiveValidator()
{
    // Jobs use m_global and post back to this object; let them end first. Results they
    // posted are dropped with the object.
    m_pool.waitForDone();
}

void LiveValidator::setToday(const std::string &isoDate)
{
    m_pool.waitForDone();
    m_today = isoDate;
    m_local->setToday(isoDate);
    m_global->setToday(isoDate);
    if (m_design)
        reset(*m_design); // waiver expiry depends on the date
}

void LiveValidator::reset(const Design &design)
{
    m_localListed.reset(); // m_local changes
    m_design = &design;
    m_mirrorCurrent = false;
    m_pendingPatches.clear();
    ++m_generation;
    ViolationDelta delta;
    if (m_localNeedsFull) {
        std::shared_ptr<ValidationEngine> engine = makeLocalEngine();
        engine->runFull(design);
        delta = adoptLocal(std::move(engine));
    } else {
        delta = m_local->runFullDelta(design);
    }
    m_globalResult = {};
    m_pendingGlobal = {};
    m_globalNeedsFull = true;
    publish(std::move(delta));
    m_debounce.start(0);
}

void LiveValidator::resetOnWorker(const Design &design, std::shared_ptr<Design> copy)
{
    m_localListed.reset(); // m_local changes
    m_design = &design;
    m_mirror = std::move(copy);
    m_mirrorCurrent = m_mirror != nullptr;
    m_pendingPatches.clear();
    ++m_generation;
    // Whatever the list showed goes; the worker's first run brings the cheap rules (on an
    // engine of their own, adopted when it is back: the huge-change path) and the global ones.
    ViolationDelta delta;
    delta.removed = m_localNeedsFull ? std::move(m_localShown) : m_local->violations();
    m_localNeedsFull = true;
    m_localShown.clear();
    m_globalResult = {};
    m_pendingGlobal = {};
    m_globalNeedsFull = true;
    publish(std::move(delta));
    m_debounce.start(0);
}

void LiveValidator::designPatched(const std::shared_ptr<const DesignPatch> &patch, bool forward,
                                  const ChangeSet &changes)
{
    if (!m_design)
        return;
    // Shared, not copied: the undo command copies its patch before folding a later edit
    // into it while the worker still holds this one (PatchCommand::mergeWith).
    if (m_mirrorCurrent)
        m_pendingPatches.emplace_back(patch, forward);
    designChanged(changes, true);
}

void LiveValidator::designChanged(const ChangeSet &changes)
{
    designChanged(changes, false);
}

void LiveValidator::designChanged(const ChangeSet &changes, bool mirrored)
{
    if (!m_design)
        return;
    m_localListed.reset(); // m_local changes
    if (!mirrored)
        m_mirrorCurrent = false;
    ++m_generation;
    // A change naming a large part of the design (every rack deleted, or undone) is
    // cheaper to judge afresh than entity by entity through the incremental index.
    const std::size_t size
        = m_design->devices().size() + m_design->links().size() + m_design->racks().size();
    const std::size_t changed
        = changes.added.size() + changes.removed.size() + changes.modified.size();
    ViolationDelta delta;
    if (m_localNeedsFull || (changed > kFullRunAbove && changed * 4 > size)) {
        // A full run of the cheap rules over 10^5 objects is most of a second: it goes to
        // the worker with the global rules (startGlobalRun). A later change before it is
        // back joins it (the local engine has not seen the huge one either).
        delta = deferLocal();
        m_globalNeedsFull = true;
        m_pendingGlobal = {};
    } else {
        delta = m_local->runIncrementalDelta(*m_design, changes);
        m_pendingGlobal.merge(changes);
    }
    publish(std::move(delta));
    m_debounce.start();
}

bool LiveValidator::isPending() const
{
    return m_debounce.isActive() || m_jobsInFlight > 0 || m_globalNeedsFull || m_localNeedsFull
        || !m_pendingGlobal.isEmpty();
}

void LiveValidator::startGlobalRun()
{
    if (!m_design)
        return;
    // The worker reads its own copy: the GUI thread goes on editing the live design. The
    // copy is taken once and then patched on the worker (see m_mirror).
    if (!m_mirrorCurrent || !m_mirror) {
        m_mirror = std::make_shared<Design>(*m_design);
        ++m_designCopies;
        m_pendingPatches.clear(); // the fresh copy has them already
        m_mirrorCurrent = true;
    }
    std::shared_ptr<Design> mirror = m_mirror;
    auto patches = std::exchange(m_pendingPatches, {});
    const ChangeSet changes = std::exchange(m_pendingGlobal, {});
    const bool full = std::exchange(m_globalNeedsFull, false);
    const std::uint64_t generation = m_generation;
    ValidationEngine *engine = m_global.get();
    // The cheap rules of a huge change, in full, on an engine of their own: the GUI thread
    // keeps reading m_local meanwhile, and takes the new one only if nothing changed since.
    std::shared_ptr<ValidationEngine> local;
    if (m_localNeedsFull)
        local = makeLocalEngine();
    ++m_jobsInFlight;
    m_pool.start(
        [this, engine, local, mirror, patches = std::move(patches), changes, full, generation] {
            bool applied = true;
            try {
                for (const auto &[patch, forward] : patches)
                    patch->apply(*mirror, forward);
            } catch (const DesignIntegrityError &) {
                applied = false; // cannot happen if the live design took the same patches
            }
            ValidationResult result;
            std::vector<Violation> localList;
            std::vector<Violation> localCopy; // for violations(): listed here, not on the GUI
            if (applied) {
                result = full ? engine->runFull(*mirror) : engine->runIncremental(*mirror, changes);
                if (local) {
                    local->runFull(*mirror);
                    localList = local->violations();
                    localCopy = localList;
                }
            }
            QMetaObject::invokeMethod(
                this,
                [this, generation, applied, local, result = std::move(result),
                 localList = std::move(localList), localCopy = std::move(localCopy)]() mutable {
                    --m_jobsInFlight;
                    if (!applied) {
                        // Start over from a fresh copy with a full run.
                        m_mirrorCurrent = false;
                        m_globalNeedsFull = true;
                        m_debounce.start(0);
                        return;
                    }
                    acceptGlobal(generation, std::move(result), std::move(local),
                                 std::move(localList), std::move(localCopy));
                },
                Qt::QueuedConnection);
        });
    emit globalRunStarted();
}

void LiveValidator::acceptGlobal(std::uint64_t generation, ValidationResult result,
                                 std::shared_ptr<ValidationEngine> freshLocal,
                                 std::vector<Violation> freshLocalList,
                                 std::vector<Violation> freshLocalCopy)
{
    if (generation != m_generation) {
        ++m_staleDropped; // the design moved on; a newer run is scheduled
        return;
    }
    m_globalResult = std::move(result);
    ViolationDelta delta;
    if (freshLocal && m_localNeedsFull) {
        delta = adoptLocal(std::move(freshLocal), std::move(freshLocalList));
        m_localListed = std::move(freshLocalCopy);
    }
    publish(std::move(delta));
    if (!isPending())
        emit settled();
}

void LiveValidator::flush()
{
    if (!m_design)
        return;
    m_debounce.stop();
    m_pool.waitForDone();
    // Results the finished jobs posted are older than what runs now: drop them.
    ++m_generation;
    const ChangeSet changes = std::exchange(m_pendingGlobal, {});
    const bool full = std::exchange(m_globalNeedsFull, false);
    m_globalResult
        = full ? m_global->runFull(*m_design) : m_global->runIncremental(*m_design, changes);
    ViolationDelta delta;
    if (m_localNeedsFull) {
        std::shared_ptr<ValidationEngine> engine = makeLocalEngine();
        engine->runFull(*m_design);
        delta = adoptLocal(std::move(engine));
    }
    publish(std::move(delta));
    emit settled();
}

void LiveValidator::setProvided(const std::string &provider, std::vector<Violation> violations)
{
    if (violations.empty())
        m_provided.erase(provider);
    else
        m_provided[provider] = std::move(violations);
    if (m_design)
        publish(ViolationDelta {});
}

std::shared_ptr<ValidationEngine> LiveValidator::makeLocalEngine() const
{
    auto engine = std::make_shared<ValidationEngine>(m_catalog, rulesOfScope(false));
    engine->setToday(m_today);
    return engine;
}

ViolationDelta LiveValidator::deferLocal()
{
    std::vector<Violation> before
        = m_localNeedsFull ? std::move(m_localShown) : m_local->violations();
    m_localNeedsFull = true;
    m_localShown.clear();
    ViolationDelta delta;
    for (Violation &violation : before) {
        const bool live
            = std::all_of(violation.entities.begin(), violation.entities.end(),
                          [this](EntityRef ref) { return entityExists(*m_design, ref); });
        (live ? m_localShown : delta.removed).push_back(std::move(violation));
    }
    return delta;
}

ViolationDelta LiveValidator::adoptLocal(std::shared_ptr<ValidationEngine> engine,
                                         std::optional<std::vector<Violation>> listed)
{
    m_localListed.reset();
    std::vector<Violation> findings = listed ? std::move(*listed) : engine->violations();
    ViolationDelta delta;
    // Nothing shown yet (a design just opened): every finding is new; no sort of a million
    // findings by their keys to learn that.
    if (m_localShown.empty())
        delta.added = std::move(findings);
    else
        delta = difference(m_localShown, findings);
    m_local = std::move(engine);
    m_localNeedsFull = false;
    m_localShown.clear();
    return delta;
}

ValidationResult LiveValidator::localSummary() const
{
    ValidationResult summary = m_local->summary();
    if (!m_localNeedsFull)
        return summary;
    // The engine's counts are those of the design before the huge change; the list shown
    // meanwhile is m_localShown.
    summary.errors = summary.warnings = summary.infos = summary.waived = 0;
    for (const Violation &violation : m_localShown) {
        if (violation.waived)
            ++summary.waived;
        else if (violation.severity == Severity::Error)
            ++summary.errors;
        else if (violation.severity == Severity::Warning)
            ++summary.warnings;
        else
            ++summary.infos;
    }
    return summary;
}

std::size_t LiveValidator::rankOf(const std::string &ruleKey) const
{
    const auto it = m_rank.find(ruleKey);
    return it != m_rank.end() ? it->second : m_rank.size();
}

std::vector<Violation> LiveValidator::shownGlobal() const
{
    // A stale global verdict may name something deleted since; do not show ghosts.
    std::vector<Violation> shown;
    for (const Violation &violation : m_globalResult.violations)
        if (std::all_of(violation.entities.begin(), violation.entities.end(),
                        [this](EntityRef ref) { return entityExists(*m_design, ref); }))
            shown.push_back(violation);
    return shown;
}

std::vector<Violation> LiveValidator::shownProvided() const
{
    // Provided violations name objects of the design; hide those naming deleted ones.
    std::vector<Violation> shown;
    for (const auto &[provider, list] : m_provided)
        for (const Violation &violation : list)
            if (std::all_of(violation.entities.begin(), violation.entities.end(),
                            [this](EntityRef ref) { return entityExists(*m_design, ref); }))
                shown.push_back(violation);
    return shown;
}

std::vector<Violation> LiveValidator::mergeInDeckOrder(std::vector<Violation> local) const
{
    // Each engine lists its violations rule by rule in its deck's order (a subsequence of
    // builtinRules()), so the two lists merge in one pass; ranks are looked up once per run
    // of one rule, not once per comparison.
    auto ranked = [this](const std::vector<Violation> &list) {
        std::vector<std::pair<std::size_t, std::size_t>> result; // rank, index
        result.reserve(list.size());
        const std::string *lastKey = nullptr;
        std::size_t lastRank = 0;
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (!lastKey || *lastKey != list[i].ruleKey) {
                lastKey = &list[i].ruleKey;
                lastRank = rankOf(list[i].ruleKey);
            }
            result.emplace_back(lastRank, i);
        }
        return result;
    };
    auto localRanks = ranked(local);
    auto globalRanks = ranked(m_globalShown);
    auto byRank = [](const auto &a, const auto &b) {
        return a.first < b.first;
    };
    if (!std::is_sorted(localRanks.begin(), localRanks.end(), byRank))
        std::stable_sort(localRanks.begin(), localRanks.end(), byRank);
    if (!std::is_sorted(globalRanks.begin(), globalRanks.end(), byRank))
        std::stable_sort(globalRanks.begin(), globalRanks.end(), byRank);
    std::vector<Violation> merged;
    merged.reserve(local.size() + m_globalShown.size() + m_providedShown.size());
    auto l = localRanks.begin();
    auto g = globalRanks.begin();
    // Rule deck order, each rule's violations in the engine's subject order.
    while (l != localRanks.end() || g != globalRanks.end()) {
        if (g == globalRanks.end() || (l != localRanks.end() && !byRank(*g, *l)))
            merged.push_back(std::move(local[(l++)->second]));
        else
            merged.push_back(m_globalShown[(g++)->second]);
    }
    // Provided violations (outside the rule deck) come last.
    merged.insert(merged.end(), m_providedShown.begin(), m_providedShown.end());
    return merged;
}

ViolationDelta LiveValidator::difference(const std::vector<Violation> &before,
                                         const std::vector<Violation> &after)
{
    ViolationDelta delta;
    auto less = [](const Violation *a, const Violation *b) {
        return sortKey(*a) < sortKey(*b);
    };
    auto sorted = [&less](const std::vector<Violation> &list) {
        std::vector<const Violation *> pointers;
        pointers.reserve(list.size());
        for (const Violation &violation : list)
            pointers.push_back(&violation);
        std::sort(pointers.begin(), pointers.end(), less);
        return pointers;
    };
    const auto was = sorted(before);
    const auto now = sorted(after);
    std::size_t a = 0, b = 0;
    while (a < was.size() || b < now.size()) {
        if (b == now.size() || (a < was.size() && less(was[a], now[b])))
            delta.removed.push_back(*was[a++]);
        else if (a == was.size() || less(now[b], was[a]))
            delta.added.push_back(*now[b++]);
        else {
            ++a;
            ++b;
        }
    }
    return delta;
}

const std::vector<Violation> &LiveValidator::violations() const
{
    if (m_listStale) {
        std::vector<Violation> local = m_localNeedsFull ? m_localShown
            : m_localListed                             ? std::move(*m_localListed)
                                                        : m_local->violations();
        m_localListed.reset();
        m_result.violations = mergeInDeckOrder(std::move(local));
        m_listStale = false;
    }
    return m_result.violations;
}

const ValidationResult &LiveValidator::result() const
{
    violations();
    return m_result;
}

void LiveValidator::publish(ViolationDelta localDelta)
{
    // The local engine reports its own delta; the global findings are few (fabric and
    // design scope), so theirs is a difference of the two short lists.
    std::vector<Violation> global = shownGlobal();
    ViolationDelta delta = std::move(localDelta);
    delta.append(difference(m_globalShown, global));
    m_globalShown = std::move(global);
    std::vector<Violation> provided = shownProvided();
    delta.append(difference(m_providedShown, provided));
    m_providedShown = std::move(provided);

    const ValidationResult local = localSummary();
    ValidationResult combined;
    combined.errors = local.errors;
    combined.warnings = local.warnings;
    combined.infos = local.infos;
    combined.waived = local.waived;
    for (const std::vector<Violation> *list : { &m_globalShown, &m_providedShown })
        for (const Violation &violation : *list) {
            if (violation.waived)
                ++combined.waived;
            else if (violation.severity == Severity::Error)
                ++combined.errors;
            else if (violation.severity == Severity::Warning)
                ++combined.warnings;
            else
                ++combined.infos;
        }
    // Each engine judges only its own rules' waivers; one naming a rule in neither deck is
    // stale for both (keep the local copy of that verdict).
    for (const StaleWaiver &stale : local.staleWaivers)
        if (!hasKey(m_globalKeys, stale.waiver.ruleKey))
            combined.staleWaivers.push_back(stale);
    for (const StaleWaiver &stale : m_globalResult.staleWaivers)
        if (hasKey(m_globalKeys, stale.waiver.ruleKey))
            combined.staleWaivers.push_back(stale);
    std::sort(combined.staleWaivers.begin(), combined.staleWaivers.end(),
              [](const StaleWaiver &a, const StaleWaiver &b) { return a.index < b.index; });
    auto mentionsKeyOf = [](const std::string &note, const std::vector<std::string> &keys) {
        return std::any_of(keys.begin(), keys.end(), [&note](const std::string &key) {
            return note.find("\"" + key + "\"") != std::string::npos;
        });
    };
    for (const std::string &note : local.notes)
        if (!(note.starts_with("severity override for unknown rule")
              && mentionsKeyOf(note, m_globalKeys)))
            combined.notes.push_back(note);
    for (const std::string &note : m_globalResult.notes)
        if (!note.starts_with("severity override for unknown rule")
            && std::find(combined.notes.begin(), combined.notes.end(), note)
                == combined.notes.end())
            combined.notes.push_back(note);
    for (const std::string &key : m_deckOrder) {
        const auto &run = hasKey(m_globalKeys, key) ? m_globalResult : local;
        if (hasKey(run.rulesRun, key))
            combined.rulesRun.push_back(key);
        if (hasKey(run.rulesDisabled, key))
            combined.rulesDisabled.push_back(key);
    }

    const bool listChanged = !delta.isEmpty() || m_result.staleWaivers != combined.staleWaivers;
    // The list itself is rebuilt only when someone asks for it (violations()).
    if (!delta.isEmpty() || m_listStale)
        combined.violations.clear();
    else
        combined.violations = std::move(m_result.violations);
    m_listStale = !delta.isEmpty() || m_listStale;
    m_result = std::move(combined);
    if (listChanged)
        emit violationsChanged(delta);
}

} // namespace cw

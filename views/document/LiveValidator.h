#pragma once

#include "model/core/ChangeSet.h"
#include "model/validation/ValidationEngine.h"

#include <QObject>
#include <QThreadPool>
#include <QTimer>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace cw {

class Catalog;
class Design;
class DesignPatch;

/// Keeps the design's violations current while it is edited (docs/workbench.md, "How an edit
/// flows"). The cheap rules (rack, device and link scope) re-run incrementally and synchronously on
/// every change; the global rules (fabric and design scope: connectivity, oversubscription,
/// site budgets...) run debounced on a worker thread against a snapshot copy of the design.
/// A change naming a large part of the design (every rack deleted, or that undone) takes the
/// cheap rules to the worker too, as a full run: until it is back, the list keeps the cheap
/// rules' previous findings that still name existing objects, and isPending() is true.
/// A worker result that started before the latest change is stale and is dropped (a
/// generation counter), so the list never mixes a newer design with an older verdict.
/// Together the two halves give exactly what ValidationEngine::runFull gives.
class LiveValidator : public QObject
{
    Q_OBJECT

public:
    explicit LiveValidator(const Catalog &catalog, QObject *parent = nullptr);
    ~LiveValidator() override;

    /// The date waiver expiry is judged against (tests); empty = today.
    void setToday(const std::string &isoDate);
    /// Quiet time after the last change before the global rules run.
    void setDebounceMs(int ms) { m_debounce.setInterval(ms); }

    /// Starts over on `design` (a document opened or created): full run. The design must
    /// outlive this validator or the next reset().
    void reset(const Design &design);
    /// As reset(), with every rule on the worker (a design just opened): `copy` is a copy
    /// of `design` made elsewhere (the loading worker), so the GUI thread neither copies nor
    /// validates. The list is empty and isPending() is true until the run is back.
    void resetOnWorker(const Design &design, std::shared_ptr<Design> copy);
    /// The design changed by `changes`: cheap rules now, global rules after the debounce.
    /// The worker's copy is taken afresh (a whole-design copy on the GUI thread).
    void designChanged(const ChangeSet &changes);
    /// The design changed by applying `patch` (or reverting it, !forward): as
    /// designChanged, but the worker brings its own copy up to date by applying the same
    /// patch (shared with the undo command, not copied), so the GUI thread copies nothing.
    void designPatched(const std::shared_ptr<const DesignPatch> &patch, bool forward,
                       const ChangeSet &changes);
    /// Whole-design copies taken for the worker so far (the benchmark and tests check that
    /// edits do not take any).
    int designCopies() const { return m_designCopies; }
    /// Runs whatever is pending now and waits for it (tests, before saving a report).
    void flush();
    /// Violations from outside the rule deck, by provider (as-built findings,
    /// views/docks/AsBuiltProvider.h): listed after the deck's in violations() and result(),
    /// hidden while an object they name is deleted, never saved. An empty list removes them.
    void setProvided(const std::string &provider, std::vector<Violation> violations);

    /// The current list, in rule deck order. Built on first use after a change (O(list));
    /// consumers that follow every edit apply violationsChanged's delta instead.
    const std::vector<Violation> &violations() const;
    /// The current list with counts and stale waivers, as one full run would report it.
    const ValidationResult &result() const;
    /// The counts, rules run, stale waivers and notes of result(), without building the list.
    const ValidationResult &summary() const { return m_result; }
    /// Whether the global rules still have to catch up with the latest change.
    bool isPending() const;
    std::uint64_t generation() const { return m_generation; }
    /// Worker results dropped because the design changed while they ran.
    int staleResultsDropped() const { return m_staleDropped; }

signals:
    /// The list changed by `delta` (what left it and what joined it since the previous
    /// emission); also emitted when only the stale waivers changed (then the delta is empty).
    void violationsChanged(const cw::ViolationDelta &delta);
    /// The global rules caught up with the latest change.
    void settled();
    /// A worker run of the global rules started on a snapshot.
    void globalRunStarted();

private:
    void designChanged(const ChangeSet &changes, bool mirrored);
    void startGlobalRun();
    /// `freshLocalList` is `freshLocal`'s findings, listed on the worker (1.2 million at
    /// 131,072 nodes: a second of the GUI thread otherwise), `freshLocalCopy` the same list
    /// again for m_localListed.
    void acceptGlobal(std::uint64_t generation, ValidationResult result,
                      std::shared_ptr<ValidationEngine> freshLocal,
                      std::vector<Violation> freshLocalList = {},
                      std::vector<Violation> freshLocalCopy = {});
    /// A local engine like m_local, without a run yet (the worker's full run of a huge change).
    std::shared_ptr<ValidationEngine> makeLocalEngine() const;
    /// Defers the cheap rules of a huge change to the worker: the published local findings
    /// lose those naming deleted objects; returns that as a delta.
    ViolationDelta deferLocal();
    /// Takes `engine` (which has run in full on the current design) as the local engine and
    /// returns how the published list changes (from the deferred list to its findings).
    /// `listed`, when given, is engine->violations() made beforehand (on the worker).
    ViolationDelta adoptLocal(std::shared_ptr<ValidationEngine> engine,
                              std::optional<std::vector<Violation>> listed = std::nullopt);
    /// The local half of the summary: the engine's, or recounted from the deferred list.
    ValidationResult localSummary() const;
    void publish(ViolationDelta localDelta);
    std::size_t rankOf(const std::string &ruleKey) const;
    /// The global verdicts that name only entities that still exist.
    std::vector<Violation> shownGlobal() const;
    /// The provided violations that name only entities that still exist.
    std::vector<Violation> shownProvided() const;
    /// The local and global lists merged in deck order.
    std::vector<Violation> mergeInDeckOrder(std::vector<Violation> local) const;
    /// The multiset difference of two short lists (the global rules' findings).
    static ViolationDelta difference(const std::vector<Violation> &before,
                                     const std::vector<Violation> &after);

    const Catalog &m_catalog;
    const Design *m_design = nullptr;
    /// Shared: a worker's full run of a huge change builds the next one (startGlobalRun).
    std::shared_ptr<ValidationEngine> m_local;
    std::unique_ptr<ValidationEngine> m_global; ///< used by one worker job at a time
    std::vector<std::string> m_localKeys;
    std::vector<std::string> m_globalKeys;
    std::vector<std::string> m_deckOrder; ///< every key in builtinRules() order
    std::unordered_map<std::string, std::size_t> m_rank; ///< key -> index in m_deckOrder
    ValidationResult m_globalResult; ///< the worker's last accepted run (global rules only)
    std::vector<Violation> m_globalShown; ///< its violations naming live entities
    /// The combined result; its violation list is built by violations() when stale.
    mutable ValidationResult m_result;
    mutable bool m_listStale = false;
    /// m_local->violations() as listed on the worker for an adopted engine (1.2 million
    /// findings at 131,072 nodes): the next violations() takes it instead of listing the
    /// engine again on the GUI thread. Dropped whenever m_local changes.
    mutable std::optional<std::vector<Violation>> m_localListed;
    ChangeSet m_pendingGlobal; ///< changes the global engine has not seen
    /// The local engine has not seen a huge change: the worker's next run re-runs the cheap
    /// rules in full, and m_localShown is what the list shows of them meanwhile.
    bool m_localNeedsFull = false;
    std::vector<Violation> m_localShown;
    std::string m_today; ///< setToday()'s date, for engines made later
    std::map<std::string, std::vector<Violation>> m_provided; ///< see setProvided()
    std::vector<Violation> m_providedShown; ///< shownProvided() at the last publish
    /// The worker's design: a copy taken once, then kept current by the patches the
    /// document applied (m_pendingPatches), applied in order on the worker thread. Only
    /// worker jobs touch it (one at a time); the GUI thread replaces the pointer, never
    /// the object.
    std::shared_ptr<Design> m_mirror;
    std::vector<std::pair<std::shared_ptr<const DesignPatch>, bool>> m_pendingPatches;
    bool m_mirrorCurrent = false; ///< false: the next run starts from a fresh copy
    int m_designCopies = 0;
    bool m_globalNeedsFull = true;
    std::uint64_t m_generation = 0;
    int m_jobsInFlight = 0;
    int m_staleDropped = 0;
    QTimer m_debounce;
    QThreadPool m_pool;
};

} // namespace cw

Q_DECLARE_METATYPE(cw::ViolationDelta)

#pragma once

#include "model/core/Design.h"
#include "model/validation/DesignIndex.h"
#include "model/validation/Rule.h"
#include "model/validation/Violation.h"
#include "model/validation/ViolationDelta.h"

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cw {

class Catalog;

/// A waiver that did not apply: it matches no violation, names an unknown rule, or expired.
struct StaleWaiver
{
    std::size_t index = 0; ///< position in Design::waivers()
    Waiver waiver;
    std::string reason;
    bool expired = false;

    bool operator==(const StaleWaiver &) const = default;
};

/// The outcome of a validation run: every violation (waived ones included, marked), what
/// was checked and what was not.
struct ValidationResult
{
    std::vector<Violation> violations; ///< rule deck order, then subject id
    std::vector<std::string> rulesRun; ///< keys of the rules that ran
    std::vector<std::string> rulesDisabled; ///< keys switched "off" by a severity override
    std::vector<StaleWaiver> staleWaivers;
    std::vector<std::string> notes; ///< overrides that were ignored, and why
    int errors = 0; ///< not waived
    int warnings = 0; ///< not waived
    int infos = 0; ///< not waived
    int waived = 0;

    bool operator==(const ValidationResult &) const = default;
    /// Whether a violation that is not waived is at `severity` or worse.
    bool hasAtLeast(Severity severity) const;
};

/// Which published violations ValidationEngine::forEachViolation visits, and what it fills in.
struct ViolationVisit
{
    bool names = true; ///< fill Violation::names (the text output does not print them)
    bool openErrorsOnly = false; ///< only errors that are not waived (an export's gate)
};

/// The rule engine (KiCad DRC model): runs the rule deck over a design, applies severity
/// overrides and waivers from the design, and re-checks only what a ChangeSet touched.
/// One engine per document: it remembers the design it last saw.
class ValidationEngine
{
public:
    /// With the built-in rule deck.
    explicit ValidationEngine(const Catalog &catalog);
    ValidationEngine(const Catalog &catalog, std::vector<std::unique_ptr<Rule>> rules);
    ~ValidationEngine();

    /// The date waiver expiry is judged against (ISO 8601, "2025-06-30"); empty = today (UTC).
    void setToday(std::string isoDate) { m_today = std::move(isoDate); }

    const std::vector<std::unique_ptr<Rule>> &rules() const { return m_rules; }
    const Rule *rule(std::string_view key) const;

    /// Checks everything.
    ValidationResult runFull(const Design &design);
    /// Checks everything, for a caller that will not re-check edits with this engine (the
    /// CLI, validateDesign): the index keeps no copy of the design for later comparisons, so
    /// the run is cheaper. Same result as runFull; a later runIncremental runs in full.
    ValidationResult runOnce(const Design &design);
    /// As runOnce, but the violations are kept as the rules found them, unformatted, and only
    /// the summary (counts, rules run, stale waivers, notes) is returned: the cost of holding
    /// a finding is its entities, not its text. Read them with forEachViolation, violations()
    /// or result() (the same list as runOnce's) while `design` is alive and unchanged: their
    /// messages and names are written from it then. The next run of any kind starts afresh
    /// (a delta run lists everything as added).
    const ValidationResult &runOnceLazy(const Design &design);
    /// Re-checks what `changes` (everything since the previous run, merged) made dirty.
    /// Falls back to a full run when there was no previous run. Same result as runFull.
    ValidationResult runIncremental(const Design &design, const ChangeSet &changes);

    /// As runFull, but returns how the published list changed since the previous run
    /// (everything is added on the first run); read the rest from summary().
    ViolationDelta runFullDelta(const Design &design);
    /// As runIncremental, but returns only how the published list changed: the cost follows
    /// the subjects re-checked, not the size of the list (no copy of it is made).
    ViolationDelta runIncrementalDelta(const Design &design, const ChangeSet &changes);

    /// The last run's result without its violation list: counts, rules run and disabled,
    /// stale waivers, notes. Kept up to date per run in O(rules + waivers).
    const ValidationResult &summary() const { return m_summary; }
    /// The last run's whole result, violations included (a copy: O(violations)).
    ValidationResult result() const;
    /// The published violations of the last run, in rule deck order then subject id.
    std::vector<Violation> violations() const;

    /// Calls `visit` with each published violation of the last run in violations() order,
    /// built one at a time in one reused Violation (valid during the call only): printing a
    /// million of them allocates nothing per violation. After runOnceLazy, the design it was
    /// given must be alive and unchanged.
    void forEachViolation(const std::function<void(const Violation &)> &visit,
                          ViolationVisit what = {}) const;

    /// Rule checks (rule x subject) the last run performed; for tests and benchmarks.
    std::size_t lastCheckCount() const { return m_lastChecks; }

private:
    using Results = std::map<std::uint64_t, std::vector<Violation>>;

    /// What a rule's violations look like when published; a change re-publishes them all.
    struct Publication
    {
        bool enabled = false;
        Severity severity = Severity::Error;
        std::vector<std::size_t> waivers; ///< indices of the waivers in force for the rule

        bool operator==(const Publication &) const = default;
    };

    struct Settings
    {
        std::vector<Publication> rules;
        std::vector<std::string> notes;
        std::vector<StaleWaiver> stale; ///< unknown rule or expired, whatever was found
    };

    ViolationDelta run(const Design &design, const ChangeSet *changes, bool wantDelta);
    Settings readSettings(const Design &design) const;
    void runRule(std::size_t ruleIndex, const RuleContext &context, const DirtySubjects *dirty,
                 bool full);
    /// `known`: the subject was taken from the design's table, so it exists.
    void runSubject(std::size_t ruleIndex, const RuleContext &context, std::uint64_t subject,
                    const std::vector<Violation> &before, bool known);
    /// The violation as published: the rule's severity and the first waiver covering it.
    Violation published(std::size_t ruleIndex, const Violation &stored) const;
    /// The published form of a finding kept by runOnceLazy, into `out` (its capacity reused).
    void publishFinding(std::size_t ruleIndex, const Finding &finding, const ViolationVisit &what,
                        Violation &out) const;
    /// The violation a rule's finding stands for, its text written (runSubject's eager form).
    Violation violationOf(const Rule &rule, const RuleContext &context, Finding &&finding) const;
    /// Counts a stored violation in (+1) or out (-1) of the summary and waiver uses, and
    /// records it in the delta being built.
    void account(std::size_t ruleIndex, const Violation &stored, int sign);
    /// The counting part of account(), for findings kept unformatted (no delta: runOnceLazy).
    void count(std::size_t ruleIndex, const std::vector<EntityRef> &entities, int sign);
    /// runOnceLazy's check of one subject: its findings counted and kept as found.
    void keepSubject(std::size_t ruleIndex, const RuleContext &context, std::uint64_t subject);
    /// Forgets every stored finding and zeroes the counts (a lazy run, or the run after one).
    void clearFindings();
    void retractRule(std::size_t ruleIndex);
    void summarize(const Settings &settings);
    std::string today() const;

    const Catalog &m_catalog;
    std::vector<std::unique_ptr<Rule>> m_rules;
    std::vector<Results> m_results; ///< per rule: subject id -> its violations as found
    std::vector<Publication> m_published; ///< per rule: how m_results are published
    std::vector<Waiver> m_waivers; ///< the design's waivers the publication refers to
    std::vector<int> m_waiverUses; ///< per waiver: published violations it covers
    ValidationResult m_summary;
    ViolationDelta *m_delta = nullptr; ///< the delta being built, if any
    DesignIndex m_index;
    bool m_hasRun = false;
    bool m_once = false; ///< the run in progress is runOnce's
    bool m_lazyRequested = false; ///< the run in progress is runOnceLazy's
    bool m_lazy = false; ///< the last (or current) run is runOnceLazy's: m_kept holds it
    std::vector<std::vector<Finding>> m_kept; ///< per rule: runOnceLazy's findings, in order
    std::unique_ptr<RuleContext> m_keptContext; ///< what m_kept's text is written against
    std::string m_today;
    std::size_t m_lastChecks = 0;
    std::vector<Finding> m_findings; ///< scratch buffer reused across checks
};

/// Validates a design once with the built-in deck.
ValidationResult validateDesign(const Design &design, const Catalog &catalog,
                                std::string today = {});

/// The built-in rule deck, in report order (power, cooling, space, network, RoCE, storage,
/// scheduler).
std::vector<std::unique_ptr<Rule>> builtinRules();

} // namespace cw

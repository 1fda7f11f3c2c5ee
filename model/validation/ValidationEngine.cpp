#include "model/validation/ValidationEngine.h"

#include "model/validation/RuleContext.h"

#include <algorithm>
#include <ctime>
#include <iterator>
#include <unordered_map>

namespace cw {
namespace {

constexpr std::uint64_t kDesignSubject = 0;

EntityKind kindOf(RuleScope scope)
{
    switch (scope) {
    case RuleScope::Rack:
        return EntityKind::Rack;
    case RuleScope::Device:
        return EntityKind::Device;
    case RuleScope::Link:
        return EntityKind::Link;
    case RuleScope::Fabric:
        return EntityKind::Fabric;
    case RuleScope::Design:
        break;
    }
    return EntityKind::Row; // unused for the design scope
}

bool subjectExists(const Design &design, RuleScope scope, std::uint64_t id)
{
    switch (scope) {
    case RuleScope::Rack:
        return design.rack(RackId { id }) != nullptr;
    case RuleScope::Device:
        return design.device(DeviceId { id }) != nullptr;
    case RuleScope::Link:
        return design.link(LinkId { id }) != nullptr;
    case RuleScope::Fabric:
        return design.fabric(FabricId { id }) != nullptr;
    case RuleScope::Design:
        return true;
    }
    return false;
}

/// Whether every id the waiver names is among the violation's entities (a waiver naming no
/// entity covers every violation of its rule).
bool waiverCovers(const Waiver &waiver, const std::vector<EntityRef> &entities)
{
    for (std::uint64_t id : waiver.entityIds) {
        const bool found = std::any_of(entities.begin(), entities.end(),
                                       [id](const EntityRef &ref) { return ref.id == id; });
        if (!found)
            return false;
    }
    return true;
}

} // namespace

std::string_view toString(Severity severity)
{
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Info:
        return "info";
    }
    return "error";
}

std::optional<Severity> parseSeverity(std::string_view text)
{
    if (text == "error")
        return Severity::Error;
    if (text == "warning")
        return Severity::Warning;
    if (text == "info")
        return Severity::Info;
    return std::nullopt;
}

std::string_view toString(RuleScope scope)
{
    switch (scope) {
    case RuleScope::Rack:
        return "rack";
    case RuleScope::Device:
        return "device";
    case RuleScope::Link:
        return "link";
    case RuleScope::Fabric:
        return "fabric";
    case RuleScope::Design:
        return "design";
    }
    return "design";
}

std::vector<EntityKind> readKinds(Inputs inputs)
{
    std::vector<EntityKind> kinds;
    if (inputs & input::RackSpec)
        kinds.push_back(EntityKind::Rack);
    if (inputs & input::kDeviceAll)
        kinds.push_back(EntityKind::Device);
    if (inputs & input::Links)
        kinds.push_back(EntityKind::Link);
    if (inputs & input::Fabrics)
        kinds.push_back(EntityKind::Fabric);
    if (inputs & input::StorageTiers)
        kinds.push_back(EntityKind::StorageTier);
    return kinds;
}

bool ValidationResult::hasAtLeast(Severity severity) const
{
    switch (severity) {
    case Severity::Error:
        return errors > 0;
    case Severity::Warning:
        return errors + warnings > 0;
    case Severity::Info:
        return errors + warnings + infos > 0;
    }
    return false;
}

ValidationEngine::ValidationEngine(const Catalog &catalog)
    : ValidationEngine(catalog, builtinRules())
{ }

ValidationEngine::ValidationEngine(const Catalog &catalog, std::vector<std::unique_ptr<Rule>> rules)
    : m_catalog(catalog)
    , m_rules(std::move(rules))
    , m_results(m_rules.size())
    , m_published(m_rules.size())
{ }

ValidationEngine::~ValidationEngine() = default;

const Rule *ValidationEngine::rule(std::string_view key) const
{
    for (const auto &rule : m_rules)
        if (rule->key() == key)
            return rule.get();
    return nullptr;
}

std::string ValidationEngine::today() const
{
    if (!m_today.empty())
        return m_today;
    const std::time_t now = std::time(nullptr);
    std::tm utc {};
    gmtime_r(&now, &utc);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &utc);
    return buffer;
}

ValidationEngine::Settings ValidationEngine::readSettings(const Design &design) const
{
    Settings settings;
    settings.rules.resize(m_rules.size());
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        settings.rules[i].enabled = true;
        settings.rules[i].severity = m_rules[i]->defaultSeverity();
    }
    for (const auto &[key, value] : design.severityOverrides()) {
        const auto it
            = std::find_if(m_rules.begin(), m_rules.end(),
                           [&name = key](const auto &rule) { return rule->key() == name; });
        if (it == m_rules.end()) {
            settings.notes.push_back("severity override for unknown rule \"" + key + "\" ignored");
            continue;
        }
        Publication &rule = settings.rules[static_cast<std::size_t>(it - m_rules.begin())];
        if (value == "off") {
            rule.enabled = false;
        } else if (auto severity = parseSeverity(value)) {
            rule.severity = *severity;
        } else {
            settings.notes.push_back("severity override \"" + value + "\" for " + key
                                     + " ignored (expected error, warning, info or off)");
        }
    }
    // Waivers in force, by rule; expired ones and unknown rules are stale straight away.
    const std::string now = today();
    const auto &waivers = design.waivers();
    for (std::size_t w = 0; w < waivers.size(); ++w) {
        const Waiver &waiver = waivers[w];
        const auto it = std::find_if(m_rules.begin(), m_rules.end(), [&waiver](const auto &rule) {
            return rule->key() == waiver.ruleKey;
        });
        if (it == m_rules.end()) {
            settings.stale.push_back({ w, waiver, "no rule \"" + waiver.ruleKey + "\"", false });
            continue;
        }
        // ISO 8601 dates compare as text; a waiver is good through its expiry day.
        if (!waiver.expires.empty() && waiver.expires < now) {
            settings.stale.push_back({ w, waiver, "expired on " + waiver.expires, true });
            continue;
        }
        settings.rules[static_cast<std::size_t>(it - m_rules.begin())].waivers.push_back(w);
    }
    return settings;
}

Violation ValidationEngine::published(std::size_t ruleIndex, const Violation &stored) const
{
    const Publication &publication = m_published[ruleIndex];
    Violation violation = stored;
    violation.severity = publication.severity;
    for (std::size_t w : publication.waivers) {
        if (waiverCovers(m_waivers[w], violation.entities)) {
            violation.waived = true;
            violation.waiverReason = m_waivers[w].reason;
            break;
        }
    }
    return violation;
}

void ValidationEngine::publishFinding(std::size_t ruleIndex, const Finding &finding,
                                      const ViolationVisit &what, Violation &out) const
{
    const Publication &publication = m_published[ruleIndex];
    out.ruleKey.assign(m_rules[ruleIndex]->key());
    out.severity = publication.severity;
    finding.writeText(*m_keptContext, out.message, out.fix);
    out.entities.assign(finding.entities.begin(), finding.entities.end());
    out.names.resize(what.names ? finding.entities.size() : 0);
    for (std::size_t i = 0; i < out.names.size(); ++i)
        out.names[i] = m_keptContext->nameOf(finding.entities[i]);
    out.waived = false;
    out.waiverReason.clear();
    for (std::size_t w : publication.waivers) {
        if (waiverCovers(m_waivers[w], finding.entities)) {
            out.waived = true;
            out.waiverReason.assign(m_waivers[w].reason);
            break;
        }
    }
}

Violation ValidationEngine::violationOf(const Rule &rule, const RuleContext &context,
                                        Finding &&finding) const
{
    Violation violation;
    violation.ruleKey = std::string(rule.key());
    violation.severity = rule.defaultSeverity();
    if (finding.writer) {
        finding.writer(context, finding, violation.message, violation.fix);
    } else {
        violation.message = std::move(finding.message);
        violation.fix = std::move(finding.fix);
    }
    violation.entities = std::move(finding.entities);
    for (const EntityRef &ref : violation.entities)
        violation.names.push_back(context.nameOf(ref));
    return violation;
}

void ValidationEngine::count(std::size_t ruleIndex, const std::vector<EntityRef> &entities,
                             int sign)
{
    const Publication &publication = m_published[ruleIndex];
    bool waived = false;
    for (std::size_t w : publication.waivers) {
        if (waiverCovers(m_waivers[w], entities)) {
            m_waiverUses[w] += sign;
            waived = true;
        }
    }
    if (waived)
        m_summary.waived += sign;
    else if (publication.severity == Severity::Error)
        m_summary.errors += sign;
    else if (publication.severity == Severity::Warning)
        m_summary.warnings += sign;
    else
        m_summary.infos += sign;
}

void ValidationEngine::account(std::size_t ruleIndex, const Violation &stored, int sign)
{
    count(ruleIndex, stored.entities, sign);
    if (m_delta)
        (sign > 0 ? m_delta->added : m_delta->removed).push_back(published(ruleIndex, stored));
}

void ValidationEngine::keepSubject(std::size_t ruleIndex, const RuleContext &context,
                                   std::uint64_t subject)
{
    const Rule &rule = *m_rules[ruleIndex];
    ++m_lastChecks;
    std::vector<Finding> &kept = m_kept[ruleIndex];
    const std::size_t first = kept.size();
    rule.check(context, EntityRef { kindOf(rule.scope()), subject }, kept);
    for (std::size_t i = first; i < kept.size(); ++i)
        count(ruleIndex, kept[i].entities, +1);
}

void ValidationEngine::clearFindings()
{
    for (Results &results : m_results)
        results.clear();
    m_kept.clear();
    m_keptContext.reset();
    m_lazy = false;
    m_summary.errors = m_summary.warnings = m_summary.infos = m_summary.waived = 0;
    m_waiverUses.assign(m_waivers.size(), 0);
}

void ValidationEngine::retractRule(std::size_t ruleIndex)
{
    for (const auto &[subject, violations] : m_results[ruleIndex])
        for (const Violation &violation : violations)
            account(ruleIndex, violation, -1);
    m_results[ruleIndex].clear();
}

void ValidationEngine::runSubject(std::size_t ruleIndex, const RuleContext &context,
                                  std::uint64_t subject, const std::vector<Violation> &before,
                                  bool known)
{
    const Rule &rule = *m_rules[ruleIndex];
    std::vector<Violation> after;
    if (known || subjectExists(context.design(), rule.scope(), subject)) {
        ++m_lastChecks;
        m_findings.clear();
        rule.check(context, EntityRef { kindOf(rule.scope()), subject }, m_findings);
        after.reserve(m_findings.size());
        for (Finding &finding : m_findings)
            after.push_back(violationOf(rule, context, std::move(finding)));
    }
    // Only what differs is published; a subject has a handful of findings at most.
    if (before != after) {
        std::vector<bool> kept(after.size(), false);
        for (const Violation &old : before) {
            std::size_t k = 0;
            while (k < after.size() && (kept[k] || !(after[k] == old)))
                ++k;
            if (k < after.size())
                kept[k] = true;
            else
                account(ruleIndex, old, -1);
        }
        for (std::size_t k = 0; k < after.size(); ++k)
            if (!kept[k])
                account(ruleIndex, after[k], +1);
    }
    // The caller took the subject's old entry out, so there is nothing to erase; a full
    // run visits subjects in id order, so the end is the right hint.
    if (!after.empty())
        m_results[ruleIndex].insert_or_assign(m_results[ruleIndex].end(), subject,
                                              std::move(after));
}

void ValidationEngine::runRule(std::size_t ruleIndex, const RuleContext &context,
                               const DirtySubjects *dirty, bool full)
{
    const Rule &rule = *m_rules[ruleIndex];
    Results &results = m_results[ruleIndex];
    auto take = [](Results &from, std::uint64_t subject) {
        std::vector<Violation> taken;
        if (auto it = from.find(subject); it != from.end()) {
            taken = std::move(it->second);
            from.erase(it);
        }
        return taken;
    };
    if (!full) {
        const auto &subjects = dirty->subjects[static_cast<std::size_t>(rule.scope())];
        // Sorted so a run's order (and thus any cache filled on the way) is deterministic.
        std::vector<std::uint64_t> ids;
        for (const auto &[id, inputs] : subjects)
            if ((inputs & rule.reads()) != 0)
                ids.push_back(id);
        std::sort(ids.begin(), ids.end());
        for (std::uint64_t id : ids)
            runSubject(ruleIndex, context, id, take(results, id), false);
        return;
    }
    Results before = std::exchange(results, {});
    // Subjects come from the design's tables here, so they exist.
    auto check = [&](std::uint64_t id) {
        if (m_lazy)
            keepSubject(ruleIndex, context, id);
        else
            runSubject(ruleIndex, context, id, take(before, id), true);
    };
    const Design &design = context.design();
    switch (rule.scope()) {
    case RuleScope::Rack:
        for (const Rack &rack : design.racks())
            check(rack.id.value);
        break;
    case RuleScope::Device:
        for (const Device &device : design.devices())
            check(device.id.value);
        break;
    case RuleScope::Link:
        for (const Link &link : design.links())
            check(link.id.value);
        break;
    case RuleScope::Fabric:
        for (const Fabric &fabric : design.fabrics())
            check(fabric.id.value);
        break;
    case RuleScope::Design:
        check(kDesignSubject);
        break;
    }
    // Subjects that are gone: their violations leave the list.
    for (const auto &[subject, violations] : before)
        for (const Violation &violation : violations)
            account(ruleIndex, violation, -1);
}

ViolationDelta ValidationEngine::run(const Design &design, const ChangeSet *changes, bool wantDelta)
{
    ViolationDelta delta;
    m_delta = wantDelta ? &delta : nullptr;
    m_lastChecks = 0;
    // A lazy run keeps its findings apart from m_results; the run after one starts afresh.
    const bool lazy = m_once && m_lazyRequested;
    if (lazy || m_lazy) {
        clearFindings();
        changes = nullptr;
    }
    DirtySubjects dirty;
    if (changes)
        dirty = m_index.update(design, m_catalog, *changes);
    else
        m_index.rebuild(design, m_catalog,
                        m_once ? DesignIndex::Memory::RulesOnly : DesignIndex::Memory::ForUpdates);
    Settings settings = readSettings(design);
    // A rule whose severity, switch or waivers changed is re-published whole: its old
    // violations leave the list as they were shown, before any waiver index is reused.
    const bool waiversChanged = design.waivers() != m_waivers;
    std::vector<bool> retracted(m_rules.size(), false);
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        const Publication &old = m_published[i];
        const bool touchesWaivers
            = waiversChanged && (!old.waivers.empty() || !settings.rules[i].waivers.empty());
        if (old != settings.rules[i] || touchesWaivers) {
            retractRule(i);
            retracted[i] = true;
        }
    }
    if (waiversChanged) {
        m_waivers = design.waivers();
        m_waiverUses.assign(m_waivers.size(), 0);
    }

    // A lazy run's context outlives it: the kept findings' text is written against it.
    std::unique_ptr<RuleContext> ownContext
        = std::make_unique<RuleContext>(design, m_catalog, m_index);
    const RuleContext &context = *ownContext;
    if (lazy) {
        m_lazy = true;
        m_kept.assign(m_rules.size(), {});
    }
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        const bool wasEnabled = m_published[i].enabled;
        m_published[i] = settings.rules[i];
        if (!m_published[i].enabled)
            continue; // retracted above when it was switched off
        // A rule switched back on, one reading the site or settings that changed, or one
        // re-published whole has no valid results to patch.
        const bool full
            = !changes || !wasEnabled || retracted[i] || (dirty.global & m_rules[i]->reads()) != 0;
        runRule(i, context, &dirty, full);
    }
    // After runOnce the index cannot compare an edit: the next run is a full one.
    m_hasRun = !m_once;
    summarize(settings);
    m_delta = nullptr;
    if (lazy)
        m_keptContext = std::move(ownContext);
    return delta;
}

void ValidationEngine::summarize(const Settings &settings)
{
    m_summary.notes = settings.notes;
    m_summary.rulesRun.clear();
    m_summary.rulesDisabled.clear();
    m_summary.staleWaivers = settings.stale;
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        const Publication &publication = m_published[i];
        (publication.enabled ? m_summary.rulesRun : m_summary.rulesDisabled)
            .emplace_back(m_rules[i]->key());
        for (std::size_t w : publication.waivers) {
            // Nothing was checked for a rule switched off, so its waivers cannot be stale.
            if (publication.enabled && m_waiverUses[w] == 0)
                m_summary.staleWaivers.push_back(
                    { w, m_waivers[w], "matches no violation", false });
        }
    }
    std::sort(m_summary.staleWaivers.begin(), m_summary.staleWaivers.end(),
              [](const StaleWaiver &a, const StaleWaiver &b) { return a.index < b.index; });
}

ValidationResult ValidationEngine::runFull(const Design &design)
{
    run(design, nullptr, false);
    return result();
}

ValidationResult ValidationEngine::runOnce(const Design &design)
{
    struct Once // cleared however run() ends
    {
        bool &flag;
        ~Once() { flag = false; }
    } once { m_once };
    m_once = true;
    run(design, nullptr, false);
    return result();
}

const ValidationResult &ValidationEngine::runOnceLazy(const Design &design)
{
    struct Once // cleared however run() ends
    {
        bool &once;
        bool &lazy;
        ~Once() { once = lazy = false; }
    } flags { m_once, m_lazyRequested };
    m_once = m_lazyRequested = true;
    run(design, nullptr, false);
    return m_summary;
}

ValidationResult ValidationEngine::runIncremental(const Design &design, const ChangeSet &changes)
{
    run(design, m_hasRun ? &changes : nullptr, false);
    return result();
}

ViolationDelta ValidationEngine::runFullDelta(const Design &design)
{
    return run(design, nullptr, true);
}

ViolationDelta ValidationEngine::runIncrementalDelta(const Design &design, const ChangeSet &changes)
{
    return run(design, m_hasRun ? &changes : nullptr, true);
}

void ValidationEngine::forEachViolation(const std::function<void(const Violation &)> &visit,
                                        ViolationVisit what) const
{
    auto skipped = [&](std::size_t ruleIndex) {
        return what.openErrorsOnly && m_published[ruleIndex].severity != Severity::Error;
    };
    if (m_lazy) {
        Violation scratch;
        for (std::size_t i = 0; i < m_kept.size(); ++i) {
            if (skipped(i))
                continue;
            for (const Finding &finding : m_kept[i]) {
                publishFinding(i, finding, what, scratch);
                if (!(what.openErrorsOnly && scratch.waived))
                    visit(scratch);
            }
        }
        return;
    }
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        if (skipped(i))
            continue;
        for (const auto &[subject, violations] : m_results[i]) {
            for (const Violation &violation : violations) {
                Violation shown = published(i, violation);
                if (!what.names)
                    shown.names.clear();
                if (!(what.openErrorsOnly && shown.waived))
                    visit(shown);
            }
        }
    }
}

std::vector<Violation> ValidationEngine::violations() const
{
    if (m_lazy) {
        std::size_t total = 0;
        for (const auto &kept : m_kept)
            total += kept.size();
        std::vector<Violation> list;
        list.reserve(total);
        forEachViolation([&list](const Violation &violation) { list.push_back(violation); });
        return list;
    }
    std::size_t count = 0;
    for (const Results &results : m_results)
        for (const auto &[subject, violations] : results)
            count += violations.size();
    std::vector<Violation> list;
    list.reserve(count);
    for (std::size_t i = 0; i < m_rules.size(); ++i)
        for (const auto &[subject, violations] : m_results[i])
            for (const Violation &violation : violations)
                list.push_back(published(i, violation));
    return list;
}

ValidationResult ValidationEngine::result() const
{
    ValidationResult result = m_summary;
    result.violations = violations();
    return result;
}

void ViolationDelta::append(ViolationDelta other)
{
    if (added.empty())
        added = std::move(other.added);
    else
        std::move(other.added.begin(), other.added.end(), std::back_inserter(added));
    if (removed.empty())
        removed = std::move(other.removed);
    else
        std::move(other.removed.begin(), other.removed.end(), std::back_inserter(removed));
}

ValidationResult validateDesign(const Design &design, const Catalog &catalog, std::string today)
{
    ValidationEngine engine(catalog);
    engine.setToday(std::move(today));
    // The findings are held unformatted and written once, straight into the result.
    engine.runOnceLazy(design);
    return engine.result();
}

} // namespace cw

#include "model/validation/ValidationEngine.h"

#include "model/validation/RuleContext.h"

#include <algorithm>
#include <ctime>
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
bool waiverCovers(const Waiver &waiver, const Violation &violation)
{
    for (std::uint64_t id : waiver.entityIds) {
        const bool found = std::any_of(violation.entities.begin(), violation.entities.end(),
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
    , m_enabled(m_rules.size(), false)
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

void ValidationEngine::readOverrides(const Design &design, std::vector<bool> &enabled,
                                     std::vector<std::optional<Severity>> &severities,
                                     std::vector<std::string> &notes) const
{
    enabled.assign(m_rules.size(), true);
    severities.assign(m_rules.size(), std::nullopt);
    for (const auto &[key, value] : design.severityOverrides()) {
        const auto it
            = std::find_if(m_rules.begin(), m_rules.end(),
                           [&name = key](const auto &rule) { return rule->key() == name; });
        if (it == m_rules.end()) {
            notes.push_back("severity override for unknown rule \"" + key + "\" ignored");
            continue;
        }
        const auto index = static_cast<std::size_t>(it - m_rules.begin());
        if (value == "off") {
            enabled[index] = false;
        } else if (auto severity = parseSeverity(value)) {
            severities[index] = *severity;
        } else {
            notes.push_back("severity override \"" + value + "\" for " + key
                            + " ignored (expected error, warning, info or off)");
        }
    }
}

void ValidationEngine::runSubject(std::size_t ruleIndex, const RuleContext &context,
                                  std::uint64_t subject)
{
    const Rule &rule = *m_rules[ruleIndex];
    Results &results = m_results[ruleIndex];
    if (!subjectExists(context.design(), rule.scope(), subject)) {
        results.erase(subject);
        return;
    }
    ++m_lastChecks;
    m_findings.clear();
    rule.check(context, EntityRef { kindOf(rule.scope()), subject }, m_findings);
    if (m_findings.empty()) {
        results.erase(subject);
        return;
    }
    std::vector<Violation> violations;
    violations.reserve(m_findings.size());
    for (Finding &finding : m_findings) {
        Violation violation;
        violation.ruleKey = std::string(rule.key());
        violation.severity = rule.defaultSeverity();
        violation.message = std::move(finding.message);
        violation.entities = std::move(finding.entities);
        for (const EntityRef &ref : violation.entities)
            violation.names.push_back(context.nameOf(ref));
        violation.fix = std::move(finding.fix);
        violations.push_back(std::move(violation));
    }
    results[subject] = std::move(violations);
}

void ValidationEngine::runRuleFully(std::size_t ruleIndex, const RuleContext &context)
{
    m_results[ruleIndex].clear();
    const Design &design = context.design();
    switch (m_rules[ruleIndex]->scope()) {
    case RuleScope::Rack:
        for (const Rack &rack : design.racks())
            runSubject(ruleIndex, context, rack.id.value);
        break;
    case RuleScope::Device:
        for (const Device &device : design.devices())
            runSubject(ruleIndex, context, device.id.value);
        break;
    case RuleScope::Link:
        for (const Link &link : design.links())
            runSubject(ruleIndex, context, link.id.value);
        break;
    case RuleScope::Fabric:
        for (const Fabric &fabric : design.fabrics())
            runSubject(ruleIndex, context, fabric.id.value);
        break;
    case RuleScope::Design:
        runSubject(ruleIndex, context, kDesignSubject);
        break;
    }
}

ValidationResult ValidationEngine::runFull(const Design &design)
{
    m_lastChecks = 0;
    m_index.rebuild(design, m_catalog);
    std::vector<bool> enabled;
    std::vector<std::optional<Severity>> severities;
    std::vector<std::string> notes;
    readOverrides(design, enabled, severities, notes);
    const RuleContext context(design, m_catalog, m_index);
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        if (enabled[i])
            runRuleFully(i, context);
        else
            m_results[i].clear();
    }
    m_enabled = enabled;
    m_hasRun = true;
    return assemble(design, enabled, severities, std::move(notes));
}

ValidationResult ValidationEngine::runIncremental(const Design &design, const ChangeSet &changes)
{
    if (!m_hasRun)
        return runFull(design);
    m_lastChecks = 0;
    const DirtySubjects dirty = m_index.update(design, m_catalog, changes);
    std::vector<bool> enabled;
    std::vector<std::optional<Severity>> severities;
    std::vector<std::string> notes;
    readOverrides(design, enabled, severities, notes);
    const RuleContext context(design, m_catalog, m_index);
    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        const Rule &rule = *m_rules[i];
        if (!enabled[i]) {
            m_results[i].clear();
            continue;
        }
        // A rule switched back on, or one reading the site or settings that changed, has
        // no valid results to patch.
        if (!m_enabled[i] || (dirty.global & rule.reads()) != 0) {
            runRuleFully(i, context);
            continue;
        }
        const auto &subjects = dirty.subjects[static_cast<std::size_t>(rule.scope())];
        if (subjects.empty())
            continue;
        // Sorted so a run's order (and thus any cache filled on the way) is deterministic.
        std::vector<std::uint64_t> ids;
        for (const auto &[id, inputs] : subjects)
            if ((inputs & rule.reads()) != 0)
                ids.push_back(id);
        std::sort(ids.begin(), ids.end());
        for (std::uint64_t id : ids)
            runSubject(i, context, id);
    }
    m_enabled = enabled;
    return assemble(design, enabled, severities, std::move(notes));
}

ValidationResult ValidationEngine::assemble(const Design &design, const std::vector<bool> &enabled,
                                            const std::vector<std::optional<Severity>> &severities,
                                            std::vector<std::string> notes) const
{
    ValidationResult result;
    result.notes = std::move(notes);
    const std::string now = today();

    // Waivers in force, by rule key; expired ones and unknown rules are stale straight away.
    const auto &waivers = design.waivers();
    std::vector<bool> used(waivers.size(), false);
    std::unordered_map<std::string, std::vector<std::size_t>> active;
    for (std::size_t w = 0; w < waivers.size(); ++w) {
        const Waiver &waiver = waivers[w];
        const Rule *rule = this->rule(waiver.ruleKey);
        if (!rule) {
            result.staleWaivers.push_back(
                { w, waiver, "no rule \"" + waiver.ruleKey + "\"", false });
            continue;
        }
        // ISO 8601 dates compare as text; a waiver is good through its expiry day.
        if (!waiver.expires.empty() && waiver.expires < now) {
            result.staleWaivers.push_back({ w, waiver, "expired on " + waiver.expires, true });
            continue;
        }
        active[waiver.ruleKey].push_back(w);
    }

    for (std::size_t i = 0; i < m_rules.size(); ++i) {
        const std::string key(m_rules[i]->key());
        if (!enabled[i]) {
            result.rulesDisabled.push_back(key);
            // Nothing was checked, so a waiver for it cannot be judged stale.
            if (auto it = active.find(key); it != active.end())
                for (std::size_t w : it->second)
                    used[w] = true;
            continue;
        }
        result.rulesRun.push_back(key);
        const Severity severity = severities[i].value_or(m_rules[i]->defaultSeverity());
        const auto waiversOfRule = active.find(key);
        for (const auto &[subject, violations] : m_results[i]) {
            for (const Violation &stored : violations) {
                Violation violation = stored;
                violation.severity = severity;
                if (waiversOfRule != active.end()) {
                    for (std::size_t w : waiversOfRule->second) {
                        if (!waiverCovers(waivers[w], violation))
                            continue;
                        used[w] = true;
                        if (!violation.waived) {
                            violation.waived = true;
                            violation.waiverReason = waivers[w].reason;
                        }
                    }
                }
                if (violation.waived)
                    ++result.waived;
                else if (severity == Severity::Error)
                    ++result.errors;
                else if (severity == Severity::Warning)
                    ++result.warnings;
                else
                    ++result.infos;
                result.violations.push_back(std::move(violation));
            }
        }
    }
    for (const auto &[key, indices] : active)
        for (std::size_t w : indices)
            if (!used[w])
                result.staleWaivers.push_back({ w, waivers[w], "matches no violation", false });
    std::sort(result.staleWaivers.begin(), result.staleWaivers.end(),
              [](const StaleWaiver &a, const StaleWaiver &b) { return a.index < b.index; });
    return result;
}

ValidationResult validateDesign(const Design &design, const Catalog &catalog, std::string today)
{
    ValidationEngine engine(catalog);
    engine.setToday(std::move(today));
    return engine.runFull(design);
}

} // namespace cw

#include "model/change/DesignMerge.h"

#include "model/catalog/Catalog.h"
#include "model/change/EntityFields.h"
#include "model/change/MergeIds.h"
#include "model/change/MergeSlots.h"

#include <algorithm>
#include <array>
#include <map>
#include <unordered_map>

namespace cw::change {

std::string MergeConflict::describe() const
{
    std::string line = kind + (name.empty() ? "" : " " + name);
    if (!field.empty())
        line += ": " + field;
    line += " " + what + ": ours " + ours + ", theirs " + theirs;
    return line;
}

namespace {

/// Three-way merge of one settings block (site, scheduler, NCCL, workload), field by field.
template<typename E>
E mergeBlock(const E &b, const E &o, const E &t, const char *kind,
             const std::vector<FieldDef<E>> &defs, MergeState &state)
{
    if (o == t || t == b)
        return o;
    if (o == b)
        return t;
    E result = b;
    for (const FieldDef<E> &def : defs) {
        const bool oc = !def.equal(b, o), tc = !def.equal(b, t);
        if (oc && tc && !def.equal(o, t)) {
            state.conflicts.push_back({ kind,
                                        0,
                                        {},
                                        def.name,
                                        "changed both ways",
                                        def.text(o, state.oursC),
                                        def.text(t, state.theirsC) });
            def.copy(result, state.resolve == Resolve::Theirs ? t : o);
        } else if (oc) {
            def.copy(result, o);
        } else if (tc) {
            def.copy(result, t);
        }
    }
    return result;
}

std::string waiverKey(const Waiver &w)
{
    std::string key = w.ruleKey;
    for (std::uint64_t id : w.entityIds)
        key += "," + std::to_string(id);
    return key;
}

/// Waivers and severity overrides, keyed by rule (and entities): whole-item three-way.
template<typename Item, typename Key>
std::vector<Item> mergeKeyed(const std::vector<Item> &b, const std::vector<Item> &o,
                             const std::vector<Item> &t, Key key, const char *kind,
                             MergeState &state)
{
    std::map<std::string, std::array<const Item *, 3>> items;
    for (const Item &i : b)
        items[key(i)][0] = &i;
    for (const Item &i : o)
        items[key(i)][1] = &i;
    for (const Item &i : t)
        items[key(i)][2] = &i;
    auto same = [](const Item *x, const Item *y) {
        return (!x && !y) || (x && y && *x == *y);
    };
    std::vector<Item> result;
    for (const auto &[k, v] : items) {
        const Item *pick = nullptr;
        if (same(v[1], v[2]) || same(v[2], v[0]))
            pick = v[1];
        else if (same(v[1], v[0]))
            pick = v[2];
        else {
            state.conflicts.push_back({ kind,
                                        0,
                                        k,
                                        {},
                                        "changed both ways",
                                        v[1] ? "kept/changed" : "removed",
                                        v[2] ? "kept/changed" : "removed" });
            pick = state.resolve == Resolve::Theirs ? v[2] : v[1];
        }
        if (pick)
            result.push_back(*pick);
    }
    return result;
}

struct SeverityItem
{
    std::string rule;
    std::string level;
    bool operator==(const SeverityItem &) const = default;
};

std::vector<SeverityItem> severityItems(const Design &d)
{
    std::vector<SeverityItem> items;
    for (const auto &[rule, level] : d.severityOverrides())
        items.push_back({ rule, level });
    return items;
}

void mergeSettings(const Design &b, const Design &o, const Design &t, Design &out,
                   MergeState &state)
{
    std::string name = o.name();
    if (o.name() != t.name() && o.name() == b.name())
        name = t.name();
    else if (o.name() != t.name() && t.name() != b.name()) {
        state.conflicts.push_back({ "design",
                                    0,
                                    {},
                                    "name",
                                    "changed both ways",
                                    "\"" + o.name() + "\"",
                                    "\"" + t.name() + "\"" });
        name = state.resolve == Resolve::Theirs ? t.name() : o.name();
    }
    out.setName(name);
    out.setSite(mergeBlock(b.site(), o.site(), t.site(), "site", siteFields(), state));
    out.setNccl(mergeBlock(b.nccl(), o.nccl(), t.nccl(), "nccl", ncclFields(), state));
    out.setWorkload(
        mergeBlock(b.workload(), o.workload(), t.workload(), "workload", workloadFields(), state));
    out.setWaivers(mergeKeyed(b.waivers(), o.waivers(), t.waivers(), waiverKey, "waiver", state));
    std::map<std::string, std::string> severities;
    for (const SeverityItem &i : mergeKeyed(
             severityItems(b), severityItems(o), severityItems(t),
             [](const SeverityItem &i) { return i.rule; }, "severity", state))
        severities[i.rule] = i.level;
    out.setSeverityOverrides(std::move(severities));
}

} // namespace

MergeResult mergeDesigns(const Design &base, const Design &ours, const Design &theirsIn,
                         const Catalog &catalog, Resolve resolve)
{
    MergeResult result;
    const Design theirs = renumberCollisions(base, ours, theirsIn, result.notes);
    MergeState state { resolve, { base, &catalog }, { ours, &catalog }, { theirs, &catalog }, {} };
    MergedTables tables = mergeEntities(base, ours, theirs, state);
    checkStructure(tables, catalog, state);

    Design merged;
    mergeSettings(base, ours, theirs, merged, state);
    result.conflicts = std::move(state.conflicts);
    state.conflicts.clear();
    if (!result.conflicts.empty() && resolve == Resolve::None)
        return result;
    std::string error = assemble(tables, merged, result.notes);
    // Scheduler after the devices: partitions name nodes, and a removed node is dropped.
    SchedulerSettings scheduler = mergeBlock(base.scheduler(), ours.scheduler(), theirs.scheduler(),
                                             "scheduler", schedulerFields(), state);
    for (Partition &p : scheduler.partitions)
        std::erase_if(p.nodes, [&](DeviceId id) { return !merged.device(id); });
    if (!state.conflicts.empty()) { // scheduler conflicts found just now
        result.conflicts.insert(result.conflicts.end(), state.conflicts.begin(),
                                state.conflicts.end());
        if (resolve == Resolve::None)
            return result;
    }
    merged.setScheduler(std::move(scheduler));
    merged.setNextId(
        std::max({ base.nextId(), ours.nextId(), theirs.nextId(), merged.maxUsedId() + 1 }));
    if (!error.empty()) {
        result.conflicts.push_back({ "design", 0, {}, {}, "cannot be assembled", error, error });
        return result;
    }
    result.design = std::move(merged);
    return result;
}

} // namespace cw::change

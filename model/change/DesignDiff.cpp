#include "model/change/DesignDiff.h"

#include "model/change/EntityFields.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace cw::change {

std::string_view toString(ChangeKind kind)
{
    switch (kind) {
    case ChangeKind::Added:
        return "added";
    case ChangeKind::Removed:
        return "removed";
    case ChangeKind::Changed:
        return "changed";
    }
    return "changed";
}

std::string EntityChange::describe() const
{
    std::string line = std::string(toString(change)) + " " + kind;
    if (!name.empty())
        line += " " + name;
    if (!move.empty())
        line += ": " + move;
    if (!recable.empty())
        line += ": " + recable;
    bool first = move.empty() && recable.empty();
    for (const FieldChange &f : fields) {
        line += first ? ": " : "; ";
        first = false;
        line += f.field + " " + f.oldValue + " -> " + f.newValue;
    }
    return line;
}

int DesignDiff::count(std::string_view kind, ChangeKind change) const
{
    return static_cast<int>(
        std::count_if(changes.begin(), changes.end(),
                      [&](const EntityChange &c) { return c.kind == kind && c.change == change; }));
}

namespace {

/// Fields that differ: a field counts when its raw value differs (so a renamed rack does not
/// change its devices) and its text differs too (so an entity re-created under another id,
/// pointing at the same names, does not either).
template<typename E>
std::vector<FieldChange> changedFields(const std::vector<FieldDef<E>> &defs, const E &oldE,
                                       const E &newE, const NameContext &oldC,
                                       const NameContext &newC)
{
    std::vector<FieldChange> result;
    bool rawDiffers = false;
    for (const FieldDef<E> &def : defs) {
        if (def.equal(oldE, newE))
            continue;
        rawDiffers = true;
        std::string before = def.text(oldE, oldC);
        std::string after = def.text(newE, newC);
        if (before != after)
            result.push_back({ def.name, std::move(before), std::move(after) });
    }
    if (!rawDiffers) {
        E same = newE; // entities matched by name differ in id only
        same.id = oldE.id;
        if (!(oldE == same))
            result.push_back({ "(other)", "", "differs" }); // a field missing from the table
    }
    return result;
}

bool hasField(const std::vector<FieldChange> &fields, std::string_view name)
{
    return std::any_of(fields.begin(), fields.end(),
                       [&](const FieldChange &f) { return f.field == name; });
}

struct Context
{
    const Design &oldDesign;
    const Design &newDesign;
    NameContext oldC;
    NameContext newC;
    DesignDiff &diff;
};

/// Matches two id-sorted tables by id (a merge walk), then the rest by `key` (unique keys
/// only), and reports added, removed and changed entities. `annotate` fills move/recable.
template<typename E, typename Key, typename Label, typename Annotate>
std::vector<std::pair<const E *, const E *>>
diffTable(Context &c, const EntityTable<E> &oldT, const EntityTable<E> &newT, const char *kind,
          const std::vector<FieldDef<E>> &defs, Key key, Label label, Annotate annotate)
{
    std::vector<std::pair<const E *, const E *>> pairs;
    std::vector<const E *> oldOnly, newOnly;
    auto o = oldT.begin(), n = newT.begin();
    while (o != oldT.end() || n != newT.end()) {
        if (n == newT.end() || (o != oldT.end() && o->id < n->id))
            oldOnly.push_back(&*o++);
        else if (o == oldT.end() || n->id < o->id)
            newOnly.push_back(&*n++);
        else
            pairs.emplace_back(&*o++, &*n++);
    }
    if (!oldOnly.empty() && !newOnly.empty()) {
        std::unordered_map<std::string, int> count;
        for (const E *e : oldOnly)
            ++count[key(*e, c.oldC)];
        std::unordered_map<std::string, const E *> byKey;
        for (const E *e : oldOnly)
            if (const std::string k = key(*e, c.oldC); count[k] == 1)
                byKey[k] = e;
        std::unordered_set<const E *> matched;
        std::vector<const E *> stillNew;
        for (const E *e : newOnly) {
            auto it = byKey.find(key(*e, c.newC));
            if (it != byKey.end() && it->second) {
                pairs.emplace_back(it->second, e);
                matched.insert(it->second);
                it->second = nullptr;
            } else {
                stillNew.push_back(e);
            }
        }
        newOnly = std::move(stillNew);
        std::erase_if(oldOnly, [&](const E *e) { return matched.contains(e); });
    }
    for (const E *e : oldOnly)
        c.diff.changes.push_back(
            { kind, ChangeKind::Removed, e->id.value, 0, label(*e, c.oldC), {}, {}, {} });
    for (auto &[before, after] : pairs) {
        auto fields = changedFields(defs, *before, *after, c.oldC, c.newC);
        if (fields.empty())
            continue;
        EntityChange change { kind,
                              ChangeKind::Changed,
                              before->id.value,
                              after->id.value,
                              label(*after, c.newC),
                              std::move(fields),
                              {},
                              {} };
        annotate(change, *before, *after);
        c.diff.changes.push_back(std::move(change));
    }
    for (const E *e : newOnly)
        c.diff.changes.push_back(
            { kind, ChangeKind::Added, 0, e->id.value, label(*e, c.newC), {}, {}, {} });
    return pairs;
}

template<typename E>
std::vector<FieldChange> blockFields(const std::vector<FieldDef<E>> &defs, const E &oldE,
                                     const E &newE, const NameContext &oldC,
                                     const NameContext &newC)
{
    std::vector<FieldChange> result;
    for (const FieldDef<E> &def : defs)
        if (!def.equal(oldE, newE))
            result.push_back({ def.name, def.text(oldE, oldC), def.text(newE, newC) });
    return result;
}

template<typename E>
void diffBlock(Context &c, const E &before, const E &after, const char *kind,
               const std::vector<FieldDef<E>> &defs)
{
    auto fields = blockFields(defs, before, after, c.oldC, c.newC);
    if (!fields.empty())
        c.diff.changes.push_back(
            { kind, ChangeKind::Changed, 0, 0, {}, std::move(fields), {}, {} });
}

auto byName()
{
    return [](const auto &e, const NameContext &) {
        return e.name;
    };
}

std::string linkKey(const Link &link, const NameContext &c)
{
    auto end = [&](PortRef p) {
        const Device *d = c.design.device(p.device);
        return (d ? d->name : "#" + std::to_string(p.device.value)) + "|" + std::to_string(p.port);
    };
    std::string a = end(link.a), b = end(link.b);
    return a < b ? a + " - " + b : b + " - " + a;
}

std::string linkLabel(const Link &link, const NameContext &c)
{
    return portText(c, link.a) + " - " + portText(c, link.b);
}

void diffSettings(Context &c)
{
    if (c.oldDesign.name() != c.newDesign.name())
        c.diff.changes.push_back(
            { "design",
              ChangeKind::Changed,
              0,
              0,
              c.newDesign.name(),
              { { "name", "\"" + c.oldDesign.name() + "\"", "\"" + c.newDesign.name() + "\"" } },
              {},
              {} });
    diffBlock(c, c.oldDesign.site(), c.newDesign.site(), "site", siteFields());
    diffBlock(c, c.oldDesign.scheduler(), c.newDesign.scheduler(), "scheduler", schedulerFields());
    diffBlock(c, c.oldDesign.nccl(), c.newDesign.nccl(), "nccl", ncclFields());
    diffBlock(c, c.oldDesign.workload(), c.newDesign.workload(), "workload", workloadFields());
    const auto &before = c.oldDesign.severityOverrides();
    const auto &after = c.newDesign.severityOverrides();
    for (const auto &[rule, level] : before) {
        auto it = after.find(rule);
        if (it == after.end())
            c.diff.changes.push_back({ "severity", ChangeKind::Removed, 0, 0, rule, {}, {}, {} });
        else if (it->second != level)
            c.diff.changes.push_back({ "severity",
                                       ChangeKind::Changed,
                                       0,
                                       0,
                                       rule,
                                       { { "severity", level, it->second } },
                                       {},
                                       {} });
    }
    for (const auto &[rule, level] : after)
        if (!before.contains(rule))
            c.diff.changes.push_back({ "severity",
                                       ChangeKind::Added,
                                       0,
                                       0,
                                       rule,
                                       { { "severity", "(default)", level } },
                                       {},
                                       {} });
}

/// A waiver is known by its rule and the entities it covers.
std::string waiverKey(const Waiver &w)
{
    std::string key = w.ruleKey + " [";
    for (std::size_t i = 0; i < w.entityIds.size(); ++i)
        key += (i ? "," : "") + std::to_string(w.entityIds[i]);
    return key + "]";
}

void diffWaivers(Context &c)
{
    std::unordered_map<std::string, const Waiver *> before;
    for (const Waiver &w : c.oldDesign.waivers())
        before.emplace(waiverKey(w), &w);
    std::unordered_map<std::string, bool> kept;
    for (const Waiver &w : c.newDesign.waivers()) {
        const std::string key = waiverKey(w);
        auto it = before.find(key);
        if (it == before.end()) {
            c.diff.changes.push_back({ "waiver", ChangeKind::Added, 0, 0, key, {}, {}, {} });
            continue;
        }
        kept[key] = true;
        diffBlock(c, *it->second, w, "waiver", waiverFields());
        if (!c.diff.changes.empty() && c.diff.changes.back().kind == "waiver"
            && c.diff.changes.back().name.empty())
            c.diff.changes.back().name = key;
    }
    for (const Waiver &w : c.oldDesign.waivers())
        if (!kept.contains(waiverKey(w)))
            c.diff.changes.push_back(
                { "waiver", ChangeKind::Removed, 0, 0, waiverKey(w), {}, {}, {} });
}

} // namespace

DesignDiff diffDesigns(const Design &oldDesign, const Design &newDesign, const Catalog *catalog)
{
    DesignDiff diff;
    Context c { oldDesign, newDesign, { oldDesign, catalog }, { newDesign, catalog }, diff };
    diffSettings(c);
    auto none = [](EntityChange &, const auto &, const auto &) {
    };
    diffTable(c, oldDesign.rows(), newDesign.rows(), "row", rowFields(), byName(), byName(), none);
    diffTable(c, oldDesign.racks(), newDesign.racks(), "rack", rackFields(), byName(), byName(),
              [&](EntityChange &change, const Rack &before, const Rack &after) {
                  if (!hasField(change.fields, "row") && !hasField(change.fields, "position"))
                      return;
                  auto place = [](const Design &d, const Rack &r) {
                      const Row *row = d.row(r.row);
                      return "row " + (row ? row->name : std::string("?")) + " position "
                          + std::to_string(r.position);
                  };
                  change.move = "rack " + after.name + " from " + place(oldDesign, before) + " to "
                      + place(newDesign, after);
              });
    diffTable(c, oldDesign.fabrics(), newDesign.fabrics(), "fabric", fabricFields(), byName(),
              byName(), none);
    const auto devices
        = diffTable(c, oldDesign.devices(), newDesign.devices(), "device", deviceFields(), byName(),
                    byName(), [&](EntityChange &change, const Device &before, const Device &after) {
                        if (hasField(change.fields, "rack") || hasField(change.fields, "uPosition"))
                            change.move = "device " + after.name + " from "
                                + deviceLocation(oldDesign, before.id) + " to "
                                + deviceLocation(newDesign, after.id);
                    });
    for (const auto &[before, after] : devices)
        diff.sameDevices.emplace_back(before->id, after->id);
    const auto links
        = diffTable(c, oldDesign.links(), newDesign.links(), "link", linkFields(), linkKey,
                    linkLabel, [&](EntityChange &change, const Link &before, const Link &after) {
                        if (!hasField(change.fields, "a") && !hasField(change.fields, "b"))
                            return;
                        change.recable = "re-cabled from " + portText(c.oldC, before.a) + " - "
                            + portText(c.oldC, before.b) + " to " + portText(c.newC, after.a)
                            + " - " + portText(c.newC, after.b);
                    });
    for (const auto &[before, after] : links)
        diff.sameLinks.push_back({ before->id, after->id });
    diffTable(c, oldDesign.storageTiers(), newDesign.storageTiers(), "storage tier",
              storageTierFields(), byName(), byName(), none);
    diffWaivers(c);
    return diff;
}

} // namespace cw::change

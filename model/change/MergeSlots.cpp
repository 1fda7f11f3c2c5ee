#include "model/change/MergeSlots.h"

#include "model/catalog/Catalog.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace cw::change {
namespace {

template<typename E>
std::vector<Slot<E>> slotsOf(const EntityTable<E> &b, const EntityTable<E> &o,
                             const EntityTable<E> &t)
{
    std::vector<std::uint64_t> ids;
    ids.reserve(b.size() + o.size() + t.size());
    for (const auto *table : { &b, &o, &t })
        for (const E &e : *table)
            ids.push_back(e.id.value);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<Slot<E>> slots;
    slots.reserve(ids.size());
    using Id = decltype(E::id);
    for (std::uint64_t id : ids)
        slots.push_back(
            { id, b.find(Id { id }), o.find(Id { id }), t.find(Id { id }), {}, Origin::Base });
    return slots;
}

template<typename E>
bool same(const E *x, const E *y)
{
    return (!x && !y) || (x && y && *x == *y);
}

template<typename E>
std::optional<E> copyOf(const E *e)
{
    return e ? std::optional<E>(*e) : std::nullopt;
}

template<typename E>
std::string nameOf(const Slot<E> &s)
{
    if constexpr (requires(E e) { e.name; }) {
        for (const E *e : { s.ours, s.theirs, s.base })
            if (e)
                return e->name;
        return {};
    } else {
        return "#" + std::to_string(s.id);
    }
}

template<typename E>
std::vector<Slot<E>> mergeTable(const EntityTable<E> &b, const EntityTable<E> &o,
                                const EntityTable<E> &t, const char *kind,
                                const std::vector<FieldDef<E>> &defs, MergeState &state)
{
    std::vector<Slot<E>> slots = slotsOf(b, o, t);
    for (Slot<E> &s : slots) {
        if (same(s.ours, s.theirs) || same(s.theirs, s.base)) {
            s.value = copyOf(s.ours);
            s.origin = same(s.ours, s.base)
                ? Origin::Base
                : (same(s.ours, s.theirs) ? Origin::Both : Origin::Ours);
            continue;
        }
        if (same(s.ours, s.base)) {
            s.value = copyOf(s.theirs);
            s.origin = Origin::Theirs;
            continue;
        }
        s.origin = Origin::Both;
        if (!s.base || !s.ours || !s.theirs) {
            // Removed on one side and changed on the other, or two different additions.
            auto state3 = [&](const E *e, const NameContext &) {
                return std::string(!e ? "removed" : (s.base ? "changed" : "added"));
            };
            state.conflicts.push_back({ kind,
                                        s.id,
                                        nameOf(s),
                                        {},
                                        s.base ? "removed on one side, changed on the other"
                                               : "added differently on both sides",
                                        state3(s.ours, state.oursC),
                                        state3(s.theirs, state.theirsC) });
            s.value = copyOf(state.resolve == Resolve::Theirs ? s.theirs : s.ours);
            continue;
        }
        E merged = *s.base;
        for (const FieldDef<E> &def : defs) {
            const bool oc = !def.equal(*s.base, *s.ours), tc = !def.equal(*s.base, *s.theirs);
            if (oc && tc && !def.equal(*s.ours, *s.theirs)) {
                state.conflicts.push_back({ kind, s.id, nameOf(s), def.name, "changed both ways",
                                            def.text(*s.ours, state.oursC),
                                            def.text(*s.theirs, state.theirsC) });
                def.copy(merged, state.resolve == Resolve::Theirs ? *s.theirs : *s.ours);
            } else if (oc) {
                def.copy(merged, *s.ours);
            } else if (tc) {
                def.copy(merged, *s.theirs);
            }
        }
        s.value = std::move(merged);
    }
    return slots;
}

template<typename E>
Slot<E> *findSlot(std::vector<Slot<E>> &slots, std::uint64_t id)
{
    auto it = std::lower_bound(slots.begin(), slots.end(), id,
                               [](const Slot<E> &s, std::uint64_t v) { return s.id < v; });
    return it != slots.end() && it->id == id ? &*it : nullptr;
}

template<typename E>
bool present(std::vector<Slot<E>> &slots, std::uint64_t id)
{
    const Slot<E> *s = findSlot(slots, id);
    return s && s->value;
}

Origin preferred(Resolve r)
{
    return r == Resolve::Theirs ? Origin::Theirs : Origin::Ours;
}

/// The losing entity takes the winning side's version (possibly: absent).
template<typename E>
void takeWinner(Slot<E> &s, Resolve r)
{
    s.value = copyOf(r == Resolve::Theirs ? s.theirs : s.ours);
    s.origin = preferred(r);
}

std::string sideText(Origin o)
{
    switch (o) {
    case Origin::Ours:
        return "ours";
    case Origin::Theirs:
        return "theirs";
    case Origin::Both:
        return "both";
    case Origin::Base:
        break;
    }
    return "base";
}

struct Checker
{
    MergedTables &t;
    const Catalog &catalog;
    MergeState &state;
    bool changed = false;

    /// `holder` refers to `target` (kind `targetKind`), which the merge left absent.
    template<typename H, typename T>
    void dangling(Slot<H> &holder, const char *kind, std::vector<Slot<T>> &targets,
                  std::uint64_t target, const char *targetKind)
    {
        if (present(targets, target))
            return;
        Slot<T> *ts = findSlot(targets, target);
        const std::string targetName = ts ? nameOf(*ts) : "#" + std::to_string(target);
        state.conflicts.push_back({ kind,
                                    holder.id,
                                    nameOf(holder),
                                    {},
                                    std::string("refers to ") + targetKind + " " + targetName
                                        + ", which the other side removed",
                                    holder.origin == Origin::Theirs ? "removed it" : "uses it",
                                    holder.origin == Origin::Theirs ? "uses it" : "removed it" });
        if (state.resolve == Resolve::None)
            return;
        changed = true;
        if (holder.origin == preferred(state.resolve) && ts
            && (state.resolve == Resolve::Theirs ? ts->theirs : ts->ours))
            takeWinner(*ts, state.resolve);
        else
            takeWinner(holder, state.resolve);
    }

    void references()
    {
        for (auto &s : t.racks)
            if (s.value)
                dangling(s, "rack", t.rows, s.value->row.value, "row");
        for (auto &s : t.devices)
            if (s.value)
                dangling(s, "device", t.racks, s.value->rack.value, "rack");
        for (auto &s : t.links) {
            if (s.value)
                dangling(s, "link", t.fabrics, s.value->fabric.value, "fabric");
            if (s.value)
                dangling(s, "link", t.devices, s.value->a.device.value, "device");
            if (s.value)
                dangling(s, "link", t.devices, s.value->b.device.value, "device");
        }
    }

    std::string linkText(const Slot<Link> &s)
    {
        const Link &l = *s.value;
        const NameContext &c = s.origin == Origin::Theirs ? state.theirsC : state.oursC;
        return portText(c, l.a) + " - " + portText(c, l.b) + " (" + sideText(s.origin) + ")";
    }

    void ports()
    {
        std::unordered_map<std::uint64_t, Slot<Link> *> used;
        auto key = [](PortRef p) {
            return p.device.value << 16 | static_cast<std::uint64_t>(p.port & 0xffff);
        };
        for (auto &s : t.links) {
            if (!s.value)
                continue;
            for (PortRef end : { s.value->a, s.value->b }) {
                auto [it, inserted] = used.emplace(key(end), &s);
                if (inserted || it->second == &s || !it->second->value)
                    continue;
                Slot<Link> &other = *it->second;
                const NameContext &c = s.origin == Origin::Theirs ? state.theirsC : state.oursC;
                Slot<Link> &oursSide = s.origin == Origin::Theirs ? other : s;
                Slot<Link> &theirsSide = s.origin == Origin::Theirs ? s : other;
                state.conflicts.push_back({ "link",
                                            s.id,
                                            portText(c, end),
                                            {},
                                            "port cabled twice",
                                            linkText(oursSide),
                                            linkText(theirsSide) });
                if (state.resolve == Resolve::None)
                    break;
                changed = true;
                takeWinner(s.origin == preferred(state.resolve) ? other : s, state.resolve);
                if (!s.value)
                    break;
            }
        }
    }

    int heightOf(const Device &d)
    {
        const Part *part = catalog.find(d.catalogType);
        return part ? part->uHeight : 1;
    }

    void uSpace()
    {
        std::map<std::uint64_t, std::vector<Slot<Device> *>> byRack;
        for (auto &s : t.devices)
            if (s.value && heightOf(*s.value) > 0)
                byRack[s.value->rack.value].push_back(&s);
        for (auto &[rack, list] : byRack) {
            std::sort(list.begin(), list.end(),
                      [](auto *a, auto *b) { return a->value->uPosition < b->value->uPosition; });
            for (std::size_t i = 0; i + 1 < list.size(); ++i) {
                Slot<Device> &low = *list[i];
                Slot<Device> &high = *list[i + 1];
                if (!low.value || !high.value
                    || low.value->uPosition + heightOf(*low.value) <= high.value->uPosition)
                    continue;
                const bool fromBoth = (low.origin == Origin::Ours && high.origin == Origin::Theirs)
                    || (low.origin == Origin::Theirs && high.origin == Origin::Ours);
                if (!fromBoth)
                    continue; // one side's own overlap: the validation reports it
                Slot<Device> &o = low.origin == Origin::Ours ? low : high;
                Slot<Device> &th = low.origin == Origin::Ours ? high : low;
                state.conflicts.push_back(
                    { "device", th.id, th.value->name, "uPosition", "U taken on the other side",
                      o.value->name + " at " + deviceLocation(state.oursC.design, o.value->id),
                      th.value->name + " at "
                          + deviceLocation(state.theirsC.design, th.value->id) });
                if (state.resolve == Resolve::None)
                    continue;
                changed = true;
                takeWinner(state.resolve == Resolve::Ours ? th : o, state.resolve);
            }
        }
    }
};

} // namespace

MergedTables mergeEntities(const Design &b, const Design &o, const Design &t, MergeState &state)
{
    MergedTables tables;
    tables.rows = mergeTable(b.rows(), o.rows(), t.rows(), "row", rowFields(), state);
    tables.racks = mergeTable(b.racks(), o.racks(), t.racks(), "rack", rackFields(), state);
    tables.fabrics
        = mergeTable(b.fabrics(), o.fabrics(), t.fabrics(), "fabric", fabricFields(), state);
    tables.devices
        = mergeTable(b.devices(), o.devices(), t.devices(), "device", deviceFields(), state);
    tables.links = mergeTable(b.links(), o.links(), t.links(), "link", linkFields(), state);
    tables.tiers = mergeTable(b.storageTiers(), o.storageTiers(), t.storageTiers(), "storage tier",
                              storageTierFields(), state);
    return tables;
}

void checkStructure(MergedTables &tables, const Catalog &catalog, MergeState &state)
{
    // Without a resolution one pass lists everything; with one, each pass lets the winning
    // side take over a conflicting entity, which can uncover another (a restored device back
    // in a U): bounded, since every step moves an entity to the winner's own consistent state.
    for (int pass = 0; pass < 8; ++pass) {
        Checker checker { tables, catalog, state };
        checker.references();
        checker.ports();
        checker.uSpace();
        if (!checker.changed)
            break;
    }
}

std::string assemble(const MergedTables &t, Design &out, std::vector<std::string> &notes)
{
    try {
        for (const auto &s : t.rows)
            if (s.value)
                out.addRow(*s.value);
        for (const auto &s : t.racks)
            if (s.value)
                out.addRack(*s.value);
        for (const auto &s : t.fabrics)
            if (s.value)
                out.addFabric(*s.value);
        for (const auto &s : t.devices)
            if (s.value)
                out.addDevice(*s.value);
        for (const auto &s : t.links)
            if (s.value)
                out.addLink(*s.value);
        for (const auto &s : t.tiers) {
            if (!s.value)
                continue;
            StorageTier tier = *s.value;
            const auto before = tier.members.size();
            std::erase_if(tier.members, [&](DeviceId id) { return !out.device(id); });
            if (tier.members.size() != before)
                notes.push_back("storage tier " + tier.name
                                + ": members removed on one side dropped");
            if (tier.fabric.isValid() && !out.fabric(tier.fabric)) {
                tier.fabric = {};
                notes.push_back("storage tier " + tier.name + ": its fabric was removed");
            }
            out.addStorageTier(std::move(tier));
        }
    } catch (const DesignIntegrityError &error) {
        return error.what();
    }
    return {};
}

} // namespace cw::change

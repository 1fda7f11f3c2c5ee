// Three-way merge: hand-built base/ours/theirs triples (the 8-DGX reference design edited
// with the model API) for every kind of combination and conflict; merged designs validated.

#include "ChangeFixtures.h"

#include "model/change/DesignMerge.h"
#include "model/validation/ValidationEngine.h"

#include <QtTest>

using namespace cw;
using namespace cw::test;
using change::MergeResult;
using change::Resolve;

namespace {

MergeResult merge(const Design &base, const Design &ours, const Design &theirs,
                  Resolve resolve = Resolve::None)
{
    return change::mergeDesigns(base, ours, theirs, Catalog::builtin(), resolve);
}

int errors(const Design &d)
{
    return validateDesign(d, Catalog::builtin(), "2026-01-01").errors;
}

std::string conflictsText(const MergeResult &r)
{
    std::string text;
    for (const auto &c : r.conflicts)
        text += c.describe() + "\n";
    return text;
}

/// A 1U device like mgmt01 (same part), named `name`, at `u` in `rack` (mgmt01's by default).
Device oneU(Design &d, const std::string &name, int u, RackId rack = {})
{
    Device device = byName(d.devices(), "mgmt01");
    device.id = d.newId<DeviceId>();
    device.name = name;
    device.uPosition = u;
    if (rack.isValid())
        device.rack = rack;
    return device;
}

/// A rack with `height` free U, and the lowest such U.
std::pair<RackId, int> roomFor(const Design &d, int height)
{
    for (const Rack &rack : d.racks())
        if (int u = freeU(d, rack.id, height); u > 0)
            return { rack.id, u };
    return { {}, 0 };
}

} // namespace

class TestMerge : public QObject
{
    Q_OBJECT

private slots:
    void nonOverlappingEditsCombine()
    {
        const Design base = dgxDesign();
        const auto [rack, u] = roomFor(base, 2);
        QVERIFY(u > 0);
        Design ours = base, theirs = base;
        // Both add a device: both take id base.nextId(), so theirs is renumbered.
        ours.addDevice(oneU(ours, "extra-a", u, rack));
        theirs.addDevice(oneU(theirs, "extra-b", u + 1, rack));
        // One tier, two different fields.
        StorageTier tier = *base.storageTiers().begin();
        StorageTier t1 = tier, t2 = tier;
        t1.capacityTB += 100;
        t2.readGBps += 10;
        ours.updateStorageTier(t1);
        theirs.updateStorageTier(t2);
        Site site = theirs.site();
        site.pue = 1.2;
        theirs.setSite(site);

        const MergeResult r = merge(base, ours, theirs);
        QVERIFY2(r.conflicts.empty(), conflictsText(r).c_str());
        QVERIFY(r.design);
        const Design &m = *r.design;
        const Device h1 = byName(m.devices(), "extra-a");
        const Device h2 = byName(m.devices(), "extra-b");
        QCOMPARE(h1.id.value, base.nextId());
        QVERIFY(h2.id.value >= base.nextId() + 1);
        QCOMPARE(h2.uPosition, u + 1);
        QCOMPARE(r.notes.size(), std::size_t(1));
        QVERIFY(r.notes[0].find("extra-b") != std::string::npos);
        const StorageTier merged = *m.storageTier(tier.id);
        QCOMPARE(merged.capacityTB, tier.capacityTB + 100);
        QCOMPARE(merged.readGBps, tier.readGBps + 10);
        QCOMPARE(m.site().pue, 1.2);
        QVERIFY(m.nextId() > h2.id.value);
        QCOMPARE(errors(m), errors(base));
    }

    void sameFieldChangedBothWays()
    {
        const Design base = dgxDesign();
        Design ours = base, theirs = base;
        Site s1 = base.site(), s2 = base.site();
        s1.pue = 1.4;
        s2.pue = 1.5;
        ours.setSite(s1);
        theirs.setSite(s2);
        const MergeResult r = merge(base, ours, theirs);
        QVERIFY(!r.design);
        QCOMPARE(r.conflicts.size(), std::size_t(1));
        QCOMPARE(r.conflicts[0].field, std::string("pue"));
        QCOMPARE(r.conflicts[0].ours, std::string("1.4"));
        QCOMPARE(r.conflicts[0].theirs, std::string("1.5"));
        QCOMPARE(merge(base, ours, theirs, Resolve::Theirs).design->site().pue, 1.5);
        QCOMPARE(merge(base, ours, theirs, Resolve::Ours).design->site().pue, 1.4);
    }

    void uFilledOnBothSides()
    {
        const Design base = dgxDesign();
        const Device mgmt = byName(base.devices(), "mgmt01");
        const int u = freeU(base, mgmt.rack, 1);
        QVERIFY(u > 0);
        Design ours = base, theirs = base;
        ours.addDevice(oneU(ours, "new01", u));
        Device moved = mgmt;
        moved.uPosition = u;
        theirs.updateDevice(moved);
        const MergeResult r = merge(base, ours, theirs);
        QVERIFY(!r.design);
        QCOMPARE(r.conflicts.size(), std::size_t(1));
        const auto &c = r.conflicts[0];
        QCOMPARE(c.what, std::string("U taken on the other side"));
        const std::string where = base.rack(mgmt.rack)->name + " U" + std::to_string(u);
        QCOMPARE(c.ours, "new01 at " + where);
        QCOMPARE(c.theirs, "mgmt01 at " + where);
        // Ours wins: mgmt01 keeps its base place; theirs wins: new01 is not added.
        const MergeResult o = merge(base, ours, theirs, Resolve::Ours);
        QVERIFY(o.design);
        QCOMPARE(o.design->device(mgmt.id)->uPosition, mgmt.uPosition);
        QCOMPARE(byName(o.design->devices(), "new01").uPosition, u);
        QCOMPARE(errors(*o.design), errors(base));
        const MergeResult t = merge(base, ours, theirs, Resolve::Theirs);
        QVERIFY(t.design);
        QCOMPARE(t.design->device(mgmt.id)->uPosition, u);
        QCOMPARE(t.design->devices().size(), base.devices().size());
        QCOMPARE(errors(*t.design), errors(base));
    }

    void portCabledTwice()
    {
        const Design base = dgxDesign();
        const Device s1 = byName(base.devices(), "spine01");
        const Device s2 = byName(base.devices(), "spine02");
        const int p = freePort(base, s1.id);
        const int q = freePort(base, s2.id);
        const int q2 = freePort(base, s2.id, q + 1);
        QVERIFY(p >= 0 && q >= 0 && q2 >= 0);
        const Link any = *base.link(base.linksOfDevice(s1.id).front());
        Design ours = base, theirs = base;
        Link l1 { ours.newId<LinkId>(), any.fabric, { s1.id, p }, { s2.id, q }, any.cableType, 3 };
        Link l2 {
            theirs.newId<LinkId>(), any.fabric, { s1.id, p }, { s2.id, q2 }, any.cableType, 3
        };
        ours.addLink(l1);
        theirs.addLink(l2);
        const MergeResult r = merge(base, ours, theirs);
        QVERIFY(!r.design);
        QCOMPARE(r.conflicts.size(), std::size_t(1));
        QCOMPARE(r.conflicts[0].what, std::string("port cabled twice"));
        QCOMPARE(r.conflicts[0].name, "spine01 " + portName(base, { s1.id, p }));
        QVERIFY(r.conflicts[0].ours.find(portName(base, { s2.id, q })) != std::string::npos);
        QVERIFY(r.conflicts[0].theirs.find(portName(base, { s2.id, q2 })) != std::string::npos);
        const MergeResult o = merge(base, ours, theirs, Resolve::Ours);
        QVERIFY(o.design);
        QCOMPARE(o.design->links().size(), base.links().size() + 1);
        QCOMPARE(o.design->linkAt({ s1.id, p }), l1.id);
        const MergeResult t = merge(base, ours, theirs, Resolve::Theirs);
        QVERIFY(t.design);
        const Link *winner = t.design->link(t.design->linkAt({ s1.id, p }));
        QVERIFY(winner);
        QCOMPARE(winner->b, (PortRef { s2.id, q2 }));
        QVERIFY(!t.design->linkAt({ s2.id, q }).isValid());
    }

    void removedOnOneSideChangedOnTheOther()
    {
        const Design base = dgxDesign();
        const Device dgx = byName(base.devices(), "dgx08");
        Design ours = base, theirs = base;
        ours.removeDevice(dgx.id);
        Device renamed = dgx;
        renamed.name = "dgx08b";
        theirs.updateDevice(renamed);
        const MergeResult r = merge(base, ours, theirs);
        QVERIFY(!r.design);
        QCOMPARE(r.conflicts.size(), std::size_t(1));
        QCOMPARE(r.conflicts[0].what, std::string("removed on one side, changed on the other"));
        QCOMPARE(r.conflicts[0].ours, std::string("removed"));
        QCOMPARE(r.conflicts[0].theirs, std::string("changed"));
        const MergeResult o = merge(base, ours, theirs, Resolve::Ours);
        QVERIFY(o.design && !o.design->device(dgx.id));
        const MergeResult t = merge(base, ours, theirs, Resolve::Theirs);
        QVERIFY(t.design);
        QCOMPARE(t.design->device(dgx.id)->name, std::string("dgx08b"));
    }

    void referenceToWhatTheOtherSideRemoved()
    {
        const Design base = dgxDesign();
        const Device s1 = byName(base.devices(), "spine01");
        const Device s2 = byName(base.devices(), "spine02");
        const Link any = *base.link(base.linksOfDevice(s1.id).front());
        Design ours = base, theirs = base;
        ours.removeDevice(s2.id);
        Link l { theirs.newId<LinkId>(),           any.fabric,    { s1.id, freePort(base, s1.id) },
                 { s2.id, freePort(base, s2.id) }, any.cableType, 3 };
        theirs.addLink(l);
        const MergeResult r = merge(base, ours, theirs);
        QVERIFY(!r.design);
        QCOMPARE(r.conflicts.size(), std::size_t(1));
        QCOMPARE(r.conflicts[0].what,
                 std::string("refers to device spine02, which the other side removed"));
        const MergeResult o = merge(base, ours, theirs, Resolve::Ours);
        QVERIFY(o.design);
        QVERIFY(!o.design->device(s2.id) && !o.design->link(l.id));
        const MergeResult t = merge(base, ours, theirs, Resolve::Theirs);
        QVERIFY(t.design);
        QVERIFY(t.design->device(s2.id) && t.design->link(l.id));
    }

    void identicalEditsAreNoConflict()
    {
        const Design base = dgxDesign();
        Design ours = base;
        Device dgx = byName(ours.devices(), "dgx01");
        dgx.name = "gpu01";
        ours.updateDevice(dgx);
        const Design theirs = ours;
        const MergeResult r = merge(base, ours, theirs);
        QVERIFY(r.conflicts.empty() && r.notes.empty());
        QCOMPARE(r.design->device(dgx.id)->name, std::string("gpu01"));
        // Merging with an unchanged side gives the other side back.
        const MergeResult same = merge(base, base, ours);
        QVERIFY(same.design);
        QVERIFY(*same.design->device(dgx.id) == dgx);
        QCOMPARE(same.design->links().size(), base.links().size());
    }
};

QTEST_GUILESS_MAIN(TestMerge)
#include "tst_merge.moc"

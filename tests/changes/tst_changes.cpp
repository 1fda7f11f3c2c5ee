// Semantic diff, cabling work order, BOM delta, validation delta and figures: hand-built
// pairs of designs (the 8-DGX reference design edited with the model API), each checked
// against values worked out here from the edit itself and the catalog.

#include "ChangeFixtures.h"

#include "exporters/changes/ChangeReport.h"
#include "model/change/DesignChangeSet.h"
#include "model/change/DesignDiff.h"
#include "model/validation/ValidationEngine.h"

#include <QtTest>

using namespace cw;
using namespace cw::test;
using change::ChangeKind;
using changes::WorkAction;

namespace {

const Catalog &catalog()
{
    return Catalog::builtin();
}

changes::ChangeReport report(const Design &before, const Design &after, bool bisection = false)
{
    changes::ChangeReportOptions options;
    options.bisection = bisection;
    options.today = "2026-01-01";
    auto r = changes::buildChangeReport(before, after, catalog(), options);
    if (!r)
        qFatal("%s", r.error().message.c_str());
    return std::move(r).value();
}

const change::EntityChange *find(const change::DesignDiff &diff, const std::string &kind,
                                 const std::string &name)
{
    for (const auto &c : diff.changes)
        if (c.kind == kind && c.name == name)
            return &c;
    return nullptr;
}

std::string where(const Design &d, DeviceId id)
{
    const Device &dev = *d.device(id);
    return d.rack(dev.rack)->name + " U" + std::to_string(dev.uPosition);
}

} // namespace

class TestChanges : public QObject
{
    Q_OBJECT

private slots:
    void identicalDesignsHaveNoChange()
    {
        const Design d = dgxDesign();
        const auto r = report(d, d);
        QVERIFY(r.diff.empty());
        QVERIFY(r.workOrder.empty());
        QVERIFY(r.bom.lines.empty());
        QCOMPARE(r.bom.oldTotalUsd, r.bom.newTotalUsd);
        QVERIFY(r.validation.introduced.empty() && r.validation.fixed.empty());
    }

    void moveIsShownAsMoveAndReroutesItsCables()
    {
        const Design before = dgxDesign();
        Design after = before;
        Device dgx = byName(after.devices(), "dgx08");
        const Rack rackOld = *after.rack(dgx.rack);
        Rack rack = rackOld;
        rack.id = after.newId<RackId>();
        rack.name = "A09";
        rack.position = 8;
        after.addRack(rack);
        dgx.rack = rack.id;
        dgx.uPosition = 1;
        after.updateDevice(dgx);

        const auto r = report(before, after);
        QCOMPARE(r.diff.changes.size(), std::size_t(2));
        QVERIFY(find(r.diff, "rack", "A09"));
        QVERIFY(find(r.diff, "rack", "A09")->change == ChangeKind::Added);
        const auto *moved = find(r.diff, "device", "dgx08");
        QVERIFY(moved);
        QCOMPARE(moved->move, "device dgx08 from " + where(before, dgx.id) + " to A09 U1");
        // Every cable of the device is re-routed to the new place, its other end unchanged.
        const auto links = before.linksOfDevice(dgx.id);
        QCOMPARE(r.workOrder.size(), links.size());
        for (const auto &row : r.workOrder) {
            QVERIFY(row.action == WorkAction::Reroute);
            const changes::WorkEnd &fromDgx
                = row.fromA->device == "dgx08" ? *row.fromA : *row.fromZ;
            const changes::WorkEnd &toDgx = row.toA->device == "dgx08" ? *row.toA : *row.toZ;
            QCOMPARE(fromDgx.rack, rackOld.name);
            QCOMPARE(fromDgx.u, before.device(dgx.id)->uPosition);
            QCOMPARE(toDgx.rack, std::string("A09"));
            QCOMPARE(toDgx.u, 1);
            QCOMPARE(fromDgx.port, toDgx.port);
        }
    }

    void recablingIsShownAsRecabling()
    {
        const Design before = dgxDesign();
        Design after = before;
        const Device mgmt = byName(after.devices(), "mgmt01");
        const Device dgx = byName(after.devices(), "dgx01");
        Link link;
        for (LinkId id : after.linksOfDevice(dgx.id))
            if (after.link(id)->a.device == mgmt.id || after.link(id)->b.device == mgmt.id)
                link = *after.link(id);
        QVERIFY(link.id.isValid());
        PortRef &switchEnd = link.a.device == mgmt.id ? link.a : link.b;
        const PortRef oldEnd = switchEnd;
        const PortRef hostEnd = link.a.device == mgmt.id ? link.b : link.a;
        switchEnd.port = freePort(after, mgmt.id);
        QVERIFY(switchEnd.port >= 0);
        after.updateLink(link);

        const auto r = report(before, after);
        QCOMPARE(r.diff.changes.size(), std::size_t(1));
        const auto &c = r.diff.changes[0];
        QCOMPARE(c.kind, std::string("link"));
        const std::string host = "dgx01 " + portName(before, hostEnd);
        const std::string a0 = "mgmt01 " + portName(before, oldEnd);
        const std::string a1 = "mgmt01 " + portName(after, switchEnd);
        const bool hostIsA = link.a == hostEnd;
        QCOMPARE(c.recable,
                 hostIsA ? "re-cabled from " + host + " - " + a0 + " to " + host + " - " + a1
                         : "re-cabled from " + a0 + " - " + host + " to " + a1 + " - " + host);
        QCOMPARE(r.workOrder.size(), std::size_t(1));
        const auto &w = r.workOrder[0];
        QVERIFY(w.action == WorkAction::Reroute);
        QCOMPARE(w.fromA->device, std::string("dgx01")); // host end first
        QCOMPARE(w.fromZ->port, portName(before, oldEnd));
        QCOMPARE(w.toZ->port, portName(after, switchEnd));
        QCOMPARE(w.toZ->rack, before.rack(mgmt.rack)->name);
        QCOMPARE(w.toZ->u, mgmt.uPosition);
        QCOMPARE(*w.fromA, *w.toA);
    }

    void removedAndAddedCablesInTheWorkOrder()
    {
        const Design before = dgxDesign();
        Design after = before;
        const Device spine1 = byName(after.devices(), "spine01");
        const Device spine2 = byName(after.devices(), "spine02");
        const Device dgx = byName(after.devices(), "dgx03");
        const Link removed = *after.link(after.linksOfDevice(dgx.id).front());
        after.removeLink(removed.id);
        Link added;
        added.id = after.newId<LinkId>();
        added.fabric = removed.fabric;
        added.a = { spine1.id, freePort(after, spine1.id) };
        added.b = { spine2.id, freePort(after, spine2.id) };
        added.cableType = removed.cableType;
        added.lengthM = 3;
        after.addLink(added);
        // A link removed and put back on the same ports under a new id is the same cable.
        const Link again = *after.link(after.linksOfDevice(dgx.id).front());
        after.removeLink(again.id);
        Link back = again;
        back.id = after.newId<LinkId>();
        after.addLink(back);

        const auto r = report(before, after);
        QCOMPARE(r.diff.count("link", ChangeKind::Removed), 1);
        QCOMPARE(r.diff.count("link", ChangeKind::Added), 1);
        QCOMPARE(r.diff.changes.size(), std::size_t(2));
        QCOMPARE(r.workOrder.size(), std::size_t(2));
        const auto &remove = r.workOrder[0];
        QVERIFY(remove.action == WorkAction::Remove);
        QCOMPARE(remove.step, 1);
        const PortRef host = removed.a.device == dgx.id ? removed.a : removed.b;
        const PortRef other = removed.a.device == dgx.id ? removed.b : removed.a;
        QCOMPARE(remove.fromA->device, std::string("dgx03"));
        QCOMPARE(remove.fromA->port, portName(before, host));
        QCOMPARE(remove.fromA->u, dgx.uPosition);
        QCOMPARE(remove.fromZ->device, before.device(other.device)->name);
        QCOMPARE(remove.fromZ->port, portName(before, other));
        QVERIFY(!remove.toA && !remove.toZ);
        const auto &add = r.workOrder[1];
        QVERIFY(add.action == WorkAction::Add);
        QCOMPARE(add.step, 2);
        QVERIFY(!add.fromA);
        QCOMPARE(add.toA->device + " " + add.toA->port, "spine01 " + portName(after, added.a));
        QCOMPARE(add.toZ->device + " " + add.toZ->port, "spine02 " + portName(after, added.b));
        QCOMPARE(add.toA->rack, after.rack(spine1.rack)->name);
        QCOMPARE(add.toZ->u, spine2.uPosition);
        QCOMPARE(add.lengthM, 3.0);
    }

    void fieldsCarryUnits()
    {
        const Design before = dgxDesign();
        Design after = before;
        Fabric fabric = byName(after.fabrics(), "compute-ndr");
        fabric.linkSpeedGbps = 200;
        after.updateFabric(fabric);
        Site site = after.site();
        site.itPowerBudgetKw = 150.5;
        site.pue = 1.25;
        after.setSite(site);
        StorageTier tier = *after.storageTiers().begin();
        tier.capacityTB += 100;
        after.updateStorageTier(tier);
        SchedulerSettings scheduler = after.scheduler();
        scheduler.clusterName = "pod2";
        after.setScheduler(scheduler);
        after.setSeverityOverrides({ { "power.site-budget", "warning" } });
        after.setWaivers({ Waiver { "space.u-overlap", { 7 }, "lab", "ana", "2026-01-01", "" } });
        Rack rack = *after.racks().begin();
        const std::string oldRack = rack.name;
        rack.name = "Z01"; // a rename changes the rack only, never its devices
        after.updateRack(rack);

        const auto r = report(before, after);
        const auto *f = find(r.diff, "fabric", "compute-ndr");
        QVERIFY(f);
        QCOMPARE(f->fields.size(), std::size_t(1));
        QCOMPARE(f->fields[0], (change::FieldChange { "linkSpeed", "400 Gb/s", "200 Gb/s" }));
        const auto *s = find(r.diff, "site", "");
        QVERIFY(s);
        QCOMPARE(s->fields.size(), std::size_t(2));
        QCOMPARE(s->fields[0].field, std::string("itPowerBudget"));
        QCOMPARE(s->fields[0].newValue, std::string("150.5 kW"));
        QCOMPARE(s->fields[1], (change::FieldChange { "pue", "1.3", "1.25" }));
        const auto *t = find(r.diff, "storage tier", tier.name);
        QVERIFY(t);
        QCOMPARE(t->fields[0].field, std::string("capacity"));
        QVERIFY(QString::fromStdString(t->fields[0].newValue).endsWith(" TB"));
        QCOMPARE(find(r.diff, "scheduler", "")->fields[0].newValue, std::string("\"pod2\""));
        QCOMPARE(r.diff.count("severity", ChangeKind::Added), 1);
        QCOMPARE(r.diff.count("waiver", ChangeKind::Added), 1);
        const auto *renamed = find(r.diff, "rack", "Z01");
        QVERIFY(renamed);
        QCOMPARE(renamed->fields[0],
                 (change::FieldChange { "name", "\"" + oldRack + "\"", "\"Z01\"" }));
        QCOMPARE(r.diff.count("device", ChangeKind::Changed), 0);
        QCOMPARE(r.diff.changes.size(), std::size_t(7));
        QVERIFY(r.workOrder.empty() || r.workOrder.front().action == WorkAction::Reroute);
    }

    void deviceRecreatedUnderNewIdIsMatchedByName()
    {
        const Design before = dgxDesign();
        Design after = before;
        const Device dgx = byName(after.devices(), "dgx05");
        std::vector<Link> links;
        for (LinkId id : after.linksOfDevice(dgx.id))
            links.push_back(*after.link(id));
        after.removeDevice(dgx.id);
        Device again = dgx;
        again.id = after.newId<DeviceId>();
        after.addDevice(again);
        for (Link l : links) {
            l.id = after.newId<LinkId>();
            (l.a.device == dgx.id ? l.a : l.b).device = again.id;
            after.addLink(l);
        }
        const auto r = report(before, after);
        // The storage tier and partitions lose and regain nothing (dgx05 is no member).
        QVERIFY2(r.diff.empty(),
                 r.diff.changes.empty() ? "" : r.diff.changes[0].describe().c_str());
        QVERIFY(r.workOrder.empty());
    }

    void bomDeltaAndFiguresOfARemovedNode()
    {
        const Design before = dgxDesign();
        Design after = before;
        const Device dgx = byName(after.devices(), "dgx08");
        after.removeDevice(dgx.id);
        const Part &part = *catalog().find(dgx.catalogType);
        const auto r = report(before, after, true);
        const changes::BomDeltaLine *line = nullptr;
        for (const auto &l : r.bom.lines)
            if (l.category == "compute" && !l.spare && l.newQuantity - l.oldQuantity == -1)
                line = &l;
        QVERIFY(line);
        QCOMPARE(line->oldQuantity, 8);
        QCOMPARE(line->newQuantity, 7);
        QCOMPARE(line->newUsd - line->oldUsd, -part.priceUsd);
        double sum = 0;
        for (const auto &l : r.bom.lines)
            sum += l.newUsd - l.oldUsd;
        QVERIFY(std::abs(sum - (r.bom.newTotalUsd - r.bom.oldTotalUsd)) < 0.01);
        // IT power is the devices' maximum: one DGX H100 less (its catalog maxPowerW).
        QCOMPARE(r.before.itPowerKw - r.after.itPowerKw, part.maxPowerW / 1000);
        QCOMPARE(r.before.gpus - r.after.gpus, 8);
        QCOMPARE(r.after.facilityPowerKw, r.after.itPowerKw * after.site().pue);
        // Bisection over the halves: 8 nodes x 8 x 400 Gb/s / 2 = 12.8 Tb/s before.
        QCOMPARE(r.before.bisection.size(), std::size_t(1));
        QCOMPARE(r.before.bisection[0].gbps, 12800.0);
        QVERIFY(r.after.bisection[0].gbps < 12800.0);
        QCOMPARE(r.workOrder.size(), before.linksOfDevice(dgx.id).size());
        for (const auto &w : r.workOrder)
            QVERIFY(w.action == WorkAction::Remove);
    }

    void validationDeltaBothWays()
    {
        const Design before = dgxDesign();
        Design after = before;
        Device a = byName(after.devices(), "dgx01");
        const Device b = byName(after.devices(), "dgx02");
        a.uPosition = b.uPosition + 1; // into dgx02's U range
        after.updateDevice(a);
        auto forward = report(before, after);
        auto overlap = [](const std::vector<Violation> &list) {
            return std::count_if(list.begin(), list.end(),
                                 [](const Violation &v) { return v.ruleKey == "space.u-overlap"; });
        };
        QVERIFY(overlap(forward.validation.introduced) >= 1);
        QCOMPARE(overlap(forward.validation.fixed), 0);
        auto backward = report(after, before);
        QCOMPARE(overlap(backward.validation.fixed), overlap(forward.validation.introduced));
        QCOMPARE(backward.validation.newErrors, forward.validation.oldErrors);
    }

    // `diff` validates the new design incrementally after a full run of the old one
    // (ChangeReport.cpp): for each kind of edit, that must equal a full run of the new design,
    // and the ChangeSet must name exactly what the edit touched.
    void incrementalValidationEqualsAFullRun()
    {
        const Design before = dgxDesign();
        const Device dgx01 = byName(before.devices(), "dgx01");
        const Device dgx02 = byName(before.devices(), "dgx02");
        std::vector<std::pair<const char *, Design>> edits;
        {
            Design d = before; // into dgx02's U range: a u-overlap error appears
            Device a = dgx01;
            a.uPosition = dgx02.uPosition + 1;
            d.updateDevice(a);
            edits.emplace_back("overlap", std::move(d));
        }
        {
            Design d = before;
            d.removeDevice(dgx02.id);
            edits.emplace_back("remove", std::move(d));
        }
        {
            Design d = before; // dgx01's management cable to a free mgmt01 port
            const DeviceId mgmt = byName(d.devices(), "mgmt01").id;
            for (LinkId id : d.linksOfDevice(dgx01.id)) {
                Link link = *d.link(id);
                PortRef &end = link.a.device == mgmt ? link.a : link.b;
                if (end.device != mgmt)
                    continue;
                end.port = freePort(d, mgmt);
                QVERIFY(end.port >= 0);
                d.updateLink(link);
                break;
            }
            edits.emplace_back("recable", std::move(d));
        }
        {
            Design d = before; // only the site: IT budget below the load
            Site site = d.site();
            site.itPowerBudgetKw = 1;
            d.setSite(site);
            edits.emplace_back("site", std::move(d));
        }
        {
            Design d = before; // the same device under a new id (a rebuilt design)
            Device again = dgx01;
            again.id = d.newId<DeviceId>();
            d.removeDevice(dgx01.id);
            d.addDevice(again);
            edits.emplace_back("new id", std::move(d));
        }
        for (const auto &[what, after] : edits) {
            ValidationEngine engine(catalog());
            engine.setToday("2026-01-01");
            engine.runFull(before);
            const ValidationResult incremental
                = engine.runIncremental(after, change::changeSetBetween(before, after));
            QVERIFY2(incremental == validateDesign(after, catalog(), "2026-01-01"), what);
        }
        const ValidationResult overlapRun = validateDesign(edits[0].second, catalog());
        QVERIFY(std::any_of(overlapRun.violations.begin(), overlapRun.violations.end(),
                            [](const Violation &v) { return v.ruleKey == "space.u-overlap"; }));
        // By hand: removing dgx02 removes it and each of its links, nothing else changes but
        // the storage tiers and partitions it was in.
        const ChangeSet removed = change::changeSetBetween(before, edits[1].second);
        QCOMPARE(removed.removed.size(), 1 + before.linksOfDevice(dgx02.id).size());
        QVERIFY(removed.added.empty());
        const ChangeSet recabled = change::changeSetBetween(before, edits[2].second);
        QCOMPARE(recabled.modified.size(), std::size_t(1));
        QCOMPARE(recabled.modified.front().kind, EntityKind::Link);
        const ChangeSet site = change::changeSetBetween(before, edits[3].second);
        QVERIFY(site.siteChanged && !site.settingsChanged && site.modified.empty());
        QVERIFY(change::changeSetBetween(before, before).isEmpty());
    }

    void workOrderFilesQuoteUserText()
    {
        const Design before = dgxDesign();
        Device dgx = byName(before.devices(), "dgx01");
        Design renamed = before;
        dgx.name = "dgx\"01,|x";
        renamed.updateDevice(dgx);
        Design after = renamed;
        after.removeLink(after.linksOfDevice(dgx.id).front());
        const auto r = report(renamed, after);
        QCOMPARE(r.workOrder.size(), std::size_t(1));
        const std::string csv = changes::workOrderCsv(r.workOrder);
        QVERIFY(csv.starts_with("step,action,fabric,cable_id,cable_part,length_m,from_a_row,"));
        QVERIFY(csv.find("\"dgx\"\"01,|x\"") != std::string::npos);
        QVERIFY(csv.find("\r\n") != std::string::npos);
        const std::string md = changes::workOrderMarkdown(r.workOrder, "t|t");
        QVERIFY(md.find("dgx\"01,\\|x") != std::string::npos);
        QVERIFY(md.find("t\\|t") != std::string::npos);
        QCOMPARE(changes::markdownCell("a<b>\n*c*"), std::string("a&lt;b&gt; \\*c\\*"));
    }
};

QTEST_GUILESS_MAIN(TestChanges)
#include "tst_changes.moc"

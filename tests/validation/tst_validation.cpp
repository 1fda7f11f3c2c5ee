// Engine behaviour: the rule deck, clean designs, the reference examples, waivers, stale and
// expired waivers, severity overrides, and incremental == full under random edits.

#include "ValidationFixtures.h"

#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/validation/ValidationEngine.h"

#include <QtTest>

#include <map>
#include <random>
#include <set>
#include <tuple>

using namespace cw;
using namespace cw::test;

namespace {

int countOf(const ValidationResult &result, std::string_view key, bool waived = false)
{
    int n = 0;
    for (const Violation &v : result.violations)
        n += v.ruleKey == key && v.waived == waived;
    return n;
}

QString describe(const ValidationResult &result)
{
    QString text;
    for (const Violation &v : result.violations)
        text += QString::fromStdString(std::string(toString(v.severity)) + " " + v.ruleKey + ": "
                                       + v.message + (v.waived ? " [waived]" : "") + "\n");
    return text;
}

constexpr const char *kToday = "2025-06-30";

auto sortKey(const Violation &v)
{
    return std::tie(v.ruleKey, v.entities, v.message, v.severity, v.waived, v.names, v.fix,
                    v.waiverReason);
}

/// Applies a delta to a list kept by a consumer: every removed violation must be in the list
/// (one copy each), then the added ones join it. Empty when it applied, else what failed.
QString applyDelta(std::vector<Violation> &list, const ViolationDelta &delta)
{
    for (const Violation &gone : delta.removed) {
        const auto it = std::find(list.begin(), list.end(), gone);
        if (it == list.end())
            return QString::fromStdString("removed but not listed: " + gone.ruleKey + ": "
                                          + gone.message);
        list.erase(it);
    }
    list.insert(list.end(), delta.added.begin(), delta.added.end());
    return {};
}

bool sameMultiset(std::vector<Violation> a, std::vector<Violation> b)
{
    auto less = [](const Violation &x, const Violation &y) {
        return sortKey(x) < sortKey(y);
    };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    return a == b;
}

/// The mini design's two DGX H100 sit in A/B racks: each keeps 3 of its 6 x 3.3 kW PSUs on one
/// feed (9.9 kW < 10.2 kW), so power.feed-loss-capacity warns once per DGX, by design. The
/// tests about other rules read the rest.
bool onlyFeedLossWarnings(const ValidationResult &result, int expected = 2)
{
    int feedLoss = 0;
    for (const Violation &v : result.violations) {
        if (v.ruleKey != "power.feed-loss-capacity")
            return false;
        ++feedLoss;
    }
    return feedLoss == expected;
}

} // namespace

class TestValidation : public QObject
{
    Q_OBJECT

private slots:
    void ruleDeckHasTheIssueKeys();
    void miniDesignIsClean();
    void referenceExamples_data();
    void referenceExamples();
    void generatedSuperPodIsClean_data();
    void generatedSuperPodIsClean();
    void waiverMarksViolation();
    void staleAndUnknownWaivers();
    void expiredWaiverDoesNotApply();
    void severityOverride();
    void ruleSwitchedOff();
    void incrementalMoveTouchesFewChecks();
    void incrementalEqualsFullUnderRandomEdits();
    void deltaOfASeverityOverride();
};

void TestValidation::ruleDeckHasTheIssueKeys()
{
    const std::set<std::string> expected { "power.rack-over-feed",
                                           "power.rack-over-rating",
                                           "power.site-it-budget",
                                           "power.site-utility",
                                           "power.psu-redundancy",
                                           "power.feed-loss-capacity",
                                           "power.single-point-of-failure",
                                           "cooling.air-rack-limit",
                                           "cooling.liquid-required",
                                           "cooling.cdu-capacity",
                                           "cooling.cdu-redundancy",
                                           "cooling.liquid-without-cdu",
                                           "power.position-limit",
                                           "space.hall-position",
                                           "cooling.site-capacity",
                                           "space.u-overlap",
                                           "space.u-overflow",
                                           "space.rack-weight",
                                           "space.rack-weight-unknown",
                                           "net.port-unconnected",
                                           "net.port-speed-mismatch",
                                           "net.cable-reach",
                                           "net.link-without-cable",
                                           "net.switch-ports-exceeded",
                                           "net.fabric-disconnected",
                                           "net.cable-connector-mismatch",
                                           "net.oversubscription",
                                           "net.rail-misaligned",
                                           "net.converged-storage",
                                           "net.single-point-of-failure",
                                           "roce.pfc-not-end-to-end",
                                           "roce.pfc-priority-mismatch",
                                           "roce.dscp-map-inconsistent",
                                           "roce.ecn-misconfigured",
                                           "roce.cnp-priority",
                                           "roce.pfc-watchdog",
                                           "roce.headroom",
                                           "roce.mtu-mismatch",
                                           "roce.too-many-lossless",
                                           "roce.nccl-traffic-class",
                                           "storage.checkpoint-stall",
                                           "storage.read-starvation",
                                           "slurm.hostname-invalid",
                                           "slurm.hostname-duplicate",
                                           "cooling.rack-needs-liquid",
                                           "nvlink.domain-incomplete" };
    const auto rules = builtinRules();
    std::set<std::string> keys;
    for (const auto &rule : rules) {
        QVERIFY(!rule->title().empty());
        QVERIFY(!rule->category().empty());
        QVERIFY2(rule->reads() != 0, rule->info().key);
        keys.insert(std::string(rule->key()));
    }
    QCOMPARE(rules.size(), expected.size()); // every key once, no duplicates
    QVERIFY(keys == expected);
}

void TestValidation::miniDesignIsClean()
{
    const auto catalog = validationCatalog();
    const Mini mini = buildMini(*catalog);
    const ValidationResult result = validateDesign(mini.design, *catalog, kToday);
    QVERIFY2(onlyFeedLossWarnings(result), qPrintable(describe(result)));
    QCOMPARE(result.rulesRun.size(), builtinRules().size());
    QVERIFY(result.rulesDisabled.empty());
}

void TestValidation::referenceExamples_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < referenceDesigns().size(); ++i)
        QTest::newRow(referenceDesigns()[i].fileName.c_str()) << int(i);
}

void TestValidation::referenceExamples()
{
    QFETCH(int, index);
    const ReferenceDesign &reference = referenceDesigns()[static_cast<std::size_t>(index)];
    const auto catalog = validationCatalog();
    auto design = reference.build(*catalog);
    QVERIFY(design.ok());
    const ValidationResult result = validateDesign(*design, *catalog, kToday);
    qInfo().noquote() << "\n" << describe(result);

    // Both examples validate with zero errors (loads at maximum power): the seed's GPU racks
    // hold 2 x 10.2 kW = 20.4 kW against one feed's 2 x 400 V x 32 A x sqrt3 x 0.8 = 35.5 kW
    // and the 30 kW air limit; the DGX racks (47.8 / 48.7 kW) have 2 x 400 V x 63 A x sqrt3 x
    // 0.8 = 69.8 kW per feed and a 50 kW air limit in their high-density hall.
    if (reference.fileName == "seed-8node-hdr.cluster.json") // as its builder comment says
        QCOMPARE(countOf(result, "net.converged-storage"), 1);
    QCOMPARE(result.errors, 0);
}

void TestValidation::generatedSuperPodIsClean_data()
{
    QTest::addColumn<QString>("sus");
    QTest::newRow("1 SU") << "1";
    QTest::newRow("4 SU") << "4";
}

void TestValidation::generatedSuperPodIsClean()
{
    // The generator's DGX SuperPOD H100 designs pass the whole deck without errors (issue 4).
    QFETCH(QString, sus);
    const Catalog &catalog = Catalog::builtin();
    auto generated = generateDesign("superpod-h100", { { "sus", sus.toStdString() } }, catalog);
    QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
    const ValidationResult result = validateDesign(generated->design, catalog, kToday);
    QVERIFY2(result.errors == 0, qPrintable(describe(result)));
    QCOMPARE(result.rulesRun.size(), builtinRules().size());
}

void TestValidation::waiverMarksViolation()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    Rack rack = *mini.design.rack(mini.a01);
    rack.pdus = { { "A1", Feed::A, "", 1, 230, 32 }, { "B1", Feed::B, "", 1, 230, 32 } };
    mini.design.updateRack(rack);
    ValidationResult result = validateDesign(mini.design, *catalog, kToday);
    // Both feeds fail: 13.0 kW > 230 x 32 x 0.8 = 5888 W = 5.9 kW.
    QCOMPARE(countOf(result, "power.rack-over-feed"), 2);
    QCOMPARE(result.errors, 2);

    mini.design.setWaivers({ { "power.rack-over-feed",
                               { mini.a01.value },
                               "temporary lab feed",
                               "ops",
                               "2025-06-01",
                               "" } });
    result = validateDesign(mini.design, *catalog, kToday);
    QCOMPARE(countOf(result, "power.rack-over-feed"), 0);
    QCOMPARE(countOf(result, "power.rack-over-feed", true), 2); // still reported, marked
    QCOMPARE(result.errors, 0);
    QCOMPARE(result.waived, 2);
    QVERIFY(result.staleWaivers.empty());
    for (const Violation &v : result.violations)
        if (v.ruleKey == "power.rack-over-feed")
            QCOMPARE(v.waiverReason, std::string("temporary lab feed"));
}

void TestValidation::staleAndUnknownWaivers()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    mini.design.setWaivers(
        { { "power.rack-over-feed", { mini.a02.value }, "was overloaded", "ops", "", "" },
          { "power.no-such-rule", {}, "typo", "ops", "", "" } });
    const ValidationResult result = validateDesign(mini.design, *catalog, kToday);
    QCOMPARE(result.staleWaivers.size(), std::size_t(2));
    QCOMPARE(result.staleWaivers[0].index, std::size_t(0));
    QCOMPARE(result.staleWaivers[0].reason, std::string("matches no violation"));
    QCOMPARE(result.staleWaivers[1].reason, std::string("no rule \"power.no-such-rule\""));
    QVERIFY(!result.staleWaivers[0].expired);
}

void TestValidation::expiredWaiverDoesNotApply()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    Device device = *mini.design.device(mini.gpu02);
    device.name = "gpu_02";
    mini.design.updateDevice(device);
    mini.design.setWaivers({ { "slurm.hostname-invalid",
                               { mini.gpu02.value },
                               "legacy",
                               "ops",
                               "2024-01-01",
                               "2025-06-29" } });
    ValidationResult result = validateDesign(mini.design, *catalog, kToday);
    QCOMPARE(countOf(result, "slurm.hostname-invalid"), 1); // not waived any more
    QCOMPARE(result.staleWaivers.size(), std::size_t(1));
    QVERIFY(result.staleWaivers[0].expired);
    QCOMPARE(result.staleWaivers[0].reason, std::string("expired on 2025-06-29"));

    // Good through its expiry day.
    mini.design.setWaivers({ { "slurm.hostname-invalid",
                               { mini.gpu02.value },
                               "legacy",
                               "ops",
                               "2024-01-01",
                               "2025-06-30" } });
    result = validateDesign(mini.design, *catalog, kToday);
    QCOMPARE(countOf(result, "slurm.hostname-invalid", true), 1);
    QVERIFY(result.staleWaivers.empty());
}

void TestValidation::severityOverride()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    Site site = mini.design.site();
    site.itPowerBudgetKw = 20; // IT load 27.6 kW
    mini.design.setSite(site);
    mini.design.setSeverityOverrides({ { "power.site-it-budget", "info" },
                                       { "power.unknown", "error" },
                                       { "power.site-utility", "fatal" },
                                       { "power.feed-loss-capacity", "off" } });
    const ValidationResult result = validateDesign(mini.design, *catalog, kToday);
    QCOMPARE(countOf(result, "power.site-it-budget"), 1);
    QCOMPARE(std::string(toString(result.violations.front().severity)), std::string("info"));
    QCOMPARE(result.errors, 0);
    QCOMPARE(result.infos, 1);
    QVERIFY(!result.hasAtLeast(Severity::Warning));
    QVERIFY(result.hasAtLeast(Severity::Info));
    QCOMPARE(result.notes.size(), std::size_t(2));
}

void TestValidation::ruleSwitchedOff()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    Site site = mini.design.site();
    site.itPowerBudgetKw = 20;
    mini.design.setSite(site);
    mini.design.setSeverityOverrides({ { "power.site-it-budget", "off" } });
    mini.design.setWaivers(
        { { "power.site-it-budget", {}, "budget under review", "ops", "", "" } });
    const ValidationResult result = validateDesign(mini.design, *catalog, kToday);
    QCOMPARE(countOf(result, "power.site-it-budget"), 0);
    QVERIFY(result.rulesDisabled == std::vector<std::string> { "power.site-it-budget" });
    QCOMPARE(result.rulesRun.size(), builtinRules().size() - 1); // one switched off
    // The rule did not run, so its waiver cannot be called stale.
    QVERIFY(result.staleWaivers.empty());
}

void TestValidation::incrementalMoveTouchesFewChecks()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    ValidationEngine engine(*catalog);
    engine.setToday(kToday);
    const ValidationResult full = engine.runFull(mini.design);
    const std::size_t fullChecks = engine.lastCheckCount();
    Device device = *mini.design.device(mini.oss01);
    device.rack = mini.a01;
    device.uPosition = 20;
    const ChangeSet changes = mini.design.updateDevice(device);
    const ValidationResult incremental = engine.runIncremental(mini.design, changes);
    QVERIFY(incremental == validateDesign(mini.design, *catalog, kToday));
    // Old and new rack (6 rack rules each), the device's own rules, design-wide rules that
    // read placement (cooling.site-capacity): far fewer than a full run.
    QVERIFY2(engine.lastCheckCount() < fullChecks / 4,
             qPrintable(QString("%1 of %2").arg(engine.lastCheckCount()).arg(fullChecks)));
    QVERIFY2(onlyFeedLossWarnings(full), qPrintable(describe(full)));
}

void TestValidation::incrementalEqualsFullUnderRandomEdits()
{
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    Design &design = mini.design;
    ValidationEngine engine(*catalog);
    engine.setToday(kToday);
    engine.runFull(design);
    // A second engine on the delta path, and the list a consumer keeps by applying its
    // deltas: both must equal a full run after every step.
    ValidationEngine deltaEngine(*catalog);
    deltaEngine.setToday(kToday);
    const ViolationDelta first = deltaEngine.runFullDelta(design);
    QVERIFY(first.removed.empty());
    std::vector<Violation> kept = first.added;

    std::mt19937 random(20250630); // fixed seed: a failure reproduces
    auto pick = [&random](auto &items) -> auto &
    {
        std::uniform_int_distribution<std::size_t> d(0, items.size() - 1);
        return items[d(random)];
    };
    auto chance = [&random](int percent) {
        return std::uniform_int_distribution<int>(0, 99)(random) < percent;
    };
    const std::vector<std::string> deviceTypes { "dgx-h100",       "sonic-64x400g",
                                                 "lustre-oss",     "test-liquid-node",
                                                 "test-psu-short", "test-switch-4p",
                                                 "mgmt-server-1u" };
    const std::vector<std::string> rackTypes { "rack-42u-air", "rack-test-10kw", "rack-test-light",
                                               "rack-48u-liquid" };
    const std::vector<std::string> cables { "aoc-400g-qsfpdd", "dac-400g-qsfpdd",
                                            "dac-hdr-200g-qsfp56", "" };
    const std::vector<std::string> names { "gpu01", "gpu_9", "leaf01", "node.x", "n1", "GPU02" };

    int steps = 0;
    int deltas = 0;
    for (int step = 0; step < 300; ++step) {
        ChangeSet changes;
        const int edits = 1 + std::uniform_int_distribution<int>(0, 2)(random);
        for (int e = 0; e < edits; ++e) {
            const int op = std::uniform_int_distribution<int>(0, 15)(random);
            std::vector<Device> devices(design.devices().begin(), design.devices().end());
            std::vector<Link> links(design.links().begin(), design.links().end());
            std::vector<Rack> racks(design.racks().begin(), design.racks().end());
            std::vector<Fabric> fabrics(design.fabrics().begin(), design.fabrics().end());
            try {
                if (op == 0 && !devices.empty()) { // move
                    Device d = pick(devices);
                    d.rack = pick(racks).id;
                    d.uPosition = std::uniform_int_distribution<int>(1, 44)(random);
                    changes.merge(design.updateDevice(d));
                } else if (op == 1 && !devices.empty()) { // retype / role / tier
                    Device d = pick(devices);
                    d.catalogType = pick(deviceTypes);
                    if (chance(30))
                        d.tier = std::uniform_int_distribution<int>(-1, 1)(random);
                    if (chance(20))
                        d.role = d.role == DeviceRole::Switch ? DeviceRole::Compute
                                                              : DeviceRole::Switch;
                    changes.merge(design.updateDevice(d));
                } else if (op == 2 && !devices.empty()) { // rename
                    Device d = pick(devices);
                    d.name = pick(names);
                    changes.merge(design.updateDevice(d));
                } else if (op == 3 && !devices.empty()) { // RoCE override
                    Device d = pick(devices);
                    if (d.qos && chance(50)) {
                        d.qos.reset();
                    } else {
                        QosProfile q;
                        q.pfcPriority = std::uniform_int_distribution<int>(2, 4)(random);
                        q.losslessPriorities = { q.pfcPriority };
                        q.hostMtu = chance(50) ? 1500 : 9000;
                        q.switchMtu = chance(50) ? 9100 : 9216;
                        if (chance(50))
                            q.dscpToPriority[26] = 1;
                        d.qos = q;
                    }
                    changes.merge(design.updateDevice(d));
                } else if (op == 4 && !links.empty()) {
                    changes.merge(design.removeLink(pick(links).id));
                } else if (op == 5 && !links.empty()) { // cable / length
                    Link l = pick(links);
                    l.cableType = pick(cables);
                    l.lengthM = std::uniform_int_distribution<int>(1, 160)(random);
                    changes.merge(design.updateLink(l));
                } else if (op == 6 && devices.size() > 1) { // new link between free ports
                    const Device &a = pick(devices);
                    const Device &b = pick(devices);
                    const Part *pa = catalog->find(a.catalogType);
                    const Part *pb = catalog->find(b.catalogType);
                    if (a.id != b.id && pa && pb && !pa->ports.empty() && !pb->ports.empty()) {
                        Link l;
                        l.id = design.newId<LinkId>();
                        l.fabric = pick(fabrics).id;
                        l.a = { a.id,
                                std::uniform_int_distribution<int>(0, int(pa->ports.size()) - 1)(
                                    random) };
                        l.b = { b.id,
                                std::uniform_int_distribution<int>(0, int(pb->ports.size()) - 1)(
                                    random) };
                        l.cableType = pick(cables);
                        l.lengthM = 3;
                        if (!design.linkAt(l.a).isValid() && !design.linkAt(l.b).isValid())
                            changes.merge(design.addLink(l));
                    }
                } else if (op == 7) { // site
                    Site s = design.site();
                    s.itPowerBudgetKw = std::uniform_int_distribution<int>(10, 60)(random);
                    s.airLimitPerRackKw = std::uniform_int_distribution<int>(8, 30)(random);
                    s.airCoolingCapacityKw = std::uniform_int_distribution<int>(0, 50)(random);
                    changes.merge(design.setSite(s));
                } else if (op == 8 && !fabrics.empty()) { // fabric QoS / topology
                    Fabric f = pick(fabrics);
                    f.topology.oversubscription = chance(50) ? 1 : 2;
                    f.topology.railOptimized = chance(70);
                    f.qos.ecnMinBytes = chance(80) ? 150000 : 2000000;
                    f.qos.pfcWatchdogDetectionMs = chance(80) ? 200 : 400;
                    f.qos.pfcCableLengthM = chance(70) ? 100 : 2;
                    f.technology = chance(80) ? f.technology : Technology::RoCEv2;
                    f.purpose = chance(90) ? f.purpose : FabricPurpose::Compute;
                    changes.merge(design.updateFabric(f));
                } else if (op == 9) { // workload / NCCL
                    Workload w = design.workload();
                    w.checkpointIntervalMin = std::uniform_int_distribution<int>(5, 60)(random);
                    w.datasetReadMBpsPerGpu = std::uniform_int_distribution<int>(0, 4000)(random);
                    changes.merge(design.setWorkload(w));
                    NcclSettings n = design.nccl();
                    n.ibTrafficClass = chance(70) ? 106 : 96;
                    changes.merge(design.setNccl(n));
                } else if (op == 10 && devices.size() > 3 && chance(40)) {
                    changes.merge(design.removeDevice(pick(devices).id));
                } else if (op == 11) { // add a device
                    Device d;
                    d.id = design.newId<DeviceId>();
                    d.name = "new" + std::to_string(d.id.value);
                    d.catalogType = pick(deviceTypes);
                    d.rack = pick(racks).id;
                    d.uPosition = std::uniform_int_distribution<int>(1, 40)(random);
                    d.role = chance(50) ? DeviceRole::Compute : DeviceRole::Switch;
                    d.tier = d.role == DeviceRole::Switch ? 0 : -1;
                    changes.merge(design.addDevice(d));
                } else if (op == 12) { // rack type / PDUs
                    Rack r = pick(racks);
                    r.catalogType = pick(rackTypes);
                    if (chance(50))
                        r.pdus = { { "A1", Feed::A, "", chance(50) ? 1 : 3, 230, 32 } };
                    changes.merge(design.updateRack(r));
                } else if (op == 13 && !design.storageTiers().empty()) {
                    StorageTier t = *design.storageTiers().begin();
                    t.fabric = pick(fabrics).id;
                    t.writeGBps = std::uniform_int_distribution<int>(1, 40)(random);
                    changes.merge(design.updateStorageTier(t));
                } else if (op == 14) { // waivers and overrides
                    changes.merge(design.setSeverityOverrides(
                        chance(50) ? std::map<std::string, std::string> {}
                                   : std::map<std::string, std::string> {
                                       { "power.rack-over-feed", "off" },
                                       { "space.u-overlap", "warning" } }));
                    changes.merge(design.setWaivers({ { "space.u-overlap",
                                                        { pick(devices).id.value },
                                                        "test",
                                                        "t",
                                                        "",
                                                        "" } }));
                } else if (op == 15 && !links.empty()) { // move a link to another fabric
                    Link l = pick(links);
                    l.fabric = pick(fabrics).id;
                    changes.merge(design.updateLink(l));
                }
            } catch (const DesignIntegrityError &) {
                // Not a valid edit (e.g. a port taken); the design is unchanged.
            }
        }
        const ValidationResult incremental = engine.runIncremental(design, changes);
        const ValidationResult full = validateDesign(design, *catalog, kToday);
        if (!(incremental == full)) {
            qWarning().noquote() << "step" << step << "\nincremental:\n"
                                 << describe(incremental) << "\nfull:\n"
                                 << describe(full);
            QFAIL("incremental result differs from a full run");
        }
        const ViolationDelta delta = deltaEngine.runIncrementalDelta(design, changes);
        const QString problem = applyDelta(kept, delta);
        QVERIFY2(problem.isEmpty(), qPrintable(QString("step %1: %2").arg(step).arg(problem)));
        QVERIFY2(sameMultiset(kept, full.violations),
                 qPrintable(QString("step %1: the list kept from deltas differs").arg(step)));
        // The engine's own state: the list in order, and the summary without a list.
        QVERIFY2(deltaEngine.result() == full, qPrintable(QString("step %1").arg(step)));
        ValidationResult summary = full;
        summary.violations.clear();
        QVERIFY2(deltaEngine.summary() == summary, qPrintable(QString("step %1").arg(step)));
        deltas += !delta.isEmpty();
        ++steps;
    }
    QCOMPARE(steps, 300);
    // The edits change the list most of the time (a fixed seed: this count is stable).
    QVERIFY2(deltas > 100, qPrintable(QString::number(deltas)));
}

void TestValidation::deltaOfASeverityOverride()
{
    // The mini design warns power.feed-loss-capacity once per DGX H100 (2). Raising the rule
    // to an error re-publishes both: 2 warnings leave, the same 2 findings join as errors,
    // and nothing else moves; switching the rule off retracts them.
    const auto catalog = validationCatalog();
    Mini mini = buildMini(*catalog);
    ValidationEngine engine(*catalog);
    engine.setToday(kToday);
    const ViolationDelta first = engine.runFullDelta(mini.design);
    QCOMPARE(first.added.size(), std::size_t(2));
    QCOMPARE(engine.summary().warnings, 2);

    ChangeSet changes
        = mini.design.setSeverityOverrides({ { "power.feed-loss-capacity", "error" } });
    const ViolationDelta raised = engine.runIncrementalDelta(mini.design, changes);
    QCOMPARE(raised.removed.size(), std::size_t(2));
    QCOMPARE(raised.added.size(), std::size_t(2));
    for (std::size_t i = 0; i < 2; ++i) {
        QVERIFY(raised.removed[i].severity == Severity::Warning);
        QVERIFY(raised.added[i].severity == Severity::Error);
        QCOMPARE(raised.added[i].message, raised.removed[i].message);
    }
    QCOMPARE(engine.summary().errors, 2);
    QCOMPARE(engine.summary().warnings, 0);

    changes = mini.design.setSeverityOverrides({ { "power.feed-loss-capacity", "off" } });
    const ViolationDelta off = engine.runIncrementalDelta(mini.design, changes);
    QCOMPARE(off.removed.size(), std::size_t(2));
    QVERIFY(off.added.empty());
    QCOMPARE(engine.summary().errors, 0);
    QVERIFY(engine.violations().empty());

    // An edit that changes no finding publishes nothing.
    Device device = *mini.design.device(mini.oss01);
    device.name = device.name + "b";
    changes = mini.design.updateDevice(device);
    device.name.pop_back();
    changes.merge(mini.design.updateDevice(device));
    QVERIFY(engine.runIncrementalDelta(mini.design, changes).isEmpty());
}

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"

// The live validator: cheap rules synchronous on every change, global rules debounced on a
// worker with stale results dropped, the combination equal to a full validation run; the
// cheap rules of a huge change (every rack deleted, or that undone) on the worker too.

#include "DocumentFixtures.h"

#include "views/document/DesignPatch.h"

#include "model/validation/ValidationEngine.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <random>
#include <tuple>

using namespace cw;
using namespace cw::test;

namespace {

int countRule(const std::vector<Violation> &violations, const std::string &key)
{
    return static_cast<int>(std::count_if(violations.begin(), violations.end(),
                                          [&key](const Violation &v) { return v.ruleKey == key; }));
}

/// Same violations, whatever the order.
bool sameMultiset(std::vector<Violation> a, std::vector<Violation> b)
{
    auto key = [](const Violation &v) {
        return std::tie(v.ruleKey, v.entities, v.message, v.severity, v.waived, v.names);
    };
    auto less = [&key](const Violation &x, const Violation &y) {
        return key(x) < key(y);
    };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    return a == b;
}

bool namesOnlyLiveObjects(const Design &design, const Violation &violation)
{
    return std::all_of(violation.entities.begin(), violation.entities.end(),
                       [&design](EntityRef ref) { return exists(design, ref); });
}

} // namespace

class TestLiveValidator : public QObject
{
    Q_OBJECT

private slots:
    void liveValidatorTracksPowerRule();
    void globalRulesRunOnWorkerAndDropStaleResults();
    void incrementalEqualsFullAfterRandomEdits();
    void waiverIsAnUndoableEdit();
    void workerCopyFollowsPatchesWithoutCopies();
    void hugeChangeCatchesUpOnWorker();
};

void TestLiveValidator::liveValidatorTracksPowerRule()
{
    auto document = seedDocument();
    LiveValidator *validator = document->validator();
    validator->flush();
    const Design &design = document->design();
    const RackId a01 = rackNamed(design, "A01")->id;
    QCOMPARE(countRule(validator->violations(), "power.rack-over-feed"), 0);
    const int errorsBefore = validator->result().errors;

    // A01 has two 3-phase 400 V 32 A PDUs per feed: 2 x 400 x 32 x sqrt(3) x 0.8 = 35.47 kW
    // per feed. Each hdr-8x-h100-seed draws 10.2 kW max: 3 nodes = 30.6 kW fits, 4 nodes =
    // 40.8 kW overloads feed A and feed B (each must carry the rack alone): 2 violations.
    QSignalSpy deltas(validator, &LiveValidator::violationsChanged);
    Device node;
    node.catalogType = "hdr-8x-h100-seed";
    node.rack = a01;
    node.uPosition = 17;
    QCOMPARE(document->addDevice(node), QString());
    QCOMPARE(countRule(validator->violations(), "power.rack-over-feed"), 0);
    node.uPosition = 25;
    QCOMPARE(document->addDevice(node), QString());
    // The rack rule is a cheap one: current without waiting for the worker.
    QCOMPARE(countRule(validator->violations(), "power.rack-over-feed"), 2);
    QVERIFY(deltas.count() >= 1);
    const auto delta = deltas.last().at(0).value<ViolationDelta>();
    QCOMPARE(countRule(delta.added, "power.rack-over-feed"), 2);
    QVERIFY(delta.removed.empty() || countRule(delta.removed, "power.rack-over-feed") == 0);
    QVERIFY(validator->result().errors >= errorsBefore + 2);

    document->undoStack()->undo();
    QCOMPARE(countRule(validator->violations(), "power.rack-over-feed"), 0);
    const auto undoDelta = deltas.last().at(0).value<ViolationDelta>();
    QCOMPARE(countRule(undoDelta.removed, "power.rack-over-feed"), 2);
    document->undoStack()->undo();
    validator->flush();
    QCOMPARE(validator->result().errors, errorsBefore);
}

void TestLiveValidator::globalRulesRunOnWorkerAndDropStaleResults()
{
    auto document = seedDocument();
    LiveValidator *validator = document->validator();
    validator->setDebounceMs(10);
    QSignalSpy settled(validator, &LiveValidator::settled);
    QVERIFY(settled.wait(10000));
    const Design &design = document->design();
    // The seed has 60 kW of IT budget on row R1 and a site IT budget of 100 kW; cutting the
    // site budget to 50 kW trips power.site-it-budget, a design-scope (global) rule: the
    // seed's IT load is 8 x 10.2 kW of nodes alone (81.6 kW).
    Site site = design.site();
    site.itPowerBudgetKw = 50;
    QCOMPARE(document->updateSite(site), QString());
    QVERIFY(validator->isPending());
    QCOMPARE(countRule(validator->violations(), "power.site-it-budget"), 0);
    // A second change while the worker runs on the first makes its result stale: the
    // result is posted back to this thread, which only sees it after the edit below.
    QSignalSpy started(validator, &LiveValidator::globalRunStarted);
    QVERIFY(started.wait(10000));
    site.itPowerBudgetKw = 40;
    QCOMPARE(document->updateSite(site), QString());
    QTRY_VERIFY_WITH_TIMEOUT(!validator->isPending(), 10000);
    QCOMPARE(validator->staleResultsDropped(), 1);
    QCOMPARE(countRule(validator->violations(), "power.site-it-budget"), 1);
    const auto &violations = validator->violations();
    const auto it = std::find_if(violations.begin(), violations.end(), [](const Violation &v) {
        return v.ruleKey == "power.site-it-budget";
    });
    QVERIFY2(it->message.find("40") != std::string::npos, it->message.c_str());
    document->undoStack()->undo(); // the two site edits merged: one undo
    QTRY_VERIFY_WITH_TIMEOUT(!validator->isPending(), 10000);
    QCOMPARE(countRule(validator->violations(), "power.site-it-budget"), 0);
}

void TestLiveValidator::incrementalEqualsFullAfterRandomEdits()
{
    auto document = seedDocument();
    LiveValidator *validator = document->validator();
    const Design &design = document->design();
    std::mt19937 random(20250115);
    const std::vector<std::string> parts
        = { "hdr-8x-h100-seed", "mgmt-server-1u", "lustre-oss", "qm8700", "dgx-h100" };
    // What a consumer (canvas markers) keeps: the list at the start, then every delta applied.
    std::vector<Violation> kept = validator->violations();
    QString deltaProblem;
    connect(validator, &LiveValidator::violationsChanged, this, [&](const ViolationDelta &delta) {
        for (const Violation &gone : delta.removed) {
            const auto it = std::find(kept.begin(), kept.end(), gone);
            if (it == kept.end())
                deltaProblem = QString::fromStdString("removed but not listed: " + gone.message);
            else
                kept.erase(it);
        }
        kept.insert(kept.end(), delta.added.begin(), delta.added.end());
    });
    int accepted = 0;
    for (int step = 0; step < 120; ++step) {
        const int action = static_cast<int>(random() % 7);
        const auto &devices = design.devices().items();
        const auto &racks = design.racks().items();
        if (action == 0 || devices.empty()) {
            Device device;
            device.catalogType = parts[random() % parts.size()];
            device.rack = racks[random() % racks.size()].id;
            device.uPosition = 1 + static_cast<int>(random() % 42);
            accepted += document->addDevice(device).isEmpty();
        } else if (action == 1) {
            const Device &device = devices[random() % devices.size()];
            accepted += document
                            ->moveDevice(device.id, racks[random() % racks.size()].id,
                                         1 + static_cast<int>(random() % 42), Face::Front)
                            .isEmpty();
        } else if (action == 2) {
            accepted += document->remove({ EntityRef::of(devices[random() % devices.size()].id) })
                            .isEmpty();
        } else if (action == 3) {
            Device device = devices[random() % devices.size()];
            device.catalogType = parts[random() % parts.size()];
            accepted += document->updateDevice(device).isEmpty();
        } else if (action == 4 && document->undoStack()->canUndo()) {
            document->undoStack()->undo();
        } else if (action == 5 && document->undoStack()->canRedo()) {
            document->undoStack()->redo();
        } else {
            Site site = design.site();
            site.itPowerBudgetKw = static_cast<double>(random() % 200);
            accepted += document->updateSite(site).isEmpty();
        }
        if (step % 10 == 9) {
            validator->flush();
            const ValidationResult full = validateDesign(design, document->catalog(), kToday);
            QVERIFY2(validator->result().violations == full.violations,
                     qPrintable(QStringLiteral("step %1: %2 live vs %3 full")
                                    .arg(step)
                                    .arg(validator->violations().size())
                                    .arg(full.violations.size())));
            QCOMPARE(validator->result().errors, full.errors);
            QCOMPARE(validator->result().warnings, full.warnings);
            QVERIFY(validator->result().staleWaivers == full.staleWaivers);
            QVERIFY(validator->result().rulesRun == full.rulesRun);
            // The deltas alone rebuild the same list.
            QVERIFY2(deltaProblem.isEmpty(), qPrintable(deltaProblem));
            QVERIFY2(
                sameMultiset(kept, full.violations),
                qPrintable(QStringLiteral("step %1: the list kept from deltas differs").arg(step)));
        }
    }
    // The random walk must have exercised real edits, not only refusals.
    QVERIFY2(accepted > 30, qPrintable(QString::number(accepted)));
}

void TestLiveValidator::waiverIsAnUndoableEdit()
{
    auto document = seedDocument();
    LiveValidator *validator = document->validator();
    validator->flush();
    // The seed puts Lustre on the compute fabric: net.converged-storage fires (a warning).
    const auto &violations = validator->violations();
    const auto it = std::find_if(violations.begin(), violations.end(), [](const Violation &v) {
        return v.ruleKey == "net.converged-storage";
    });
    QVERIFY(it != violations.end());
    const Violation violation = *it;
    const int warnings = validator->result().warnings;
    QCOMPARE(document->setWaived(violation, QStringLiteral("seed article design")), QString());
    validator->flush();
    QCOMPARE(validator->result().waived, 1);
    QCOMPARE(validator->result().warnings, warnings - 1);
    QCOMPARE(document->design().waivers().front().reason, std::string("seed article design"));
    document->undoStack()->undo();
    validator->flush();
    QCOMPARE(validator->result().waived, 0);
    document->undoStack()->redo();
    // Removing the waiver (empty reason) is an edit too.
    QCOMPARE(document->setWaived(violation, QString()), QString());
    QVERIFY(document->design().waivers().empty());
}

// The worker's design is copied once and then patched with each edit's DesignPatch on the
// worker thread: after a random walk of edits, undos and redos, each judged by the worker
// alone (no flush, which would judge the live design), the list equals a full run on the
// live design, and no further whole-design copy was taken on the GUI thread.
void TestLiveValidator::workerCopyFollowsPatchesWithoutCopies()
{
    auto document = seedDocument();
    LiveValidator *validator = document->validator();
    validator->setDebounceMs(0);
    QTRY_VERIFY_WITH_TIMEOUT(!validator->isPending(), 10000);
    QCOMPARE(validator->designCopies(), 1);
    const Design &design = document->design();
    std::mt19937 random(20261125);
    int accepted = 0;
    for (int step = 0; step < 60; ++step) {
        const int action = static_cast<int>(random() % 5);
        const auto &devices = design.devices().items();
        const auto &racks = design.racks().items();
        if (action == 0 && !devices.empty()) {
            const Device &device = devices[random() % devices.size()];
            accepted += document
                            ->moveDevice(device.id, racks[random() % racks.size()].id,
                                         1 + static_cast<int>(random() % 42), Face::Front)
                            .isEmpty();
        } else if (action == 1 && !devices.empty()) {
            accepted += document->remove({ EntityRef::of(devices[random() % devices.size()].id) })
                            .isEmpty();
        } else if (action == 2 && document->undoStack()->canUndo()) {
            document->undoStack()->undo();
        } else if (action == 3 && document->undoStack()->canRedo()) {
            document->undoStack()->redo();
        } else {
            Site site = design.site();
            site.itPowerBudgetKw = static_cast<double>(random() % 200);
            accepted += document->updateSite(site).isEmpty();
        }
        if (step % 6 == 5) {
            QTRY_VERIFY_WITH_TIMEOUT(!validator->isPending(), 10000);
            const ValidationResult full = validateDesign(design, document->catalog(), kToday);
            QVERIFY2(validator->result().violations == full.violations,
                     qPrintable(QStringLiteral("step %1: %2 live vs %3 full")
                                    .arg(step)
                                    .arg(validator->violations().size())
                                    .arg(full.violations.size())));
        }
    }
    QVERIFY2(accepted > 15, qPrintable(QString::number(accepted)));
    QCOMPARE(validator->designCopies(), 1);
}

// Deleting every rack of a generated 256-node design names more than a quarter of it: the
// cheap rules run in full on the worker instead of on the GUI thread. Meanwhile the list
// must show no finding about a deleted object and its counts must match it; once caught up
// (through the worker, no flush) it must be exactly a full validation run's, after the
// delete and after its undo, and the deltas alone must rebuild the same list.
void TestLiveValidator::hugeChangeCatchesUpOnWorker()
{
    auto generated = generateDesign("fat-tree", { { "nodes", "256" } }, Catalog::builtin());
    QVERIFY(generated);
    Document document(Catalog::builtin(),
                      std::make_unique<Design>(std::move(generated.value().design)), QString());
    LiveValidator *validator = document.validator();
    validator->setToday(kToday);
    validator->setDebounceMs(0);
    validator->flush();
    const Design &design = document.design();
    const std::vector<Violation> before = validator->violations();
    QVERIFY(sameMultiset(before, validateDesign(design, document.catalog(), kToday).violations));
    std::vector<Violation> kept = before;
    connect(validator, &LiveValidator::violationsChanged, this, [&](const ViolationDelta &delta) {
        for (const Violation &gone : delta.removed)
            if (const auto it = std::find(kept.begin(), kept.end(), gone); it != kept.end())
                kept.erase(it);
        kept.insert(kept.end(), delta.added.begin(), delta.added.end());
    });
    std::vector<EntityRef> racks;
    for (const Rack &rack : design.racks())
        racks.push_back(EntityRef::of(rack.id));
    QVERIFY(racks.size() > 50);

    for (const bool undo : { false, true }) {
        if (undo)
            document.undoStack()->undo();
        else
            QCOMPARE(document.remove(racks), QString());
        // At once: deferred, no ghosts, counts of what is shown.
        QVERIFY(validator->isPending());
        const std::vector<Violation> &shown = validator->violations();
        for (const Violation &violation : shown)
            QVERIFY2(namesOnlyLiveObjects(design, violation), violation.message.c_str());
        const auto errors = std::count_if(shown.begin(), shown.end(), [](const Violation &v) {
            return !v.waived && v.severity == Severity::Error;
        });
        QCOMPARE(validator->result().errors, static_cast<int>(errors));
        QVERIFY(sameMultiset(kept, shown));
        // Caught up through the worker's result.
        QTRY_VERIFY_WITH_TIMEOUT(!validator->isPending(), 30000);
        const ValidationResult full = validateDesign(design, document.catalog(), kToday);
        QVERIFY(validator->result().violations == full.violations);
        QCOMPARE(validator->result().errors, full.errors);
        QCOMPARE(validator->result().warnings, full.warnings);
        QVERIFY(sameMultiset(kept, full.violations));
    }
    QVERIFY(sameMultiset(validator->violations(), before));
}

QTEST_GUILESS_MAIN(TestLiveValidator)
#include "tst_live_validator.moc"

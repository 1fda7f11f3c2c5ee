// Findings kept unformatted (ValidationEngine::runOnceLazy, what the CLI runs) publish the same
// violations as the eager engine, byte for byte: on every row of the rule table, and for the
// rules that write their text on demand against the former formatting (copied below from
// the rules as they were before the writers, so a change of wording shows here).

#include "RuleCases.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/validation/DesignIndex.h"
#include "model/validation/Format.h"
#include "model/validation/RuleContext.h"
#include "model/validation/ValidationEngine.h"

#include <QtTest>

#include <cstdio>
#include <limits>
#include <set>

using namespace cw;
using namespace cw::test;

namespace {

constexpr const char *kToday = "2025-06-30";

/// The lazy engine's list, read back through forEachViolation.
std::vector<Violation> visited(const ValidationEngine &engine, ViolationVisit what = {})
{
    std::vector<Violation> list;
    engine.forEachViolation([&list](const Violation &v) { list.push_back(v); }, what);
    return list;
}

/// net.port-speed-mismatch as formatted before the writer (NetworkRules.cpp at 7ef0075).
std::pair<std::string, std::string> formerSpeedMismatch(const RuleContext &context,
                                                        const Link &link)
{
    const PortSpec *a = context.port(link.a);
    const PortSpec *b = context.port(link.b);
    return { context.portLabel(link.a) + " is " + fmt::num(a->speedGbps, 0) + " Gb/s, "
                 + context.portLabel(link.b) + " is " + fmt::num(b->speedGbps, 0)
                 + " Gb/s: the link runs at " + fmt::num(std::min(a->speedGbps, b->speedGbps), 0)
                 + " Gb/s at best",
             "connect ports of the same speed" };
}

/// power.feed-loss-capacity as formatted before the writer (FailureRules.cpp at 7ef0075),
/// for a device whose feed `lost` (0 = A) leaves `left` of its PSUs.
std::pair<std::string, std::string> formerFeedLoss(const RuleContext &context, const Device &device,
                                                   int lost, int left)
{
    const Part *part = context.part(device.id);
    const PsuSpec &psu = part->server->psu;
    const double availableW = left * psu.ratingW;
    const std::string lostFeed = lost == 0 ? "A" : "B";
    const std::string keptFeed = lost == 0 ? "B" : "A";
    return { device.name + " (" + part->id + ") draws up to " + fmt::kw(part->maxPowerW)
                 + "; on feed " + keptFeed + " alone it keeps " + std::to_string(left) + " of "
                 + std::to_string(psu.count) + " PSUs = " + std::to_string(left) + " x "
                 + fmt::kw(psu.ratingW) + " = " + fmt::kw(availableW) + ": losing feed " + lostFeed
                 + " caps it at " + fmt::kw(availableW) + " ("
                 + fmt::num((1.0 - availableW / part->maxPowerW) * 100.0, 0) + "% below)",
             "accept and document the cap (clusterwright-cli whatif --fail feed:" + lostFeed
                 + " shows the effect), or set a node power limit of " + fmt::kw(availableW) };
}

/// 32 DGX H100s (400G NICs) on q3400-ra (800G XDR) switches: a speed mismatch on every node
/// link, a feed-loss cap on every node (3 of 6 x 3.3 kW PSUs per feed against 10.2 kW). The
/// generator refuses that pairing (no catalog cable joins a 400G NIC to an XDR cage), so the
/// design is generated with DGX B300s (800G) and their nodes are then turned into DGX H100s,
/// as an architect swapping the node type in the inspector would: the compute ports keep
/// their indices (0-7 on both), the management port moves from index 10 (B300: 8 compute,
/// 2 storage, BMC) to 12 (H100: 8 compute, 2 storage, 2 front-end, BMC).
Design mismatchedDesign()
{
    auto generated = generateDesign("fat-tree",
                                    { { "nodes", "32" },
                                      { "node-type", "dgx-b300" },
                                      { "switch-type", "q3400-ra" },
                                      { "storage", "none" } },
                                    Catalog::builtin());
    if (!generated)
        qFatal("%s", generated.error().message.c_str());
    Design design = std::move(generated.value().design);
    std::set<DeviceId> swapped;
    std::vector<Device> nodes;
    for (const Device &device : design.devices())
        if (device.catalogType == "dgx-b300")
            nodes.push_back(device);
    for (Device node : nodes) {
        node.catalogType = "dgx-h100";
        swapped.insert(node.id);
        design.updateDevice(node);
    }
    constexpr int kB300Bmc = 10;
    constexpr int kH100Bmc = 12;
    std::vector<Link> moved;
    for (const Link &link : design.links()) {
        Link relinked = link;
        for (PortRef *end : { &relinked.a, &relinked.b })
            if (swapped.contains(end->device) && end->port == kB300Bmc)
                end->port = kH100Bmc;
        if (!(relinked == link))
            moved.push_back(relinked);
    }
    for (const Link &link : moved)
        design.updateLink(link);
    return design;
}

} // namespace

class TestLazyFindings : public QObject
{
    Q_OBJECT

private slots:
    void lazyEqualsEagerOnEveryRule_data();
    void lazyEqualsEagerOnEveryRule();
    void writersMatchTheFormerFormatting();
    void waiversAndGateOnLazyFindings();
    void runAfterLazyRunStartsAfresh();
    void wholeNumbersPrintAsPrintfDoes();
};

void TestLazyFindings::lazyEqualsEagerOnEveryRule_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < ruleCases().size(); ++i)
        QTest::newRow(ruleCases()[i].key) << int(i);
}

void TestLazyFindings::lazyEqualsEagerOnEveryRule()
{
    QFETCH(int, index);
    const Case &c = ruleCases()[static_cast<std::size_t>(index)];
    const auto catalog = validationCatalog();
    Mini m = buildMini(*catalog);
    c.trip(m, *catalog);

    ValidationEngine eager(*catalog);
    eager.setToday(kToday);
    const ValidationResult expected = eager.runFull(m.design);
    QVERIFY(!expected.violations.empty()); // the row trips its rule (tst_rules checks which)

    ValidationEngine lazy(*catalog);
    lazy.setToday(kToday);
    const ValidationResult summary = lazy.runOnceLazy(m.design);
    QCOMPARE(summary.errors, expected.errors);
    QCOMPARE(summary.warnings, expected.warnings);
    QCOMPARE(summary.infos, expected.infos);
    QCOMPARE(summary.waived, expected.waived);
    QVERIFY(summary.violations.empty()); // nothing formatted yet
    QVERIFY(lazy.result() == expected);
    QVERIFY(visited(lazy) == expected.violations);
    QVERIFY(validateDesign(m.design, *catalog, kToday) == expected);

    ValidationEngine once(*catalog);
    once.setToday(kToday);
    QVERIFY(once.runOnce(m.design) == expected);

    // Without names: everything else identical.
    const std::vector<Violation> bare = visited(lazy, { .names = false });
    QCOMPARE(bare.size(), expected.violations.size());
    for (std::size_t i = 0; i < bare.size(); ++i) {
        QVERIFY(bare[i].names.empty());
        Violation named = bare[i];
        named.names = expected.violations[i].names;
        QVERIFY(named == expected.violations[i]);
    }
}

void TestLazyFindings::writersMatchTheFormerFormatting()
{
    const Design design = mismatchedDesign();
    const Catalog &catalog = Catalog::builtin();
    const ValidationResult result = validateDesign(design, catalog, kToday);
    DesignIndex index;
    index.rebuild(design, catalog, DesignIndex::Memory::RulesOnly);
    const RuleContext context(design, catalog, index);

    std::size_t speed = 0;
    std::size_t feed = 0;
    for (const Violation &v : result.violations) {
        std::pair<std::string, std::string> former;
        if (v.ruleKey == "net.port-speed-mismatch") {
            ++speed;
            former = formerSpeedMismatch(context, *design.link(LinkId { v.entities[0].id }));
        } else if (v.ruleKey == "power.feed-loss-capacity") {
            ++feed;
            // The generator's racks alternate PSUs over feeds A and B: 3 of 6 on each, and
            // the engine reports losing feed A (the first of two equal halves).
            former = formerFeedLoss(context, *design.device(DeviceId { v.entities[0].id }), 0, 3);
        } else {
            continue;
        }
        QCOMPARE(v.message, former.first);
        QCOMPARE(v.fix, former.second);
    }
    // 32 nodes x 8 rail NICs, each 400G against an 800G leaf port; one cap per node.
    QCOMPARE(speed, std::size_t(256));
    QCOMPARE(feed, std::size_t(32));
    // One written out in full, worked by hand: DGX H100 10.2 kW, 3 x 3.3 kW = 9.9 kW left,
    // 1 - 9.9 / 10.2 = 2.9 % -> "3% below".
    const auto first
        = std::find_if(result.violations.begin(), result.violations.end(),
                       [](const Violation &v) { return v.ruleKey == "power.feed-loss-capacity"; });
    QVERIFY(first->message.ends_with("(dgx-h100) draws up to 10.2 kW; on feed B alone it keeps 3 "
                                     "of 6 PSUs = 3 x 3.3 kW = 9.9 kW: losing feed A caps it at "
                                     "9.9 kW (3% below)"));
    const auto mismatch
        = std::find_if(result.violations.begin(), result.violations.end(),
                       [](const Violation &v) { return v.ruleKey == "net.port-speed-mismatch"; });
    QVERIFY2(mismatch->message.ends_with(" is 800 Gb/s: the link runs at 400 Gb/s at best"),
             mismatch->message.c_str());
}

void TestLazyFindings::waiversAndGateOnLazyFindings()
{
    Design design = mismatchedDesign();
    const Catalog &catalog = Catalog::builtin();
    ValidationEngine probe(catalog);
    const ValidationResult plain = probe.runFull(design);
    // Waive one link's mismatch; make the feed-loss rule an error so the gate has some.
    const auto link
        = std::find_if(plain.violations.begin(), plain.violations.end(),
                       [](const Violation &v) { return v.ruleKey == "net.port-speed-mismatch"; });
    design.setWaivers({ { "net.port-speed-mismatch",
                          { link->entities[0].id },
                          "XDR ports run at 400G for phase 1",
                          "network team",
                          "2025-01-15",
                          "" } });
    design.setSeverityOverrides({ { "power.feed-loss-capacity", "error" } });

    ValidationEngine eager(catalog);
    eager.setToday(kToday);
    const ValidationResult expected = eager.runFull(design);
    QCOMPARE(expected.waived, 1);
    // The 32 caps made errors, and the 256 node links whose XDR module (the B300's
    // ConnectX-8 side) does not fit the H100's OSFP-twin cage: errors of their own.
    int connectorErrors = 0;
    for (const Violation &v : expected.violations)
        if (v.ruleKey == "net.cable-connector-mismatch" && v.severity == Severity::Error)
            ++connectorErrors;
    QCOMPARE(connectorErrors, 256);
    QCOMPARE(expected.errors, 32 + connectorErrors);
    ValidationEngine lazy(catalog);
    lazy.setToday(kToday);
    lazy.runOnceLazy(design);
    QVERIFY(lazy.result() == expected);

    // The export gate's visit: exactly the open errors, in the list's order.
    std::vector<Violation> open;
    for (const Violation &v : expected.violations)
        if (v.severity == Severity::Error && !v.waived)
            open.push_back(v);
    QVERIFY(visited(lazy, { .names = true, .openErrorsOnly = true }) == open);
    QVERIFY(visited(eager, { .names = true, .openErrorsOnly = true }) == open);
}

void TestLazyFindings::runAfterLazyRunStartsAfresh()
{
    const Design design = mismatchedDesign();
    const Catalog &catalog = Catalog::builtin();
    ValidationEngine reference(catalog);
    const ValidationResult expected = reference.runFull(design);

    ValidationEngine engine(catalog);
    engine.runOnceLazy(design);
    // A delta run after the lazy one lists everything as added, and counts it once.
    const ViolationDelta delta = engine.runFullDelta(design);
    QVERIFY(delta.removed.empty());
    QVERIFY(delta.added == expected.violations);
    QCOMPARE(engine.summary().warnings, expected.warnings);
    QVERIFY(engine.result() == expected);
    // And a lazy run after an eager one replaces its findings, counted once.
    const ValidationResult &summary = engine.runOnceLazy(design);
    QCOMPARE(summary.warnings, expected.warnings);
    QVERIFY(engine.result() == expected);
}

void TestLazyFindings::wholeNumbersPrintAsPrintfDoes()
{
    // fmt::num(x, 0) takes an integer path for whole numbers; the former fmt::num, the C
    // library's "%.0f" into 64 bytes, is the reference for every value, whole or not (halves
    // round to even there: 0.5 -> "0"; 1e300 is cut at 63 characters, as it always was).
    std::vector<double> values { 0.0,     -0.0,     1.0,    -1.0,  400.0,
                                 800.0,   0.5,      1.5,    2.5,   -2.5,
                                 399.999, 1e15 - 1, 1e15,   -1e15, 9007199254740992.0,
                                 1e300,   -1e300,   1e-300, -0.4 };
    values.push_back(std::numeric_limits<double>::infinity());
    values.push_back(-std::numeric_limits<double>::infinity());
    values.push_back(std::numeric_limits<double>::quiet_NaN());
    std::uint64_t state = 12345;
    for (int i = 0; i < 2000; ++i) { // whole numbers of every size up to 2^50, both signs
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double whole = static_cast<double>(state >> (14 + i % 50));
        values.push_back(i % 2 ? whole : -whole);
    }
    for (double value : values) {
        char expected[64];
        std::snprintf(expected, sizeof expected, "%.*f", 0, value);
        QCOMPARE(fmt::num(value, 0), std::string(expected));
        std::snprintf(expected, sizeof expected, "%.*f", 1, value);
        QCOMPARE(fmt::num(value, 1), std::string(expected));
    }
}

QTEST_GUILESS_MAIN(TestLazyFindings)
#include "tst_lazy_findings.moc"

// Runs the rule table of RuleCases.cpp: every rule key trips on its fixture with the message
// worked by hand there and stays quiet on its near miss; plus near misses that need more than
// one design.

#include "RuleCases.h"

#include "model/validation/ValidationEngine.h"

#include <QtTest>

#include <set>

using namespace cw;
using namespace cw::test;

namespace {

std::string expand(std::string text, const Mini &m)
{
    for (const auto &[token, id] : { std::pair { std::string("{gpu01}"), m.gpu01.value },
                                     std::pair { std::string("{gpu02}"), m.gpu02.value } })
        if (auto at = text.find(token); at != std::string::npos)
            text.replace(at, token.size(), std::to_string(id));
    return text;
}

std::vector<const Violation *> violationsOf(const ValidationResult &result, std::string_view key)
{
    std::vector<const Violation *> found;
    for (const Violation &v : result.violations)
        if (v.ruleKey == key)
            found.push_back(&v);
    return found;
}

} // namespace

class TestRules : public QObject
{
    Q_OBJECT

private slots:
    void everyKeyHasARow();
    void rule_data();
    void rule();
    void rackNeedsLiquidNearMisses();
    void nvlinkDomainShortOfTrays();
};

void TestRules::everyKeyHasARow()
{
    std::set<std::string> keys;
    for (const Case &c : ruleCases())
        keys.insert(c.key);
    const auto rules = builtinRules();
    QCOMPARE(keys.size(), rules.size());
    for (const auto &rule : rules)
        QVERIFY2(keys.contains(std::string(rule->key())), rule->info().key);
}

void TestRules::rule_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < ruleCases().size(); ++i)
        QTest::newRow(ruleCases()[i].key) << int(i);
}

void TestRules::rule()
{
    QFETCH(int, index);
    const Case &c = ruleCases()[static_cast<std::size_t>(index)];
    const auto catalog = validationCatalog();

    Mini tripped = buildMini(*catalog);
    c.trip(tripped, *catalog);
    const ValidationResult bad = validateDesign(tripped.design, *catalog, "2025-06-30");
    const auto found = violationsOf(bad, c.key);
    QVERIFY2(!found.empty(), c.key);
    const std::string expected = expand(c.message, tripped);
    bool matched = false;
    QString seen;
    for (const Violation *v : found) {
        matched = matched || v->message.find(expected) != std::string::npos;
        seen += QString::fromStdString(v->message) + "\n";
        QVERIFY(!v->entities.empty() || v->ruleKey.starts_with("power.site")
                || v->ruleKey.starts_with("cooling.site") || v->ruleKey.starts_with("slurm")
                || v->ruleKey.starts_with("storage"));
        QCOMPARE(v->names.size(), v->entities.size());
        QCOMPARE(std::string(toString(v->severity)),
                 std::string(toString(ValidationEngine(*catalog).rule(c.key)->defaultSeverity())));
    }
    QVERIFY2(matched,
             qPrintable("expected: " + QString::fromStdString(expected) + "\nseen:\n" + seen));

    Mini passed = buildMini(*catalog);
    c.pass(passed, *catalog);
    const ValidationResult good = validateDesign(passed.design, *catalog, "2025-06-30");
    const auto none = violationsOf(good, c.key);
    QVERIFY2(none.empty(), none.empty() ? "" : none.front()->message.c_str());
}

void TestRules::rackNeedsLiquidNearMisses()
{
    // The same 120.0 kW in the liquid rack A03 (rack-48u-liquid) is what the rule asks for.
    const auto catalog = validationCatalog();
    Mini liquid = buildMini(*catalog);
    place(liquid, *catalog, liquid.a03, "dense01", "test-dense-air-105400w", 20);
    place(liquid, *catalog, liquid.a03, "dense02", "test-dense-air-105300w", 22);
    // A03 now carries 105.4 + 105.3 = 210.7 kW, far above 120 kW, and is liquid: no finding.
    const ValidationResult liquidResult = validateDesign(liquid.design, *catalog, "2025-06-30");
    QVERIFY(violationsOf(liquidResult, "cooling.rack-needs-liquid").empty());
    // Another air rack just below: A01 carries 13.0 kW, + 105.3 kW = 118.3 kW.
    Mini split = buildMini(*catalog);
    place(split, *catalog, split.a01, "dense01", "test-dense-air-105300w", 20);
    const ValidationResult result = validateDesign(split.design, *catalog, "2025-06-30");
    const auto found = violationsOf(result, "cooling.rack-needs-liquid");
    QVERIFY(found.empty());
}

void TestRules::nvlinkDomainShortOfTrays()
{
    // 17 of 18 trays and 8 of 9 switch trays in a gb200-nvl72-rack: 68 of 72 GPUs.
    const auto catalog = validationCatalog();
    Mini m = buildMini(*catalog);
    fillNvl72(m, *catalog, 17, 8, true);
    const ValidationResult result = validateDesign(m.design, *catalog, "2025-06-30");
    const auto found = violationsOf(result, "nvlink.domain-incomplete");
    QCOMPARE(found.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(found.front()->message),
             QString("NVLink domain of rack A03 has 68 of 72 GPUs (17 of 18 compute trays) "
                     "and 8 of 9 NVLink switch trays"));
    QCOMPARE(std::string(toString(found.front()->severity)), std::string("warning"));
}

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"

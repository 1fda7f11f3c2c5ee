// Tests of former parameter and output names: warnings, clashes and the outputs carried for one
// release. Every expected value is the cited source's published figure or worked by hand in the
// comment beside it; none is produced by running the code under test.

#include "ModelCalcSupport.h"

#include "calculators/InputError.h"

using namespace cw::calc;
using namespace cw::calc::test;

class TestFormerNames : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void formerNamesWarn_data();
    void formerNamesWarn();
    void formerAndCurrentNameClash();
    void formerOutputsCarried();
};

// ---- former names ------------------------------------------------------------------------------

void TestFormerNames::formerNamesWarn_data()
{
    QTest::addColumn<QString>("calculator");
    QTest::addColumn<Params>("params");
    QTest::addColumn<QString>("former");
    QTest::addColumn<QString>("current");
    QTest::newRow("allreduce") << "allreduce"
                               << Params { { "bytes", "1e9" },
                                           { "ranks", "8" },
                                           { "link-gbps", "50" } }
                               << "link-gbps"
                               << "link-gbyte-s";
    QTest::newRow("pfc") << "pfc-headroom" << Params { { "speed-gbps", "400" }, { "cable-m", "5" } }
                         << "speed-gbps"
                         << "speed-gbit-s";
    QTest::newRow("checkpoint") << "checkpoint"
                                << Params { { "params", "7B" },
                                            { "write-gbps", "10" },
                                            { "interval-min", "30" } }
                                << "write-gbps"
                                << "write-gbyte-s";
    QTest::newRow("peak") << "training-time"
                          << Params { { "params", "7B" },
                                      { "tokens", "1T" },
                                      { "gpus", "8" },
                                      { "peak-tflops", "989" },
                                      { "mfu", "0.4" } }
                          << "peak-tflops"
                          << "peak-tflop-s";
}

void TestFormerNames::formerNamesWarn()
{
    QFETCH(QString, calculator);
    QFETCH(Params, params);
    QFETCH(QString, former);
    QFETCH(QString, current);
    const CalcOutcome o = outcome(calculator.toStdString(), params);
    QVERIFY2(o.ok(), o.error.c_str());
    const std::string expected = "parameter '" + former.toStdString()
        + "' is deprecated and will be removed in the next release; use '" + current.toStdString()
        + "'";
    QVERIFY(contains(o.warnings, expected));
    QVERIFY(o.result.at("warnings").get<std::vector<std::string>>() == o.warnings);
}

void TestFormerNames::formerAndCurrentNameClash()
{
    const CalcOutcome o = outcome(
        "allreduce",
        { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbps", "50" }, { "link-gbyte-s", "50" } });
    QCOMPARE(o.error,
             std::string("parameter 'link-gbps': former name of 'link-gbyte-s'; give one "
                         "of them, not both"));
}

void TestFormerNames::formerOutputsCarried()
{
    // One release of overlap: the former output keys carry the same numbers.
    const auto j
        = run("allreduce", { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbyte-s", "50" } });
    QCOMPARE(j.at("busbw_gbps"), j.at("busbw_gbyte_s"));
    QCOMPARE(j.at("deprecated_outputs").at("algbw_gbps").get<std::string>(),
             std::string("algbw_gbyte_s"));
    QVERIFY(!j.contains("warnings")); // reading the current key is not a mistake
}

QTEST_APPLESS_MAIN(TestFormerNames)

#include "tst_calc_former_names.moc"

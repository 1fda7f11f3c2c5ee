// Tests of pipeline-schedule activations in training-memory (ref:korthikanti-2022,
// ref:narayanan-2021-megatron schedules) and the full-recompute working layer. Every expected value
// is the cited source's published figure or worked by hand in the comment beside it; none is
// produced by running the code under test.

#include "ModelCalcSupport.h"

#include "calculators/InputError.h"

using namespace cw::calc;
using namespace cw::calc::test;

class TestPipelineSchedule : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void gpt3PipelineNoLongerFits();
    void pipelineSchedules_data();
    void pipelineSchedules();
    void pipelineRefusals();
    void fullRecomputeKeepsOneWorkingLayer();
};

// ---- pipeline schedule -------------------------------------------------------------------------

void TestPipelineSchedule::gpt3PipelineNoLongerFits()
{
    // Per layer, tensor + sequence parallel with selective recomputation (ref:korthikanti-2022
    // Table 2): sbh x 34/t = 2048 x 8 x 12288 x 4.25 = 855,638,016 B. Stage of 96/8 = 12
    // layers: 10,267,656,192 B per micro-batch. Under 1F1B the first stage holds p = 8 of them
    // (section 4.2.3): 82,141,249,536 B = 96 layers' worth. ZeRO-1 states: Psi = 175e9/64 =
    // 2,734,375,000; 4 Psi + 12 Psi/16 = 12,988,281,250. Total 95,129,530,786 B > 80 GB.
    // The former result, one micro-batch only, was 23.26 GB ("fits").
    const auto j = run("training-memory", gpt3());
    QCOMPARE(j.at("activation_bytes_per_micro_batch").get<double>(), 10267656192.0);
    QCOMPARE(j.at("in_flight_micro_batches").get<double>(), 8.0);
    QCOMPARE(j.at("activation_bytes_per_gpu").get<double>(), 82141249536.0);
    QCOMPARE(j.at("model_states_bytes_per_gpu").get<double>(), 12988281250.0);
    QCOMPARE(j.at("total_bytes_per_gpu").get<double>(), 95129530786.0);
    QCOMPARE(j.at("fits").get<bool>(), false);
}

void TestPipelineSchedule::pipelineSchedules_data()
{
    QTest::addColumn<Params>("extra");
    QTest::addColumn<double>("inFlight");
    // 1F1B with fewer micro-batches than stages holds only m (ref:narayanan-2019-pipedream).
    QTest::newRow("1f1b m=4") << Params { { "micro-batches", "4" } } << 4.0;
    QTest::newRow("1f1b m=64") << Params { { "micro-batches", "64" } } << 8.0;
    // Interleaved, v = 2: p + (p-1)/v = 8 + 7/2 (ref:korthikanti-2022 section 4.2.3).
    QTest::newRow("interleaved v=2")
        << Params { { "schedule", "interleaved" }, { "virtual-stages", "2" } } << 11.5;
    // GPipe keeps all m forwards (ref:huang-2019-gpipe).
    QTest::newRow("gpipe m=16") << Params { { "schedule", "gpipe" }, { "micro-batches", "16" } }
                                << 16.0;
    // Zero bubble (ref:qi-2024-zero-bubble Table 2): ZB-H1 p, ZB-H2 2p - 1 = 15.
    QTest::newRow("zb-h1") << Params { { "schedule", "zb-h1" } } << 8.0;
    QTest::newRow("zb-h2") << Params { { "schedule", "zb-h2" } } << 15.0;
}

void TestPipelineSchedule::pipelineSchedules()
{
    QFETCH(Params, extra);
    QFETCH(double, inFlight);
    Params p = gpt3();
    for (const auto &[key, value] : extra)
        p[key] = value;
    const auto j = run("training-memory", p);
    QCOMPARE(j.at("in_flight_micro_batches").get<double>(), inFlight);
    QCOMPARE(j.at("activation_bytes_per_gpu").get<double>(), 10267656192.0 * inFlight);
}

void TestPipelineSchedule::pipelineRefusals()
{
    const CalcOutcome interleavedM
        = outcome("training-memory",
                  with(with(with(gpt3(), "schedule", "interleaved"), "virtual-stages", "2"),
                       "micro-batches", "12"));
    QCOMPARE(interleavedM.error,
             std::string("parameter 'micro-batches': expected a multiple of pp (8) for the "
                         "interleaved schedule, got 12"));
    const CalcOutcome noChunks
        = outcome("training-memory", with(gpt3(), "schedule", "interleaved"));
    QVERIFY(noChunks.error.find("parameter 'virtual-stages'") == 0);
    const CalcOutcome gpipe = outcome("training-memory", with(gpt3(), "schedule", "gpipe"));
    QVERIFY(gpipe.error.find("parameter 'micro-batches': missing") == 0);
    const CalcOutcome badSchedule = outcome("training-memory", with(gpt3(), "schedule", "2f2b"));
    QVERIFY(badSchedule.error.find("parameter 'schedule': expected one of 1f1b") == 0);
}

void TestPipelineSchedule::fullRecomputeKeepsOneWorkingLayer()
{
    // Full recomputation stores 2sbh per layer (ref:korthikanti-2022 Table 2): 2 x 201,326,592
    // = 402,653,184 B; x 12 layers x 8 in flight = 38,654,705,664 B; plus one layer's
    // activations being recomputed, sbh x 34/t (sequence parallel, attention term 5as/(ht) =
    // 5 x 96 x 2048 / (12288 x 8) = 10): 201,326,592 x 14.25 = 2,868,903,936 B.
    const auto j = run("training-memory", with(gpt3(), "recompute", "full"));
    QCOMPARE(j.at("activation_bytes_per_gpu").get<double>(), 38654705664.0 + 2868903936.0);
}

QTEST_APPLESS_MAIN(TestPipelineSchedule)

#include "tst_calc_pipeline.moc"

// Tests of training-time: Megatron runs, hardware vs model FLOPs utilisation, and MFU from measured
// throughput. Every expected value is the cited source's published figure or worked by hand in the
// comment beside it; none is produced by running the code under test.

#include "ModelCalcSupport.h"

#include "calculators/InputError.h"

using namespace cw::calc;
using namespace cw::calc::test;

class TestTrainingTime : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void trainingTimeMegatronRuns_data();
    void trainingTimeMegatronRuns();
    void trainingTimeMfuEqualsHfuTimesSixEighths();
    void trainingTimeMfuWarningBand();
    void trainingTimeRefusals();
    void mfuFromMeasuredThroughput();
};

// ---- training-time -----------------------------------------------------------------------------

void TestTrainingTime::trainingTimeMegatronRuns_data()
{
    // ref:narayanan-2021-megatron section 5.1: end-to-end time ~ 8TP/(nX) with full
    // recomputation, X the achieved hardware TFLOP/s per GPU (A100 peak 312).
    QTest::addColumn<Params>("params");
    QTest::addColumn<double>("publishedDays");
    QTest::addColumn<double>("handDays");
    // GPT-3 175B, 300B tokens, 1024 GPUs at 140 TFLOP/s: published "34 days";
    // 8 x 175e9 x 300e9 / (1024 x 140e12) = 2,929,687.5 s = 33.908 days.
    QTest::newRow("gpt-3") << Params { { "params", "175B" },
                                       { "tokens", "300B" },
                                       { "gpus", "1024" },
                                       { "peak-tflop-s", "312" },
                                       { "hfu", "0.44871794871794873" }, // 140/312
                                       { "recompute", "full" } }
                           << 34.0 << 33.908;
    // 1T, 450B tokens, 3072 GPUs at 163 TFLOP/s: published "84 days";
    // 8 x 1e12 x 450e9 / (3072 x 163e12) = 7,189,497 s = 83.21 days.
    QTest::newRow("1T") << Params { { "params", "1T" },
                                    { "tokens", "450B" },
                                    { "gpus", "3072" },
                                    { "peak-tflop-s", "312" },
                                    { "hfu", "0.5224358974358974" }, // 163/312
                                    { "recompute", "full" } }
                        << 84.0 << 83.212;
}

void TestTrainingTime::trainingTimeMegatronRuns()
{
    QFETCH(Params, params);
    QFETCH(double, publishedDays);
    QFETCH(double, handDays);
    const auto j = run("training-time", params);
    CW_COMPARE_NEAR(j.at("days").get<double>(), handDays, 1e-4);
    CW_COMPARE_NEAR(j.at("days").get<double>(), publishedDays, 0.015); // the paper rounds
    // 6ND would have been 25 % short: hardware = 8/6 model FLOPs.
    CW_COMPARE_NEAR(j.at("hardware_flop").get<double>() / j.at("model_flop").get<double>(),
                    8.0 / 6.0, 1e-12);
}

void TestTrainingTime::trainingTimeMfuEqualsHfuTimesSixEighths()
{
    // Same GPT-3 run given as MFU: 140/312 x 6/8 = 0.33654 -> the same 33.908 days.
    const auto j = run("training-time",
                       { { "params", "175B" },
                         { "tokens", "300B" },
                         { "gpus", "1024" },
                         { "peak-tflop-s", "312" },
                         { "mfu", "0.33653846153846156" },
                         { "recompute", "full" } });
    CW_COMPARE_NEAR(j.at("days").get<double>(), 33.908, 1e-4);
    CW_COMPARE_NEAR(j.at("hfu").get<double>(), 140.0 / 312.0, 1e-12);
    // Selective recomputation with s = 2048, h = 12288: model 6(1 + s/6h) = 6.16667,
    // hardware 6(1 + s/3h) = 6.33333 per parameter-token (ref:korthikanti-2022 section 6).
    const auto sel = run("training-time",
                         { { "params", "175B" },
                           { "tokens", "300B" },
                           { "gpus", "1024" },
                           { "peak-tflop-s", "312" },
                           { "mfu", "0.4" },
                           { "recompute", "selective" },
                           { "seq", "2048" },
                           { "hidden", "12288" } });
    CW_COMPARE_NEAR(sel.at("model_flop").get<double>(), 6.0 * (1 + 2048.0 / 73728) * 175e9 * 300e9,
                    1e-12);
    CW_COMPARE_NEAR(sel.at("hardware_flop").get<double>(),
                    6.0 * (1 + 2048.0 / 36864) * 175e9 * 300e9, 1e-12);
}

void TestTrainingTime::trainingTimeMfuWarningBand()
{
    const Params base = {
        { "params", "70B" }, { "tokens", "2T" }, { "gpus", "2048" }, { "peak-tflop-s", "989" }
    };
    const CalcOutcome high = outcome("training-time", with(base, "mfu", "0.9"));
    QVERIFY(high.ok());
    QVERIFY(contains(high.warnings, "MFU 0.9 is above 0.6"));
    QVERIFY(high.result.at("warnings").size() == 1);
    const CalcOutcome usual = outcome("training-time", with(base, "mfu", "0.4"));
    QVERIFY(usual.warnings.empty());
    QVERIFY(!usual.result.contains("warnings"));
}

void TestTrainingTime::trainingTimeRefusals()
{
    const Params base = {
        { "params", "70B" }, { "tokens", "2T" }, { "gpus", "2048" }, { "peak-tflop-s", "989" }
    };
    // MFU 0.8 with full recomputation needs HFU 0.8 x 8/6 = 1.067: impossible.
    const CalcOutcome impossible
        = outcome("training-time", with(with(base, "mfu", "0.8"), "recompute", "full"));
    QVERIFY2(impossible.error.find("parameter 'mfu': MFU 0.8 with this recomputation needs") == 0,
             impossible.error.c_str());
    QVERIFY(outcome("training-time", base).error.find("give exactly one of 'mfu'")
            != std::string::npos);
    QVERIFY(outcome("training-time", with(with(base, "mfu", "0.4"), "hfu", "0.5"))
                .error.find("give exactly one of 'mfu'")
            != std::string::npos);
    QVERIFY(outcome("training-time", with(with(base, "mfu", "0.4"), "seq", "2048"))
                .error.find("parameter 'hidden': missing")
            == 0);
}

void TestTrainingTime::mfuFromMeasuredThroughput()
{
    // ref:narayanan-2021-megatron: the 1T model at 163 TFLOP/s per GPU (52 % of the A100's
    // 312) on 3072 GPUs with full recomputation, i.e. 3072 x 163e12 / (8 x 1e12) = 62,592
    // tokens/s. Back from the throughput: HFU 163/312 = 0.5224, MFU x 6/8 = 0.3918.
    const auto megatron = run("mfu",
                              { { "params", "1T" },
                                { "tokens-per-s", "62592" },
                                { "gpus", "3072" },
                                { "peak-tflop-s", "312" },
                                { "recompute", "full" } });
    CW_COMPARE_NEAR(megatron.at("hfu").get<double>(), 163.0 / 312.0, 1e-12);
    CW_COMPARE_NEAR(megatron.at("mfu").get<double>(), 163.0 / 312.0 * 6 / 8, 1e-12);
    CW_COMPARE_NEAR(megatron.at("hardware_tflop_s_per_gpu").get<double>(), 163.0, 1e-12);
    // ref:chowdhery-2022-palm: PaLM 540B (540.35e9 parameters) trained at 238.3K tokens/s on
    // 6144 TPU v4 chips of 275 TFLOP/s peak, reported MFU 46.2 % (with the attention FLOPs).
    // 6N only: 6 x 540.35e9 x 238,300 / (6144 x 275e12) = 0.4573, 1 % below the paper.
    const auto palm = run("mfu",
                          { { "params", "540.35B" },
                            { "tokens-per-s", "238300" },
                            { "gpus", "6144" },
                            { "peak-tflop-s", "275" } });
    CW_COMPARE_NEAR(palm.at("mfu").get<double>(), 6 * 540.35e9 * 238300 / (6144 * 275e12), 1e-12);
    CW_COMPARE_NEAR(palm.at("mfu").get<double>(), 0.462, 0.015);
    // A throughput above the peak is refused.
    QVERIFY(runCalculator("mfu",
                          { { "params", "70B" },
                            { "tokens-per-s", "1e9" },
                            { "gpus", "8" },
                            { "peak-tflop-s", "989" } })
                .error.find("parameter 'tokens-per-s': implies hardware FLOPs utilisation")
            == 0);
}

QTEST_APPLESS_MAIN(TestTrainingTime)

#include "tst_calc_training_time.moc"

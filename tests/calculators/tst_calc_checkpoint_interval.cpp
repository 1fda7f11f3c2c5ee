// Tests of checkpoint-interval: the Young/Daly optimum and its cap at the MTBF. Every expected
// value is the cited source's published figure or worked by hand in the comment beside it; none is
// produced by running the code under test.

#include "ModelCalcSupport.h"

#include "calculators/InputError.h"

using namespace cw::calc;
using namespace cw::calc::test;

class TestCheckpointInterval : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void youngDalyWorkedExample();
    void dalyCapsAtMtbf();
    void checkpointIntervalFromGpuMtbf();
    void checkpointIntervalRefusals();
};

// ---- checkpoint-interval -----------------------------------------------------------------------

void TestCheckpointInterval::youngDalyWorkedExample()
{
    // M = 24 h = 86,400 s, delta = 300 s. Young (ref:young-1974): sqrt(2 x 300 x 86400) =
    // 7200 s. Daly (ref:daly-2006): x = delta/2M = 1/576, sqrt(x) = 1/24;
    // 7200 x (1 + 1/72 + 1/5184) - 300 = 7001.3888... s.
    // Lost per day at Daly: 1 failure x (7301.3889/2) s = 1.0140818 h rework, checkpoints
    // 300/7301.3889 x 24 = 0.9861138 h; 2.0001955 h in all.
    const auto j = run("checkpoint-interval",
                       { { "mtbf-hours", "24" }, { "checkpoint-s", "300" }, { "gpus", "1024" } });
    QCOMPARE(j.at("young_interval_s").get<double>(), 7200.0);
    CW_COMPARE_NEAR(j.at("daly_interval_s").get<double>(), 7001.388888888889, 1e-12);
    CW_COMPARE_NEAR(j.at("failures_per_day").get<double>(), 1.0, 1e-12);
    CW_COMPARE_NEAR(j.at("rework_hours_per_day").get<double>(), 7301.388888888889 / 2 / 3600,
                    1e-12);
    CW_COMPARE_NEAR(j.at("checkpoint_hours_per_day").get<double>(), 300.0 / 7301.388888888889 * 24,
                    1e-12);
    CW_COMPARE_NEAR(j.at("lost_hours_per_day").get<double>(), 2.0001955432, 1e-6);
    CW_COMPARE_NEAR(j.at("lost_gpu_hours_per_day").get<double>(), 2.0001955432 * 1024, 1e-6);
    // A chosen interval of 10 minutes loses more: 300/900 x 24 = 8 h saving + 900/2 s rework.
    const auto tenMin
        = run("checkpoint-interval",
              { { "mtbf-hours", "24" }, { "checkpoint-s", "300" }, { "interval-min", "10" } });
    CW_COMPARE_NEAR(tenMin.at("lost_hours_per_day").get<double>(), 8.0 + 450.0 / 3600, 1e-12);
}

void TestCheckpointInterval::dalyCapsAtMtbf()
{
    // delta >= 2M: Daly's optimum is M itself (ref:daly-2006). M = 0.05 h = 180 s, delta 600 s.
    const auto j
        = run("checkpoint-interval", { { "mtbf-hours", "0.05" }, { "checkpoint-s", "600" } });
    CW_COMPARE_NEAR(j.at("daly_interval_s").get<double>(), 180.0, 1e-12);
}

void TestCheckpointInterval::checkpointIntervalFromGpuMtbf()
{
    // Llama 3: 419 unexpected interruptions in 54 days on 16,384 GPUs
    // (ref:llama-team-2024-llama3): 16384 x 54 x 24 / 419 = 50,677 GPU-hours each; the job's
    // MTBF 50,677 / 16,384 = 3.093 h = 7.76 failures a day.
    const auto j
        = run("checkpoint-interval",
              { { "gpu-mtbf-hours", "50677" }, { "gpus", "16384" }, { "checkpoint-s", "60" } });
    CW_COMPARE_NEAR(j.at("failures_per_day").get<double>(), 24.0 * 16384 / 50677, 1e-12);
    // Young: sqrt(2 x 60 x 50677/16384 x 3600) = sqrt(1,336,210.0) = 1155.95 s.
    CW_COMPARE_NEAR(j.at("young_interval_s").get<double>(),
                    std::sqrt(2.0 * 60 * 50677.0 / 16384 * 3600), 1e-12);
}

void TestCheckpointInterval::checkpointIntervalRefusals()
{
    QVERIFY(outcome("checkpoint-interval", { { "checkpoint-s", "60" } })
                .error.find("parameter 'mtbf-hours': give exactly one")
            == 0);
    QVERIFY(
        outcome("checkpoint-interval",
                { { "mtbf-hours", "3" }, { "gpu-mtbf-hours", "5e4" }, { "checkpoint-s", "60" } })
            .error.find("give exactly one")
        != std::string::npos);
    QVERIFY(
        outcome("checkpoint-interval", { { "gpu-mtbf-hours", "5e4" }, { "checkpoint-s", "60" } })
            .error.find("parameter 'gpus': missing")
        == 0);
    QVERIFY(outcome("checkpoint-interval", { { "mtbf-hours", "0" }, { "checkpoint-s", "60" } })
                .error.find("parameter 'mtbf-hours'")
            == 0);
}

QTEST_APPLESS_MAIN(TestCheckpointInterval)

#include "tst_calc_checkpoint_interval.moc"

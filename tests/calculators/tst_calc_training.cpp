// Tests of the training-side calculators: training-memory, checkpoint, training-time, kv-cache.
// Every expected value is worked by hand (arithmetic in the comment beside it) or taken from
// the cited paper, never produced by running the code under test.

#include "CalcTestSupport.h"

#include "calculators/Checkpoint.h"
#include "calculators/InputError.h"
#include "calculators/KvCache.h"
#include "calculators/TrainingMemory.h"
#include "calculators/TrainingTime.h"

using namespace cw::calc;
using cw::calc::test::run;

class TestTrainingCalculators : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    // training-memory
    void zeroPaperExample_data();
    void zeroPaperExample();
    void zeroDividesByModelParallelFirst();
    void korthikantiPerLayer_data();
    void korthikantiPerLayer();
    void trainingMemoryWithActivationsAndFit();

    // checkpoint
    void checkpointBlocking();
    void checkpointAsync();
    void checkpointIntervalTooShort();

    // training-time
    void trainingTimeLlama2_70b();
    void trainingTimePeakTflopsEqualsGpuName();

    // kv-cache
    void kvCachePresets_data();
    void kvCachePresets();
    void kvCacheExplicitShape();
};

void TestTrainingCalculators::initTestCase()
{
    QCOMPARE(cw::calc::test::registerTestData().size(), std::size_t(9));
}

// ---- training-memory ---------------------------------------------------------------------------

void TestTrainingCalculators::zeroPaperExample_data()
{
    // ref:rajbhandari-2020-zero Figure 1: Psi = 7.5B, Nd = 64, K = 12, 2-byte weights and grads.
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("expectedGB");
    QTest::newRow("baseline") << 0 << 120.0; // (2+2+12) x 7.5 = 120 GB
    QTest::newRow("P_os") << 1 << 31.40625; // 4 x 7.5 + 12 x 7.5/64 = 30 + 1.40625 (paper: 31.4)
    QTest::newRow("P_os+g") << 2
                            << 16.640625; // 2 x 7.5 + 14 x 7.5/64 = 15 + 1.640625 (paper: 16.6)
    QTest::newRow("P_os+g+p") << 3 << 1.875; // 16 x 7.5/64 (paper: 1.9)
}

void TestTrainingCalculators::zeroPaperExample()
{
    QFETCH(int, stage);
    QFETCH(double, expectedGB);

    TrainingMemoryInput in;
    in.params = 7.5e9;
    in.zeroStage = stage;
    in.dp = 64;
    const TrainingMemoryResult r = trainingMemory(in);
    QCOMPARE(r.bytesPerParam, 16.0);
    CW_COMPARE_NEAR(r.modelStatesBytesPerGpu, expectedGB * 1e9, 1e-12);
    QCOMPARE(r.activationBytesPerGpu, 0.0);
    QVERIFY(!r.fits.has_value());

    // Same through the registry, as the CLI calls it.
    const auto j = run("training-memory",
                       { { "params", "7.5B" }, { "dp", "64" }, { "zero", std::to_string(stage) } });
    CW_COMPARE_NEAR(j.at("model_states_bytes_per_gpu").get<double>(), expectedGB * 1e9, 1e-12);
    QVERIFY(!j.at("assumptions").empty());
}

void TestTrainingCalculators::zeroDividesByModelParallelFirst()
{
    // 70B, tp 8, pp 4: 70e9/32 = 2.1875e9 params per rank; stage 1, dp 16:
    // (2+2) x 2.1875e9 + 12 x 2.1875e9/16 = 8.75e9 + 1.640625e9 = 10.390625e9 B
    const auto j = run(
        "training-memory",
        { { "params", "70B" }, { "tp", "8" }, { "pp", "4" }, { "dp", "16" }, { "zero", "1" } });
    CW_COMPARE_NEAR(j.at("model_states_bytes_per_gpu").get<double>(), 10.390625e9, 1e-12);
}

void TestTrainingCalculators::korthikantiPerLayer_data()
{
    // GPT-3 175B shape (as in ref:korthikanti-2022, model configurations): a = 96, h = 12288, s
    // = 2048, b = 1, t = 8. sbh = 2048 x 1 x 12288 = 25,165,824; 5as/h = 5 x 96 x 2048 / 12288 = 80
    // (t=1), 10 (t=8).
    QTest::addColumn<int>("tp");
    QTest::addColumn<int>("recompute");
    QTest::addColumn<bool>("sequenceParallel");
    QTest::addColumn<double>("expectedBytes");
    QTest::newRow("no parallelism")
        << 1 << int(Recompute::None) << false << 2868903936.0; // sbh (34 + 80) = 114 sbh
    QTest::newRow("tensor parallel")
        << 8 << int(Recompute::None) << false << 578813952.0; // sbh (10 + 3 + 10) = 23 sbh
    QTest::newRow("tensor+sequence")
        << 8 << int(Recompute::None) << true << 358612992.0; // sbh (4.25 + 10) = 14.25 sbh
    QTest::newRow("selective+sequence")
        << 8 << int(Recompute::Selective) << true << 106954752.0; // sbh x 34/8 = 4.25 sbh
    QTest::newRow("selective, tp only")
        << 8 << int(Recompute::Selective) << false << 327155712.0; // sbh (10 + 24/8) = 13 sbh
    QTest::newRow("full recompute") << 8 << int(Recompute::Full) << true << 50331648.0; // 2 sbh
    QTest::newRow("t=1 sequence parallel = no parallelism")
        << 1 << int(Recompute::None) << true << 2868903936.0; // 34/1 + 80 = 114
}

void TestTrainingCalculators::korthikantiPerLayer()
{
    QFETCH(int, tp);
    QFETCH(int, recompute);
    QFETCH(bool, sequenceParallel);
    QFETCH(double, expectedBytes);
    ActivationShape shape;
    shape.layers = 96;
    shape.hidden = 12288;
    shape.heads = 96;
    shape.seqLength = 2048;
    shape.microBatch = 1;
    shape.recompute = static_cast<Recompute>(recompute);
    shape.sequenceParallel = sequenceParallel;
    CW_COMPARE_NEAR(activationBytesPerLayer(shape, tp), expectedBytes, 1e-12);
}

void TestTrainingCalculators::trainingMemoryWithActivationsAndFit()
{
    // GPT-3 175B on tp 8, pp 8 (Korthikanti's 175B setup), dp 8, ZeRO 1, sequence parallel,
    // selective recompute, micro-batch 1.
    // Model states: 175e9/64 = 2.734375e9 params; 4 x 2.734375e9 + 12 x 2.734375e9/8
    //   = 10.9375e9 + 4.1015625e9 = 15.0390625e9 B.
    // Activations: 96/8 = 12 layers x 106,954,752 B = 1,283,457,024 B per micro-batch; under
    // 1F1B the first stage holds pp = 8 of them (ref:korthikanti-2022 section 4.2.3):
    // 10,267,656,192 B. Total = 25,306,718,692 B; fits in 80 GB, not in 16 GB.
    Params p = { { "params", "175B" },
                 { "tp", "8" },
                 { "pp", "8" },
                 { "dp", "8" },
                 { "zero", "1" },
                 { "layers", "96" },
                 { "hidden", "12288" },
                 { "heads", "96" },
                 { "seq", "2048" },
                 { "micro-batch", "1" },
                 { "recompute", "selective" },
                 { "sequence-parallel", "true" },
                 { "gpu-memory-gbyte", "80" } };
    auto j = run("training-memory", p);
    CW_COMPARE_NEAR(j.at("model_states_bytes_per_gpu").get<double>(), 15.0390625e9, 1e-12);
    CW_COMPARE_NEAR(j.at("activation_bytes_per_micro_batch").get<double>(), 1283457024.0, 1e-12);
    CW_COMPARE_NEAR(j.at("activation_bytes_per_gpu").get<double>(), 8 * 1283457024.0, 1e-12);
    CW_COMPARE_NEAR(j.at("total_bytes_per_gpu").get<double>(), 25306718692.0, 1e-12);
    QCOMPARE(j.at("fits").get<bool>(), true);
    p["gpu-memory-gbyte"] = "16";
    j = run("training-memory", p);
    QCOMPARE(j.at("fits").get<bool>(), false);
    // Without gpu-memory-gbyte the key is absent rather than guessed.
    p.erase("gpu-memory-gbyte");
    QVERIFY(!run("training-memory", p).contains("fits"));
}

// ---- checkpoint --------------------------------------------------------------------------------

void TestTrainingCalculators::checkpointBlocking()
{
    // 70B x (2 + 4 + 8) = 14 B/param -> 9.8e11 B; at 100 GB/s -> 9.8 s.
    // Interval 30 min = 1800 s: stall 9.8/1800 = 0.0054444...
    // Bandwidth for 5 %: 9.8e11 / (0.05 x 1800) = 1.0888...e10 B/s = 10.888... GB/s.
    // 1024 GPUs: 1024 x 0.0054444 x 24 = 133.80266... idle GPU-hours/day.
    const auto j = run("checkpoint",
                       { { "params", "70B" },
                         { "write-gbyte-s", "100" },
                         { "interval-min", "30" },
                         { "gpus", "1024" } });
    CW_COMPARE_NEAR(j.at("checkpoint_bytes").get<double>(), 9.8e11, 1e-12);
    CW_COMPARE_NEAR(j.at("write_seconds").get<double>(), 9.8, 1e-12);
    CW_COMPARE_NEAR(j.at("stall_fraction").get<double>(), 9.8 / 1800.0, 1e-12);
    CW_COMPARE_NEAR(j.at("bandwidth_for_target_gbyte_s").get<double>(), 10.888888888888889, 1e-12);
    CW_COMPARE_NEAR(j.at("idle_gpu_hours_per_day").get<double>(), 133.80266666666667, 1e-12);

    // Gradients add weight-bytes: 16 B/param -> 1.12e12 B.
    const auto g = run("checkpoint",
                       { { "params", "70B" },
                         { "write-gbyte-s", "100" },
                         { "interval-min", "30" },
                         { "include-gradients", "true" } });
    CW_COMPARE_NEAR(g.at("checkpoint_bytes").get<double>(), 1.12e12, 1e-12);
    QVERIFY(!g.contains("idle_gpu_hours_per_day"));
}

void TestTrainingCalculators::checkpointAsync()
{
    // Async: stall = 9.8e11 / 400e9 = 2.45 s; 2.45/1800 = 0.00136111...; write time still 9.8 s.
    CheckpointInput in;
    in.params = 70e9;
    in.writeGBps = 100;
    in.intervalMinutes = 30;
    in.async = true;
    in.hostCopyGBps = 400;
    const CheckpointResult r = checkpoint(in);
    CW_COMPARE_NEAR(r.stallSeconds, 2.45, 1e-12);
    CW_COMPARE_NEAR(r.stallFraction, 2.45 / 1800.0, 1e-12);
    CW_COMPARE_NEAR(r.writeSeconds, 9.8, 1e-12);

    const auto missing = runCalculator("checkpoint",
                                       { { "params", "70B" },
                                         { "write-gbyte-s", "100" },
                                         { "interval-min", "30" },
                                         { "async", "true" } });
    QVERIFY(!missing.ok());
    QVERIFY(missing.error.find("'host-copy-gbyte-s'") != std::string::npos);
}

void TestTrainingCalculators::checkpointIntervalTooShort()
{
    // 9.8e11 B at 1 GB/s = 980 s > 0.5 min = 30 s interval: meaningless, so an error.
    const auto o = runCalculator(
        "checkpoint", { { "params", "70B" }, { "write-gbyte-s", "1" }, { "interval-min", "0.5" } });
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("'interval-min'") != std::string::npos);
}

// ---- training-time -----------------------------------------------------------------------------

void TestTrainingCalculators::trainingTimeLlama2_70b()
{
    // Llama-2-70B, 2T tokens: 6 x 70e9 x 2e12 = 8.4e23 FLOPs.
    // On 2048 A100 (312 TFLOP/s) at MFU 0.5: 8.4e23 / (2048 x 312e12 x 0.5) = 2,629,206.73 s
    //   = 30.4306 days; GPU-hours = 8.4e23 / (312e12 x 0.5) / 3600 = 1,495,726.5.
    // (ref:touvron-2023-llama2 reports 1,720,320 A100 GPU-hours, i.e. an effective MFU of ~0.435.)
    const auto j = run("training-time",
                       { { "params", "70B" },
                         { "tokens", "2T" },
                         { "gpus", "2048" },
                         { "gpu", "a100-sxm-80gb" },
                         { "mfu", "0.5" } });
    CW_COMPARE_NEAR(j.at("model_flop").get<double>(), 8.4e23, 1e-12);
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 2629206.730769231, 1e-12);
    CW_COMPARE_NEAR(j.at("days").get<double>(), 30.430633457977212, 1e-12);
    CW_COMPARE_NEAR(j.at("gpu_hours").get<double>(), 1495726.4957264957, 1e-12);

    // Meta's figure back-solved: MFU = 8.4e23 / (1,720,320 x 3600 x 312e12) = 0.434717...
    TrainingTimeInput in;
    in.params = 70e9;
    in.tokens = 2e12;
    in.gpus = 2048;
    in.peakTflops = 312.0;
    in.mfu = 8.4e23 / (1720320.0 * 3600.0 * 312e12);
    CW_COMPARE_NEAR(trainingTime(in).gpuHours, 1720320.0, 1e-9);
}

void TestTrainingCalculators::trainingTimePeakTflopsEqualsGpuName()
{
    // h100-sxm-80gb = 989 TFLOP/s dense BF16 (NVIDIA datasheet: 1979 with sparsity).
    const auto byName = run("training-time",
                            { { "params", "8B" },
                              { "tokens", "15T" },
                              { "gpus", "1024" },
                              { "gpu", "h100-sxm-80gb" },
                              { "mfu", "0.4" } });
    const auto byPeak = run("training-time",
                            { { "params", "8B" },
                              { "tokens", "15T" },
                              { "gpus", "1024" },
                              { "peak-tflop-s", "989" },
                              { "mfu", "0.4" } });
    // 6 x 8e9 x 15e12 = 7.2e23; / (1024 x 989e12 x 0.4) = 1,777,223.6 s
    CW_COMPARE_NEAR(byName.at("seconds").get<double>(), 7.2e23 / (1024 * 989e12 * 0.4), 1e-12);
    QCOMPARE(byName.at("seconds").get<double>(), byPeak.at("seconds").get<double>());
}

// ---- kv-cache ----------------------------------------------------------------------------------

void TestTrainingCalculators::kvCachePresets_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("bytesPerToken");
    QTest::addColumn<double>("totalFor4096");
    QTest::newRow("llama-2-7b") << "llama-2-7b" << 524288.0 // 2 x 32 x 32 x 128 x 2
                                << 2147483648.0; // x 4096 = 2^31 = 2 GiB
    QTest::newRow("llama-2-13b") << "llama-2-13b" << 819200.0 // 2 x 40 x 40 x 128 x 2
                                 << 3355443200.0; // x 4096 = 3.125 GiB
    QTest::newRow("llama-2-70b") << "llama-2-70b" << 327680.0 // 2 x 80 x 8 x 128 x 2
                                 << 1342177280.0; // x 4096 = 1.25 GiB
    QTest::newRow("llama-3-8b") << "llama-3-8b" << 131072.0 // 2 x 32 x 8 x 128 x 2
                                << 536870912.0; // 0.5 GiB
    QTest::newRow("llama-3.1-405b") << "llama-3.1-405b" << 516096.0 // 2 x 126 x 8 x 128 x 2
                                    << 2113929216.0; // x 4096
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << 131072.0 << 536870912.0;
}

void TestTrainingCalculators::kvCachePresets()
{
    QFETCH(QString, model);
    QFETCH(double, bytesPerToken);
    QFETCH(double, totalFor4096);
    const auto j = run("kv-cache", { { "model", model.toStdString() }, { "tokens", "4096" } });
    QCOMPARE(j.at("bytes_per_token").get<double>(), bytesPerToken);
    QCOMPARE(j.at("total_bytes").get<double>(), totalFor4096);
    // JSON prints whole byte counts as integers.
    QVERIFY(j.at("bytes_per_token").is_number_integer());
}

void TestTrainingCalculators::kvCacheExplicitShape()
{
    // llama-2-70b shape by hand, batch 8: 327,680 x 4096 x 8 = 10,737,418,240 B = 10 GiB.
    KvCacheInput in;
    in.layers = 80;
    in.kvHeads = 8;
    in.headDim = 128;
    in.tokens = 4096;
    in.batch = 8;
    const KvCacheResult r = kvCache(in);
    QCOMPARE(r.bytesPerToken, 327680.0);
    QCOMPARE(r.totalBytes, 10737418240.0);

    // A preset value can be overridden: fp8 cache (1 byte) halves it -> 262,144 B/token.
    const auto j
        = run("kv-cache",
              { { "model", "llama-2-7b" }, { "tokens", "4096" }, { "bytes-per-element", "1" } });
    QCOMPARE(j.at("bytes_per_token").get<double>(), 262144.0);
}
QTEST_APPLESS_MAIN(TestTrainingCalculators)

#include "tst_calc_training.moc"

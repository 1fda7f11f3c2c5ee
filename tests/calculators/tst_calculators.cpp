// Tests for cw_calculators. Every expected value is worked by hand (arithmetic in the comment
// beside it) or taken from the cited paper, never produced by running the code under test.

#include "calculators/AllReduce.h"
#include "calculators/Checkpoint.h"
#include "calculators/CoolantFlow.h"
#include "calculators/FatTree.h"
#include "calculators/InputError.h"
#include "calculators/KvCache.h"
#include "calculators/ModelPresets.h"
#include "calculators/ParamParser.h"
#include "calculators/PfcHeadroom.h"
#include "calculators/Power.h"
#include "calculators/Registry.h"
#include "calculators/TrainingMemory.h"
#include "calculators/TrainingTime.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <string>

#ifndef CW_SOURCE_DIR
#error "CW_SOURCE_DIR must name the repository root (set by tests/calculators/CMakeLists.txt)"
#endif

using namespace cw::calc;
using Params = std::map<std::string, std::string>;

Q_DECLARE_METATYPE(Params)

namespace {

bool near(double actual, double expected, double relTolerance)
{
    return std::fabs(actual - expected) <= relTolerance * std::fabs(expected);
}

#define CW_COMPARE_NEAR(actual, expected, relTol)                                                  \
    QVERIFY2(near((actual), (expected), (relTol)),                                                 \
             qPrintable(QStringLiteral("actual %1, expected %2")                                   \
                            .arg(double(actual), 0, 'g', 17)                                       \
                            .arg(double(expected), 0, 'g', 17)))

std::vector<ModelPreset> loadPresetsFromDisk()
{
    std::vector<ModelPreset> all;
    const QDir dir(QStringLiteral(CW_SOURCE_DIR "/resources/models"));
    const QStringList files = dir.entryList({ QStringLiteral("*.json") }, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("cannot open %s", qPrintable(file.fileName()));
        const QByteArray bytes = file.readAll();
        std::string error;
        auto presets = parseModelPresets(nlohmann::json::parse(bytes.constData()), error);
        if (!error.empty())
            qFatal("%s: %s", qPrintable(name), error.c_str());
        all.insert(all.end(), presets.begin(), presets.end());
    }
    return all;
}

nlohmann::json run(const std::string &name, const Params &params)
{
    const CalcOutcome outcome = runCalculator(name, params);
    if (!outcome.ok())
        qWarning("%s: %s", name.c_str(), outcome.error.c_str());
    return outcome.result;
}

} // namespace

class TestCalculators : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    // number parser
    void parseNumberAccepts_data();
    void parseNumberAccepts();
    void parseNumberRejects_data();
    void parseNumberRejects();
    void parseBoolValues();

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

    // power, coolant
    void powerHeat();
    void coolantFlowWater();
    void coolantFlowPg25();

    // allreduce
    void allReduceRing();
    void allReduceTree();

    // fat-tree
    void fatTree_data();
    void fatTree();
    void fatTreeIndivisibleRatio();

    // pfc-headroom
    void pfcPhysicsRoundTrip();
    void pfcSonicFormula_data();
    void pfcSonicFormula();

    // registry and presets
    void registryListsAllCalculators();
    void registryDefaultsParseAndMatchStructs();
    void unknownCalculator();
    void badInputs_data();
    void badInputs();
    void modelPresetFilesParse();
    void modelPresetErrors_data();
    void modelPresetErrors();
    void noQtIncludesInLibrary();

private:
    std::vector<ModelPreset> m_presets;
};

void TestCalculators::initTestCase()
{
    m_presets = loadPresetsFromDisk();
    QCOMPARE(m_presets.size(), std::size_t(8));
    setModelPresets(m_presets);
}

// ---- number parser ------------------------------------------------------------------------

void TestCalculators::parseNumberAccepts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("expected");
    QTest::newRow("exponent") << "70e9" << 70e9;
    QTest::newRow("billions") << "70B" << 70e9; // B = 1e9
    QTest::newRow("integer") << "4096" << 4096.0;
    QTest::newRow("decimal") << "2.5" << 2.5;
    QTest::newRow("trillions") << "1.5T" << 1.5e12; // 1.5 x 1e12
    QTest::newRow("thousands") << "4K" << 4000.0;
    QTest::newRow("millions") << "3M" << 3e6;
    QTest::newRow("fraction") << "0.05" << 0.05;
    QTest::newRow("negative") << "-5" << -5.0; // syntax ok; ranges are checked per parameter
}

void TestCalculators::parseNumberAccepts()
{
    QFETCH(QString, text);
    QFETCH(double, expected);
    const auto value = parseNumber(text.toStdString());
    QVERIFY(value.has_value());
    QCOMPARE(*value, expected);
}

void TestCalculators::parseNumberRejects_data()
{
    QTest::addColumn<QString>("text");
    for (const char *bad : { "70X", "", "B", "abc", "inf", "nan", " 5", "5 ", "-", "1e", "70b",
                             "0x10", "1,5", "7 0", "70BB", "+5" }) {
        QTest::newRow(bad[0] ? bad : "empty") << QString::fromLatin1(bad);
    }
}

void TestCalculators::parseNumberRejects()
{
    QFETCH(QString, text);
    QVERIFY(!parseNumber(text.toStdString()).has_value());
}

void TestCalculators::parseBoolValues()
{
    QCOMPARE(parseBool("true"), std::optional<bool>(true));
    QCOMPARE(parseBool("yes"), std::optional<bool>(true));
    QCOMPARE(parseBool("0"), std::optional<bool>(false));
    QCOMPARE(parseBool("false"), std::optional<bool>(false));
    QVERIFY(!parseBool("maybe").has_value());
    QVERIFY(!parseBool("TRUE").has_value());
}

// ---- training-memory ----------------------------------------------------------------------

void TestCalculators::zeroPaperExample_data()
{
    // Rajbhandari et al. 2020, Figure 1: Psi = 7.5B, Nd = 64, K = 12, 2-byte weights and grads.
    QTest::addColumn<int>("stage");
    QTest::addColumn<double>("expectedGB");
    QTest::newRow("baseline") << 0 << 120.0; // (2+2+12) x 7.5 = 120 GB
    QTest::newRow("P_os") << 1 << 31.40625; // 4 x 7.5 + 12 x 7.5/64 = 30 + 1.40625 (paper: 31.4)
    QTest::newRow("P_os+g") << 2
                            << 16.640625; // 2 x 7.5 + 14 x 7.5/64 = 15 + 1.640625 (paper: 16.6)
    QTest::newRow("P_os+g+p") << 3 << 1.875; // 16 x 7.5/64 (paper: 1.9)
}

void TestCalculators::zeroPaperExample()
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

void TestCalculators::zeroDividesByModelParallelFirst()
{
    // 70B, tp 8, pp 4: 70e9/32 = 2.1875e9 params per rank; stage 1, dp 16:
    // (2+2) x 2.1875e9 + 12 x 2.1875e9/16 = 8.75e9 + 1.640625e9 = 10.390625e9 B
    const auto j = run(
        "training-memory",
        { { "params", "70B" }, { "tp", "8" }, { "pp", "4" }, { "dp", "16" }, { "zero", "1" } });
    CW_COMPARE_NEAR(j.at("model_states_bytes_per_gpu").get<double>(), 10.390625e9, 1e-12);
}

void TestCalculators::korthikantiPerLayer_data()
{
    // GPT-3 175B shape (as in Korthikanti et al. 2022, model configurations): a = 96, h = 12288, s
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

void TestCalculators::korthikantiPerLayer()
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

void TestCalculators::trainingMemoryWithActivationsAndFit()
{
    // GPT-3 175B on tp 8, pp 8 (Korthikanti's 175B setup), dp 8, ZeRO 1, sequence parallel,
    // selective recompute, micro-batch 1.
    // Model states: 175e9/64 = 2.734375e9 params; 4 x 2.734375e9 + 12 x 2.734375e9/8
    //   = 10.9375e9 + 4.1015625e9 = 15.0390625e9 B.
    // Activations: 96/8 = 12 layers x 106,954,752 B = 1,283,457,024 B.
    // Total = 16,322,519,524 B; fits in 80 GB, not in 16 GB.
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
                 { "gpu-memory-gb", "80" } };
    auto j = run("training-memory", p);
    CW_COMPARE_NEAR(j.at("model_states_bytes_per_gpu").get<double>(), 15.0390625e9, 1e-12);
    CW_COMPARE_NEAR(j.at("activation_bytes_per_gpu").get<double>(), 1283457024.0, 1e-12);
    CW_COMPARE_NEAR(j.at("total_bytes_per_gpu").get<double>(), 16322519524.0, 1e-12);
    QCOMPARE(j.at("fits").get<bool>(), true);
    p["gpu-memory-gb"] = "16";
    j = run("training-memory", p);
    QCOMPARE(j.at("fits").get<bool>(), false);
    // Without gpu-memory-gb the key is absent rather than guessed.
    p.erase("gpu-memory-gb");
    QVERIFY(!run("training-memory", p).contains("fits"));
}

// ---- checkpoint ---------------------------------------------------------------------------

void TestCalculators::checkpointBlocking()
{
    // 70B x (2 + 4 + 8) = 14 B/param -> 9.8e11 B; at 100 GB/s -> 9.8 s.
    // Interval 30 min = 1800 s: stall 9.8/1800 = 0.0054444...
    // Bandwidth for 5 %: 9.8e11 / (0.05 x 1800) = 1.0888...e10 B/s = 10.888... GB/s.
    // 1024 GPUs: 1024 x 0.0054444 x 24 = 133.80266... idle GPU-hours/day.
    const auto j = run("checkpoint",
                       { { "params", "70B" },
                         { "write-gbps", "100" },
                         { "interval-min", "30" },
                         { "gpus", "1024" } });
    CW_COMPARE_NEAR(j.at("checkpoint_bytes").get<double>(), 9.8e11, 1e-12);
    CW_COMPARE_NEAR(j.at("write_seconds").get<double>(), 9.8, 1e-12);
    CW_COMPARE_NEAR(j.at("stall_fraction").get<double>(), 9.8 / 1800.0, 1e-12);
    CW_COMPARE_NEAR(j.at("bandwidth_for_target_gbps").get<double>(), 10.888888888888889, 1e-12);
    CW_COMPARE_NEAR(j.at("idle_gpu_hours_per_day").get<double>(), 133.80266666666667, 1e-12);

    // Gradients add weight-bytes: 16 B/param -> 1.12e12 B.
    const auto g = run("checkpoint",
                       { { "params", "70B" },
                         { "write-gbps", "100" },
                         { "interval-min", "30" },
                         { "include-gradients", "true" } });
    CW_COMPARE_NEAR(g.at("checkpoint_bytes").get<double>(), 1.12e12, 1e-12);
    QVERIFY(!g.contains("idle_gpu_hours_per_day"));
}

void TestCalculators::checkpointAsync()
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
                                         { "write-gbps", "100" },
                                         { "interval-min", "30" },
                                         { "async", "true" } });
    QVERIFY(!missing.ok());
    QVERIFY(missing.error.find("'host-copy-gbps'") != std::string::npos);
}

void TestCalculators::checkpointIntervalTooShort()
{
    // 9.8e11 B at 1 GB/s = 980 s > 0.5 min = 30 s interval: meaningless, so an error.
    const auto o = runCalculator(
        "checkpoint", { { "params", "70B" }, { "write-gbps", "1" }, { "interval-min", "0.5" } });
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("'interval-min'") != std::string::npos);
}

// ---- training-time ------------------------------------------------------------------------

void TestCalculators::trainingTimeLlama2_70b()
{
    // Llama-2-70B, 2T tokens: 6 x 70e9 x 2e12 = 8.4e23 FLOPs.
    // On 2048 A100 (312 TFLOP/s) at MFU 0.5: 8.4e23 / (2048 x 312e12 x 0.5) = 2,629,206.73 s
    //   = 30.4306 days; GPU-hours = 8.4e23 / (312e12 x 0.5) / 3600 = 1,495,726.5.
    // (Touvron et al. 2023 report 1,720,320 A100 GPU-hours, i.e. an effective MFU of ~0.435.)
    const auto j = run("training-time",
                       { { "params", "70B" },
                         { "tokens", "2T" },
                         { "gpus", "2048" },
                         { "gpu", "a100-sxm-80gb" },
                         { "mfu", "0.5" } });
    CW_COMPARE_NEAR(j.at("flops").get<double>(), 8.4e23, 1e-12);
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 2629206.730769231, 1e-12);
    CW_COMPARE_NEAR(j.at("days").get<double>(), 30.430633457977212, 1e-12);
    CW_COMPARE_NEAR(j.at("gpu_hours").get<double>(), 1495726.4957264957, 1e-12);

    // Meta's figure back-solved: MFU = 8.4e23 / (1,720,320 x 3600 x 312e12) = 0.434717...
    TrainingTimeInput in { 70e9, 2e12, 2048, 312.0, 8.4e23 / (1720320.0 * 3600.0 * 312e12) };
    CW_COMPARE_NEAR(trainingTime(in).gpuHours, 1720320.0, 1e-9);
}

void TestCalculators::trainingTimePeakTflopsEqualsGpuName()
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
                              { "peak-tflops", "989" },
                              { "mfu", "0.4" } });
    // 6 x 8e9 x 15e12 = 7.2e23; / (1024 x 989e12 x 0.4) = 1,777,223.6 s
    CW_COMPARE_NEAR(byName.at("seconds").get<double>(), 7.2e23 / (1024 * 989e12 * 0.4), 1e-12);
    QCOMPARE(byName.at("seconds").get<double>(), byPeak.at("seconds").get<double>());
}

// ---- kv-cache -----------------------------------------------------------------------------

void TestCalculators::kvCachePresets_data()
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

void TestCalculators::kvCachePresets()
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

void TestCalculators::kvCacheExplicitShape()
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

// ---- power and coolant --------------------------------------------------------------------

void TestCalculators::powerHeat()
{
    // 100 kW IT, PUE 1.3: facility 130 kW; heat 100,000 W x 3.412142 = 341,214.2 BTU/h;
    // / 12,000 = 28.4345167 tons.
    const auto j = run("power", { { "it-kw", "100" }, { "pue", "1.3" } });
    CW_COMPARE_NEAR(j.at("facility_kw").get<double>(), 130.0, 1e-12);
    CW_COMPARE_NEAR(j.at("btu_per_hour").get<double>(), 341214.2, 1e-12);
    CW_COMPARE_NEAR(j.at("cooling_tons").get<double>(), 28.434516666666667, 1e-12);
}

void TestCalculators::coolantFlowWater()
{
    // m = 100 kW / (4.18 kJ/kgK x 10 K) = 2.39234 kg/s; / 997 kg/m3 = 2.39954e-3 m3/s
    //   x 60,000 = 143.97259 L/min; / 3.785411784 = 38.03353 US gpm.
    const auto j = run("coolant-flow", { { "heat-kw", "100" }, { "delta-t-k", "10" } });
    CW_COMPARE_NEAR(j.at("litres_per_minute").get<double>(), 143.9725876193173, 1e-12);
    CW_COMPARE_NEAR(j.at("us_gpm").get<double>(), 38.0335339547084, 1e-12);
    CW_COMPARE_NEAR(j.at("mass_flow_kg_per_s").get<double>(), 2.3923444976076556, 1e-12);
}

void TestCalculators::coolantFlowPg25()
{
    // m = 100 / (3.9 x 10) = 2.564103 kg/s; / 1020 = 2.51383e-3 m3/s x 60,000 = 150.8296 L/min.
    const auto j
        = run("coolant-flow", { { "heat-kw", "100" }, { "delta-t-k", "10" }, { "fluid", "pg25" } });
    CW_COMPARE_NEAR(j.at("litres_per_minute").get<double>(), 150.82956259426848, 1e-12);
    // Overrides: 1000 kg/m3 and 4.0 kJ/kgK -> 100/(4 x 10) = 2.5 kg/s = 2.5 L/s = 150 L/min.
    const auto o = run("coolant-flow",
                       { { "heat-kw", "100" },
                         { "delta-t-k", "10" },
                         { "density-kg-m3", "1000" },
                         { "cp-kj-kgk", "4" } });
    CW_COMPARE_NEAR(o.at("litres_per_minute").get<double>(), 150.0, 1e-12);
}

// ---- allreduce ----------------------------------------------------------------------------

void TestCalculators::allReduceRing()
{
    // n = 8: bus factor 2 x 7/8 = 1.75 (nccl-tests PERFORMANCE.md).
    // S = 1e9 B, B = 100 GB/s, alpha = 0: t = 1.75 x 1e9/1e11 = 0.0175 s;
    // algbw = 1e9/0.0175 = 57.142857 GB/s; busbw = 57.142857 x 1.75 = 100 GB/s (= link).
    auto j = run("allreduce", { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbps", "100" } });
    QCOMPARE(j.at("bus_factor").get<double>(), 1.75);
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.0175, 1e-12);
    CW_COMPARE_NEAR(j.at("algbw_gbps").get<double>(), 57.142857142857146, 1e-12);
    CW_COMPARE_NEAR(j.at("busbw_gbps").get<double>(), 100.0, 1e-12);

    // alpha = 5 us: + 2 x 7 x 5e-6 = 7e-5 s -> t = 0.01757 s.
    j = run(
        "allreduce",
        { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbps", "100" }, { "latency-us", "5" } });
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.01757, 1e-12);
}

void TestCalculators::allReduceTree()
{
    // n = 8, depth ceil(log2 8) = 3: t = 2 x 3 x 5e-6 + 2 x 1e9/1e11 = 3e-5 + 0.02 = 0.02003 s.
    auto j = run("allreduce",
                 { { "bytes", "1e9" },
                   { "ranks", "8" },
                   { "link-gbps", "100" },
                   { "latency-us", "5" },
                   { "algorithm", "tree" } });
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.02003, 1e-12);
    QCOMPARE(j.at("bus_factor").get<double>(), 1.75);
    // n = 9: depth ceil(log2 9) = 4 -> 2 x 4 x 5e-6 + 0.02 = 0.02004 s.
    j = run("allreduce",
            { { "bytes", "1e9" },
              { "ranks", "9" },
              { "link-gbps", "100" },
              { "latency-us", "5" },
              { "algorithm", "tree" } });
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.02004, 1e-12);
}

// ---- fat-tree -----------------------------------------------------------------------------

void TestCalculators::fatTree_data()
{
    QTest::addColumn<int>("radix");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<QString>("ratio");
    QTest::addColumn<qlonglong>("endpoints");
    QTest::addColumn<qlonglong>("leaf");
    QTest::addColumn<qlonglong>("spine");
    QTest::addColumn<qlonglong>("core");
    QTest::addColumn<qlonglong>("leafSpineLinks");
    QTest::addColumn<qlonglong>("spineCoreLinks");
    // k = 64 two tiers: k^2/2 = 2048 hosts, 64 leaves, 32 spines; 64 x 32 = 2048 uplinks.
    // Matches NVIDIA DGX SuperPOD B200 RA, 8 SU: 2048 GPUs on 64 leaf + 32 spine QM9700.
    QTest::newRow("k64 2-tier 1:1")
        << 64 << 2 << "1:1" << 2048LL << 64LL << 32LL << 0LL << 2048LL << 0LL;
    // k = 64 three tiers: k^3/4 = 65536 hosts; k^2/2 = 2048 leaf, 2048 spine, k^2/4 = 1024 core
    // (5120 switches); leaf-spine 2048 x 32 = 65536 = spine-core 2048 x 32.
    QTest::newRow("k64 3-tier 1:1")
        << 64 << 3 << "1:1" << 65536LL << 2048LL << 2048LL << 1024LL << 65536LL << 65536LL;
    // 3:1, k = 64: d = 48, u = 16. Two tiers: 64 leaves x 48 = 3072 hosts, 16 spines,
    // 64 x 16 = 1024 uplinks = 16 spines x 64 ports.
    QTest::newRow("k64 2-tier 3:1")
        << 64 << 2 << "3:1" << 3072LL << 64LL << 16LL << 0LL << 1024LL << 0LL;
    // Three tiers 3:1: 64 pods x 32 leaves = 2048 leaves x 48 = 98304 hosts; 64 x 16 = 1024
    // spines; cores 16 x 32 = 512; leaf-spine 2048 x 16 = 32768 (= 1024 x 32);
    // spine-core 1024 x 32 = 32768 (= 512 x 64).
    QTest::newRow("k64 3-tier 3:1")
        << 64 << 3 << "3:1" << 98304LL << 2048LL << 1024LL << 512LL << 32768LL << 32768LL;
    // 2:1, k = 48: d = 32, u = 16. Two tiers: 48 x 32 = 1536 hosts, 48 leaves, 16 spines.
    QTest::newRow("k48 2-tier 2:1")
        << 48 << 2 << "2:1" << 1536LL << 48LL << 16LL << 0LL << 768LL << 0LL;
    // Al-Fares k = 4: 16 hosts, 8 edge, 8 aggregation, 4 core.
    QTest::newRow("k4 3-tier 1:1") << 4 << 3 << "1:1" << 16LL << 8LL << 8LL << 4LL << 16LL << 16LL;
}

void TestCalculators::fatTree()
{
    QFETCH(int, radix);
    QFETCH(int, tiers);
    QFETCH(QString, ratio);
    QFETCH(qlonglong, endpoints);
    QFETCH(qlonglong, leaf);
    QFETCH(qlonglong, spine);
    QFETCH(qlonglong, core);
    QFETCH(qlonglong, leafSpineLinks);
    QFETCH(qlonglong, spineCoreLinks);
    const auto j = run("fat-tree",
                       { { "radix", std::to_string(radix) },
                         { "tiers", std::to_string(tiers) },
                         { "oversubscription", ratio.toStdString() } });
    QCOMPARE(j.at("max_endpoints").get<qlonglong>(), endpoints);
    QCOMPARE(j.at("switches_by_tier").at("leaf").get<qlonglong>(), leaf);
    QCOMPARE(j.at("switches_by_tier").at("spine").get<qlonglong>(), spine);
    QCOMPARE(j.at("switches_by_tier").at("core").get<qlonglong>(), core);
    QCOMPARE(j.at("switches").get<qlonglong>(), leaf + spine + core);
    QCOMPARE(j.at("links_by_tier").at("host-leaf").get<qlonglong>(), endpoints);
    QCOMPARE(j.at("links_by_tier").at("leaf-spine").get<qlonglong>(), leafSpineLinks);
    QCOMPARE(j.at("links_by_tier").at("spine-core").get<qlonglong>(), spineCoreLinks);
    // Port budget: no switch uses more than k ports.
    QVERIFY(leaf * radix >= endpoints + leafSpineLinks);
}

void TestCalculators::fatTreeIndivisibleRatio()
{
    // 2:1 on k = 64 needs 64/3 uplinks: not whole, so an error naming oversubscription.
    auto o = runCalculator("fat-tree",
                           { { "radix", "64" }, { "tiers", "2" }, { "oversubscription", "2:1" } });
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("'oversubscription'") != std::string::npos);
    o = runCalculator("fat-tree",
                      { { "radix", "64" }, { "tiers", "2" }, { "oversubscription", "1:2" } });
    QVERIFY(!o.ok());
    o = runCalculator("fat-tree", { { "radix", "63" }, { "tiers", "2" } });
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("'radix'") != std::string::npos);
}

// ---- pfc-headroom -------------------------------------------------------------------------

void TestCalculators::pfcPhysicsRoundTrip()
{
    // 2 L R / (v 8) = 2 x 5 x 400e9 / (1.98e8 x 8) = 4e12 / 1.584e9 = 2525.25 B (domain facts
    // §4.5).
    const auto j = run("pfc-headroom", { { "speed-gbps", "400" }, { "cable-m", "5" } });
    QCOMPARE(std::lround(j.at("bytes_on_cable").get<double>()), 2525L);
    CW_COMPARE_NEAR(j.at("bytes_on_cable").get<double>(), 2525.2525252525252, 1e-12);
    // SONiC's own term: 2 x 5 x 400000 x 1e9 / 1.98e8 / 8192 = 2466.07 B (facts: "yields 2466").
    QCOMPARE(std::lround(j.at("sonic_bytes_on_cable").get<double>()), 2466L);
}

void TestCalculators::pfcSonicFormula_data()
{
    QTest::addColumn<Params>("params");
    QTest::addColumn<double>("xoff");
    QTest::addColumn<double>("xon");
    QTest::addColumn<double>("headroom");
    // 400G, 5 m, defaults (cell 144 > 128 -> worst case 144/64 = 2.25; 100 % small ->
    // occupancy 2.25):
    //   peer = 905 x 512 / 8 = 57,920; cable 2466.07; mac_phy 0.8 x 1024 = 819.2
    //   propagation = 9100 + 2466.07 + 819.2 + 57,920 = 70,305.27
    //   xoff = 1024 + 70,305.27 x 2.25 = 159,210.85 -> 156 KB = 159,744
    //   xon = 18 x 1024 = 18,432; headroom = 178,176
    QTest::newRow("400G 5m") << Params { { "speed-gbps", "400" }, { "cable-m", "5" } } << 159744.0
                             << 18432.0 << 178176.0;
    // 100G, 100 m: peer 394 x 64 = 25,216; cable 2 x 100 x 100000 x 1e9 / 1.98e8 / 8192 = 12,330.33
    //   propagation = 9100 + 12,330.33 + 819.2 + 25,216 = 47,465.53
    //   xoff = 1024 + 47,465.53 x 2.25 = 107,821.45 -> 106 KB = 108,544; headroom 126,976
    QTest::newRow("100G 100m") << Params { { "speed-gbps", "100" }, { "cable-m", "100" } }
                               << 108544.0 << 18432.0 << 126976.0;
    // Spectrum-1 cell 96 (<= 128): worst case 2 x 96 / 97 = 1.979381; 50 % small packets ->
    //   occupancy (50 + 50 x 1.979381)/100 = 1.4896907; xoff = 1024 + 70,305.27 x 1.4896907
    //   = 105,757.10 -> 104 KB = 106,496; headroom 124,928
    QTest::newRow("400G 5m cell96 50%") << Params { { "speed-gbps", "400" },
                                                    { "cable-m", "5" },
                                                    { "cell-bytes", "96" },
                                                    { "small-packet-pct", "50" } }
                                        << 106496.0 << 18432.0 << 124928.0;
    // 800G 8-lane: cable term doubles to 4932.13; propagation 72,771.33; xoff = 1024 + 2.25 x
    //   72,771.33 = 164,759.50 -> 164,864; xon = 2 x 18,432 - 1024 = 35,840;
    //   headroom = 164,864 + 35,840 + 9100 = 209,804 -> 205 KB = 209,920
    QTest::newRow("800G 8-lane") << Params {
        { "speed-gbps", "800" }, { "cable-m", "5" }, { "eight-lane", "true" }
    } << 164864.0 << 35840.0 << 209920.0;
    // Shared headroom pool: per-PG headroom is xon only.
    QTest::newRow("400G shared pool") << Params {
        { "speed-gbps", "400" }, { "cable-m", "5" }, { "shared-headroom-pool", "true" }
    } << 159744.0 << 18432.0 << 18432.0;
}

void TestCalculators::pfcSonicFormula()
{
    QFETCH(Params, params);
    QFETCH(double, xoff);
    QFETCH(double, xon);
    QFETCH(double, headroom);
    const auto j = run("pfc-headroom", params);
    QCOMPARE(j.at("xoff_bytes").get<double>(), xoff);
    QCOMPARE(j.at("xon_bytes").get<double>(), xon);
    QCOMPARE(j.at("headroom_bytes").get<double>(), headroom);
}

// ---- registry and presets -----------------------------------------------------------------

void TestCalculators::registryListsAllCalculators()
{
    QStringList names;
    for (const CalculatorInfo &info : calculators()) {
        names << QString::fromStdString(info.name);
        QVERIFY(!info.summary.empty());
        QVERIFY(!info.params.empty());
        for (const ParamSpec &p : info.params) {
            QVERIFY2(!p.help.empty(), p.key.c_str());
            QVERIFY2(!(p.required && p.defaultValue),
                     p.key.c_str()); // required never has a default
        }
    }
    QCOMPARE(names,
             QStringList({ "training-memory", "checkpoint", "training-time", "kv-cache", "power",
                           "coolant-flow", "allreduce", "fat-tree", "pfc-headroom" }));
}

void TestCalculators::registryDefaultsParseAndMatchStructs()
{
    // The CLI defaults (ParamSpec) and the C++ defaults (input structs) must agree: run each
    // calculator with only its required keys and compare against the pure function.
    const auto mem = run("training-memory", { { "params", "1B" }, { "zero", "0" }, { "dp", "1" } });
    TrainingMemoryInput memIn;
    memIn.params = 1e9;
    QCOMPARE(mem.at("model_states_bytes_per_gpu").get<double>(),
             trainingMemory(memIn).modelStatesBytesPerGpu);

    const auto ck = run("checkpoint",
                        { { "params", "1B" }, { "write-gbps", "10" }, { "interval-min", "10" } });
    CheckpointInput ckIn;
    ckIn.params = 1e9;
    ckIn.writeGBps = 10;
    ckIn.intervalMinutes = 10;
    const CheckpointResult ckR = checkpoint(ckIn);
    QCOMPARE(ck.at("checkpoint_bytes").get<double>(), ckR.checkpointBytes);
    QCOMPARE(ck.at("bandwidth_for_target_gbps").get<double>(), ckR.bandwidthForTargetGBps);

    const auto pfc = run("pfc-headroom", { { "speed-gbps", "400" }, { "cable-m", "5" } });
    PfcHeadroomInput pfcIn;
    pfcIn.speedGbps = 400;
    pfcIn.cableM = 5;
    QCOMPARE(pfc.at("headroom_bytes").get<double>(), pfcHeadroom(pfcIn).headroomBytes);

    const auto kv = run(
        "kv-cache",
        { { "layers", "32" }, { "kv-heads", "32" }, { "head-dim", "128" }, { "tokens", "1" } });
    QCOMPARE(kv.at("total_bytes").get<double>(),
             kvCache(KvCacheInput { 32, 32, 128, 2.0, 1, 1 }).totalBytes);

    // Every default value is itself valid input for its calculator.
    for (const CalculatorInfo &info : calculators()) {
        for (const ParamSpec &p : info.params) {
            if (!p.defaultValue)
                continue;
            const bool parses = parseNumber(*p.defaultValue) || parseBool(*p.defaultValue)
                || p.key == "recompute" || p.key == "fluid" || p.key == "algorithm"
                || p.key == "oversubscription";
            QVERIFY2(parses, (info.name + "." + p.key).c_str());
        }
    }
}

void TestCalculators::unknownCalculator()
{
    const CalcOutcome o = runCalculator("flux-capacitor", {});
    QVERIFY(!o.ok());
    QVERIFY(o.result.is_null());
    QVERIFY(o.error.find("'flux-capacitor'") != std::string::npos);
    for (const CalculatorInfo &info : calculators())
        QVERIFY2(o.error.find(info.name) != std::string::npos, info.name.c_str());
}

void TestCalculators::badInputs_data()
{
    QTest::addColumn<QString>("calculator");
    QTest::addColumn<Params>("params");
    QTest::addColumn<QString>("expectedInError");

    const Params mem = { { "params", "70B" }, { "zero", "1" }, { "dp", "8" } };
    auto with = [](Params p, const std::string &k, const std::string &v) {
        p[k] = v;
        return p;
    };
    auto without = [](Params p, const std::string &k) {
        p.erase(k);
        return p;
    };

    QTest::newRow("mem missing params")
        << "training-memory" << without(mem, "params") << "parameter 'params': missing";
    QTest::newRow("mem 70X") << "training-memory" << with(mem, "params", "70X")
                             << "parameter 'params': expected a number > 0, got '70X'";
    QTest::newRow("mem negative") << "training-memory" << with(mem, "params", "-1")
                                  << "parameter 'params': expected a number > 0";
    QTest::newRow("mem zero dp") << "training-memory" << with(mem, "dp", "0")
                                 << "parameter 'dp': expected a whole number >= 1, got '0'";
    QTest::newRow("mem fractional tp")
        << "training-memory" << with(mem, "tp", "2.5") << "parameter 'tp': expected a whole number";
    QTest::newRow("mem stage 4") << "training-memory" << with(mem, "zero", "4")
                                 << "parameter 'zero': expected one of 0, 1, 2, 3";
    QTest::newRow("mem unknown key")
        << "training-memory" << with(mem, "paramz", "1") << "parameter 'paramz': unknown parameter";
    QTest::newRow("mem partial shape")
        << "training-memory" << with(mem, "layers", "32") << "parameter 'hidden': missing";
    QTest::newRow("mem recompute alone")
        << "training-memory" << with(mem, "recompute", "full") << "parameter 'recompute'";
    QTest::newRow("mem bad recompute")
        << "training-memory"
        << Params { { "params", "7B" }, { "zero", "0" },        { "dp", "1" },
                    { "layers", "32" }, { "hidden", "4096" },   { "heads", "32" },
                    { "seq", "4096" },  { "recompute", "some" } }
        << "parameter 'recompute': expected one of none, selective, full";
    QTest::newRow("mem heads not divisor")
        << "training-memory"
        << Params { { "params", "7B" },   { "zero", "0" },   { "dp", "1" },    { "layers", "32" },
                    { "hidden", "4096" }, { "heads", "30" }, { "seq", "4096" } }
        << "parameter 'heads': expected a divisor of hidden";
    QTest::newRow("mem gpu memory zero")
        << "training-memory" << with(mem, "gpu-memory-gb", "0") << "parameter 'gpu-memory-gb'";

    const Params ck = { { "params", "70B" }, { "write-gbps", "100" }, { "interval-min", "30" } };
    QTest::newRow("ckpt missing write")
        << "checkpoint" << without(ck, "write-gbps") << "parameter 'write-gbps': missing";
    QTest::newRow("ckpt zero bw") << "checkpoint" << with(ck, "write-gbps", "0")
                                  << "parameter 'write-gbps': expected a number > 0, got '0'";
    QTest::newRow("ckpt negative interval")
        << "checkpoint" << with(ck, "interval-min", "-5") << "parameter 'interval-min'";
    QTest::newRow("ckpt 70X") << "checkpoint" << with(ck, "params", "70X") << "parameter 'params'";
    QTest::newRow("ckpt target > 1") << "checkpoint" << with(ck, "stall-target", "5")
                                     << "parameter 'stall-target': expected a fraction";
    QTest::newRow("ckpt bad bool") << "checkpoint" << with(ck, "async", "perhaps")
                                   << "parameter 'async': expected true or false";
    QTest::newRow("ckpt unknown") << "checkpoint" << with(ck, "interval", "30")
                                  << "parameter 'interval': unknown";

    const Params tt = { { "params", "70B" },
                        { "tokens", "2T" },
                        { "gpus", "2048" },
                        { "peak-tflops", "312" },
                        { "mfu", "0.4" } };
    QTest::newRow("time missing tokens")
        << "training-time" << without(tt, "tokens") << "parameter 'tokens': missing";
    QTest::newRow("time no peak") << "training-time" << without(tt, "peak-tflops")
                                  << "parameter 'peak-tflops': missing";
    QTest::newRow("time both peaks")
        << "training-time" << with(tt, "gpu", "h100-sxm-80gb") << "parameter 'gpu'";
    QTest::newRow("time unknown gpu")
        << "training-time" << with(without(tt, "peak-tflops"), "gpu", "v100")
        << "parameter 'gpu': expected one of h100-sxm-80gb";
    QTest::newRow("time mfu > 1") << "training-time" << with(tt, "mfu", "40")
                                  << "parameter 'mfu': expected a fraction";
    QTest::newRow("time zero gpus") << "training-time" << with(tt, "gpus", "0")
                                    << "parameter 'gpus': expected a whole number >= 1";
    QTest::newRow("time 70X") << "training-time" << with(tt, "params", "70X")
                              << "parameter 'params'";

    const Params kv = { { "model", "llama-2-7b" }, { "tokens", "4096" } };
    QTest::newRow("kv missing tokens")
        << "kv-cache" << without(kv, "tokens") << "parameter 'tokens': missing";
    QTest::newRow("kv unknown model") << "kv-cache" << with(kv, "model", "gpt-5")
                                      << "parameter 'model': expected one of llama-2-7b";
    QTest::newRow("kv no shape") << "kv-cache" << Params { { "tokens", "4096" } }
                                 << "parameter 'layers': missing";
    QTest::newRow("kv zero tokens")
        << "kv-cache" << with(kv, "tokens", "0") << "parameter 'tokens'";
    QTest::newRow("kv negative bytes")
        << "kv-cache" << with(kv, "bytes-per-element", "-2") << "parameter 'bytes-per-element'";
    QTest::newRow("kv 70X") << "kv-cache" << with(kv, "batch", "70X") << "parameter 'batch'";
    QTest::newRow("kv unknown") << "kv-cache" << with(kv, "heads", "8")
                                << "parameter 'heads': unknown";

    const Params pw = { { "it-kw", "100" }, { "pue", "1.3" } };
    QTest::newRow("power missing") << "power" << without(pw, "pue") << "parameter 'pue': missing";
    QTest::newRow("power pue < 1")
        << "power" << with(pw, "pue", "0.9") << "parameter 'pue': expected a number >= 1";
    QTest::newRow("power zero") << "power" << with(pw, "it-kw", "0") << "parameter 'it-kw'";
    QTest::newRow("power negative") << "power" << with(pw, "it-kw", "-100") << "parameter 'it-kw'";
    QTest::newRow("power 70X") << "power" << with(pw, "it-kw", "70X") << "parameter 'it-kw'";
    QTest::newRow("power unknown") << "power" << with(pw, "kw", "1") << "parameter 'kw': unknown";

    const Params cf = { { "heat-kw", "100" }, { "delta-t-k", "10" } };
    QTest::newRow("coolant missing")
        << "coolant-flow" << without(cf, "delta-t-k") << "parameter 'delta-t-k': missing";
    QTest::newRow("coolant zero dT")
        << "coolant-flow" << with(cf, "delta-t-k", "0") << "parameter 'delta-t-k'";
    QTest::newRow("coolant negative")
        << "coolant-flow" << with(cf, "heat-kw", "-1") << "parameter 'heat-kw'";
    QTest::newRow("coolant fluid") << "coolant-flow" << with(cf, "fluid", "oil")
                                   << "parameter 'fluid': expected one of water, pg25";
    QTest::newRow("coolant 70X") << "coolant-flow" << with(cf, "heat-kw", "70X")
                                 << "parameter 'heat-kw'";
    QTest::newRow("coolant unknown")
        << "coolant-flow" << with(cf, "flow", "1") << "parameter 'flow': unknown";

    const Params ar = { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbps", "100" } };
    QTest::newRow("ar one rank") << "allreduce" << with(ar, "ranks", "1")
                                 << "parameter 'ranks': expected a whole number >= 2, got '1'";
    QTest::newRow("ar missing bytes")
        << "allreduce" << without(ar, "bytes") << "parameter 'bytes': missing";
    QTest::newRow("ar zero link") << "allreduce" << with(ar, "link-gbps", "0")
                                  << "parameter 'link-gbps'";
    QTest::newRow("ar negative latency") << "allreduce" << with(ar, "latency-us", "-1")
                                         << "parameter 'latency-us': expected a number >= 0";
    QTest::newRow("ar algorithm") << "allreduce" << with(ar, "algorithm", "butterfly")
                                  << "parameter 'algorithm': expected one of ring, tree";
    QTest::newRow("ar 70X") << "allreduce" << with(ar, "bytes", "70X") << "parameter 'bytes'";
    QTest::newRow("ar unknown") << "allreduce" << with(ar, "n", "8") << "parameter 'n': unknown";

    const Params ft = { { "radix", "64" }, { "tiers", "2" } };
    QTest::newRow("ft missing tiers")
        << "fat-tree" << without(ft, "tiers") << "parameter 'tiers': missing";
    QTest::newRow("ft 4 tiers") << "fat-tree" << with(ft, "tiers", "4")
                                << "parameter 'tiers': expected one of 2, 3";
    QTest::newRow("ft zero radix") << "fat-tree" << with(ft, "radix", "0") << "parameter 'radix'";
    QTest::newRow("ft negative radix")
        << "fat-tree" << with(ft, "radix", "-64") << "parameter 'radix'";
    QTest::newRow("ft ratio text") << "fat-tree" << with(ft, "oversubscription", "lots")
                                   << "parameter 'oversubscription': expected a ratio r:1";
    QTest::newRow("ft 70X") << "fat-tree" << with(ft, "radix", "70X") << "parameter 'radix'";
    QTest::newRow("ft unknown") << "fat-tree" << with(ft, "k", "64") << "parameter 'k': unknown";

    const Params pf = { { "speed-gbps", "400" }, { "cable-m", "5" } };
    QTest::newRow("pfc missing cable")
        << "pfc-headroom" << without(pf, "cable-m") << "parameter 'cable-m': missing";
    QTest::newRow("pfc odd speed") << "pfc-headroom" << with(pf, "speed-gbps", "300")
                                   << "parameter 'speed-gbps': expected one of 800, 400";
    QTest::newRow("pfc zero speed")
        << "pfc-headroom" << with(pf, "speed-gbps", "0") << "parameter 'speed-gbps'";
    QTest::newRow("pfc negative cable")
        << "pfc-headroom" << with(pf, "cable-m", "-1") << "parameter 'cable-m'";
    QTest::newRow("pfc pct > 100")
        << "pfc-headroom" << with(pf, "small-packet-pct", "150") << "parameter 'small-packet-pct'";
    QTest::newRow("pfc 70X") << "pfc-headroom" << with(pf, "mtu", "70X") << "parameter 'mtu'";
    QTest::newRow("pfc unknown") << "pfc-headroom" << with(pf, "cable", "5")
                                 << "parameter 'cable': unknown";
}

void TestCalculators::badInputs()
{
    QFETCH(QString, calculator);
    QFETCH(Params, params);
    QFETCH(QString, expectedInError);
    const CalcOutcome o = runCalculator(calculator.toStdString(), params);
    QVERIFY2(!o.ok(), "expected an error");
    QVERIFY(o.result.is_null());
    QVERIFY2(o.error.find(expectedInError.toStdString()) != std::string::npos, o.error.c_str());
}

void TestCalculators::modelPresetFilesParse()
{
    const auto p70 = findModelPreset(m_presets, "llama-2-70b");
    QVERIFY(p70.has_value());
    QCOMPARE(p70->layers, 80LL);
    QCOMPARE(p70->heads, 64LL);
    QCOMPARE(p70->kvHeads, 8LL);
    QCOMPARE(p70->headDim, 128LL);
    const auto p405 = findModelPreset(m_presets, "llama-3.1-405b");
    QVERIFY(p405.has_value());
    QCOMPARE(p405->layers, 126LL);
    QCOMPARE(p405->hidden, 16384LL);
    for (const ModelPreset &p : m_presets)
        QVERIFY2(!p.source.empty(), p.name.c_str());
    // The explicit-preset overload does not need the registered list.
    const auto o = runCalculator("kv-cache", { { "model", "llama-2-7b" }, { "tokens", "1" } }, {});
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("no presets loaded") != std::string::npos);
}

void TestCalculators::modelPresetErrors_data()
{
    QTest::addColumn<QString>("document");
    QTest::addColumn<QString>("expectedError");
    QTest::newRow("wrong format") << R"({"format":"x","version":1,"models":[]})"
                                  << "/format";
    QTest::newRow("wrong version") << R"({"format":"clusterwright-models","version":2,"models":[]})"
                                   << "/version";
    QTest::newRow("models not array")
        << R"({"format":"clusterwright-models","version":1,"models":{}})"
        << "/models";
    QTest::newRow("missing layers")
        << R"({"format":"clusterwright-models","version":1,"models":[{"name":"m","hidden":1,"heads":1,"kvHeads":1,"headDim":1,"source":"s"}]})"
        << "/models/0/layers";
    QTest::newRow("string number")
        << R"({"format":"clusterwright-models","version":1,"models":[{"name":"m","layers":"32","hidden":1,"heads":1,"kvHeads":1,"headDim":1,"source":"s"}]})"
        << "/models/0/layers";
    QTest::newRow("kv not divisor")
        << R"({"format":"clusterwright-models","version":1,"models":[{"name":"m","layers":1,"hidden":1,"heads":32,"kvHeads":5,"headDim":1,"source":"s"}]})"
        << "/models/0/kvHeads";
    QTest::newRow("duplicate")
        << R"({"format":"clusterwright-models","version":1,"models":[{"name":"m","layers":1,"hidden":1,"heads":1,"kvHeads":1,"headDim":1,"source":"s"},{"name":"m","layers":1,"hidden":1,"heads":1,"kvHeads":1,"headDim":1,"source":"s"}]})"
        << "/models/1/name";
}

void TestCalculators::modelPresetErrors()
{
    QFETCH(QString, document);
    QFETCH(QString, expectedError);
    std::string error;
    const auto presets = parseModelPresets(nlohmann::json::parse(document.toStdString()), error);
    QVERIFY(presets.empty());
    QVERIFY2(error.rfind(expectedError.toStdString(), 0) == 0, error.c_str());
}

void TestCalculators::noQtIncludesInLibrary()
{
    // ARCHITECTURE.md §1: nothing under calculators/ includes a Qt header.
    QDirIterator it(QStringLiteral(CW_SOURCE_DIR "/calculators"), { "*.h", "*.cpp" }, QDir::Files);
    int files = 0;
    while (it.hasNext()) {
        QFile file(it.next());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(!text.contains("#include <Q") && !text.contains("#include \"Q"),
                 qPrintable(file.fileName()));
        ++files;
    }
    QVERIFY(files > 10);
}

QTEST_APPLESS_MAIN(TestCalculators)

#include "tst_calculators.moc"

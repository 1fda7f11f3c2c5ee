// Tests of the calculator registry: number parsing, metadata, bad inputs, presets, catalog GPUs.
// Every expected value is worked by hand (arithmetic in the comment beside it) or taken from
// the cited paper, never produced by running the code under test.

#include "CalcTestSupport.h"

#include <QDirIterator>

#include "calculators/Checkpoint.h"
#include "calculators/GpuPeaks.h"
#include "calculators/InputError.h"
#include "calculators/KvCache.h"
#include "calculators/ParamParser.h"
#include "calculators/PfcHeadroom.h"
#include "calculators/TrainingMemory.h"

using namespace cw::calc;
using cw::calc::test::run;

class TestCalculatorRegistry : public QObject
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

    // registry and presets
    void registryListsAllCalculators();
    void registryDefaultsParseAndMatchStructs();
    void unknownCalculator();
    void badInputs_data();
    void badInputs();
    void modelPresetFilesParse();
    void modelPresetErrors_data();
    void modelPresetErrors();

    // GPU peaks from the catalog
    void gpuPeaksComeFromCatalog();
    void noGpusRegistered();
    void noQtIncludesInLibrary();

private:
    std::vector<ModelPreset> m_presets;
};

void TestCalculatorRegistry::initTestCase()
{
    m_presets = cw::calc::test::registerTestData();
    QCOMPARE(m_presets.size(), std::size_t(9));
}

// ---- number parser -----------------------------------------------------------------------------

void TestCalculatorRegistry::parseNumberAccepts_data()
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

void TestCalculatorRegistry::parseNumberAccepts()
{
    QFETCH(QString, text);
    QFETCH(double, expected);
    const auto value = parseNumber(text.toStdString());
    QVERIFY(value.has_value());
    QCOMPARE(*value, expected);
}

void TestCalculatorRegistry::parseNumberRejects_data()
{
    QTest::addColumn<QString>("text");
    for (const char *bad : { "70X", "", "B", "abc", "inf", "nan", " 5", "5 ", "-", "1e", "70b",
                             "0x10", "1,5", "7 0", "70BB", "+5" }) {
        QTest::newRow(bad[0] ? bad : "empty") << QString::fromLatin1(bad);
    }
}

void TestCalculatorRegistry::parseNumberRejects()
{
    QFETCH(QString, text);
    QVERIFY(!parseNumber(text.toStdString()).has_value());
}

void TestCalculatorRegistry::parseBoolValues()
{
    QCOMPARE(parseBool("true"), std::optional<bool>(true));
    QCOMPARE(parseBool("yes"), std::optional<bool>(true));
    QCOMPARE(parseBool("0"), std::optional<bool>(false));
    QCOMPARE(parseBool("false"), std::optional<bool>(false));
    QVERIFY(!parseBool("maybe").has_value());
    QVERIFY(!parseBool("TRUE").has_value());
}

// ---- registry and presets ----------------------------------------------------------------------

void TestCalculatorRegistry::registryListsAllCalculators()
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
             QStringList({ "training-memory", "checkpoint", "checkpoint-interval", "training-time",
                           "mfu", "model-params", "kv-cache", "inference-memory", "power",
                           "coolant-flow", "allreduce", "collective", "fat-tree", "pfc-headroom",
                           "cost" }));
}

void TestCalculatorRegistry::registryDefaultsParseAndMatchStructs()
{
    // The CLI defaults (ParamSpec) and the C++ defaults (input structs) must agree: run each
    // calculator with only its required keys and compare against the pure function.
    const auto mem = run("training-memory", { { "params", "1B" }, { "zero", "0" }, { "dp", "1" } });
    TrainingMemoryInput memIn;
    memIn.params = 1e9;
    QCOMPARE(mem.at("model_states_bytes_per_gpu").get<double>(),
             trainingMemory(memIn).modelStatesBytesPerGpu);

    const auto ck = run(
        "checkpoint", { { "params", "1B" }, { "write-gbyte-s", "10" }, { "interval-min", "10" } });
    CheckpointInput ckIn;
    ckIn.params = 1e9;
    ckIn.writeGBps = 10;
    ckIn.intervalMinutes = 10;
    const CheckpointResult ckR = checkpoint(ckIn);
    QCOMPARE(ck.at("checkpoint_bytes").get<double>(), ckR.checkpointBytes);
    QCOMPARE(ck.at("bandwidth_for_target_gbyte_s").get<double>(), ckR.bandwidthForTargetGBps);

    const auto pfc = run("pfc-headroom", { { "speed-gbit-s", "400" }, { "cable-m", "5" } });
    PfcHeadroomInput pfcIn;
    pfcIn.speedGbps = 400;
    pfcIn.cableM = 5;
    QCOMPARE(pfc.at("headroom_bytes").get<double>(), pfcHeadroom(pfcIn).headroomBytes);

    const auto kv = run(
        "kv-cache",
        { { "layers", "32" }, { "kv-heads", "32" }, { "head-dim", "128" }, { "tokens", "1" } });
    QCOMPARE(kv.at("total_bytes").get<double>(),
             kvCache(KvCacheInput { 32, 32, 128, 2.0, 1, 1 }).totalBytes);

    // A choice input's default is one of its choices (the GUI's combo box lists them), and
    // the choice inputs are the ones the runners check: zero, recompute, fluid, algorithm, tiers
    // and the true/false flags.
    int choiceInputs = 0;
    for (const CalculatorInfo &info : calculators()) {
        for (const ParamSpec &p : info.params) {
            if (p.choices.empty())
                continue;
            ++choiceInputs;
            if (p.defaultValue)
                QVERIFY2(std::find(p.choices.begin(), p.choices.end(), *p.defaultValue)
                             != p.choices.end(),
                         (info.name + "." + p.key).c_str());
        }
    }
    // zero, recompute, sequence-parallel, schedule (training-memory), include-gradients, async
    // (checkpoint), recompute (training-time and mfu), gated-mlp and tied-embeddings (model-params
    // and inference-memory), fluid, algorithm, collective, path, tiers, eight-lane,
    // shared-headroom-pool.
    QCOMPARE(choiceInputs, 19);

    // Every default value is itself valid input for its calculator.
    for (const CalculatorInfo &info : calculators()) {
        for (const ParamSpec &p : info.params) {
            if (!p.defaultValue)
                continue;
            const bool parses = parseNumber(*p.defaultValue) || parseBool(*p.defaultValue)
                || p.key == "recompute" || p.key == "fluid" || p.key == "algorithm"
                || p.key == "oversubscription" || p.key == "schedule" || p.key == "collective"
                || p.key == "path";
            QVERIFY2(parses, (info.name + "." + p.key).c_str());
        }
    }
}

void TestCalculatorRegistry::unknownCalculator()
{
    const CalcOutcome o = runCalculator("flux-capacitor", {});
    QVERIFY(!o.ok());
    QVERIFY(o.result.is_null());
    QVERIFY(o.error.find("'flux-capacitor'") != std::string::npos);
    for (const CalculatorInfo &info : calculators())
        QVERIFY2(o.error.find(info.name) != std::string::npos, info.name.c_str());
}

void TestCalculatorRegistry::badInputs_data()
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
    QTest::newRow("mem gpu memory zero") << "training-memory" << with(mem, "gpu-memory-gbyte", "0")
                                         << "parameter 'gpu-memory-gbyte'";

    const Params ck = { { "params", "70B" }, { "write-gbyte-s", "100" }, { "interval-min", "30" } };
    QTest::newRow("ckpt missing write")
        << "checkpoint" << without(ck, "write-gbyte-s") << "parameter 'write-gbyte-s': missing";
    QTest::newRow("ckpt zero bw") << "checkpoint" << with(ck, "write-gbyte-s", "0")
                                  << "parameter 'write-gbyte-s': expected a number > 0, got '0'";
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
                        { "peak-tflop-s", "312" },
                        { "mfu", "0.4" } };
    QTest::newRow("time missing tokens")
        << "training-time" << without(tt, "tokens") << "parameter 'tokens': missing";
    QTest::newRow("time no peak") << "training-time" << without(tt, "peak-tflop-s")
                                  << "parameter 'peak-tflop-s': missing";
    QTest::newRow("time both peaks")
        << "training-time" << with(tt, "gpu", "h100-sxm-80gb") << "parameter 'gpu'";
    QTest::newRow("time unknown gpu")
        << "training-time" << with(without(tt, "peak-tflop-s"), "gpu", "v100")
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
    QTest::newRow("kv unknown model")
        << "kv-cache" << with(kv, "model", "gpt-5")
        << "parameter 'model': expected one of gpt-3-175b, llama-2-7b";
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

    const Params ar = { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbyte-s", "100" } };
    QTest::newRow("ar one rank") << "allreduce" << with(ar, "ranks", "1")
                                 << "parameter 'ranks': expected a whole number >= 2, got '1'";
    QTest::newRow("ar missing bytes")
        << "allreduce" << without(ar, "bytes") << "parameter 'bytes': missing";
    QTest::newRow("ar zero link") << "allreduce" << with(ar, "link-gbyte-s", "0")
                                  << "parameter 'link-gbyte-s'";
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

    const Params pf = { { "speed-gbit-s", "400" }, { "cable-m", "5" } };
    QTest::newRow("pfc missing cable")
        << "pfc-headroom" << without(pf, "cable-m") << "parameter 'cable-m': missing";
    QTest::newRow("pfc odd speed") << "pfc-headroom" << with(pf, "speed-gbit-s", "300")
                                   << "parameter 'speed-gbit-s': expected one of 800, 400";
    QTest::newRow("pfc zero speed")
        << "pfc-headroom" << with(pf, "speed-gbit-s", "0") << "parameter 'speed-gbit-s'";
    QTest::newRow("pfc negative cable")
        << "pfc-headroom" << with(pf, "cable-m", "-1") << "parameter 'cable-m'";
    QTest::newRow("pfc pct > 100")
        << "pfc-headroom" << with(pf, "small-packet-pct", "150") << "parameter 'small-packet-pct'";
    QTest::newRow("pfc 70X") << "pfc-headroom" << with(pf, "mtu-bytes", "70X")
                             << "parameter 'mtu-bytes'";
    QTest::newRow("pfc unknown") << "pfc-headroom" << with(pf, "cable", "5")
                                 << "parameter 'cable': unknown";
}

void TestCalculatorRegistry::badInputs()
{
    QFETCH(QString, calculator);
    QFETCH(Params, params);
    QFETCH(QString, expectedInError);
    const CalcOutcome o = runCalculator(calculator.toStdString(), params);
    QVERIFY2(!o.ok(), "expected an error");
    QVERIFY(o.result.is_null());
    QVERIFY2(o.error.find(expectedInError.toStdString()) != std::string::npos, o.error.c_str());
}

void TestCalculatorRegistry::modelPresetFilesParse()
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

void TestCalculatorRegistry::modelPresetErrors_data()
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

void TestCalculatorRegistry::modelPresetErrors()
{
    QFETCH(QString, document);
    QFETCH(QString, expectedError);
    std::string error;
    const auto presets = parseModelPresets(nlohmann::json::parse(document.toStdString()), error);
    QVERIFY(presets.empty());
    QVERIFY2(error.rfind(expectedError.toStdString(), 0) == 0, error.c_str());
}

// ---- GPU peaks from the catalog ----------------------------------------------------------------

void TestCalculatorRegistry::gpuPeaksComeFromCatalog()
{
    // resources/catalog/gpus.json: every GPU part, dense BF16 = half the "with sparsity"
    // datasheet figure (H100 SXM 1,979 -> 989; A100 312 dense; L40S 362 dense).
    const std::vector<GpuPeak> peaks = gpuPeaksFromCatalog(cw::Catalog::builtin());
    std::size_t gpuParts = 0;
    for (const auto &part : cw::Catalog::builtin().parts())
        gpuParts += part->kind == cw::PartKind::Gpu ? 1 : 0;
    QCOMPARE(peaks.size(), gpuParts); // one peak per GPU part
    const auto h100 = findGpuPeak("h100-sxm-80gb");
    QVERIFY(h100.has_value());
    QCOMPARE(h100->denseBf16Tflops, 989.0);
    QVERIFY(h100->source.find("catalog part h100-sxm-80gb: NVIDIA H100") == 0);
    QCOMPARE(findGpuPeak("a100-sxm-80gb")->denseBf16Tflops, 312.0);
    QCOMPARE(findGpuPeak("l40s-48gb")->denseBf16Tflops, 362.0);
    QCOMPARE(findGpuPeak("b200-sxm-180gb")->denseBf16Tflops, 2250.0);
    QVERIFY(!findGpuPeak("v100").has_value());
    // The assumption names the catalog part the figure came from.
    const auto j = run("training-time",
                       { { "params", "1B" },
                         { "tokens", "1B" },
                         { "gpus", "1" },
                         { "gpu", "a100-sxm-80gb" },
                         { "mfu", "0.5" } });
    bool named = false;
    for (const auto &a : j.at("assumptions"))
        named
            = named || a.get<std::string>().find("catalog part a100-sxm-80gb") != std::string::npos;
    QVERIFY(named);
}

void TestCalculatorRegistry::noGpusRegistered()
{
    // Without a catalog, gpu= is an input error (never a crash); peak-tflop-s still works.
    const std::vector<GpuPeak> saved = gpuPeaks();
    setGpuPeaks({});
    const CalcOutcome o = runCalculator("training-time",
                                        { { "params", "1B" },
                                          { "tokens", "1B" },
                                          { "gpus", "1" },
                                          { "gpu", "h100-sxm-80gb" },
                                          { "mfu", "0.5" } });
    setGpuPeaks(saved);
    QVERIFY(!o.ok());
    QVERIFY2(o.error.find("parameter 'gpu': no GPU parts are registered") != std::string::npos,
             o.error.c_str());
}

void TestCalculatorRegistry::noQtIncludesInLibrary()
{
    // cmake/CwLayers.cmake: nothing under calculators/ includes a Qt header.
    QDirIterator it(QStringLiteral(CW_SOURCE_DIR "/calculators"), { "*.h", "*.cpp" }, QDir::Files,
                    QDirIterator::Subdirectories);
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
QTEST_APPLESS_MAIN(TestCalculatorRegistry)

#include "tst_calc_registry.moc"

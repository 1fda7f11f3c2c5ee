// Tests of the round-two calculators: pipeline-schedule activations in training-memory,
// model-params (dense and MoE), sliding-window KV, inference-memory, hardware FLOPs in
// training-time, checkpoint-interval (Young/Daly), collective bus factors, and the former
// parameter names. Every expected value is the cited source's published figure or worked by
// hand in the comment beside it; none is produced by running the code under test.

#include "CalcTestSupport.h"

#include "calculators/InputError.h"

using cw::calc::test::run;
using namespace cw::calc;

namespace {

CalcOutcome outcome(const std::string &name, const Params &params)
{
    return runCalculator(name, params);
}

bool contains(const std::vector<std::string> &lines, const std::string &text)
{
    for (const std::string &line : lines) {
        if (line.find(text) != std::string::npos)
            return true;
    }
    return false;
}

/// GPT-3 175B (ref:brown-2020-gpt3 Table 2.1) trained as in ref:korthikanti-2022 Table 3:
/// t = 8, p = 8, s = 2048, micro-batch 8 (the case), selective recomputation with
/// sequence parallelism, ZeRO-1 over dp = 16.
Params gpt3()
{
    return { { "params", "175B" },
             { "zero", "1" },
             { "dp", "16" },
             { "tp", "8" },
             { "pp", "8" },
             { "layers", "96" },
             { "hidden", "12288" },
             { "heads", "96" },
             { "seq", "2048" },
             { "micro-batch", "8" },
             { "recompute", "selective" },
             { "sequence-parallel", "true" },
             { "gpu-memory-gbyte", "80" } };
}

Params with(Params p, const std::string &key, const std::string &value)
{
    p[key] = value;
    return p;
}

} // namespace

class TestModelCalculators : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void gpt3PipelineNoLongerFits();
    void pipelineSchedules_data();
    void pipelineSchedules();
    void pipelineRefusals();
    void fullRecomputeKeepsOneWorkingLayer();

    void modelParamsPublishedCounts_data();
    void modelParamsPublishedCounts();
    void modelParamsMixtralActive();
    void modelParamsRefusals();

    void kvSlidingWindowMistral();
    void kvPartialWindow();

    void inferenceMemoryLlama70bOnEightGpus();
    void inferenceMemoryRefusesWhenWeightsDoNotFit();

    void trainingTimeMegatronRuns_data();
    void trainingTimeMegatronRuns();
    void trainingTimeMfuEqualsHfuTimesSixEighths();
    void trainingTimeMfuWarningBand();
    void trainingTimeRefusals();

    void mfuFromMeasuredThroughput();

    void youngDalyWorkedExample();
    void dalyCapsAtMtbf();
    void checkpointIntervalFromGpuMtbf();
    void checkpointIntervalRefusals();

    void collectiveBusFactors_data();
    void collectiveBusFactors();
    void collectivePaths_data();
    void collectivePaths();
    void collectiveLatencyFromNcclModel();
    void collectiveRefusals();

    void formerNamesWarn_data();
    void formerNamesWarn();
    void formerAndCurrentNameClash();
    void formerOutputsCarried();
};

// ---- pipeline schedule -------------------------------------------------------------------------

void TestModelCalculators::gpt3PipelineNoLongerFits()
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

void TestModelCalculators::pipelineSchedules_data()
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

void TestModelCalculators::pipelineSchedules()
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

void TestModelCalculators::pipelineRefusals()
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

void TestModelCalculators::fullRecomputeKeepsOneWorkingLayer()
{
    // Full recomputation stores 2sbh per layer (ref:korthikanti-2022 Table 2): 2 x 201,326,592
    // = 402,653,184 B; x 12 layers x 8 in flight = 38,654,705,664 B; plus one layer's
    // activations being recomputed, sbh x 34/t (sequence parallel, attention term 5as/(ht) =
    // 5 x 96 x 2048 / (12288 x 8) = 10): 201,326,592 x 14.25 = 2,868,903,936 B.
    const auto j = run("training-memory", with(gpt3(), "recompute", "full"));
    QCOMPARE(j.at("activation_bytes_per_gpu").get<double>(), 38654705664.0 + 2868903936.0);
}

// ---- model-params ------------------------------------------------------------------------------

void TestModelCalculators::modelParamsPublishedCounts_data()
{
    // The exact counts of the published checkpoints (ref:hf-model-configs model cards).
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("total");
    // 32 x (4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096) + 2 x 32000 x 4096 + 4096
    QTest::newRow("llama-2-7b") << "llama-2-7b" << 6738415616.0;
    // 80 x (2 x 8192^2 + 2 x 8192 x 1024 + 3 x 8192 x 28672 + 2 x 8192) + 2 x 32000 x 8192 + 8192
    QTest::newRow("llama-2-70b") << "llama-2-70b" << 68976648192.0;
    // 32 x 218,112,000 + 2 x 128256 x 4096 + 4096
    QTest::newRow("llama-3-8b") << "llama-3-8b" << 8030261248.0;
    // 32 x 218,112,000 + 2 x 32000 x 4096 + 4096
    QTest::newRow("mistral-7b") << "mistral-7b" << 7241732096.0;
}

void TestModelCalculators::modelParamsPublishedCounts()
{
    QFETCH(QString, model);
    QFETCH(double, total);
    const auto j = run("model-params", { { "model", model.toStdString() } });
    QCOMPARE(j.at("total_params").get<double>(), total);
    QCOMPARE(j.at("active_params").get<double>(), total); // dense: every weight is used
    QCOMPARE(j.at("weights_bytes").get<double>(), 2 * total);
}

void TestModelCalculators::modelParamsMixtralActive()
{
    // ref:jiang-2024-mixtral: 47B total (46.7B), 13B active (12.9B) with 8 experts, top 2.
    // Per layer: attention 2 x 4096^2 + 2 x 4096 x 1024 = 41,943,040; expert 3 x 4096 x 14336
    // = 176,160,768; router 4096 x 8 = 32,768; norms 8,192. Total 32 x (41,943,040 + 8 x
    // 176,160,768 + 32,768 + 8,192) + 262,144,000 + 4,096 = 46,702,792,704; active with 2
    // experts 32 x 394,305,536 + 262,148,096 = 12,879,925,248.
    const auto j = run("model-params", { { "model", "mixtral-8x7b" } });
    QCOMPARE(j.at("total_params").get<double>(), 46702792704.0);
    QCOMPARE(j.at("active_params").get<double>(), 12879925248.0);
    QVERIFY(std::round(j.at("total_params").get<double>() / 1e8) == 467); // 46.7B
    QVERIFY(std::round(j.at("active_params").get<double>() / 1e8) == 129); // 12.9B
    // bf16 weights of every expert: 93.4 GB resident; forward 2 x active per token.
    QCOMPARE(j.at("weights_bytes").get<double>(), 93405585408.0);
    QCOMPARE(j.at("forward_flop_per_token").get<double>(), 25759850496.0);
}

void TestModelCalculators::modelParamsRefusals()
{
    QVERIFY(outcome("model-params", { { "layers", "2" }, { "hidden", "64" }, { "heads", "4" } })
                .error.find("parameter 'ffn-hidden': missing")
            == 0);
    const Params shape = { { "layers", "2" },
                           { "hidden", "64" },
                           { "heads", "4" },
                           { "ffn-hidden", "256" },
                           { "vocab", "100" } };
    QVERIFY(outcome("model-params", with(shape, "kv-heads", "3"))
                .error.find("parameter 'kv-heads': expected a divisor of heads (4)")
            == 0);
    QVERIFY(outcome("model-params", with(with(shape, "experts", "4"), "experts-per-token", "5"))
                .error.find("parameter 'experts-per-token': expected at most experts (4)")
            == 0);
    // A hand-sized shape: attention 4 x 64^2 = 16,384; MLP 3 x 64 x 256 = 49,152; norms 128;
    // 2 layers = 131,328; embeddings 2 x 100 x 64 = 12,800; final norm 64 -> 144,192.
    QCOMPARE(run("model-params", shape).at("total_params").get<double>(), 144192.0);
}

// ---- kv-cache ----------------------------------------------------------------------------------

void TestModelCalculators::kvSlidingWindowMistral()
{
    // Mistral 7B: 32 layers, 8 kv heads of 128, window 4096 (ref:jiang-2023-mistral Table 1):
    // 2 x 32 x 8 x 128 x 2 B = 131,072 B per token. At 32k context the rolling buffer keeps
    // 4096 tokens: 536,870,912 B, an 8th of the 4,294,967,296 B a full cache would need.
    const auto j = run("kv-cache", { { "model", "mistral-7b" }, { "tokens", "32768" } });
    QCOMPARE(j.at("bytes_per_token").get<double>(), 131072.0);
    QCOMPARE(j.at("total_bytes").get<double>(), 536870912.0);
    QCOMPARE(j.at("full_context_bytes").get<double>(), 4294967296.0);
    // Below the window nothing changes; a window of 0 turns it off.
    QCOMPARE(run("kv-cache", { { "model", "mistral-7b" }, { "tokens", "4096" } })
                 .at("total_bytes")
                 .get<double>(),
             536870912.0);
    QCOMPARE(run("kv-cache",
                 { { "model", "mistral-7b" }, { "tokens", "32768" }, { "sliding-window", "0" } })
                 .at("total_bytes")
                 .get<double>(),
             4294967296.0);
    // Mixtral has no window (32k dense context, ref:jiang-2024-mixtral).
    QCOMPARE(run("kv-cache", { { "model", "mixtral-8x7b" }, { "tokens", "32768" } })
                 .at("total_bytes")
                 .get<double>(),
             4294967296.0);
}

void TestModelCalculators::kvPartialWindow()
{
    // Half the layers windowed (local/global alternation): 4096 B per layer-token;
    // 16 x 32768 + 16 x 4096 = 589,824 layer-tokens -> 2,415,919,104 B.
    const auto j = run("kv-cache",
                       { { "layers", "32" },
                         { "kv-heads", "8" },
                         { "head-dim", "128" },
                         { "tokens", "32768" },
                         { "sliding-window", "4096" },
                         { "window-layers", "16" } });
    QCOMPARE(j.at("total_bytes").get<double>(), 2415919104.0);
    QVERIFY(outcome("kv-cache",
                    { { "layers", "32" },
                      { "kv-heads", "8" },
                      { "head-dim", "128" },
                      { "tokens", "32768" },
                      { "sliding-window", "4096" },
                      { "window-layers", "33" } })
                .error.find("parameter 'window-layers'")
            == 0);
}

// ---- inference-memory --------------------------------------------------------------------------

void TestModelCalculators::inferenceMemoryLlama70bOnEightGpus()
{
    // Llama-2-70B, bf16, 8 x 80 GB, 4096-token context, 0.9 usable (vLLM default).
    // Weights 68,976,648,192 x 2 / 8 = 17,244,162,048 B per GPU.
    // KV: 8 kv heads / 8 GPUs = 1 per GPU: 2 x 80 x 1 x 128 x 2 = 40,960 B per token,
    // x 4096 = 167,772,160 B per sequence.
    // Workspace, 8192 tokens x (4 x 8192 x 2 + 2 x 28672/8 x 2 + 32000/8 x 4) = 8192 x 95,872
    // = 785,383,424 B. Budget 72e9 - 17,244,162,048 - 785,383,424 = 53,970,454,528 B
    // -> floor(321.69) = 321 sequences.
    const auto j = run("inference-memory",
                       { { "model", "llama-2-70b" },
                         { "gpus", "8" },
                         { "gpu-memory-gbyte", "80" },
                         { "context-tokens", "4096" },
                         { "sequences", "400" } });
    QCOMPARE(j.at("weight_bytes_per_gpu").get<double>(), 17244162048.0);
    QCOMPARE(j.at("kv_bytes_per_sequence_per_gpu").get<double>(), 167772160.0);
    QCOMPARE(j.at("workspace_bytes_per_gpu").get<double>(), 785383424.0);
    QCOMPARE(j.at("kv_budget_bytes_per_gpu").get<double>(), 53970454528.0);
    QCOMPARE(j.at("max_sequences").get<long long>(), 321LL);
    QCOMPARE(j.at("fits").get<bool>(), false); // 400 > 321
    // A budget of 64 GPUs serves 64 / 8 = 8 replicas: 8 x 321 = 2568 sequences; 4 GPUs cannot
    // hold one 8-GPU replica.
    const auto budget = run("inference-memory",
                            { { "model", "llama-2-70b" },
                              { "gpus", "8" },
                              { "total-gpus", "64" },
                              { "gpu-memory-gbyte", "80" },
                              { "context-tokens", "4096" } });
    QCOMPARE(budget.at("replicas").get<long long>(), 8LL);
    QCOMPARE(budget.at("max_sequences_total").get<long long>(), 2568LL);
    QVERIFY(runCalculator("inference-memory",
                          { { "model", "llama-2-70b" },
                            { "gpus", "8" },
                            { "total-gpus", "4" },
                            { "gpu-memory-gbyte", "80" },
                            { "context-tokens", "4096" } })
                .error.find("parameter 'total-gpus': expected at least gpus (8)")
            == 0);
}

void TestModelCalculators::inferenceMemoryRefusesWhenWeightsDoNotFit()
{
    // 405B in bf16 is 811.7 GB: never on one 80 GB GPU.
    const CalcOutcome o = outcome("inference-memory",
                                  { { "model", "llama-3.1-405b" },
                                    { "gpu-memory-gbyte", "80" },
                                    { "context-tokens", "8192" } });
    QVERIFY2(o.error.find("parameter 'gpus': the weights (811.7") == 0, o.error.c_str());
}

// ---- training-time -----------------------------------------------------------------------------

void TestModelCalculators::trainingTimeMegatronRuns_data()
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

void TestModelCalculators::trainingTimeMegatronRuns()
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

void TestModelCalculators::trainingTimeMfuEqualsHfuTimesSixEighths()
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

void TestModelCalculators::trainingTimeMfuWarningBand()
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

void TestModelCalculators::trainingTimeRefusals()
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

void TestModelCalculators::mfuFromMeasuredThroughput()
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

// ---- checkpoint-interval -----------------------------------------------------------------------

void TestModelCalculators::youngDalyWorkedExample()
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

void TestModelCalculators::dalyCapsAtMtbf()
{
    // delta >= 2M: Daly's optimum is M itself (ref:daly-2006). M = 0.05 h = 180 s, delta 600 s.
    const auto j
        = run("checkpoint-interval", { { "mtbf-hours", "0.05" }, { "checkpoint-s", "600" } });
    CW_COMPARE_NEAR(j.at("daly_interval_s").get<double>(), 180.0, 1e-12);
}

void TestModelCalculators::checkpointIntervalFromGpuMtbf()
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

void TestModelCalculators::checkpointIntervalRefusals()
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

// ---- collective --------------------------------------------------------------------------------

void TestModelCalculators::collectiveBusFactors_data()
{
    // ref:nvidia-nccl-tests-performance: all_reduce 2(n-1)/n, all_gather / reduce_scatter /
    // alltoall (n-1)/n, broadcast 1. n = 8.
    QTest::addColumn<QString>("kind");
    QTest::addColumn<double>("factor");
    QTest::newRow("all-reduce") << "all-reduce" << 1.75;
    QTest::newRow("all-gather") << "all-gather" << 0.875;
    QTest::newRow("reduce-scatter") << "reduce-scatter" << 0.875;
    QTest::newRow("all-to-all") << "all-to-all" << 0.875;
    QTest::newRow("broadcast") << "broadcast" << 1.0;
}

void TestModelCalculators::collectiveBusFactors()
{
    QFETCH(QString, kind);
    QFETCH(double, factor);
    const auto j = run("collective",
                       { { "collective", kind.toStdString() },
                         { "bytes", "1e9" },
                         { "ranks", "8" },
                         { "link-gbyte-s", "100" } });
    QCOMPARE(j.at("bus_factor").get<double>(), factor);
    // Bandwidth-bound, efficiency 1: busbw equals the line rate for every collective.
    CW_COMPARE_NEAR(j.at("busbw_gbyte_s").get<double>(), 100.0, 1e-12);
}

void TestModelCalculators::collectivePaths_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<double>("line");
    QTest::addColumn<double>("busbw");
    // NDR: 46-48 GB/s busbw per 400G NIC (ref:nccl-tests-issue-290): 50 x 0.92 = 46.
    QTest::newRow("infiniband") << "infiniband" << 50.0 << 46.0;
    // H100 NVLink Ring: ~370 GB/s of 450 (ref:nccl-tests-issue-212): 370.8.
    QTest::newRow("nvlink") << "nvlink" << 450.0 << 370.8;
    // NVLS all-reduce on 8 H100: algbw ~275, busbw ~480 (ref:nccl-tests-issue-212):
    // 275 x 1.75 = 481.25.
    QTest::newRow("nvls") << "nvls" << 450.0 << 481.25;
}

void TestModelCalculators::collectivePaths()
{
    QFETCH(QString, path);
    QFETCH(double, line);
    QFETCH(double, busbw);
    const Params params = { { "bytes", "8e9" },
                            { "ranks", "8" },
                            { "link-gbyte-s", formatNumber(line) },
                            { "path", path.toStdString() } };
    Params bandwidthOnly = params;
    bandwidthOnly["latency-us"] = "0";
    CW_COMPARE_NEAR(run("collective", bandwidthOnly).at("busbw_gbyte_s").get<double>(), busbw,
                    1e-9);
    // With NCCL's own per-step latency of the path the 8 GB figure hardly moves (under 0.2 %);
    // small messages are latency-bound (next test).
    CW_COMPARE_NEAR(run("collective", params).at("busbw_gbyte_s").get<double>(), busbw, 2e-3);
}

void TestModelCalculators::collectiveLatencyFromNcclModel()
{
    // NDR ring all-reduce of 1 MB over 16 ranks with NCCL's network step latency 14 us
    // (ref:nvidia-nccl-src tuning.cc): t = 2 x 15 x 14 us + 2 x 15/16 x 1e6 / 46e9 = 420 us + 40.76
    // us = 460.76 us; busbw = 1e6 / 460.76e-6 x 1.875 = 4.069 GB/s.
    const auto j = run("collective",
                       { { "bytes", "1e6" },
                         { "ranks", "16" },
                         { "link-gbyte-s", "50" },
                         { "path", "infiniband" } });
    const double seconds = 2 * 15 * 14e-6 + 2 * 15.0 / 16 * 1e6 / 46e9;
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), seconds, 1e-12);
    CW_COMPARE_NEAR(j.at("busbw_gbyte_s").get<double>(), 1e6 / seconds * 1.875 / 1e9, 1e-12);
}

void TestModelCalculators::collectiveRefusals()
{
    const Params base = { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbyte-s", "450" } };
    QCOMPARE(
        outcome("collective", with(with(base, "path", "nvls"), "collective", "all-gather")).error,
        std::string("parameter 'path': nvls (NVLink SHARP) is modelled for all-reduce only, "
                    "got all-gather"));
    QVERIFY(outcome("collective", with(base, "efficiency", "1.2"))
                .error.find("parameter 'efficiency': expected a fraction")
            == 0);
    QVERIFY(outcome("collective", with(base, "ranks", "1")).error.find("parameter 'ranks'") == 0);
}

// ---- former names ------------------------------------------------------------------------------

void TestModelCalculators::formerNamesWarn_data()
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

void TestModelCalculators::formerNamesWarn()
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

void TestModelCalculators::formerAndCurrentNameClash()
{
    const CalcOutcome o = outcome(
        "allreduce",
        { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbps", "50" }, { "link-gbyte-s", "50" } });
    QCOMPARE(o.error,
             std::string("parameter 'link-gbps': former name of 'link-gbyte-s'; give one "
                         "of them, not both"));
}

void TestModelCalculators::formerOutputsCarried()
{
    // One release of overlap: the former output keys carry the same numbers.
    const auto j
        = run("allreduce", { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbyte-s", "50" } });
    QCOMPARE(j.at("busbw_gbps"), j.at("busbw_gbyte_s"));
    QCOMPARE(j.at("deprecated_outputs").at("algbw_gbps").get<std::string>(),
             std::string("algbw_gbyte_s"));
    QVERIFY(!j.contains("warnings")); // reading the current key is not a mistake
}

QTEST_APPLESS_MAIN(TestModelCalculators)

#include "tst_calc_models.moc"

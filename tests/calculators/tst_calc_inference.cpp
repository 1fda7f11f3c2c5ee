// Tests of inference memory: sliding-window KV cache and inference-memory (weights, KV, activations
// per GPU). Every expected value is the cited source's published figure or worked by hand in the
// comment beside it; none is produced by running the code under test.

#include "ModelCalcSupport.h"

#include "calculators/InputError.h"

using namespace cw::calc;
using namespace cw::calc::test;

class TestInferenceMemory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void kvSlidingWindowMistral();
    void kvPartialWindow();
    void inferenceMemoryLlama70bOnEightGpus();
    void inferenceMemoryRefusesWhenWeightsDoNotFit();
};

// ---- kv-cache ----------------------------------------------------------------------------------

void TestInferenceMemory::kvSlidingWindowMistral()
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

void TestInferenceMemory::kvPartialWindow()
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

void TestInferenceMemory::inferenceMemoryLlama70bOnEightGpus()
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

void TestInferenceMemory::inferenceMemoryRefusesWhenWeightsDoNotFit()
{
    // 405B in bf16 is 811.7 GB: never on one 80 GB GPU.
    const CalcOutcome o = outcome("inference-memory",
                                  { { "model", "llama-3.1-405b" },
                                    { "gpu-memory-gbyte", "80" },
                                    { "context-tokens", "8192" } });
    QVERIFY2(o.error.find("parameter 'gpus': the weights (811.7") == 0, o.error.c_str());
}

QTEST_APPLESS_MAIN(TestInferenceMemory)

#include "tst_calc_inference.moc"

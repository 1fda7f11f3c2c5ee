// Tests of model-params: dense and MoE parameter counts against the published model cards. Every
// expected value is the cited source's published figure or worked by hand in the comment beside it;
// none is produced by running the code under test.

#include "ModelCalcSupport.h"

#include "calculators/InputError.h"

using namespace cw::calc;
using namespace cw::calc::test;

class TestModelParams : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { cw::calc::test::registerTestData(); }

    void modelParamsPublishedCounts_data();
    void modelParamsPublishedCounts();
    void modelParamsMixtralActive();
    void modelParamsRefusals();
};

// ---- model-params ------------------------------------------------------------------------------

void TestModelParams::modelParamsPublishedCounts_data()
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

void TestModelParams::modelParamsPublishedCounts()
{
    QFETCH(QString, model);
    QFETCH(double, total);
    const auto j = run("model-params", { { "model", model.toStdString() } });
    QCOMPARE(j.at("total_params").get<double>(), total);
    QCOMPARE(j.at("active_params").get<double>(), total); // dense: every weight is used
    QCOMPARE(j.at("weights_bytes").get<double>(), 2 * total);
}

void TestModelParams::modelParamsMixtralActive()
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

void TestModelParams::modelParamsRefusals()
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

QTEST_APPLESS_MAIN(TestModelParams)

#include "tst_calc_model_params.moc"

// `clusterwright-cli calc` with --design, as a user runs it, on the reference example
// resources/examples/8dgx-h100-ndr.cluster.json. Every expected figure is worked by hand from
// that file and the catalog (resources/catalog/*.json); the comment beside it shows how.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include "CliRunner.h"

#include <cmath>

namespace {

using Run = cw::test::CliRun;
using cw::test::runCli;

QString dgxExample()
{
    return QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");
}

/// `calc NAME --design <dgx example> --json [--param p]...`; fails the test on a non-zero exit.
QJsonObject calcJson(const QString &name, const QStringList &params = {})
{
    QStringList args { QStringLiteral("calc"), name, QStringLiteral("--design"), dgxExample(),
                       QStringLiteral("--json") };
    for (const QString &param : params)
        args << QStringLiteral("--param") << param;
    const Run run = runCli(args);
    if (run.exitCode != 0)
        qWarning("calc %s: exit %d: %s", qPrintable(name), run.exitCode, run.err.constData());
    return QJsonDocument::fromJson(run.out).object();
}

bool near(double actual, double expected, double relTolerance = 1e-9)
{
    return std::fabs(actual - expected) <= relTolerance * std::fabs(expected);
}

#define CW_VERIFY_NEAR(actual, expected)                                                           \
    QVERIFY2(near((actual), (expected)),                                                           \
             qPrintable(QStringLiteral("actual %1, expected %2")                                   \
                            .arg((actual), 0, 'g', 17)                                             \
                            .arg((expected), 0, 'g', 17)))

QString sourceOf(const QJsonObject &result, const QString &key)
{
    return result[QStringLiteral("prefilled")][key][QStringLiteral("source")].toString();
}

double prefilledValue(const QJsonObject &result, const QString &key)
{
    return result[QStringLiteral("prefilled")][key][QStringLiteral("value")].toDouble();
}

} // namespace

class TestCliCalc : public QObject
{
    Q_OBJECT

private slots:
    void checkpointTakesTheParallelFilesystem()
    {
        // The example: checkpoint --design x --param params=70e9.
        const QJsonObject j
            = calcJson(QStringLiteral("checkpoint"), { QStringLiteral("params=70e9") });
        const QJsonObject filled = j[QStringLiteral("prefilled")].toObject();
        QVERIFY(!filled.contains(QStringLiteral("params"))); // given, so not from the design
        QCOMPARE(prefilledValue(j, QStringLiteral("write-gbyte-s")), 120.0); // tier 'lustre'
        QVERIFY(sourceOf(j, QStringLiteral("write-gbyte-s")).contains(QStringLiteral("'lustre'")));
        QCOMPARE(prefilledValue(j, QStringLiteral("interval-min")), 60.0); // workload
        QCOMPARE(prefilledValue(j, QStringLiteral("gpus")), 64.0); // 8 DGX x 8
        // 70e9 x (2 + 4 + 8) B = 9.8e11 B; / 120 GB/s = 8.1667 s; / 3600 s = 0.0022685.
        CW_VERIFY_NEAR(j[QStringLiteral("checkpoint_bytes")].toDouble(), 9.8e11);
        CW_VERIFY_NEAR(j[QStringLiteral("write_seconds")].toDouble(), 9.8e11 / 120e9);
        CW_VERIFY_NEAR(j[QStringLiteral("stall_fraction")].toDouble(), 9.8e11 / 120e9 / 3600);
        QVERIFY(j[QStringLiteral("assumptions")].isArray());
        QVERIFY(j[QStringLiteral("prefill_notes")].isArray());
    }

    void givenParamWinsOverTheDesign()
    {
        const QJsonObject j
            = calcJson(QStringLiteral("checkpoint"), { QStringLiteral("write-gbyte-s=50") });
        QVERIFY(
            !j[QStringLiteral("prefilled")].toObject().contains(QStringLiteral("write-gbyte-s")));
        // 9.8e11 B / 50 GB/s = 19.6 s.
        CW_VERIFY_NEAR(j[QStringLiteral("write_seconds")].toDouble(), 19.6);
    }

    void trainingTimePeakFromTheCatalog()
    {
        const QJsonObject j = calcJson(QStringLiteral("training-time"));
        QCOMPARE(prefilledValue(j, QStringLiteral("peak-tflop-s")), 989.0);
        QVERIFY(
            sourceOf(j, QStringLiteral("peak-tflop-s")).contains(QStringLiteral("h100-sxm-80gb")));
        // 6 x 70e9 x 2e12 = 8.4e23 FLOPs / (64 x 989e12 x 0.4) = 33,177,451.97 s = 384.00 days.
        CW_VERIFY_NEAR(j[QStringLiteral("seconds")].toDouble(), 8.4e23 / (64 * 989e12 * 0.4));
        CW_VERIFY_NEAR(j[QStringLiteral("days")].toDouble(), 8.4e23 / (64 * 989e12 * 0.4) / 86400);
    }

    void trainingMemoryDataParallelOverTheDesign()
    {
        // ZeRO-3: (2 + 2 + 12) B x 70e9 / dp 64 = 1.75e10 B per GPU < 80 GB.
        const QJsonObject j
            = calcJson(QStringLiteral("training-memory"), { QStringLiteral("zero=3") });
        QCOMPARE(prefilledValue(j, QStringLiteral("dp")), 64.0);
        QCOMPARE(prefilledValue(j, QStringLiteral("gpu-memory-gbyte")), 80.0);
        CW_VERIFY_NEAR(j[QStringLiteral("model_states_bytes_per_gpu")].toDouble(), 1.75e10);
        QCOMPARE(j[QStringLiteral("fits")].toBool(), true);
    }

    void powerAndCoolantFromItLoad()
    {
        // IT load: 8 x 10.2 + 5 x 1.3 + 4 x 1.6 + 1.0 + 0.2 + 0.8 = 96.5 kW (maximum power).
        const QJsonObject power = calcJson(QStringLiteral("power"));
        QCOMPARE(prefilledValue(power, QStringLiteral("it-kw")), 96.5);
        QCOMPARE(prefilledValue(power, QStringLiteral("pue")), 1.3); // site
        CW_VERIFY_NEAR(power[QStringLiteral("facility_kw")].toDouble(), 125.45); // 96.5 x 1.3
        // 96,500 W x 3.412142 = 329,271.7 BTU/h.
        CW_VERIFY_NEAR(power[QStringLiteral("btu_per_hour")].toDouble(), 96500 * 3.412142);

        // Coolant flow takes the LIQUID heat only: this design is air-cooled throughout, so
        // there is no loop to size and the run stops on heat-kw with the reason.
        Run air = runCli({ QStringLiteral("calc"), QStringLiteral("coolant-flow"),
                           QStringLiteral("--design"), dgxExample() });
        QCOMPARE(air.exitCode, 1);
        QVERIFY(air.err.contains("parameter 'heat-kw': missing"));
        QVERIFY(air.err.contains("air-cooled"));
        // Given the loop's heat, dT 10 K comes from the site: 50 / (4.18 x 10) = 1.19617 kg/s;
        // / 997 kg/m3 x 60,000 = 71.99 L/min.
        const QJsonObject flow
            = calcJson(QStringLiteral("coolant-flow"), { QStringLiteral("heat-kw=50") });
        QCOMPARE(prefilledValue(flow, QStringLiteral("delta-t-k")), 10.0);
        CW_VERIFY_NEAR(flow[QStringLiteral("litres_per_minute")].toDouble(),
                       50 / (4.18 * 10) / 997 * 60000);
    }

    void allReduceOverTheComputeFabric()
    {
        // 64 ranks at 8 x 400 Gb/s / 8 GPUs = 50 GB/s line rate, at the measured NDR efficiency
        // 46/50 = 0.92 (assumed, ref:nccl-tests-issue-290); bf16 gradients of 70e9 params =
        // 1.4e11 B. Ring: 2 x 63/64 x 1.4e11 / 46e9 = 5.991848 s.
        const QJsonObject j = calcJson(QStringLiteral("allreduce"));
        QCOMPARE(prefilledValue(j, QStringLiteral("ranks")), 64.0);
        QCOMPARE(prefilledValue(j, QStringLiteral("link-gbyte-s")), 50.0);
        QCOMPARE(prefilledValue(j, QStringLiteral("efficiency")), 0.92);
        QVERIFY(
            j[QStringLiteral("prefilled")][QStringLiteral("efficiency")][QStringLiteral("assumed")]
                .toBool());
        QVERIFY(!j[QStringLiteral("prefilled")][QStringLiteral("ranks")][QStringLiteral("assumed")]
                     .toBool());
        QCOMPARE(prefilledValue(j, QStringLiteral("bytes")), 1.4e11);
        CW_VERIFY_NEAR(j[QStringLiteral("seconds")].toDouble(), 2 * 63.0 / 64 * 1.4e11 / 46e9);
    }

    void fatTreeFromTheSwitchRadix()
    {
        // QM9700 radix 64, 2 tiers, 1:1: k^2/2 = 2048 endpoints on 3k/2 = 96 switches.
        const QJsonObject j = calcJson(QStringLiteral("fat-tree"));
        QCOMPARE(prefilledValue(j, QStringLiteral("radix")), 64.0);
        QCOMPARE(j[QStringLiteral("prefilled")][QStringLiteral("oversubscription")]
                  [QStringLiteral("value")]
                      .toString(),
                 QStringLiteral("1:1"));
        QCOMPARE(j[QStringLiteral("max_endpoints")].toInt(), 2048);
        QCOMPARE(j[QStringLiteral("switches")].toInt(), 96);
    }

    void costWithGivenCapex()
    {
        // capex 5e6 (given); 96.5 kW x 1.3 x 8760 h = 1,098,942 kWh x 0.10 USD (site)
        // = 109,894.2 USD/year; 5 years: tco = 5,549,471 USD;
        // / (64 GPUs x 5 x 8760 h) = 5,549,471 / 2,803,200 = 1.97969 USD per GPU-hour.
        const QJsonObject j = calcJson(QStringLiteral("cost"), { QStringLiteral("capex-usd=5e6") });
        QVERIFY(!j[QStringLiteral("prefilled")].toObject().contains(QStringLiteral("capex-usd")));
        CW_VERIFY_NEAR(j[QStringLiteral("opex_usd_per_year")].toDouble(), 109894.2);
        CW_VERIFY_NEAR(j[QStringLiteral("tco_usd")].toDouble(), 5549471.0);
        CW_VERIFY_NEAR(j[QStringLiteral("usd_per_gpu_hour")].toDouble(), 5549471.0 / 2803200.0);
    }

    void costCapexFromTheBillOfMaterials()
    {
        const QJsonObject j = calcJson(QStringLiteral("cost"));
        QVERIFY(
            sourceOf(j, QStringLiteral("capex-usd")).contains(QStringLiteral("bill of materials")));
        const double capex = j[QStringLiteral("capex_usd")].toDouble();
        QCOMPARE(prefilledValue(j, QStringLiteral("capex-usd")), capex);
        // At least the devices' catalog prices: 8 x 400,000 (DGX H100) + 5 x 30,000 (QM9700)
        // + 4 x 120,000 (OSS) + 40,000 (MDS) + 4,000 (mgmt switch) + 12,000 (head node)
        // = 3,886,000 USD; racks, PDUs, cables and spares come on top.
        QVERIFY2(capex > 3886000.0, qPrintable(QString::number(capex, 'f', 0)));
        CW_VERIFY_NEAR(j[QStringLiteral("tco_usd")].toDouble(), capex + 5 * 109894.2);
    }

    void textOutputNamesThePrefilledInputs()
    {
        const Run run = runCli({ QStringLiteral("calc"), QStringLiteral("power"),
                                 QStringLiteral("--design"), dgxExample() });
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.contains(QStringLiteral("Inputs from design \"8x DGX H100")));
        QVERIFY(
            out.contains(QStringLiteral("it-kw = 96.5  (IT load: maximum power of 20 devices")));
        QVERIFY(out.contains(QStringLiteral("facility_kw: 125.45")));
    }

    void everyCalculatorReportsWhatCameFromTheDesign()
    {
        // kv-cache and pfc-headroom get nothing from this InfiniBand design; the rest do.
        const QStringList names { QStringLiteral("training-memory"),
                                  QStringLiteral("checkpoint"),
                                  QStringLiteral("training-time"),
                                  QStringLiteral("power"),
                                  QStringLiteral("allreduce"),
                                  QStringLiteral("collective"),
                                  QStringLiteral("checkpoint-interval"),
                                  QStringLiteral("fat-tree"),
                                  QStringLiteral("cost") };
        for (const QString &name : names) {
            // training-memory runs with zero assumed (1), no --param needed.
            const QJsonObject j = calcJson(name);
            QVERIFY2(j[QStringLiteral("prefilled")].isObject(), qPrintable(name));
            QVERIFY2(!j[QStringLiteral("prefilled")].toObject().isEmpty(), qPrintable(name));
            QVERIFY2(!j[QStringLiteral("assumptions")].toArray().isEmpty(), qPrintable(name));
        }
    }

    void formerNamesWarnOnStderr()
    {
        // link-gbps is the former name of link-gbyte-s: accepted, with a warning on stderr and
        // in the JSON; the numbers are those of the current name.
        const Run run = runCli({ QStringLiteral("calc"), QStringLiteral("allreduce"),
                                 QStringLiteral("--param"), QStringLiteral("bytes=1e9"),
                                 QStringLiteral("--param"), QStringLiteral("ranks=8"),
                                 QStringLiteral("--param"), QStringLiteral("link-gbps=50"),
                                 QStringLiteral("--json") });
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.contains("warning: allreduce: parameter 'link-gbps' is deprecated"));
        QVERIFY(run.err.contains("use 'link-gbyte-s'"));
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QVERIFY(
            j[QStringLiteral("warnings")][0].toString().contains(QStringLiteral("'link-gbps'")));
        // 2 x 7/8 x 1e9 / 50e9 = 0.035 s; busbw = line rate; the former output key too.
        CW_VERIFY_NEAR(j[QStringLiteral("seconds")].toDouble(), 0.035);
        CW_VERIFY_NEAR(j[QStringLiteral("busbw_gbyte_s")].toDouble(), 50.0);
        CW_VERIFY_NEAR(j[QStringLiteral("busbw_gbps")].toDouble(), 50.0);
        // Both names at once: exit 1 naming the clash.
        const Run clash = runCli({ QStringLiteral("calc"), QStringLiteral("pfc-headroom"),
                                   QStringLiteral("--param"), QStringLiteral("speed-gbps=400"),
                                   QStringLiteral("--param"), QStringLiteral("speed-gbit-s=400"),
                                   QStringLiteral("--param"), QStringLiteral("cable-m=5") });
        QCOMPARE(clash.exitCode, 1);
        QVERIFY(clash.err.contains("former name of 'speed-gbit-s'"));
    }

    void textOutputMarksAssumptions()
    {
        const Run run = runCli({ QStringLiteral("calc"), QStringLiteral("training-memory"),
                                 QStringLiteral("--design"), dgxExample() });
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY(out.contains(QStringLiteral("  params = 7e+10  (workload")));
        QVERIFY(out.contains(QStringLiteral("  ASSUMED zero = 1  (the design does not say")));
        QVERIFY(out.contains(QStringLiteral("  default weight-bytes = 2  (")));
        // 4 x 70e9 + 12 x 70e9 / 64 = 293,125,000,000 B > 80 GB.
        QVERIFY(out.contains(QStringLiteral("model_states_bytes_per_gpu: 293125000000")));
        QVERIFY(out.contains(QStringLiteral("fits: false")));
    }

    void newCalculatorsRefuseWithExitOne()
    {
        Run run = runCli({ QStringLiteral("calc"), QStringLiteral("collective"),
                           QStringLiteral("--param"), QStringLiteral("collective=all-gather"),
                           QStringLiteral("--param"), QStringLiteral("path=nvls"),
                           QStringLiteral("--param"), QStringLiteral("bytes=1e9"),
                           QStringLiteral("--param"), QStringLiteral("ranks=8"),
                           QStringLiteral("--param"), QStringLiteral("link-gbyte-s=450") });
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("parameter 'path': nvls (NVLink SHARP) is modelled for "
                                 "all-reduce only"));
        run = runCli({ QStringLiteral("calc"), QStringLiteral("training-time"),
                       QStringLiteral("--param"), QStringLiteral("params=70B"),
                       QStringLiteral("--param"), QStringLiteral("tokens=2T"),
                       QStringLiteral("--param"), QStringLiteral("gpus=1024"),
                       QStringLiteral("--param"), QStringLiteral("peak-tflop-s=989"),
                       QStringLiteral("--param"), QStringLiteral("mfu=0.9") });
        QCOMPARE(run.exitCode, 0); // a warning, not a refusal
        QVERIFY(run.err.contains("warning: training-time: MFU 0.9 is above 0.6"));
    }

    void errors()
    {
        // cost needs the design (or an explicit capex): usage error.
        Run run = runCli({ QStringLiteral("calc"), QStringLiteral("cost"),
                           QStringLiteral("--param"), QStringLiteral("years=5") });
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("needs --design"));
        // An unreadable design: exit 2.
        run = runCli({ QStringLiteral("calc"), QStringLiteral("power"), QStringLiteral("--design"),
                       QStringLiteral("/nonexistent.cluster.json") });
        QCOMPARE(run.exitCode, 2);
        // --design twice.
        run = runCli({ QStringLiteral("calc"), QStringLiteral("power"), QStringLiteral("--design"),
                       dgxExample(), QStringLiteral("--design"), dgxExample() });
        QCOMPARE(run.exitCode, 1);
        // What the design cannot give is still missing, and the note says why.
        run = runCli({ QStringLiteral("calc"), QStringLiteral("kv-cache"),
                       QStringLiteral("--design"), dgxExample(), QStringLiteral("--param"),
                       QStringLiteral("tokens=4096") });
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("parameter 'layers': missing"));
        QVERIFY(run.err.contains("does not carry a model shape"));
        // A bad given value is reported even though the design could have filled the key.
        run = runCli({ QStringLiteral("calc"), QStringLiteral("power"), QStringLiteral("--design"),
                       dgxExample(), QStringLiteral("--param"), QStringLiteral("pue=0.5") });
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("parameter 'pue'"));
    }
};

QTEST_APPLESS_MAIN(TestCliCalc)

#include "tst_cli_calc.moc"

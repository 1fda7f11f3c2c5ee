// clusterwright-cli whatif: the JSON contract of docs/cli.md and the exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(CW_CLI_PATH), arguments);
    process.waitForFinished(120000);
    return { process.exitCode(), process.readAllStandardOutput(), process.readAllStandardError() };
}

const QString kExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

} // namespace

class TestCliWhatIf : public QObject
{
    Q_OBJECT

private slots:
    void feedLossAsJson()
    {
        const Run run = runCli({ "whatif", kExample, "--fail", "feed:A", "--json" });
        QCOMPARE(run.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(j["gpus_lost"].toInt(), 0);
        QCOMPARE(j["nodes_lost"].toInt(), 0);
        QCOMPARE(j["devices_off"].toArray().size(), 0);
        int dgx = 0;
        for (const QJsonValue &capped : j["devices_capped"].toArray())
            if (capped["name"].toString().startsWith("dgx")) {
                ++dgx;
                QCOMPARE(capped["available_w"].toDouble(), 9900.0);
            }
        QCOMPARE(dgx, 8);
        QCOMPARE(j["largest_job_nodes"].toInt(), 8);
        QCOMPARE(j["largest_job_gpus"].toInt(), 64);
        bool compute = false;
        for (const QJsonValue &fabric : j["fabrics"].toArray())
            if (fabric["name"].toString() == "compute-ndr") {
                compute = true;
                QCOMPARE(fabric["bisection_gbps"].toDouble(), 12800.0);
            }
        QVERIFY(compute);
        QVERIFY(j["verdict"].toString().startsWith("Losing feed:A: 0 of 64 GPUs lost"));
    }

    void twoFailuresTogether()
    {
        const Run run = runCli(
            { "whatif", kExample, "--fail", "rack:A02", "--fail", "switch:leaf01", "--json" });
        QCOMPARE(run.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(j["gpus_lost"].toInt(), 32); // dgx05-08 off with A02
        QCOMPARE(j["largest_job_nodes"].toInt(), 0); // dgx01-04 lost rails 0-3 with leaf01
    }

    void sweepRanksEveryDomain()
    {
        const Run run = runCli({ "whatif", kExample, "--sweep", "N-1", "--json" });
        QCOMPARE(run.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(j["domains"].toInt(), 19);
        const QJsonArray sweep = j["sweep"].toArray();
        QCOMPARE(sweep.size(), 19);
        QCOMPARE(sweep[0]["failures"][0].toString(), QStringLiteral("row:R1"));
        QCOMPARE(sweep[0]["gpus_lost"].toInt(), 64);
        const Run text = runCli({ "whatif", kExample, "--sweep", "N-1", "--top", "3" });
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("rack:A02"));
        QVERIFY(!text.out.contains("feed:A")); // ranked below the top 3
    }

    void cduLossOnAGeneratedLiquidDesign()
    {
        // 64 HGX B200 DLC nodes (14.3 kW each, hybrid in liquid racks) in one row of the
        // default liquid hall: 64 x 14.3 = 915.2 kW of liquid heat; 750 kW in-row CDUs, N =
        // ceil(915.2 / 750) = 2, N+1 = 3 placed (CDU001-003).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString design = dir.filePath(QStringLiteral("liquid.cluster.json"));
        Run run = runCli({ "generate", "fat-tree", "--param", "nodes=64", "--param",
                           "node-type=hgx-b200-8gpu-dlc", "--param", "nodes-per-rack=8", "-o",
                           design });
        QCOMPARE(run.exitCode, 0);
        // One CDU: 2 x 750 = 1500 kW left, covered.
        run = runCli({ "whatif", design, "--fail", "cdu:CDU002", "--json" });
        QCOMPARE(run.exitCode, 0);
        QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(j["cdus_lost"].toArray().size(), 1);
        QJsonObject row = j["cooling_rows"].toArray()[0].toObject();
        QCOMPARE(row["liquid_w"].toDouble(), 915200.0);
        QCOMPARE(row["capacity_w"].toDouble(), 1500000.0);
        QCOMPARE(row["short"].toBool(), false);
        QCOMPARE(j["devices_capped"].toArray().size(), 0);
        // Two: 750 kW for 915.2 kW; each node capped to 14.3 x 750 / 915.2 = 11.71875 kW.
        run = runCli(
            { "whatif", design, "--fail", "cdu:CDU001", "--fail", "cdu:CDU002", "--json" });
        j = QJsonDocument::fromJson(run.out).object();
        row = j["cooling_rows"].toArray()[0].toObject();
        QCOMPARE(row["short"].toBool(), true);
        QCOMPARE(row["devices_capped"].toInt(), 64);
        const QJsonArray capped = j["devices_capped"].toArray();
        QCOMPARE(capped.size(), 64);
        QCOMPARE(capped[0]["cause"].toString(), QStringLiteral("cooling"));
        QVERIFY(qAbs(capped[0]["available_w"].toDouble() - 11718.75) < 1e-6);
        QCOMPARE(j["gpus_lost"].toInt(), 0);
        // All three: no coolant, the 64 nodes (512 GPUs) off.
        run = runCli({ "whatif", design, "--fail", "cdu:CDU001", "--fail", "cdu:CDU002", "--fail",
                       "cdu:CDU003", "--json" });
        QCOMPARE(QJsonDocument::fromJson(run.out).object()["gpus_lost"].toInt(), 512);
        // The sweep over CDUs and halls: the hall first (everything), then the CDUs (nothing).
        run = runCli({ "whatif", design, "--sweep", "N-1", "--kinds", "cdu,hall", "--json" });
        const QJsonArray sweep = QJsonDocument::fromJson(run.out).object()["sweep"].toArray();
        QCOMPARE(sweep.size(), 4);
        QCOMPARE(sweep[0]["failures"][0].toString(), QStringLiteral("hall:H1"));
        QCOMPARE(sweep[0]["gpus_lost"].toInt(), 512);
        QCOMPARE(sweep[1]["gpus_lost"].toInt(), 0);
        run = runCli({ "whatif", design, "--fail", "cdu:C0001" });
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("no CDU of that name"));
    }

    void refusals()
    {
        Run run = runCli({ "whatif", kExample, "--fail", "pdu:A01/Z1" });
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("rack A01 has no PDU named \"Z1\""));
        run = runCli({ "whatif", kExample });
        QCOMPARE(run.exitCode, 1);
        run = runCli({ "whatif", kExample, "--sweep", "N-2" });
        QCOMPARE(run.exitCode, 1);
        run = runCli({ "whatif", "/nonexistent.cluster.json", "--fail", "feed:A" });
        QCOMPARE(run.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliWhatIf)
#include "tst_cli_whatif.moc"

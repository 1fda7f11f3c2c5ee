// clusterwright-cli whatif: the JSON contract of docs/cli.md and the exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
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

// clusterwright-cli as a user runs it: exit codes, --help, info --json counts, upgrade bytes.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliRunner.h"

namespace {

using Run = cw::test::CliRun;
using cw::test::runCli;

QString example(const char *name)
{
    return QStringLiteral(CW_SOURCE_DIR "/resources/examples/") + QLatin1String(name);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void usageAndHelp()
    {
        const Run none = runCli({});
        QCOMPARE(none.exitCode, 1);
        QVERIFY(none.err.contains("Usage: clusterwright-cli"));
        const Run unknown = runCli({ QStringLiteral("frobnicate") });
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("unknown command \"frobnicate\""));
        for (const char *command : { "info", "upgrade", "calc" }) {
            const Run help = runCli({ QLatin1String(command), QStringLiteral("--help") });
            QCOMPARE(help.exitCode, 0);
            QVERIFY2(help.out.contains("Usage: clusterwright-cli"), command);
        }
        const Run badOption = runCli({ QStringLiteral("info"), QStringLiteral("--bogus"),
                                       example("seed-8node-hdr.cluster.json") });
        QCOMPARE(badOption.exitCode, 1);
        QVERIFY(badOption.err.contains("unknown option --bogus"));
    }

    void infoJsonDgx()
    {
        const Run run = runCli({ QStringLiteral("info"), example("8dgx-h100-ndr.cluster.json"),
                                 QStringLiteral("--json") });
        QCOMPARE(run.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(j["racks"].toInt(), 2);
        QCOMPARE(j["nodes"].toInt(), 8);
        QCOMPARE(j["gpus"].toInt(), 64);
        QCOMPARE(j["switches"].toInt(), 6); // 2 leaf + 2 spine + storage + management
        QCOMPARE(j["storage_servers"].toInt(), 5);
        QCOMPARE(j["links"].toInt(), 168); // 64 + 64 compute, 26 storage, 14 management
        // 8 x 10.2 kW DGX + 5 x 1.3 kW QM9700 + 0.2 SN2201 + 0.8 head + 1.0 MDS + 4 x 1.6 OSS
        QCOMPARE(j["it_power_kw"].toDouble(), 81.6 + 6.5 + 0.2 + 0.8 + 1.0 + 6.4);
        const QJsonArray fabrics = j["fabrics"].toArray();
        QCOMPARE(fabrics.size(), 3);
        QCOMPARE(fabrics[0].toObject()["name"].toString(), QStringLiteral("compute-ndr"));
        QCOMPARE(fabrics[0].toObject()["technology"].toString(), QStringLiteral("infiniband"));
        QCOMPARE(fabrics[0].toObject()["links"].toInt(), 128);
    }

    void infoJsonSeed()
    {
        const Run run = runCli({ QStringLiteral("info"), QStringLiteral("--json"),
                                 example("seed-8node-hdr.cluster.json") });
        QCOMPARE(run.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(j["nodes"].toInt(), 8);
        QCOMPARE(j["gpus"].toInt(), 64);
        QCOMPARE(j["switches"].toInt(), 2);
        QCOMPARE(j["storage_servers"].toInt(), 5);
        QCOMPARE(j["links"].toInt(), 27);
        QCOMPARE(j["racks"].toInt(), 5);
    }

    void infoText()
    {
        const Run run = runCli({ QStringLiteral("info"), example("8dgx-h100-ndr.cluster.json") });
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("Compute nodes:     8  (64 GPUs)"));
        QVERIFY(run.out.contains("compute-ndr (infiniband, compute, 400 Gb/s): 128"));
    }

    void badInputsExit2()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.cluster.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"clusterwright-design\", \"schemaVersion\": 1, \"nextId\": 5, "
                   "\"racks\": [{\"id\": 1}]}");
        file.close();
        const Run run = runCli({ QStringLiteral("info"), bad });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("/racks/0/name: required key is missing"), run.err.constData());
        const Run missing
            = runCli({ QStringLiteral("info"), dir.filePath(QStringLiteral("nope.json")) });
        QCOMPARE(missing.exitCode, 2);
        QVERIFY(missing.err.contains("cannot be opened"));
    }

    void badFixturesExit2_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("expected");
        QTest::newRow("malformed") << "malformed.cluster.json"
                                   << "not valid JSON at line";
        QTest::newRow("truncated") << "truncated.cluster.json"
                                   << "the file ends too early (truncated?)";
        QTest::newRow("wrong-type")
            << "wrong-type.cluster.json"
            << "/devices/3/u: expected a whole number, got the string \"3\"";
        QTest::newRow("negative-power") << "negative-power.cluster.json"
                                        << "/site/itPowerBudgetKw: expected a number >= 0, got -60";
        QTest::newRow("dangling-id")
            << "dangling-id.cluster.json"
            << "/links/2/b/device: expected the id of a device in this design, got 987654";
        QTest::newRow("duplicate-id") << "duplicate-id.cluster.json"
                                      << "/devices/5/id: expected an id not used elsewhere";
    }

    void badFixturesExit2()
    {
        QFETCH(QString, file);
        QFETCH(QString, expected);
        for (const char *command : { "info", "upgrade" }) {
            const QString path = QStringLiteral(CW_TEST_DATA_DIR "/bad/") + file;
            QFile before(path);
            QVERIFY(before.open(QIODevice::ReadOnly));
            const QByteArray original = before.readAll();
            const Run run = runCli({ QLatin1String(command), path });
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
            QVERIFY(run.err.startsWith("error: "));
            QVERIFY(run.out.isEmpty());
            // upgrade in place must not touch a file it could not read.
            QFile after(path);
            QVERIFY(after.open(QIODevice::ReadOnly));
            QCOMPARE(after.readAll(), original);
        }
    }

    void upgradeWritesSameBytes()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.cluster.json"));
        const QString source = example("8dgx-h100-ndr.cluster.json");
        const Run run = runCli({ QStringLiteral("upgrade"), source, QStringLiteral("-o"), out });
        QCOMPARE(run.exitCode, 0);
        QFile a(source);
        QFile b(out);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(b.readAll(), a.readAll());
    }

    void upgradeRefusesNewerVersion()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("new.cluster.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"clusterwright-design\", \"schemaVersion\": 7, \"generator\": "
                   "\"Clusterwright 9.0\", \"nextId\": 1}");
        file.close();
        const Run run = runCli({ QStringLiteral("upgrade"), path });
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("written by a newer Clusterwright (Clusterwright 9.0)"));
        // The refused file is left untouched.
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"schemaVersion\": 7"));
    }

    void calcRuns()
    {
        const Run list = runCli({ QStringLiteral("calc"), QStringLiteral("--list") });
        QCOMPARE(list.exitCode, 0);
        QVERIFY(list.out.contains("kv-cache"));
        // Llama-2-7B KV cache: 2 x 32 layers x 32 kv heads x 128 dims x 2 bytes = 524,288 B/token.
        const Run kv = runCli({ QStringLiteral("calc"), QStringLiteral("kv-cache"),
                                QStringLiteral("--param"), QStringLiteral("model=llama-2-7b"),
                                QStringLiteral("--param"), QStringLiteral("tokens=4096"),
                                QStringLiteral("--json") });
        QCOMPARE(kv.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(kv.out).object();
        QCOMPARE(j["bytes_per_token"].toDouble(), 524288.0);
        QCOMPARE(j["total_bytes"].toDouble(), 524288.0 * 4096);
        QVERIFY(j["assumptions"].isArray());
        const Run bad = runCli({ QStringLiteral("calc"), QStringLiteral("power"),
                                 QStringLiteral("--param"), QStringLiteral("it-kw=-3") });
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains("it-kw"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"

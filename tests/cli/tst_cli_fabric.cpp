// clusterwright-cli generate and analyze as a user runs them: the template list, a generated
// fat tree whose counts match the closed forms, usage errors that name the parameter, byte-
// identical output, and the analysis JSON (ratio 1.0 / 0.5, one spine failed).
//
// Small fat trees use two test switches of radix 8 and 12 (a catalog directory passed with
// --catalog), so every figure can be counted by hand.

#include "model/catalog/Catalog.h"
#include "model/io/DesignFile.h"
#include "resources/EmbeddedResources.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

using namespace cw;

namespace {

const char *const kTestSwitches = R"({
  "format": "clusterwright-catalog",
  "version": 1,
  "parts": [
    {"id": "test-switch-k8", "kind": "switch", "vendor": "Test", "model": "k8",
     "description": "8 x 400G test switch", "uHeight": 1, "weightKg": 5, "maxPowerW": 300,
     "typicalPowerW": 150, "priceUsd": 1000, "cooling": "air", "asic": "test",
     "technologies": ["infiniband"], "os": "mlnx-os", "radix": 8,
     "ports": [{"role": "fabric", "count": 8, "speedGbps": 400, "formFactor": "OSFP-twin", "namePrefix": "p"},
               {"role": "management", "count": 1, "speedGbps": 1, "formFactor": "RJ45", "names": ["mgmt0"]}],
     "source": "test fixture"},
    {"id": "test-switch-k12", "kind": "switch", "vendor": "Test", "model": "k12",
     "description": "12 x 400G test switch", "uHeight": 1, "weightKg": 5, "maxPowerW": 300,
     "typicalPowerW": 150, "priceUsd": 1000, "cooling": "air", "asic": "test",
     "technologies": ["infiniband"], "os": "mlnx-os", "radix": 12,
     "ports": [{"role": "fabric", "count": 12, "speedGbps": 400, "formFactor": "OSFP-twin", "namePrefix": "p"},
               {"role": "management", "count": 1, "speedGbps": 1, "formFactor": "RJ45", "names": ["mgmt0"]}],
     "source": "test fixture"}
  ]
})";

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

QString cliPath()
{
    return QStringLiteral(CW_BINARY_DIR "/app/cli/clusterwright-cli");
}

/// Switches by tier and links by the lower tier of their ends on the compute fabric, counted
/// from the loaded file (tier -1 = a node end).
struct Counts
{
    std::map<int, int> switches;
    std::map<int, int> links;
};

Counts countCompute(const Design &design)
{
    Counts counts;
    FabricId compute;
    for (const Fabric &fabric : design.fabrics())
        if (fabric.purpose == FabricPurpose::Compute)
            compute = fabric.id;
    std::set<DeviceId> seen;
    for (const Link &link : design.links()) {
        if (link.fabric != compute)
            continue;
        const Device &a = *design.device(link.a.device);
        const Device &b = *design.device(link.b.device);
        for (const Device *d : { &a, &b })
            if (d->role == DeviceRole::Switch && seen.insert(d->id).second)
                ++counts.switches[d->tier];
        const int tierA = a.role == DeviceRole::Switch ? a.tier : -1;
        const int tierB = b.role == DeviceRole::Switch ? b.tier : -1;
        ++counts.links[std::min(tierA, tierB)];
    }
    return counts;
}

} // namespace

class TestCliFabric : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString catalogDir() const { return m_dir.filePath(QStringLiteral("catalog")); }
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }

    Run runCli(QStringList args)
    {
        args.prepend(catalogDir());
        args.prepend(QStringLiteral("--catalog"));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERWRIGHT_CATALOG_PATH"), QString());
        env.insert(QStringLiteral("XDG_DATA_HOME"), QStringLiteral("/nonexistent"));
        process.setProcessEnvironment(env);
        process.start(cliPath(), args);
        process.waitForFinished(120000);
        return Run { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
                     process.readAllStandardOutput(), process.readAllStandardError() };
    }

    Run generate(const QString &output, const QStringList &params)
    {
        QStringList args { QStringLiteral("generate"), QStringLiteral("fat-tree") };
        for (const QString &param : params)
            args << QStringLiteral("--param") << param;
        args << QStringLiteral("-o") << output;
        return runCli(args);
    }

    const Catalog &catalog()
    {
        static const Catalog catalog = [] {
            Catalog c;
            for (const auto &file : resources::catalogFiles())
                if (!c.addFile(file.name, file.text))
                    qFatal("built-in catalog does not load");
            if (!c.addFile("test-switches.json", kTestSwitches))
                qFatal("test switches do not load");
            return c;
        }();
        return catalog;
    }

    QJsonObject analyzeJson(const QStringList &extra, const char *file)
    {
        const Run run
            = runCli(QStringList { QStringLiteral("analyze"), path(file), QStringLiteral("--json"),
                                   QStringLiteral("--fabric"), QStringLiteral("compute-ib") }
                     + extra);
        if (run.exitCode != 0)
            qWarning("analyze failed: %s", run.err.constData());
        const QJsonObject root = QJsonDocument::fromJson(run.out).object();
        const QJsonArray fabrics = root.value(QStringLiteral("fabrics")).toArray();
        return fabrics.size() == 1 ? fabrics.first().toObject() : QJsonObject();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(cliPath()), "build clusterwright-cli first");
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("catalog")));
        QFile file(catalogDir() + QStringLiteral("/test-switches.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kTestSwitches);
    }

    void listsTemplatesAndParameters()
    {
        const Run list = runCli({ QStringLiteral("generate"), QStringLiteral("--list") });
        QCOMPARE(list.exitCode, 0);
        for (const char *name :
             { "fat-tree:", "superpod-h100:", "seed-8node-hdr:", "seed-8dgx-ndr:",
               "nodes = (required)", "oversubscription = 1:1", "sus = " })
            QVERIFY2(list.out.contains(name), name);
        const Run json = runCli(
            { QStringLiteral("generate"), QStringLiteral("--list"), QStringLiteral("--json") });
        QCOMPARE(json.exitCode, 0);
        const QJsonArray templates = QJsonDocument::fromJson(json.out)
                                         .object()
                                         .value(QStringLiteral("templates"))
                                         .toArray();
        QStringList names;
        for (const QJsonValue &t : templates)
            names << t.toObject().value(QStringLiteral("name")).toString();
        QCOMPARE(names,
                 (QStringList { QStringLiteral("fat-tree"), QStringLiteral("superpod-h100"),
                                QStringLiteral("gb200-nvl72"), QStringLiteral("seed-8node-hdr"),
                                QStringLiteral("seed-8dgx-ndr") }));
        QStringList fatTreeParameters;
        const QJsonArray parameters
            = templates.first().toObject().value(QStringLiteral("parameters")).toArray();
        for (const QJsonValue &p : parameters)
            fatTreeParameters << p.toObject().value(QStringLiteral("name")).toString();
        for (const char *name : { "nodes", "node-type", "rails", "technology", "switch-type",
                                  "tiers", "oversubscription", "rail-optimized", "nodes-per-rack",
                                  "racks-per-row", "storage", "storage-nodes", "storage-fabric" })
            QVERIFY2(fatTreeParameters.contains(QLatin1String(name)), name);
    }

    void generatesTwoTierClosedForm()
    {
        // 2-tier, radix k = 8, one rail: k^2/2 = 32 hosts on k = 8 leaves and k/2 = 4
        // spines; 32 node-leaf links and 8 leaves x 4 uplinks = 32 leaf-spine links.
        const Run run = generate(path("k8.cluster.json"),
                                 { QStringLiteral("nodes=32"), QStringLiteral("rails=1"),
                                   QStringLiteral("switch-type=test-switch-k8"),
                                   QStringLiteral("storage=none") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.contains("32 nodes (256 GPUs)"));
        auto loaded = loadDesignFile(path("k8.cluster.json").toStdString(), catalog());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        const Counts counts = countCompute(loaded->design);
        QCOMPARE(counts.switches, (std::map<int, int> { { 0, 8 }, { 1, 4 } }));
        QCOMPARE(counts.links, (std::map<int, int> { { -1, 32 }, { 0, 32 } }));
    }

    void generatesThreeTierClosedForm()
    {
        // 3-tier, k = 8: k^3/4 = 128 hosts; k^2/2 = 32 leaves, 32 spines, k^2/4 = 16 cores,
        // 5k^2/4 = 80 switches; 128 links at each of the three levels.
        const Run run = generate(path("k8-3tier.cluster.json"),
                                 { QStringLiteral("nodes=128"), QStringLiteral("rails=1"),
                                   QStringLiteral("switch-type=test-switch-k8"),
                                   QStringLiteral("storage=none") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        auto loaded = loadDesignFile(path("k8-3tier.cluster.json").toStdString(), catalog());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        const Counts counts = countCompute(loaded->design);
        QCOMPARE(counts.switches, (std::map<int, int> { { 0, 32 }, { 1, 32 }, { 2, 16 } }));
        QCOMPARE(counts.switches.at(0) + counts.switches.at(1) + counts.switches.at(2),
                 5 * 8 * 8 / 4);
        QCOMPARE(counts.links, (std::map<int, int> { { -1, 128 }, { 0, 128 }, { 1, 128 } }));
    }

    void usageErrorsNameTheParameter_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString out = QStringLiteral("-o");
        auto fatTree = [&](const QStringList &params) {
            QStringList args { QStringLiteral("generate"), QStringLiteral("fat-tree") };
            for (const QString &param : params)
                args << QStringLiteral("--param") << param;
            return args << out << QStringLiteral("unused.cluster.json");
        };
        QTest::newRow("unknown template")
            << QStringList { QStringLiteral("generate"), QStringLiteral("dragonfly"), out,
                             QStringLiteral("unused.cluster.json") }
            << QStringLiteral("unknown template \"dragonfly\"");
        QTest::newRow("unknown parameter")
            << fatTree({ QStringLiteral("nodes=8"), QStringLiteral("colour=red") })
            << QStringLiteral("unknown parameter \"colour\"");
        QTest::newRow("missing nodes") << fatTree({}) << QStringLiteral("nodes is required");
        QTest::newRow("nodes not a number") << fatTree({ QStringLiteral("nodes=many") })
                                            << QStringLiteral("nodes must be a whole number");
        // k^3/4 = 128 hosts is the most three tiers of radix 8 connect.
        QTest::newRow("more nodes than the radix allows")
            << fatTree({ QStringLiteral("nodes=129"), QStringLiteral("rails=1"),
                         QStringLiteral("tiers=3"), QStringLiteral("switch-type=test-switch-k8"),
                         QStringLiteral("storage=none") })
            << QStringLiteral("129 nodes x 1 rails needs 33 leaf switches");
        QTest::newRow("rails above NICs")
            << fatTree({ QStringLiteral("nodes=8"), QStringLiteral("rails=9") })
            << QStringLiteral("rails 9 is more than the 8 compute NICs of dgx-h100");
        // A 200G HDR switch cannot carry the DGX H100's 400G rails: refused, no file written.
        QTest::newRow("switch slower than the NICs")
            << fatTree({ QStringLiteral("nodes=8"), QStringLiteral("switch-type=qm8700") })
            << QStringLiteral("switch-type qm8700 has no fabric ports of 400 Gb/s or faster");
        QTest::newRow("unknown switch type")
            << fatTree({ QStringLiteral("nodes=8"), QStringLiteral("switch-type=qm9999") })
            << QStringLiteral("switch-type: unknown catalog id \"qm9999\"");
    }

    void usageErrorsNameTheParameter()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        QDir::setCurrent(m_dir.path());
        const Run run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(QString::fromUtf8(run.err).contains(expected), run.err.constData());
        QVERIFY(!QFile::exists(path("unused.cluster.json")));
    }

    void generationIsDeterministic()
    {
        const QStringList params { QStringLiteral("nodes=64"), QStringLiteral("storage=weka") };
        QVERIFY(generate(path("first.cluster.json"), params).exitCode == 0);
        QVERIFY(generate(path("second.cluster.json"), params).exitCode == 0);
        QFile first(path("first.cluster.json"));
        QFile second(path("second.cluster.json"));
        QVERIFY(first.open(QIODevice::ReadOnly) && second.open(QIODevice::ReadOnly));
        const QByteArray a = first.readAll();
        QVERIFY(a.size() > 100000);
        QVERIFY(a == second.readAll());
    }

    void analyzeJsonNonBlockingAndOversubscribed()
    {
        // Needs generatesTwoTierClosedForm's file: 32 nodes x 400G, so full bisection is
        // 32 x 400 / 2 = 6400 Gb/s, and a non-blocking tree reaches it.
        const QJsonObject k8 = analyzeJson({}, "k8.cluster.json");
        for (const char *key :
             { "name", "technology", "endpoints", "switches_by_tier", "links_by_tier",
               "oversubscription", "bisection_gbps", "full_bisection_gbps", "ratio", "partitions" })
            QVERIFY2(k8.contains(QLatin1String(key)), key);
        QCOMPARE(k8.value(QStringLiteral("name")).toString(), QStringLiteral("compute-ib"));
        QCOMPARE(k8.value(QStringLiteral("technology")).toString(), QStringLiteral("infiniband"));
        QCOMPARE(k8.value(QStringLiteral("full_bisection_gbps")).toDouble(), 6400.0);
        QCOMPARE(k8.value(QStringLiteral("bisection_gbps")).toDouble(), 6400.0);
        QCOMPARE(k8.value(QStringLiteral("ratio")).toDouble(), 1.0);
        QStringList partitions;
        for (const QJsonValue &p : k8.value(QStringLiteral("partitions")).toArray()) {
            partitions << p.toObject().value(QStringLiteral("name")).toString();
            QVERIFY(p.toObject().contains(QStringLiteral("cut_gbps")));
        }
        QVERIFY(partitions.contains(QStringLiteral("halves")));
        QVERIFY(partitions.contains(QStringLiteral("interleaved")));

        // 2:1 on radix 12: 8 down, 4 up per leaf. 16 nodes fill 2 leaves (nodes 1-8 on the
        // first, in canonical order); one spine takes the 4 uplinks of each. Halves puts
        // each leaf on one side: the cut is one leaf's uplinks, 4 x 400 = 1600 Gb/s, of
        // 16 x 400 / 2 = 3200 full: ratio 0.5.
        const Run run
            = generate(path("k12.cluster.json"),
                       { QStringLiteral("nodes=16"), QStringLiteral("rails=1"),
                         QStringLiteral("switch-type=test-switch-k12"),
                         QStringLiteral("oversubscription=2:1"), QStringLiteral("storage=none") });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject k12 = analyzeJson({}, "k12.cluster.json");
        const QJsonObject switchesByTier = k12.value(QStringLiteral("switches_by_tier")).toObject();
        const QJsonObject linksByTier = k12.value(QStringLiteral("links_by_tier")).toObject();
        QCOMPARE(switchesByTier.value(QStringLiteral("0")).toInt(), 2);
        QCOMPARE(linksByTier.value(QStringLiteral("1")).toInt(), 8);
        QCOMPARE(k12.value(QStringLiteral("bisection_gbps")).toDouble(), 1600.0);
        QCOMPARE(k12.value(QStringLiteral("full_bisection_gbps")).toDouble(), 3200.0);
        QCOMPARE(k12.value(QStringLiteral("ratio")).toDouble(), 0.5);
    }

    void analyzeWithOneSpineFailed()
    {
        // The k = 8 tree without spine0001: each of the 8 leaves keeps 3 of its 4 uplinks
        // (8 links fail). Halves puts leaves 1-4 (nodes 1-16) on side A: their traffic
        // leaves through 4 x 3 x 400 = 4800 Gb/s of uplinks, so the cut is 4800 of 6400:
        // ratio 0.75. Interleaved pairs 2 + 2 nodes on every leaf and stays 6400. No node
        // is cut off.
        const QJsonObject failed = analyzeJson(
            { QStringLiteral("--fail"), QStringLiteral("spine0001") }, "k8.cluster.json");
        QCOMPARE(failed.value(QStringLiteral("bisection_gbps")).toDouble(), 4800.0);
        QCOMPARE(failed.value(QStringLiteral("ratio")).toDouble(), 0.75);
        QCOMPARE(failed.value(QStringLiteral("failed_links")).toInt(), 8);
        QCOMPARE(failed.value(QStringLiteral("nodes_disconnected")).toInt(), 0);
        QCOMPARE(failed.value(QStringLiteral("failed_switches")).toArray().size(), 1);
        std::map<QString, double> cuts;
        for (const QJsonValue &p : failed.value(QStringLiteral("partitions")).toArray())
            cuts[p.toObject().value(QStringLiteral("name")).toString()]
                = p.toObject().value(QStringLiteral("cut_gbps")).toDouble();
        QCOMPARE(cuts[QStringLiteral("halves")], 4800.0);
        QCOMPARE(cuts[QStringLiteral("interleaved")], 6400.0);
        // A switch that is not in the design is a usage error naming it.
        const Run unknown = runCli({ QStringLiteral("analyze"), path("k8.cluster.json"),
                                     QStringLiteral("--fail"), QStringLiteral("spine9999") });
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("spine9999"));
    }
};

QTEST_GUILESS_MAIN(TestCliFabric)
#include "tst_cli_fabric.moc"

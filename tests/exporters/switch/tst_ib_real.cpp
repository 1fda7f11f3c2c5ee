// The exported InfiniBand files against the real tools (Debian 12: ibsim 0.10, opensm 3.3.23,
// infiniband-diags 44.0): ibsim must load fabric.topo, opensm must bring the subnet up once
// with the exported opensm.conf (its routing engine, root GUID file and node name map), and
// ibnetdiscover must find the designed switches, HCAs and links. The harness changes only
// paths (/etc/opensm/ -> the test folder, OpenSM's log, cache and dump folders).

#include "exporters/switch/InfinibandFiles.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "tests/support/IbSim.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>
#include <set>

using namespace cw;
using namespace cw::test;

namespace {

/// What the design says the fabric holds, counted here from the links (not by the exporter):
/// switches on it, one HCA per non-switch port cabled on it, and its links.
struct Expected
{
    int switches = 0;
    int hcas = 0;
    int links = 0;
};

Expected countDesign(const Design &design, const Catalog &catalog, const Fabric &fabric)
{
    std::set<std::uint64_t> switches;
    std::set<std::pair<std::uint64_t, int>> hcas;
    Expected expected;
    for (const Link &link : design.links()) {
        if (link.fabric != fabric.id)
            continue;
        ++expected.links;
        for (const PortRef &end : { link.a, link.b }) {
            const Device *device = design.device(end.device);
            const Part *part = device ? catalog.find(device->catalogType) : nullptr;
            if (part && part->kind == PartKind::Switch)
                switches.insert(end.device.value);
            else
                hcas.insert({ end.device.value, end.port });
        }
    }
    expected.switches = static_cast<int>(switches.size());
    expected.hcas = static_cast<int>(hcas.size());
    return expected;
}

/// ibnetdiscover's view: node records, GUIDs and port lines (each link is listed from both
/// ends), and the link rates it reports.
struct Discovered
{
    int switches = 0;
    int cas = 0;
    int portLines = 0;
    QSet<QString> guids; ///< node GUIDs, "0x" + 16 hex digits
    QSet<QString> names; ///< node descriptions
    QSet<QString> rates; ///< "4xHDR" ...
};

Discovered parseIbnetdiscover(const QString &text)
{
    static const QRegularExpression header(
        QStringLiteral("^(Switch|Ca)\\s+\\d+\\s+\"[SH]-([0-9a-f]{16})\"\\s+# \"([^\"]*)\""));
    static const QRegularExpression rate(QStringLiteral("(\\d+x[A-Z]+)\\s*$"));
    Discovered d;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const auto m = header.match(line);
        if (m.hasMatch()) {
            (m.captured(1) == QLatin1String("Switch") ? d.switches : d.cas)++;
            d.guids.insert(QStringLiteral("0x") + m.captured(2));
            d.names.insert(m.captured(3));
        } else if (line.startsWith(QLatin1Char('['))) {
            ++d.portLines;
            const auto r = rate.match(line);
            if (r.hasMatch())
                d.rates.insert(r.captured(1));
        }
    }
    return d;
}

/// node GUID -> name from ib-node-name-map.
QMap<QString, QString> parseNameMap(const QString &text)
{
    static const QRegularExpression entry(QStringLiteral("^(0x[0-9a-f]{16}) \"([^\"]*)\"$"));
    QMap<QString, QString> map;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const auto m = entry.match(line);
        if (m.hasMatch())
            map.insert(m.captured(1), m.captured(2));
    }
    return map;
}

QString readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestIbReal : public QObject
{
    Q_OBJECT

    QString m_ibsim;
    QString m_opensm;
    QString m_ibnetdiscover;
    QString m_preload;

private slots:
    void initTestCase()
    {
        m_ibsim = findIbTool(QStringLiteral("ibsim"));
        m_opensm = findIbTool(QStringLiteral("opensm"));
        m_ibnetdiscover = findIbTool(QStringLiteral("ibnetdiscover"));
        m_preload = findUmad2sim();
        QStringList missing;
        if (m_ibsim.isEmpty())
            missing << QStringLiteral("ibsim (package ibsim-utils)");
        if (m_preload.isEmpty())
            missing << QStringLiteral(
                "libumad2sim.so (package libumad2sim0, pulled in by ibsim-utils)");
        if (m_opensm.isEmpty())
            missing << QStringLiteral("opensm (package opensm)");
        if (m_ibnetdiscover.isEmpty())
            missing << QStringLiteral("ibnetdiscover (package infiniband-diags)");
        if (!missing.isEmpty())
            QSKIP(qPrintable(QStringLiteral("InfiniBand tools missing: ")
                             + missing.join(QStringLiteral(", "))
                             + QStringLiteral(" (scripts/deps.sh installs them)")));
    }

    void subnetComesUp_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("fabricName");
        QTest::addColumn<QString>("engine");
        // (a) 8 DGX H100 on 2 leaf + 2 spine QM9700, rail-optimized: ftree.
        QTest::newRow("8dgx-h100-ndr compute")
            << QStringLiteral("dgx") << QStringLiteral("compute-ndr") << QStringLiteral("ftree");
        // (b) a generated 2-tier fat tree of 4 DGX H100 (32 HCAs): ftree.
        QTest::newRow("fat-tree 4 nodes")
            << QStringLiteral("fat-tree") << QString() << QStringLiteral("ftree");
        // The seed's single HDR switch: one tier, so updn.
        QTest::newRow("seed-8node-hdr compute")
            << QStringLiteral("seed") << QStringLiteral("compute-hdr") << QStringLiteral("updn");
    }

    void subnetComesUp()
    {
        QFETCH(QString, source);
        QFETCH(QString, fabricName);
        QFETCH(QString, engine);
        const Catalog &catalog = Catalog::builtin();
        std::optional<Design> design;
        if (source == QLatin1String("dgx")) {
            auto built = buildDgx8H100Ndr(catalog);
            QVERIFY2(built, built ? "" : built.error().message.c_str());
            design = std::move(built).value();
        } else if (source == QLatin1String("seed")) {
            auto built = buildSeed8NodeHdr(catalog);
            QVERIFY2(built, built ? "" : built.error().message.c_str());
            design = std::move(built).value();
        } else {
            auto generated = generateDesign(
                "fat-tree", { { "nodes", "4" }, { "tiers", "2" }, { "storage", "none" } }, catalog);
            QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
            design = std::move(generated).value().design;
        }
        const Fabric *fabric = nullptr;
        for (const Fabric &f : design->fabrics())
            if (f.technology == Technology::InfiniBand
                && (fabricName.isEmpty() ? f.purpose == FabricPurpose::Compute
                                         : f.name == fabricName.toStdString()))
                fabric = &f;
        QVERIFY(fabric);
        const Expected expected = countDesign(*design, catalog, *fabric);
        if (source == QLatin1String("dgx")) {
            // By hand: 8 nodes x 8 rails = 64 HCA cables; 2 leaves x 32 up links = 64 to the
            // spines; 2 leaves + 2 spines.
            QCOMPARE(expected.switches, 4);
            QCOMPARE(expected.hcas, 64);
            QCOMPARE(expected.links, 128);
        } else if (source == QLatin1String("seed")) {
            // 8 GPU nodes with one HDR HCA each + MDS + 4 OSS on the one QM8700.
            QCOMPARE(expected.switches, 1);
            QCOMPARE(expected.hcas, 13);
            QCOMPARE(expected.links, 13);
        }

        auto files = exporters::infinibandFiles(*design, catalog, *fabric);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // CW_KEEP_TEST_DIRS=1 keeps the exported files and the tools' logs for a look by hand.
        if (qEnvironmentVariableIsSet("CW_KEEP_TEST_DIRS")) {
            dir.setAutoRemove(false);
            qInfo("files and logs kept in %s", qPrintable(dir.path()));
        }
        QString folder;
        for (const auto &file : *files) {
            const QString path = dir.filePath(QString::fromStdString(file.path));
            QVERIFY(QDir().mkpath(QFileInfo(path).path()));
            folder = QFileInfo(path).path();
            QByteArray bytes = QByteArray::fromStdString(file.bytes);
            // The one harness change: opensm.conf names its files under /etc/opensm/.
            if (path.endsWith(QLatin1String("/opensm.conf")))
                bytes.replace("/etc/opensm/", (folder + QLatin1Char('/')).toUtf8());
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(bytes);
        }
        const QString topo = folder + QStringLiteral("/fabric.topo");
        const QString conf = folder + QStringLiteral("/opensm.conf");
        const QString nameMap = folder + QStringLiteral("/ib-node-name-map");
        QVERIFY(QFileInfo::exists(topo) && QFileInfo::exists(conf) && QFileInfo::exists(nameMap));
        QVERIFY2(readFile(conf).contains(QStringLiteral("\nrouting_engine ") + engine),
                 qPrintable(readFile(conf)));

        // One simulator per test row, on its own socket name, so parallel or stale ibsims
        // elsewhere on the machine cannot answer for it.
        IbSim sim;
        const QString started = sim.start(m_ibsim, topo, dir.path(),
                                          QStringLiteral("cw-ib-%1-%2")
                                              .arg(QCoreApplication::applicationPid())
                                              .arg(QTest::currentDataTag())
                                              .replace(QLatin1Char(' '), QLatin1Char('_')));
        QVERIFY2(started.isEmpty(), qPrintable(started));
        const QByteArray &simOutput = sim.output();
        QVERIFY2(!simOutput.contains("cannot parse") && !simOutput.contains("ibwarn"),
                 qPrintable(QString::fromLocal8Bit(simOutput)));

        QProcessEnvironment clientEnv = sim.clientEnvironment(m_preload);
        // OpenSM's cache (guid2lid, ...) and tmp files stay in the test folder.
        clientEnv.insert(QStringLiteral("OSM_CACHE_DIR"), dir.path());
        clientEnv.insert(QStringLiteral("OSM_TMP_DIR"), dir.path());
        auto run = [&](const QString &program, const QStringList &args, int timeoutMs) {
            QProcess process;
            process.setProcessEnvironment(clientEnv);
            process.setWorkingDirectory(dir.path());
            process.setProcessChannelMode(QProcess::SeparateChannels);
            process.start(program, args);
            Stopper stop { process };
            process.waitForStarted(10000);
            const bool finished = process.waitForFinished(timeoutMs);
            struct Outcome
            {
                bool finished;
                int exitCode;
                QString out;
                QString err;
            };
            return Outcome { finished && process.exitStatus() == QProcess::NormalExit,
                             process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
                             QString::fromUtf8(process.readAllStandardError()) };
        };

        // OpenSM once (-o): configure the subnet with the exported opensm.conf, then exit.
        const QString osmLog = dir.filePath(QStringLiteral("opensm.log"));
        // -D 0x07 adds OpenSM's verbose lines (error 0x01, info 0x02, verbose 0x04), where ftree
        // reports the roots it read from the root GUID file.
        const auto sm = run(m_opensm,
                            { QStringLiteral("-F"), conf, QStringLiteral("-o"),
                              QStringLiteral("-f"), osmLog, QStringLiteral("--dump_files_dir"),
                              dir.path(), QStringLiteral("-D"), QStringLiteral("0x07") },
                            120000);
        const QString log = readFile(osmLog);
        const QString smReport = QStringLiteral("opensm exit %1\n%2\n%3\n--- log ---\n%4")
                                     .arg(sm.exitCode)
                                     .arg(sm.out, sm.err, log.right(6000));
        QVERIFY2(sm.finished && sm.exitCode == 0, qPrintable(smReport));
        QVERIFY2(log.contains(QStringLiteral("SUBNET UP")), qPrintable(smReport));
        // The engine that routed is named here; a fallback would name updn or minhop.
        QVERIFY2(log.contains(engine + QStringLiteral(" tables configured on all switches")),
                 qPrintable(smReport));
        QVERIFY2(!log.contains(QStringLiteral("No routing engine able")), qPrintable(smReport));
        QVERIFY2(!log.contains(QStringLiteral("falling back")), qPrintable(smReport));
        // No error of any kind: an unreadable root GUID file or name map would log one.
        QVERIFY2(!log.contains(QStringLiteral(" ERR ")), qPrintable(smReport));
        for (const QString &line : log.split(QLatin1Char('\n')))
            if (line.contains(QStringLiteral("tables configured"))
                || line.contains(QStringLiteral("SUBNET UP"))
                || line.contains(QStringLiteral("Fabric has"))
                || line.contains(QStringLiteral("valid root switches")))
                qInfo("opensm: %s", qPrintable(line.mid(line.indexOf(QStringLiteral("-> ")) + 3)));
        if (engine == QLatin1String("ftree")) {
            // ftree took the root file's switches as its rank-0 roots: the design's top tier.
            const int roots
                = readFile(folder + QStringLiteral("/root-guids.conf"))
                      .count(QRegularExpression(QStringLiteral("(?m)^0x[0-9a-f]{16}$")));
            QVERIFY(roots > 0);
            QVERIFY2(log.contains(QStringLiteral("Ranked %1 valid root switches").arg(roots)),
                     qPrintable(smReport));
            QVERIFY2(
                log.contains(QStringLiteral("Fabric has %1 switches at rank 0 (roots)").arg(roots)),
                qPrintable(smReport));
            QVERIFY2(log.contains(QStringLiteral("Fabric has %1 CAs").arg(expected.hcas)),
                     qPrintable(smReport));
        }

        // ibnetdiscover finds the designed switch, HCA and link counts, under the GUIDs and
        // names of ib-node-name-map.
        const auto discover
            = run(m_ibnetdiscover, { QStringLiteral("--node-name-map"), nameMap }, 60000);
        QVERIFY2(discover.finished && discover.exitCode == 0,
                 qPrintable(QStringLiteral("ibnetdiscover exit %1\n%2\n%3")
                                .arg(discover.exitCode)
                                .arg(discover.out, discover.err)));
        const Discovered found = parseIbnetdiscover(discover.out);
        qInfo("ibnetdiscover: %d switches, %d CAs, %d port lines = %d links", found.switches,
              found.cas, found.portLines, found.portLines / 2);
        const QString report = discover.out.left(4000);
        QCOMPARE(found.switches, expected.switches);
        QCOMPARE(found.cas, expected.hcas);
        QCOMPARE(found.portLines % 2, 0);
        QCOMPARE(found.portLines / 2, expected.links);
        const QMap<QString, QString> map = parseNameMap(readFile(nameMap));
        QCOMPARE(map.size(), expected.switches + expected.hcas);
        QVERIFY2(found.guids == QSet<QString>(map.keyBegin(), map.keyEnd()), qPrintable(report));
        const QList<QString> mapNames = map.values();
        QVERIFY2(found.names == QSet<QString>(mapNames.begin(), mapNames.end()),
                 qPrintable(report));
        // NDR (400) and HDR (200) designs both read back as 4xHDR: ibsim 0.10 stops at HDR.
        QCOMPARE(found.rates, QSet<QString> { QStringLiteral("4xHDR") });
    }
};

QTEST_GUILESS_MAIN(TestIbReal)
#include "tst_ib_real.moc"

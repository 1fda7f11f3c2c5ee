// `clusterwright-cli export` as a user runs it: formats, parameters, the validation gate,
// --force, path sanitising, determinism and the file header.

#include <QDir>
#include <QFile>
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

QString dgxExample()
{
    return QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// The DGX example with an edit applied to its JSON, saved in `dir`.
QString editedExample(const QTemporaryDir &dir, const QString &name,
                      const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject root = QJsonDocument::fromJson(readAll(dgxExample())).object();
    edit(root);
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(root).toJson());
    return path;
}

/// All files under `root`, relative, sorted.
QStringList filesUnder(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(root).relativeFilePath(it.next());
    files.sort();
    return files;
}

} // namespace

class TestCliExport : public QObject
{
    Q_OBJECT

private slots:
    void listNamesTheFormats()
    {
        const Run list = runCli({ QStringLiteral("export"), QStringLiteral("--list") });
        QCOMPARE(list.exitCode, 0);
        // Every family (exporters/Families.h plus report and all) starts a line, with its files.
        for (const char *format :
             { "slurm     slurm.conf", "nccl      nccl.env", "switch    per fabric",
               "cabling   cabling.csv", "bom       bom.csv", "graphml   one <fabric>.graphml",
               "kubernetes node-labels.yaml", "drawio    cluster.drawio", "netbox    device-types/",
               "report    facilities-report.pdf", "all " })
            QVERIFY2(list.out.contains(QByteArray("\n") + format) || list.out.startsWith(format),
                     format);
        QVERIFY(list.out.contains("--param slurm.topology="));
    }

    void usageErrors()
    {
        QTemporaryDir out;
        const Run noFormat
            = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("-o"), out.path() });
        QCOMPARE(noFormat.exitCode, 1);
        QVERIFY(noFormat.err.contains("--format"));
        const Run badFormat
            = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                       QStringLiteral("visio"), QStringLiteral("-o"), out.path() });
        QCOMPARE(badFormat.exitCode, 1);
        QVERIFY(badFormat.err.contains("\"visio\""));
        const Run badParam
            = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                       QStringLiteral("slurm"), QStringLiteral("--param"),
                       QStringLiteral("colour=red"), QStringLiteral("-o"), out.path() });
        QCOMPARE(badParam.exitCode, 1);
        QVERIFY(badParam.err.contains("no parameter \"colour\""));
        const Run badValue
            = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                       QStringLiteral("slurm"), QStringLiteral("--param"),
                       QStringLiteral("slurm.topology=torus"), QStringLiteral("-o"), out.path() });
        QCOMPARE(badValue.exitCode, 2);
        QVERIFY(badValue.err.contains("tree or block"));
        const Run noOutput = runCli({ QStringLiteral("export"), dgxExample(),
                                      QStringLiteral("--format"), QStringLiteral("slurm") });
        QCOMPARE(noOutput.exitCode, 1);
        QVERIFY(filesUnder(out.path()).isEmpty()); // nothing written by any refusal
    }

    void slurmFilesWithHeaderAndSameBytes()
    {
        QTemporaryDir first, second;
        for (const QTemporaryDir *dir : { &first, &second }) {
            const Run run
                = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                           QStringLiteral("slurm"), QStringLiteral("-o"), dir->path() });
            QCOMPARE(run.exitCode, 0);
        }
        QCOMPARE(
            filesUnder(first.path()),
            (QStringList { QStringLiteral("cgroup.conf"), QStringLiteral("epilog-gpu-health.sh"),
                           QStringLiteral("gres.conf"), QStringLiteral("node-health-check.sh"),
                           QStringLiteral("prolog-gpu-health.sh"), QStringLiteral("slurm.conf"),
                           QStringLiteral("slurmdbd.conf"), QStringLiteral("topology.conf") }));
        for (const QString &file : filesUnder(first.path())) {
            const QByteArray bytes = readAll(first.filePath(file));
            // The scripts carry their #! line first, then the same header.
            const QByteArray text
                = bytes.startsWith("#!") ? bytes.mid(bytes.indexOf('\n') + 1) : bytes;
            QVERIFY2(text.startsWith("# " + file.toUtf8() + " for design \"8x DGX H100"),
                     qPrintable(file));
            QVERIFY(bytes.contains("(schema version 2)"));
            QCOMPARE(bytes, readAll(second.filePath(file)));
        }
        // The block variant on request: one block of the 8 DGX on the 2 rail leaves.
        QTemporaryDir block;
        const Run run = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                                 QStringLiteral("slurm"), QStringLiteral("--param"),
                                 QStringLiteral("slurm.topology=block"), QStringLiteral("-o"),
                                 block.path() });
        QCOMPARE(run.exitCode, 0);
        QVERIFY(readAll(block.filePath(QStringLiteral("slurm.conf")))
                    .contains("\nTopologyPlugin=topology/block\n"));
        const QByteArray topology = readAll(block.filePath(QStringLiteral("topology.conf")));
        QVERIFY(topology.contains("\nBlockName=block1 Nodes=dgx[01-08]\nBlockSizes=8\n"));
    }

    void existingFilesNeedForce()
    {
        QTemporaryDir out;
        QFile existing(out.filePath(QStringLiteral("slurm.conf")));
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("keep me\n");
        existing.close();
        const QStringList args { QStringLiteral("export"),   dgxExample(),
                                 QStringLiteral("--format"), QStringLiteral("slurm"),
                                 QStringLiteral("-o"),       out.path() };
        const Run refused = runCli(args);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(refused.err.contains("exists; pass --force"));
        QCOMPARE(readAll(out.filePath(QStringLiteral("slurm.conf"))), QByteArray("keep me\n"));
        QCOMPARE(filesUnder(out.path()),
                 QStringList { QStringLiteral("slurm.conf") }); // all or nothing
        const Run forced = runCli(args + QStringList { QStringLiteral("--force") });
        QCOMPARE(forced.exitCode, 0);
        QVERIFY(readAll(out.filePath(QStringLiteral("slurm.conf"))).startsWith("# slurm.conf"));
    }

    void namesCannotEscapeTheFolder()
    {
        QTemporaryDir dir;
        const QString design
            = editedExample(dir, QStringLiteral("escape.cluster.json"), [](QJsonObject &root) {
                  QJsonArray fabrics = root[QStringLiteral("fabrics")].toArray();
                  QJsonObject fabric = fabrics[0].toObject();
                  fabric[QStringLiteral("name")] = QStringLiteral("../../escaped");
                  fabrics[0] = fabric;
                  root[QStringLiteral("fabrics")] = fabrics;
              });
        QVERIFY(!design.isEmpty());
        const QString out = dir.filePath(QStringLiteral("a/b/out"));
        const Run run = runCli({ QStringLiteral("export"), design, QStringLiteral("--format"),
                                 QStringLiteral("graphml"), QStringLiteral("-o"), out });
        // The name policy refuses it at load, naming the field (safeFileName stays the
        // second wall for names built in memory).
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("/fabrics/0/name: expected a name of 1-63 letters"),
                 run.err.constData());
        QVERIFY(!QFile::exists(out));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("a/escaped.graphml"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("escaped.graphml"))));
    }

    void validationErrorsRefuseUnlessAllowed()
    {
        QTemporaryDir dir;
        // 16 A breakers: a 4-DGX rack (4 x 10.2 kW) is far beyond 2 x 16 A x 400 V x sqrt(3).
        const QString design
            = editedExample(dir, QStringLiteral("overloaded.cluster.json"), [](QJsonObject &root) {
                  QJsonArray racks = root[QStringLiteral("racks")].toArray();
                  QJsonObject rack = racks[0].toObject();
                  QJsonArray pdus = rack[QStringLiteral("pdus")].toArray();
                  for (qsizetype i = 0; i < pdus.size(); ++i) {
                      QJsonObject pdu = pdus[i].toObject();
                      pdu[QStringLiteral("breakerA")] = 16.0;
                      pdus[i] = pdu;
                  }
                  rack[QStringLiteral("pdus")] = pdus;
                  racks[0] = rack;
                  root[QStringLiteral("racks")] = racks;
              });
        const QString out = dir.filePath(QStringLiteral("out"));
        const QStringList args { QStringLiteral("export"),   design,
                                 QStringLiteral("--format"), QStringLiteral("slurm"),
                                 QStringLiteral("-o"),       out };
        const Run refused = runCli(args);
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains("power."), refused.err.constData());
        QVERIFY(refused.err.contains("--allow-errors"));
        QVERIFY(!QDir(out).exists());
        const Run allowed = runCli(args + QStringList { QStringLiteral("--allow-errors") });
        QCOMPARE(allowed.exitCode, 0);
        QVERIFY(allowed.err.contains("warning: the design has"));
        QVERIFY(QFile::exists(out + QStringLiteral("/slurm.conf")));
    }

    void allWritesEachFormatInItsFolder()
    {
        QTemporaryDir out;
        const Run run = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                                 QStringLiteral("all"), QStringLiteral("-o"), out.path() });
        QCOMPARE(run.exitCode, 0);
        const QStringList files = filesUnder(out.path());
        QVERIFY(files.contains(QStringLiteral("slurm/slurm.conf")));
        QVERIFY(files.contains(QStringLiteral("graphml/compute-ndr.graphml")));
        for (const char *expected :
             { "nccl/nccl.env", "nccl/acceptance.md", "switch/compute-ndr/opensm.conf",
               "switch/compute-ndr/fabric.topo", "switch/oob-mgmt/mgmt01.nvue",
               "cabling/cabling.csv", "bom/bom.csv", "bom/bom.xlsx",
               "bom/procurement-checklist.md" })
            QVERIFY2(files.contains(QLatin1String(expected)), expected);
        for (const QString &file : files)
            QVERIFY2(!file.startsWith(QLatin1Char('.')) && file.contains(QLatin1Char('/')),
                     qPrintable(file));
    }

    void allIsDeterministicInSeparateProcesses()
    {
        // Two processes (different QHash seeds by default, different temp paths): with the
        // report's date fixed, every byte of every file is the same, the PDF included.
        QTemporaryDir first, second;
        for (const QTemporaryDir *dir : { &first, &second }) {
            const Run run = runCli(
                { QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                  QStringLiteral("all"), QStringLiteral("--param"),
                  QStringLiteral("report.date=2026-11-21"), QStringLiteral("-o"), dir->path() });
            QCOMPARE(run.exitCode, 0);
        }
        const QStringList files = filesUnder(first.path());
        QCOMPARE(files, filesUnder(second.path()));
        QVERIFY(files.contains(QStringLiteral("report/facilities-report.pdf")));
        for (const QString &file : files)
            QVERIFY2(readAll(first.filePath(file)) == readAll(second.filePath(file)),
                     qPrintable(file));
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cli_export.moc"

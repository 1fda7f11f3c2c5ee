// Hostile text through every export format (issue: exports that cannot be turned against the
// people who deploy them). The fixtures of tests/data/hostile/ (written by make-fixtures.py)
// carry one class of hostile text each. What the name policy admits (labels: quotes,
// backslashes, markup, comment closers, shell metacharacters, formula prefixes) is exported
// with `export --format all` and every file is handed to its real reader: bash -n, xmllint,
// Python's csv and json modules, pdftotext; Slurm and NVUE files are read line by line for
// anything outside a comment. What the policy refuses (line breaks, NUL, direction marks,
// 10,000 characters, names outside the identifier grammar) must be refused at load, exit 2,
// the field named. The Slurm files of a hostile label are also started by slurmctld in
// tst_slurm_real.

#include "CliRunner.h"

#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using cw::test::runCli;

namespace {

const QString kHostile = QStringLiteral(CW_TEST_DATA_DIR "/hostile/");

struct ToolRun
{
    int exitCode = -1;
    QByteArray out;
};

ToolRun runTool(const QString &program, const QStringList &args)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    process.waitForFinished(60000);
    return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
             process.readAll() };
}

bool isComment(const QByteArray &line, char marker)
{
    return line.trimmed().isEmpty() || line.trimmed().startsWith(marker);
}

// Every cell of every CSV: a row count, and no cell a spreadsheet would run as a formula
// (a leading = + - @ TAB CR that is not a plain number, OWASP CSV injection).
const char *kCsvCheck = R"(
import csv, re, sys
number = re.compile(r'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$')
for path in sys.argv[1:]:
    with open(path, newline='', encoding='utf-8') as f:
        rows = [r for r in csv.reader(f)]
    for row in rows:
        for cell in row:
            if cell[:1] in ('=', '+', '-', '@', '\t', '\r') and not number.match(cell):
                print(path, 'formula cell:', repr(cell)); sys.exit(1)
    if not rows:
        print(path, 'no rows'); sys.exit(1)
)";

} // namespace

class TestHostile : public QObject
{
    Q_OBJECT

private slots:
    void labelsExportToFilesTheirToolsAccept_data()
    {
        QTest::addColumn<QString>("fixture");
        for (const char *name : { "quote", "backslash", "markup", "comment-closers", "shell",
                                  "formula", "slurm-keys" })
            QTest::newRow(name) << QStringLiteral("label-%1.cluster.json").arg(QLatin1String(name));
    }

    void labelsExportToFilesTheirToolsAccept()
    {
        QFETCH(QString, fixture);
        for (const char *tool : { "bash", "xmllint", "python3", "pdftotext" })
            if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
                QSKIP(qPrintable(QStringLiteral("%1 is not installed").arg(QLatin1String(tool))));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString out = dir.filePath(QStringLiteral("out"));
        const auto run = runCli({ QStringLiteral("export"), kHostile + fixture,
                                  QStringLiteral("--format"), QStringLiteral("all"),
                                  QStringLiteral("-o"), out, QStringLiteral("--allow-errors") });
        QVERIFY2(run.exitCode == 0, run.err.constData());

        QStringList csvFiles;
        int checked = 0;
        for (QDirIterator it(out, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            const QString suffix = QFileInfo(path).suffix();
            const QString name = QFileInfo(path).fileName();
            ++checked;
            if (suffix == QLatin1String("nvue")) {
                const ToolRun bash
                    = runTool(QStringLiteral("bash"), { QStringLiteral("-n"), path });
                QVERIFY2(bash.exitCode == 0, bash.out.constData());
                // One NVUE command or a comment per line: nothing else runs.
                for (const QByteArray &line : bytes.split('\n'))
                    QVERIFY2(isComment(line, '#') || line.startsWith("nv "), line.constData());
            } else if (suffix == QLatin1String("svg") || suffix == QLatin1String("xml")
                       || suffix == QLatin1String("graphml") || suffix == QLatin1String("drawio")) {
                const ToolRun lint
                    = runTool(QStringLiteral("xmllint"),
                              { QStringLiteral("--noout"), QStringLiteral("--nonet"), path });
                QVERIFY2(lint.exitCode == 0 && lint.out.isEmpty(),
                         qPrintable(path + QLatin1Char('\n') + QString::fromUtf8(lint.out)));
                // Outside comments (where markup is inert text) no element came from a name.
                QString outside = QString::fromUtf8(bytes);
                outside.remove(QRegularExpression(QStringLiteral("<!--.*?-->"),
                                                  QRegularExpression::DotMatchesEverythingOption));
                QVERIFY2(!outside.contains(QStringLiteral("<script")), qPrintable(path));
            } else if (suffix == QLatin1String("csv")) {
                csvFiles << path;
            } else if (suffix == QLatin1String("yaml")) {
                // Kubernetes and NetBox YAML: one YAML stream whatever the labels hold.
                const ToolRun yaml = runTool(
                    QStringLiteral("python3"),
                    { QStringLiteral("-c"),
                      QStringLiteral(
                          "import sys, yaml; list(yaml.safe_load_all(open(sys.argv[1])))"),
                      path });
                QVERIFY2(yaml.exitCode == 0, qPrintable(path + QString::fromUtf8(yaml.out)));
            } else if (suffix == QLatin1String("json")) {
                const ToolRun json
                    = runTool(QStringLiteral("python3"),
                              { QStringLiteral("-m"), QStringLiteral("json.tool"), path });
                QVERIFY2(json.exitCode == 0, json.out.constData());
            } else if (suffix == QLatin1String("pdf")) {
                const ToolRun text
                    = runTool(QStringLiteral("pdftotext"), { path, QStringLiteral("-") });
                QCOMPARE(text.exitCode, 0);
                QVERIFY(text.out.contains("Facilities report"));
            } else if (suffix == QLatin1String("md")) {
                // Markup in the HTML comment of the header is inert; nowhere else may it appear.
                QString outside = QString::fromUtf8(bytes);
                outside.remove(QRegularExpression(QStringLiteral("<!--.*?-->"),
                                                  QRegularExpression::DotMatchesEverythingOption));
                QVERIFY2(!outside.contains(QStringLiteral("<script")), qPrintable(path));
            } else if (suffix == QLatin1String("conf") || suffix == QLatin1String("env")
                       || name == QLatin1String("ib-node-name-map")
                       || suffix == QLatin1String("topo")) {
                // Slurm, OpenSM, nccl.env, ibnetdiscover: the label lives only in comments.
                for (const QByteArray &line : bytes.split('\n'))
                    QVERIFY2(isComment(line, '#') || !line.contains("PWNED"),
                             qPrintable(path + QStringLiteral(": ") + QString::fromUtf8(line)));
            }
            if (name.startsWith(QLatin1String("slurm")) || name == QLatin1String("gres.conf")
                || name == QLatin1String("topology.conf"))
                for (const QByteArray &line : bytes.split('\n'))
                    if (!isComment(line, '#'))
                        for (const QByteArray &word : line.simplified().split(' '))
                            QVERIFY2(word.contains('=') && !word.startsWith("AuthType=auth/none"),
                                     line.constData());
        }
        QVERIFY(checked > 20);
        QVERIFY(!csvFiles.isEmpty());
        const ToolRun csv
            = runTool(QStringLiteral("python3"),
                      QStringList { QStringLiteral("-c"), QLatin1String(kCsvCheck) } + csvFiles);
        QVERIFY2(csv.exitCode == 0, csv.out.constData());
    }

    void refusedAtLoadNamingTheField_data()
    {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<QString>("expected");
        const QString label = QStringLiteral("/name: expected a text of at most 128 bytes");
        QTest::newRow("newline") << "refused-newline" << label + " of UTF-8 without control";
        QTest::newRow("carriage return") << "refused-carriage-return" << label;
        QTest::newRow("nul") << "refused-nul" << label;
        QTest::newRow("rtl mark") << "refused-rtl-mark"
                                  << "\\u{202E}";
        QTest::newRow("10000 characters") << "refused-long"
                                          << "(it has 10000 bytes (at most 128))";
        const QString identifier = QStringLiteral(": expected a name of 1-63 letters, digits");
        QTest::newRow("rack formula") << "refused-rack-formula"
                                      << "/racks/0/name" + identifier;
        QTest::newRow("rack markup") << "refused-rack-markup"
                                     << "/racks/0/name" + identifier;
        QTest::newRow("rack 300") << "refused-rack-300-characters"
                                  << "(it has 300 characters";
        QTest::newRow("fabric shell") << "refused-fabric-shell"
                                      << "/fabrics/0/name" + identifier;
        QTest::newRow("cluster newline") << "refused-cluster-newline"
                                         << "/scheduler/clusterName" + identifier;
        QTest::newRow("partition space") << "refused-partition-space"
                                         << "/scheduler/partitions/0/name" + identifier;
        QTest::newRow("maxTime newline")
            << "refused-maxtime-newline"
            << "/scheduler/partitions/0/maxTime: expected a Slurm time limit";
        QTest::newRow("controller hash") << "refused-controller-hash"
                                         << "/scheduler/controllerHost" + identifier;
        QTest::newRow("duplicate key") << "refused-duplicate-key"
                                       << "duplicate key \"pue\"";
        QTest::newRow("absurd number")
            << "refused-absurd-number"
            << "/site/pue: expected a finite number of magnitude at most 1e15";
    }

    void refusedAtLoadNamingTheField()
    {
        QFETCH(QString, fixture);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const auto run = runCli({ QStringLiteral("export"), kHostile + fixture + ".cluster.json",
                                  QStringLiteral("--format"), QStringLiteral("all"),
                                  QStringLiteral("-o"), dir.filePath(QStringLiteral("out")) });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(expected.toUtf8()), run.err.constData());
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));
        // Nothing raw reaches the terminal: no control byte but the line ends.
        for (char c : run.err)
            QVERIFY2(static_cast<unsigned char>(c) >= 0x20 || c == '\n', run.err.constData());
        QVERIFY(!run.err.contains("\xE2\x80\xAE"));
        QVERIFY(run.err.size() < 2000);
    }

    void deepCatalogIsAnErrorNotACrash()
    {
        // 130 KB of nested brackets in a user catalog overflowed the stack of every command.
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERWRIGHT_CATALOG_PATH"),
                   kHostile + QStringLiteral("catalog-deep"));
        process.setProcessEnvironment(env);
        process.start(
            QStringLiteral(CW_CLI_PATH),
            { QStringLiteral("info"), kHostile + QStringLiteral("label-quote.cluster.json") });
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        QVERIFY2(process.readAllStandardError().contains("nesting deeper than 64 levels"), "");
    }

    void catalogSymlinkLoopIsAClearError()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("b.json")),
                            dir.filePath(QStringLiteral("a.json"))));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("a.json")),
                            dir.filePath(QStringLiteral("b.json"))));
        QProcess process;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERWRIGHT_CATALOG_PATH"), dir.path());
        process.setProcessEnvironment(env);
        process.start(
            QStringLiteral(CW_CLI_PATH),
            { QStringLiteral("info"), kHostile + QStringLiteral("label-quote.cluster.json") });
        QVERIFY(process.waitForFinished(60000));
        const QByteArray err = process.readAllStandardError();
        QCOMPARE(process.exitCode(), 2);
        QVERIFY2(err.contains("a.json: cannot be read (Too many levels of symbolic links)"),
                 err.constData());
        QVERIFY(!err.contains("internal error"));
    }

    void devZeroStopsAtTheSizeLimit()
    {
        const auto run = runCli({ QStringLiteral("info"), QStringLiteral("/dev/zero") });
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("larger than the limit of 512 MiB"), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_hostile.moc"

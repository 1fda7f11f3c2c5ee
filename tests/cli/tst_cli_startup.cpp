// What clusterwright-cli maps at start-up: no Qt (every command but the report export starts
// without it), the facilities report from its module clusterwright-report.so, and a clear
// error when the module is missing (docs/performance.md, "CLI start-up, session 9").

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliRunner.h"
#include "ElfNeeded.h"

#include <unistd.h>

namespace {

using Run = cw::test::CliRun;
using cw::test::runCli;

QString dgxExample()
{
    return QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");
}

QString reportModule()
{
    return QFileInfo(QStringLiteral(CW_CLI_PATH))
        .dir()
        .filePath(QStringLiteral("clusterwright-report.so"));
}

QStringList qtLibraries(const QStringList &needed)
{
    QStringList qt;
    for (const QString &library : needed)
        if (library.startsWith(QLatin1String("libQt"))
            || library.startsWith(QLatin1String("libicu")))
            qt << library;
    return qt;
}

/// Runs a copy of the program at `program` (not the one CliRunner.h runs).
Run runProgram(const QString &program, const QStringList &args)
{
    QProcess process;
    process.start(program, args);
    process.waitForFinished(120000);
    return Run { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
                 process.readAllStandardOutput(), process.readAllStandardError() };
}

} // namespace

class TestCliStartup : public QObject
{
    Q_OBJECT

private slots:
    void programNeedsNoQt()
    {
        QString error;
        const QStringList needed = cw::test::elfNeeded(QStringLiteral(CW_CLI_PATH), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        // The C++ runtime is always there: an empty list would mean the reader found nothing.
        QVERIFY2(needed.contains(QStringLiteral("libstdc++.so.6")), qPrintable(needed.join(' ')));
        QVERIFY2(qtLibraries(needed).isEmpty(), qPrintable(needed.join(' ')));
    }

    void reportModuleCarriesQt()
    {
        // The module is built beside the program and is where QtGui and QtSvg come in.
        QString error;
        const QStringList needed = cw::test::elfNeeded(reportModule(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(needed.contains(QStringLiteral("libQt6Gui.so.6"))
                     && needed.contains(QStringLiteral("libQt6Svg.so.6")),
                 qPrintable(needed.join(' ')));
    }

    void reportExportLoadsTheModule()
    {
        QTemporaryDir dir;
        const Run run = runCli({ QStringLiteral("export"), dgxExample(), QStringLiteral("--format"),
                                 QStringLiteral("report"), QStringLiteral("--param"),
                                 QStringLiteral("report.date=2026-11-21"), QStringLiteral("-o"),
                                 dir.path() });
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QFile pdf(dir.filePath(QStringLiteral("facilities-report.pdf")));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("floorplan.svg"))));
        // --list asks the module for the report's summary and parameters.
        const Run list = runCli({ QStringLiteral("export"), QStringLiteral("--list") });
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains("report    facilities-report.pdf")
                     && list.out.contains("--param report.date=..."),
                 list.out.constData());
    }

    void missingModuleIsAClearError()
    {
        // A copy of the program alone in a folder: no module beside it nor where an install
        // puts it.
        // A hard link where the file system allows (the program is 200 MB with its debug
        // information): /proc/self/exe names the link, not the original.
        QTemporaryDir dir(QStringLiteral(CW_BINARY_DIR "/tst_cli_startup-XXXXXX"));
        QVERIFY(dir.isValid());
        const QString program = dir.filePath(QStringLiteral("bin/clusterwright-cli"));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("bin")));
        if (::link(CW_CLI_PATH, QFile::encodeName(program).constData()) != 0)
            QVERIFY(QFile::copy(QStringLiteral(CW_CLI_PATH), program));

        // Everything but the report works without it.
        const Run info = runProgram(program, { QStringLiteral("info"), dgxExample() });
        QVERIFY2(info.exitCode == 0, info.err.constData());
        QVERIFY(info.out.contains("GPUs"));

        const Run run = runProgram(program,
                                   { QStringLiteral("export"), dgxExample(),
                                     QStringLiteral("--format"), QStringLiteral("report"),
                                     QStringLiteral("-o"), dir.filePath(QStringLiteral("out")) });
        QCOMPARE(run.exitCode, 2);
        const QString beside = dir.filePath(QStringLiteral("bin/clusterwright-report.so"));
        QVERIFY2(run.err.startsWith("error: the facilities report module clusterwright-report.so "
                                    "is missing")
                     && run.err.contains(beside.toUtf8()),
                 run.err.constData());
        QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("out"))));

        // --list still lists the report, saying why it cannot run.
        const Run list
            = runProgram(program, { QStringLiteral("export"), QStringLiteral("--list") });
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains("report    unavailable: the facilities report module"),
                 list.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliStartup)
#include "tst_cli_startup.moc"

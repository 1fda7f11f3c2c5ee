// The production Slurm files as text: every default written once with its reason, overrides
// from the design's scheduler settings (and their round trip through the design file), bad
// overrides refused, the scripts accepted by the shell's own parser. The daemons' verdict is
// tst_slurm_daemons.

#include "exporters/slurm/SlurmExporter.h"
#include "exporters/slurm/SlurmProduction.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/io/DesignFile.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;

namespace {

Design reference()
{
    auto design = referenceDesigns()[1].build(Catalog::builtin()); // 8 DGX H100
    if (!design)
        qFatal("reference design: %s", design.error().message.c_str());
    return std::move(design).value();
}

int occurrences(const std::string &text, const std::string &line)
{
    int count = 0;
    for (std::size_t at = text.find(line); at != std::string::npos; at = text.find(line, at + 1))
        count += (at == 0 || text[at - 1] == '\n')
            && (at + line.size() == text.size() || text[at + line.size()] == '\n');
    return count;
}

/// The comment line right above `line` in `text`.
std::string commentAbove(const std::string &text, const std::string &line)
{
    const std::size_t at = text.find("\n" + line + "\n");
    if (at == std::string::npos)
        return {};
    const std::size_t start = text.rfind('\n', at - 1);
    return text.substr(start == std::string::npos ? 0 : start + 1,
                       at - (start == std::string::npos ? 0 : start + 1));
}

} // namespace

class TestSlurmProduction : public QObject
{
    Q_OBJECT

private slots:
    void defaultsAreWrittenOnceWithAReason()
    {
        const Design design = reference();
        auto files = slurm::exportSlurm(design, Catalog::builtin());
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        // The values the issue asks for, in the files slurmctld/slurmd/slurmdbd read.
        for (const char *line :
             { "PriorityType=priority/multifactor",
               "AccountingStorageType=accounting_storage/slurmdbd", "AccountingStorageHost=head01",
               "MpiDefault=pmix", "PrologFlags=Contain",
               "HealthCheckProgram=/etc/slurm/node-health-check.sh",
               "Prolog=/etc/slurm/prolog-gpu-health.sh", "Epilog=/etc/slurm/epilog-gpu-health.sh",
               "JobAcctGatherType=jobacct_gather/cgroup" }) {
            QVERIFY2(occurrences(files->slurmConf, line) == 1, line);
            const std::string comment = commentAbove(files->slurmConf, line);
            QVERIFY2(comment.rfind("# ", 0) == 0 && comment.size() > 10, line);
        }
        QVERIFY(files->slurmConf.find(
                    "\nPartitionName=DEFAULT State=UP DefaultTime=1:00:00 MaxTime=7-00:00:00\n")
                != std::string::npos);
        // The reference design's partition keeps the model default INFINITE: production MaxTime
        // holds.
        QVERIFY(files->slurmConf.find("MaxTime=INFINITE") == std::string::npos);
        for (const char *line : { "ConstrainDevices=yes", "ConstrainCores=yes",
                                  "ConstrainRAMSpace=yes", "CgroupPlugin=autodetect" })
            QVERIFY2(occurrences(files->cgroupConf, line) == 1, line);
        for (const char *line : { "StorageType=accounting_storage/mysql", "DbdHost=head01",
                                  "AuthType=auth/munge", "#StoragePass=" })
            QVERIFY2(occurrences(files->slurmdbdConf, line) == 1, line);
        // No key twice in slurm.conf (slurmctld takes the last, silently).
        std::map<std::string, int> keys;
        for (const QString &raw :
             QString::fromStdString(files->slurmConf).split(QLatin1Char('\n'))) {
            if (raw.startsWith(QLatin1Char('#')) || !raw.contains(QLatin1Char('='))
                || raw.startsWith(QStringLiteral("NodeName"))
                || raw.startsWith(QStringLiteral("PartitionName")))
                continue;
            QVERIFY2(++keys[raw.section(QLatin1Char('='), 0, 0).toStdString()] == 1,
                     qPrintable(raw));
        }
    }

    void overridesReplaceDefaultsAndSurviveTheDesignFile()
    {
        Design design = reference();
        SchedulerSettings scheduler = design.scheduler();
        scheduler.slurmOverrides = { { "MaxTime", "3-00:00:00" },
                                     { "PriorityWeightFairshare", "20000" },
                                     { "ConstrainRAMSpace", "no" },
                                     { "StoragePort", "3307" } };
        design.setScheduler(scheduler);
        // Saved and loaded: the overrides are part of the design.
        const std::string text = serializeDesign(design, Catalog::builtin());
        auto loaded = parseDesign(text, Catalog::builtin());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        QCOMPARE(loaded->design.scheduler().slurmOverrides, scheduler.slurmOverrides);
        QCOMPARE(serializeDesign(loaded->design, Catalog::builtin()), text);

        auto files = slurm::exportSlurm(loaded->design, Catalog::builtin());
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        QCOMPARE(occurrences(files->slurmConf, "PriorityWeightFairshare=20000"), 1);
        QCOMPARE(commentAbove(files->slurmConf, "PriorityWeightFairshare=20000"),
                 std::string("# (set by the design's scheduler slurmOverrides)"));
        QVERIFY(files->slurmConf.find(
                    "PartitionName=DEFAULT State=UP DefaultTime=1:00:00 MaxTime=3-00:00:00\n")
                != std::string::npos);
        QCOMPARE(occurrences(files->cgroupConf, "ConstrainRAMSpace=no"), 1);
        QCOMPARE(occurrences(files->slurmdbdConf, "StoragePort=3307"), 1);
    }

    void badOverridesAreRefused_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key") << "MaxTim"
                                     << "1-0"
                                     << "unknown key \"MaxTim\" (accepted: PriorityType,";
        QTest::newRow("space") << "MaxTime"
                               << "1 day"
                               << "slurmOverrides/MaxTime: value \"1 day\"";
        QTest::newRow("newline") << "Prolog"
                                 << "/x\nEpilog=/y"
                                 << "slurmOverrides/Prolog";
        QTest::newRow("empty") << "DefaultTime"
                               << ""
                               << "slurmOverrides/DefaultTime";
    }

    void badOverridesAreRefused()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, message);
        Design design = reference();
        SchedulerSettings scheduler = design.scheduler();
        scheduler.slurmOverrides[key.toStdString()] = value.toStdString();
        design.setScheduler(scheduler);
        auto files = slurm::exportSlurm(design, Catalog::builtin());
        QVERIFY(!files);
        QVERIFY2(files.error().message.find(message.toStdString()) != std::string::npos,
                 files.error().message.c_str());
    }

    void scriptsParseAndKnowTheRails()
    {
        const Design design = reference();
        auto files = slurm::exportSlurm(design, Catalog::builtin());
        QVERIFY(files);
        QTemporaryDir tmp;
        for (const auto &[name, text] :
             { std::pair { "prolog", files->prolog }, std::pair { "epilog", files->epilog },
               std::pair { "health", files->healthCheck } }) {
            QVERIFY(text.rfind("#!/bin/sh\n", 0) == 0);
            QFile file(tmp.filePath(QString::fromLatin1(name)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(text));
            file.close();
            // The shell's own parser (dash, /bin/sh on Debian) and bash's.
            for (const char *shell : { "sh", "bash" }) {
                QProcess check;
                check.setProcessChannelMode(QProcess::MergedChannels);
                check.start(QString::fromLatin1(shell), { QStringLiteral("-n"), file.fileName() });
                QVERIFY(check.waitForFinished(10000));
                QVERIFY2(check.exitCode() == 0,
                         qPrintable(QString::fromLatin1(name) + QLatin1Char(' ')
                                    + QString::fromUtf8(check.readAll())));
            }
        }
        QVERIFY(files->prolog.find("dcgmi diag -r \"$DCGM_LEVEL\"") != std::string::npos);
        QVERIFY(files->prolog.find("\nDCGM_LEVEL=1\n") != std::string::npos);
        // The 8 DGX of the reference design: each cabled on its 8 compute rails (catalog
        // dgx-h100 compute port names, sorted as strings).
        QVERIFY2(files->healthCheck.find(
                     "dgx01|dgx02|dgx03|dgx04|dgx05|dgx06|dgx07|dgx08) rails=\"mlx5_0 mlx5_10 "
                     "mlx5_11 mlx5_3 mlx5_4 mlx5_5 mlx5_6 mlx5_9\" ;;")
                     != std::string::npos,
                 files->healthCheck.c_str());
    }
};

QTEST_GUILESS_MAIN(TestSlurmProduction)
#include "tst_slurm_production.moc"

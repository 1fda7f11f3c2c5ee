// The exported Slurm files against the real slurmctld (Debian's 22.05): it must start, and
// scontrol must see the design's nodes, GRES and switch tree. The harness changes only the
// controller host, ports, state paths and NodeAddr, as a site would.

#include "exporters/slurm/SlurmExporter.h"
#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace cw;

namespace {

QString findTool(const QString &name)
{
    return QStandardPaths::findExecutable(
        name, { QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin") });
}

/// Replaces `Key=...` lines and NodeName addresses for a loopback run.
QString localise(QString conf, const QString &stateDir, int port)
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    const QString host = QString::fromLocal8Bit(name);
    conf.replace(QRegularExpression(QStringLiteral("(?m)^SlurmctldHost=.*$")),
                 QStringLiteral("SlurmctldHost=%1(127.0.0.1)").arg(host));
    conf.replace(QRegularExpression(QStringLiteral("(?m)^StateSaveLocation=.*$")),
                 QStringLiteral("StateSaveLocation=%1/state").arg(stateDir));
    // No slurmdbd here (tst_slurm_daemons runs one): accounting off, as a site without it would.
    conf.replace(QRegularExpression(QStringLiteral("(?m)^AccountingStorageType=.*$")),
                 QStringLiteral("AccountingStorageType=accounting_storage/none"));
    // ... and what only makes sense with it (slurmctld logs errors for these otherwise).
    conf.remove(
        QRegularExpression(QStringLiteral("(?m)^(AccountingStorage(Enforce|TRES)|JobAcctGather\\w+|"
                                          "PriorityWeight(Age|Fairshare))=.*\\n")));
    conf.replace(QRegularExpression(QStringLiteral("(?m)^SlurmdSpoolDir=.*$")),
                 QStringLiteral("SlurmdSpoolDir=%1/spool").arg(stateDir));
    conf.replace(QRegularExpression(QStringLiteral("(?m)^(NodeName=\\S+)")),
                 QStringLiteral("\\1 NodeAddr=127.0.0.1"));
    conf += QStringLiteral("SlurmctldPort=%1\nSlurmdPort=%2\nSlurmctldPidFile=%3/slurmctld.pid\n"
                           "SlurmctldLogFile=%3/slurmctld.log\n")
                .arg(port)
                .arg(port + 1)
                .arg(stateDir);
    return conf;
}

} // namespace

class TestSlurmReal : public QObject
{
    Q_OBJECT

    QString m_slurmctld;
    QString m_scontrol;
    QString m_munged;

private slots:
    void initTestCase()
    {
        m_slurmctld = findTool(QStringLiteral("slurmctld"));
        m_scontrol = findTool(QStringLiteral("scontrol"));
        m_munged = findTool(QStringLiteral("munged"));
        if (m_slurmctld.isEmpty() || m_scontrol.isEmpty() || m_munged.isEmpty())
            QSKIP("slurmctld, scontrol or munged not installed (scripts/test.sh installs "
                  "slurmctld, slurm-client and munge from Debian)");
        if (::geteuid() != 0)
            QSKIP("needs root to start munged and slurmctld on this machine");
        // munged: slurmctld refuses to start without its authentication daemon.
        QProcess::execute(
            QStringLiteral("sh"),
            { QStringLiteral("-c"),
              QStringLiteral("mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null; "
                             "[ -f /etc/munge/munge.key ] || (mungekey -c 2>/dev/null || "
                             "create-munge-key -f); chown munge:munge /etc/munge/munge.key; "
                             "pgrep -x munged >/dev/null || su -s /bin/sh munge -c %1")
                  .arg(m_munged) });
    }

    void referenceDesignsStart_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("seed-8node-hdr") << 0;
        QTest::newRow("8dgx-h100-ndr") << 1;
        // Two GB200 NVL72 racks: 36 compute trays of 2 x 72 Grace cores, 4 GPUs each.
        QTest::newRow("gb200-nvl72 x 2") << 2;
        // The 8 x DGX design named with every hostile class a design name can carry in memory
        // (the loader refuses the line breaks; exportSlurm must still keep them in comments).
        QTest::newRow("8dgx with a hostile design name") << 3;
    }

    void referenceDesignsStart()
    {
        QFETCH(int, which);
        const Catalog &catalog = Catalog::builtin();
        Result<Design> design = Error { "no design" };
        if (which != 2) {
            design = referenceDesigns()[static_cast<std::size_t>(which % 2)].build(catalog);
        } else {
            auto generated = generateDesign("gb200-nvl72",
                                            { { "racks", "2" }, { "storage", "none" } }, catalog);
            QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
            design = std::move(generated->design);
        }
        QVERIFY(design);
        if (which == 3)
            design.value().setName(
                "x\nAuthType=auth/none\r\nAllowGroups=ALL \" # ' `id` $(id) \\ --> "
                "\xE2\x80\xAE =1+1 <script>");
        const int nodeCount = which != 2 ? 8 : 36;
        auto files = slurm::exportSlurm(*design, catalog);
        QVERIFY2(files, files ? "" : files.error().message.c_str());

        // Every line of every file is a comment or starts with a Slurm key: the design name's
        // line breaks stayed inside its comment.
        for (const std::string *text :
             { &files->slurmConf, &files->gresConf, &files->topologyConf })
            for (const QString &line : QString::fromStdString(*text).split(QLatin1Char('\n')))
                QVERIFY2(line.isEmpty() || line.startsWith(QLatin1Char('#'))
                             || line.contains(QRegularExpression(QStringLiteral("^[A-Za-z]+="))),
                         qPrintable(line));
        QVERIFY(files->slurmConf.find("\nAuthType=auth/none") == std::string::npos);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // slurmctld drops to SlurmUser (slurm): the state folder must be its own, and not
        // world-writable (it refuses loudly otherwise).
        ::chmod(QFile::encodeName(dir.path()).constData(), 0755);
        QDir(dir.path()).mkpath(QStringLiteral("state"));
        QDir(dir.path()).mkpath(QStringLiteral("spool"));
        QProcess::execute(QStringLiteral("chown"),
                          { QStringLiteral("-R"), QStringLiteral("slurm:slurm"), dir.path() });
        const int port = 17817 + which * 2;
        const QString conf = localise(QString::fromStdString(files->slurmConf), dir.path(), port);
        for (const auto &[name, text] : { std::pair { QStringLiteral("slurm.conf"), conf },
                                          std::pair { QStringLiteral("topology.conf"),
                                                      QString::fromStdString(files->topologyConf) },
                                          std::pair { QStringLiteral("gres.conf"),
                                                      QString::fromStdString(files->gresConf) } }) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text.toUtf8());
        }
        const QString confPath = dir.filePath(QStringLiteral("slurm.conf"));
        QProcess controller;
        controller.setProcessChannelMode(QProcess::MergedChannels);
        controller.start(
            m_slurmctld,
            { QStringLiteral("-D"), QStringLiteral("-i"), QStringLiteral("-f"), confPath });
        QVERIFY(controller.waitForStarted());
        // Stop the controller however the checks below end.
        struct Stopper
        {
            QProcess &process;
            ~Stopper()
            {
                process.terminate();
                if (!process.waitForFinished(10000))
                    process.kill();
                process.waitForFinished(5000);
            }
        } stopper { controller };
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), confPath);
        auto scontrol = [&](const QStringList &args) {
            QProcess process;
            process.setProcessEnvironment(env);
            process.start(m_scontrol, args);
            process.waitForFinished(20000);
            return QString::fromUtf8(process.readAllStandardOutput()
                                     + process.readAllStandardError());
        };
        // Wait for the controller to answer (or die).
        QString ping;
        for (int i = 0; i < 60 && controller.state() == QProcess::Running; ++i) {
            ping = scontrol({ QStringLiteral("ping") });
            if (ping.contains(QStringLiteral("is UP")))
                break;
            QThread::msleep(250);
        }
        auto log = [&]() {
            QFile file(dir.filePath(QStringLiteral("slurmctld.log")));
            file.open(QIODevice::ReadOnly);
            return QString::fromUtf8(controller.readAll() + file.readAll());
        };
        if (!ping.contains(QStringLiteral("is UP"))) {
            const QString text = log();
            QFAIL(qPrintable(QStringLiteral("slurmctld did not come up:\n") + text));
        }

        // Node count and GRES equal the design: 8 nodes with gpu:h100:8 (2 x 56 cores x 2
        // threads), or 36 GB200 trays with gpu:gb200:4 (2 Grace x 72 cores, 1 thread).
        const QString nodes = scontrol({ QStringLiteral("show"), QStringLiteral("node") });
        QCOMPARE(nodes.count(QStringLiteral("NodeName=")), nodeCount);
        QCOMPARE(nodes.count(which != 2 ? QStringLiteral("Gres=gpu:h100:8")
                                        : QStringLiteral("Gres=gpu:gb200:4")),
                 nodeCount);
        QVERIFY2(nodes.contains(which != 2 ? QStringLiteral("CPUTot=224")
                                           : QStringLiteral("CPUTot=144")),
                 qPrintable(nodes.left(2000)));
        // The switch tree equals the exporter's.
        const QString topology = scontrol({ QStringLiteral("show"), QStringLiteral("topology") });
        if (which == 0)
            QVERIFY2(topology.contains(QStringLiteral("SwitchName=ib-hdr01 Level=0"))
                         && topology.contains(QStringLiteral("Nodes=gpu[001-008]")),
                     qPrintable(topology));
        else if (which == 1 || which == 3)
            QVERIFY2(topology.contains(QStringLiteral("SwitchName=su1 Level=0"))
                         && topology.contains(QStringLiteral("Nodes=dgx[01-08]")),
                     qPrintable(topology));
        else
            QVERIFY2(topology.contains(QStringLiteral("Level=0"))
                         && topology.contains(QStringLiteral("Nodes=gb")),
                     qPrintable(topology));
        // Nothing injected: the authentication stays munge, no AllowGroups appeared.
        const QString config = scontrol({ QStringLiteral("show"), QStringLiteral("config") });
        QVERIFY2(config.contains(QRegularExpression(QStringLiteral("AuthType\\s*=\\s*auth/munge"))),
                 qPrintable(config.left(3000)));
        const QString partitions
            = scontrol({ QStringLiteral("show"), QStringLiteral("partition") });

        QVERIFY2(partitions.contains(QStringLiteral("PartitionName=gpu")), qPrintable(partitions));
        QVERIFY(partitions.contains(QStringLiteral("TotalNodes=%1").arg(nodeCount)));
        // No configuration complaints in the log. What the test machine lacks (a mail program,
        // the PMIx library Debian's mpi/pmix plugin wants) is not the configuration's doing.
        // A first start with an empty state folder also notes the missing state files.
        static const QStringList kEnvironment { QStringLiteral("MailProg"), QStringLiteral("pmix"),
                                                QStringLiteral("MPI: Cannot create context"),
                                                QStringLiteral("state file"),
                                                QStringLiteral("backup state save file") };
        QStringList complaints;
        for (const QString &line : log().split(QLatin1Char('\n'))) {
            if (!line.contains(QStringLiteral("error:")))
                continue;
            if (std::none_of(kEnvironment.begin(), kEnvironment.end(), [&line](const QString &e) {
                    return line.contains(e, Qt::CaseInsensitive);
                }))
                complaints << line;
        }
        QVERIFY2(complaints.isEmpty(), qPrintable(complaints.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestSlurmReal)
#include "tst_slurm_real.moc"

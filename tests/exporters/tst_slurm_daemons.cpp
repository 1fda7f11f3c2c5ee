// The production Slurm files against the real daemons (Debian's 22.05): a private MariaDB,
// slurmdbd on the exported slurmdbd.conf, slurmctld on the exported slurm.conf, and slurmd on
// this machine with the exported cgroup.conf. sinfo must show the node idle, `srun hostname`
// must run through the exported prolog and epilog (their log lines), sacct must have the job,
// and `scontrol show config` must report the production values. The harness changes only
// what a site changes: hosts, ports, paths, the node list (this machine, without GPUs) and
// the database password (a private server without grants).

#include "exporters/slurm/SlurmExporter.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <functional>
#include <memory>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace cw;

namespace {

QString tool(const QString &name)
{
    return QStandardPaths::findExecutable(
        name, { QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"), QStringLiteral("/sbin") });
}

/// A TCP port nobody listens on right now (bound to 0, read back, released).
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address {};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address);
    socklen_t length = sizeof address;
    ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

QString run(const QString &program, const QStringList &args, const QString &slurmConf = {},
            int timeoutMs = 30000)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (!slurmConf.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SLURM_CONF"), slurmConf);
        process.setProcessEnvironment(env);
    }
    process.start(program, args);
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    return QString::fromUtf8(process.readAll());
}

bool waitUntil(int seconds, const std::function<bool()> &ready)
{
    for (int i = 0; i < seconds * 4; ++i) {
        if (ready())
            return true;
        QThread::msleep(250);
    }
    return false;
}

QString replaceKey(QString text, const QString &key, const QString &value)
{
    const QRegularExpression line(QStringLiteral("(?m)^%1=.*$").arg(key));
    if (text.contains(line))
        return text.replace(line, key + QLatin1Char('=') + value);
    return text + key + QLatin1Char('=') + value + QLatin1Char('\n');
}

void writeFile(const QString &path, const QString &text, QFile::Permissions permissions)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text.toUtf8());
    file.close();
    file.setPermissions(permissions);
}

/// Stops a daemon however the test ends.
struct Daemon
{
    std::unique_ptr<QProcess> process = std::make_unique<QProcess>();
    ~Daemon()
    {
        if (process->state() == QProcess::NotRunning)
            return;
        process->terminate();
        if (!process->waitForFinished(15000))
            process->kill();
        process->waitForFinished(5000);
    }
};

} // namespace

class TestSlurmDaemons : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStringList missing;
        for (const char *name : { "slurmctld", "slurmd", "slurmdbd", "scontrol", "sinfo", "srun",
                                  "sacct", "sacctmgr", "munged", "mariadbd", "mariadb-install-db" })
            if (tool(QString::fromLatin1(name)).isEmpty())
                missing << QString::fromLatin1(name);
        if (!missing.isEmpty())
            QSKIP(qPrintable(
                QStringLiteral("not installed: %1 (scripts/deps.sh installs slurmctld, slurmd, "
                               "slurmdbd, slurm-client, munge, mariadb-server)")
                    .arg(missing.join(QLatin1Char(' ')))));
        if (::geteuid() != 0)
            QSKIP("needs root to start munged, slurmd and a private MariaDB");
        QProcess::execute(
            QStringLiteral("sh"),
            { QStringLiteral("-c"),
              QStringLiteral("mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null; "
                             "[ -f /etc/munge/munge.key ] || (mungekey -c 2>/dev/null || "
                             "create-munge-key -f); chown munge:munge /etc/munge/munge.key; "
                             "pgrep -x munged >/dev/null || su -s /bin/sh munge -c %1")
                  .arg(tool(QStringLiteral("munged"))) });
    }

    void productionClusterRunsAJob();
};

void TestSlurmDaemons::productionClusterRunsAJob()
{
    const Catalog &catalog = Catalog::builtin();
    auto design = referenceDesigns()[1].build(catalog); // 8 DGX H100, NDR
    QVERIFY(design);
    auto files = slurm::exportSlurm(*design, catalog);
    QVERIFY2(files, files ? "" : files.error().message.c_str());

    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.path();
    ::chmod(QFile::encodeName(dir).constData(), 0755);
    for (const char *sub : { "state", "spool", "db", "log" })
        QDir(dir).mkpath(QString::fromLatin1(sub));
    const int dbPort = freePort(), dbdPort = freePort(), ctldPort = freePort(),
              slurmdPort = freePort();

    // MariaDB: a private server in the temp folder, no grants (the site's password step).
    QProcess::execute(QStringLiteral("chown"),
                      { QStringLiteral("mysql:mysql"), dir + QStringLiteral("/db") });
    QVERIFY(run(tool(QStringLiteral("mariadb-install-db")),
                { QStringLiteral("--no-defaults"), QStringLiteral("--datadir=%1/db").arg(dir),
                  QStringLiteral("--user=mysql"), QStringLiteral("--skip-test-db") },
                {}, 120000)
                .contains(QStringLiteral("OK"))
            || QFile::exists(dir + QStringLiteral("/db/mysql")));
    QProcess::execute(
        QStringLiteral("chown"),
        { QStringLiteral("-R"), QStringLiteral("mysql:mysql"), dir + QStringLiteral("/db") });
    Daemon mariadb;
    mariadb.process->setProcessChannelMode(QProcess::MergedChannels);
    mariadb.process->start(
        tool(QStringLiteral("mariadbd")),
        { QStringLiteral("--no-defaults"), QStringLiteral("--datadir=%1/db").arg(dir),
          QStringLiteral("--socket=%1/db/sock").arg(dir), QStringLiteral("--port=%1").arg(dbPort),
          QStringLiteral("--bind-address=127.0.0.1"), QStringLiteral("--user=mysql"),
          QStringLiteral("--skip-grant-tables") });
    QVERIFY(mariadb.process->waitForStarted(10000));
    QByteArray mariadbLog;
    QVERIFY(waitUntil(60, [&] {
        mariadb.process->waitForReadyRead(200);
        mariadbLog += mariadb.process->readAll();
        return mariadbLog.contains("ready for connections")
            || mariadb.process->state() != QProcess::Running;
    }));
    QVERIFY2(mariadb.process->state() == QProcess::Running, mariadbLog.constData());

    // The exported files, localised.
    const QString conf = dir + QStringLiteral("/slurm.conf");
    QString dbd = QString::fromStdString(files->slurmdbdConf);
    dbd = replaceKey(dbd, QStringLiteral("DbdHost"), QStringLiteral("localhost"));
    dbd = replaceKey(dbd, QStringLiteral("DbdAddr"), QStringLiteral("127.0.0.1"));
    dbd = replaceKey(dbd, QStringLiteral("DbdPort"), QString::number(dbdPort));
    dbd = replaceKey(dbd, QStringLiteral("StorageHost"), QStringLiteral("127.0.0.1"));
    dbd = replaceKey(dbd, QStringLiteral("StoragePort"), QString::number(dbPort));
    dbd = replaceKey(dbd, QStringLiteral("LogFile"), dir + QStringLiteral("/log/slurmdbd.log"));
    dbd = replaceKey(dbd, QStringLiteral("PidFile"), dir + QStringLiteral("/slurmdbd.pid"));
    writeFile(dir + QStringLiteral("/slurmdbd.conf"), dbd, QFile::ReadOwner | QFile::WriteOwner);

    const QString host = QString::fromUtf8(
        run(QStringLiteral("hostname"), { QStringLiteral("-s") }).trimmed().toUtf8());
    const QString cpus = run(tool(QStringLiteral("slurmd")), { QStringLiteral("-C") })
                             .section(QStringLiteral("CPUs="), 1)
                             .section(QLatin1Char(' '), 0, 0);
    QString slurm = QString::fromStdString(files->slurmConf);
    // This machine is the one node: no GPUs, a small memory figure so it registers.
    slurm.remove(
        QRegularExpression(QStringLiteral("(?m)^(NodeName|PartitionName)=(?!DEFAULT).*\\n")));
    slurm
        = replaceKey(slurm, QStringLiteral("SlurmctldHost"), host + QStringLiteral("(127.0.0.1)"));
    slurm = replaceKey(slurm, QStringLiteral("AccountingStorageHost"), QStringLiteral("127.0.0.1"));
    for (const auto &[key, value] : std::initializer_list<std::pair<QString, QString>> {
             { QStringLiteral("StateSaveLocation"), dir + QStringLiteral("/state") },
             { QStringLiteral("SlurmdSpoolDir"), dir + QStringLiteral("/spool") },
             { QStringLiteral("AccountingStoragePort"), QString::number(dbdPort) },
             { QStringLiteral("SlurmctldPort"), QString::number(ctldPort) },
             { QStringLiteral("SlurmdPort"), QString::number(slurmdPort) },
             { QStringLiteral("SlurmctldPidFile"), dir + QStringLiteral("/slurmctld.pid") },
             { QStringLiteral("SlurmdPidFile"), dir + QStringLiteral("/slurmd.pid") },
             { QStringLiteral("SlurmctldLogFile"), dir + QStringLiteral("/log/slurmctld.log") },
             { QStringLiteral("SlurmdLogFile"), dir + QStringLiteral("/log/slurmd.log") },
             { QStringLiteral("Prolog"), dir + QStringLiteral("/prolog-gpu-health.sh") },
             { QStringLiteral("Epilog"), dir + QStringLiteral("/epilog-gpu-health.sh") },
             { QStringLiteral("HealthCheckProgram"),
               dir + QStringLiteral("/node-health-check.sh") } })
        slurm = replaceKey(slurm, key, value);
    slurm += QStringLiteral("NodeName=%1 NodeAddr=127.0.0.1 CPUs=%2 RealMemory=1000 State=UNKNOWN\n"
                            "PartitionName=gpu Nodes=%1 Default=YES OverSubscribe=EXCLUSIVE\n")
                 .arg(host, cpus);
    writeFile(conf, slurm,
              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    writeFile(dir + QStringLiteral("/topology.conf"),
              QStringLiteral("SwitchName=leaf1 Nodes=%1\n").arg(host),
              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
    writeFile(dir + QStringLiteral("/gres.conf"), QString(),
              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
    writeFile(dir + QStringLiteral("/cgroup.conf"), QString::fromStdString(files->cgroupConf),
              QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther);
    const QString healthLog = dir + QStringLiteral("/log/gpu-health.log");
    const auto script = [&](const std::string &text) {
        return QString::fromStdString(text).replace(
            QRegularExpression(QStringLiteral("(?m)^LOG_FILE=.*$")),
            QStringLiteral("LOG_FILE=") + healthLog);
    };
    const QFile::Permissions exec = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner
        | QFile::ReadOther | QFile::ExeOther;
    writeFile(dir + QStringLiteral("/prolog-gpu-health.sh"), script(files->prolog), exec);
    writeFile(dir + QStringLiteral("/epilog-gpu-health.sh"), script(files->epilog), exec);
    writeFile(dir + QStringLiteral("/node-health-check.sh"), script(files->healthCheck), exec);
    QProcess::execute(QStringLiteral("chown"),
                      { QStringLiteral("slurm:slurm"), dir + QStringLiteral("/state"),
                        dir + QStringLiteral("/log"), dir + QStringLiteral("/slurmdbd.conf") });

    // slurmdbd, then the cluster, account and user the enforced associations need.
    Daemon slurmdbd;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SLURM_CONF"), conf);
    slurmdbd.process->setProcessEnvironment(env);
    slurmdbd.process->setProcessChannelMode(QProcess::MergedChannels);
    slurmdbd.process->start(tool(QStringLiteral("slurmdbd")), { QStringLiteral("-D") });
    QVERIFY(slurmdbd.process->waitForStarted(10000));
    const QString sacctmgr = tool(QStringLiteral("sacctmgr"));
    QVERIFY2(waitUntil(60,
                       [&] {
                           return slurmdbd.process->state() != QProcess::Running
                               || !run(sacctmgr,
                                       { QStringLiteral("-n"), QStringLiteral("list"),
                                         QStringLiteral("cluster") },
                                       conf)
                                       .contains(QStringLiteral("error"));
                       }),
             "slurmdbd did not answer");
    QVERIFY2(slurmdbd.process->state() == QProcess::Running,
             qPrintable(QString::fromUtf8(slurmdbd.process->readAll())));
    const QString clusterName = QString::fromStdString(design->scheduler().clusterName);
    run(sacctmgr,
        { QStringLiteral("-i"), QStringLiteral("add"), QStringLiteral("cluster"), clusterName },
        conf);
    run(sacctmgr,
        { QStringLiteral("-i"), QStringLiteral("add"), QStringLiteral("account"),
          QStringLiteral("research"), QStringLiteral("cluster=") + clusterName },
        conf);
    run(sacctmgr,
        { QStringLiteral("-i"), QStringLiteral("add"), QStringLiteral("user"),
          QStringLiteral("root"), QStringLiteral("account=research"),
          QStringLiteral("cluster=") + clusterName },
        conf);
    QVERIFY(run(sacctmgr,
                { QStringLiteral("-n"), QStringLiteral("-P"), QStringLiteral("list"),
                  QStringLiteral("assoc"), QStringLiteral("format=cluster,account,user") },
                conf)
                .contains(clusterName + QStringLiteral("|research|root")));

    Daemon slurmctld;
    slurmctld.process->setProcessChannelMode(QProcess::MergedChannels);
    slurmctld.process->start(
        tool(QStringLiteral("slurmctld")),
        { QStringLiteral("-D"), QStringLiteral("-i"), QStringLiteral("-f"), conf });
    QVERIFY(slurmctld.process->waitForStarted(10000));
    QVERIFY2(waitUntil(60,
                       [&] {
                           return run(tool(QStringLiteral("scontrol")), { QStringLiteral("ping") },
                                      conf)
                               .contains(QStringLiteral("is UP"));
                       }),
             qPrintable(QStringLiteral("slurmctld: ")
                        + QString::fromUtf8(slurmctld.process->readAll())));
    Daemon slurmd;
    slurmd.process->setProcessChannelMode(QProcess::MergedChannels);
    slurmd.process->start(
        tool(QStringLiteral("slurmd")),
        { QStringLiteral("-D"), QStringLiteral("-f"), conf, QStringLiteral("-N"), host });
    QVERIFY(slurmd.process->waitForStarted(10000));
    QVERIFY2(waitUntil(60,
                       [&] {
                           return run(tool(QStringLiteral("sinfo")),
                                      { QStringLiteral("-h"), QStringLiteral("-o"),
                                        QStringLiteral("%t") },
                                      conf)
                                      .trimmed()
                               == QStringLiteral("idle");
                       }),
             qPrintable(QStringLiteral("node not idle: ")
                        + run(tool(QStringLiteral("sinfo")),
                              { QStringLiteral("-N"), QStringLiteral("-l") }, conf)
                        + QString::fromUtf8(slurmd.process->readAll())));

    // A job through the prolog and epilog, recorded by slurmdbd.
    const QString out = run(tool(QStringLiteral("srun")),
                            { QStringLiteral("-N1"), QStringLiteral("-t"), QStringLiteral("5"),
                              QStringLiteral("hostname") },
                            conf, 60000);
    QCOMPARE(out.trimmed(), host);
    QVERIFY2(waitUntil(30,
                       [&] {
                           QFile log(healthLog);
                           return log.open(QIODevice::ReadOnly)
                               && log.readAll().contains(" epilog job ");
                       }),
             "the epilog did not log");
    QFile log(healthLog);
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QString verdicts = QString::fromUtf8(log.readAll());
    QVERIFY2(verdicts.contains(QRegularExpression(QStringLiteral(" prolog job \\d+: ok "))),
             qPrintable(verdicts));
    QVERIFY2(verdicts.contains(QRegularExpression(QStringLiteral(" epilog job \\d+: ok"))),
             qPrintable(verdicts));
    QVERIFY(waitUntil(30, [&] {
        return run(tool(QStringLiteral("sacct")),
                   { QStringLiteral("-n"), QStringLiteral("-X"), QStringLiteral("-o"),
                     QStringLiteral("state") },
                   conf)
            .contains(QStringLiteral("COMPLETED"));
    }));

    // The controller's own view of the production values.
    const QString config = run(tool(QStringLiteral("scontrol")),
                               { QStringLiteral("show"), QStringLiteral("config") }, conf);
    for (const auto &[key, value] : std::initializer_list<std::pair<const char *, const char *>> {
             { "PriorityType", "priority/multifactor" },
             { "PriorityWeightFairshare", "10000" },
             { "PriorityWeightQOS", "5000" },
             { "AccountingStorageType", "accounting_storage/slurmdbd" },
             { "JobAcctGatherType", "jobacct_gather/cgroup" },
             { "MpiDefault", "pmix" },
             { "PrologFlags", "Alloc,Contain" },
             { "KillOnBadExit", "1" },
             { "HealthCheckInterval", "300 sec" },
             { "HealthCheckNodeState", "(ANY,CYCLE|CYCLE,ANY)" },
             { "ConstrainDevices", "yes" },
             { "ConstrainCores", "yes" },
             { "ConstrainRAMSpace", "yes" } }) {
        const QRegularExpression line(
            QStringLiteral("(?m)^%1\\s*=\\s*%2\\s*$")
                .arg(QString::fromLatin1(key), QString::fromLatin1(value)), // values are patterns
            QRegularExpression::CaseInsensitiveOption); // PriorityWeightFairShare
        const QRegularExpression shown(
            QStringLiteral("(?mi)^%1\\s*=.*$").arg(QString::fromLatin1(key)));
        QVERIFY2(config.contains(line),
                 qPrintable(QStringLiteral("%1 = %2 not in scontrol show config (it says: %3)")
                                .arg(QString::fromLatin1(key), QString::fromLatin1(value),
                                     shown.match(config).captured(0))));
    }
    QVERIFY(config.contains(
        QRegularExpression(QStringLiteral("(?m)^AccountingStorageTRES\\s*=.*gres/gpu"))));
    const QString partition
        = run(tool(QStringLiteral("scontrol")),
              { QStringLiteral("show"), QStringLiteral("partition"), QStringLiteral("gpu") }, conf);
    QVERIFY2(partition.contains(QStringLiteral("DefaultTime=01:00:00"))
                 && partition.contains(QStringLiteral("MaxTime=7-00:00:00")),
             qPrintable(partition));
}

QTEST_GUILESS_MAIN(TestSlurmDaemons)
#include "tst_slurm_daemons.moc"

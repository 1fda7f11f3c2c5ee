#include "NetnsLab.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QThread>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace cw::test {
namespace {

const QString kIp = QStringLiteral("ip");
const QString kFrrDir = QStringLiteral("/usr/lib/frr");

} // namespace

RunResult runTool(const QString &program, const QStringList &args, const QByteArray &input,
                  int timeoutMs)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    if (!process.waitForStarted(10000))
        return { -1, program + QStringLiteral(": cannot start") };
    if (!input.isEmpty())
        process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        return { -1,
                 program + QStringLiteral(" timed out: ") + QString::fromUtf8(process.readAll()) };
    }
    const int code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return { code, QString::fromUtf8(process.readAll()) };
}

NetnsLab::NetnsLab(QString prefix)
    : m_prefix(std::move(prefix))
{ }

NetnsLab::~NetnsLab()
{
    // Daemons first (they hold the namespaces' sockets), each by the pid it wrote.
    for (const QString &pidFile : m_pidFiles) {
        QFile file(pidFile);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const pid_t pid = static_cast<pid_t>(file.readAll().trimmed().toLongLong());
        if (pid > 1)
            ::kill(pid, SIGTERM);
    }
    if (!m_pidFiles.isEmpty())
        QThread::msleep(300);
    for (const QString &pidFile : m_pidFiles) {
        QFile file(pidFile);
        if (file.open(QIODevice::ReadOnly)) {
            const pid_t pid = static_cast<pid_t>(file.readAll().trimmed().toLongLong());
            if (pid > 1 && ::kill(pid, 0) == 0)
                ::kill(pid, SIGKILL);
        }
    }
    QString batch;
    for (const QString &ns : m_namespaces)
        batch += QStringLiteral("netns delete %1\n").arg(ns);
    if (!batch.isEmpty())
        runTool(kIp, { QStringLiteral("-force"), QStringLiteral("-batch"), QStringLiteral("-") },
                batch.toUtf8());
}

QString NetnsLab::namespaceSupport()
{
    const QString probe = QStringLiteral("cwprobe%1").arg(::getpid());
    const RunResult add = runTool(kIp, { QStringLiteral("netns"), QStringLiteral("add"), probe });
    if (add.code != 0)
        return add.output.trimmed();
    runTool(kIp, { QStringLiteral("netns"), QStringLiteral("delete"), probe });
    return {};
}

QString NetnsLab::addNamespace(const QString &key, QString *error)
{
    const QString name = m_prefix + key;
    const RunResult add = runTool(kIp, { QStringLiteral("netns"), QStringLiteral("add"), name });
    if (add.code != 0) {
        *error = QStringLiteral("ip netns add %1: %2").arg(name, add.output);
        return {};
    }
    m_namespaces << name;
    const RunResult up = ipBatch(name, QStringLiteral("link set lo up\n"));
    if (up.code != 0)
        *error = up.output;
    return name;
}

void NetnsLab::addLink(const QString &nsA, const QString &ifA, const QString &nsB,
                       const QString &ifB)
{
    m_pendingLinks.push_back({ nsA, ifA, nsB, ifB });
}

bool NetnsLab::createLinks(QString *error)
{
    QString batch;
    std::map<QString, QString> upByNs;
    for (const QStringList &link : m_pendingLinks) {
        batch += QStringLiteral("link add %1 netns %2 type veth peer name %3 netns %4\n")
                     .arg(link[1], link[0], link[3], link[2]);
        upByNs[link[0]] += QStringLiteral("link set %1 up\n").arg(link[1]);
        upByNs[link[2]] += QStringLiteral("link set %1 up\n").arg(link[3]);
    }
    m_pendingLinks.clear();
    const RunResult created
        = runTool(kIp, { QStringLiteral("-batch"), QStringLiteral("-") }, batch.toUtf8());
    if (created.code != 0) {
        *error = QStringLiteral("ip link add: ") + created.output;
        return false;
    }
    for (const auto &[ns, commands] : upByNs) {
        const RunResult up = ipBatch(ns, commands);
        if (up.code != 0) {
            *error = ns + QStringLiteral(": ") + up.output;
            return false;
        }
    }
    return true;
}

RunResult NetnsLab::ipBatch(const QString &ns, const QString &commands)
{
    return runTool(kIp, { QStringLiteral("-n"), ns, QStringLiteral("-batch"), QStringLiteral("-") },
                   commands.toUtf8());
}

RunResult NetnsLab::exec(const QString &ns, const QString &program, const QStringList &args,
                         int timeoutMs)
{
    return runTool(
        kIp, QStringList { QStringLiteral("netns"), QStringLiteral("exec"), ns, program } + args,
        {}, timeoutMs);
}

RunResult NetnsLab::startFrr(const QString &ns, const QString &dir, bool bfd)
{
    // The frr user the daemons drop to must reach and write their folder.
    runTool(QStringLiteral("chown"), { QStringLiteral("-R"), QStringLiteral("frr:frr"), dir });
    QStringList daemons { QStringLiteral("zebra"), QStringLiteral("bgpd") };
    if (bfd)
        daemons << QStringLiteral("bfdd");
    for (const QString &daemon : daemons) {
        const QString pidFile = dir + QStringLiteral("/%1.pid").arg(daemon);
        QStringList args { QStringLiteral("-d"),
                           QStringLiteral("-f"),
                           QStringLiteral("/dev/null"),
                           QStringLiteral("-i"),
                           pidFile,
                           QStringLiteral("-z"),
                           dir + QStringLiteral("/zserv.api"),
                           QStringLiteral("--vty_socket"),
                           dir,
                           QStringLiteral("-P"),
                           QStringLiteral("0"),
                           QStringLiteral("--log"),
                           QStringLiteral("file:%1/%2.log").arg(dir, daemon) };
        if (daemon == QStringLiteral("bfdd"))
            args << QStringLiteral("--bfdctl") << dir + QStringLiteral("/bfdd.sock");
        m_pidFiles << pidFile;
        const RunResult started = exec(ns, kFrrDir + QLatin1Char('/') + daemon, args);
        if (started.code != 0)
            return { started.code, daemon + QStringLiteral(": ") + started.output };
        // zebra must be listening before the others connect to it.
        for (int i = 0; daemon == QStringLiteral("zebra") && i < 50; ++i) {
            if (QFile::exists(dir + QStringLiteral("/zserv.api")))
                break;
            QThread::msleep(50);
        }
    }
    return exec(ns, QStringLiteral("vtysh"),
                { QStringLiteral("--vty_socket"), dir, QStringLiteral("--config_dir"), dir,
                  QStringLiteral("-b") });
}

RunResult NetnsLab::vtysh(const QString &ns, const QString &dir, const QString &command)
{
    return exec(ns, QStringLiteral("vtysh"),
                { QStringLiteral("--vty_socket"), dir, QStringLiteral("-c"), command });
}

} // namespace cw::test

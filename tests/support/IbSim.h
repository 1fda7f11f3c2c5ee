#pragma once

// ibsim (Debian's ibsim-utils) for one test: finding the tools and libumad2sim.so (which hands
// the InfiniBand diagnostics' MADs to the simulator), and a simulator on its own socket name,
// stopped however the test ends. Shared by tst_ib_real and tst_asbuilt_ibsim.

#include <QByteArray>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace cw::test {

inline QString findIbTool(const QString &name)
{
    return QStandardPaths::findExecutable(name,
                                          { QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"),
                                            QStringLiteral("/sbin"),
                                            QStringLiteral("/usr/local/bin") });
}

/// libumad2sim.so: from the package list (Debian ships it in libumad2sim0, a dependency of
/// ibsim-utils), else the usual install folders; empty when missing.
inline QString findUmad2sim()
{
    QProcess dpkg;
    dpkg.start(
        QStringLiteral("dpkg"),
        { QStringLiteral("-L"), QStringLiteral("libumad2sim0"), QStringLiteral("ibsim-utils") });
    if (dpkg.waitForFinished(20000)) {
        const QStringList lines
            = QString::fromLocal8Bit(dpkg.readAllStandardOutput()).split(QLatin1Char('\n'));
        for (const QString &line : lines)
            if (line.endsWith(QLatin1String("/libumad2sim.so")) && QFileInfo::exists(line))
                return line;
    }
    for (const QString &path :
         { QStringLiteral("/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so"),
           QStringLiteral("/usr/lib/aarch64-linux-gnu/umad2sim/libumad2sim.so"),
           QStringLiteral("/usr/lib64/umad2sim/libumad2sim.so"),
           QStringLiteral("/usr/lib/umad2sim/libumad2sim.so"),
           QStringLiteral("/usr/local/lib/umad2sim/libumad2sim.so") })
        if (QFileInfo::exists(path))
            return path;
    return {};
}

inline void stopProcess(QProcess &process)
{
    if (process.state() == QProcess::NotRunning)
        return;
    process.terminate();
    if (!process.waitForFinished(5000))
        process.kill();
    process.waitForFinished(5000);
}

/// Stops a process however the test ends (timeout, failed check, success).
struct Stopper
{
    QProcess &process;
    ~Stopper() { stopProcess(process); }
};

/// One ibsim on its own socket name (IBSIM_SOCKNAME), so parallel or stale simulators
/// elsewhere on the machine cannot answer for it. Stopped when destroyed.
class IbSim
{
public:
    IbSim() = default;
    IbSim(const IbSim &) = delete;
    IbSim &operator=(const IbSim &) = delete;
    ~IbSim() { stopProcess(m_process); }

    /// Starts `ibsim -s topo` in `workDir` and waits for "Network simulator ready"; returns
    /// an empty string, or what went wrong with ibsim's output.
    QString start(const QString &ibsim, const QString &topo, const QString &workDir,
                  const QString &socketName, int timeoutMs = 30000)
    {
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("IBSIM_SOCKNAME"), socketName);
        m_process.setProcessEnvironment(m_env);
        m_process.setWorkingDirectory(workDir);
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(ibsim, { QStringLiteral("-s"), topo }); // stdin stays open: its console
        if (!m_process.waitForStarted(10000))
            return QStringLiteral("ibsim did not start: ") + m_process.errorString();
        QElapsedTimer clock;
        clock.start();
        while (!m_output.contains("Network simulator ready")
               && m_process.state() == QProcess::Running && clock.elapsed() < timeoutMs) {
            m_process.waitForReadyRead(500);
            m_output += m_process.readAll();
        }
        if (!m_output.contains("Network simulator ready") || m_process.state() != QProcess::Running)
            return QStringLiteral("ibsim did not load ") + topo + QStringLiteral(":\n")
                + QString::fromLocal8Bit(m_output);
        return {};
    }

    /// What ibsim printed up to "ready".
    const QByteArray &output() const { return m_output; }
    /// The environment of a client (ibnetdiscover, opensm): the socket name and the preload.
    QProcessEnvironment clientEnvironment(const QString &umad2sim) const
    {
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("LD_PRELOAD"), umad2sim);
        return env;
    }

private:
    QProcess m_process;
    QProcessEnvironment m_env;
    QByteArray m_output;
};

} // namespace cw::test

#pragma once

// Runs clusterwright-cli as a user would, with the built-in catalog only (no user folders),
// for the CLI test programs. CW_CLI_PATH is the binary under test.

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace cw::test {

struct CliRun
{
    int exitCode = -1; ///< -2 when the process crashed or timed out
    QByteArray out;
    QByteArray err;
};

inline CliRun runCli(const QStringList &args, int timeoutMs = 120000)
{
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CLUSTERWRIGHT_CATALOG_PATH"), QString()); // built-in catalog only
    env.insert(QStringLiteral("XDG_DATA_HOME"), QStringLiteral("/nonexistent"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(CW_CLI_PATH), args);
    process.waitForFinished(timeoutMs);
    return CliRun { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2,
                    process.readAllStandardOutput(), process.readAllStandardError() };
}

} // namespace cw::test

#pragma once

// A throw-away network of Linux network namespaces joined by veth pairs, with FRR daemons
// started inside, for tst_underlay_frr. Every name carries a per-run prefix (parallel runs
// never meet), and the destructor stops the daemons this lab started (by pid) and deletes
// its namespaces (which deletes their veths), whatever way the test ended.

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace cw::test {

struct RunResult
{
    int code = -1;
    QString output; ///< stdout and stderr merged
};

/// Runs `program` with `args`, feeding `input` to its stdin; -1 when it cannot start or
/// times out (then it is killed).
RunResult runTool(const QString &program, const QStringList &args, const QByteArray &input = {},
                  int timeoutMs = 30000);

class NetnsLab
{
public:
    /// `prefix`: unique per run, short (namespace names are prefix + a key).
    explicit NetnsLab(QString prefix);
    ~NetnsLab();
    NetnsLab(const NetnsLab &) = delete;
    NetnsLab &operator=(const NetnsLab &) = delete;

    /// Why namespaces cannot be used here, or empty when `ip netns add` works.
    static QString namespaceSupport();

    /// Creates namespace prefix + key with its loopback up; returns its name.
    QString addNamespace(const QString &key, QString *error);
    /// Queues a veth pair: `ifA` in `nsA`, `ifB` in `nsB`; created by createLinks().
    void addLink(const QString &nsA, const QString &ifA, const QString &nsB, const QString &ifB);
    /// Creates the queued veth pairs (one `ip -batch`) and sets every end up.
    bool createLinks(QString *error);

    /// `ip -n ns -batch -` with `commands` (one ip command per line).
    RunResult ipBatch(const QString &ns, const QString &commands);
    /// Runs a program inside `ns`.
    RunResult exec(const QString &ns, const QString &program, const QStringList &args,
                   int timeoutMs = 30000);

    /// Starts zebra and bgpd (and bfdd when `bfd`) in `ns` with their sockets, pid files and
    /// logs in `dir`, then loads `dir`/frr.conf with `vtysh -b`. Returns vtysh's output.
    RunResult startFrr(const QString &ns, const QString &dir, bool bfd);
    /// One vtysh command against the daemons of `dir`.
    RunResult vtysh(const QString &ns, const QString &dir, const QString &command);

private:
    QString m_prefix;
    QStringList m_namespaces;
    QStringList m_pidFiles;
    std::vector<QStringList> m_pendingLinks;
};

} // namespace cw::test

// The exported routed underlay brought up by the real routing stack: Debian's FRR (zebra,
// bgpd, bfdd) in one network namespace per switch, one namespace per host rail NIC, veth
// pairs as the design's cables. Switches load the exported frr.conf with vtysh; hosts get
// their addresses, routes and rules from the exported netplan file through `netplan generate`.
// What is checked comes from the design's cabling, not from the exporter's plan: every
// switch-to-switch link is an Established session, each leaf reaches every other leaf's
// loopback over one next hop per link to the spines they share, every host NIC and loopback
// answers a ping; then a spine fails (its links go down) and the same holds over the rest.

#include "NetnsLab.h"
#include "UnderlayFixtures.h"

#include "exporters/switch/RoceSwitchConfigs.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <functional>
#include <map>
#include <set>

#include <sys/stat.h>
#include <unistd.h>

using namespace cw;
using cw::test::NetnsLab;
using cw::test::RunResult;

namespace {

using Params = std::map<std::string, std::string>;

/// The fabric as its cables say, independent of the exporter.
struct Cabling
{
    struct Switch
    {
        DeviceId id;
        QString ns;
        bool leaf = false;
        std::map<QString, QString> peerSwitchOfPort; ///< switch-to-switch ports only
    };
    struct Nic
    {
        QString host;
        QString port;
        QString ns;
    };
    std::map<QString, Switch> switches;
    std::vector<Nic> nics;
};

const Fabric *roceFabric(const Design &design)
{
    for (const Fabric &fabric : design.fabrics())
        if (fabric.technology == Technology::RoCEv2 && fabric.purpose == FabricPurpose::Compute)
            return &fabric;
    return nullptr;
}

QString portName(const Design &design, const PortRef &ref)
{
    const Part *part = Catalog::builtin().find(design.device(ref.device)->catalogType);
    return QString::fromStdString(part->ports.at(static_cast<std::size_t>(ref.port)).name);
}

bool isSwitchEnd(const Design &design, const PortRef &ref)
{
    const Device *device = design.device(ref.device);
    const Part *part = Catalog::builtin().find(device->catalogType);
    return device->role == DeviceRole::Switch
        && part->ports.at(static_cast<std::size_t>(ref.port)).role != PortRole::Management;
}

Cabling cablingOf(const Design &design, const Fabric &fabric)
{
    Cabling cabling;
    for (const Link &link : design.links()) {
        if (link.fabric != fabric.id)
            continue;
        for (const auto &[self, peer] :
             { std::pair { link.a, link.b }, std::pair { link.b, link.a } }) {
            if (!isSwitchEnd(design, self))
                continue;
            const QString name = QString::fromStdString(design.device(self.device)->name);
            Cabling::Switch &sw = cabling.switches[name];
            sw.id = self.device;
            if (isSwitchEnd(design, peer))
                sw.peerSwitchOfPort[portName(design, self)]
                    = QString::fromStdString(design.device(peer.device)->name);
            else
                sw.leaf = true;
        }
        for (const PortRef &end : { link.a, link.b })
            if (!isSwitchEnd(design, end))
                cabling.nics.push_back(
                    { QString::fromStdString(design.device(end.device)->name),
                      portName(design, end),
                      QStringLiteral("h%1p%2").arg(end.device.value).arg(end.port) });
    }
    return cabling;
}

struct Exported
{
    std::map<QString, QByteArray> files; ///< path below the fabric folder -> bytes
    std::map<QString, QString> loopbacks; ///< switch -> address (address-plan.csv)
    std::map<QString, QString> nicAddress; ///< "host port" -> address
};

Exported exportUnderlay(const Design &design, const Fabric &fabric, const Params &params)
{
    Exported result;
    auto files = exporters::roceSwitchConfigs(design, Catalog::builtin(), fabric, params);
    if (!files)
        qFatal("export failed: %s", files.error().message.c_str());
    for (const auto &file : *files) {
        const QString path = QString::fromStdString(file.path);
        result.files[path.section(QLatin1Char('/'), 1)] = QByteArray::fromStdString(file.bytes);
    }
    // address-plan.csv: kind,device,role,port,address,prefix,peer,peer_port,asn,rail_block
    for (const QByteArray &row : result.files[QStringLiteral("address-plan.csv")].split('\n')) {
        const QStringList cells = QString::fromUtf8(row.trimmed()).split(QLatin1Char(','));
        if (cells.size() < 5)
            continue;
        if (cells[0] == QStringLiteral("loopback"))
            result.loopbacks[cells[1]] = cells[4];
        if (cells[0] == QStringLiteral("host-nic"))
            result.nicAddress[cells[1] + QLatin1Char(' ') + cells[3]] = cells[4];
    }
    return result;
}

/// ip commands for the NICs of one host from netplan's own networkd output.
QString networkdToIp(const QString &runDir)
{
    QString commands;
    const QDir dir(runDir + QStringLiteral("/run/systemd/network"));
    for (const QString &name : dir.entryList({ QStringLiteral("*.network") })) {
        QFile file(dir.filePath(name));
        file.open(QIODevice::ReadOnly);
        QString section, device;
        std::map<QString, QString> values;
        auto flush = [&]() {
            if (section == QStringLiteral("[Route]"))
                commands
                    += QStringLiteral("route add %1 via %2%3\n")
                           .arg(values[QStringLiteral("Destination")],
                                values[QStringLiteral("Gateway")],
                                values.count(QStringLiteral("Table"))
                                    ? QStringLiteral(" table ") + values[QStringLiteral("Table")]
                                    : QString());
            if (section == QStringLiteral("[RoutingPolicyRule]"))
                commands
                    += QStringLiteral("rule add from %1 table %2\n")
                           .arg(values[QStringLiteral("From")], values[QStringLiteral("Table")]);
            values.clear();
        };
        for (const QString &raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
            const QString line = raw.trimmed();
            if (line.startsWith(QLatin1Char('['))) {
                flush();
                section = line;
                continue;
            }
            const QString key = line.section(QLatin1Char('='), 0, 0);
            const QString value = line.section(QLatin1Char('='), 1);
            if (section == QStringLiteral("[Match]") && key == QStringLiteral("Name"))
                device = value;
            else if (section == QStringLiteral("[Network]") && key == QStringLiteral("Address"))
                commands += QStringLiteral("addr add %1 dev %2\n").arg(value, device);
            else if (!key.isEmpty())
                values[key] = value;
        }
        flush();
    }
    return commands;
}

QJsonObject jsonOf(const RunResult &result)
{
    return QJsonDocument::fromJson(result.output.toUtf8()).object();
}

/// Peers in state Established, by the vtysh JSON.
int establishedPeers(const QJsonObject &summary)
{
    int count = 0;
    const QJsonObject peers
        = summary[QStringLiteral("ipv4Unicast")].toObject()[QStringLiteral("peers")].toObject();
    for (const QJsonValue &peer : peers)
        count
            += peer.toObject()[QStringLiteral("state")].toString() == QStringLiteral("Established");
    return count;
}

/// Installed next hops of `prefix` by outgoing interface, from `show ip route json`.
QStringList fibInterfaces(const QJsonObject &routes, const QString &prefix)
{
    QStringList result;
    for (const QJsonValue &entry : routes[prefix].toArray()) {
        const QJsonObject route = entry.toObject();
        if (!route[QStringLiteral("installed")].toBool())
            continue;
        for (const QJsonValue &hop : route[QStringLiteral("nexthops")].toArray())
            if (hop.toObject()[QStringLiteral("fib")].toBool())
                result << hop.toObject()[QStringLiteral("interfaceName")].toString();
    }
    result.sort();
    return result;
}

/// Pings `targets` from `ns` (source `source` when given); returns the ones that did not answer.
QStringList unreachable(NetnsLab &lab, const QString &ns, const QString &source,
                        const QStringList &targets)
{
    QString script
        = QStringLiteral("for a in %1; do ping -c1 -W2 -q %2 $a >/dev/null 2>&1 || echo $a; done")
              .arg(targets.join(QLatin1Char(' ')),
                   source.isEmpty() ? QString() : QStringLiteral("-I ") + source);
    const RunResult run
        = lab.exec(ns, QStringLiteral("sh"), { QStringLiteral("-c"), script }, 120000);
    return run.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

} // namespace

class TestUnderlayFrr : public QObject
{
    Q_OBJECT

    QString m_missing;

    /// The expected next hops from `leaf` to `other`'s loopback: its ports to the spines the
    /// two leaves share, minus those of `failed`.
    static QStringList expectedPorts(const Cabling &cabling, const QString &leaf,
                                     const QString &other, const QString &failed)
    {
        std::set<QString> otherSpines;
        for (const auto &[port, spine] : cabling.switches.at(other).peerSwitchOfPort)
            otherSpines.insert(spine);
        QStringList ports;
        for (const auto &[port, spine] : cabling.switches.at(leaf).peerSwitchOfPort)
            if (otherSpines.count(spine) && spine != failed)
                ports << port;
        ports.sort();
        return ports;
    }

    void bringUp(const Design &design, const Params &params);

private slots:
    void initTestCase()
    {
        for (const char *tool : { "/usr/lib/frr/zebra", "/usr/lib/frr/bgpd", "/usr/lib/frr/bfdd" })
            if (!QFile::exists(QString::fromLatin1(tool)))
                m_missing += QString::fromLatin1(tool) + QLatin1Char(' ');
        for (const char *tool : { "vtysh", "ip", "ping", "netplan" })
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool),
                                               { QStringLiteral("/usr/sbin"),
                                                 QStringLiteral("/usr/bin"),
                                                 QStringLiteral("/sbin"), QStringLiteral("/bin") })
                    .isEmpty())
                m_missing += QString::fromLatin1(tool) + QLatin1Char(' ');
        if (!m_missing.isEmpty())
            QSKIP(qPrintable(
                QStringLiteral(
                    "not installed: %1(scripts/deps.sh installs frr, iputils-ping, netplan.io)")
                    .arg(m_missing)));
        if (::geteuid() != 0)
            QSKIP("SKIPPED: needs root to create network namespaces and start FRR");
        const QString why = NetnsLab::namespaceSupport();
        if (!why.isEmpty())
            QSKIP(qPrintable(
                QStringLiteral(
                    "SKIPPED: the kernel forbids network namespaces here (ip netns add: %1)")
                    .arg(why)));
    }

    void underlayComesUp_data()
    {
        QTest::addColumn<QString>("designParams");
        QTest::addColumn<QString>("exportParams");
        // Empty design parameters: the hand-built 2-leaf / 2-spine pod (UnderlayFixtures.h).
        QTest::newRow("pod-2x2-numbered") << QString() << QString();
        QTest::newRow("pod-2x2-unnumbered-bfd")
            << QString() << QStringLiteral("underlay=unnumbered underlay.bfd=on");
        // Generated: 4 leaves x 2 spines, 16 parallel links per pair (128 sessions), 8 DGX
        // with 4 rails (32 host NICs), 38 namespaces.
        QTest::newRow("generated-8node-4rail")
            << QStringLiteral("technology=roce nodes=8 rails=4 storage=none") << QString();
    }

    void underlayComesUp()
    {
        QFETCH(QString, designParams);
        QFETCH(QString, exportParams);
        auto toParams = [](const QString &text) {
            Params params;
            for (const QString &pair : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
                params[pair.section(QLatin1Char('='), 0, 0).toStdString()]
                    = pair.section(QLatin1Char('='), 1).toStdString();
            return params;
        };
        if (designParams.isEmpty()) {
            bringUp(cw::test::buildPod2x2().design, toParams(exportParams));
            return;
        }
        auto generated = generateDesign("fat-tree", toParams(designParams), Catalog::builtin());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        bringUp(generated->design, toParams(exportParams));
    }
};

void TestUnderlayFrr::bringUp(const Design &design, const Params &params)
{
    const Fabric *fabric = roceFabric(design);
    QVERIFY(fabric);
    const Cabling cabling = cablingOf(design, *fabric);
    const Exported exported = exportUnderlay(design, *fabric, params);
    const bool bfd = params.count("underlay.bfd") && params.at("underlay.bfd") == "on";
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    ::chmod(QFile::encodeName(tmp.path()).constData(), 0755);

    // Namespaces and cables. The prefix makes parallel runs (and other helpers) never meet.
    NetnsLab lab(QStringLiteral("cw%1").arg(::getpid()));
    QString error;
    std::map<QString, QString> nsOfSwitch;
    for (const auto &[name, sw] : cabling.switches) {
        nsOfSwitch[name] = lab.addNamespace(QStringLiteral("s%1").arg(sw.id.value), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    std::map<QString, QString> nsOfNic; // "host port" -> namespace
    for (const Cabling::Nic &nic : cabling.nics) {
        nsOfNic[nic.host + QLatin1Char(' ') + nic.port] = lab.addNamespace(nic.ns, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    for (const Link &link : design.links()) {
        if (link.fabric != fabric->id)
            continue;
        auto nsOf = [&](const PortRef &end) {
            const QString name = QString::fromStdString(design.device(end.device)->name);
            return isSwitchEnd(design, end)
                ? nsOfSwitch[name]
                : nsOfNic[name + QLatin1Char(' ') + portName(design, end)];
        };
        lab.addLink(nsOf(link.a), portName(design, link.a), nsOf(link.b), portName(design, link.b));
    }
    QVERIFY2(lab.createLinks(&error), qPrintable(error));

    // Hosts: the exported netplan file through the real netplan, applied in each NIC's namespace.
    std::set<QString> hosts;
    for (const Cabling::Nic &nic : cabling.nics)
        hosts.insert(nic.host);
    for (const QString &host : hosts) {
        const QString root = tmp.filePath(QStringLiteral("netplan-") + host);
        QDir().mkpath(root + QStringLiteral("/etc/netplan"));
        QFile yaml(root + QStringLiteral("/etc/netplan/60-rails.yaml"));
        QVERIFY(yaml.open(QIODevice::WriteOnly));
        yaml.write(exported.files.at(QStringLiteral("netplan/") + host + QStringLiteral(".yaml")));
        yaml.close();
        yaml.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        const RunResult generate
            = cw::test::runTool(QStringLiteral("netplan"),
                                { QStringLiteral("generate"), QStringLiteral("--root-dir"), root });
        QVERIFY2(generate.code == 0,
                 qPrintable(host + QStringLiteral(": netplan generate: ") + generate.output));
        const QString commands = networkdToIp(root);
        for (const Cabling::Nic &nic : cabling.nics) {
            if (nic.host != host)
                continue;
            // The namespace holds this one NIC: keep the lines for it (and the rules/routes
            // netplan wrote in its .network file, which follow its address line).
            QString own;
            bool mine = false;
            for (const QString &line : commands.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
                if (line.startsWith(QStringLiteral("addr add ")))
                    mine = line.endsWith(QStringLiteral(" dev ") + nic.port);
                if (mine)
                    own += line + QLatin1Char('\n');
            }
            QVERIFY2(own.contains(QStringLiteral("addr add")),
                     qPrintable(host + QStringLiteral(" ") + nic.port
                                + QStringLiteral(": no address in netplan output")));
            const RunResult applied = lab.ipBatch(nsOfNic[host + QLatin1Char(' ') + nic.port], own);
            QVERIFY2(applied.code == 0, qPrintable(own + applied.output));
        }
    }

    // Switches: the exported frr.conf, loaded by vtysh into zebra + bgpd (+ bfdd).
    for (const auto &[name, sw] : cabling.switches) {
        const QString dir = tmp.filePath(name);
        QDir().mkpath(dir);
        QFile conf(dir + QStringLiteral("/frr.conf"));
        QVERIFY(conf.open(QIODevice::WriteOnly));
        conf.write(exported.files.at(name + QStringLiteral(".frr.conf")));
        conf.close();
        const RunResult loaded = lab.startFrr(nsOfSwitch[name], dir, bfd);
        for (const char *complaint :
             { "Unknown command", "% Invalid", "Command incomplete", "% Ambiguous", "line " })
            QVERIFY2(!loaded.output.contains(QLatin1String(complaint)),
                     qPrintable(name + QStringLiteral(": vtysh -b: ") + loaded.output));
    }

    auto waitFor = [](int seconds, const std::function<QString()> &problem) {
        QElapsedTimer timer;
        timer.start();
        QString last;
        while (true) {
            last = problem();
            if (last.isEmpty() || timer.elapsed() > seconds * 1000)
                return last;
            QThread::msleep(500);
        }
    };

    // Every switch-to-switch link is one Established session.
    const QString sessions = waitFor(60, [&]() {
        for (const auto &[name, sw] : cabling.switches) {
            const int up = establishedPeers(jsonOf(lab.vtysh(
                nsOfSwitch[name], tmp.filePath(name), QStringLiteral("show bgp summary json"))));
            if (up != static_cast<int>(sw.peerSwitchOfPort.size()))
                return QStringLiteral("%1: %2 of %3 sessions Established")
                    .arg(name)
                    .arg(up)
                    .arg(sw.peerSwitchOfPort.size());
        }
        return QString();
    });
    QVERIFY2(sessions.isEmpty(), qPrintable(sessions));
    if (bfd) {
        // BFD asked for: every session has a BFD peer that is up (bfdd's own view).
        const QString bfdUp = waitFor(30, [&]() {
            for (const auto &[name, sw] : cabling.switches) {
                const QJsonArray peers
                    = QJsonDocument::fromJson(lab.vtysh(nsOfSwitch[name], tmp.filePath(name),
                                                        QStringLiteral("show bfd peers json"))
                                                  .output.toUtf8())
                          .array();
                int up = 0;
                for (const QJsonValue &peer : peers)
                    up += peer.toObject()[QStringLiteral("status")].toString()
                        == QStringLiteral("up");
                if (up != static_cast<int>(sw.peerSwitchOfPort.size()))
                    return QStringLiteral("%1: %2 of %3 BFD peers up")
                        .arg(name)
                        .arg(up)
                        .arg(sw.peerSwitchOfPort.size());
            }
            return QString();
        });
        QVERIFY2(bfdUp.isEmpty(), qPrintable(bfdUp));
    }

    auto ecmpProblem = [&](const QString &failed) {
        for (const auto &[leaf, sw] : cabling.switches) {
            if (!sw.leaf)
                continue;
            const QJsonObject routes = jsonOf(lab.vtysh(nsOfSwitch[leaf], tmp.filePath(leaf),
                                                        QStringLiteral("show ip route json")));
            for (const auto &[other, otherSw] : cabling.switches) {
                if (!otherSw.leaf || other == leaf)
                    continue;
                const QString prefix = exported.loopbacks.at(other) + QStringLiteral("/32");
                const QStringList want = expectedPorts(cabling, leaf, other, failed);
                const QStringList got = fibInterfaces(routes, prefix);
                if (got != want)
                    return QStringLiteral("%1 -> %2 (%3): next hops [%4], expected [%5]")
                        .arg(leaf, other, prefix, got.join(QLatin1Char(' ')),
                             want.join(QLatin1Char(' ')));
            }
        }
        return QString();
    };
    auto reachProblem = [&](const QString &failed) {
        QStringList loopbacks, nics;
        for (const auto &[name, address] : exported.loopbacks)
            if (name != failed)
                loopbacks << address;
        for (const auto &[nic, address] : exported.nicAddress)
            nics << address;
        for (const auto &[name, sw] : cabling.switches) {
            if (!sw.leaf)
                continue;
            const QStringList lost
                = unreachable(lab, nsOfSwitch[name], exported.loopbacks.at(name), loopbacks);
            if (!lost.isEmpty())
                return name + QStringLiteral(" cannot reach loopbacks ")
                    + lost.join(QLatin1Char(' '));
        }
        // From the first NIC on each leaf, every host NIC.
        std::set<QString> leavesDone;
        for (const Cabling::Nic &nic : cabling.nics) {
            const QString key = nic.host + QLatin1Char(' ') + nic.port;
            QString leaf;
            for (const QByteArray &row :
                 exported.files.at(QStringLiteral("address-plan.csv")).split('\n'))
                if (row.startsWith("host-nic," + (nic.host + QLatin1Char(',')).toUtf8())
                    && row.contains(("," + nic.port + ",").toUtf8()))
                    leaf = QString::fromUtf8(row).split(QLatin1Char(','))[6];
            if (!leavesDone.insert(leaf).second)
                continue;
            // Sourced from the NIC's address, as RDMA traffic is (its GID): the netplan rule
            // then picks the NIC's own table, which routes every rail.
            const QStringList lost
                = unreachable(lab, nsOfNic[key], exported.nicAddress.at(key), nics);
            if (!lost.isEmpty())
                return key + QStringLiteral(" cannot reach host NICs ")
                    + lost.join(QLatin1Char(' '));
        }
        return QString();
    };

    const QString ecmp = waitFor(30, [&]() { return ecmpProblem(QString()); });
    QVERIFY2(ecmp.isEmpty(), qPrintable(ecmp));
    const QString reach = reachProblem(QString());
    QVERIFY2(reach.isEmpty(), qPrintable(reach));

    // Fail the first spine: all its links down. Routes must converge to the other spines.
    QString spine;
    for (const auto &[name, sw] : cabling.switches)
        if (!sw.leaf && spine.isEmpty())
            spine = name;
    QVERIFY(!spine.isEmpty());
    QString down;
    for (const auto &[port, peer] : cabling.switches.at(spine).peerSwitchOfPort)
        down += QStringLiteral("link set %1 down\n").arg(port);
    QVERIFY(lab.ipBatch(nsOfSwitch[spine], down).code == 0);
    const QString converged = waitFor(30, [&]() { return ecmpProblem(spine); });
    QVERIFY2(
        converged.isEmpty(),
        qPrintable(QStringLiteral("after failing ") + spine + QStringLiteral(": ") + converged));
    const QString reachAfter = reachProblem(spine);
    QVERIFY2(
        reachAfter.isEmpty(),
        qPrintable(QStringLiteral("after failing ") + spine + QStringLiteral(": ") + reachAfter));
    qInfo("%zu switches, %zu host NICs: sessions up, ECMP per spine, reachability, and convergence "
          "after failing %s",
          cabling.switches.size(), cabling.nics.size(), qPrintable(spine));
}

QTEST_GUILESS_MAIN(TestUnderlayFrr)
#include "tst_underlay_frr.moc"

// As-built import end to end with the real tools (Debian 12: ibsim 0.10, infiniband-diags):
// export a design's fabric.topo, re-cable a copy the way installers get it wrong (two cables
// swapped at a leaf, one moved to the neighbouring port, one removed, one added, one link
// down to 1x width), load it in ibsim, run ibnetdiscover with the exported node name map,
// import its output, and check the report names exactly those five, at the right places.
// Three fabrics: the 8x DGX example, a generated SuperPOD (1 SU) and a generated 3-tier fat tree.

#include "ChangeFixtures.h"
#include "TopoEditor.h"

#include "exporters/changes/IbEndpoints.h"
#include "exporters/switch/InfinibandFiles.h"
#include "model/asbuilt/AsBuiltCompare.h"
#include "model/fabric/Templates.h"
#include "tests/support/IbSim.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <set>

using namespace cw;
using namespace cw::test;
using asbuilt::FindingKind;

namespace {

/// The design's name of IB port `number` of a switch: its non-management ports in catalog
/// order, numbered from 1 (how the switch export numbers them).
std::string switchPortName(const Design &d, const std::string &device, int number)
{
    const Part *part = Catalog::builtin().find(byName(d.devices(), device).catalogType);
    int n = 0;
    for (const PortSpec &port : part->ports)
        if (port.role != PortRole::Management && ++n == number)
            return port.name;
    return {};
}

/// "dgx01 mlx5_0" for an HCA node, "leaf01 p17" for a switch port.
std::string endName(const Design &d, const TopoNode &node, int port)
{
    return node.isSwitch
        ? node.name.toStdString() + " " + switchPortName(d, node.name.toStdString(), port)
        : node.name.toStdString();
}

/// A small 3-tier fat tree (docs/fabric.md, "fat-tree"): 4 DGX H100 on 2 rails, QM9700 leaves
/// at 4:1 (k = 64: u = 64 / 5 = 12 up, 48 down), no storage fabric, so ibsim comes up in seconds.
Design threeTierDesign(const Catalog &catalog)
{
    return generateDesign("fat-tree",
                          { { "nodes", "4" },
                            { "rails", "2" },
                            { "tiers", "3" },
                            { "oversubscription", "4:1" },
                            { "storage", "none" } },
                          catalog)
        .value()
        .design;
}

/// Switches of the compute InfiniBand fabric by tier (0 leaf, 1 spine, 2 core).
std::map<int, int> switchesByTier(const Design &design)
{
    std::set<std::uint64_t> onFabric;
    for (const Link &link : design.links()) {
        const Fabric *f = design.fabric(link.fabric);
        if (f && f->technology == Technology::InfiniBand && f->purpose == FabricPurpose::Compute)
            for (PortRef end : { link.a, link.b })
                onFabric.insert(end.device.value);
    }
    std::map<int, int> tiers;
    for (const Device &d : design.devices())
        if (d.role == DeviceRole::Switch && onFabric.contains(d.id.value))
            ++tiers[d.tier];
    return tiers;
}

/// Worked from the construction (docs/fabric.md): 2 rails of one SU -> 2 leaves; one pod (2
/// leaves <= k/2 = 32) with u = 12 spines; C = the smallest divisor of k/2 = 32 that is at
/// least ceil(1 pod / 2) = 1 core per group, u = 12 groups -> 12 cores.
const std::map<int, int> kThreeTierSwitches { { 0, 2 }, { 1, 12 }, { 2, 12 } };

struct Expected
{
    FindingKind kind;
    std::set<std::string> ends; ///< the ports the finding must name
    std::string action; ///< exact action, or empty: only the ends are checked
    std::string action2; ///< an equally right wording (swap order)
};

} // namespace

class TestAsBuiltIbsim : public QObject
{
    Q_OBJECT

    QString m_ibsim, m_ibnetdiscover, m_preload;

private slots:
    void initTestCase()
    {
        m_ibsim = findIbTool(QStringLiteral("ibsim"));
        m_ibnetdiscover = findIbTool(QStringLiteral("ibnetdiscover"));
        m_preload = findUmad2sim();
        if (m_ibsim.isEmpty() || m_ibnetdiscover.isEmpty() || m_preload.isEmpty())
            QSKIP("ibsim-utils / infiniband-diags missing (scripts/deps.sh installs them)");
    }

    void reportNamesExactlyThePerturbations_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("8dgx-h100-ndr") << QStringLiteral("dgx");
        QTest::newRow("superpod-h100-1su") << QStringLiteral("superpod");
        QTest::newRow("fat-tree-3tier") << QStringLiteral("fat-tree-3tier");
    }

    void reportNamesExactlyThePerturbations()
    {
        QFETCH(QString, source);
        const Catalog &catalog = Catalog::builtin();
        Design design = source == QLatin1String("dgx") ? dgxDesign()
            : source == QLatin1String("superpod")
            ? generateDesign("superpod-h100", { { "sus", "1" } }, catalog).value().design
            : threeTierDesign(catalog);
        if (source == QLatin1String("fat-tree-3tier")) // leaves, spines and cores all there
            QVERIFY(switchesByTier(design) == kThreeTierSwitches);
        const Fabric *fabric = nullptr;
        for (const Fabric &f : design.fabrics())
            if (f.technology == Technology::InfiniBand && f.purpose == FabricPurpose::Compute)
                fabric = &f;
        QVERIFY(fabric);
        auto files = exporters::infinibandFiles(design, catalog, *fabric);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        QString topoText, nameMap;
        for (const auto &file : *files) {
            if (file.path.ends_with("/fabric.topo"))
                topoText = QString::fromStdString(file.bytes);
            if (file.path.ends_with("/ib-node-name-map"))
                nameMap = QString::fromStdString(file.bytes);
        }
        QVERIFY(!topoText.isEmpty() && !nameMap.isEmpty());

        TopoEditor topo(topoText);
        std::vector<Expected> expected;
        std::set<std::pair<QString, int>> touched;
        auto used = [&](const QString &id, int port) {
            return topo.nodes()[id].ports.contains(port);
        };
        auto take = [&](const QString &id, int port) {
            const TopoNode::Port p = topo.nodes()[id].ports[port];
            touched.insert({ id, port });
            touched.insert({ p.remote, p.remotePort });
        };
        auto isFree = [&](const QString &id, int port) {
            return !touched.count({ id, port });
        };

        // 1. Two host cables swapped at a leaf: ports a and b of the first leaf with HCAs.
        QString leaf;
        QVector<int> hostPorts;
        for (const QString &id : topo.order()) {
            const TopoNode &n = topo.nodes()[id];
            hostPorts.clear();
            for (auto it = n.ports.begin(); it != n.ports.end(); ++it)
                if (n.isSwitch && it->remote.startsWith(QLatin1String("H-")))
                    hostPorts.push_back(it.key());
            if (hostPorts.size() >= 4) {
                leaf = id;
                break;
            }
        }
        QVERIFY(!leaf.isEmpty());
        const TopoNode leafNode = topo.nodes()[leaf];
        // Two hosts on different devices, so the swap has one natural place: the leaf's ports.
        auto hostOf = [&](int port) {
            return topo.nodes()[leafNode.ports[port].remote].name.section(QLatin1Char(' '), 0, 0);
        };
        int second = 1;
        while (second < hostPorts.size() && hostOf(hostPorts[second]) == hostOf(hostPorts[0]))
            ++second;
        QVERIFY(second < hostPorts.size());
        std::swap(hostPorts[1], hostPorts[second]);
        const int pa = hostPorts[0], pb = hostPorts[1], pr = hostPorts[2], pw = hostPorts[3];
        const auto ha = leafNode.ports[pa], hb = leafNode.ports[pb];
        take(leaf, pa);
        take(leaf, pb);
        topo.disconnect(leaf, pa);
        topo.disconnect(leaf, pb);
        topo.connect(leaf, pa, hb.remote, hb.remotePort, hb.rate);
        topo.connect(leaf, pb, ha.remote, ha.remotePort, ha.rate);
        const std::string leafName = leafNode.name.toStdString();
        const std::string portA = switchPortName(design, leafName, pa),
                          portB = switchPortName(design, leafName, pb);
        expected.push_back({ FindingKind::Swapped,
                             { leafName + " " + portA, leafName + " " + portB,
                               endName(design, topo.nodes()[ha.remote], 1),
                               endName(design, topo.nodes()[hb.remote], 1) },
                             "swap the cables at " + leafName + " " + portA + " and " + portB,
                             "swap the cables at " + leafName + " " + portB + " and " + portA });

        // 2. One host cable removed.
        const auto hr = leafNode.ports[pr];
        take(leaf, pr);
        topo.disconnect(leaf, pr);
        expected.push_back({ FindingKind::Missing,
                             { leafName + " " + switchPortName(design, leafName, pr),
                               endName(design, topo.nodes()[hr.remote], 1) },
                             "",
                             "" });

        // 3. One link up at 1x width.
        take(leaf, pw);
        topo.setRate(leaf, pw, QStringLiteral("1xHDR"));
        expected.push_back({ FindingKind::WrongWidth,
                             { leafName + " " + switchPortName(design, leafName, pw),
                               endName(design, topo.nodes()[leafNode.ports[pw].remote], 1) },
                             "",
                             "" });

        // 4. One cable moved to the neighbouring free port of a switch; 5. one cable added
        // between two other free switch ports.
        std::vector<std::pair<QString, int>> freePorts;
        for (const QString &id : topo.order()) {
            const TopoNode &n = topo.nodes()[id];
            if (n.isSwitch)
                for (int p = 1; p <= n.portCount; ++p)
                    if (!used(id, p))
                        freePorts.push_back({ id, p });
        }
        bool moved = false;
        for (auto it = freePorts.begin(); it != freePorts.end() && !moved; ++it)
            for (int from : { it->second - 1, it->second + 1 }) {
                if (from < 1 || !used(it->first, from) || !isFree(it->first, from))
                    continue;
                const TopoNode &sw = topo.nodes()[it->first];
                const auto cable = sw.ports[from];
                const std::string swName = sw.name.toStdString();
                const std::string to = switchPortName(design, swName, it->second);
                const std::string designed = switchPortName(design, swName, from);
                take(it->first, from);
                touched.insert(*it);
                topo.disconnect(it->first, from);
                topo.connect(it->first, it->second, cable.remote, cable.remotePort, cable.rate);
                expected.push_back(
                    { FindingKind::Misported,
                      { swName + " " + to, swName + " " + designed,
                        endName(design, topo.nodes()[cable.remote], cable.remotePort) },
                      "move the cable at " + swName + " " + to + " to " + designed,
                      "" });
                freePorts.erase(it);
                moved = true;
                break;
            }
        QVERIFY(moved);
        std::vector<std::pair<QString, int>> spare;
        for (const auto &f : freePorts)
            if (isFree(f.first, f.second) && (spare.empty() || spare[0].first != f.first))
                spare.push_back(f);
        QVERIFY(spare.size() >= 2);
        topo.connect(spare[0].first, spare[0].second, spare[1].first, spare[1].second,
                     QStringLiteral("4xHDR"));
        expected.push_back({ FindingKind::Extra,
                             { endName(design, topo.nodes()[spare[0].first], spare[0].second),
                               endName(design, topo.nodes()[spare[1].first], spare[1].second) },
                             "",
                             "" });

        // ibsim + ibnetdiscover on the perturbed copy.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString topoPath = dir.filePath(QStringLiteral("perturbed.topo"));
        const QString mapPath = dir.filePath(QStringLiteral("ib-node-name-map"));
        for (const auto &[path, text] :
             { std::pair { topoPath, topo.text() }, std::pair { mapPath, nameMap } }) {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
        }
        IbSim sim;
        const QString started = sim.start(
            m_ibsim, topoPath, dir.path(),
            QStringLiteral("cw-asbuilt-%1-%2").arg(QCoreApplication::applicationPid()).arg(source));
        QVERIFY2(started.isEmpty(), qPrintable(started));
        QProcess discover;
        discover.setProcessEnvironment(sim.clientEnvironment(m_preload));
        discover.start(m_ibnetdiscover, { QStringLiteral("--node-name-map"), mapPath });
        Stopper stopDiscover { discover };
        QVERIFY(discover.waitForFinished(60000));
        QCOMPARE(discover.exitCode(), 0);
        const std::string output = discover.readAllStandardOutput().toStdString();

        auto observed = asbuilt::parseIbnetdiscover(output, "ibnetdiscover");
        QVERIFY2(observed, observed ? "" : observed.error().message.c_str());
        auto expectation = changes::ibExpectation(design, catalog, {}, *observed);
        QVERIFY2(expectation, expectation ? "" : expectation.error().message.c_str());
        QCOMPARE(expectation->fabric, fabric->name);
        asbuilt::CompareOptions options;
        options.laneCapGbps = asbuilt::laneGbps("HDR"); // ibsim 0.10 reports NDR links as 4xHDR
        const auto report = asbuilt::compareAsBuilt(design, catalog, expectation->links,
                                                    expectation->endpoints, *observed, options);
        std::string all;
        for (const auto &f : report.findings)
            all += std::string(asbuilt::toString(f.kind)) + ": " + f.message + " / " + f.action
                + "\n";
        qInfo("%s", all.c_str());
        QCOMPARE(report.findings.size(), expected.size());
        for (const Expected &e : expected) {
            const asbuilt::Finding *match = nullptr;
            for (const auto &f : report.findings)
                if (f.kind == e.kind)
                    match = &f;
            QVERIFY2(match,
                     (std::string(asbuilt::toString(e.kind)) + " not reported\n" + all).c_str());
            std::set<std::string> named;
            for (const asbuilt::Place &p : match->places) {
                named.insert(p.device + " " + p.port);
                // Every end carries its place on the floor.
                const Device &d = byName(design.devices(), p.device);
                QCOMPARE(p.rack, design.rack(d.rack)->name);
                QCOMPARE(p.u, d.uPosition);
            }
            for (const std::string &end : e.ends)
                QVERIFY2(named.count(end), (end + " not named in: " + match->message).c_str());
            if (!e.action.empty())
                QVERIFY2(match->action == e.action || match->action == e.action2,
                         (match->action + " != " + e.action).c_str());
        }
        // In place: all but the two swapped, the removed and the moved (the 1x link is in place).
        QCOMPARE(report.matchedLinks, static_cast<int>(expectation->links.size()) - 4);
    }
};

QTEST_GUILESS_MAIN(TestAsBuiltIbsim)
#include "tst_asbuilt_ibsim.moc"

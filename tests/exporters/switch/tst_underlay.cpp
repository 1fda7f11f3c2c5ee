// The routed underlay's address plan: values worked by hand for the 2-leaf / 2-spine pod,
// stability when a leaf is added, refusals, and golden files of every underlay export
// (regenerate with CW_UPDATE_GOLDEN=1 and review `git diff tests/data/golden/roce-pod-2x2`).
// tst_underlay_frr runs the same files in FRR.

#include "UnderlayFixtures.h"

#include "exporters/Exporter.h"
#include "exporters/switch/RoceSwitchConfigs.h"
#include "exporters/switch/Underlay.h"
#include "model/io/AtomicFile.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace cw;
using namespace cw::exporters::underlay;
using cw::test::buildPod2x2;
using cw::test::must;

namespace {

std::map<std::string, std::string> exportPod(const Design &design,
                                             const std::map<std::string, std::string> &params)
{
    const Fabric *fabric = nullptr;
    for (const Fabric &f : design.fabrics())
        fabric = &f;
    auto files = exporters::roceSwitchConfigs(design, Catalog::builtin(), *fabric, params);
    if (!files)
        qFatal("%s", files.error().message.c_str());
    std::map<std::string, std::string> result;
    for (const auto &file : *files)
        result[file.path] = file.bytes;
    return result;
}

bool hasLine(const std::string &text, const std::string &line)
{
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        if (l == line)
            return true;
    return false;
}

/// Everything the plan gives an existing device, as comparable text.
std::map<std::string, std::string> addressesOf(const UnderlayPlan &plan)
{
    std::map<std::string, std::string> result;
    for (const UnderlaySwitch &sw : plan.switches) {
        result[sw.hostname + " lo"] = ipv4Text(sw.loopback) + " AS" + std::to_string(sw.asn);
        result[sw.hostname + " mgmt"] = ipv4Text(sw.management);
        for (const FabricPort &port : sw.fabricPorts)
            result[sw.hostname + " " + port.port]
                = ipv4Text(port.localIp) + ">" + ipv4Text(port.peerIp);
        for (const HostPort &port : sw.hostPorts)
            result[sw.hostname + " " + port.port] = ipv4Text(port.leafIp);
    }
    for (const UnderlayHost &host : plan.hosts)
        for (const HostNic &nic : host.nics)
            result[host.hostname + " " + nic.port]
                = ipv4Text(nic.address) + " via " + ipv4Text(nic.gateway);
    return result;
}

} // namespace

class TestUnderlay : public QObject
{
    Q_OBJECT

private slots:
    void podAddressesWorkedByHand()
    {
        const test::Pod pod = buildPod2x2();
        // Ids in creation order (UnderlayFixtures.h): row 1, racks 2-3, leaf01 4, leaf02 5,
        // spine01 6, spine02 7, dgx01-04 8-11, fabric 12, host links 13-20 (dgx01 rail 0 =
        // 13, rail 1 = 14, ...), leaf-spine links 21 (leaf01-spine01) to 24 (leaf02-spine02).
        QCOMPARE(pod.leaves[0].value, 4u);
        QCOMPARE(pod.spines[1].value, 7u);
        QCOMPARE(pod.hosts[0].value, 8u);
        const auto files = exportPod(pod.design, {});
        const std::string leaf01 = files.at("compute-roce/leaf01.frr.conf");
        // Loopback 10.0.0.0/16 + 4; ASN 4201000000 + 4.
        QVERIFY(hasLine(leaf01, " ip address 10.0.0.4/32"));
        QVERIFY(hasLine(leaf01, "router bgp 4201000004"));
        QVERIFY(hasLine(leaf01, " bgp router-id 10.0.0.4"));
        // Link 21 to spine01: 10.1.0.0 + 2 x 21 = 10.1.0.42/31, the spine (upper tier) even.
        QVERIFY(hasLine(leaf01, " ip address 10.1.0.43/31"));
        // Both spines serve the same leaves: one pod, ASN 4202000000 + smallest spine id 6.
        QVERIFY(hasLine(leaf01, " neighbor 10.1.0.42 remote-as 4202000006"));
        // Link 22 to spine02: 10.1.0.44/31.
        QVERIFY(hasLine(leaf01, " neighbor 10.1.0.44 remote-as 4202000006"));
        // dgx01 (id 8) rail 0: block 0 = 10.128.0.0/16, + 2 x 8 = 10.128.0.16/31, leaf even.
        QVERIFY(hasLine(leaf01, "  network 10.128.0.16/31"));
        QVERIFY(hasLine(leaf01, "  network 10.0.0.4/32"));
        QVERIFY(hasLine(leaf01, "  maximum-paths 64"));
        const std::string spine02 = files.at("compute-roce/spine02.frr.conf");
        QVERIFY(hasLine(spine02, "router bgp 4202000006"));
        // Link 24 leaf02-spine02: 10.1.0.48/31, spine02 even; leaf02 is AS 4201000005.
        QVERIFY(hasLine(spine02, " neighbor 10.1.0.49 remote-as 4201000005"));
        // dgx04 (id 11) rail 1: block 1 = 10.129.0.0/16, + 22: host .23, gateway .22.
        const std::string dgx04 = files.at("compute-roce/netplan/dgx04.yaml");
        QVERIFY(hasLine(dgx04, "      addresses: [10.129.0.23/31]"));
        QVERIFY(hasLine(dgx04, "        - to: 10.129.0.0/16"));
        QVERIFY(hasLine(dgx04, "          via: 10.129.0.22"));
        QVERIFY(hasLine(dgx04, "          table: 101"));
        QVERIFY(hasLine(dgx04, "        - from: 10.129.0.23"));
        // SONiC: the same plan in config_db tables.
        const auto db = nlohmann::json::parse(files.at("compute-roce/leaf01.json"));
        QCOMPARE(db["DEVICE_METADATA"]["localhost"]["bgp_asn"].get<std::string>(),
                 std::string("4201000004"));
        QVERIFY(db["LOOPBACK_INTERFACE"].contains("Loopback0|10.0.0.4/32"));
        QCOMPARE(db["BGP_NEIGHBOR"]["10.1.0.42"]["asn"].get<std::string>(),
                 std::string("4202000006"));
        QCOMPARE(db["BGP_NEIGHBOR"]["10.1.0.42"]["local_addr"].get<std::string>(),
                 std::string("10.1.0.43"));
        QVERIFY(db["MGMT_INTERFACE"].contains("eth0|10.254.0.4/16"));
        // The QoS the file had before stays.
        QVERIFY(db.contains("PORT_QOS_MAP"));
        // The table: one loopback row per switch, one host-nic row per NIC.
        const std::string csv = files.at("compute-roce/address-plan.csv");
        // RFC 4180: the header row first, nothing before it; the provenance is its own file.
        QVERIFY(csv.starts_with(
            "kind,device,role,port,address,prefix,peer,peer_port,asn,rail_block\r\n"));
        const std::string provenance = files.at("compute-roce/address-plan-provenance.txt");
        QVERIFY2(provenance.starts_with("Underlay address plan for design \""), provenance.c_str());
        QVERIFY(provenance.ends_with("\nFiles: address-plan.csv (RFC 4180, one header row), "
                                     "address-plan.md; see docs/export-switch-roce.md.\n"));
        QVERIFY(csv.find("loopback,spine01,spine,lo,10.0.0.6,10.0.0.6/32,,,4202000006,\r\n")
                != std::string::npos);
        QVERIFY(csv.find("host-nic,dgx04,host,mlx5_3,10.129.0.23,10.129.0.22/31,leaf02,")
                != std::string::npos);
    }

    void addingALeafRenumbersNothing()
    {
        test::Pod pod = buildPod2x2();
        const Fabric fabric = *pod.design.fabric(pod.fabric);
        auto before = planUnderlay(pod.design, Catalog::builtin(), fabric, {});
        QVERIFY2(before, before ? "" : before.error().message.c_str());
        // A leaf whose name sorts first, cabled to both spines and to a free rail of dgx01.
        DesignBuilder b(pod.design, Catalog::builtin());
        const RackId rack = pod.design.device(pod.hosts[2])->rack;
        const DeviceId leaf00 = must(b.placeDevice(rack, "leaf00", test::kSwitchType, 33,
                                                   DeviceRole::Switch, Face::Front, 0));
        must(b.connect(pod.fabric, b.ports(pod.hosts[0], PortRole::Compute).at(2),
                       must(b.firstFreePort(leaf00, PortRole::Fabric))));
        for (DeviceId spine : pod.spines)
            must(b.connect(pod.fabric, must(b.firstFreePort(leaf00, PortRole::Fabric)),
                           must(b.firstFreePort(spine, PortRole::Fabric))));
        auto after = planUnderlay(pod.design, Catalog::builtin(), fabric, {});
        QVERIFY2(after, after ? "" : after.error().message.c_str());
        const auto old = addressesOf(*before);
        const auto now = addressesOf(*after);
        for (const auto &[what, value] : old)
            QVERIFY2(
                now.count(what) && now.at(what) == value,
                qPrintable(QString::fromStdString(what + ": " + value + " -> "
                                                  + (now.count(what) ? now.at(what) : "gone"))));
        // New: leaf00 lo, mgmt and 3 ports, one new port on each spine, dgx01's third rail.
        QCOMPARE(now.size(), old.size() + 8);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("rename");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("name with a space") << "leaf 01"
                                           << ""
                                           << ""
                                           << "\"leaf 01\": the underlay writes names";
        QTest::newRow("overlapping pools")
            << ""
            << "underlay.p2p"
            << "10.0.0.0/24"
            << "underlay pools overlap: loopbacks 10.0.0.0/16 and p2p 10.0.0.0/24";
        QTest::newRow("pool too small")
            << ""
            << "underlay.loopbacks"
            << "10.0.0.0/30"
            << "device id 4 does not fit the loopbacks pool 10.0.0.0/30";
        QTest::newRow("host bits") << ""
                                   << "underlay.hosts"
                                   << "10.128.0.1/10"
                                   << "underlay.hosts: expected an IPv4 prefix";
        QTest::newRow("peering") << ""
                                 << "underlay"
                                 << "ospf"
                                 << "underlay must be numbered, unnumbered or off";
    }

    void refusals()
    {
        QFETCH(QString, rename);
        QFETCH(QString, param);
        QFETCH(QString, value);
        QFETCH(QString, message);
        test::Pod pod = buildPod2x2();
        if (!rename.isEmpty()) {
            Device leaf = *pod.design.device(pod.leaves[0]);
            leaf.name = rename.toStdString();
            pod.design.updateDevice(leaf);
        }
        std::map<std::string, std::string> params;
        if (!param.isEmpty())
            params[param.toStdString()] = value.toStdString();
        auto files = exporters::roceSwitchConfigs(pod.design, Catalog::builtin(),
                                                  *pod.design.fabric(pod.fabric), params);
        QVERIFY(!files);
        QVERIFY2(files.error().message.find(message.toStdString()) != std::string::npos,
                 files.error().message.c_str());
    }

    void goldenFiles()
    {
        const test::Pod pod = buildPod2x2();
        exporters::ExporterRegistry registry;
        exporters::registerBuiltinExporters(registry);
        const std::filesystem::path folder
            = std::filesystem::path(CW_TEST_DATA_DIR) / "golden" / "roce-pod-2x2";
        for (const auto &[name, params] :
             { std::pair<std::string, std::map<std::string, std::string>> { "switch", {} },
               { "switch-unnumbered",
                 { { "underlay", "unnumbered" }, { "underlay.bfd", "on" } } } }) {
            auto result = registry.find("switch")->run({ pod.design, Catalog::builtin(), params });
            QVERIFY2(result, result ? "" : result.error().message.c_str());
            std::set<std::string> paths;
            for (const auto &file : result->files) {
                if (file.path.rfind("compute-roce/", 0) != 0)
                    continue; // the management fabric's files are the existing exporters'
                const std::filesystem::path path = folder / name / file.path;
                paths.insert(file.path);
                if (qEnvironmentVariableIsSet("CW_UPDATE_GOLDEN")) {
                    std::filesystem::create_directories(path.parent_path());
                    QVERIFY(writeFileAtomically(path, file.bytes).ok());
                    continue;
                }
                std::ifstream in(path, std::ios::binary);
                QVERIFY2(
                    in, ("missing golden file " + path.string() + " (CW_UPDATE_GOLDEN=1)").c_str());
                const std::string golden((std::istreambuf_iterator<char>(in)),
                                         std::istreambuf_iterator<char>());
                QVERIFY2(golden == file.bytes, ("differs from golden: " + path.string()).c_str());
            }
            QVERIFY(paths.count("compute-roce/leaf01.frr.conf")
                    && paths.count("compute-roce/address-plan.md"));
        }
    }
};

QTEST_GUILESS_MAIN(TestUnderlay)
#include "tst_underlay.moc"

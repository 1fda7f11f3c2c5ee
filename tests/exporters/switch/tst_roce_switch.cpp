// RoCE / Ethernet switch configurations: SONiC config_db.json fragments, Cumulus NVUE command
// files and Arista EOS configs for generated RoCE fat trees, checked value by value against
// the QoS profile, the cabling and the PFC headroom worked out by hand.

#include "exporters/common/ExportWriter.h"
#include "exporters/switch/RoceSwitchConfigs.h"
#include "exporters/switch/RoceSwitchPlan.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "model/validation/ValidationEngine.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <map>
#include <set>

using namespace cw;
using nlohmann::json;

namespace {

// Hand-worked PFC headroom (ref:sonic-buffer-headroom, SONiC buffer_headroom_mellanox.lua) for one
// lossless priority of a 400 Gb/s port with the Spectrum-2/-3 ASIC defaults (cell 144 B,
// pipeline latency 18 KB, mac/phy delay 0.8 KB, lossless MTU 1024 B, 100 % small packets):
//   peer response   = 905 quanta x 512 bit / 8               =  57 920 B
//   bytes on cable  = 2 x 100 m x 400 000 Mb/s x 1e9 / 1.98e8 / 8192 = 49 321.34 B
//   propagation     = 9216 (MTU) + 49 321.34 + 819.2 + 57 920 = 117 276.54 B
//   cell occupancy  = 144 / 64 = 2.25 (cell > 128, all small packets)
//   xoff            = ceil_1024(1024 + 117 276.54 x 2.25 = 264 896.2) = 259 x 1024 = 265 216 B
//   xon             = 18 x 1024 = 18 432 B;  size = xoff + xon = 283 648 B
constexpr int kXoff400G100m = 265216;
constexpr int kXon = 18432;
constexpr int kSize400G100m = 283648;
// An 800 Gb/s port (SN5600 uplinks), 100 m, MTU 9216: same 905 quanta (57 920 B), cable
//   2 x 49 321.34 = 98 642.68 B; propagation = 9216 + 98 642.68 + 819.2 + 57 920 = 166 597.88 B;
//   xoff = ceil_1024(1024 + 166 597.88 x 2.25 = 375 869.2) = 368 x 1024 = 376 832 B;
//   size = 376 832 + 18 432 = 395 264 B
// The same at 300 m and MTU 9100 (the override test):
//   bytes on cable = 3 x 49 321.34 = 147 964.02 B; propagation = 9100 + 147 964.02 + 819.2
//   + 57 920 = 215 803.22 B; xoff = ceil_1024(1024 + 215 803.22 x 2.25 = 486 581.2)
//   = 476 x 1024 = 487 424 B; size = 487 424 + 18 432 = 505 856 B
constexpr int kXoff400G300m = 487424;
constexpr int kSize400G300m = 505856;

Design generate(const std::map<std::string, std::string> &extra)
{
    std::map<std::string, std::string> params { { "technology", "roce" }, { "nodes", "8" } };
    for (const auto &[key, value] : extra)
        params[key] = value;
    auto generated = generateDesign("fat-tree", params, Catalog::builtin());
    if (!generated)
        qFatal("generateDesign failed: %s", generated.error().message.c_str());
    return std::move(generated).value().design;
}

const Fabric &fabricNamed(const Design &design, const std::string &name)
{
    for (const Fabric &fabric : design.fabrics())
        if (fabric.name == name)
            return fabric;
    qFatal("no fabric %s", name.c_str());
    std::abort();
}

std::map<std::string, std::string> exportFabric(const Design &design, const Fabric &fabric)
{
    auto files = exporters::roceSwitchConfigs(design, Catalog::builtin(), fabric);
    if (!files)
        qFatal("roceSwitchConfigs failed: %s", files.error().message.c_str());
    std::map<std::string, std::string> result;
    for (const auto &file : *files) {
        if (!result.emplace(file.path, file.bytes).second)
            qFatal("duplicate path %s", file.path.c_str());
    }
    return result;
}

/// What the cabling says, derived here straight from the links (not from the exporter's
/// plan): per switch of the fabric, port name -> "to <peer> <peer port>".
struct ExpectedSwitch
{
    const Device *device = nullptr;
    std::map<std::string, std::string> descriptions;
    std::map<std::string, double> lengthsM;
    std::map<std::string, double> speedsGbps; ///< the slower of the two catalog ports
};

std::map<std::string, ExpectedSwitch> expectedSwitches(const Design &design, const Fabric &fabric)
{
    const Catalog &catalog = Catalog::builtin();
    std::map<std::string, ExpectedSwitch> result;
    const auto portName = [&](const PortRef &ref) {
        const Part *part = catalog.find(design.device(ref.device)->catalogType);
        return part->ports.at(static_cast<std::size_t>(ref.port));
    };
    for (const Link &link : design.links()) {
        if (link.fabric != fabric.id)
            continue;
        for (const auto &[self, peer] :
             { std::pair { link.a, link.b }, std::pair { link.b, link.a } }) {
            const Device *device = design.device(self.device);
            if (device->role != DeviceRole::Switch || portName(self).role == PortRole::Management)
                continue;
            ExpectedSwitch &entry = result[device->name];
            entry.device = device;
            entry.descriptions[portName(self).name]
                = "to " + design.device(peer.device)->name + " " + portName(peer).name;
            entry.lengthsM[portName(self).name] = link.lengthM;
            entry.speedsGbps[portName(self).name]
                = std::min(portName(self).speedGbps, portName(peer).speedGbps);
        }
    }
    return result;
}

bool hasLine(const std::string &text, const std::string &line)
{
    const std::string wanted = "\n" + line + "\n";
    return ("\n" + text).find(wanted) != std::string::npos;
}

} // namespace

class TestRoceSwitch : public QObject
{
    Q_OBJECT

private slots:
    void profileIsTheValidatedOne()
    {
        // The exported values are the fabric profile's; the generated design passes every
        // roce.* rule with it, so the files carry values the deck accepted.
        for (const char *switchType : { "sonic-64x400g", "sn5600", "arista-7060dx5-64s" }) {
            const Design design = generate({ { "switch-type", switchType } });
            ValidationEngine engine(Catalog::builtin());
            const ValidationResult result = engine.runFull(design);
            QVERIFY(std::count(result.rulesRun.begin(), result.rulesRun.end(), "roce.headroom"));
            for (const Violation &violation : result.violations)
                QVERIFY2(violation.ruleKey.rfind("roce.", 0) != 0,
                         (std::string(switchType) + ": " + violation.message).c_str());
        }
    }

    void sonicFatTree()
    {
        const Design design = generate({}); // default RoCE switch: sonic-64x400g
        const Fabric &fabric = fabricNamed(design, "compute-roce");
        const auto files = exportFabric(design, fabric);
        const auto expected = expectedSwitches(design, fabric);
        QVERIFY(expected.size() >= 2);
        QCOMPARE(files.size(), expected.size()); // one file per switch of the fabric

        for (const auto &[name, sw] : expected) {
            const std::string path = "compute-roce/" + name + ".json";
            QVERIFY2(files.count(path), path.c_str());
            const json db = json::parse(files.at(path)); // throws (test fails) if not JSON
            for (const char *table :
                 { "DEVICE_METADATA", "PORT", "PORT_QOS_MAP", "DSCP_TO_TC_MAP",
                   "TC_TO_PRIORITY_GROUP_MAP", "TC_TO_QUEUE_MAP", "MAP_PFC_PRIORITY_TO_QUEUE",
                   "PFC_WD", "WRED_PROFILE", "BUFFER_PROFILE", "BUFFER_PG", "QUEUE", "SCHEDULER",
                   "CABLE_LENGTH" })
                QVERIFY2(db.contains(table), table);
            QCOMPARE(db["DEVICE_METADATA"]["localhost"]["hostname"].get<std::string>(), name);

            // QoS profile defaults (ref:nvidia-cumulus-roce): DSCP 26 and 24-31 -> TC3, CNP 48 ->
            // TC6, everything else TC0 (DSCP 10 is priority 1, not lossless, so TC0).
            const json &dscp = db["DSCP_TO_TC_MAP"]["ROCE"];
            QCOMPARE(dscp.size(), std::size_t(64));
            QCOMPARE(dscp["26"].get<std::string>(), std::string("3"));
            QCOMPARE(dscp["24"].get<std::string>(), std::string("3"));
            QCOMPARE(dscp["48"].get<std::string>(), std::string("6"));
            QCOMPARE(dscp["0"].get<std::string>(), std::string("0"));
            QCOMPARE(dscp["10"].get<std::string>(), std::string("0"));
            QCOMPARE(db["TC_TO_PRIORITY_GROUP_MAP"]["ROCE"]["3"].get<std::string>(),
                     std::string("3"));
            QCOMPARE(db["TC_TO_PRIORITY_GROUP_MAP"]["ROCE"]["1"].get<std::string>(),
                     std::string("0"));

            const json &wred = db["WRED_PROFILE"]["ROCE_LOSSLESS"];
            QCOMPARE(wred["ecn"].get<std::string>(), std::string("ecn_all"));
            QCOMPARE(wred["green_min_threshold"].get<std::string>(), std::string("150000"));
            QCOMPARE(wred["green_max_threshold"].get<std::string>(), std::string("1500000"));
            QCOMPARE(wred["green_drop_probability"].get<std::string>(), std::string("100"));
            QCOMPARE(wred["wred_green_enable"].get<std::string>(), std::string("true"));
            // SONiC pfcwd default poll 200 ms, not above the 200 ms detection
            // (ref:nvidia-cumulus-roce).
            QCOMPARE(db["PFC_WD"]["GLOBAL"]["POLL_INTERVAL"].get<std::string>(),
                     std::string("200"));

            const json &profile = db["BUFFER_PROFILE"]["pg_lossless_400000_100m_profile"];
            QCOMPARE(profile["xoff"].get<std::string>(), std::to_string(kXoff400G100m));
            QCOMPARE(profile["xon"].get<std::string>(), std::to_string(kXon));
            QCOMPARE(profile["size"].get<std::string>(), std::to_string(kSize400G100m));
            QCOMPARE(db["BUFFER_PROFILE"].size(), std::size_t(1));

            QCOMPARE(db["PORT"].size(), sw.descriptions.size());
            for (const auto &[port, description] : sw.descriptions) {
                QVERIFY(sw.lengthsM.at(port) <= 100); // else the 100 m sizing would not hold
                const json &entry = db["PORT"][port];
                QCOMPARE(entry["description"].get<std::string>(), description);
                QCOMPARE(entry["mtu"].get<std::string>(), std::string("9216"));
                // DGX H100 ConnectX-7 and the switch ports are both 400G.
                QCOMPARE(entry["speed"].get<std::string>(), std::string("400000"));
                const json &qos = db["PORT_QOS_MAP"][port];
                QCOMPARE(qos["pfc_enable"].get<std::string>(), std::string("3"));
                QCOMPARE(qos["pfcwd_sw_enable"].get<std::string>(), std::string("3"));
                QCOMPARE(qos["dscp_to_tc_map"].get<std::string>(), std::string("ROCE"));
                QCOMPARE(db["BUFFER_PG"][port + "|3"]["profile"].get<std::string>(),
                         std::string("pg_lossless_400000_100m_profile"));
                QCOMPARE(db["QUEUE"][port + "|3"]["wred_profile"].get<std::string>(),
                         std::string("ROCE_LOSSLESS"));
                QVERIFY(!db["QUEUE"][port + "|0"].contains("wred_profile"));
                QCOMPARE(db["PFC_WD"][port]["detection_time"].get<std::string>(),
                         std::string("200"));
                QCOMPARE(db["PFC_WD"][port]["action"].get<std::string>(), std::string("drop"));
                QCOMPARE(db["CABLE_LENGTH"]["AZURE"][port].get<std::string>(), std::string("100m"));
            }
            // ETS (ref:nvidia-cumulus-roce): TC3 and TC0 DWRR 50 %, CNP TC6 strict.
            QCOMPARE(db["SCHEDULER"]["scheduler.roce_tc3"]["weight"].get<std::string>(),
                     std::string("50"));
            QCOMPARE(db["SCHEDULER"]["scheduler.roce_tc0"]["weight"].get<std::string>(),
                     std::string("50"));
            QCOMPARE(db["SCHEDULER"]["scheduler.roce_tc6"]["type"].get<std::string>(),
                     std::string("STRICT"));
        }
    }

    void nvueFatTree()
    {
        const Design design = generate({ { "switch-type", "sn5600" } });
        const Fabric &fabric = fabricNamed(design, "compute-roce");
        const auto files = exportFabric(design, fabric);
        const auto expected = expectedSwitches(design, fabric);
        QCOMPARE(files.size(), expected.size());
        for (const auto &[name, sw] : expected) {
            const std::string path = "compute-roce/" + name + ".nvue";
            QVERIFY2(files.count(path), path.c_str());
            const std::string &text = files.at(path);
            QVERIFY(text.rfind("# ", 0) == 0); // the file header comes first
            QVERIFY(text.find(design.name()) != std::string::npos);
            for (const std::string &line :
                 { "nv set system hostname " + name, std::string("nv set qos roce mode lossless"),
                   std::string("nv set qos mapping default-global trust l3"),
                   std::string("nv set qos mapping default-global dscp "
                               "24,25,26,27,28,29,30,31 switch-priority 3"),
                   std::string("nv set qos egress-queue-mapping default-global switch-priority "
                               "3 traffic-class 3"),
                   std::string("nv set qos egress-queue-mapping default-global switch-priority "
                               "1 traffic-class 0"),
                   std::string("nv set qos pfc default-global switch-priority 3"),
                   std::string("nv set qos pfc default-global cable-length 100"),
                   std::string("nv set qos congestion-control default-global traffic-class 3 "
                               "min-threshold 150000"),
                   std::string("nv set qos congestion-control default-global traffic-class 3 "
                               "max-threshold 1500000"),
                   std::string("nv set qos congestion-control default-global traffic-class 3 "
                               "probability 100"),
                   std::string("nv set qos egress-scheduler default-global traffic-class 6 mode "
                               "strict"),
                   // detection 200 ms = 1 x 200 ms poll; restoration one 200 ms poll
                   std::string("nv set qos pfc-watchdog polling-interval 200"),
                   std::string("nv set qos pfc-watchdog robustness 1"),
                   std::string("nv config apply --assume-yes") })
                QVERIFY2(hasLine(text, line), (path + ": " + line).c_str());
            // DGX-facing ports run at 400G (ConnectX-7), switch-to-switch ports at 800G.
            std::map<double, int> portsAt;
            for (const auto &[port, speed] : sw.speedsGbps)
                ++portsAt[speed];
            QVERIFY(portsAt.count(400) || portsAt.count(800));
            if (portsAt.count(400))
                QVERIFY(hasLine(text,
                                "#   400G ports, 100 m: xoff 265216 B + xon 18432 B = "
                                "283648 B ("
                                    + std::to_string(portsAt[400]) + " ports)"));
            if (portsAt.count(800))
                QVERIFY(hasLine(text,
                                "#   800G ports, 100 m: xoff 376832 B + xon 18432 B = "
                                "395264 B ("
                                    + std::to_string(portsAt[800]) + " ports)"));
            for (const auto &[port, description] : sw.descriptions) {
                const std::string prefix = "nv set interface " + port;
                QVERIFY2(hasLine(text, prefix + " description \"" + description + "\""),
                         (path + " " + port).c_str());
                QVERIFY(hasLine(text, prefix + " link mtu 9216"));
                QVERIFY(hasLine(text, prefix + " qos pfc-watchdog state enable"));
            }
        }
    }

    void eosFatTree()
    {
        const Design design = generate({ { "switch-type", "arista-7060dx5-64s" } });
        const Fabric &fabric = fabricNamed(design, "compute-roce");
        const auto files = exportFabric(design, fabric);
        const auto expected = expectedSwitches(design, fabric);
        QCOMPARE(files.size(), expected.size());
        for (const auto &[name, sw] : expected) {
            const std::string path = "compute-roce/" + name + ".eos";
            QVERIFY2(files.count(path), path.c_str());
            const std::string &text = files.at(path);
            QVERIFY(text.rfind("! ", 0) == 0);
            for (const std::string &line :
                 { "hostname " + name,
                   std::string("qos map dscp 24 25 26 27 28 29 30 31 to traffic-class 3"),
                   std::string("qos map dscp 48 49 50 51 52 53 54 55 to traffic-class 6"),
                   std::string("qos profile ROCE_LOSSLESS"), std::string("   qos trust dscp"),
                   std::string("   uc-tx-queue 3"), std::string("      bandwidth percent 50"),
                   std::string("      random-detect ecn minimum-threshold 150000 bytes "
                               "maximum-threshold 1500000 bytes max-mark-probability 100"),
                   std::string("   uc-tx-queue 6"), std::string("      priority strict"),
                   std::string("   priority-flow-control on"),
                   std::string("   priority-flow-control priority 3 no-drop"),
                   std::string("   priority-flow-control pause watchdog"),
                   // 200 ms detection / restoration in seconds, polling half of that
                   std::string("priority-flow-control pause watchdog default timeout 0.2"),
                   std::string("priority-flow-control pause watchdog default recovery-time 0.2"),
                   std::string("priority-flow-control pause watchdog default polling-interval 0.1"),
                   std::string("end") })
                QVERIFY2(hasLine(text, line), (path + ": " + line).c_str());
            // DSCP 0-23 and 32-47, 56-63 all land in TC 0: one line with 40 values.
            QVERIFY(text.find("qos map dscp 0 1 2 3 4 5 6 7 8 ") != std::string::npos);
            for (const auto &[port, description] : sw.descriptions) {
                const std::string block = "\ninterface " + port + "\n   description " + description
                    + "\n   mtu 9214\n   service-profile ROCE_LOSSLESS\n";
                QVERIFY2(text.find(block) != std::string::npos, (path + " " + port).c_str());
            }
        }
    }

    void deviceOverrideWins()
    {
        Design design = generate({});
        const Fabric &fabric = fabricNamed(design, "compute-roce");
        const auto expected = expectedSwitches(design, fabric);
        Device leaf = *expected.begin()->second.device;
        QosProfile own = fabric.qos;
        own.ecnMinBytes = 100000;
        own.ecnMaxBytes = 1000000;
        own.switchMtu = 9100;
        own.pfcCableLengthM = 300;
        own.losslessPriorities = { 3, 4 };
        leaf.qos = own;
        design.updateDevice(leaf);

        const auto files = exportFabric(design, fabric);
        const json db = json::parse(files.at("compute-roce/" + leaf.name + ".json"));
        QCOMPARE(db["WRED_PROFILE"]["ROCE_LOSSLESS"]["green_min_threshold"].get<std::string>(),
                 std::string("100000"));
        QCOMPARE(db["WRED_PROFILE"]["ROCE_LOSSLESS"]["green_max_threshold"].get<std::string>(),
                 std::string("1000000"));
        // Priority 4 lossless now: DSCP 32-39 (priority 4 by DSCP >> 3) -> TC4 with its own PG.
        QCOMPARE(db["DSCP_TO_TC_MAP"]["ROCE"]["33"].get<std::string>(), std::string("4"));
        QCOMPARE(db["TC_TO_PRIORITY_GROUP_MAP"]["ROCE"]["4"].get<std::string>(), std::string("4"));
        // Three DWRR classes (0, 3, 4) share 100 %: 34 + 33 + 33.
        QCOMPARE(db["SCHEDULER"]["scheduler.roce_tc0"]["weight"].get<std::string>(),
                 std::string("34"));
        QCOMPARE(db["SCHEDULER"]["scheduler.roce_tc4"]["weight"].get<std::string>(),
                 std::string("33"));
        const json &profile = db["BUFFER_PROFILE"]["pg_lossless_400000_300m_profile"];
        QCOMPARE(profile["xoff"].get<std::string>(), std::to_string(kXoff400G300m));
        QCOMPARE(profile["size"].get<std::string>(), std::to_string(kSize400G300m));
        for (const auto &[port, entry] : db["PORT"].items()) {
            QCOMPARE(entry["mtu"].get<std::string>(), std::string("9100"));
            QCOMPARE(db["PORT_QOS_MAP"][port]["pfc_enable"].get<std::string>(), std::string("3,4"));
            QVERIFY(db["BUFFER_PG"].contains(port + "|4"));
        }
        // Another switch still follows the fabric profile.
        const std::string other = std::next(expected.begin())->first;
        const json otherDb = json::parse(files.at("compute-roce/" + other + ".json"));
        QCOMPARE(otherDb["WRED_PROFILE"]["ROCE_LOSSLESS"]["green_min_threshold"].get<std::string>(),
                 std::string("150000"));
    }

    void ethernetFabricIsBridged()
    {
        const Design design = generate({});
        const Fabric &oob = fabricNamed(design, "oob-mgmt");
        const auto files = exportFabric(design, oob);
        const auto expected = expectedSwitches(design, oob);
        QVERIFY(!expected.empty());
        QCOMPARE(files.size(), expected.size()); // the management switches only
        for (const auto &[name, sw] : expected) {
            // mgmt-48x1g is an NVIDIA SN2201 with os "cumulus".
            const std::string &text = files.at("oob-mgmt/" + name + ".nvue");
            QVERIFY(hasLine(text, "nv set system hostname " + name));
            QVERIFY(text.find("qos") == std::string::npos);
            QVERIFY(text.find("QoS profile") == std::string::npos); // no QoS claim for the MTU
            // Cumulus bridges no swp port by default (CL 5.x Ethernet Bridging - VLANs): the
            // default bridge carries the management VLAN (default 10).
            QVERIFY(hasLine(text, "nv set bridge domain br_default vlan 10"));
            for (const auto &[port, description] : sw.descriptions) {
                QVERIFY(hasLine(
                    text, "nv set interface " + port + " description \"" + description + "\""));
                QVERIFY(hasLine(text, "nv set interface " + port + " link mtu 9216"));
            }
        }
    }

    void managementUplinksAreTrunks()
    {
        // SuperPOD 1 SU (superpod-h100 template): the two management leaves mgmt0001 and
        // mgmt0002 each uplink on swp48 to the aggregation switch mgmt-agg0003 (swp1, swp2);
        // every other cabled port faces a BMC, a server or an IB switch's management port
        // (mgmt0). Worked from the links: a port is a trunk exactly when its far end is a
        // non-management port of another switch (tests derive it here, not from the plan).
        auto generated = generateDesign("superpod-h100", { { "sus", "1" } }, Catalog::builtin());
        QVERIFY(generated);
        const Design &design = generated->design;
        const Catalog &catalog = Catalog::builtin();
        const Fabric &oob = fabricNamed(design, "oob-mgmt");
        std::map<std::string, std::map<std::string, bool>> trunk; // switch -> port -> trunk
        for (const Link &link : design.links()) {
            if (link.fabric != oob.id)
                continue;
            for (const auto &[self, peer] :
                 { std::pair { link.a, link.b }, std::pair { link.b, link.a } }) {
                const Device *device = design.device(self.device);
                const Device *far = design.device(peer.device);
                const PortSpec &own = catalog.find(device->catalogType)->ports.at(self.port);
                const PortSpec &farPort = catalog.find(far->catalogType)->ports.at(peer.port);
                if (device->role != DeviceRole::Switch || own.role == PortRole::Management)
                    continue;
                trunk[device->name][own.name]
                    = far->role == DeviceRole::Switch && farPort.role != PortRole::Management;
            }
        }
        // Only the three management switches have files; IB leaves are hosts of oob-mgmt.
        QCOMPARE(trunk.size(), std::size_t(3));
        // Uplinks run on the SN2201's 100G QSFP28 ports swp49-52: each leaf's swp49 up, the
        // aggregation switch's swp50 and swp51 down to its two children.
        QCOMPARE(trunk["mgmt-agg0003"],
                 (std::map<std::string, bool> { { "swp50", true }, { "swp51", true } }));
        QVERIFY(trunk["mgmt0001"].at("swp49"));
        QVERIFY(trunk["mgmt0002"].at("swp49"));
        QVERIFY(!trunk["mgmt0001"].at("swp1"));

        const auto files = exportFabric(design, oob);
        QCOMPARE(files.size(), std::size_t(3));
        int trunks = 0, access = 0;
        for (const auto &[name, ports] : trunk) {
            const std::string &text = files.at("oob-mgmt/" + name + ".nvue");
            for (const auto &[port, isTrunk] : ports) {
                const std::string prefix = "nv set interface " + port + " bridge domain br_default";
                QVERIFY2(hasLine(text, isTrunk ? prefix : prefix + " access 10"),
                         (name + " " + port).c_str());
                QVERIFY(hasLine(text, prefix + " access 10") != isTrunk);
                ++(isTrunk ? trunks : access);
            }
        }
        // 2 agg ports + swp48 on each leaf.
        QCOMPARE(trunks, 4);
        QVERIFY(access > 0);

        // A fabric name is printed in comments only: a line break in it cannot add a command.
        Design hostile = design;
        Fabric renamed = oob;
        renamed.name = "oob\nnv unset bridge";
        hostile.updateFabric(renamed);
        for (const auto &[path, text] : exportFabric(hostile, renamed))
            QVERIFY2(!hasLine(text, "nv unset bridge"), path.c_str());
    }

    void plainEthernetSonicAndEos()
    {
        // The compute fabric as plain Ethernet: no QoS tables, one VLAN. Leaf ports to the
        // DGX nodes are untagged members, leaf-spine links tagged (a switch at the far end).
        for (const char *switchType : { "sonic-64x400g", "arista-7060dx5-64s" }) {
            Design plain = generate({ { "switch-type", switchType } });
            Fabric compute = fabricNamed(plain, "compute-roce");
            compute.technology = Technology::Ethernet;
            plain.updateFabric(compute);
            const auto expected = expectedSwitches(plain, compute);
            const auto files = exportFabric(plain, compute);
            QCOMPARE(files.size(), expected.size());
            for (const auto &[name, sw] : expected) {
                std::map<std::string, bool> trunk;
                for (const auto &[port, description] : sw.descriptions) {
                    const std::string peer = description.substr(3, description.rfind(' ') - 3);
                    bool isSwitch = false;
                    for (const Device &device : plain.devices())
                        isSwitch = isSwitch
                            || (device.name == peer && device.role == DeviceRole::Switch);
                    trunk[port] = isSwitch;
                }
                if (std::string(switchType) == "sonic-64x400g") {
                    const json db = json::parse(files.at("compute-roce/" + name + ".json"));
                    QCOMPARE(db.size(), std::size_t(4));
                    for (const char *table : { "DEVICE_METADATA", "PORT", "VLAN", "VLAN_MEMBER" })
                        QVERIFY2(db.contains(table), table);
                    QCOMPARE(db["VLAN"]["Vlan10"]["vlanid"].get<std::string>(), std::string("10"));
                    QCOMPARE(db["VLAN_MEMBER"].size(), trunk.size());
                    for (const auto &[port, isTrunk] : trunk) {
                        QCOMPARE(
                            db["VLAN_MEMBER"]["Vlan10|" + port]["tagging_mode"].get<std::string>(),
                            std::string(isTrunk ? "tagged" : "untagged"));
                        QCOMPARE(db["PORT"][port]["mtu"].get<std::string>(), std::string("9216"));
                    }
                } else {
                    const std::string &text = files.at("compute-roce/" + name + ".eos");
                    QVERIFY(hasLine(text, "vlan 10"));
                    QVERIFY(text.find("qos") == std::string::npos);
                    for (const auto &[port, isTrunk] : trunk) {
                        const std::string block = "\ninterface " + port + "\n   description "
                            + sw.descriptions.at(port) + "\n   mtu 9214\n"
                            + (isTrunk ? "   switchport mode trunk\n   switchport trunk allowed "
                                         "vlan 10\n"
                                       : "   switchport access vlan 10\n");
                        QVERIFY2(text.find(block) != std::string::npos, (name + port).c_str());
                    }
                }
                // Both kinds occur on a leaf (DGX ports and spine uplinks).
                int trunks = 0;
                for (const auto &[port, isTrunk] : trunk)
                    trunks += isTrunk ? 1 : 0;
                QVERIFY(trunks > 0);
            }
        }
    }

    void determinism()
    {
        const Design a = generate({});
        const Design b = generate({});
        for (const char *name : { "compute-roce", "storage-roce", "oob-mgmt" }) {
            const auto first = exportFabric(a, fabricNamed(a, name));
            QCOMPARE(exportFabric(a, fabricNamed(a, name)), first);
            QCOMPARE(exportFabric(b, fabricNamed(b, name)), first);
        }
    }

    void namesAreSanitised()
    {
        Design design = generate({});
        const Fabric &fabric = fabricNamed(design, "compute-roce");
        auto expected = expectedSwitches(design, fabric);
        auto it = expected.begin();
        Device first = *it->second.device;
        Device second = *std::next(it)->second.device;
        if (second.id < first.id)
            std::swap(first, second);
        first.name = "../../x y";
        // Already a safe name, and the one the first sanitises to ("___.._x_y").
        second.name = exporters::safeFileName(first.name);
        design.updateDevice(first);
        design.updateDevice(second);
        const auto files = exportFabric(design, fabric);
        QCOMPARE(files.size(), expected.size());
        for (const auto &[path, bytes] : files)
            QVERIFY2(exporters::checkRelativePath(path).ok(), path.c_str());
        // Files are made in device id order: the later one gets its id appended.
        const std::string firstPath = "compute-roce/___.._x_y.json";
        QVERIFY(files.count(firstPath));
        QVERIFY(files.count("compute-roce/___.._x_y_" + std::to_string(second.id.value) + ".json"));
        // The hostname keeps letters, digits, '-' and '.' only.
        QCOMPARE(json::parse(files.at(firstPath))["DEVICE_METADATA"]["localhost"]["hostname"]
                     .get<std::string>(),
                 std::string("..-..-x-y"));
    }

    void badProfileIsAnError()
    {
        Design design = generate({});
        Fabric fabric = fabricNamed(design, "compute-roce");
        fabric.qos.pfcPriority = 9;
        design.updateFabric(fabric);
        auto files = exporters::roceSwitchConfigs(design, Catalog::builtin(), fabric);
        QVERIFY(!files);
        QVERIFY(QString::fromStdString(files.error().message).contains("0-7"));
    }

    void osFamilyRule()
    {
        using exporters::roce::SwitchOs;
        using exporters::roce::switchOsOf;
        const Catalog &catalog = Catalog::builtin();
        QVERIFY(switchOsOf(*catalog.find("sonic-64x400g")) == SwitchOs::Sonic);
        QVERIFY(switchOsOf(*catalog.find("sn5600")) == SwitchOs::Nvue);
        QVERIFY(switchOsOf(*catalog.find("mgmt-48x1g")) == SwitchOs::Nvue);
        QVERIFY(switchOsOf(*catalog.find("arista-7060dx5-64s")) == SwitchOs::Eos);
        // Without an `os` the vendor decides.
        Part part;
        part.kind = PartKind::Switch;
        part.vendor = "NVIDIA";
        QVERIFY(switchOsOf(part) == SwitchOs::Nvue);
        part.vendor = "Arista";
        QVERIFY(switchOsOf(part) == SwitchOs::Eos);
        part.vendor = "Edgecore";
        QVERIFY(switchOsOf(part) == SwitchOs::Sonic);
    }
};

QTEST_GUILESS_MAIN(TestRoceSwitch)
#include "tst_roce_switch.moc"

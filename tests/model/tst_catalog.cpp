// The parts catalog: every built-in file loads, figures are sane and sourced, and user files
// add or replace parts with errors that name the file and the JSON pointer.

#include "model/catalog/Catalog.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace cw;

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void builtinLoadsEveryKind()
    {
        const Catalog &catalog = Catalog::builtin();
        for (PartKind kind : { PartKind::Gpu, PartKind::Server, PartKind::Nic, PartKind::Switch,
                               PartKind::Storage, PartKind::Cable, PartKind::Transceiver,
                               PartKind::Rack, PartKind::Pdu, PartKind::Cdu })
            QVERIFY2(!catalog.partsOfKind(kind).empty(), toString(kind).data());
        for (const auto &part : catalog.parts())
            QVERIFY2(!part->source.empty(), part->id.c_str());
    }

    void partsTheIssueNames()
    {
        const Catalog &catalog = Catalog::builtin();
        for (const char *id : { "h100-sxm-80gb",
                                "h200-sxm-141gb",
                                "b200-sxm-180gb",
                                "a100-sxm-80gb",
                                "l40s-48gb",
                                "dgx-h100",
                                "dgx-b200",
                                "dgx-a100",
                                "xe9680-h100",
                                "sys-821ge-h100",
                                "gpu-server-4x-l40s-pcie",
                                "connectx-7-400g",
                                "connectx-6-200g-hdr",
                                "bluefield-3-400g",
                                "qm9700",
                                "qm8700",
                                "sn5600",
                                "mgmt-48x1g",
                                "lustre-mds",
                                "lustre-oss",
                                "weka-node",
                                "vast-enclosure",
                                "ddn-ai400x2",
                                "rack-42u-air",
                                "rack-48u-air",
                                "rack-48u-liquid" })
            QVERIFY2(catalog.find(id), id);
    }

    void dgxH100Figures()
    {
        // ref:nvidia-dgx-h100-ug: 10.2 kW max, 6 x 3.3 kW PSUs in 4+2, 8 compute NICs in rail
        // order mlx5_0,3,4,5,6,9,10,11, 2 x 56-core sockets.
        const Part *dgx = Catalog::builtin().find("dgx-h100");
        QVERIFY(dgx && dgx->server);
        QCOMPARE(dgx->maxPowerW, 10200.0);
        QCOMPARE(dgx->server->psu.count, 6);
        QCOMPARE(dgx->server->psu.ratingW, 3300.0);
        QCOMPARE(dgx->server->psu.redundant, 2);
        // 4 working PSUs carry the full load: 4 x 3.3 kW = 13.2 kW >= 10.2 kW.
        QVERIFY((dgx->server->psu.count - dgx->server->psu.redundant) * dgx->server->psu.ratingW
                >= dgx->maxPowerW);
        QCOMPARE(dgx->server->gpuCount, 8);
        QCOMPARE(dgx->server->cpu.sockets * dgx->server->cpu.coresPerSocket, 112);
        QCOMPARE(dgx->uHeight, 8);
        std::vector<std::string> rails;
        for (const PortSpec &port : dgx->ports)
            if (port.role == PortRole::Compute)
                rails.push_back(port.name);
        QCOMPARE(rails,
                 (std::vector<std::string> { "mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6",
                                             "mlx5_9", "mlx5_10", "mlx5_11" }));
        QCOMPARE(dgx->server->topology.numa.size(), std::size_t(2));
        QCOMPARE(dgx->server->topology.numa[1].cores, std::string("56-111"));
    }

    void switchFigures()
    {
        // QM9700: 64 x NDR 400 Gb/s (ref:nvidia-qm97x0-um, ref:linux-mlx-platform-qm97xx).
        const Part *qm9700 = Catalog::builtin().find("qm9700");
        QCOMPARE(qm9700->countPorts(PortRole::Fabric), 64);
        QCOMPARE(qm9700->ports[0].speedGbps, 400.0);
        QCOMPARE(qm9700->network->radix, 64);
        const Part *qm8700 = Catalog::builtin().find("qm8700");
        QCOMPARE(qm8700->countPorts(PortRole::Fabric), 40);
        QCOMPARE(qm8700->ports[0].speedGbps, 200.0);
    }

    void currentHardwareLoads()
    {
        const Catalog &catalog = Catalog::builtin();
        for (const char *id : { "dgx-h200", "sys-821ge-h200", "hgx-b200-8gpu", "hgx-b200-8gpu-dlc",
                                "gb200-blackwell-186gb", "gb200-nvl72-compute-tray",
                                "gb200-nvl72-nvlink-switch-tray", "gb200-nvl72-rack",
                                "connectx-8-800g", "bluefield-3-supernic-400g", "q3400-ra",
                                "sn5600-2x400g", "hgx-b200-8gpu-spectrum-x" })
            QVERIFY2(catalog.find(id), id);
    }

    void everySourceCitesAKnownReference()
    {
        // Every ref:KEY a catalog source cites has its line in docs/references.md, and every
        // figure is either cited or says UNCONFIRMED / is a fixture-free generic part.
        std::ifstream in(std::string(CW_SOURCE_DIR) + "/docs/references.md");
        QVERIFY(in);
        std::stringstream text;
        text << in.rdbuf();
        std::set<std::string> keys;
        const std::regex entry("^- `([a-z0-9-]+)`: ");
        std::string line;
        while (std::getline(text, line))
            if (std::smatch m; std::regex_search(line, m, entry))
                keys.insert(m[1]);
        QVERIFY(keys.size() > 20);
        const std::regex cite("ref:([a-z0-9-]+)");
        for (const auto &part : Catalog::builtin().parts()) {
            const std::string &source = part->source;
            for (auto it = std::sregex_iterator(source.begin(), source.end(), cite);
                 it != std::sregex_iterator(); ++it)
                QVERIFY2(keys.contains((*it)[1]), (part->id + " cites " + (*it)[0].str()).c_str());
            if (part->origin.find("cables") != std::string::npos
                || part->origin.find("transceivers") != std::string::npos)
                continue; // another file owner converts those sources
            QVERIFY2(source.find("ref:") != std::string::npos
                         || source.find("UNCONFIRMED") != std::string::npos
                         || source.find("Generic") != std::string::npos,
                     part->id.c_str());
            // No citation of the research notes (spelled in pieces so that the references
            // test does not take this check for such a citation).
            const std::string notes = std::string("domain") + "-facts";
            const std::string notesSpaced = std::string("domain") + " fact";
            QVERIFY2(source.find(notesSpaced) == std::string::npos
                         && source.find(notes) == std::string::npos,
                     part->id.c_str());
        }
    }

    void h200ServersAgainstDatasheets()
    {
        // ref:nvidia-dgx-basepod-ra: DGX H200 = 8 H200 with 1,128 GB total, four OSFP ports
        // serving 8 single-port ConnectX-7, 2 dual-port QSFP112 ConnectX-7; ref:nvidia-dgx-h100-ug:
        // 10.2 kW max, 6 x 3.3 kW PSUs in 4+2.
        const Catalog &catalog = Catalog::builtin();
        const Part *dgx = catalog.find("dgx-h200");
        QVERIFY(dgx && dgx->server);
        QCOMPARE(dgx->server->gpuCount, 8);
        const Part *gpu = catalog.find(dgx->server->gpuPart);
        QVERIFY(gpu && gpu->gpu);
        QCOMPARE(dgx->server->gpuCount * gpu->gpu->memoryGB, 1128.0); // 8 x 141 GB
        QCOMPARE(dgx->countPorts(PortRole::Compute), 8);
        QCOMPARE(dgx->countPorts(PortRole::Storage), 2);
        QCOMPARE(dgx->maxPowerW, 10200.0);
        QCOMPARE((dgx->server->psu.count - dgx->server->psu.redundant) * dgx->server->psu.ratingW,
                 13200.0); // 4 working x 3.3 kW carry the 10.2 kW
        // HGX H200 in the SYS-821GE-TNHR: 8 GPUs, one 400G NIC per GPU, 6 x 3 kW in 4+2 =
        // 12 kW usable >= 10.5 kW (ref:sth-sys-821ge-tnhr).
        const Part *hgx = catalog.find("sys-821ge-h200");
        QCOMPARE(hgx->server->gpuPart, std::string("h200-sxm-141gb"));
        QCOMPARE(hgx->server->gpuCount, 8);
        QCOMPARE(hgx->countPorts(PortRole::Compute), 8);
        QCOMPARE((hgx->server->psu.count - hgx->server->psu.redundant) * hgx->server->psu.ratingW,
                 12000.0);
        QVERIFY(hgx->maxPowerW <= 12000.0);
    }

    void b200ServersAgainstDatasheets()
    {
        // ref:nvidia-dgx-b200-ug: 8 x B200 = 1,440 GB, 14.3 kW max, 6 x 3.3 kW PSUs in 5+1,
        // 4 OSFP ports for 8 single-port ConnectX-7, 2 BlueField-3, 10U.
        const Catalog &catalog = Catalog::builtin();
        for (const char *id :
             { "dgx-b200", "hgx-b200-8gpu", "hgx-b200-8gpu-dlc", "hgx-b200-8gpu-spectrum-x" }) {
            const Part *server = catalog.find(id);
            QVERIFY2(server && server->server, id);
            QCOMPARE(server->server->gpuCount, 8);
            QCOMPARE(server->server->gpuCount
                         * catalog.find(server->server->gpuPart)->gpu->memoryGB,
                     1440.0);
            QCOMPARE(server->countPorts(PortRole::Compute), 8);
            QCOMPARE(server->countPorts(PortRole::Storage), 2);
            QCOMPARE(server->maxPowerW, 14300.0);
            // 5 working x 3.3 kW = 16.5 kW >= 14.3 kW.
            QCOMPARE((server->server->psu.count - server->server->psu.redundant)
                         * server->server->psu.ratingW,
                     16500.0);
        }
        QCOMPARE(catalog.find("dgx-b200")->uHeight, 10);
        QVERIFY(catalog.find("hgx-b200-8gpu-dlc")->cooling == Cooling::Hybrid);
    }

    void gb200Nvl72RackScaleSystem()
    {
        // ref:nvidia-dgx-gb200-ug: 18 x 1RU compute trays (2 Grace + 4 Blackwell, 4 x
        // ConnectX-7 400G OSFP, 2 x BlueField-3), 9 x 1RU NVLink switch trays, power shelves:
        // a 72-GPU NVLink domain. ref:nvidia-bcm-power-shelf: 8 shelves of 6 x 5.5 kW = 33 kW.
        const Catalog &catalog = Catalog::builtin();
        const Part *tray = catalog.find("gb200-nvl72-compute-tray");
        QVERIFY(tray && tray->server);
        QCOMPARE(tray->uHeight, 1);
        QCOMPARE(tray->server->gpuCount, 4);
        QCOMPARE(tray->server->cpu.sockets, 2);
        QCOMPARE(tray->server->nvlinkDomainGpus, 72);
        QCOMPARE(tray->countPorts(PortRole::Compute), 4);
        QCOMPARE(tray->ports[0].speedGbps, 400.0);
        QCOMPARE(tray->ports[0].formFactor, std::string("OSFP"));
        QCOMPARE(tray->countPorts(PortRole::Storage), 2);
        QCOMPARE(tray->server->psu.count, 0); // fed by the rack's bus bar
        const Part *nvsw = catalog.find("gb200-nvl72-nvlink-switch-tray");
        QVERIFY(nvsw->network && nvsw->network->nvlinkSwitch);
        QVERIFY(nvsw->network->technologies.empty());

        const Part *rack = catalog.find("gb200-nvl72-rack");
        QVERIFY(rack && rack->rack && rack->rack->rackScale());
        QVERIFY(rack->cooling == Cooling::Liquid);
        int trays = 0, switches = 0, shelfUnits = 0;
        double loadW = 0;
        for (const RackSlot &slot : rack->rack->contents) {
            if (slot.part.empty()) {
                shelfUnits += slot.units * slot.count;
                continue;
            }
            const Part *device = catalog.find(slot.part);
            QVERIFY(device);
            trays += device == tray ? slot.count : 0;
            switches += device == nvsw ? slot.count : 0;
            loadW += device->maxPowerW * slot.count;
        }
        QCOMPARE(trays, 18);
        QCOMPARE(switches, 9);
        QCOMPARE(shelfUnits, 8); // 8 power shelves of 1U
        QCOMPARE(trays * tray->server->gpuCount, 72);
        // 18 x 6.5 kW + 9 x 0.4 kW = 120.6 kW: within 4 shelves x 33 kW = 132 kW per feed,
        // and within 1.2 MW / 8 racks = 150 kW, the SU TDP of ref:nvidia-superpod-gb200-ra.
        QCOMPARE(loadW, 120600.0);
        QCOMPARE(rack->rack->maxPowerKw, 4 * 6 * 5.5);
        QVERIFY(loadW <= 1.2e6 / 8);
    }

    void newNetworkParts()
    {
        const Catalog &catalog = Catalog::builtin();
        // XDR: 800 Gb/s ports (ref:nvidia-xdr-switch-um); 144 on the Q3400 (UNCONFIRMED count).
        const Part *q3400 = catalog.find("q3400-ra");
        QCOMPARE(q3400->countPorts(PortRole::Fabric), 144);
        QCOMPARE(q3400->ports[0].speedGbps, 800.0);
        QVERIFY(q3400->network->technologies == std::vector<Technology> { Technology::InfiniBand });
        QCOMPARE(catalog.find("connectx-8-800g")->ports[0].speedGbps, 800.0);
        // SN5600: 64 x 800G = 51.2 Tb/s; split 2 x 400G: 128 x 400G named swpNs0/swpNs1.
        const Part *split = catalog.find("sn5600-2x400g");
        const Part *whole = catalog.find("sn5600");
        QCOMPARE(split->countPorts(PortRole::Fabric) - 1, 128); // + the 25G swp65
        QCOMPARE(split->ports[0].name, std::string("swp1s0"));
        QCOMPARE(split->ports[127].name, std::string("swp64s1"));
        QCOMPARE(split->ports[0].speedGbps * 128, whole->ports[0].speedGbps * 64);
        const Part *supernic = catalog.find("bluefield-3-supernic-400g");
        QCOMPARE(supernic->ports[0].formFactor, std::string("QSFP112"));
        QCOMPARE(supernic->ports[0].speedGbps, 400.0);
    }

    void dgxB300FromItsSources()
    {
        const Catalog &catalog = Catalog::builtin();
        const Part *b300 = catalog.find("dgx-b300");
        QVERIFY(b300 && b300->server);
        // ref:nvidia-superpod-b300-xdr-ra: one scalable unit is 72 DGX B300 = 576 GPUs with
        // 576 node-to-leaf cables, so 8 GPUs and 8 compute links of XDR 800 Gb/s per node.
        QCOMPARE(b300->server->gpuCount, 576 / 72);
        QCOMPARE(b300->countPorts(PortRole::Compute), 576 / 72);
        QCOMPARE(b300->ports[0].speedGbps, 800.0);
        // "four DGX B300 fit within a single rack", "~56kW" per rack: 56,000 / 4 = 14,000 W.
        QCOMPARE(b300->maxPowerW, 56000.0 / 4);
        QVERIFY(b300->cooling == Cooling::Air);
        // ref:nvidia-nim-boltz2-rn: 288 GB HBM3e per B300 GPU; 8 x 288 = 2,304 GB per node.
        const Part *gpu = catalog.find(b300->server->gpuPart);
        QVERIFY(gpu && gpu->gpu);
        QCOMPARE(gpu->gpu->memoryGB * b300->server->gpuCount, 2304.0);
        // The PSUs and their feeds were not sourced: no psu block rather than a guessed one.
        QCOMPARE(b300->server->psu.count, 0);
        // ref:nvidia-linkx-xdr: the ConnectX-8 cage (riding heat sink) takes XDR 200G-PAM4
        // parts only, so the node's cage and the Q3400's twin cage are XDR cages, and an XDR
        // module joins them at 800 Gb/s per link (two links per twin-port switch module).
        const Part *q3400 = catalog.find("q3400-ra");
        QCOMPARE(b300->ports[0].formFactor, std::string("OSFP224"));
        QCOMPARE(q3400->ports[0].formFactor, std::string("OSFP224-twin"));
        const Part *nicSide = catalog.find("xdr-osfp-dr4-800g-rhs");
        const Part *switchSide = catalog.find("xdr-osfp-2xdr4-1600g-ihs");
        QVERIFY(nicSide && switchSide);
        QCOMPARE(nicSide->cable->linkSpeedGbps, 800.0);
        QCOMPARE(switchSide->cable->linkSpeedGbps * switchSide->cable->linksPerCable, 1600.0);
        QVERIFY(cableFitsCages(*nicSide->cable, "OSFP224", "OSFP224-twin"));
        QVERIFY(cableFitsCages(*switchSide->cable, "OSFP224-twin", "OSFP224-twin"));
        // No NDR (100G-PAM4) part fits an XDR cage: "200G-PAM4-based transceivers cannot
        // downshift to 100G-PAM4".
        for (const auto &part : catalog.parts())
            if (part->cable && part->cable->linkSpeedGbps == 400)
                QVERIFY2(!cableFitsCages(*part->cable, "OSFP-twin", "OSFP224-twin"),
                         part->id.c_str());
    }

    void rackContentsErrors_data()
    {
        QTest::addColumn<QString>("parts");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown tray")
            << R"({"id":"r","kind":"rack","rackUnits":42,"source":"s","contents":[{"part":"no-such-tray","count":2}]})"
            << "contents part \"no-such-tray\" is not a rack-mounted server";
        QTest::newRow("too many units")
            << R"({"id":"r","kind":"rack","rackUnits":42,"source":"s","contents":[{"part":"gb200-nvl72-compute-tray","count":40},{"units":1,"count":4,"label":"shelf"}]})"
            << "contents take 44 U; the rack has 42";
        QTest::newRow("shelf without label")
            << R"({"id":"r","kind":"rack","rackUnits":42,"source":"s","contents":[{"units":2}]})"
            << "/parts/0/contents/0/label";
        QTest::newRow("domain not whole trays")
            << R"({"id":"t","kind":"server","uHeight":1,"maxPowerW":10,"source":"s","memoryGB":1,"cpu":{"sockets":1,"coresPerSocket":1},"gpu":{"part":"b200-sxm-180gb","count":4},"nvlinkDomainGpus":70})"
            << "/parts/0/nvlinkDomainGpus: expected a whole multiple of gpu.count";
    }

    void rackContentsErrors()
    {
        QFETCH(QString, parts);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        {
            std::ofstream out(dir.filePath("racks.json").toStdString());
            out << R"({"format":"clusterwright-catalog","version":1,"parts":[)"
                << parts.toStdString() << "]}";
        }
        auto catalog = Catalog::withUserFolders({ dir.path().toStdString() });
        QVERIFY(!catalog);
        QVERIFY2(QString::fromStdString(catalog.error().message).contains(expected),
                 catalog.error().message.c_str());
        QVERIFY(QString::fromStdString(catalog.error().message).contains("racks.json"));
    }

    void serverConsistency()
    {
        // Every GPU server's NUMA map names only GPUs it has and NICs among its ports, and
        // its working PSUs cover its maximum draw.
        for (const Part *part : Catalog::builtin().partsOfKind(PartKind::Server)) {
            const ServerSpec &server = *part->server;
            for (const NumaNode &numa : server.topology.numa) {
                for (int gpu : numa.gpus)
                    QVERIFY2(gpu >= 0 && gpu < server.gpuCount, part->id.c_str());
                for (const std::string &nic : numa.nics)
                    QVERIFY2(part->portIndex(nic) >= 0, (part->id + " " + nic).c_str());
            }
            if (server.psu.count > 0)
                QVERIFY2((server.psu.count - server.psu.redundant) * server.psu.ratingW
                             >= part->maxPowerW,
                         part->id.c_str());
            QVERIFY2(part->maxPowerW > 0, part->id.c_str());
            QVERIFY2(part->uHeight > 0, part->id.c_str());
        }
    }

    void pduNameplateMatchesFormula()
    {
        // Three-phase apparent power = sqrt(3) x V(line-line) x I: 400 V x 32 A -> 22.17 kW.
        const Part *pdu = Catalog::builtin().find("pdu-3ph-400v-32a");
        QVERIFY(pdu && pdu->pdu);
        QCOMPARE(pdu->pdu->phases, 3);
        QCOMPARE(std::round(std::sqrt(3.0) * pdu->pdu->voltageV * pdu->pdu->breakerA / 10.0)
                     / 100.0,
                 22.17);
    }

    void userFileAddsAndReplaces()
    {
        QTemporaryDir dir;
        {
            std::ofstream out(dir.filePath("mine.json").toStdString());
            out << R"({"format":"clusterwright-catalog","version":1,"parts":[
                {"id":"my-switch","kind":"switch","vendor":"Acme","model":"S1","uHeight":1,
                 "maxPowerW":500,"typicalPowerW":300,"source":"vendor sheet",
                 "ports":[{"role":"fabric","count":32,"speedGbps":400,"namePrefix":"swp"}]},
                {"id":"qm9700","kind":"switch","uHeight":1,"maxPowerW":1700,"source":"site measurement",
                 "ports":[{"role":"fabric","count":64,"speedGbps":400,"namePrefix":"p"}]}]})";
        }
        auto catalog = Catalog::withUserFolders({ dir.path().toStdString() });
        QVERIFY2(catalog, catalog ? "" : catalog.error().message.c_str());
        const Part *mine = (*catalog)->find("my-switch");
        QVERIFY(mine);
        QCOMPARE(mine->ports.size(), std::size_t(32));
        QCOMPARE(mine->ports[31].name, std::string("swp32"));
        QCOMPARE((*catalog)->find("qm9700")->maxPowerW, 1700.0);
        QCOMPARE((*catalog)->notes().size(), std::size_t(1));
        // The built-in catalog is untouched.
        QCOMPARE(Catalog::builtin().find("qm9700")->maxPowerW, 1300.0);
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString head = R"({"format":"clusterwright-catalog","version":1,"parts":[)";
        QTest::newRow("not json") << "{nope"
                                  << "x.json: not valid JSON at line 1";
        QTest::newRow("wrong format") << R"({"format":"other","version":1,"parts":[]})"
                                      << "x.json: /format: expected \"clusterwright-catalog\"";
        QTest::newRow("negative power")
            << head + R"({"id":"a","kind":"switch","maxPowerW":-10,"source":"s"}]})"
            << "x.json: /parts/0/maxPowerW: expected a number >= 0, got -10";
        QTest::newRow("no source") << head + R"({"id":"a","kind":"switch"}]})"
                                   << "/parts/0/source: required key is missing";
        QTest::newRow("bad kind") << head + R"({"id":"a","kind":"toaster","source":"s"}]})"
                                  << "/parts/0/kind: expected gpu | server";
        QTest::newRow("names count") << head
                + R"({"id":"a","kind":"switch","source":"s","ports":[{"role":"fabric","count":2,"speedGbps":1,"names":["x"]}]}]})"
                                     << "/parts/0/ports/0/names: expected exactly 2 names";
        QTest::newRow("duplicate id")
            << head
                + R"({"id":"a","kind":"cdu","capacityKw":5,"source":"s"},{"id":"a","kind":"cdu","capacityKw":5,"source":"s"}]})"
            << "/parts/1/id: expected an id not used earlier in this file";
        QTest::newRow("typical above max") << head
                + R"({"id":"a","kind":"switch","maxPowerW":10,"typicalPowerW":20,"source":"s"}]})"
                                           << "/parts/0/typicalPowerW";
    }

    void badFiles()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        Catalog catalog;
        auto added = catalog.addFile("x.json", text.toStdString());
        QVERIFY(!added);
        QVERIFY2(QString::fromStdString(added.error().message).contains(expected),
                 added.error().message.c_str());
        QVERIFY(catalog.parts().empty()); // nothing of a bad file is added
    }

    void danglingGpuReferenceInUserFile()
    {
        QTemporaryDir dir;
        {
            std::ofstream out(dir.filePath("bad.json").toStdString());
            out << R"({"format":"clusterwright-catalog","version":1,"parts":[
                {"id":"srv","kind":"server","uHeight":2,"maxPowerW":1000,"source":"s","memoryGB":512,
                 "cpu":{"sockets":2,"coresPerSocket":32},"gpu":{"part":"no-such-gpu","count":4}}]})";
        }
        auto catalog = Catalog::withUserFolders({ dir.path().toStdString() });
        QVERIFY(!catalog);
        QVERIFY(
            QString::fromStdString(catalog.error().message).contains("gpu.part \"no-such-gpu\""));
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"

// The parts catalog: every built-in file loads, figures are sane and sourced, and user files
// add or replace parts with errors that name the file and the JSON pointer.

#include "model/catalog/Catalog.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace cw;

class TestCatalog : public QObject
{
    Q_OBJECT

private slots:
    void builtinLoadsEveryKind()
    {
        const Catalog &catalog = Catalog::builtin();
        for (PartKind kind : {PartKind::Gpu, PartKind::Server, PartKind::Nic, PartKind::Switch,
                              PartKind::Storage, PartKind::Cable, PartKind::Transceiver,
                              PartKind::Rack, PartKind::Pdu, PartKind::Cdu})
            QVERIFY2(!catalog.partsOfKind(kind).empty(), toString(kind).data());
        for (const auto &part : catalog.parts())
            QVERIFY2(!part->source.empty(), part->id.c_str());
    }

    void partsTheIssueNames()
    {
        const Catalog &catalog = Catalog::builtin();
        for (const char *id : {"h100-sxm-80gb", "h200-sxm-141gb", "b200-sxm-180gb", "a100-sxm-80gb",
                               "l40s-48gb", "dgx-h100", "dgx-b200", "dgx-a100", "xe9680-h100",
                               "sys-821ge-h100", "gpu-server-4x-l40s-pcie", "connectx-7-400g",
                               "connectx-6-200g-hdr", "bluefield-3-400g", "qm9700", "qm8700",
                               "sn5600", "mgmt-48x1g", "lustre-mds", "lustre-oss", "weka-node",
                               "vast-enclosure", "ddn-ai400x2", "rack-42u-air", "rack-48u-air",
                               "rack-48u-liquid"})
            QVERIFY2(catalog.find(id), id);
    }

    void dgxH100Figures()
    {
        // DGX H100 user guide (ref:nvidia-dgx-h100-ug): 10.2 kW max, 6 x 3.3 kW PSUs in
        // 4+2, 8 compute NICs in rail order mlx5_0,3,4,5,6,9,10,11, 2 x 56-core sockets.
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
        QCOMPARE(rails, (std::vector<std::string>{"mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6",
                                                  "mlx5_9", "mlx5_10", "mlx5_11"}));
        QCOMPARE(dgx->server->topology.numa.size(), std::size_t(2));
        QCOMPARE(dgx->server->topology.numa[1].cores, std::string("56-111"));
    }

    void switchFigures()
    {
        // QM9700: 64 x NDR 400 Gb/s (ref:ibta-spec-vol1, ref:nvidia-qm97x0-um).
        const Part *qm9700 = Catalog::builtin().find("qm9700");
        QCOMPARE(qm9700->countPorts(PortRole::Fabric), 64);
        QCOMPARE(qm9700->ports[0].speedGbps, 400.0);
        QCOMPARE(qm9700->network->radix, 64);
        const Part *qm8700 = Catalog::builtin().find("qm8700");
        QCOMPARE(qm8700->countPorts(PortRole::Fabric), 40);
        QCOMPARE(qm8700->ports[0].speedGbps, 200.0);
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
                QVERIFY2((server.psu.count - server.psu.redundant) * server.psu.ratingW >= part->maxPowerW,
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
        QCOMPARE(std::round(std::sqrt(3.0) * pdu->pdu->voltageV * pdu->pdu->breakerA / 10.0) / 100.0, 22.17);
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
        auto catalog = Catalog::withUserFolders({dir.path().toStdString()});
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
        QTest::newRow("not json") << "{nope" << "x.json: not valid JSON at line 1";
        QTest::newRow("wrong format") << R"({"format":"other","version":1,"parts":[]})" << "x.json: /format: expected \"clusterwright-catalog\"";
        QTest::newRow("negative power") << head + R"({"id":"a","kind":"switch","maxPowerW":-10,"source":"s"}]})" << "x.json: /parts/0/maxPowerW: expected a number >= 0, got -10";
        QTest::newRow("no source") << head + R"({"id":"a","kind":"switch"}]})" << "/parts/0/source: required key is missing";
        QTest::newRow("bad kind") << head + R"({"id":"a","kind":"toaster","source":"s"}]})" << "/parts/0/kind: expected gpu | server";
        QTest::newRow("names count") << head + R"({"id":"a","kind":"switch","source":"s","ports":[{"role":"fabric","count":2,"speedGbps":1,"names":["x"]}]}]})" << "/parts/0/ports/0/names: expected exactly 2 names";
        QTest::newRow("duplicate id") << head + R"({"id":"a","kind":"cdu","capacityKw":5,"source":"s"},{"id":"a","kind":"cdu","capacityKw":5,"source":"s"}]})" << "/parts/1/id: expected an id not used earlier in this file";
        QTest::newRow("typical above max") << head + R"({"id":"a","kind":"switch","maxPowerW":10,"typicalPowerW":20,"source":"s"}]})" << "/parts/0/typicalPowerW";
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
        QVERIFY(catalog.parts().empty());  // nothing of a bad file is added
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
        auto catalog = Catalog::withUserFolders({dir.path().toStdString()});
        QVERIFY(!catalog);
        QVERIFY(QString::fromStdString(catalog.error().message).contains("gpu.part \"no-such-gpu\""));
    }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"

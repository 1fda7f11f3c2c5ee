// Slurm exporter: hostlists exactly as `scontrol show hostlist` prints them, and slurm.conf /
// topology.conf / gres.conf for the reference designs.

#include "exporters/slurm/Hostlist.h"
#include "exporters/slurm/SlurmExporter.h"
#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"

#include <QtTest>

using namespace cw;

namespace {

std::vector<std::string> names(const QString &commaList)
{
    std::vector<std::string> out;
    for (const QString &name : commaList.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out.push_back(name.toStdString());
    return out;
}

} // namespace

class TestSlurm : public QObject
{
    Q_OBJECT

private slots:
    void compress_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        // Every row is an observation of scontrol show hostlist (Slurm 22.05), ref:slurm-scontrol.
        QTest::newRow("gap") << "gpu001,gpu002,gpu003,gpu010"
                             << "gpu[001-003,010]";
        QTest::newRow("padded run") << "gpu08,gpu09,gpu10,gpu11"
                                    << "gpu[08-11]";
        QTest::newRow("unpadded across digits") << "gpu9,gpu10"
                                                << "gpu[9-10]";
        QTest::newRow("width change") << "gpu09,gpu10,gpu100"
                                      << "gpu[09-10,100]";
        QTest::newRow("padded vs unpadded") << "gpu001,gpu1"
                                            << "gpu[001,1]";
        QTest::newRow("unsorted kept") << "gpu3,gpu1,gpu2"
                                       << "gpu[3,1-2]";
        QTest::newRow("duplicates kept") << "gpu1,gpu1,gpu2"
                                         << "gpu[1,1-2]";
        QTest::newRow("prefixes") << "rack1-node01,rack1-node02,rack2-node01"
                                  << "rack1-node[01-02],rack2-node01";
        QTest::newRow("single") << "head01"
                                << "head01";
        QTest::newRow("no digits") << "login,gpu1,gpu2"
                                   << "login,gpu[1-2]";
        QTest::newRow("empty") << ""
                               << "";
    }

    void compress()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(slurm::compressHostlist(names(input))), expected);
    }

    void compressSorted()
    {
        // scontrol show hostlistsorted gpu3,gpu1,gpu2 -> gpu[1-3]
        QCOMPARE(slurm::compressHostlistSorted({ "gpu3", "gpu1", "gpu2" }),
                 std::string("gpu[1-3]"));
        QCOMPARE(slurm::compressHostlistSorted({ "dgx10", "dgx02", "dgx01", "dgx03" }),
                 std::string("dgx[01-03,10]"));
    }

    void expandRoundTrip()
    {
        std::string error;
        // Zero padding comes from the low bound; groups are a cartesian product
        // (ref:slurm-scontrol).
        QCOMPARE(slurm::expandHostlist("gpu[009-11]", error),
                 (std::vector<std::string> { "gpu009", "gpu010", "gpu011" }));
        QCOMPARE(
            slurm::expandHostlist("dgx-a[1-2]-n[01-02]", error),
            (std::vector<std::string> { "dgx-a1-n01", "dgx-a1-n02", "dgx-a2-n01", "dgx-a2-n02" }));
        QVERIFY(error.empty());
        QVERIFY(slurm::expandHostlist("n[3-1]", error).empty());
        QVERIFY(QString::fromStdString(error).contains("reversed range"));
        // compress(expand(x)) == x for the shapes Slurm prints.
        for (const char *expression :
             { "gpu[001-003,010]", "gpu[9-10]", "gpu[09-10,100]", "a[1-4],b[07-09]" }) {
            std::string e;
            QCOMPARE(slurm::compressHostlist(slurm::expandHostlist(expression, e)),
                     std::string(expression));
        }
    }

    void dgxReferenceSlurmConf()
    {
        const Catalog &catalog = Catalog::builtin();
        auto design = buildDgx8H100Ndr(catalog);
        QVERIFY(design);
        auto files = slurm::exportSlurm(*design, catalog);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        const QString conf = QString::fromStdString(files->slurmConf);
        QVERIFY(
            conf.startsWith("# slurm.conf for design \"8x DGX H100, NDR 400G 2-leaf/2-spine\""));
        QVERIFY(conf.contains("\nClusterName=dgx8\n"));
        QVERIFY(conf.contains("\nSlurmctldHost=head01\n"));
        QVERIFY(conf.contains("\nSelectType=select/cons_tres\n"));
        QVERIFY(conf.contains("\nGresTypes=gpu\n"));
        // DGX H100: 2 x 56 cores x 2 threads, 2048 GB -> RealMemory = floor(2048 x 1024 x 0.95)
        // = 1992294 MiB; 8 x H100.
        QVERIFY2(conf.contains("NodeName=dgx[01-08] Boards=1 SocketsPerBoard=2 CoresPerSocket=56 "
                               "ThreadsPerCore=2 RealMemory=1992294 Gres=gpu:h100:8 "
                               "Features=air,h100,infiniband,rails8 State=UNKNOWN"),
                 qPrintable(conf));
        // 112 cores / 8 GPUs = 14 CPUs per GPU; 1992294 / 8 = 249036 MiB per GPU. The
        // partition leaves MaxTime unset (INFINITE): the production default of 7 days holds.
        QVERIFY(conf.contains("PartitionName=gpu Nodes=dgx[01-08] Default=YES MaxTime=7-00:00:00 "
                              "OverSubscribe=EXCLUSIVE DefCpuPerGPU=14 DefMemPerGPU=249036"));
    }

    void dgxReferenceTopology()
    {
        const Catalog &catalog = Catalog::builtin();
        auto design = buildDgx8H100Ndr(catalog);
        const std::string tree = slurm::topologyTree(*design, catalog);
        // Every DGX is cabled to both rail leaves: one rail group, which is the whole tree.
        QCOMPARE(tree, std::string("SwitchName=su1 Nodes=dgx[01-08]\n"));
    }

    void seedReferenceTopologyAndGres()
    {
        const Catalog &catalog = Catalog::builtin();
        auto design = buildSeed8NodeHdr(catalog);
        auto files = slurm::exportSlurm(*design, catalog);
        QVERIFY(files);
        // One HDR switch: the single leaf lists all eight nodes.
        QVERIFY(QString::fromStdString(files->topologyConf)
                    .endsWith("SwitchName=ib-hdr01 Nodes=gpu[001-008]\n"));
        const QString gres = QString::fromStdString(files->gresConf);
        QVERIFY2(
            gres.contains("NodeName=gpu[001-008] Name=gpu Type=h100 File=/dev/nvidia[0-3] Cores="),
            qPrintable(gres));
        QVERIFY(gres.contains("File=/dev/nvidia[4-7]"));
    }

    void twoTierTopologyByHand()
    {
        // 4 nodes, 2 leaves (2 nodes each), 2 spines cabled to both leaves.
        const Catalog &catalog = Catalog::builtin();
        Design design;
        DesignBuilder b(design, catalog);
        const RowId row = *b.addRow("R1");
        const RackId rack = *b.addRack(row, "A01", "rack-48u-air");
        Fabric spec;
        spec.name = "compute";
        const FabricId fabric = *b.addFabric(spec);
        std::vector<DeviceId> nodes;
        for (int i = 0; i < 4; ++i)
            nodes.push_back(*b.placeDevice(rack, "n" + std::to_string(i + 1),
                                           "gpu-server-4x-l40s-pcie", 1 + 2 * i,
                                           DeviceRole::Compute));
        const DeviceId leaf1
            = *b.placeDevice(rack, "leafA", "qm9700", 20, DeviceRole::Switch, Face::Rear, 0);
        const DeviceId leaf2
            = *b.placeDevice(rack, "leafB", "qm9700", 21, DeviceRole::Switch, Face::Rear, 0);
        const DeviceId spine1
            = *b.placeDevice(rack, "spineA", "qm9700", 22, DeviceRole::Switch, Face::Rear, 1);
        const DeviceId spine2
            = *b.placeDevice(rack, "spineB", "qm9700", 23, DeviceRole::Switch, Face::Rear, 1);
        for (int i = 0; i < 4; ++i)
            QVERIFY(b.connect(fabric, *b.firstFreePort(nodes[i], PortRole::Compute),
                              *b.firstFreePort(i < 2 ? leaf1 : leaf2, PortRole::Fabric)));
        for (DeviceId leaf : { leaf1, leaf2 })
            for (DeviceId spine : { spine1, spine2 })
                QVERIFY(b.connect(fabric, *b.firstFreePort(leaf, PortRole::Fabric),
                                  *b.firstFreePort(spine, PortRole::Fabric)));
        QCOMPARE(slurm::topologyTree(design, catalog),
                 std::string("SwitchName=leafA Nodes=n[1-2]\n"
                             "SwitchName=leafB Nodes=n[3-4]\n"
                             "SwitchName=spines1 Switches=leafA,leafB\n"));
    }

    void refusesWhatSlurmWouldReject()
    {
        const Catalog &catalog = Catalog::builtin();
        Design empty;
        auto none = slurm::exportSlurm(empty, catalog);
        QVERIFY(!none);
        QVERIFY(QString::fromStdString(none.error().message).contains("no compute nodes"));

        Design design = *buildDgx8H100Ndr(catalog);
        Device renamed = *design.devices().begin();
        QVERIFY(renamed.role == DeviceRole::Compute);
        renamed.name = "dgx 01";
        design.updateDevice(renamed);
        auto bad = slurm::exportSlurm(design, catalog);
        QVERIFY(!bad);
        QVERIFY(QString::fromStdString(bad.error().message)
                    .contains("\"dgx 01\" is not a valid Slurm node name"));
    }

    void deterministic()
    {
        const Catalog &catalog = Catalog::builtin();
        auto a = slurm::exportSlurm(*buildDgx8H100Ndr(catalog), catalog);
        auto b = slurm::exportSlurm(*buildDgx8H100Ndr(catalog), catalog);
        QCOMPARE(a->slurmConf, b->slurmConf);
        QCOMPARE(a->topologyConf, b->topologyConf);
        QCOMPARE(a->gresConf, b->gresConf);
    }
};

QTEST_GUILESS_MAIN(TestSlurm)
#include "tst_slurm.moc"

// GB200 NVL72 designs end to end: the gb200-nvl72 template fills rack-scale racks with their
// trays, each rack is one 72-GPU NVLink domain, Slurm's topology/block makes each domain a
// block, NCCL files account for multi-node NVLink, and the design validates. Expected values
// are worked by hand from the catalog and the public sources in the comments.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/nccl/AcceptancePlan.h"
#include "exporters/nccl/NcclFacts.h"
#include "exporters/slurm/SlurmExporter.h"
#include "model/catalog/Catalog.h"
#include "model/fabric/NvlinkDomains.h"
#include "model/fabric/Templates.h"
#include "model/validation/ValidationEngine.h"

#include <QtTest>

#include <map>

using namespace cw;

namespace {

Design generate(std::map<std::string, std::string> params)
{
    auto generated = generateDesign("gb200-nvl72", params, Catalog::builtin());
    if (!generated)
        qFatal("%s", generated.error().message.c_str());
    return std::move(generated->design);
}

std::string exported(const Design &design, const std::string &file)
{
    auto exporter = exporters::makeNcclExporter();
    auto result = exporter->run({ design, Catalog::builtin(), {} });
    if (!result)
        qFatal("%s", result.error().message.c_str());
    for (const auto &f : result->files)
        if (f.path == file)
            return f.bytes;
    return {};
}

} // namespace

class TestGb200 : public QObject
{
    Q_OBJECT

private slots:
    void racksHoldTheirTraysInOrder()
    {
        // 2 racks: 36 compute trays gb001-gb036, 18 NVLink switch trays. U order of
        // gb200-nvl72-rack: power shelves U1-U4, 8 trays U5-U12, 9 switch trays U13-U21,
        // 10 trays U22-U31, power shelves U32-U35.
        const Design design = generate({ { "racks", "2" }, { "storage", "none" } });
        const Catalog &catalog = Catalog::builtin();
        int nvlRacks = 0;
        for (const Rack &rack : design.racks()) {
            if (rack.catalogType != "gb200-nvl72-rack")
                continue;
            ++nvlRacks;
            std::map<int, std::string> byU;
            double trayW = 0;
            double rackW = 0;
            for (const Device &device : design.devices())
                if (device.rack == rack.id) {
                    byU[device.uPosition] = device.catalogType;
                    const double w = catalog.find(device.catalogType)->maxPowerW;
                    rackW += w;
                    if (device.catalogType.rfind("gb200-", 0) == 0)
                        trayW += w;
                }
            for (int u = 5; u <= 31; ++u)
                QCOMPARE(byU[u],
                         std::string(u >= 13 && u <= 21 ? "gb200-nvl72-nvlink-switch-tray"
                                                        : "gb200-nvl72-compute-tray"));
            for (int u = 1; u <= 4; ++u)
                QVERIFY(!byU.contains(u) && !byU.contains(u + 31));
            // 18 x 6,500 W + 9 x 400 W = 120,600 W per rack. The DGX SuperPOD GB200 RA gives
            // 1.2 MW TDP per 8-rack SU (ref:nvidia-superpod-gb200-ra): at most 150 kW a rack;
            // 4 of the rack's 8 x 33 kW power shelves carry 132 kW (ref:nvidia-bcm-power-shelf).
            QCOMPARE(trayW, 120600.0);
            QVERIFY(rackW <= 132000.0);
            QVERIFY(rackW * 8 <= 1.2e6);
        }
        QCOMPARE(nvlRacks, 2);
    }

    void eachRackIsOneNvlinkDomain()
    {
        const Design design = generate({ { "racks", "2" }, { "storage", "none" } });
        const auto domains = multiNodeNvlinkDomains(design, Catalog::builtin());
        QCOMPARE(domains.size(), std::size_t(2));
        for (const NvlinkDomain &domain : domains) {
            QCOMPARE(domain.nodeNames.size(), std::size_t(18));
            QCOMPARE(domain.gpus, 72);
            QCOMPARE(domain.fullGpus, 72);
            QCOMPARE(domain.nvlinkSwitches, 9);
            QVERIFY(domain.complete());
        }
        QCOMPARE(domains[0].nodeNames.front(), std::string("gb001"));
        QCOMPARE(domains[1].nodeNames.back(), std::string("gb036"));
    }

    void slurmBlocks_data()
    {
        QTest::addColumn<QString>("racks");
        QTest::addColumn<int>("blocks");
        QTest::addColumn<QString>("sizes");
        // BlockSizes: the base block (one domain, 18 nodes), then base x 2^k while 2^k blocks
        // exist (topology.conf(5), ref:slurm-topology-conf: later sizes are base x 2^k).
        QTest::newRow("1 rack") << "1" << 1 << "BlockSizes=18\n";
        QTest::newRow("2 racks") << "2" << 2 << "BlockSizes=18,36\n";
        QTest::newRow("3 racks") << "3" << 3 << "BlockSizes=18,36\n";
        QTest::newRow("8 racks (1 SU)") << "8" << 8 << "BlockSizes=18,36,72,144\n";
    }

    void slurmBlocks()
    {
        QFETCH(QString, racks);
        QFETCH(int, blocks);
        QFETCH(QString, sizes);
        const Design design = generate({ { "racks", racks.toStdString() }, { "storage", "none" } });
        auto files = slurm::exportSlurm(design, Catalog::builtin(), slurm::SlurmTopology::Block);
        QVERIFY2(files, files ? "" : files.error().message.c_str());
        const QString text = QString::fromStdString(files->topologyConf);
        QCOMPARE(text.count("BlockName="), blocks);
        QVERIFY2(text.endsWith(sizes), qPrintable(text));
        // One block per rack, 18 trays each, in hostname order.
        for (int b = 0; b < blocks; ++b) {
            const QString nodes = QString("Nodes=gb[%1-%2]\n")
                                      .arg(b * 18 + 1, 3, 10, QChar('0'))
                                      .arg(b * 18 + 18, 3, 10, QChar('0'));
            QVERIFY2(text.contains(nodes), qPrintable(nodes + "\n" + text));
        }
        QVERIFY(
            QString::fromStdString(files->slurmConf).contains("TopologyPlugin=topology/block\n"));
        // The tree export says block is the better fit.
        auto tree = slurm::exportSlurm(design, Catalog::builtin(), slurm::SlurmTopology::Tree);
        QVERIFY(tree && !tree->notes.empty());
    }

    void ncclAccountsForMultiNodeNvlink()
    {
        const Design design = generate({ { "racks", "2" }, { "storage", "none" } });
        const std::string env = exported(design, "nccl.env");
        QVERIFY2(env.find("\nNCCL_MNNVL_ENABLE=1\n") != std::string::npos, env.c_str());
        QVERIFY(env.find("NCCL_NVLS_ENABLE is left at its default") != std::string::npos);
        auto facts = nccl::collectNcclFacts(design, Catalog::builtin());
        QVERIFY(facts);
        QCOMPARE(facts->nvlinkDomains.size(), std::size_t(2));
        const nccl::AcceptancePlan plan = nccl::planAcceptance(design, Catalog::builtin(), *facts);
        const nccl::AllReduceStep *domainStep = nullptr;
        for (const auto &step : plan.steps)
            if (step.title.rfind("One NVLink domain", 0) == 0)
                domainStep = &step;
        QVERIFY(domainStep);
        // 18 trays x 4 GPUs = 72 ranks; bus factor 2 x 71 / 72; NVLink bound 1,800 GB/s both
        // ways / 2 x 0.80 = 720 GB/s, no network bound: the domain's traffic stays on NVLink.
        QCOMPARE(domainStep->ranks, 72LL);
        QCOMPARE(domainStep->busFactor, 2.0 * 71 / 72);
        QCOMPARE(domainStep->expectedBusGBps, 720.0);
        QCOMPARE(domainStep->networkGBps, 0.0);
        // Across racks the 4 x 400 Gb/s NICs bind: 200 GB/s x 0.92 = 184 GB/s per node.
        const auto &whole = plan.steps.back();
        QCOMPARE(whole.title, std::string("Whole fabric"));
        QCOMPARE(whole.expectedBusGBps, 184.0);
        const std::string acceptance = exported(design, "acceptance.md");
        QVERIFY(acceptance.find("the nodes share one NVLink domain") != std::string::npos);
    }

    void designValidates()
    {
        const Design design = generate({ { "racks", "8" } });
        const ValidationResult result = validateDesign(design, Catalog::builtin(), "2026-01-01");
        QString errors;
        for (const Violation &v : result.violations)
            if (v.severity == Severity::Error)
                errors += QString::fromStdString(v.ruleKey + ": " + v.message) + "\n";
        QVERIFY2(result.errors == 0, qPrintable(errors.left(4000)));
        for (const Violation &v : result.violations)
            QVERIFY2(v.ruleKey != "nvlink.domain-incomplete"
                         && v.ruleKey != "cooling.rack-needs-liquid",
                     v.message.c_str());
    }

    void currentServersInFatTree_data()
    {
        QTest::addColumn<QString>("nodeType");
        QTest::addColumn<QString>("rackType");
        QTest::addColumn<QString>("switchType");
        QTest::newRow("dgx-h200") << "dgx-h200"
                                  << "rack-42u-air"
                                  << "qm9700";
        QTest::newRow("sys-821ge-h200") << "sys-821ge-h200"
                                        << "rack-42u-air"
                                        << "qm9700";
        QTest::newRow("hgx-b200-8gpu") << "hgx-b200-8gpu"
                                       << "rack-42u-air"
                                       << "qm9700";
        // Hybrid (direct liquid cooled) nodes go to a liquid rack: 4 x 14.3 kW = 57.2 kW.
        QTest::newRow("hgx-b200-8gpu-dlc") << "hgx-b200-8gpu-dlc"
                                           << "rack-48u-liquid"
                                           << "qm9700";
        // Spectrum-X: 400GbE SuperNICs on SN5600 ports broken out 2 x 400G, RoCE.
        QTest::newRow("spectrum-x") << "hgx-b200-8gpu-spectrum-x"
                                    << "rack-42u-air"
                                    << "sn5600-2x400g";
    }

    void currentServersInFatTree()
    {
        // The new HGX/DGX parts drop into the fat-tree template and validate without errors.
        QFETCH(QString, nodeType);
        QFETCH(QString, rackType);
        QFETCH(QString, switchType);
        const bool roce = switchType.startsWith("sn5600");
        auto generated = generateDesign("fat-tree",
                                        { { "nodes", "32" },
                                          { "node-type", nodeType.toStdString() },
                                          { "switch-type", switchType.toStdString() },
                                          { "technology", roce ? "roce" : "infiniband" },
                                          { "storage", "none" } },
                                        Catalog::builtin());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        bool nodeRackSeen = false;
        for (const Device &device : design.devices())
            if (device.role == DeviceRole::Compute) {
                QCOMPARE(QString::fromStdString(design.rack(device.rack)->catalogType), rackType);
                nodeRackSeen = true;
            }
        QVERIFY(nodeRackSeen);
        const ValidationResult result = validateDesign(design, Catalog::builtin(), "2026-01-01");
        QString errors;
        for (const Violation &v : result.violations)
            if (v.severity == Severity::Error)
                errors += QString::fromStdString(v.ruleKey + ": " + v.message) + "\n";
        QVERIFY2(result.errors == 0, qPrintable(errors.left(2000)));
    }

    void templateRefusals_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no racks") << "gb200-nvl72"
                                  << "racks"
                                  << "0"
                                  << "gb200-nvl72: racks must be a whole number from 1 to 128";
        QTest::newRow("ethernet switch") << "gb200-nvl72"
                                         << "switch-type"
                                         << "sn5600"
                                         << "is not an InfiniBand switch";
        QTest::newRow("xdr switch for ndr trays") << "gb200-nvl72"
                                                  << "switch-type"
                                                  << "q3400-ra"
                                                  << "switch-type q3400-ra has no 400 Gb/s ports";
        QTest::newRow("unknown key") << "gb200-nvl72"
                                     << "nodes"
                                     << "4"
                                     << "unknown parameter \"nodes\"";
        QTest::newRow("tray in fat-tree") << "fat-tree"
                                          << "node-type"
                                          << "gb200-nvl72-compute-tray"
                                          << "use the template gb200-nvl72";
    }

    void templateRefusals()
    {
        QFETCH(QString, name);
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        std::map<std::string, std::string> params { { key.toStdString(), value.toStdString() } };
        if (name == "fat-tree")
            params["nodes"] = "18";
        auto generated = generateDesign(name.toStdString(), params, Catalog::builtin());
        QVERIFY(!generated);
        QVERIFY2(QString::fromStdString(generated.error().message).contains(expected),
                 generated.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestGb200)
#include "tst_gb200.moc"

// The checked-in reference designs are exactly what the builder produces, and load cleanly.
// Regenerate them with CW_UPDATE_GOLDEN=1 ./scripts/test.sh and review the diff.

#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"
#include "model/summary/DesignSummary.h"

#include <QtTest>

using namespace cw;

class TestExamples : public QObject
{
    Q_OBJECT

    std::filesystem::path examplePath(const std::string &name)
    {
        return std::filesystem::path(CW_SOURCE_DIR) / "resources" / "examples" / name;
    }

private slots:
    void checkedInFilesMatchBuilder()
    {
        const Catalog &catalog = Catalog::builtin();
        const bool update = qEnvironmentVariableIsSet("CW_UPDATE_GOLDEN");
        for (const ReferenceDesign &reference : referenceDesigns()) {
            auto design = reference.build(catalog);
            QVERIFY2(design, design ? "" : design.error().message.c_str());
            const std::string text = serializeDesign(*design, catalog);
            const auto path = examplePath(reference.fileName);
            if (update)
                QVERIFY(writeFileAtomically(path, text));
            auto onDisk = readWholeFile(path);
            QVERIFY2(onDisk, onDisk ? "" : onDisk.error().message.c_str());
            QVERIFY2(*onDisk == text,
                     qPrintable(QStringLiteral("%1 differs from the builder's output; "
                                               "regenerate with CW_UPDATE_GOLDEN=1")
                                    .arg(QString::fromStdString(reference.fileName))));
        }
    }

    void seedCountsWorkedByHand()
    {
        const Catalog &catalog = Catalog::builtin();
        auto loaded = loadDesignFile(examplePath("seed-8node-hdr.cluster.json"), catalog);
        QVERIFY(loaded);
        const DesignSummary s = summarize(loaded->design, catalog);
        QCOMPARE(s.nodes, 8);
        QCOMPARE(s.gpus, 64); // 8 servers x 8 H100
        QCOMPARE(s.switches, 2); // 1 HDR switch + 1 management switch
        QCOMPARE(s.storageServers, 5); // 1 MDS + 4 OSS
        QCOMPARE(s.racks, 5); // 4 GPU racks of 2 nodes + 1 infrastructure rack
        QCOMPARE(s.rows, 1);
        // Links: 8 node HCAs + one port of each of the 5 storage servers on the HDR switch
        // = 13; management: 8 nodes + head + 5 storage = 14.
        QCOMPARE(s.links, 13 + 14);
        QCOMPARE(s.fabrics.size(), std::size_t(2));
        QCOMPARE(s.fabrics[0].links, 13);
        QCOMPARE(s.fabrics[1].links, 14);
        // Max power: 8 x 10.2 kW + QM8700 0.55 + SN2201 0.2 + head 0.8 + MDS 1.0 + 4 x 1.6 kW.
        QCOMPARE(s.itPowerKw, 8 * 10.2 + 0.55 + 0.2 + 0.8 + 1.0 + 4 * 1.6);
        // Lustre capacity is the OSSes': 4 x 290 TB.
        QCOMPARE(s.storageCapacityTB, 4 * 290.0);
    }

    void dgxCountsWorkedByHand()
    {
        const Catalog &catalog = Catalog::builtin();
        auto loaded = loadDesignFile(examplePath("8dgx-h100-ndr.cluster.json"), catalog);
        QVERIFY(loaded);
        const DesignSummary s = summarize(loaded->design, catalog);
        QCOMPARE(s.nodes, 8);
        QCOMPARE(s.gpus, 64);
        QCOMPARE(s.racks, 2);
        // 4 compute-fabric QM9700 (2 leaf + 2 spine) + 1 storage QM9700 + 1 management switch.
        QCOMPARE(s.switches, 6);
        QCOMPARE(s.storageServers, 5);
        QCOMPARE(s.managementServers, 1);
        QCOMPARE(s.fabrics.size(), std::size_t(3));
        // Compute: 8 nodes x 8 rails = 64 node-leaf links + 2 leaves x 32 uplinks = 64.
        QCOMPARE(s.fabrics[0].name, std::string("compute-ndr"));
        QCOMPARE(s.fabrics[0].links, 64 + 64);
        // Storage: 8 DGX x 2 storage ports + MDS 2 + 4 OSS x 2 = 26.
        QCOMPARE(s.fabrics[1].links, 26);
        // Management: 8 DGX + head + MDS + 4 OSS = 14.
        QCOMPARE(s.fabrics[2].links, 14);
        QCOMPARE(s.links, 128 + 26 + 14);
        // 8 x 10.2 kW + 5 QM9700 x 1.3 kW + SN2201 0.2 + head 0.8 + MDS 1.0 + 4 OSS x 1.6 kW.
        QCOMPARE(s.itPowerKw, 8 * 10.2 + 5 * 1.3 + 0.2 + 0.8 + 1.0 + 4 * 1.6);
    }

    void railOptimizedCabling()
    {
        // Rails 0-3 of every DGX land on leaf01 and rails 4-7 on leaf02.
        const Catalog &catalog = Catalog::builtin();
        auto design = buildDgx8H100Ndr(catalog);
        QVERIFY(design);
        const Part *dgx = catalog.find("dgx-h100");
        int checked = 0;
        for (const Link &link : design->links()) {
            const Device *a = design->device(link.a.device);
            const Device *b = design->device(link.b.device);
            if (a->role != DeviceRole::Compute || b->role != DeviceRole::Switch
                || dgx->ports[static_cast<std::size_t>(link.a.port)].role != PortRole::Compute)
                continue;
            const int rail = dgx->ports[static_cast<std::size_t>(link.a.port)].rail;
            QCOMPARE(b->name, std::string(rail < 4 ? "leaf01" : "leaf02"));
            ++checked;
        }
        QCOMPARE(checked, 64);
    }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "tst_examples.moc"

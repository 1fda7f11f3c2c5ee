// DesignBuilder: the checks a person expects, as errors rather than asserts.

#include "model/build/CableChooser.h"
#include "model/build/DesignBuilder.h"
#include "model/catalog/Catalog.h"

#include <QtTest>

using namespace cw;

class TestBuilder : public QObject
{
    Q_OBJECT

    const Catalog &catalog() { return Catalog::builtin(); }

private slots:
    void placesAndConnects()
    {
        Design design;
        DesignBuilder b(design, catalog());
        auto row = b.addRow("R1");
        QVERIFY(row);
        auto rack = b.addRack(*row, "A01", "rack-42u-air");
        QVERIFY(rack);
        auto node = b.placeDevice(*rack, "dgx01", "dgx-h100", 1, DeviceRole::Compute);
        QVERIFY2(node, node ? "" : node.error().message.c_str());
        auto leaf = b.placeDevice(*rack, "leaf01", "qm9700", 9, DeviceRole::Switch, Face::Rear, 0);
        QVERIFY(leaf);
        Fabric spec;
        spec.name = "compute";
        auto fabric = b.addFabric(spec);
        QVERIFY(fabric);
        auto link = b.connect(*fabric, *node, "mlx5_0", *leaf, "p1", "dac-ndr-800g-twin", 1.0);
        QVERIFY2(link, link ? "" : link.error().message.c_str());
        QCOMPARE(design.links().size(), std::size_t(1));
        // Compute ports come in rail order: DGX H100 rail 1 is mlx5_3 (ref:nvidia-nccl-env).
        const auto rails = b.ports(*node, PortRole::Compute);
        QCOMPARE(rails.size(), std::size_t(8));
        const Part *dgx = catalog().find("dgx-h100");
        QCOMPARE(dgx->ports[static_cast<std::size_t>(rails[1].port)].name, std::string("mlx5_3"));
        QCOMPARE(dgx->ports[static_cast<std::size_t>(rails[7].port)].name, std::string("mlx5_11"));
        auto free = b.firstFreePort(*node, PortRole::Compute);
        QVERIFY(free);
        QCOMPARE(free->port, rails[1].port);
    }

    void refusesBadPlacements_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<int>("u");
        QTest::addColumn<QString>("expected");
        // dgx01 (8U) sits at U1-U8.
        QTest::newRow("overlap") << "qm9700" << 8 << "overlaps dgx01 at U1-U8";
        QTest::newRow("overflow") << "dgx-h100" << 40 << "would reach U47";
        QTest::newRow("below U1") << "qm9700" << 0 << "has U1-U42";
        QTest::newRow("unknown type") << "dgx-h999" << 20 << "unknown catalog type \"dgx-h999\"";
        QTest::newRow("wrong kind")
            << "h100-sxm-80gb" << 20 << "is a gpu, not a rack-mounted device";
    }

    void refusesBadPlacements()
    {
        QFETCH(QString, type);
        QFETCH(int, u);
        QFETCH(QString, expected);
        Design design;
        DesignBuilder b(design, catalog());
        const RowId row = *b.addRow("R1");
        const RackId rack = *b.addRack(row, "A01", "rack-42u-air");
        QVERIFY(b.placeDevice(rack, "dgx01", "dgx-h100", 1, DeviceRole::Compute));
        auto placed = b.placeDevice(rack, "x01", type.toStdString(), u, DeviceRole::Switch);
        QVERIFY(!placed);
        QVERIFY2(QString::fromStdString(placed.error().message).contains(expected),
                 placed.error().message.c_str());
        QCOMPARE(design.devices().size(), std::size_t(1));
    }

    void refusesBadConnections()
    {
        Design design;
        DesignBuilder b(design, catalog());
        const RowId row = *b.addRow("R1");
        const RackId rack = *b.addRack(row, "A01", "rack-42u-air");
        const DeviceId node = *b.placeDevice(rack, "dgx01", "dgx-h100", 1, DeviceRole::Compute);
        const DeviceId leaf = *b.placeDevice(rack, "leaf01", "qm9700", 10, DeviceRole::Switch);
        Fabric spec;
        spec.name = "compute";
        const FabricId fabric = *b.addFabric(spec);
        QVERIFY(b.connect(fabric, node, "mlx5_0", leaf, "p1"));

        auto used = b.connect(fabric, node, "mlx5_3", leaf, "p1");
        QVERIFY(!used);
        QVERIFY(QString::fromStdString(used.error().message)
                    .contains("leaf01 port p1 is already used"));
        auto noPort = b.connect(fabric, node, "mlx5_99", leaf, "p2");
        QVERIFY(!noPort);
        QVERIFY(QString::fromStdString(noPort.error().message).contains("has no port \"mlx5_99\""));
        auto badCable = b.connect(fabric, node, "mlx5_3", leaf, "p2", "qm9700");
        QVERIFY(!badCable);
        QVERIFY(QString::fromStdString(badCable.error().message)
                    .contains("not a cable or transceiver"));
        auto negative = b.connect(fabric, node, "mlx5_3", leaf, "p2", {}, -1);
        QVERIFY(!negative);
        auto dupName = b.placeDevice(rack, "dgx01", "qm9700", 20, DeviceRole::Switch);
        QVERIFY(!dupName);
        QVERIFY(QString::fromStdString(dupName.error().message).contains("hostname already used"));
        QCOMPARE(design.links().size(), std::size_t(1));
    }

    void firstFreeUSkipsOccupiedSlots()
    {
        Design design;
        DesignBuilder b(design, catalog());
        const RackId rack = *b.addRack(*b.addRow("R1"), "A01", "rack-42u-air");
        QCOMPARE(*b.firstFreeU(rack, "dgx-h100"), 1);
        QVERIFY(b.placeDevice(rack, "dgx01", "dgx-h100", 1, DeviceRole::Compute));
        QVERIFY(b.placeDevice(rack, "sw", "qm9700", 10, DeviceRole::Switch));
        // U9 is free but an 8U box needs U9-U16 and U10 is taken: next fit is U11.
        QCOMPARE(*b.firstFreeU(rack, "dgx-h100"), 11);
        QCOMPARE(*b.firstFreeU(rack, "qm9700"), 9);
        QVERIFY(b.placeDevice(rack, "dgx02", "dgx-h100", 11, DeviceRole::Compute));
        QVERIFY(b.placeDevice(rack, "dgx03", "dgx-h100", 19, DeviceRole::Compute));
        QVERIFY(b.placeDevice(rack, "dgx04", "dgx-h100", 27, DeviceRole::Compute));
        QVERIFY(b.placeDevice(rack, "dgx05", "dgx-h100", 35, DeviceRole::Compute)); // U35-U42
        QVERIFY(!b.firstFreeU(rack, "dgx-h100"));
    }

    void rackPositionsAndNames()
    {
        Design design;
        DesignBuilder b(design, catalog());
        const RowId row = *b.addRow("R1");
        QCOMPARE(design.rack(*b.addRack(row, "A01", "rack-42u-air"))->position, 0);
        QCOMPARE(design.rack(*b.addRack(row, "A02", "rack-42u-air"))->position, 1);
        QVERIFY(!b.addRack(row, "A01", "rack-42u-air"));
        QVERIFY(!b.addRack(row, "A03", "rack-42u-air", {}, 1));
        QVERIFY(!b.addRack(row, "A03", "qm9700"));
        QVERIFY(!b.addRow("R2", -5));
    }

    void cableChoiceFollowsReach()
    {
        // ref:nvidia-linkx-100g-pam4: passive DAC to 2-3 m, ACC 4-5 m, then optics (SR4 50 m,
        // DR4 100 m).
        const Catalog &c = catalog();
        CableChoice inRack = chooseCable(c, 400, 1.7, "OSFP-twin", "OSFP-twin");
        QVERIFY(inRack.part);
        QCOMPARE(QString::fromStdString(inRack.part->cable->medium), QStringLiteral("dac"));
        QCOMPARE(inRack.orderedLengthM, 2.0);
        CableChoice nextRack = chooseCable(c, 400, 4.2, "OSFP-twin", "OSFP-twin");
        QVERIFY(nextRack.part);
        QCOMPARE(QString::fromStdString(nextRack.part->cable->medium), QStringLiteral("acc"));
        QCOMPARE(nextRack.orderedLengthM, 5.0);
        CableChoice hall = chooseCable(c, 400, 42, "OSFP-twin", "OSFP-twin");
        QVERIFY(hall.part);
        QVERIFY(hall.part->kind == PartKind::Transceiver);
        QVERIFY(hall.part->cable->reachM >= 42);
        QCOMPARE(hall.orderedLengthM, 42.0);
        CableChoice far = chooseCable(c, 400, 5000);
        QVERIFY(!far.part);
        CableChoice mgmt = chooseCable(c, 1, 7.3, "RJ45", "RJ45");
        QVERIFY(mgmt.part);
        QCOMPARE(mgmt.orderedLengthM, 10.0);
    }

    void cableChoiceFitsCages()
    {
        // Expected parts worked from the catalog's endA/endB (ref:nvidia-linkx-100g-pam4),
        // cheapest medium that reaches first, then the shortest reach.
        const Catalog &c = catalog();
        auto id = [](const CableChoice &choice) {
            return QString::fromStdString(choice.part ? choice.part->id : std::string());
        };
        // DGX H100 twin-port OSFP to QM9700 at 2.5 m: the MCP7Y00 splitter (3 m DAC) has single
        // OSFP tails and no longer qualifies; the twin DAC reaches only 2 m, so the twin ACC
        // MCA4J80 (4-5 m) is next, ordered at 4 m.
        CableChoice dgx = chooseCable(c, 400, 2.5, "OSFP-twin", "OSFP-twin");
        QCOMPARE(id(dgx), QStringLiteral("acc-ndr-800g-twin"));
        QCOMPARE(dgx.orderedLengthM, 4.0);
        QVERIFY(dgx.note.empty());
        // Lustre OSS single OSFP to QM9700 at 2.5 m: MCP7Y00 (twin head, 2 x OSFP tails), 3 m.
        CableChoice oss = chooseCable(c, 400, 2.5, "OSFP", "OSFP-twin");
        QCOMPARE(id(oss), QStringLiteral("dac-ndr-splitter-2x400g-osfp"));
        QCOMPARE(oss.orderedLengthM, 2.5);
        // ...either orientation; beyond ACC reach the single-port OSFP SR4 module (50 m).
        QCOMPARE(id(chooseCable(c, 400, 4.5, "OSFP-twin", "OSFP")),
                 QStringLiteral("acc-ndr-splitter-2x400g-osfp"));
        QCOMPARE(id(chooseCable(c, 400, 12, "OSFP", "OSFP-twin")), QStringLiteral("mma4z00-ns400"));
        // DGX storage QSFP112 to QM9700: MCP7Y10 at 1.5 m, MMA1Z00-NS400 at 20 m.
        QCOMPARE(id(chooseCable(c, 400, 1.5, "QSFP112", "OSFP-twin")),
                 QStringLiteral("dac-ndr-splitter-2x400g-qsfp112"));
        QCOMPARE(id(chooseCable(c, 400, 20, "QSFP112", "OSFP-twin")),
                 QStringLiteral("mma1z00-ns400"));
        // HDR MDS (QSFP56, 200G) to QM9700: MCP7Y60 splitter at 2 m, MFA7U10 AOC at 6 m.
        QCOMPARE(id(chooseCable(c, 200, 2, "QSFP56", "OSFP-twin")),
                 QStringLiteral("dac-hdr-splitter-osfp-2x200g"));
        QCOMPARE(id(chooseCable(c, 200, 6, "QSFP56", "OSFP-twin")),
                 QStringLiteral("aoc-hdr-splitter-osfp-2x200g"));
        // 400G OSFP to an HDR QSFP56 switch at 200G: no part has both ends, and no part that
        // does not fit is chosen (it would fail net.cable-connector-mismatch): no part, and a
        // note naming the speed and the cages.
        CableChoice none = chooseCable(c, 200, 1.5, "OSFP", "QSFP56");
        QVERIFY(!none.part);
        QCOMPARE(QString::fromStdString(none.note),
                 QStringLiteral("no catalog cable or module carries 200 Gb/s between OSFP and "
                                "QSFP56 cages"));
        // A DGX twin-port OSFP cage to a 50G-PAM4 QSFP-DD switch cage (SONiC/Arista 400G):
        // optics only, DR4 to the twin-port module's 100 m, FR4 beyond (2 km).
        QCOMPARE(id(chooseCable(c, 400, 12, "OSFP-twin", "QSFP-DD")),
                 QStringLiteral("qdd-400g-dr4-twin"));
        QCOMPARE(id(chooseCable(c, 400, 140, "QSFP-DD", "OSFP-twin")),
                 QStringLiteral("qdd-400g-fr4-twin"));
        // Twin-port to twin-port at 800G (Spectrum-4 800GbE ports): the module pair as one
        // 800G link, multimode to 50 m, DR4 to 100 m, FR4 beyond.
        QCOMPARE(id(chooseCable(c, 800, 30, "OSFP-twin", "OSFP-twin")),
                 QStringLiteral("mma4z00-ns-800g"));
        QCOMPARE(id(chooseCable(c, 800, 80, "OSFP-twin", "OSFP-twin")),
                 QStringLiteral("mms4x00-ns-800g"));
        // A 200G QSFP56 plug in a QSFP-DD cage (QSFP-DD MSA backward compatibility).
        QCOMPARE(id(chooseCable(c, 200, 1.5, "QSFP56", "QSFP-DD")),
                 QStringLiteral("dac-hdr-200g-qsfp56"));
        // Beyond every reach: no part, and the note names the longest that fits.
        CableChoice tooFar = chooseCable(c, 1, 478.6, "RJ45", "RJ45");
        QVERIFY(!tooFar.part);
        QCOMPARE(QString::fromStdString(tooFar.note),
                 QStringLiteral("the longest catalog part for 1 Gb/s between RJ45 and RJ45 cages "
                                "is cat6-1g (copper-rj45, 100.0 m); the link needs 478.6 m"));
    }

    void cableLengthEstimate()
    {
        // Same rack: 8U apart = 8 x 44.45 mm + 1 m slack.
        QCOMPARE(estimateCableLengthM(0, 0, 1, 0, 0, 9, 42, 0.6, 3.0, 0.6, 1.0), 8 * 0.04445 + 1.0);
        // Adjacent racks, both at U42: up 0 U + 0.6 m tray each side, 0.6 m along, 1 m slack.
        QCOMPARE(estimateCableLengthM(0, 0, 42, 0, 1, 42, 42, 0.6, 3.0, 0.6, 1.0),
                 0.6 + 0.6 + 0.6 + 1.0);
        // Next row, same position, from U1 to U1: (41U x 44.45 mm + 0.6 m) x 2 + 3 m + 1 m.
        QCOMPARE(estimateCableLengthM(0, 2, 1, 1, 2, 1, 42, 0.6, 3.0, 0.6, 1.0),
                 2 * (41 * 0.04445 + 0.6) + 3.0 + 1.0);
    }
};

QTEST_GUILESS_MAIN(TestBuilder)
#include "tst_builder.moc"

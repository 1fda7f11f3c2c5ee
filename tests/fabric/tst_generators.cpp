// Generators: switch and cable counts against the closed forms (ref:al-fares-2008) and the
// DGX SuperPOD H100 table (ref:nvidia-superpod-h100-ra), errors for impossible values, determinism
// and the file round trip.

#include "FabricFixtures.h"

#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/summary/DesignSummary.h"

#include "resources/EmbeddedResources.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <set>

using namespace cw;

namespace {

/// Switches of one fabric by tier and links by kind, counted from the design itself.
struct Counts
{
    std::map<int, int> switches; ///< tier -> switches with a link on the fabric
    int endpointLinks = 0; ///< links with exactly one switch end (node/UFM/server - leaf)
    int leafSpine = 0;
    int spineCore = 0;
};

Counts count(const Design &design, FabricPurpose purpose)
{
    Counts counts;
    FabricId fabric;
    for (const Fabric &f : design.fabrics())
        if (f.purpose == purpose)
            fabric = f.id;
    std::set<DeviceId> seen;
    for (const Link &link : design.links()) {
        if (link.fabric != fabric)
            continue;
        const Device &a = *design.device(link.a.device);
        const Device &b = *design.device(link.b.device);
        for (const Device *d : { &a, &b })
            if (d->role == DeviceRole::Switch && seen.insert(d->id).second)
                ++counts.switches[d->tier];
        const bool switchA = a.role == DeviceRole::Switch;
        const bool switchB = b.role == DeviceRole::Switch;
        if (switchA != switchB)
            ++counts.endpointLinks;
        else if (std::min(a.tier, b.tier) == 0)
            ++counts.leafSpine;
        else
            ++counts.spineCore;
    }
    return counts;
}

Result<GeneratedDesign> fatTree(const std::map<std::string, std::string> &parameters)
{
    return generateDesign("fat-tree", parameters, test::testCatalog());
}

} // namespace

class TestGenerators : public QObject
{
    Q_OBJECT

private slots:
    void twoTierRadix64ClosedForm()
    {
        // 2-tier, k = 64: k^2/2 = 2048 hosts on k = 64 leaves and k/2 = 32 spines, one link
        // from each leaf to each spine. 256 DGX x 8 rails = 2048 NIC ports (= the S13 table's
        // 8 SU: 64 leaf / 32 spine).
        auto generated = fatTree({ { "nodes", "256" }, { "storage", "none" } });
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Counts counts = count(generated->design, FabricPurpose::Compute);
        QCOMPARE(counts.switches.at(0), 64);
        QCOMPARE(counts.switches.at(1), 32);
        QCOMPARE(counts.switches.size(), std::size_t(2));
        QCOMPARE(counts.endpointLinks, 2048);
        QCOMPARE(counts.leafSpine, 2048); // 64 leaves x 32 uplinks
        QCOMPARE(counts.spineCore, 0);
    }

    void threeTierRadix8ClosedForm()
    {
        // 3-tier, k = 8: k^3/4 = 128 hosts, k^2/2 = 32 leaves, 32 spines, k^2/4 = 16 cores,
        // 5k^2/4 = 80 switches; 128 links at each level.
        auto generated = fatTree({ { "nodes", "128" },
                                   { "rails", "1" },
                                   { "switch-type", "test-switch-k8" },
                                   { "storage", "none" } });
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Counts counts = count(generated->design, FabricPurpose::Compute);
        QCOMPARE(counts.switches.at(0), 32);
        QCOMPARE(counts.switches.at(1), 32);
        QCOMPARE(counts.switches.at(2), 16);
        QCOMPARE(counts.switches.at(0) + counts.switches.at(1) + counts.switches.at(2),
                 5 * 8 * 8 / 4);
        QCOMPARE(counts.endpointLinks, 128);
        QCOMPARE(counts.leafSpine, 128);
        QCOMPARE(counts.spineCore, 128);
        // One more host than k^3/4 cannot fit three tiers of radix 8.
        auto tooMany = fatTree({ { "nodes", "129" },
                                 { "rails", "1" },
                                 { "tiers", "3" },
                                 { "switch-type", "test-switch-k8" },
                                 { "storage", "none" } });
        QVERIFY(!tooMany);
        QVERIFY(tooMany.error().message.find("joins at most 32 leaves") != std::string::npos);
    }

    void threeTierRadix64MatchesNvidiaTable()
    {
        // S13 "16 SU": 512 nodes / 4096 GPUs on 128 leaf, 128 spine, 64 core; cables per
        // level = GPU count.
        auto generated = fatTree({ { "nodes", "512" }, { "storage", "none" } });
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Counts counts = count(generated->design, FabricPurpose::Compute);
        QCOMPARE(counts.switches.at(0), 128);
        QCOMPARE(counts.switches.at(1), 128);
        QCOMPARE(counts.switches.at(2), 64);
        QCOMPARE(counts.endpointLinks, 4096);
        QCOMPARE(counts.leafSpine, 4096);
        QCOMPARE(counts.spineCore, 4096);
    }

    void twoToOneOnRadix64()
    {
        // 2:1 on a 64-port QM9700 leaf: u = floor(64/3) = 21 up, d = 2 x 21 = 42 down, one port
        // unused. Rail-optimized SU = 42 nodes: 84 DGX = 2 SUs x 8 rails = 16 leaves. 2 tiers:
        // S = smallest divisor of 21 >= ceil(16 x 21 / 64) = 6 -> 7 spines, 21/7 = 3 links
        // from every leaf to every spine: 16 x 21 = 336 leaf-spine links, 84 x 8 = 672 node
        // links, each spine 16 x 3 = 48 of its 64 ports.
        auto generated
            = fatTree({ { "nodes", "84" }, { "storage", "none" }, { "oversubscription", "2:1" } });
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Counts counts = count(generated->design, FabricPurpose::Compute);
        QCOMPARE(counts.switches.at(0), 16);
        QCOMPARE(counts.switches.at(1), 7);
        QCOMPARE(counts.switches.size(), std::size_t(2));
        QCOMPARE(counts.endpointLinks, 672);
        QCOMPARE(counts.leafSpine, 336);
        QCOMPARE(counts.spineCore, 0);
    }

    void twoToOneThreeTiers()
    {
        // Radix 8 at 2:1: u = floor(8/3) = 2, d = 4, 2 ports unused. 40 hosts on one rail =
        // 10 leaves > k = 8, so 3 tiers: pods of k/2 = 4 leaves -> 3 pods (4, 4, 2 leaves),
        // u = 2 spines per pod = 6 spines; C = smallest divisor of 4 >= ceil(3/2) = 2 cores
        // per group, 2 groups = 4 cores. Leaf-spine 10 x 2 = 20; every spine sends as many
        // links up as it has leaves: 2 x (4 + 4 + 2) = 20 spine-core links.
        auto generated = fatTree({ { "nodes", "40" },
                                   { "rails", "1" },
                                   { "oversubscription", "2:1" },
                                   { "switch-type", "test-switch-k8" },
                                   { "storage", "none" } });
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Counts counts = count(generated->design, FabricPurpose::Compute);
        QCOMPARE(counts.switches.at(0), 10);
        QCOMPARE(counts.switches.at(1), 6);
        QCOMPARE(counts.switches.at(2), 4);
        QCOMPARE(counts.endpointLinks, 40);
        QCOMPARE(counts.leafSpine, 20);
        QCOMPARE(counts.spineCore, 20);
    }

    void superPodMatchesReferenceTable_data()
    {
        QTest::addColumn<int>("sus");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("leaves");
        QTest::addColumn<int>("spines");
        QTest::addColumn<int>("nodeCables");
        QTest::addColumn<int>("spineCables");
        // DGX SuperPOD H100 RA (ref:nvidia-superpod-h100-ra), ref:nvidia-superpod-h100-ra.
        QTest::newRow("1 SU") << 1 << 31 << 248 << 8 << 4 << 252 << 256;
        QTest::newRow("2 SU") << 2 << 63 << 504 << 16 << 8 << 508 << 512;
        QTest::newRow("3 SU") << 3 << 95 << 760 << 24 << 16 << 764 << 768;
        QTest::newRow("4 SU") << 4 << 127 << 1016 << 32 << 16 << 1020 << 1024;
    }

    void superPodMatchesReferenceTable()
    {
        QFETCH(int, sus);
        QFETCH(int, nodes);
        QFETCH(int, gpus);
        QFETCH(int, leaves);
        QFETCH(int, spines);
        QFETCH(int, nodeCables);
        QFETCH(int, spineCables);
        auto generated = generateDesign("superpod-h100", { { "sus", std::to_string(sus) } },
                                        test::testCatalog());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        const DesignSummary summary = summarize(design, test::testCatalog());
        QCOMPARE(summary.nodes, nodes);
        QCOMPARE(summary.gpus, gpus);
        const Counts counts = count(design, FabricPurpose::Compute);
        QCOMPARE(counts.switches.at(0), leaves);
        QCOMPARE(counts.switches.at(1), spines);
        QCOMPARE(counts.endpointLinks, nodeCables); // 8 per DGX + 4 UFM
        QCOMPARE(counts.leafSpine, spineCables);
        // 4 DGX per rack: 8 racks per SU plus one leaf rack; storage and OOB networks exist.
        int dgxRacks = 0;
        for (const Rack &rack : design.racks()) {
            int dgx = 0;
            for (const Device &device : design.devices())
                dgx += device.rack == rack.id && device.role == DeviceRole::Compute ? 1 : 0;
            QVERIFY(dgx <= 4);
            dgxRacks += dgx > 0 ? 1 : 0;
        }
        QCOMPARE(dgxRacks, 8 * sus);
        QCOMPARE(design.fabrics().size(), std::size_t(3));
        QVERIFY(count(design, FabricPurpose::Storage).endpointLinks > 0);
        // The management network is a tree over every device: one uplink each but the root.
        const Counts oob = count(design, FabricPurpose::OutOfBand);
        QCOMPARE(oob.endpointLinks + oob.leafSpine + oob.spineCore,
                 static_cast<int>(design.devices().size()) - 1);
    }

    void superPodBuiltinCatalogHasUfm()
    {
        // The built-in ufm-appliance fills the SU's spare slot: 31 x 8 + 4 = 252 node+UFM
        // cables, as in the H100 RA table (ref:nvidia-superpod-h100-ra).
        auto generated = generateDesign("superpod-h100", {}, Catalog::builtin());
        QVERIFY(generated);
        QCOMPARE(count(generated->design, FabricPurpose::Compute).endpointLinks, 252);
        QVERIFY(generated->notes.empty());
    }

    void superPodWithoutUfmPartSaysSo()
    {
        // The built-in files with the UFM appliance taken out, as a user catalog might be.
        Catalog catalog;
        for (const auto &file : resources::catalogFiles()) {
            nlohmann::json document = nlohmann::json::parse(file.text);
            auto &parts = document["parts"];
            for (auto it = parts.begin(); it != parts.end();)
                it = (*it)["id"] == "ufm-appliance" ? parts.erase(it) : it + 1;
            QVERIFY(catalog.addFile(std::string(file.name), document.dump()));
        }
        QVERIFY(!catalog.find("ufm-appliance"));
        auto generated = generateDesign("superpod-h100", {}, catalog);
        QVERIFY(generated);
        QCOMPARE(count(generated->design, FabricPurpose::Compute).endpointLinks, 248);
        QCOMPARE(generated->notes.size(), std::size_t(1));
        QVERIFY(generated->notes[0].find("UFM") != std::string::npos);
    }

    void impossibleValuesAreErrors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("parameters");
        QTest::addColumn<QString>("expected");
        QTest::newRow("template") << "mesh" << QStringList {} << "unknown template \"mesh\"";
        QTest::newRow("parameter") << "fat-tree" << QStringList { "nodes=8", "colour=red" }
                                   << "unknown parameter \"colour\"";
        QTest::newRow("nodes missing") << "fat-tree" << QStringList {} << "nodes is required";
        QTest::newRow("rails > NICs") << "fat-tree" << QStringList { "nodes=8", "rails=9" }
                                      << "more than the 8 compute NICs of dgx-h100";
        // Rail-optimized with one plane per rail, a k = 64 3-tier plane joins k^2/2 = 2048
        // leaves = 2048 SUs of 32 nodes = 65,536 nodes; 70,000 need 2,188 leaves per plane.
        QTest::newRow("beyond every rail plane")
            << "fat-tree" << QStringList { "nodes=70000" } << "joins at most 65536 nodes";
        QTest::newRow("too many nodes")
            << "fat-tree" << QStringList { "nodes=70000", "rails=1", "rail-optimized=false" }
            << "joins at most 2048 leaves";
        QTest::newRow("bad number") << "fat-tree" << QStringList { "nodes=ten" } << "whole number";
        QTest::newRow("technology")
            << "fat-tree" << QStringList { "nodes=8", "technology=roce", "switch-type=qm9700" }
            << "does not run roce";
        QTest::newRow("sus") << "superpod-h100" << QStringList { "sus=5" } << "from 1 to 4";
        QTest::newRow("seed params")
            << "seed-8node-hdr" << QStringList { "nodes=8" } << "unknown parameter";
    }

    void impossibleValuesAreErrors()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, parameters);
        QFETCH(QString, expected);
        std::map<std::string, std::string> values;
        for (const QString &pair : parameters)
            values[pair.section('=', 0, 0).toStdString()] = pair.section('=', 1).toStdString();
        auto generated = generateDesign(name.toStdString(), values, test::testCatalog());
        QVERIFY(!generated);
        QVERIFY2(generated.error().message.find(expected.toStdString()) != std::string::npos,
                 generated.error().message.c_str());
    }

    void deterministicAndRoundTrips_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("parameters");
        QTest::newRow("fat-tree ib") << "fat-tree" << QStringList { "nodes=70" };
        QTest::newRow("fat-tree roce weka converged")
            << "fat-tree"
            << QStringList { "nodes=20", "technology=roce", "storage=weka",
                             "storage-fabric=converged", "rail-optimized=false" };
        QTest::newRow("fat-tree 3:1 vast")
            << "fat-tree" << QStringList { "nodes=40", "oversubscription=3:1", "storage=vast" };
        QTest::newRow("superpod 2 SU") << "superpod-h100" << QStringList { "sus=2" };
        QTest::newRow("seed-8node-hdr") << "seed-8node-hdr" << QStringList {};
        QTest::newRow("seed-8dgx-ndr") << "seed-8dgx-ndr" << QStringList {};
    }

    void deterministicAndRoundTrips()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, parameters);
        std::map<std::string, std::string> values;
        for (const QString &pair : parameters)
            values[pair.section('=', 0, 0).toStdString()] = pair.section('=', 1).toStdString();
        const Catalog &catalog = test::testCatalog();
        auto first = generateDesign(name.toStdString(), values, catalog);
        QVERIFY2(first, first ? "" : first.error().message.c_str());
        auto second = generateDesign(name.toStdString(), values, catalog);
        QVERIFY(second);
        const std::string text = serializeDesign(first->design, catalog);
        QCOMPARE(serializeDesign(second->design, catalog), text);
        auto parsed = parseDesign(text, catalog);
        QVERIFY2(parsed, parsed ? "" : parsed.error().message.c_str());
        QVERIFY(parsed->warnings.empty());
        QCOMPARE(serializeDesign(parsed->design, catalog), text);
    }

    void defaultSiteIsOneStandardHallForSmallDesigns()
    {
        auto generated = fatTree({ { "nodes", "64" } });
        QVERIFY(generated);
        const Design &design = generated->design;
        const DesignSummary summary = summarize(design, test::testCatalog());
        // The default site is a budget of its own (one standard hall: 400 positions x 45 kW),
        // not the load with headroom; the design stays inside it.
        QCOMPARE(design.site().halls.size(), std::size_t(1));
        QCOMPARE(design.site().itPowerBudgetKw, 400 * 45.0);
        QCOMPARE(design.site().utilityPowerKw, 400 * 45.0 * 1.3);
        QVERIFY(summary.itPowerKw < design.site().itPowerBudgetKw);
        for (const Link &link : design.links())
            QVERIFY2(!link.cableType.empty(), "every link of a small design is cabled");
        for (const Rack &rack : design.racks())
            QVERIFY(rack.pdus.size() >= 2);
    }

    void storageIsDualHomed()
    {
        // 8 DGX (2 storage ports each) and Lustre's 5 servers (2 ports each) on QM9700 leaves
        // of 32 down ports: in-order chunks would put all 16 node ports on one leaf and all
        // 10 server ports on another, each a single point of failure. Dual-homed instead:
        // owner i's port k on leaf (i + k) mod 2, so two node leaves of 8 ports and two server
        // leaves of 5, and every owner reaches two different leaves.
        auto generated = fatTree({ { "nodes", "8" } });
        QVERIFY(generated);
        const Design &design = generated->design;
        const Counts storage = count(design, FabricPurpose::Storage);
        QCOMPARE(storage.switches.at(0), 4);
        QCOMPARE(storage.endpointLinks, 8 * 2 + 5 * 2);
        FabricId fabric;
        for (const Fabric &f : design.fabrics())
            if (f.purpose == FabricPurpose::Storage)
                fabric = f.id;
        std::map<DeviceId, std::set<DeviceId>> leavesOf;
        std::map<DeviceId, int> portsOf;
        for (const Link &link : design.links()) {
            const Device &a = *design.device(link.a.device);
            const Device &b = *design.device(link.b.device);
            if (link.fabric != fabric
                || (a.role == DeviceRole::Switch) == (b.role == DeviceRole::Switch))
                continue;
            const Device &owner = a.role == DeviceRole::Switch ? b : a;
            const Device &leaf = a.role == DeviceRole::Switch ? a : b;
            leavesOf[owner.id].insert(leaf.id);
            ++portsOf[owner.id];
        }
        QCOMPARE(leavesOf.size(), std::size_t(8 + 5));
        for (const auto &[owner, leaves] : leavesOf) {
            QCOMPARE(portsOf[owner], 2);
            QVERIFY2(leaves.size() == 2, design.device(owner)->name.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestGenerators)
#include "tst_generators.moc"

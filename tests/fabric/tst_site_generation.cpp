// Generators place into the site they are given and never change it; when the design does not
// fit, they refuse naming the binding constraint and the largest design that fits.
//
// The hand-worked figures use the built-in catalog: dgx-h100 10.2 kW maximum, qm9700 1.3 kW,
// the head node mgmt-server-1u 0.8 kW, the management switch mgmt-48x1g 0.2 kW. With
// `rails=1 storage=none` and up to 32 nodes the compute fabric is one QM9700 leaf (32
// downlinks at 1:1) and one spine, so the IT load of N nodes is
// 10.2 N + 2 x 1.3 + 0.8 + 0.2 = 10.2 N + 3.6 kW (one management switch serves 47 devices).

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/io/SiteFile.h"
#include "model/summary/DesignSummary.h"
#include "tests/fabric/FabricFixtures.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <set>

using namespace cw;

namespace {

Hall hall(const std::string &name, int rows, int positions, double kw, HallCooling cooling)
{
    Hall h;
    h.name = name;
    h.rows = rows;
    h.positionsPerRow = positions;
    h.maxKwPerPosition = kw;
    h.cooling = cooling;
    return h;
}

std::map<std::string, std::string> smallTree(int nodes)
{
    return { { "nodes", std::to_string(nodes) }, { "rails", "1" }, { "storage", "none" } };
}

/// The built-in catalog plus a liquid-cooled DGX H100 stand-in: 12 kW, liquid only.
const Catalog &liquidCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        nlohmann::json liquid;
        for (const auto &file : resources::catalogFiles()) {
            c.addFile(file.name, file.text);
            const auto json = nlohmann::json::parse(file.text);
            for (const auto &part : json["parts"])
                if (part["id"] == "dgx-h100")
                    liquid = part;
        }
        liquid["id"] = "test-dgx-lc";
        liquid["cooling"] = "liquid";
        liquid["maxPowerW"] = 12000;
        const nlohmann::json file { { "format", "clusterwright-catalog" },
                                    { "version", 1 },
                                    { "parts", nlohmann::json::array({ liquid }) } };
        if (auto added = c.addFile("test-liquid.json", file.dump()); !added)
            throw std::runtime_error(added.error().message);
        return c;
    }();
    return catalog;
}

} // namespace

class TestSiteGeneration : public QObject
{
    Q_OBJECT

private slots:
    void siteIsNeverChanged()
    {
        Site site;
        site.name = "Building 2";
        site.itPowerBudgetKw = 900;
        site.utilityPowerKw = 1300;
        site.airCoolingCapacityKw = 950;
        site.liquidCoolingCapacityKw = 950;
        site.halls
            = { hall("A", 3, 6, 45, HallCooling::RearDoor), hall("B", 2, 8, 45, HallCooling::Air) };
        site.hallDistances = { { "A", "B", 40 } };
        const std::string before = serializeSite(site);
        auto generated
            = generateDesign("fat-tree", { { "nodes", "64" } }, Catalog::builtin(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        QCOMPARE(serializeSite(generated->design.site()), before);
        QVERIFY(generated->design.site() == site);
    }

    void refusesOnPowerWithLargestFit()
    {
        // 100 kW IT: 10.2 N + 3.6 <= 100 gives N <= 9.45, so at most 9 nodes; 16 nodes need
        // 10.2 x 16 + 3.6 = 166.8 kW.
        Site site;
        site.itPowerBudgetKw = 100;
        site.halls = { hall("A", 4, 10, 45, HallCooling::RearDoor) };
        SiteRefusal refusal;
        auto generated
            = generateDesign("fat-tree", smallTree(16), Catalog::builtin(), site, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Power));
        QCOMPARE(refusal.largestFitting, 9);
        QCOMPARE(
            QString::fromStdString(generated.error().message),
            QStringLiteral("fat-tree: 16 x dgx-h100 need 166.8 kW IT; the site gives 100.0 kW: "
                           "at most 9 nodes (binding constraint: power)"));
        // The bound is tight: 9 nodes generate (95.4 kW), 10 (105.6 kW) do not.
        auto nine = generateDesign("fat-tree", smallTree(9), Catalog::builtin(), site);
        QVERIFY(nine);
        QCOMPARE(summarize(nine->design, Catalog::builtin()).itPowerKw, 10.2 * 9 + 3.6);
        QVERIFY(!generateDesign("fat-tree", smallTree(10), Catalog::builtin(), site));
    }

    void refusesOnUtility()
    {
        // Utility 130 kW at PUE 1.3 carries 100 kW of IT: the same 9 nodes.
        Site site;
        site.utilityPowerKw = 130;
        site.halls = { hall("A", 4, 10, 45, HallCooling::RearDoor) };
        SiteRefusal refusal;
        QVERIFY(!generateDesign("fat-tree", smallTree(12), Catalog::builtin(), site, &refusal));
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Power));
        QCOMPARE(refusal.largestFitting, 9);
        QVERIFY(QString::fromStdString(refusal.message).contains("from the utility"));
    }

    void refusesOnCooling()
    {
        // Air hall, 60 kW of air cooling: 10.2 N + 3.6 <= 60 gives N <= 5.53, at most 5.
        // 8 nodes dissipate 10.2 x 8 + 3.6 = 85.2 kW into the air.
        Site site;
        site.airCoolingCapacityKw = 60;
        site.halls = { hall("A", 4, 10, 45, HallCooling::Air) };
        SiteRefusal refusal;
        auto generated
            = generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Cooling));
        QCOMPARE(refusal.largestFitting, 5);
        QCOMPARE(
            QString::fromStdString(refusal.message),
            QStringLiteral("fat-tree: 8 x dgx-h100 need 85.2 kW of air cooling; the site gives "
                           "60.0 kW: at most 5 nodes (binding constraint: cooling)"));
    }

    void rearDoorHeatGoesToFacilityWater()
    {
        // The same 60 kW of air capacity is no limit in a rear-door hall: the doors hand the
        // heat to the facility water.
        Site site;
        site.airCoolingCapacityKw = 60;
        site.halls = { hall("A", 4, 10, 45, HallCooling::RearDoor) };
        QVERIFY(generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site));
    }

    void refusesOnPositions()
    {
        // 45 kW per position holds 4 DGX H100 (4 x 10.2 kW + optics + management switch), so
        // N nodes take ceil(N / 4) node racks + the leaf rack + the network rack (head node
        // and spine).
        // 3 positions: ceil(N / 4) <= 1, at most 4 nodes; 8 nodes need 2 + 2 = 4 positions.
        Site site;
        site.halls = { hall("A", 1, 3, 45, HallCooling::RearDoor) };
        SiteRefusal refusal;
        auto generated
            = generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Positions));
        QCOMPARE(refusal.largestFitting, 4);
        QCOMPARE(
            QString::fromStdString(refusal.message),
            QStringLiteral("fat-tree: 8 x dgx-h100 need 4 rack positions (racks and CDUs); the "
                           "site gives 3 in 1 hall: at most 4 nodes (binding constraint: "
                           "positions)"));
    }

    void refusesOnReach()
    {
        // Two halls of 3 positions, 2,500 m apart: the longest 400G optic (FR4) reaches 2 km.
        // Layout order: first half of the compute racks, the network rack, the rest. 4 nodes:
        // node rack, head rack, leaf rack fill hall A. 5 nodes: node, head, node fill A and
        // the leaf rack goes to B, so node-to-leaf cables cross: at most 4 nodes.
        Site site;
        site.halls = { hall("A", 1, 3, 45, HallCooling::RearDoor),
                       hall("B", 1, 3, 45, HallCooling::RearDoor) };
        site.hallDistances = { { "A", "B", 2500 } };
        SiteRefusal refusal;
        auto generated
            = generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Reach));
        QCOMPARE(refusal.largestFitting, 4);
        const QString message = QString::fromStdString(refusal.message);
        QVERIFY2(message.contains("at 400 Gb/s (row A-R01 to row B-R01)"), qPrintable(message));
        QVERIFY2(message.contains("reaches 2000 m: at most 4 nodes"), qPrintable(message));
    }

    void refusesOnReachOfTheFittingPart()
    {
        // One rack per row, rows 30 m apart. A DGX H100 storage port (400G QSFP112) meets the
        // QM9700's OSFP-twin cage only through MMA1Z00-NS400 (multimode SR4, 50 m). 8 nodes:
        // node rack in row 1, node rack in row 2, the SU's leaf rack in row 3: the row-1 link
        // runs 2 x 30 m along the tray plus the drops, over 50 m. 4 nodes: node rack in row
        // 1, leaf rack in row 2: 30 m + two drops of at most 47 U x 44.45 mm + 0.6 m tray
        // height (2.7 m each) + 1 m slack = under 37 m, within reach.
        Site site;
        Hall tall = hall("A", 10, 1, 45, HallCooling::RearDoor);
        tall.rowPitchM = 30;
        site.halls = { tall };
        SiteRefusal refusal;
        auto generated = generateDesign("fat-tree", { { "nodes", "8" }, { "rails", "1" } },
                                        Catalog::builtin(), site, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Reach));
        QCOMPARE(refusal.largestFitting, 4);
        const QString message = QString::fromStdString(refusal.message);
        QVERIFY2(message.contains("joining QSFP112 and OSFP-twin cages at that speed reaches 50 m"),
                 qPrintable(message));
        auto four = generateDesign("fat-tree", { { "nodes", "4" }, { "rails", "1" } },
                                   Catalog::builtin(), site);
        QVERIFY2(four, four ? "" : four.error().message.c_str());
        for (const Link &link : four->design.links())
            QVERIFY(!link.cableType.empty());
    }

    void refusesMissingHallRoute()
    {
        Site site;
        site.halls = { hall("A", 1, 3, 45, HallCooling::RearDoor),
                       hall("B", 1, 3, 45, HallCooling::RearDoor) };
        SiteRefusal refusal;
        QVERIFY(!generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site, &refusal));
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Reach));
        QVERIFY(QString::fromStdString(refusal.message).contains("no distance between them"));
        QCOMPARE(refusal.largestFitting, 4);
    }

    void densityFollowsThePositionLimit()
    {
        // 30 kW per position: (30 - 0.2) kW / (10.2 kW + one optic) = 2 DGX per rack.
        Site site;
        site.halls = { hall("A", 4, 20, 30, HallCooling::Air) };
        auto generated = generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site);
        QVERIFY(generated);
        int nodeRacks = 0;
        for (const Rack &rack : generated->design.racks()) {
            int nodes = 0;
            for (DeviceId id : generated->design.devicesInRack(rack.id))
                nodes += generated->design.device(id)->role == DeviceRole::Compute;
            QVERIFY(nodes <= 2);
            nodeRacks += nodes > 0;
        }
        QCOMPARE(nodeRacks, 4);
        // Asking for more per rack than a position takes is refused with the count that fits.
        SiteRefusal refusal;
        auto params = smallTree(8);
        params["nodes-per-rack"] = "4";
        QVERIFY(!generateDesign("fat-tree", params, Catalog::builtin(), site, &refusal));
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Power));
        QCOMPARE(refusal.largestFitting, 0);
        QVERIFY2(QString::fromStdString(refusal.message).contains("(nodes-per-rack=2)"),
                 refusal.message.c_str());
        // 8 kW per position takes no DGX H100 at all.
        site.halls.front().maxKwPerPosition = 8;
        QVERIFY(!generateDesign("fat-tree", smallTree(8), Catalog::builtin(), site, &refusal));
        QCOMPARE(refusal.largestFitting, 0);
        QVERIFY(
            QString::fromStdString(refusal.message).contains("a position gives at most 8.0 kW"));
    }

    void spreadsOverHalls()
    {
        // 32 nodes: 8 node racks + leaf rack + head rack = 10 racks; hall A has 6 positions.
        Site site;
        site.halls = { hall("A", 1, 6, 45, HallCooling::RearDoor),
                       hall("B", 1, 6, 45, HallCooling::RearDoor) };
        site.hallDistances = { { "A", "B", 50 } };
        auto generated = generateDesign("fat-tree", smallTree(32), Catalog::builtin(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        std::map<std::string, int> racksPerHall;
        for (const Rack &rack : design.racks()) {
            const Row *row = design.row(rack.row);
            QVERIFY(rack.position < 6);
            ++racksPerHall[row->hall];
        }
        QCOMPARE(racksPerHall["A"], 6);
        QCOMPARE(racksPerHall["B"], 4);
        // A cable between the halls is at least the route between them.
        double longest = 0;
        for (const Link &link : design.links()) {
            const Row *a = design.row(design.rack(design.device(link.a.device)->rack)->row);
            const Row *b = design.row(design.rack(design.device(link.b.device)->rack)->row);
            if (a->hall != b->hall) {
                QVERIFY(link.lengthM >= 50);
                longest = std::max(longest, link.lengthM);
            }
        }
        QVERIFY(longest > 50);
    }

    void scalableUnitStaysInOneHall()
    {
        // 64 DGX H100, 8 rails, Lustre: 2 SUs of 8 node racks (4 DGX at 45 kW) and a leaf
        // rack each, and one network rack (storage servers, head node, spines) between them.
        // Hall A's 12 positions take SU 1 and the network rack; SU 2 (9 racks) does not fit
        // the 2 left, so it starts in hall B rather than leaving 7 of its racks 40 m and two
        // hall entrances from their leaf rack.
        Site site;
        site.halls = { hall("A", 1, 12, 45, HallCooling::RearDoor),
                       hall("B", 1, 12, 45, HallCooling::RearDoor) };
        site.hallDistances = { { "A", "B", 40 } };
        auto generated
            = generateDesign("fat-tree", { { "nodes", "64" } }, Catalog::builtin(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        auto hallOf = [&design](DeviceId id) {
            return design.row(design.rack(design.device(id)->rack)->row)->hall;
        };
        std::map<std::string, int> racksPerHall;
        for (const Rack &rack : design.racks())
            ++racksPerHall[design.row(rack.row)->hall];
        QCOMPARE(racksPerHall["A"], 10);
        QCOMPARE(racksPerHall["B"], 9);
        int nodeLinks = 0;
        for (const Link &link : design.links()) {
            const Device *a = design.device(link.a.device);
            const Device *b = design.device(link.b.device);
            if (a->role != DeviceRole::Compute && b->role != DeviceRole::Compute)
                continue;
            if (design.fabric(link.fabric)->purpose == FabricPurpose::OutOfBand)
                continue;
            ++nodeLinks;
            QCOMPARE(hallOf(link.a.device), hallOf(link.b.device));
        }
        QCOMPARE(nodeLinks, 64 * (8 + 2)); // 8 rails and 2 storage ports per node
    }

    void cdusSizedForLiquidRows_data()
    {
        QTest::addColumn<int>("redundancy");
        QTest::addColumn<int>("cdus");
        QTest::newRow("N+1") << 1 << 2;
        QTest::newRow("N+2") << 2 << 3;
    }

    void cdusSizedForLiquidRows()
    {
        // Liquid node test-dgx-lc: 12 kW, 8U. The liquid rack (rack-48u-liquid, 132 kW rating,
        // 47 U below the management switch) takes 5 (47 / 8 = 5; 5 x 12 kW = 60 kW < 132 kW).
        // 20 nodes: 4 node racks of 60 kW liquid heat = 240 kW in the row, plus the air-cooled
        // leaf and head racks. CDUs of 750 kW: ceil(240 / 750) = 1 carries the row, + the
        // site's spares. The row: 6 racks + the CDUs <= 20 positions, one row.
        QFETCH(int, redundancy);
        QFETCH(int, cdus);
        Site site;
        site.cduRedundancy = redundancy;
        site.halls = { hall("L", 2, 20, 140, HallCooling::Liquid) };
        auto params = smallTree(20);
        params["node-type"] = "test-dgx-lc";
        auto generated = generateDesign("fat-tree", params, liquidCatalog(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        int cduRacks = 0;
        std::set<std::uint64_t> rows;
        for (const Rack &rack : design.racks()) {
            rows.insert(rack.row.value);
            if (rack.catalogType == "cdu-inrow-750kw") {
                ++cduRacks;
                QVERIFY(design.devicesInRack(rack.id).empty());
            }
        }
        QCOMPARE(cduRacks, cdus);
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(design.racks().size(), std::size_t(6 + cdus));
    }

    void liquidNodesNeedLiquidRows()
    {
        Site site;
        site.halls = { hall("A", 2, 20, 140, HallCooling::RearDoor) };
        auto params = smallTree(20);
        params["node-type"] = "test-dgx-lc";
        SiteRefusal refusal;
        QVERIFY(!generateDesign("fat-tree", params, liquidCatalog(), site, &refusal));
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Cooling));
        QCOMPARE(refusal.largestFitting, 0);
        QVERIFY(QString::fromStdString(refusal.message).contains("direct liquid cooling"));
    }

    void defaultSiteIsStandardHalls()
    {
        // 512 x DGX H100 at 4 per rack: 128 node racks and more than one hall of 400.
        auto generated = generateDesign("fat-tree", { { "nodes", "2048" } }, Catalog::builtin());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Site &site = generated->design.site();
        std::set<std::string> used;
        for (const Row &row : generated->design.rows())
            used.insert(row.hall);
        QCOMPARE(used.size(), site.halls.size());
        QVERIFY(site.halls.size() >= 2);
        // Budgets are the halls' positions at 45 kW, the utility that x PUE.
        QCOMPARE(site.itPowerBudgetKw, 400.0 * 45 * static_cast<double>(site.halls.size()));
        QCOMPARE(toString(site.halls.front().cooling), toString(HallCooling::RearDoor));
        QCOMPARE(site.hallDistances.size(), site.halls.size() * (site.halls.size() - 1) / 2);
    }

    void defaultSiteIsBounded()
    {
        // One DGX per rack: an SU of 32 nodes takes 33 positions (its node racks and leaf
        // rack) and stays in one hall, so a standard hall of 400 positions holds 12 SUs (396)
        // and the default site's 64 halls at most 64 x 12 x 32 = 24,576 nodes, fewer with the
        // network racks. 40,000 nodes are refused on positions instead of growing the site.
        SiteRefusal refusal;
        auto generated = generateDesign(
            "fat-tree", { { "nodes", "40000" }, { "nodes-per-rack", "1" }, { "storage", "none" } },
            Catalog::builtin(), std::nullopt, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Positions));
        QVERIFY2(refusal.message.find("the default site grows to at most 64 halls (25600 "
                                      "positions)")
                     != std::string::npos,
                 refusal.message.c_str());
        QVERIFY(refusal.largestFitting > 0);
        QVERIFY(refusal.largestFitting <= 64 * 12 * 32);
    }

    void fixedTemplateInASite()
    {
        Site site;
        site.itPowerBudgetKw = 50; // the seed design draws 91 kW
        SiteRefusal refusal;
        auto generated = generateDesign("seed-8node-hdr", {}, Catalog::builtin(), site, &refusal);
        QVERIFY(!generated);
        QCOMPARE(toString(refusal.constraint), toString(SiteConstraint::Power));
        site.itPowerBudgetKw = 200;
        auto fits = generateDesign("seed-8node-hdr", {}, Catalog::builtin(), site);
        QVERIFY(fits);
        QVERIFY(fits->design.site() == site);
    }
};

QTEST_GUILESS_MAIN(TestSiteGeneration)
#include "tst_site_generation.moc"

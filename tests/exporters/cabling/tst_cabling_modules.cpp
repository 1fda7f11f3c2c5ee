// Cabling plan: the optics modules counted per port cage (a twin-port module serves the two
// links of its cage), by hand for the generated SuperPOD (1 SU) and against a sort of every
// transceiver end at once for designs with optics, one of them with its twin ends dealt apart.
// Split from tst_cabling (one row per link, files, labels) to keep each file to one idea.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "model/quantities/CablePlaces.h"
#include "model/quantities/CablePlan.h"
#include "tests/exporters/cabling/CablingDesigns.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

using namespace cw;
using test::catalog;
using test::designNamed;

class TestCablingModules : public QObject
{
    Q_OBJECT

private slots:
    void superpodModulesPerCage()
    {
        // Optics modules per part for the generated SuperPOD (1 SU), counted by hand from its
        // cabling.csv (tests/data/golden/superpod-h100-1su) and the catalog's port cages:
        //  compute-ib, 248 DGX-leaf links on MMA4Z00-NS: DGX side 31 DGX x 4 OSFP-twin
        //    cages (8 rails, 2 per cage) = 124 twin modules (the DGX takes the flat-top
        //    variant, not a separate catalog part); leaf side leaf0001-4 carry 31 DGX links
        //    + 1 UFM link on p1-p32 = 16 full cages each, leaf0005-8 carry 31 DGX links on
        //    p1-p31 = 16 cages (p31 alone in the last) each, 8 x 16 = 128 twin modules.
        //  compute-ib, 4 UFM links on MMA4Z00-NS400: 4 single-port OSFP at the UFM; their
        //    leaf ends are twin modules in the leaf cages above.
        //  compute-ib, 256 leaf-spine links: 128 twin at the leaves, 128 at the spines.
        //  storage-ib, 62 DGX links on MMA1Z00-NS400: 62 QSFP112 modules at the DGXs; each
        //    DGX's two storage ports on different leaves (dual-homed), 31 links on each of
        //    sleaf0001-2 = 16 twin cages each (the last half full), 32 twin modules; 64
        //    leaf-spine links: 32 + 32 twin.
        //  oob-mgmt: mgmt0001 (SU row) reaches the aggregation switch in the network row over
        //    100G CWDM4, one QSFP28 module at each end = 2 (3.5 W each).
        // Twin MMA4Z00-NS: 124 + 128 + 256 + 32 + 64 = 604. Before, each link counted its own
        // part at both ends: 700 in all (568 + 8 + 124).
        const Design d = designNamed("superpod");
        const auto plan = cabling::buildCablePlan(d, catalog());
        QVERIFY(plan);
        std::map<std::string, int> modules;
        double powerW = 0;
        for (const auto &count : plan->modules) {
            modules[count.catalogPart] = count.count;
            powerW += count.powerW;
        }
        QCOMPARE(modules["mma4z00-ns"], 604);
        QCOMPARE(modules["mma4z00-ns400"], 4);
        QCOMPARE(modules["mma1z00-ns400"], 62);
        QCOMPARE(modules["qsfp28-100g-cwdm4"], 2);
        QCOMPARE(plan->total.transceivers, 604 + 4 + 62 + 2);
        // Power: catalog maxPowerW 15 W twin, 9 W single, 3.5 W CWDM4
        // (resources/catalog/transceivers.json).
        QCOMPARE(powerW, 604 * 15.0 + 4 * 9.0 + 62 * 9.0 + 2 * 3.5);
        for (const auto &row : plan->rows) {
            if (row.a.device.rfind("ufm", 0) == 0 && row.transceiver) {
                QCOMPARE(row.moduleA, std::string("mma4z00-ns400"));
                QCOMPARE(row.moduleZ, std::string("mma4z00-ns")); // leaf OSFP-twin cage
            }
        }
        // Fibres stay one per link: 248 + 4 + 256 + 62 + 64 + 1 management uplink.
        int fibres = 0;
        for (const auto &group : plan->groups)
            fibres += group.transceiver ? group.cables : 0;
        QCOMPARE(fibres, 635);
    }

    void modulesPerCageMatchASortOfEveryEnd_data()
    {
        QTest::addColumn<QString>("name");
        // the seed has no optics; "interleaved": the SuperPOD with each device's b-side ports
        // dealt to its links even ports first, so the two ends of a twin-port module come apart
        // in the plan's order and only its sort of each device's ends brings them together
        for (const char *name : { "second", "superpod", "fat-tree-2048", "interleaved" })
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void modulesPerCageMatchASortOfEveryEnd()
    {
        // The plan sorts each device's transceiver ends on their own (devices in id order);
        // here every end of the plan is sorted at once by (device, cage, module id, link),
        // as the plan did before, and the modules counted from that: each cage's modules in
        // the group of its first link. Totals must match to the last bit (same summing order).
        QFETCH(QString, name);
        Design d;
        if (name == "fat-tree-2048") {
            auto generated = generateDesign("fat-tree", { { "nodes", "2048" } }, catalog());
            QVERIFY(generated);
            d = std::move(generated->design);
        } else {
            d = designNamed(name == "interleaved" ? QString("superpod") : name);
        }
        if (name == "interleaved") {
            std::map<std::uint64_t, std::vector<Link>> byB; // in link id order
            for (const Link &link : d.links())
                byB[link.b.device.value].push_back(link);
            std::vector<Link> dealt;
            for (auto &[device, links] : byB) {
                std::vector<int> ports;
                for (const Link &link : links)
                    ports.push_back(link.b.port);
                std::sort(ports.begin(), ports.end());
                std::vector<int> evensFirst;
                for (std::size_t from : { std::size_t { 0 }, std::size_t { 1 } })
                    for (std::size_t k = from; k < ports.size(); k += 2)
                        evensFirst.push_back(ports[k]);
                for (std::size_t i = 0; i < links.size(); ++i) {
                    d.removeLink(links[i].id);
                    links[i].b.port = evensFirst[i];
                    dealt.push_back(links[i]);
                }
            }
            d.addLinks(std::move(dealt));
        }
        const auto plan = cabling::buildCablePlan(d, catalog(), cabling::CablePlanDetail::Links);
        QVERIFY(plan);
        if (name == "interleaved") {
            // The row tests what it is for: a twin-port module's ends apart in the plan's order.
            std::map<std::uint64_t, std::vector<int>> cagesInPlanOrder;
            for (const cabling::PlanLink &link : plan->links)
                if (link.transceiver)
                    for (const auto &[place, port, module] :
                         { std::tuple(link.a, link.portA, link.moduleA),
                           std::tuple(link.z, link.portZ, link.moduleZ) })
                        if (module->cable->linksPerCable > 1)
                            cagesInPlanOrder[place->device->id.value].push_back(
                                cabling::detail::cageOf(place->part, port,
                                                        module->cable->linksPerCable));
            bool apart = false;
            for (const auto &[device, cages] : cagesInPlanOrder)
                for (std::size_t i = 1; i < cages.size() && !apart; ++i)
                    apart = cages[i] != cages[i - 1]
                        && std::find(cages.begin(), cages.begin() + static_cast<std::ptrdiff_t>(i),
                                     cages[i])
                            != cages.begin() + static_cast<std::ptrdiff_t>(i);
            QVERIFY(apart);
        }
        struct End
        {
            std::uint64_t device;
            int cage;
            const Part *module;
            std::size_t row;
        };
        std::vector<End> ends;
        for (std::size_t i = 0; i < plan->links.size(); ++i) {
            const cabling::PlanLink &link = plan->links[i];
            if (!link.transceiver)
                continue;
            for (const auto &[place, port, module] :
                 { std::tuple(link.a, link.portA, link.moduleA),
                   std::tuple(link.z, link.portZ, link.moduleZ) })
                ends.push_back({ place->device->id.value,
                                 cabling::detail::cageOf(place->part, port,
                                                         std::max(module->cable->linksPerCable, 1)),
                                 module, i });
        }
        QVERIFY(!ends.empty());
        std::sort(ends.begin(), ends.end(), [](const End &x, const End &y) {
            return std::tie(x.device, x.cage, x.module->id, x.row)
                < std::tie(y.device, y.cage, y.module->id, y.row);
        });
        std::map<std::pair<std::string, double>, std::pair<int, double>> groups;
        std::map<std::string, std::pair<int, double>> modules;
        for (std::size_t first = 0; first < ends.size();) {
            std::size_t last = first + 1;
            while (last < ends.size() && ends[last].device == ends[first].device
                   && ends[last].cage == ends[first].cage
                   && ends[last].module == ends[first].module)
                ++last;
            const Part &module = *ends[first].module;
            const int perModule = std::max(module.cable->linksPerCable, 1);
            const int count = (static_cast<int>(last - first) + perModule - 1) / perModule;
            const Link &link = *plan->links[ends[first].row].link;
            auto &group = groups[{ link.cableType.str(), link.lengthM }];
            group.first += count;
            group.second += count * module.maxPowerW;
            auto &total = modules[module.id];
            total.first += count;
            total.second += count * module.maxPowerW;
            first = last;
        }
        QCOMPARE(plan->modules.size(), modules.size());
        for (const cabling::ModuleCount &count : plan->modules) {
            QCOMPARE(count.count, modules.at(count.catalogPart).first);
            QCOMPARE(count.powerW, modules.at(count.catalogPart).second); // exact
        }
        int checked = 0;
        for (const cabling::CableGroup &group : plan->groups) {
            if (!group.transceiver)
                continue;
            const auto it = groups.find({ group.catalogPart, group.lengthM });
            const std::pair<int, double> expected
                = it == groups.end() ? std::pair(0, 0.0) : it->second;
            QCOMPARE(group.transceivers, expected.first);
            QCOMPARE(group.activePowerW, expected.second); // exact
            ++checked;
        }
        QVERIFY(checked > 0);
    }
};

QTEST_GUILESS_MAIN(TestCablingModules)
#include "tst_cabling_modules.moc"

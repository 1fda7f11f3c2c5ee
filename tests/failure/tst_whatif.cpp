// Failure domains on the 8 x DGX H100 reference design, every figure worked by hand below.
//
// The design (resources/examples/8dgx-h100-ndr.cluster.json): racks A01 and A02, each with
// PDUs A1, A2 (feed A) and B1, B2 (feed B), 3-phase 400 V 63 A. A01 holds dgx01-04, leaf01,
// leaf02, mgmt01, mds01, oss01-02; A02 holds dgx05-08, spine01, spine02, stor01, head01,
// oss03-04. A DGX H100 has six 3.3 kW PSUs and draws up to 10.2 kW (ref:nvidia-dgx-h100-ug).
// Its PSUs alternate feeds (0, 2, 4 on A; 1, 3, 5 on B) and spread over each feed's PDUs in
// order (on A: PSU 0 -> A1, PSU 2 -> A2, PSU 4 -> A1).
// The compute fabric is rail-optimized: rails 0-3 of every node on leaf01, rails 4-7 on
// leaf02, 400 Gb/s each; both leaves up to both spines.
#include "model/catalog/Catalog.h"
#include "model/catalog/Part.h"
#include "model/fabric/Templates.h"
#include "model/failure/FailureSweep.h"
#include "model/failure/WhatIf.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"
#include "resources/EmbeddedResources.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace cw;

namespace {

const Catalog &builtinCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        for (const auto &file : resources::catalogFiles())
            if (!c.addFile(file.name, file.text))
                qFatal("the built-in catalog does not load");
        return c;
    }();
    return catalog;
}

const FabricImpact &fabricNamed(const WhatIfReport &report, const std::string &name)
{
    for (const FabricImpact &fabric : report.fabrics)
        if (fabric.name == name)
            return fabric;
    qFatal("no fabric %s", name.c_str());
}

} // namespace

class TestWhatIf : public QObject
{
    Q_OBJECT

private:
    LoadedDesign m_loaded;
    std::optional<FailureModel> m_model;

    WhatIfReport fail(std::initializer_list<const char *> domains)
    {
        std::vector<FailureDomain> parsed;
        for (const char *text : domains) {
            auto domain = parseFailureDomain(m_loaded.design, text);
            if (!domain)
                qFatal("%s", domain.error().message.c_str());
            parsed.push_back(domain.value());
        }
        return m_model->simulate(parsed);
    }

private slots:
    void initTestCase()
    {
        auto loaded = loadDesignFile(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json",
                                     builtinCatalog());
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        m_loaded = std::move(loaded).value();
        auto model = FailureModel::build(m_loaded.design, builtinCatalog());
        QVERIFY(model.ok());
        m_model.emplace(std::move(model).value());
    }

    void nothingFailedChangesNothing()
    {
        const WhatIfReport report = m_model->simulate({});
        QCOMPARE(report.gpus, 64);
        QCOMPARE(report.gpusLost, 0);
        QCOMPARE(report.largestJobNodes, 8);
        QVERIFY(report.devicesCapped.empty());
        // Halves of the rail-optimized fabric: 4 nodes x 8 rails x 400 Gb/s.
        QCOMPARE(fabricNamed(report, "compute-ndr").bisectionGbps, 12800.0);
    }

    void feedACapsEveryDgxAndTurnsNothingOff()
    {
        const WhatIfReport report = fail({ "feed:A" });
        QCOMPARE(report.devicesOff.size(), std::size_t(0));
        QCOMPARE(report.gpusLost, 0);
        int dgx = 0;
        for (const CappedDevice &capped : report.devicesCapped) {
            if (capped.name.rfind("dgx", 0) != 0)
                continue;
            ++dgx;
            QCOMPARE(capped.psusUp, 3); // PSUs 1, 3, 5 on feed B
            QCOMPARE(capped.psus, 6);
            QCOMPARE(capped.availableW, 9900.0); // 3 x 3.3 kW
            QCOMPARE(capped.maxPowerW, 10200.0);
        }
        QCOMPARE(dgx, 8);
        QVERIFY(report.pdusOverloaded.empty());
        QCOMPARE(report.largestJobNodes, 8); // capped nodes still run
        QCOMPARE(report.largestJobGpus, 64);
        QVERIFY(report.verdict.find("0 of 64 GPUs lost") != std::string::npos);
        QVERIFY(report.verdict.find("9.9 kW of its 10.2 kW") != std::string::npos);
    }

    void onePduLeavesEnoughPsus()
    {
        // A01/A1 carries PSUs 0 and 4 of each DGX in A01: 4 of 6 PSUs = 13.2 kW >= 10.2 kW.
        const WhatIfReport report = fail({ "pdu:A01/A1" });
        for (const CappedDevice &capped : report.devicesCapped)
            QVERIFY2(capped.name.rfind("dgx", 0) != 0, capped.name.c_str());
        QCOMPARE(report.gpusLost, 0);
        // Both A PDUs of A01: the four DGX in A01 keep PSUs 1, 3, 5 only -> 9.9 kW.
        const WhatIfReport both = fail({ "pdu:A01/A1", "pdu:A01/A2" });
        int dgx = 0;
        for (const CappedDevice &capped : both.devicesCapped)
            dgx += capped.name.rfind("dgx0", 0) == 0 && capped.availableW == 9900.0 ? 1 : 0;
        QCOMPARE(dgx, 4);
    }

    void leafLossHalvesTheComputeBisection()
    {
        const WhatIfReport report = fail({ "switch:leaf01" });
        const FabricImpact &compute = fabricNamed(report, "compute-ndr");
        // Rails 4-7 survive: halves = 4 nodes x 4 rails x 400 Gb/s.
        QCOMPARE(compute.bisectionGbps, 6400.0);
        QCOMPARE(compute.bisectionBeforeGbps, 12800.0);
        QCOMPARE(compute.switchesLost, 1);
        QCOMPARE(compute.linksLost, 32 + 32); // 8 nodes x 4 rails, and leaf01's 32 uplinks
        QCOMPARE(compute.nodesDegraded, 8);
        QCOMPARE(compute.leavesWhole, 0); // leaf02's nodes all lost rails 0-3
        QCOMPARE(report.gpusLost, 0);
        QCOMPARE(report.largestJobNodes, 0); // every node has a broken rail and is drained
    }

    void spineLossKeepsRailLocalBisection()
    {
        // Every rail of a node lands on the same leaf as the same rail of every other node, so
        // the balanced cuts are carried inside the leaves: no spine capacity is needed.
        const WhatIfReport report = fail({ "switch:spine01" });
        const FabricImpact &compute = fabricNamed(report, "compute-ndr");
        QCOMPARE(compute.bisectionGbps, 12800.0);
        QCOMPARE(compute.switchesLost, 1);
        QCOMPARE(compute.leavesWhole, 2);
        QCOMPARE(report.largestJobNodes, 8);
    }

    void rackLossTurnsItsDevicesOff()
    {
        const WhatIfReport report = fail({ "rack:A02" });
        QCOMPARE(report.devicesOff.size(), std::size_t(10));
        QCOMPARE(report.nodesLost, 4);
        QCOMPARE(report.gpusLost, 32);
        QCOMPARE(report.largestJobNodes, 4);
        QCOMPARE(report.largestJobGpus, 32);
        // Survivors dgx01-04, rails leaf-local: 2 nodes x 8 rails x 400 Gb/s per half.
        QCOMPARE(fabricNamed(report, "compute-ndr").bisectionGbps, 6400.0);
        QCOMPARE(report.storage.size(), std::size_t(1));
        QCOMPARE(report.storage[0].serversLost, 2); // oss03, oss04
        QVERIFY(report.storage[0].reachable);
    }

    void sweepRanksTheWorstFirst()
    {
        std::set<DomainKind> kinds { DomainKind::Feed, DomainKind::Pdu, DomainKind::Row,
                                     DomainKind::Rack, DomainKind::Switch };
        const auto domains = enumerateDomains(m_loaded.design, kinds);
        // 2 feeds + 8 PDUs + 1 row + 2 racks + 6 switches (2 leaves, 2 spines, stor01, mgmt01).
        QCOMPARE(domains.size(), std::size_t(19));
        const auto entries = sweepSingleFailures(*m_model, domains);
        QCOMPARE(entries.size(), domains.size());
        // row:R1 and rack:A01 lose all 64 GPUs (A01 holds both leaves, so dgx05-08 are cut
        // off); the row loses more bisection (everything), so it ranks first.
        QCOMPARE(entries[0].report.failures.front(), std::string("row:R1"));
        QCOMPARE(entries[0].report.gpusLost, 64);
        QCOMPARE(entries[1].report.failures.front(), std::string("rack:A01"));
        QCOMPARE(entries[1].report.gpusLost, 64);
        QCOMPARE(entries[2].report.failures.front(), std::string("rack:A02"));
        QCOMPARE(entries[2].report.gpusLost, 32);
        // Then the leaves: no GPU lost, half the compute bisection.
        QVERIFY(entries[3].report.failures.front().rfind("switch:leaf0", 0) == 0);
        for (std::size_t i = 1; i < entries.size(); ++i)
            QVERIFY(entries[i - 1].report.gpusLost >= entries[i].report.gpusLost);
    }

    void sweepWorstIsTheFullSweepsHead()
    {
        const auto domains = enumerateDomains(m_loaded.design,
                                              { DomainKind::Feed, DomainKind::Pdu, DomainKind::Row,
                                                DomainKind::Rack, DomainKind::Switch });
        const auto full = sweepSingleFailures(*m_model, domains);
        // Top 2: row:R1 and rack:A01 (64 GPUs each, above) tie on GPUs, so both are solved
        // in full and the row's larger bisection loss ranks it first, as in the full sweep.
        // Top 5: the 5th loses 0 GPUs (a leaf), so every domain is a candidate; the leaves,
        // the spines and the rest are ranked by their bisection loss as in the full sweep.
        for (const std::size_t top :
             { std::size_t(1), std::size_t(2), std::size_t(5), std::size_t(19), std::size_t(40) }) {
            const auto head = sweepWorstFailures(*m_model, domains, top);
            QCOMPARE(head.size(), std::min(top, full.size()));
            for (std::size_t i = 0; i < head.size(); ++i) {
                QCOMPARE(head[i].report.failures, full[i].report.failures);
                QCOMPARE(head[i].report.gpusLost, full[i].report.gpusLost);
                QCOMPARE(head[i].bisectionLostGbps, full[i].bisectionLostGbps);
                QCOMPARE(head[i].report.verdict, full[i].report.verdict);
            }
        }
        QCOMPARE(sweepWorstFailures(*m_model, domains, 2)[0].report.failures.front(),
                 std::string("row:R1"));
        QVERIFY(sweepWorstFailures(*m_model, domains, 0).empty());
        QVERIFY(sweepWorstFailures(*m_model, {}, 5).empty());
    }

    void boundedSweepSolvesOnlyTheTiesItShows()
    {
        // row:R1 and rack:A01 both lose 64 GPUs (above); the row's larger bisection loss ranks
        // it first in the full sweep. Listed rack first, a bound of one full simulation solves
        // the first tie in list order only: rack:A01, with one tie (the row) left unsolved.
        const std::vector<FailureDomain> domains
            = { parseFailureDomain(m_loaded.design, "rack:A01").value(),
                parseFailureDomain(m_loaded.design, "rack:A02").value(),
                parseFailureDomain(m_loaded.design, "row:R1").value() };
        const auto full = sweepSingleFailures(*m_model, domains);
        QCOMPARE(full[0].report.failures.front(), std::string("row:R1"));
        const WorstFailures bounded = sweepWorstFailuresBounded(*m_model, domains, 1, 1);
        QCOMPARE(bounded.entries.size(), std::size_t(1));
        QCOMPARE(bounded.entries[0].report.failures.front(), std::string("rack:A01"));
        QCOMPARE(bounded.entries[0].report.gpusLost, 64);
        QCOMPARE(bounded.tiesUnsolved, std::size_t(1));
        QCOMPARE(bounded.tiedGpusLost, 64);
        // Room for both ties: the full sweep's head, nothing left out.
        const WorstFailures exact = sweepWorstFailuresBounded(*m_model, domains, 1, 2);
        QCOMPARE(exact.entries[0].report.failures, full[0].report.failures);
        QCOMPARE(exact.entries[0].bisectionLostGbps, full[0].bisectionLostGbps);
        QCOMPARE(exact.tiesUnsolved, std::size_t(0));
    }

    void noBisectionKeepsTheWorkload()
    {
        // rack:A01 holds both leaves (above): 64 GPUs lost either way; without max-flows the
        // touched compute fabric's bisection is left unknown (NaN), never a made-up figure.
        const FailureDomain rack = parseFailureDomain(m_loaded.design, "rack:A01").value();
        const WhatIfReport full = m_model->simulate({ rack });
        const WhatIfReport light = m_model->simulate({ rack }, FabricDetail::NoBisection);
        QCOMPARE(light.gpusLost, full.gpusLost);
        QCOMPARE(light.gpusLost, 64);
        QCOMPARE(light.largestJobNodes, full.largestJobNodes);
        QCOMPARE(light.devicesOff, full.devicesOff);
        QVERIFY(std::isnan(fabricNamed(light, "compute-ndr").bisectionGbps));
    }

    void gpusLostAloneEqualsTheFullSimulation()
    {
        // FailureModel::gpusLost (the N-1 sweep's first pass) against the full simulation:
        // every domain of the reference design alone and in pairs, and of a generated
        // two-rail fat tree every switch, rack, row, node and every 5th link alone, and
        // pairs of them that cut nodes off with links only.
        const auto reference = enumerateDomains(
            m_loaded.design,
            { DomainKind::Feed, DomainKind::Pdu, DomainKind::Row, DomainKind::Rack,
              DomainKind::Switch, DomainKind::Link, DomainKind::Device });
        int compared = 0;
        for (std::size_t i = 0; i < reference.size(); ++i)
            for (std::size_t j = i; j < reference.size(); j += 7) {
                const std::vector<FailureDomain> failed = { reference[i], reference[j] };
                QCOMPARE(m_model->gpusLost(failed), m_model->simulate(failed).gpusLost);
                ++compared;
            }
        auto generated
            = generateDesign("fat-tree", { { "nodes", "64" }, { "rails", "2" } }, builtinCatalog());
        QVERIFY2(generated.ok(), generated.ok() ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        auto model = FailureModel::build(design, builtinCatalog());
        QVERIFY(model.ok());
        std::vector<FailureDomain> domains
            = enumerateDomains(design,
                               { DomainKind::Feed, DomainKind::Pdu, DomainKind::Switch,
                                 DomainKind::Rack, DomainKind::Row, DomainKind::Device });
        const auto links = enumerateDomains(design, { DomainKind::Link });
        for (std::size_t i = 0; i < links.size(); i += 5)
            domains.push_back(links[i]);
        int lossy = 0;
        for (const FailureDomain &domain : domains) {
            const int expected = model->simulate({ domain }).gpusLost;
            QCOMPARE(model->gpusLost({ domain }), expected);
            lossy += expected > 0 ? 1 : 0;
        }
        // Every link of a node, failed together, cuts it off without turning anything off;
        // some of them only degrade it; with a random other domain on top.
        std::mt19937 random(7);
        int cutOff = 0;
        for (const Device &device : design.devices()) {
            if (device.role != DeviceRole::Compute)
                continue;
            std::vector<FailureDomain> failed;
            for (const FailureDomain &link : links) {
                const Link *entity = design.link(link.link);
                if (entity->a.device == device.id || entity->b.device == device.id)
                    failed.push_back(link);
            }
            const int expected = model->simulate(failed).gpusLost;
            QCOMPARE(model->gpusLost(failed), expected);
            cutOff += expected > 0 ? 1 : 0;
            failed.resize(failed.size() / 2);
            failed.push_back(domains[random() % domains.size()]);
            QCOMPARE(model->gpusLost(failed), model->simulate(failed).gpusLost);
        }
        QVERIFY(cutOff > 10);
        QVERIFY(compared > 100);
        QVERIFY(lossy > 20);
    }

    void superPodSweepTopEntriesWorkedByHand()
    {
        // The generated DGX SuperPOD H100, 1 SU (ref:nvidia-superpod-h100-ra): 31 DGX (slot 32
        // holds the UFM) in racks of 4 (the site's 45 kW per position: 4 x 10.2 kW = 40.8 kW),
        // so seven racks of 4 and one of 3, then the SU's leaf rack with its 8 rail leaves, all
        // in one row of one hall. By hand, worst first:
        //  - hall and row: everything, 31 nodes = 248 GPUs;
        //  - the leaf rack: no node is off, but every DGX loses all 8 rails, so all 31 are cut
        //    off the compute fabric: 248 GPUs lost, no job can run;
        //  - each rack of 4 DGX: 32 GPUs (27 nodes left), the rack of 3: 24 GPUs (28 left);
        //  - then one rail leaf: nothing off, but every DGX has lost rail 1, so no node is whole
        //    and the largest job that needs every rail is 0 nodes.
        auto generated = generateDesign("superpod-h100", { { "sus", "1" } }, builtinCatalog());
        QVERIFY(generated);
        const Design &design = generated->design;
        auto model = FailureModel::build(design, builtinCatalog());
        QVERIFY(model.ok());
        const auto domains
            = enumerateDomains(design,
                               { DomainKind::Feed, DomainKind::Pdu, DomainKind::Hall,
                                 DomainKind::Row, DomainKind::Rack, DomainKind::Switch },
                               &builtinCatalog());
        const auto entries = sweepSingleFailures(model.value(), domains);
        QVERIFY(entries.size() >= 12);
        const auto kindOf = [&](std::size_t i) {
            const std::string &name = entries[i].report.failures.front();
            return name.substr(0, name.find(':'));
        };
        QCOMPARE(kindOf(0), std::string("hall"));
        QCOMPARE(kindOf(1), std::string("row"));
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(entries[i].report.gpusLost, 248);
            QCOMPARE(entries[i].report.nodesLost, 31);
            QCOMPARE(entries[i].report.largestJobNodes, 0);
        }
        QCOMPARE(kindOf(2), std::string("rack")); // the leaf rack
        for (std::size_t i = 3; i < 10; ++i) {
            QCOMPARE(kindOf(i), std::string("rack"));
            QCOMPARE(entries[i].report.gpusLost, 32);
            QCOMPARE(entries[i].report.largestJobNodes, 27);
        }
        QCOMPARE(kindOf(10), std::string("rack"));
        QCOMPARE(entries[10].report.gpusLost, 24);
        QCOMPARE(entries[10].report.largestJobNodes, 28);
        QCOMPARE(kindOf(11), std::string("switch"));
        QCOMPARE(entries[11].report.gpusLost, 0);
        QCOMPARE(entries[11].report.largestJobNodes, 0);
        // No feed or PDU loss turns anything off: racks are fed A and B.
        for (const auto &entry : entries) {
            const std::string kind
                = entry.report.failures.front().substr(0, entry.report.failures.front().find(':'));
            if (kind == "feed" || kind == "pdu")
                QCOMPARE(entry.report.gpusLost, 0);
        }
    }

    void warmStartGivesTheColdValues()
    {
        // Every switch, rack, row and every 3rd link and node of generated fabrics failed
        // alone: the bisection after each, solved from the unfailed flow (WarmFlow), equals the
        // solve from zero (Boost's push-relabel) exactly, partition by partition. Racks, rows
        // and nodes turn nodes off, so the survivors are split anew: the warm start then also
        // raises arcs (nodes moved between sides) and lowers others.
        const std::vector<std::map<std::string, std::string>> shapes {
            { { "nodes", "128" }, { "tiers", "3" } },
            { { "nodes", "96" }, { "oversubscription", "2:1" }, { "rails", "2" } },
        };
        int compared = 0;
        for (const auto &parameters : shapes) {
            auto generated = generateDesign("fat-tree", parameters, builtinCatalog());
            QVERIFY2(generated.ok(), generated.ok() ? "" : generated.error().message.c_str());
            const Design &design = generated->design;
            WhatIfOptions warmOptions;
            warmOptions.analysis.randomPartitions = 0;
            WhatIfOptions coldOptions = warmOptions;
            coldOptions.warmStart = false;
            auto warm = FailureModel::build(design, builtinCatalog(), warmOptions);
            auto cold = FailureModel::build(design, builtinCatalog(), coldOptions);
            QVERIFY(warm.ok() && cold.ok());
            std::vector<FailureDomain> domains = enumerateDomains(
                design, { DomainKind::Switch, DomainKind::Rack, DomainKind::Row });
            const auto links = enumerateDomains(design, { DomainKind::Link });
            for (std::size_t i = 0; i < links.size(); i += 3)
                domains.push_back(links[i]);
            int nodes = 0;
            for (const Device &device : design.devices())
                if (device.role == DeviceRole::Compute && nodes++ % 3 == 0)
                    domains.push_back(parseFailureDomain(design, "device:" + device.name).value());
            for (const FailureDomain &domain : domains) {
                const WhatIfReport a = warm->simulate({ domain });
                const WhatIfReport b = cold->simulate({ domain });
                QCOMPARE(a.fabrics.size(), b.fabrics.size());
                for (std::size_t f = 0; f < a.fabrics.size(); ++f) {
                    QCOMPARE(a.fabrics[f].bisectionGbps, b.fabrics[f].bisectionGbps);
                    QCOMPARE(a.fabrics[f].worstPartition, b.fabrics[f].worstPartition);
                    ++compared;
                }
            }
        }
        QVERIFY(compared > 500);
    }

    void badDomainsAreRefusedWithTheReason()
    {
        const auto noKind = parseFailureDomain(m_loaded.design, "A01");
        QVERIFY(!noKind.ok());
        QVERIFY(noKind.error().message.find("KIND:NAME") != std::string::npos);
        const auto noPdu = parseFailureDomain(m_loaded.design, "pdu:A01/C9");
        QVERIFY(!noPdu.ok());
        QVERIFY(noPdu.error().message.find("rack A01 has no PDU named \"C9\"")
                != std::string::npos);
        const auto notSwitch = parseFailureDomain(m_loaded.design, "switch:dgx01");
        QVERIFY(!notSwitch.ok());
        QVERIFY(notSwitch.error().message.find("not a switch") != std::string::npos);
        QVERIFY(!parseFailureDomain(m_loaded.design, "feed:C").ok());
        QVERIFY(!parseFailureDomain(m_loaded.design, "link:999999").ok());
    }

    void connectivityAfterFailuresEqualsASearchOfTheSurvivors()
    {
        // The simulation only searches the pieces a failure touches; the reference here walks
        // the whole surviving compute fabric (breadth-first from every node) for nodes lost,
        // drained (a link lost) and the largest job on one connected piece. Many switches
        // fail at once so that leaves and pieces split off.
        // One rail per node: a leaf and its nodes split off once its spines are gone.
        auto generated
            = generateDesign("fat-tree", { { "nodes", "64" }, { "rails", "1" } }, builtinCatalog());
        QVERIFY2(generated.ok(), generated.ok() ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        auto model = FailureModel::build(design, builtinCatalog());
        QVERIFY(model.ok());
        const Fabric *compute = nullptr;
        for (const Fabric &fabric : design.fabrics())
            if (fabric.purpose == FabricPurpose::Compute)
                compute = &fabric;
        QVERIFY(compute);
        auto inGraph = [&](DeviceId id) {
            const Device *d = design.device(id);
            return d->role == DeviceRole::Compute || d->role == DeviceRole::Switch;
        };
        std::vector<const Link *> links;
        std::vector<const Device *> switches;
        std::set<std::uint64_t> onFabric;
        for (const Link &link : design.links())
            if (link.fabric == compute->id && inGraph(link.a.device) && inGraph(link.b.device)) {
                links.push_back(&link);
                onFabric.insert(link.a.device.value);
                onFabric.insert(link.b.device.value);
            }
        for (const Device &device : design.devices())
            if (device.role == DeviceRole::Switch && onFabric.contains(device.id.value))
                switches.push_back(&device);
        std::mt19937 random(11);
        int splits = 0;
        for (int trial = 0; trial < 40; ++trial) {
            std::vector<FailureDomain> domains;
            std::set<std::uint64_t> off;
            std::set<std::uint64_t> cut;
            // Every fourth trial: all spines but a random few, so the leaves split apart.
            const bool spines = trial % 4 == 0;
            const int switchCount = 1 + static_cast<int>(random() % 24);
            for (int i = 0; i < (spines ? static_cast<int>(switches.size()) : switchCount); ++i) {
                const Device *sw = spines ? switches[static_cast<std::size_t>(i)]
                                          : switches[random() % switches.size()];
                if (spines && (sw->name.find("spine") == std::string::npos || random() % 8 == 0))
                    continue;
                if (off.insert(sw->id.value).second)
                    domains.push_back(parseFailureDomain(design, "switch:" + sw->name).value());
            }
            for (int i = 0; i < 3; ++i) {
                const Link *link = links[random() % links.size()];
                if (cut.insert(link->id.value).second)
                    domains.push_back(
                        parseFailureDomain(design, "link:" + std::to_string(link->id.value))
                            .value());
            }
            // Reference: degrees and pieces of the surviving graph.
            std::map<std::uint64_t, int> was;
            std::map<std::uint64_t, int> kept;
            std::map<std::uint64_t, std::vector<std::uint64_t>> next;
            for (const Link *link : links) {
                const std::uint64_t a = link->a.device.value;
                const std::uint64_t b = link->b.device.value;
                ++was[a];
                ++was[b];
                if (off.contains(a) || off.contains(b) || cut.contains(link->id.value))
                    continue;
                ++kept[a];
                ++kept[b];
                next[a].push_back(b);
                next[b].push_back(a);
            }
            std::map<std::uint64_t, int> pieceOf;
            int pieces = 0;
            for (const auto &[start, list] : next) {
                if (pieceOf.contains(start))
                    continue;
                std::vector<std::uint64_t> queue { start };
                pieceOf[start] = pieces;
                for (std::size_t k = 0; k < queue.size(); ++k)
                    for (std::uint64_t w : next[queue[k]])
                        if (pieceOf.emplace(w, pieces).second)
                            queue.push_back(w);
                ++pieces;
            }
            int nodesLost = 0;
            int usable = 0;
            std::map<int, std::pair<int, int>> jobs; // piece -> whole nodes, GPUs
            for (const Device &device : design.devices()) {
                if (device.role != DeviceRole::Compute)
                    continue;
                const Part *part = builtinCatalog().find(device.catalogType);
                const int gpus = part && part->server ? part->server->gpuCount : 0;
                const int before = was[device.id.value];
                const int after = kept[device.id.value];
                if (before > 0 && after == 0) {
                    ++nodesLost;
                    continue;
                }
                if (after < before)
                    continue;
                ++usable;
                auto &job = jobs[before == 0 ? -1 - usable : pieceOf.at(device.id.value)];
                ++job.first;
                job.second += gpus;
            }
            std::pair<int, int> largest { 0, 0 };
            for (const auto &[piece, size] : jobs)
                largest = std::max(largest, size);
            splits += jobs.size() > 1 ? 1 : 0;

            const WhatIfReport report = model->simulate(domains);
            QCOMPARE(report.nodesLost, nodesLost);
            QCOMPARE(report.nodesUsable, usable);
            QCOMPARE(report.largestJobNodes, largest.first);
            QCOMPARE(report.largestJobGpus, largest.second);
            QCOMPARE(fabricNamed(report, compute->name).switchesLost, static_cast<int>(off.size()));
        }
        QVERIFY2(splits > 0, "no trial split the fabric: the test would not cover splitting");
    }

    void bisectionAfterFailuresEqualsAnalysisOfTheReducedDesign()
    {
        // The simulation closes failed parts on the unfailed flow network; the reference
        // removes them from a copy of the design and analyses it from scratch.
        auto generated = generateDesign("fat-tree", { { "nodes", "64" } }, builtinCatalog());
        QVERIFY2(generated.ok(), generated.ok() ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        auto model = FailureModel::build(design, builtinCatalog());
        QVERIFY(model.ok());
        const Fabric *compute = nullptr;
        for (const Fabric &fabric : design.fabrics())
            if (fabric.purpose == FabricPurpose::Compute)
                compute = &fabric;
        QVERIFY(compute);
        std::vector<const Device *> devices;
        std::vector<const Link *> links;
        for (const Device &device : design.devices())
            if (device.role == DeviceRole::Compute || device.role == DeviceRole::Switch)
                devices.push_back(&device);
        for (const Link &link : design.links())
            if (link.fabric == compute->id)
                links.push_back(&link);
        std::mt19937 random(7);
        for (int trial = 0; trial < 12; ++trial) {
            Design reduced = design;
            std::vector<FailureDomain> domains;
            std::set<std::uint64_t> removed;
            const int deviceCount = 1 + static_cast<int>(random() % 3);
            for (int i = 0; i < deviceCount; ++i) {
                const Device *device = devices[random() % devices.size()];
                if (!removed.insert(device->id.value).second)
                    continue;
                domains.push_back(parseFailureDomain(design, "device:" + device->name).value());
                reduced.removeDevice(device->id);
            }
            const int linkCount = static_cast<int>(random() % 4);
            for (int i = 0; i < linkCount; ++i) {
                const Link *link = links[random() % links.size()];
                if (!reduced.link(link->id) || removed.contains(link->id.value))
                    continue;
                removed.insert(link->id.value);
                domains.push_back(
                    parseFailureDomain(design, "link:" + std::to_string(link->id.value)).value());
                reduced.removeLink(link->id);
            }
            const WhatIfReport report = model->simulate(domains);
            auto graph = buildFabricGraph(reduced, builtinCatalog(), compute->id);
            QVERIFY(graph.ok());
            const FabricReport expected = analyzeFabric(graph.value());
            QCOMPARE(fabricNamed(report, compute->name).bisectionGbps, expected.bisectionGbps);
        }
    }

    void feedLossRuleNamesTheCap()
    {
        const ValidationResult result = validateDesign(m_loaded.design, builtinCatalog());
        int found = 0;
        for (const Violation &violation : result.violations) {
            if (violation.ruleKey != "power.feed-loss-capacity")
                continue;
            ++found;
            QVERIFY(violation.severity == Severity::Warning);
            QVERIFY2(violation.message.find("keeps 3 of 6 PSUs = 3 x 3.3 kW = 9.9 kW")
                         != std::string::npos,
                     violation.message.c_str());
            QVERIFY(violation.message.find("draws up to 10.2 kW") != std::string::npos);
        }
        QCOMPARE(found, 8); // one per DGX
    }
};

QTEST_GUILESS_MAIN(TestWhatIf)
#include "tst_whatif.moc"

// Tests of what a design tells the calculators (model/prefill): the gathered facts, the
// prefilled inputs, the node bandwidth hierarchy and rack power, on the reference example
// resources/examples/8dgx-h100-ndr.cluster.json. Expected figures are worked by hand from that
// file and the catalog (resources/catalog/*.json), as each comment shows.

#include "CalcTestSupport.h"

#include "model/catalog/Part.h"
#include "model/core/Design.h"
#include "model/io/DesignFile.h"
#include "model/prefill/CapexPrefill.h"
#include "model/prefill/DesignFacts.h"
#include "model/prefill/DesignPrefill.h"
#include "model/prefill/NodeBandwidth.h"
#include "model/prefill/RackPower.h"
#include "model/quantities/BillOfMaterials.h"

#include <numbers>

using namespace cw::calc;
using cw::calc::test::run;

class TestCalcDesign : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void facts();
    void checkpointPrefill();
    void givenValuesWin();
    void dataParallelFromModelParallel();
    void nothingForKvCacheOrInfiniBandPfc();
    void pfcFromRoceFabric();
    void costNeedsCapexFromOutside();
    void capexIsTheBillOfMaterialsTotal();
    void bandwidthHierarchy();
    void rackPowerAgainstFeeds();
    void coolantFlowFromLiquidHeatOnly();
    void assumedValuesAreMarked();
    void collectiveStatesItsPath();
    void checkpointIntervalFromTheDesign();
    void trainingMemoryWorksFromTheDesign();

private:
    std::optional<cw::Design> m_design;
    DesignFacts m_facts;
};

void TestCalcDesign::initTestCase()
{
    cw::calc::test::registerTestData();
    auto loaded = cw::loadDesignFile(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json",
                                     cw::Catalog::builtin());
    QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
    m_design = std::move(loaded.value().design);
    m_facts = gatherDesignFacts(*m_design, cw::Catalog::builtin());
}

void TestCalcDesign::facts()
{
    // 8 x dgx-h100 (8 x h100-sxm-80gb each) = 64 GPUs.
    QCOMPARE(m_facts.gpus, 64);
    QCOMPARE(m_facts.nodes, 8);
    QCOMPARE(m_facts.gpusPerNode, 8);
    QVERIFY(m_facts.node && m_facts.node->id == "dgx-h100");
    QVERIFY(m_facts.gpu && m_facts.gpu->id == "h100-sxm-80gb");
    QVERIFY(!m_facts.mixedGpus);
    // Maximum power: 8 x 10,200 (DGX) + 5 x 1,300 (QM9700) + 4 x 1,600 (OSS) + 1,000 (MDS)
    // + 200 (mgmt switch) + 800 (head node) = 96,500 W from 20 devices.
    QCOMPARE(m_facts.itKw, 96.5);
    QCOMPARE(m_facts.devicesWithPower, 20);
    QVERIFY(m_facts.parallelFs && m_facts.parallelFs->name == "lustre");
    QCOMPARE(m_facts.parallelFs->writeGBps, 120.0);
    QVERIFY(m_facts.computeFabric && m_facts.computeFabric->name == "compute-ndr");
    QVERIFY(m_facts.fabricSwitch && m_facts.fabricSwitch->id == "qm9700");
    QCOMPARE(m_facts.longestComputeLinkM, 6.0); // longest lengthM among fabric 4's links
    QVERIFY(!m_facts.roceFabric);
    // 8 compute ports x 400 Gb/s / 8 bits / 8 GPUs = 50 GB/s per GPU.
    QCOMPARE(m_facts.nicGBpsPerGpu(), 50.0);
    QCOMPARE(m_facts.site.pue, 1.3);
}

void TestCalcDesign::checkpointPrefill()
{
    const Prefill prefill = prefillFromDesign("checkpoint", m_facts, {});
    // The file's workload: 70e9 params, 60 min interval, 5 % stall target, 14 B/param
    // (= the calculator's 2 + 4 + 8, so optimizer-bytes is left alone).
    QCOMPARE(prefill.find("params")->value, std::string("7e+10"));
    QCOMPARE(prefill.find("write-gbyte-s")->value, std::string("120"));
    QVERIFY(prefill.find("write-gbyte-s")->source.find("storage tier 'lustre'") == 0);
    QCOMPARE(prefill.find("interval-min")->value, std::string("60"));
    QCOMPARE(prefill.find("stall-target")->value, std::string("0.05"));
    QCOMPARE(prefill.find("gpus")->value, std::string("64"));
    QVERIFY(!prefill.find("optimizer-bytes"));

    // 70e9 x 14 B = 9.8e11 B at 120 GB/s = 8.1667 s per hourly checkpoint -> stall
    // 8.1667 / 3600 = 0.0022685; 5 % target: 9.8e11 / (0.05 x 3600) = 5.444 GB/s;
    // idle GPU-hours/day = 64 x 0.0022685 x 24 = 3.4844.
    const auto j = run("checkpoint", prefill.merged({}));
    CW_COMPARE_NEAR(j.at("write_seconds").get<double>(), 9.8e11 / 120e9, 1e-12);
    CW_COMPARE_NEAR(j.at("stall_fraction").get<double>(), 9.8e11 / 120e9 / 3600, 1e-12);
    CW_COMPARE_NEAR(j.at("bandwidth_for_target_gbyte_s").get<double>(), 9.8e11 / 180.0 / 1e9,
                    1e-12);
    CW_COMPARE_NEAR(j.at("idle_gpu_hours_per_day").get<double>(), 64 * 9.8e11 / 120e9 / 150,
                    1e-12); // 64 x (8.1667 / 3600) x 24 = 64 x 8.1667 / 150
}

void TestCalcDesign::givenValuesWin()
{
    const Params given = { { "write-gbyte-s", "50" }, { "params", "7B" } };
    const Prefill prefill = prefillFromDesign("checkpoint", m_facts, given);
    QVERIFY(!prefill.find("write-gbyte-s"));
    QVERIFY(!prefill.find("params"));
    const Params merged = prefill.merged(given);
    QCOMPARE(merged.at("write-gbyte-s"), std::string("50"));
    QCOMPARE(merged.at("params"), std::string("7B"));
    QCOMPARE(merged.at("interval-min"), std::string("60"));

    // Training time: giving the GPU by name suppresses the catalog peak prefill.
    const Prefill byName
        = prefillFromDesign("training-time", m_facts, { { "gpu", "a100-sxm-80gb" } });
    QVERIFY(!byName.find("peak-tflop-s"));
    const Prefill byDesign = prefillFromDesign("training-time", m_facts, {});
    QCOMPARE(byDesign.find("peak-tflop-s")->value, std::string("989")); // h100-sxm-80gb, catalog
    // 6 x 70e9 x 2e12 = 8.4e23 FLOPs / (64 x 989e12 x 0.4) = 33,177,451.97 s = 384.0 days.
    const auto j = run("training-time", byDesign.merged({}));
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 8.4e23 / (64 * 989e12 * 0.4), 1e-12);
}

void TestCalcDesign::dataParallelFromModelParallel()
{
    // dp = 64 GPUs / (tp x pp): tp 8 -> 8; tp 3 does not divide 64 -> no dp, a note instead.
    const Prefill tp8 = prefillFromDesign("training-memory", m_facts, { { "tp", "8" } });
    QCOMPARE(tp8.find("dp")->value, std::string("8"));
    QCOMPARE(tp8.find("gpu-memory-gbyte")->value, std::string("80")); // h100-sxm-80gb memoryGB
    const Prefill tp3 = prefillFromDesign("training-memory", m_facts, { { "tp", "3" } });
    QVERIFY(!tp3.find("dp"));
    bool noted = false;
    for (const std::string &note : tp3.notes)
        noted = noted || note.rfind("dp:", 0) == 0;
    QVERIFY(noted);
}

void TestCalcDesign::nothingForKvCacheOrInfiniBandPfc()
{
    QVERIFY(prefillFromDesign("kv-cache", m_facts, {}).inputs.empty());
    const Prefill pfc = prefillFromDesign("pfc-headroom", m_facts, {});
    QVERIFY(pfc.inputs.empty());
    QCOMPARE(pfc.notes.size(), std::size_t(1));
    QVERIFY(pfc.notes.front().find("no RoCEv2 fabric") != std::string::npos);
    QVERIFY(prefillFromDesign("no-such-calculator", m_facts, {}).inputs.empty());
}

void TestCalcDesign::pfcFromRoceFabric()
{
    // The same design with its compute fabric switched to RoCEv2: speed 400 Gb/s, the longest
    // compute link 6 m, the default QoS profile's switch MTU 9216 (Cumulus default).
    cw::Design design = *m_design;
    cw::Fabric fabric = *m_facts.computeFabric;
    fabric.technology = cw::Technology::RoCEv2;
    design.updateFabric(fabric);
    const DesignFacts facts = gatherDesignFacts(design, cw::Catalog::builtin());
    const Prefill pfc = prefillFromDesign("pfc-headroom", facts, {});
    QCOMPARE(pfc.find("speed-gbit-s")->value, std::string("400"));
    QCOMPARE(pfc.find("cable-m")->value, std::string("6"));
    QCOMPARE(pfc.find("mtu-bytes")->value, std::string("9216"));
    QVERIFY(runCalculator("pfc-headroom", pfc.merged({})).ok());
}

void TestCalcDesign::costNeedsCapexFromOutside()
{
    const Prefill without = prefillFromDesign("cost", m_facts, {});
    QVERIFY(!without.find("capex-usd"));
    QCOMPARE(without.find("it-kw")->value, std::string("96.5"));
    QCOMPARE(without.find("usd-per-kwh")->value, std::string("0.1"));
    QCOMPARE(without.find("pue")->value, std::string("1.3"));
    QCOMPARE(without.find("gpus")->value, std::string("64"));

    PrefillExtras extras;
    extras.capexUsd = 5e6;
    extras.capexSource = "test";
    const Prefill with = prefillFromDesign("cost", m_facts, {}, extras);
    QCOMPARE(with.find("capex-usd")->value, std::string("5e+06")); // shortest round-trip form
    // 96.5 kW x 1.3 x 8760 h = 1,098,942 kWh x 0.10 = 109,894.2 USD/year;
    // tco = 5,000,000 + 5 x 109,894.2 = 5,549,471 USD; / (64 x 5 x 8760) GPU-hours = 1.97969.
    const auto j = run("cost", with.merged({}));
    CW_COMPARE_NEAR(j.at("opex_usd_per_year").get<double>(), 109894.2, 1e-12);
    CW_COMPARE_NEAR(j.at("tco_usd").get<double>(), 5549471.0, 1e-12);
    CW_COMPARE_NEAR(j.at("usd_per_gpu_hour").get<double>(), 5549471.0 / 2803200.0, 1e-12);
}

void TestCalcDesign::capexIsTheBillOfMaterialsTotal()
{
    // One count for the BOM files and the cost calculator: the prefill is computeBom's total.
    const PrefillExtras extras = capexFromBom(*m_design, cw::Catalog::builtin());
    const auto bom = cw::bom::computeBom(*m_design, cw::Catalog::builtin());
    QVERIFY(bom.ok());
    QVERIFY(extras.capexUsd.has_value());
    QCOMPARE(*extras.capexUsd, bom->grandTotalUsd);
    QVERIFY(extras.capexNote.empty());
    // The devices' catalog prices alone: 8 x 400,000 (DGX H100) + 5 x 30,000 (QM9700)
    // + 4 x 120,000 (OSS) + 40,000 (MDS) + 4,000 (mgmt switch) + 12,000 (head node)
    // = 3,886,000 USD; racks, PDUs, cables and spares come on top.
    QVERIFY(*extras.capexUsd > 3886000.0);
    const std::string lines = std::to_string(bom->lines.size()) + " lines incl. spares";
    QVERIFY2(extras.capexSource.find(lines) != std::string::npos, extras.capexSource.c_str());
}

void TestCalcDesign::bandwidthHierarchy()
{
    // Per H100 GPU of a DGX H100, GB/s: HBM 3,350 (catalog); NVLink 900 both ways -> 450;
    // PCIe Gen5 x16 64 per direction; NIC 400 Gb/s = 50; Lustre 180 GB/s read and 120 GB/s
    // write shared by 64 GPUs = 2.8125 and 1.875.
    const std::vector<BandwidthLevel> levels = nodeBandwidthHierarchy(m_facts);
    QCOMPARE(levels.size(), std::size_t(6));
    const std::vector<std::pair<std::string, double>> expected = {
        { "HBM", 3350 }, { "NVLink", 450 },          { "PCIe", 64 },
        { "NIC", 50 },   { "storage read", 2.8125 }, { "storage write", 1.875 },
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(levels[i].name, expected[i].first);
        QCOMPARE(levels[i].gbPerS, expected[i].second);
        QVERIFY(!levels[i].source.empty());
    }
}

void TestCalcDesign::rackPowerAgainstFeeds()
{
    // A01: 4 DGX (40.8 kW) + 2 leaves (2.6) + mgmt switch (0.2) + MDS (1.0) + 2 OSS (3.2)
    //      = 47.8 kW. A02: 4 DGX (40.8) + 2 spines + storage switch (3.9) + head node (0.8)
    //      + 2 OSS (3.2) = 48.7 kW.
    // Each feed: 2 PDUs x 400 V x 63 A x sqrt(3) x 0.8 = 69,836.3 W.
    const std::vector<RackPowerRow> rows = rackPower(*m_design, cw::Catalog::builtin());
    QCOMPARE(rows.size(), std::size_t(2));
    QCOMPARE(rows[0].rack, std::string("A01"));
    CW_COMPARE_NEAR(rows[0].loadKw, 47.8, 1e-12);
    CW_COMPARE_NEAR(rows[1].loadKw, 48.7, 1e-12);
    const double feedKw = 2 * 400.0 * 63.0 * std::numbers::sqrt3 * 0.8 / 1000.0;
    CW_COMPARE_NEAR(feedKw, 69.8363, 1e-5);
    CW_COMPARE_NEAR(rows[0].feedCapacityKw, feedKw, 1e-12);
    CW_COMPARE_NEAR(rows[1].feedCapacityKw, feedKw, 1e-12);
}

void TestCalcDesign::coolantFlowFromLiquidHeatOnly()
{
    // The example is air-cooled throughout (every part "cooling": "air"): 96.5 kW to air, none
    // to liquid, so coolant-flow gets no heat-kw and says why (it used to get all 96.5 kW).
    QCOMPARE(m_facts.airHeatKw, 96.5);
    QCOMPARE(m_facts.liquidHeatKw, 0.0);
    const Prefill air = prefillFromDesign("coolant-flow", m_facts, {});
    QVERIFY(!air.find("heat-kw"));
    QVERIFY(air.notes.front().find("air-cooled") != std::string::npos);
    // A design with 60 kW of liquid-cooled load and 36.5 kW on air sizes the loop for 60 kW.
    DesignFacts mixed = m_facts;
    mixed.liquidHeatKw = 60;
    mixed.airHeatKw = 36.5;
    const Prefill liquid = prefillFromDesign("coolant-flow", mixed, {});
    QCOMPARE(liquid.find("heat-kw")->value, std::string("60"));
    QVERIFY(liquid.find("heat-kw")->source.find("36.5 kW goes to air") != std::string::npos);
}

void TestCalcDesign::assumedValuesAreMarked()
{
    // Design figures are not assumptions; what the design cannot say is, with its reason.
    const Prefill memory = prefillFromDesign("training-memory", m_facts, {});
    QVERIFY(!memory.find("params")->assumed);
    QVERIFY(!memory.find("dp")->assumed);
    QVERIFY(memory.find("zero")->assumed);
    QCOMPARE(memory.find("zero")->value, std::string("1"));
    QVERIFY(memory.find("zero")->source.find("the design does not say") == 0);
}

void TestCalcDesign::collectiveStatesItsPath()
{
    // 64 ranks span 8 nodes: the NIC (8 x 400 Gb/s / 8 GPUs = 50 GB/s) with InfiniBand's
    // measured efficiency, stated as an assumption.
    const Prefill across = prefillFromDesign("collective", m_facts, {});
    QCOMPARE(across.find("link-gbyte-s")->value, std::string("50"));
    QVERIFY(across.find("link-gbyte-s")->source.find("inter-node") != std::string::npos);
    QCOMPARE(across.find("path")->value, std::string("infiniband"));
    QVERIFY(across.find("path")->assumed);
    QVERIFY(across.find("path")->source.find("ref:nccl-tests-issue-290") != std::string::npos);
    // 46 GB/s busbw per NIC, not the 50 GB/s line rate, less NCCL's 14 us per step: the ring
    // all-reduce of 1.4e11 B over 64 ranks takes 126 x 14 us + 2 x 63/64 x 1.4e11 / 46e9 =
    // 5.993612 s, busbw 1.4e11 / 5.993612 x 126/64 = 45.99 GB/s.
    const auto j = run("collective", across.merged({}));
    const double seconds = 126 * 14e-6 + 2 * 63.0 / 64 * 1.4e11 / 46e9;
    CW_COMPARE_NEAR(j.at("busbw_gbyte_s").get<double>(), 1.4e11 / seconds * 126 / 64 / 1e9, 1e-12);
    // 8 ranks fit in one DGX: NVLink, 900 / 2 = 450 GB/s, NCCL's 370.8 of it.
    const Prefill inside = prefillFromDesign("collective", m_facts, { { "ranks", "8" } });
    QCOMPARE(inside.find("link-gbyte-s")->value, std::string("450"));
    QVERIFY(inside.find("link-gbyte-s")->source.find("intra-node NVLink") != std::string::npos);
    QCOMPARE(inside.find("path")->value, std::string("nvlink"));
    // The allreduce calculator gets the efficiency itself: 0.92.
    const Prefill allreduce = prefillFromDesign("allreduce", m_facts, {});
    QCOMPARE(allreduce.find("efficiency")->value, std::string("0.92"));
    QVERIFY(allreduce.find("efficiency")->assumed);
}

void TestCalcDesign::checkpointIntervalFromTheDesign()
{
    // 70e9 x 14 B = 9.8e11 B / 120 GB/s = 8.1667 s per save; 64 GPUs at the Llama 3 rate,
    // 16384 x 54 x 24 / 419 = 50,677 h each (assumed).
    const Prefill p = prefillFromDesign("checkpoint-interval", m_facts, {});
    CW_COMPARE_NEAR(std::stod(p.find("checkpoint-s")->value), 9.8e11 / 120e9, 1e-12);
    QCOMPARE(p.find("gpus")->value, std::string("64"));
    QCOMPARE(p.find("gpu-mtbf-hours")->value, std::string("50677"));
    QVERIFY(p.find("gpu-mtbf-hours")->assumed);
    const auto j = run("checkpoint-interval", p.merged({}));
    // Young: sqrt(2 x 8.1667 x 50677/64 x 3600) = sqrt(46,559,494) = 6823.5 s.
    CW_COMPARE_NEAR(j.at("young_interval_s").get<double>(),
                    std::sqrt(2 * (9.8e11 / 120e9) * 50677.0 / 64 * 3600), 1e-12);
}

void TestCalcDesign::trainingMemoryWorksFromTheDesign()
{
    // Opening the dock on a design gives a result, not "parameter 'zero': missing".
    const Prefill p = prefillFromDesign("training-memory", m_facts, {});
    const CalcOutcome o = runCalculator("training-memory", p.merged({}));
    QVERIFY2(o.ok(), o.error.c_str());
    // 70e9 params, ZeRO-1 over dp 64: 4 x 70e9 + 12 x 70e9 / 64 = 293.125e9 B; fits in 80 GB: no.
    QCOMPARE(o.result.at("model_states_bytes_per_gpu").get<double>(), 293.125e9);
    QCOMPARE(o.result.at("fits").get<bool>(), false);
}

QTEST_APPLESS_MAIN(TestCalcDesign)

#include "tst_calc_design.moc"

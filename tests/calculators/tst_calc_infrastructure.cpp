// Tests of the infrastructure calculators: power, coolant-flow, allreduce, fat-tree, pfc-headroom,
// cost. Every expected value is worked by hand (arithmetic in the comment beside it) or taken from
// the cited paper, never produced by running the code under test.

#include "CalcTestSupport.h"

#include "calculators/AllReduce.h"
#include "calculators/CoolantFlow.h"
#include "calculators/Cost.h"
#include "calculators/FatTree.h"
#include "calculators/InputError.h"
#include "calculators/PfcHeadroom.h"
#include "calculators/Power.h"

using namespace cw::calc;
using cw::calc::test::run;

class TestInfrastructureCalculators : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    // power, coolant-flow
    void powerHeat();
    void coolantFlowWater();
    void coolantFlowPg25();

    // allreduce
    void allReduceRing();
    void allReduceTree();

    // fat-tree
    void fatTree_data();
    void fatTree();
    void fatTreeIndivisibleRatio();

    // pfc-headroom
    void pfcPhysicsRoundTrip();
    void pfcSonicFormula_data();
    void pfcSonicFormula();

    // cost
    void costWorkedExample();
    void costIdleDraw();
    void costRegistryMatchesStruct();
    void costBadInputs_data();
    void costBadInputs();
};

void TestInfrastructureCalculators::initTestCase()
{
    cw::calc::test::registerTestData();
}

// ---- power, coolant-flow -----------------------------------------------------------------------

void TestInfrastructureCalculators::powerHeat()
{
    // 100 kW IT, PUE 1.3: facility 130 kW; heat 100,000 W x 3.412142 = 341,214.2 BTU/h;
    // / 12,000 = 28.4345167 tons.
    const auto j = run("power", { { "it-kw", "100" }, { "pue", "1.3" } });
    CW_COMPARE_NEAR(j.at("facility_kw").get<double>(), 130.0, 1e-12);
    CW_COMPARE_NEAR(j.at("btu_per_hour").get<double>(), 341214.2, 1e-12);
    CW_COMPARE_NEAR(j.at("cooling_tons").get<double>(), 28.434516666666667, 1e-12);
}

void TestInfrastructureCalculators::coolantFlowWater()
{
    // m = 100 kW / (4.18 kJ/kgK x 10 K) = 2.39234 kg/s; / 997 kg/m3 = 2.39954e-3 m3/s
    //   x 60,000 = 143.97259 L/min; / 3.785411784 = 38.03353 US gpm.
    const auto j = run("coolant-flow", { { "heat-kw", "100" }, { "delta-t-k", "10" } });
    CW_COMPARE_NEAR(j.at("litres_per_minute").get<double>(), 143.9725876193173, 1e-12);
    CW_COMPARE_NEAR(j.at("us_gpm").get<double>(), 38.0335339547084, 1e-12);
    CW_COMPARE_NEAR(j.at("mass_flow_kg_per_s").get<double>(), 2.3923444976076556, 1e-12);
}

void TestInfrastructureCalculators::coolantFlowPg25()
{
    // m = 100 / (3.9 x 10) = 2.564103 kg/s; / 1020 = 2.51383e-3 m3/s x 60,000 = 150.8296 L/min.
    const auto j
        = run("coolant-flow", { { "heat-kw", "100" }, { "delta-t-k", "10" }, { "fluid", "pg25" } });
    CW_COMPARE_NEAR(j.at("litres_per_minute").get<double>(), 150.82956259426848, 1e-12);
    // Overrides: 1000 kg/m3 and 4.0 kJ/kgK -> 100/(4 x 10) = 2.5 kg/s = 2.5 L/s = 150 L/min.
    const auto o = run("coolant-flow",
                       { { "heat-kw", "100" },
                         { "delta-t-k", "10" },
                         { "density-kg-m3", "1000" },
                         { "cp-kj-kgk", "4" } });
    CW_COMPARE_NEAR(o.at("litres_per_minute").get<double>(), 150.0, 1e-12);
}

// ---- allreduce ---------------------------------------------------------------------------------

void TestInfrastructureCalculators::allReduceRing()
{
    // n = 8: bus factor 2 x 7/8 = 1.75 (nccl-tests PERFORMANCE.md).
    // S = 1e9 B, B = 100 GB/s, alpha = 0: t = 1.75 x 1e9/1e11 = 0.0175 s;
    // algbw = 1e9/0.0175 = 57.142857 GB/s; busbw = 57.142857 x 1.75 = 100 GB/s (= link).
    auto j = run("allreduce", { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbyte-s", "100" } });
    QCOMPARE(j.at("bus_factor").get<double>(), 1.75);
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.0175, 1e-12);
    CW_COMPARE_NEAR(j.at("algbw_gbyte_s").get<double>(), 57.142857142857146, 1e-12);
    CW_COMPARE_NEAR(j.at("busbw_gbyte_s").get<double>(), 100.0, 1e-12);

    // alpha = 5 us: + 2 x 7 x 5e-6 = 7e-5 s -> t = 0.01757 s.
    j = run(
        "allreduce",
        { { "bytes", "1e9" }, { "ranks", "8" }, { "link-gbyte-s", "100" }, { "latency-us", "5" } });
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.01757, 1e-12);
}

void TestInfrastructureCalculators::allReduceTree()
{
    // n = 8, depth ceil(log2 8) = 3: t = 2 x 3 x 5e-6 + 2 x 1e9/1e11 = 3e-5 + 0.02 = 0.02003 s.
    auto j = run("allreduce",
                 { { "bytes", "1e9" },
                   { "ranks", "8" },
                   { "link-gbyte-s", "100" },
                   { "latency-us", "5" },
                   { "algorithm", "tree" } });
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.02003, 1e-12);
    QCOMPARE(j.at("bus_factor").get<double>(), 1.75);
    // n = 9: depth ceil(log2 9) = 4 -> 2 x 4 x 5e-6 + 0.02 = 0.02004 s.
    j = run("allreduce",
            { { "bytes", "1e9" },
              { "ranks", "9" },
              { "link-gbyte-s", "100" },
              { "latency-us", "5" },
              { "algorithm", "tree" } });
    CW_COMPARE_NEAR(j.at("seconds").get<double>(), 0.02004, 1e-12);
}

// ---- fat-tree ----------------------------------------------------------------------------------

void TestInfrastructureCalculators::fatTree_data()
{
    QTest::addColumn<int>("radix");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<QString>("ratio");
    QTest::addColumn<qlonglong>("endpoints");
    QTest::addColumn<qlonglong>("leaf");
    QTest::addColumn<qlonglong>("spine");
    QTest::addColumn<qlonglong>("core");
    QTest::addColumn<qlonglong>("leafSpineLinks");
    QTest::addColumn<qlonglong>("spineCoreLinks");
    // k = 64 two tiers: k^2/2 = 2048 hosts, 64 leaves, 32 spines; 64 x 32 = 2048 uplinks.
    // Matches NVIDIA DGX SuperPOD B200 RA, 8 SU: 2048 GPUs on 64 leaf + 32 spine QM9700.
    QTest::newRow("k64 2-tier 1:1")
        << 64 << 2 << "1:1" << 2048LL << 64LL << 32LL << 0LL << 2048LL << 0LL;
    // k = 64 three tiers: k^3/4 = 65536 hosts; k^2/2 = 2048 leaf, 2048 spine, k^2/4 = 1024 core
    // (5120 switches); leaf-spine 2048 x 32 = 65536 = spine-core 2048 x 32.
    QTest::newRow("k64 3-tier 1:1")
        << 64 << 3 << "1:1" << 65536LL << 2048LL << 2048LL << 1024LL << 65536LL << 65536LL;
    // 3:1, k = 64: d = 48, u = 16. Two tiers: 64 leaves x 48 = 3072 hosts, 16 spines,
    // 64 x 16 = 1024 uplinks = 16 spines x 64 ports.
    QTest::newRow("k64 2-tier 3:1")
        << 64 << 2 << "3:1" << 3072LL << 64LL << 16LL << 0LL << 1024LL << 0LL;
    // Three tiers 3:1: 64 pods x 32 leaves = 2048 leaves x 48 = 98304 hosts; 64 x 16 = 1024
    // spines; cores 16 x 32 = 512; leaf-spine 2048 x 16 = 32768 (= 1024 x 32);
    // spine-core 1024 x 32 = 32768 (= 512 x 64).
    QTest::newRow("k64 3-tier 3:1")
        << 64 << 3 << "3:1" << 98304LL << 2048LL << 1024LL << 512LL << 32768LL << 32768LL;
    // 2:1, k = 48: d = 32, u = 16. Two tiers: 48 x 32 = 1536 hosts, 48 leaves, 16 spines.
    QTest::newRow("k48 2-tier 2:1")
        << 48 << 2 << "2:1" << 1536LL << 48LL << 16LL << 0LL << 768LL << 0LL;
    // Al-Fares k = 4: 16 hosts, 8 edge, 8 aggregation, 4 core.
    QTest::newRow("k4 3-tier 1:1") << 4 << 3 << "1:1" << 16LL << 8LL << 8LL << 4LL << 16LL << 16LL;
}

void TestInfrastructureCalculators::fatTree()
{
    QFETCH(int, radix);
    QFETCH(int, tiers);
    QFETCH(QString, ratio);
    QFETCH(qlonglong, endpoints);
    QFETCH(qlonglong, leaf);
    QFETCH(qlonglong, spine);
    QFETCH(qlonglong, core);
    QFETCH(qlonglong, leafSpineLinks);
    QFETCH(qlonglong, spineCoreLinks);
    const auto j = run("fat-tree",
                       { { "radix", std::to_string(radix) },
                         { "tiers", std::to_string(tiers) },
                         { "oversubscription", ratio.toStdString() } });
    QCOMPARE(j.at("max_endpoints").get<qlonglong>(), endpoints);
    QCOMPARE(j.at("switches_by_tier").at("leaf").get<qlonglong>(), leaf);
    QCOMPARE(j.at("switches_by_tier").at("spine").get<qlonglong>(), spine);
    QCOMPARE(j.at("switches_by_tier").at("core").get<qlonglong>(), core);
    QCOMPARE(j.at("switches").get<qlonglong>(), leaf + spine + core);
    QCOMPARE(j.at("links_by_tier").at("host-leaf").get<qlonglong>(), endpoints);
    QCOMPARE(j.at("links_by_tier").at("leaf-spine").get<qlonglong>(), leafSpineLinks);
    QCOMPARE(j.at("links_by_tier").at("spine-core").get<qlonglong>(), spineCoreLinks);
    // Port budget: no switch uses more than k ports.
    QVERIFY(leaf * radix >= endpoints + leafSpineLinks);
}

void TestInfrastructureCalculators::fatTreeIndivisibleRatio()
{
    // 2:1 on k = 64 needs 64/3 uplinks: not whole, so an error naming oversubscription.
    auto o = runCalculator("fat-tree",
                           { { "radix", "64" }, { "tiers", "2" }, { "oversubscription", "2:1" } });
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("'oversubscription'") != std::string::npos);
    o = runCalculator("fat-tree",
                      { { "radix", "64" }, { "tiers", "2" }, { "oversubscription", "1:2" } });
    QVERIFY(!o.ok());
    o = runCalculator("fat-tree", { { "radix", "63" }, { "tiers", "2" } });
    QVERIFY(!o.ok());
    QVERIFY(o.error.find("'radix'") != std::string::npos);
}

// ---- pfc-headroom ------------------------------------------------------------------------------

void TestInfrastructureCalculators::pfcPhysicsRoundTrip()
{
    // 2 L R / (v 8) = 2 x 5 x 400e9 / (1.98e8 x 8) = 4e12 / 1.584e9 = 2525.25 B
    // (ref:sonic-buffer-headroom).
    const auto j = run("pfc-headroom", { { "speed-gbit-s", "400" }, { "cable-m", "5" } });
    QCOMPARE(std::lround(j.at("bytes_on_cable").get<double>()), 2525L);
    CW_COMPARE_NEAR(j.at("bytes_on_cable").get<double>(), 2525.2525252525252, 1e-12);
    // SONiC's own term: 2 x 5 x 400000 x 1e9 / 1.98e8 / 8192 = 2466.07 B (facts: "yields 2466").
    QCOMPARE(std::lround(j.at("sonic_bytes_on_cable").get<double>()), 2466L);
}

void TestInfrastructureCalculators::pfcSonicFormula_data()
{
    QTest::addColumn<Params>("params");
    QTest::addColumn<double>("xoff");
    QTest::addColumn<double>("xon");
    QTest::addColumn<double>("headroom");
    // 400G, 5 m, defaults (cell 144 > 128 -> worst case 144/64 = 2.25; 100 % small ->
    // occupancy 2.25):
    //   peer = 905 x 512 / 8 = 57,920; cable 2466.07; mac_phy 0.8 x 1024 = 819.2
    //   propagation = 9100 + 2466.07 + 819.2 + 57,920 = 70,305.27
    //   xoff = 1024 + 70,305.27 x 2.25 = 159,210.85 -> 156 KB = 159,744
    //   xon = 18 x 1024 = 18,432; headroom = 178,176
    QTest::newRow("400G 5m") << Params { { "speed-gbit-s", "400" }, { "cable-m", "5" } } << 159744.0
                             << 18432.0 << 178176.0;
    // 100G, 100 m: peer 394 x 64 = 25,216; cable 2 x 100 x 100000 x 1e9 / 1.98e8 / 8192 = 12,330.33
    //   propagation = 9100 + 12,330.33 + 819.2 + 25,216 = 47,465.53
    //   xoff = 1024 + 47,465.53 x 2.25 = 107,821.45 -> 106 KB = 108,544; headroom 126,976
    QTest::newRow("100G 100m") << Params { { "speed-gbit-s", "100" }, { "cable-m", "100" } }
                               << 108544.0 << 18432.0 << 126976.0;
    // Spectrum-1 cell 96 (<= 128): worst case 2 x 96 / 97 = 1.979381; 50 % small packets ->
    //   occupancy (50 + 50 x 1.979381)/100 = 1.4896907; xoff = 1024 + 70,305.27 x 1.4896907
    //   = 105,757.10 -> 104 KB = 106,496; headroom 124,928
    QTest::newRow("400G 5m cell96 50%") << Params { { "speed-gbit-s", "400" },
                                                    { "cable-m", "5" },
                                                    { "cell-bytes", "96" },
                                                    { "small-packet-pct", "50" } }
                                        << 106496.0 << 18432.0 << 124928.0;
    // 800G 8-lane: cable term doubles to 4932.13; propagation 72,771.33; xoff = 1024 + 2.25 x
    //   72,771.33 = 164,759.50 -> 164,864; xon = 2 x 18,432 - 1024 = 35,840;
    //   headroom = 164,864 + 35,840 + 9100 = 209,804 -> 205 KB = 209,920
    QTest::newRow("800G 8-lane") << Params {
        { "speed-gbit-s", "800" }, { "cable-m", "5" }, { "eight-lane", "true" }
    } << 164864.0 << 35840.0 << 209920.0;
    // Shared headroom pool: per-PG headroom is xon only.
    QTest::newRow("400G shared pool") << Params {
        { "speed-gbit-s", "400" }, { "cable-m", "5" }, { "shared-headroom-pool", "true" }
    } << 159744.0 << 18432.0 << 18432.0;
}

void TestInfrastructureCalculators::pfcSonicFormula()
{
    QFETCH(Params, params);
    QFETCH(double, xoff);
    QFETCH(double, xon);
    QFETCH(double, headroom);
    const auto j = run("pfc-headroom", params);
    QCOMPARE(j.at("xoff_bytes").get<double>(), xoff);
    QCOMPARE(j.at("xon_bytes").get<double>(), xon);
    QCOMPARE(j.at("headroom_bytes").get<double>(), headroom);
}

// ---- cost --------------------------------------------------------------------------------------

void TestInfrastructureCalculators::costWorkedExample()
{
    // capex 4,000,000 USD; 100 kW IT at PUE 1.25; 64 GPUs; 4 years; 0.12 USD/kWh; 80 % busy.
    //   energy = 100 x 1.25 x 8760 x 0.8 = 876,000 kWh/year
    //   opex = 876,000 x 0.12 = 105,120 USD/year
    //   tco = 4,000,000 + 4 x 105,120 = 4,420,480 USD
    //   busy GPU-hours = 64 x 4 x 8760 x 0.8 = 1,794,048 -> 4,420,480 / 1,794,048 = 2.4639...
    const auto j = run("cost",
                       { { "capex-usd", "4000000" },
                         { "it-kw", "100" },
                         { "gpus", "64" },
                         { "years", "4" },
                         { "usd-per-kwh", "0.12" },
                         { "pue", "1.25" },
                         { "utilization", "0.8" } });
    CW_COMPARE_NEAR(j.at("capex_usd").get<double>(), 4000000.0, 1e-15);
    CW_COMPARE_NEAR(j.at("energy_kwh_per_year").get<double>(), 876000.0, 1e-12);
    CW_COMPARE_NEAR(j.at("opex_usd_per_year").get<double>(), 105120.0, 1e-12);
    CW_COMPARE_NEAR(j.at("tco_usd").get<double>(), 4420480.0, 1e-12);
    CW_COMPARE_NEAR(j.at("usd_per_gpu_hour").get<double>(), 4420480.0 / 1794048.0, 1e-12);
    QVERIFY(j.at("assumptions").size() >= 4);
}

void TestInfrastructureCalculators::costIdleDraw()
{
    // 10 kW IT, PUE 1.5, busy half the year, idle draw 40 % of full:
    //   load factor = 0.5 + (1 - 0.5) x 0.4 = 0.7
    //   energy = 10 x 1.5 x 8760 x 0.7 = 91,980 kWh; x 0.10 USD = 9,198 USD; + 1,000 other
    //   = 10,198 USD/year. Defaults: 5 years -> tco = 50,000 + 5 x 10,198 = 100,990 USD;
    //   busy GPU-hours = 8 x 5 x 8760 x 0.5 = 175,200 -> 0.576426... USD per GPU-hour.
    const auto j = run("cost",
                       { { "capex-usd", "50000" },
                         { "it-kw", "10" },
                         { "gpus", "8" },
                         { "usd-per-kwh", "0.10" },
                         { "pue", "1.5" },
                         { "utilization", "0.5" },
                         { "idle-fraction", "0.4" },
                         { "other-opex-usd-per-year", "1000" } });
    CW_COMPARE_NEAR(j.at("energy_kwh_per_year").get<double>(), 91980.0, 1e-12);
    CW_COMPARE_NEAR(j.at("opex_usd_per_year").get<double>(), 10198.0, 1e-12);
    CW_COMPARE_NEAR(j.at("tco_usd").get<double>(), 100990.0, 1e-12);
    CW_COMPARE_NEAR(j.at("usd_per_gpu_hour").get<double>(), 100990.0 / 175200.0, 1e-12);
}

void TestInfrastructureCalculators::costRegistryMatchesStruct()
{
    // The ParamSpec defaults (years 5, utilization 1, idle 0, other 0) equal CostInput's.
    const auto j = run("cost",
                       { { "capex-usd", "1e6" },
                         { "it-kw", "20" },
                         { "gpus", "16" },
                         { "usd-per-kwh", "0.2" },
                         { "pue", "1.2" } });
    CostInput in;
    in.capexUsd = 1e6;
    in.itKw = 20;
    in.gpus = 16;
    in.usdPerKwh = 0.2;
    in.pue = 1.2;
    QCOMPARE(j.at("tco_usd").get<double>(), cost(in).tcoUsd);
    // By hand: 20 x 1.2 x 8760 = 210,240 kWh x 0.2 = 42,048 USD/year; tco = 1e6 + 5 x 42,048.
    CW_COMPARE_NEAR(cost(in).tcoUsd, 1210240.0, 1e-12);
}

void TestInfrastructureCalculators::costBadInputs_data()
{
    QTest::addColumn<Params>("params");
    QTest::addColumn<QString>("expectedInError");
    const Params ok = { { "capex-usd", "1e6" },
                        { "it-kw", "20" },
                        { "gpus", "16" },
                        { "usd-per-kwh", "0.2" },
                        { "pue", "1.2" } };
    auto with = [](Params p, const std::string &k, const std::string &v) {
        p[k] = v;
        return p;
    };
    Params noCapex = ok;
    noCapex.erase("capex-usd");
    QTest::newRow("missing capex") << noCapex << "parameter 'capex-usd': missing";
    QTest::newRow("negative capex") << with(ok, "capex-usd", "-1") << "parameter 'capex-usd'";
    QTest::newRow("zero gpus") << with(ok, "gpus", "0") << "parameter 'gpus'";
    QTest::newRow("zero years") << with(ok, "years", "0") << "parameter 'years'";
    QTest::newRow("pue < 1") << with(ok, "pue", "0.8") << "parameter 'pue'";
    QTest::newRow("utilization 0") << with(ok, "utilization", "0") << "parameter 'utilization'";
    QTest::newRow("utilization > 1") << with(ok, "utilization", "1.5") << "parameter 'utilization'";
    QTest::newRow("idle > 1") << with(ok, "idle-fraction", "2") << "parameter 'idle-fraction'";
    QTest::newRow("zero it") << with(ok, "it-kw", "0") << "parameter 'it-kw'";
    QTest::newRow("70X") << with(ok, "usd-per-kwh", "70X") << "parameter 'usd-per-kwh'";
}

void TestInfrastructureCalculators::costBadInputs()
{
    QFETCH(Params, params);
    QFETCH(QString, expectedInError);
    const CalcOutcome o = runCalculator("cost", params);
    QVERIFY2(!o.ok(), "expected an error");
    QVERIFY2(o.error.find(expectedInError.toStdString()) != std::string::npos, o.error.c_str());
}
QTEST_APPLESS_MAIN(TestInfrastructureCalculators)

#include "tst_calc_infrastructure.moc"

// Cooling failure domains (CDUs, halls) on a small liquid design built here, every figure
// worked by hand below.
//
// The site has two liquid halls, H1 and H2. Row R1 (hall H1) holds four liquid racks L01-L04
// (rack-48u-liquid), each with two HGX B200 DLC servers (hgx-b200-8gpu-dlc: hybrid, so in a
// liquid rack their heat leaves by liquid; 14.3 kW maximum, six 3.3 kW PSUs, 8 GPUs) and
// PDUs A1 (feed A) and B1 (feed B). In-rack CDUs (cdu-inrack-100kw, 100 kW each) stand in
// L01, L02 and L03: CDU-1, CDU-2, CDU-3. Row R2 (hall H2) holds rack M01 with two more
// servers and CDU-4.
//
// Liquid heat of R1: 8 x 14.3 kW = 114.4 kW. N = ceil(114.4 / 100) = 2 CDUs; with three the
// row is N+1. R2: 2 x 14.3 = 28.6 kW on one 100 kW CDU.
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/failure/FailureSweep.h"
#include "model/failure/WhatIf.h"
#include "model/validation/ValidationEngine.h"
#include "resources/EmbeddedResources.h"

#include <QtTest>

#include <algorithm>

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

Hall liquidHall(const std::string &name)
{
    Hall hall;
    hall.name = name;
    hall.rows = 2;
    hall.positionsPerRow = 10;
    hall.maxKwPerPosition = 140;
    hall.cooling = HallCooling::Liquid;
    return hall;
}

class Builder
{
public:
    Design design;

    RowId row(const std::string &name, const std::string &hall)
    {
        Row row;
        row.id = design.newId<RowId>();
        row.name = name;
        row.hall = hall;
        design.addRow(row);
        return row.id;
    }
    RackId rack(const std::string &name, RowId row, int position)
    {
        Rack rack;
        rack.id = design.newId<RackId>();
        rack.name = name;
        rack.catalogType = "rack-48u-liquid";
        rack.row = row;
        rack.position = position;
        rack.pdus = { { "A1", Feed::A, "", 3, 400, 63 }, { "B1", Feed::B, "", 3, 400, 63 } };
        design.addRack(rack);
        return rack.id;
    }
    DeviceId device(const std::string &name, const std::string &type, RackId rack, int u,
                    DeviceRole role)
    {
        Device device;
        device.id = design.newId<DeviceId>();
        device.name = name;
        device.catalogType = type;
        device.rack = rack;
        device.uPosition = u;
        device.role = role;
        design.addDevice(device);
        return device.id;
    }
};

/// The design above; `spareCdu` false leaves CDU-3 out (R1 at N, no spare).
Design liquidDesign(bool spareCdu)
{
    Builder b;
    Site site;
    site.name = "two liquid halls";
    site.halls = { liquidHall("H1"), liquidHall("H2") };
    site.cduRedundancy = 1;
    b.design.setSite(site);
    const RowId r1 = b.row("R1", "H1");
    const RowId r2 = b.row("R2", "H2");
    int server = 0;
    for (int i = 1; i <= 4; ++i) {
        const RackId rack = b.rack("L0" + std::to_string(i), r1, i - 1);
        for (int u : { 1, 5 })
            b.device("b200-" + std::to_string(++server), "hgx-b200-8gpu-dlc", rack, u,
                     DeviceRole::Compute);
        if (i <= 2 || (i == 3 && spareCdu))
            b.device("CDU-" + std::to_string(i), "cdu-inrack-100kw", rack, 9,
                     DeviceRole::Management);
    }
    const RackId m01 = b.rack("M01", r2, 0);
    for (int u : { 1, 5 })
        b.device("b200-" + std::to_string(++server), "hgx-b200-8gpu-dlc", m01, u,
                 DeviceRole::Compute);
    b.device("CDU-4", "cdu-inrack-100kw", m01, 9, DeviceRole::Management);
    return std::move(b.design);
}

WhatIfReport fail(const Design &design, std::initializer_list<const char *> domains)
{
    auto model = FailureModel::build(design, builtinCatalog());
    if (!model)
        qFatal("%s", model.error().message.c_str());
    std::vector<FailureDomain> parsed;
    for (const char *text : domains) {
        auto domain = parseFailureDomain(design, text, &builtinCatalog());
        if (!domain)
            qFatal("%s", domain.error().message.c_str());
        parsed.push_back(domain.value());
    }
    return model->simulate(parsed);
}

/// Whether `key` fires on row `row` (R2, one CDU for 28.6 kW, is never N+1).
bool hasRule(const Design &design, const std::string &key, const std::string &row)
{
    const ValidationResult result = validateDesign(design, builtinCatalog());
    return std::any_of(result.violations.begin(), result.violations.end(), [&](const Violation &v) {
        return v.ruleKey == key && v.message.rfind("row " + row + " ", 0) == 0;
    });
}

} // namespace

class TestWhatIfCooling : public QObject
{
    Q_OBJECT

private slots:
    void cduAndHallDomainsParse()
    {
        const Design design = liquidDesign(true);
        const auto cdu = parseFailureDomain(design, "cdu:CDU-2", &builtinCatalog());
        QVERIFY(cdu.ok());
        QVERIFY(cdu->kind == DomainKind::Cdu);
        // A server is not a CDU; a CDU needs the catalog to be known as one.
        QVERIFY(!parseFailureDomain(design, "cdu:b200-1", &builtinCatalog()).ok());
        QVERIFY(!parseFailureDomain(design, "cdu:CDU-2").ok());
        QVERIFY(parseFailureDomain(design, "hall:H2").ok());
        const auto noHall = parseFailureDomain(design, "hall:H9");
        QVERIFY(!noHall.ok());
        QVERIFY(noHall.error().message.find("hall:H9") != std::string::npos);
        // The sweep lists the four CDUs and two halls.
        const auto domains
            = enumerateDomains(design, { DomainKind::Cdu, DomainKind::Hall }, &builtinCatalog());
        QStringList labels;
        for (const FailureDomain &domain : domains)
            labels << QString::fromStdString(domain.label);
        QCOMPARE(labels,
                 QStringList(
                     { "cdu:CDU-1", "cdu:CDU-2", "cdu:CDU-3", "cdu:CDU-4", "hall:H1", "hall:H2" }));
    }

    void oneCduLostWithNPlusOneChangesNothing()
    {
        const Design design = liquidDesign(true);
        QVERIFY(!hasRule(design, "cooling.cdu-redundancy", "R1"));
        QVERIFY(hasRule(design, "cooling.cdu-redundancy", "R2"));
        const WhatIfReport report = fail(design, { "cdu:CDU-2" });
        // Two 100 kW CDUs left = 200 kW >= 114.4 kW of liquid heat.
        QCOMPARE(report.cdusLost, std::vector<std::string>({ "CDU-2" }));
        QCOMPARE(report.coolingRows.size(), std::size_t(1));
        const RowCoolingImpact &row = report.coolingRows.front();
        QCOMPARE(row.row, std::string("R1"));
        QCOMPARE(row.cdus, 3);
        QCOMPARE(row.cdusUp, 2);
        QCOMPARE(row.capacityBeforeW, 300000.0);
        QCOMPARE(row.capacityW, 200000.0);
        QCOMPARE(row.liquidW, 114400.0);
        QVERIFY(!row.isShort());
        QVERIFY(report.devicesOff.empty());
        QVERIFY(report.devicesCapped.empty());
        QCOMPARE(report.gpusLost, 0);
        QVERIFY(report.verdict.find("1 CDU lost") != std::string::npos);
        QVERIFY(report.verdict.find("still covered") != std::string::npos);
    }

    void oneCduLostWithoutSpareCapsTheRow()
    {
        const Design design = liquidDesign(false);
        // At N the rule already says so: with one of two failed, 100 kW < 114.4 kW.
        QVERIFY(hasRule(design, "cooling.cdu-redundancy", "R1"));
        const WhatIfReport report = fail(design, { "cdu:CDU-2" });
        QCOMPARE(report.coolingRows.size(), std::size_t(1));
        const RowCoolingImpact &row = report.coolingRows.front();
        QCOMPARE(row.cdusUp, 1);
        QCOMPARE(row.capacityW, 100000.0);
        QVERIFY(row.isShort());
        QCOMPARE(row.devicesCapped, 8);
        QCOMPARE(row.devicesOff, 0);
        // Each server's share: 14.3 kW x 100 / 114.4 = 12.5 kW exactly (114.4 = 8 x 14.3).
        QCOMPARE(report.devicesCapped.size(), std::size_t(8));
        for (const CappedDevice &capped : report.devicesCapped) {
            QVERIFY(capped.cause == CapCause::Cooling);
            QVERIFY(qAbs(capped.availableW - 12500.0) < 1e-6);
            QCOMPARE(capped.maxPowerW, 14300.0);
        }
        QCOMPARE(report.gpusLost, 0); // capped servers run, slower
        // 100 / 114.4 = 87.4 %
        QVERIFY2(report.verdict.find("capped to 87 %") != std::string::npos,
                 report.verdict.c_str());
    }

    void bothCdusLostWithoutSpareTurnTheRowOff()
    {
        const Design design = liquidDesign(false);
        const WhatIfReport report = fail(design, { "cdu:CDU-1", "cdu:CDU-2" });
        QCOMPARE(report.coolingRows.front().devicesOff, 8);
        QCOMPARE(report.devicesOff.size(), std::size_t(8)); // b200-1..8, no coolant
        QCOMPARE(report.gpusLost, 64); // 8 servers x 8 GPUs
        QCOMPARE(report.gpus, 80);
        QCOMPARE(report.nodesLost, 8);
        QVERIFY(report.devicesCapped.empty());
    }

    void feedLossLowersTheHeatBelowOneCdu()
    {
        // Feed A down: each server keeps 3 of 6 PSUs = 9.9 kW. Row R1's heat is then
        // 8 x 9.9 = 79.2 kW, which the one CDU left (100 kW) carries: power-capped only.
        const Design design = liquidDesign(false);
        const WhatIfReport report = fail(design, { "feed:A", "cdu:CDU-2" });
        const RowCoolingImpact &row = report.coolingRows.front();
        QVERIFY(qAbs(row.liquidW - 79200.0) < 1e-6);
        QVERIFY(!row.isShort());
        for (const CappedDevice &capped : report.devicesCapped)
            QVERIFY(capped.cause == CapCause::Power);
        QCOMPARE(report.devicesCapped.size(), std::size_t(10)); // all ten servers on feed B
    }

    void hallLossDarkensItsRowsOnly()
    {
        const Design design = liquidDesign(true);
        const WhatIfReport report = fail(design, { "hall:H1" });
        // R1: 8 servers and CDU-1..3 off; R2 in hall H2 untouched.
        QCOMPARE(report.gpusLost, 64);
        QCOMPARE(report.nodesLost, 8);
        QCOMPARE(report.devicesOff.size(), std::size_t(11));
        QCOMPARE(report.cdusLost, std::vector<std::string>({ "CDU-1", "CDU-2", "CDU-3" }));
        // Nothing left running in R1 needs coolant: not short.
        QCOMPARE(report.coolingRows.size(), std::size_t(1));
        QCOMPARE(report.coolingRows.front().liquidW, 0.0);
        QVERIFY(!report.coolingRows.front().isShort());
        QCOMPARE(report.largestJobGpus, 8); // no fabric: a job per server
    }

    void sweepRanksTheHallFirst()
    {
        const Design design = liquidDesign(false);
        auto model = FailureModel::build(design, builtinCatalog());
        QVERIFY(model.ok());
        const auto domains
            = enumerateDomains(design, { DomainKind::Cdu, DomainKind::Hall }, &builtinCatalog());
        const std::vector<SweepEntry> entries = sweepSingleFailures(model.value(), domains, 1);
        QCOMPARE(entries.size(), std::size_t(5)); // CDU-1, CDU-2, CDU-4, H1, H2
        QCOMPARE(entries[0].report.failures.front(), std::string("hall:H1")); // 64 GPUs
        QCOMPARE(entries[0].report.gpusLost, 64);
        // CDU-4 alone cools R2: its two servers (16 GPUs) go off, as does hall H2 (16 GPUs);
        // equal GPUs lost and no fabric: the kind order keeps the CDU first.
        QCOMPARE(entries[1].report.failures.front(), std::string("cdu:CDU-4"));
        QCOMPARE(entries[1].report.gpusLost, 16);
        QCOMPARE(entries[2].report.failures.front(), std::string("hall:H2"));
        QCOMPARE(entries[2].report.gpusLost, 16);
        // CDU-1 or CDU-2 of R1: nothing lost, 8 servers capped.
        QCOMPARE(entries[3].report.gpusLost, 0);
        QCOMPARE(entries[3].report.devicesCapped.size(), std::size_t(8));
    }

    void gpusLostAloneEqualsTheFullSimulation()
    {
        // FailureModel::gpusLost skips everything but which nodes are lost; the cooling pass
        // turns nodes off too (both CDUs of R1 without a spare), so every pair of CDU, hall,
        // row, feed and PDU domains is compared with the full simulation's count.
        for (const bool spare : { false, true }) {
            const Design design = liquidDesign(spare);
            auto model = FailureModel::build(design, builtinCatalog());
            QVERIFY(model.ok());
            const auto domains
                = enumerateDomains(design,
                                   { DomainKind::Feed, DomainKind::Pdu, DomainKind::Cdu,
                                     DomainKind::Hall, DomainKind::Row, DomainKind::Rack },
                                   &builtinCatalog());
            int lossy = 0;
            for (std::size_t i = 0; i < domains.size(); ++i)
                for (std::size_t j = i; j < domains.size(); ++j) {
                    const std::vector<FailureDomain> failed = { domains[i], domains[j] };
                    const int expected = model->simulate(failed).gpusLost;
                    QCOMPARE(model->gpusLost(failed), expected);
                    lossy += expected > 0 ? 1 : 0;
                }
            QVERIFY(lossy > 10);
        }
    }
};

QTEST_GUILESS_MAIN(TestWhatIfCooling)
#include "tst_whatif_cooling.moc"

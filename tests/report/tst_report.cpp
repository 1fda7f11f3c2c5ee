// Facilities pack (exporters/report): the PDF's totals read back with poppler's pdftotext
// against the program's own summary and validation, pages rendered with pdftoppm, SVGs parsed.

#include "ReportFixtures.h"

using namespace cw;
using namespace cw::test;

class TestReport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(report::ensureGuiApplication().ok()); // QTEST_MAIN made one: used as is
        QVERIFY(qobject_cast<QGuiApplication *>(QCoreApplication::instance()));
    }

    void exporterDescribesItself()
    {
        const auto exporter = exporters::makeReportExporter();
        QCOMPARE(exporter->name(), std::string("report"));
        QVERIFY(exporters::checkParameters(*exporter,
                                           { { "report.date", kDate },
                                             { "report.paper", "letter" },
                                             { "report.rack-svgs", "each" } })
                    .ok());
        QVERIFY(!exporters::checkParameters(*exporter, { { "report.colour", "red" } }).ok());
        // As clusterwright-cli will hold it: the built-in formats plus this one, no name clash.
        exporters::ExporterRegistry registry;
        exporters::registerBuiltinExporters(registry);
        QVERIFY(!registry.find("report"));
        registry.add(exporters::makeReportExporter());
        QVERIFY(registry.find("report"));
    }

    void rejectsBadParameters()
    {
        auto design = referenceDesigns()[0].build(Catalog::builtin());
        QVERIFY(design.ok());
        for (const char *date : { "30/06/2025", "2025-02-30", "2025-6-30", "" }) {
            auto result = runReport(*design, { { "report.date", date } });
            QVERIFY2(!result.ok(), date);
            QVERIFY(QString::fromStdString(result.error().message).contains("YYYY-MM-DD"));
        }
        auto paper = runReport(*design, { { "report.paper", "a3" } });
        QVERIFY(!paper.ok());
        QVERIFY(QString::fromStdString(paper.error().message).contains("a4 or letter"));
        auto svgs = runReport(*design, { { "report.rack-svgs", "all" } });
        QVERIFY(!svgs.ok());
        QCOMPARE(QString::fromStdString(svgs.error().message),
                 QStringLiteral("--param report.rack-svgs=all: expected grouped or each"));
    }

    void referenceTotals_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("racks");
        QTest::addColumn<double>("itKw");
        QTest::addColumn<double>("facilityKw");
        QTest::addColumn<QString>("feedKw");
        // GPUs, nodes, racks and IT kW as `clusterwright-cli info --json` printed them for
        // resources/examples/*.cluster.json. Facility kW = IT kW x the design's PUE by hand:
        // seed 90.55 x 1.4 = 126.77; 8-DGX 96.5 x 1.3 = 125.45. Feed capacity of the GPU
        // racks by hand: 2 PDUs x 400 V x 32 A x sqrt 3 x 0.8 = 35.47 kW (seed) and
        // 2 x 400 V x 63 A x sqrt 3 x 0.8 = 69.84 kW (8-DGX).
        const auto &designs = referenceDesigns();
        for (int i = 0; i < static_cast<int>(designs.size()); ++i) {
            const QByteArray name = QByteArray::fromStdString(designs[i].fileName);
            if (designs[i].fileName == "seed-8node-hdr.cluster.json")
                QTest::newRow(name) << i << 64 << 8 << 5 << 90.55 << 126.77 << "35.5";
            else if (designs[i].fileName == "8dgx-h100-ndr.cluster.json")
                QTest::newRow(name) << i << 64 << 8 << 2 << 96.5 << 125.45 << "69.8";
        }
        QCOMPARE(designs.size(), std::size_t(2));
    }

    void referenceTotals()
    {
        if (!havePoppler())
            QSKIP("pdftotext/pdftoppm not found: install Debian's poppler-utils (scripts/deps.sh)");
        QFETCH(int, index);
        QFETCH(int, gpus);
        QFETCH(int, nodes);
        QFETCH(int, racks);
        QFETCH(double, itKw);
        QFETCH(double, facilityKw);
        QFETCH(QString, feedKw);
        const Catalog &catalog = Catalog::builtin();
        auto design = referenceDesigns()[static_cast<std::size_t>(index)].build(catalog);
        QVERIFY(design.ok());

        // What `info --json` and `validate --json` compute, in-process.
        const DesignSummary summary = summarize(*design, catalog);
        const ValidationResult validation = validateDesign(*design, catalog, kDate);
        QCOMPARE(summary.gpus, gpus);
        QCOMPARE(summary.nodes, nodes);
        QCOMPARE(summary.racks, racks);
        QCOMPARE(summary.itPowerKw, itKw);
        const calc::PowerResult power = calc::power({ summary.itPowerKw, design->site().pue });
        QVERIFY(std::abs(power.facilityKw - facilityKw) < 0.005);

        auto result = runReport(*design);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        keepForReview(*result, QTest::currentDataTag());
        QTemporaryDir dir;
        const QString text = pdfText(*result, dir);
        QVERIFY(!text.isEmpty());

        QVERIFY(text.contains(QStringLiteral("Facilities report")));
        // Text reads back as typed: no fi/fl ligature code points (U+FB01, U+FB02).
        QVERIFY(!text.contains(QChar(0xFB01)) && !text.contains(QChar(0xFB02)));
        QVERIFY(text.contains(QStringLiteral("Coolant flow")));
        QVERIFY(text.contains(QString::fromStdString(design->name())));
        QVERIFY(hasPair(text, QStringLiteral("Date"), QString::fromStdString(kDate)));
        QVERIFY(hasPair(text, QStringLiteral("Design schema version"), QStringLiteral("2")));
        QVERIFY(hasPair(text, QStringLiteral("GPUs"), QString::number(summary.gpus)));
        QVERIFY(hasPair(text, QStringLiteral("Compute nodes"), QString::number(summary.nodes)));
        QVERIFY(hasPair(text, QStringLiteral("Racks"), QString::number(summary.racks)));
        QVERIFY(hasPair(text, QStringLiteral("IT load (maximum)"),
                        grouped(summary.itPowerKw, 2) + " kW"));
        QVERIFY(hasPair(text, QStringLiteral("IT load (typical)"),
                        grouped(summary.itTypicalPowerKw, 2) + " kW"));
        QVERIFY(hasPair(text, QStringLiteral("Facility load (IT maximum x PUE)"),
                        grouped(facilityKw, 2) + " kW"));
        const QString violations = QStringLiteral("%1 errors, %2 warnings, %3 infos")
                                       .arg(validation.errors)
                                       .arg(validation.warnings)
                                       .arg(validation.infos);
        QVERIFY(hasPair(text, QStringLiteral("Open violations"), violations));
        QVERIFY(
            hasPair(text, QStringLiteral("Waived violations"), QString::number(validation.waived)));
        // Both references have warnings (port-speed mismatches, `validate` lists them).
        QVERIFY(validation.warnings > 0);
        // Every section is there, and the hand-computed feed capacity is in the rack table.
        for (const char *section :
             { "1 Summary", "2 Power", "3 Cooling", "4 Floor plan", "5 Rack elevations",
               "6 Cabling", "7 Bill of materials", "8 Failure domains" })
            QVERIFY2(text.contains(QLatin1String(section)), section);
        QVERIFY(text.contains(QRegularExpression(
            QStringLiteral("\\s") + QRegularExpression::escape(feedKw) + QStringLiteral("\\s"))));
        // Every rack once in the rack index (elevations alike share one drawing).
        const QString rackIndex = rackIndexText(text);
        QVERIFY(!rackIndex.isEmpty());
        for (const Rack &rack : design->racks())
            QVERIFY2(wordCount(rackIndex, rack.name) == 1, rack.name.c_str());

        const PageScan scan = scanPages(dir);
        QVERIFY(scan.pages >= 9); // cover + 8 sections, each on its own page
        QCOMPARE(scan.blank, 0);
    }

    void failureDomainsAreWhatIfs()
    {
        if (!havePoppler())
            QSKIP("pdftotext/pdftoppm not found: install Debian's poppler-utils (scripts/deps.sh)");
        const Catalog &catalog = Catalog::builtin();
        auto design = referenceDesigns()[1].build(catalog); // 8 x DGX H100
        QVERIFY(design.ok());
        const report::ReportData data = report::gatherReportData(*design, catalog, kDate);
        // 2 feeds + 8 PDUs + 1 row; the row darkens everything: 64 GPUs.
        QCOMPARE(data.failureDomainCount, 11);
        QCOMPARE(data.failureDomains.front().domain, std::string("row:R1"));
        QCOMPARE(data.failureDomains.front().gpusLost, 64);
        // Losing feed A caps the eight DGX H100 (3 of 6 PSUs: 9.9 of 10.2 kW), nothing goes off.
        const auto feedA
            = std::find_if(data.failureDomains.begin(), data.failureDomains.end(),
                           [](const report::FailureRow &row) { return row.domain == "feed:A"; });
        QVERIFY(feedA != data.failureDomains.end());
        QCOMPARE(feedA->gpusLost, 0);
        QCOMPARE(feedA->devicesOff, 0);
        QVERIFY(feedA->devicesCapped >= 8);
        QVERIFY(data.worstFailure);
        QVERIFY(std::all_of(data.worstFailure->rackState.begin(),
                            data.worstFailure->rackState.end(),
                            [](int state) { return state == 2; }));

        auto result = runReport(*design);
        QVERIFY(result.ok());
        QTemporaryDir dir;
        const QString text = pdfText(*result, dir);
        QVERIFY(text.contains(QStringLiteral("8 Failure domains")));
        QVERIFY(text.contains(QStringLiteral("(11 domains)")));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("row:R1\\s+64\\s"))));
        QVERIFY(text.contains(QRegularExpression(QStringLiteral("feed:A\\s+0\\s+0\\s+\\d+"))));
    }

    void cablingAndBomTotalsComeFromTheirExporters()
    {
        if (!havePoppler())
            QSKIP("pdftotext not found: install Debian's poppler-utils (scripts/deps.sh)");
        const Catalog &catalog = Catalog::builtin();
        auto design = buildDgx8H100Ndr(catalog);
        QVERIFY(design.ok());
        const report::ReportData data = report::gatherReportData(*design, catalog, kDate);
        QVERIFY(data.cabling.has_value());
        QVERIFY(data.bom.has_value());
        // The design's links are the cabling plan's links (168 as `info` printed).
        QCOMPARE(data.cabling->total.links, 168);
        auto result = runReport(*design);
        QVERIFY(result.ok());
        QTemporaryDir dir;
        const QString text = pdfText(*result, dir);
        QVERIFY(hasPair(text, QStringLiteral("Links"), QStringLiteral("168")));
        QVERIFY(hasPair(text, QStringLiteral("Optics (transceivers)"),
                        QString::number(data.cabling->total.transceivers)));
        QVERIFY(hasPair(text, QStringLiteral("Grand total"),
                        grouped(data.bom->grandTotalUsd, 0) + QStringLiteral(" USD")));
    }

    void rackFiguresAgreeWithThePowerRules()
    {
        // Drop rack A01 of the 8-DGX reference to one 16 A PDU per feed: 400 x 16 x sqrt 3 x
        // 0.8 = 8.87 kW per feed by hand, below its four DGX H100 (4 x 10.2 kW = 40.8 kW).
        const Catalog &catalog = Catalog::builtin();
        auto built = buildDgx8H100Ndr(catalog);
        QVERIFY(built.ok());
        Design design = std::move(built).value();
        std::optional<Rack> a01;
        for (const Rack &rack : design.racks())
            if (rack.name == "A01")
                a01 = rack;
        QVERIFY(a01);
        a01->pdus = { { "A0", Feed::A, "", 3, 400, 16 }, { "B0", Feed::B, "", 3, 400, 16 } };
        const RackId changed = a01->id;
        design.updateRack(*a01);
        const report::ReportData data = report::gatherReportData(design, catalog, kDate);
        const ValidationResult validation = validateDesign(design, catalog, kDate);
        int flaggedByReport = 0;
        for (const report::RackFigures &rack : data.racks) {
            const bool overInReport = rack.loadKw > rack.failoverCapacityKw;
            bool flaggedByRule = false;
            for (const Violation &violation : validation.violations)
                if (violation.ruleKey == "power.rack-over-feed" && !violation.entities.empty()
                    && violation.entities.front().id == rack.id.value)
                    flaggedByRule = true;
            QCOMPARE(overInReport, flaggedByRule);
            flaggedByReport += overInReport ? 1 : 0;
            if (rack.id == changed) {
                QVERIFY(std::abs(rack.feedA.capacityKw - 8.868) < 0.001);
                QVERIFY(std::abs(rack.feedB.capacityKw - 8.868) < 0.001);
                QVERIFY(std::abs(rack.feedA.failoverLoadPct - rack.loadKw / 8.868 * 100) < 0.05);
            }
        }
        QCOMPARE(flaggedByReport, 1);
        // The per-rack heat split adds up to the rules' site totals (RuleContext::totals).
        double air = 0, liquid = 0;
        for (const report::RackFigures &rack : data.racks) {
            air += rack.airKw;
            liquid += rack.liquidKw;
        }
        QVERIFY(std::abs(air - data.airHeat.kw) < 1e-9);
        QVERIFY(std::abs(liquid - data.liquidHeat.kw) < 1e-9);
        QVERIFY(std::abs(air + liquid - data.summary.itPowerKw) < 1e-9);
    }

    void handMadeEdgeCases()
    {
        // A liquid rack with an in-rack CDU (liquid-cooled part, 1.5 kW) and an air rack with no
        // PDU holding a DGX H100 and a device whose part the catalog does not know.
        const Catalog &catalog = Catalog::builtin();
        Design design;
        design.setName("edge cases");
        const RowId row = design.newId<RowId>();
        design.addRow({ row, "R9", 0, 0, "" });
        const RackId liquid = design.newId<RackId>();
        design.addRack(
            { liquid, "L01", "rack-48u-liquid", row, 0, { { "A0", Feed::A, "", 1, 230, 16 } } });
        const RackId bare = design.newId<RackId>();
        design.addRack({ bare, "X01", "rack-42u-air", row, 1, {} });
        const auto place
            = [&](const char *name, const char *part, RackId rack, int u, DeviceRole role) {
                  Device device;
                  device.id = design.newId<DeviceId>();
                  device.name = name;
                  device.catalogType = part;
                  device.rack = rack;
                  device.uPosition = u;
                  device.role = role;
                  design.addDevice(device);
              };
        place("cdu01", "cdu-inrack-100kw", liquid, 1, DeviceRole::Management);
        place("dgx01", "dgx-h100", bare, 1, DeviceRole::Compute);
        place("mystery01", "no-such-part", bare, 20, DeviceRole::Compute);

        const report::ReportData data = report::gatherReportData(design, catalog, kDate);
        QCOMPARE(data.racks.size(), std::size_t(2));
        const report::RackFigures &l01 = data.racks[0];
        const report::RackFigures &x01 = data.racks[1];
        QCOMPARE(l01.name, std::string("L01"));
        // Single-phase 230 V x 16 A x 0.8 = 2.944 kW on feed A only, no feed B.
        QVERIFY(std::abs(l01.failoverCapacityKw - 2.944) < 1e-9);
        QVERIFY(!l01.feedB.present);
        QVERIFY(std::abs(l01.liquidKw - 1.5) < 1e-9);
        QCOMPARE(data.cdus, 1);
        QCOMPARE(data.cduCapacityKw, 100.0);
        QCOMPARE(data.cduFlowLpm, 150.0);
        // Water for 1.5 kW at 10 K: 1.5 / (4.18 x 10) = 0.035885 kg/s / 997 kg/m3 x 60,000
        // = 2.1596 L/min.
        QVERIFY(data.coolant.has_value());
        QVERIFY(std::abs(data.coolant->litresPerMinute - 2.1596) < 0.0005);
        // No PDU: nothing may be drawn, the rule flags it, the unknown part adds nothing.
        QCOMPARE(x01.failoverCapacityKw, 0.0);
        QCOMPARE(x01.loadKw, 10.2); // DGX H100 maximum 10.2 kW (catalog, ref:nvidia-dgx-h100-ug)
        const ValidationResult validation = validateDesign(design, catalog, kDate);
        QVERIFY(std::any_of(
            validation.violations.begin(), validation.violations.end(), [&](const Violation &v) {
                return v.ruleKey == "power.rack-over-feed" && v.entities.front().id == bare.value;
            }));

        auto result = runReport(design);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().message.c_str());
        // The PDF, the floor plan, one drawing per rack (the two differ: one has no PDU, the
        // other is liquid-cooled), racks/index.csv and racks/devices.csv.
        QCOMPARE(result->files.size(), std::size_t(6));
        if (!havePoppler())
            QSKIP("pdftotext not found: install Debian's poppler-utils (scripts/deps.sh)");
        QTemporaryDir dir;
        const QString text = pdfText(*result, dir);
        QVERIFY(text.contains(QStringLiteral("no PDU")));
        QVERIFY(hasPair(text, QStringLiteral("Coolant flow needed"), QStringLiteral("2.2 L/min")));
        QVERIFY(hasPair(text, QStringLiteral("CDUs in the design"),
                        QStringLiteral("1: 100 kW, 150 L/min")));
    }

    void callersValidationIsPrintedWhenItsDayAgrees()
    {
        // A rack with no PDU holding a DGX H100: power.rack-over-feed, waived through
        // 2025-06-15 (a waiver is good through its expiry day, stale from the next).
        const Catalog &catalog = Catalog::builtin();
        Design design;
        design.setName("waived");
        const RowId row = design.newId<RowId>();
        design.addRow({ row, "R1", 0, 0, "" });
        const RackId rack = design.newId<RackId>();
        design.addRack({ rack, "X01", "rack-42u-air", row, 0, {} });
        Device dgx;
        dgx.id = design.newId<DeviceId>();
        dgx.name = "dgx01";
        dgx.catalogType = "dgx-h100";
        dgx.rack = rack;
        dgx.uPosition = 1;
        dgx.role = DeviceRole::Compute;
        design.addDevice(dgx);
        design.setWaivers({ { "power.rack-over-feed",
                              { rack.value },
                              "feed on order",
                              "ops",
                              "2025-06-01",
                              "2025-06-15" } });

        // The day only decides which waivers have expired.
        QVERIFY(report::validationUsableOn(design, kDate, kDate));
        QVERIFY(report::validationUsableOn(design, "2025-06-16", kDate)); // expired on both
        QVERIFY(!report::validationUsableOn(design, "2025-06-15", kDate)); // in force on the 15th
        QVERIFY(!report::validationUsableOn(design, "", kDate)); // day unknown
        QVERIFY(report::validationUsableOn(Design {}, "2020-01-01", kDate)); // no waivers
        const ValidationResult inForce = validateDesign(design, catalog, "2025-06-10");
        const ValidationResult expired = validateDesign(design, catalog, "2025-06-16");
        QCOMPARE(inForce.waived, 1);
        QCOMPARE(expired.waived, 0);
        QCOMPARE(expired.staleWaivers.size(), std::size_t(1));
        QCOMPARE(expired, validateDesign(design, catalog, kDate));

        // Given, the run is printed as it is (not copied); not given, the report runs the same.
        const report::ReportData given = report::gatherReportData(design, catalog, kDate, &expired);
        QCOMPARE(given.validation.get(), &expired);
        QCOMPARE(*report::gatherReportData(design, catalog, kDate).validation, expired);

        if (!havePoppler())
            QSKIP("pdftotext not found: install Debian's poppler-utils (scripts/deps.sh)");
        // Through the exporter: a run marked with 1234 warnings is printed when its day judges
        // the waiver as the cover's day does, and the report validates again when it does not.
        ValidationResult marked = inForce;
        marked.warnings = 1234;
        const auto exporter = exporters::makeReportExporter();
        const auto coverFor = [&](const std::string &date, const std::string &validatedOn) {
            auto result = exporter->run(
                { design, catalog, { { "report.date", date } }, &marked, validatedOn });
            QTemporaryDir dir;
            return result.ok() ? pdfText(*result, dir) : QString();
        };
        const QString used = coverFor("2025-06-12", "2025-06-10");
        QVERIFY(hasPair(used, QStringLiteral("Open violations"),
                        QStringLiteral("0 errors, 1234 warnings, 0 infos")));
        QVERIFY(hasPair(used, QStringLiteral("Waived violations"), QStringLiteral("1")));
        const QString own = coverFor(kDate, "2025-06-10");
        QVERIFY(!own.contains(QStringLiteral("1234 warnings")));
        QVERIFY(hasPair(own, QStringLiteral("Open violations"),
                        QStringLiteral("%1 errors, %2 warnings, %3 infos")
                            .arg(expired.errors)
                            .arg(expired.warnings)
                            .arg(expired.infos)));
        QVERIFY(hasPair(own, QStringLiteral("Waived violations"), QStringLiteral("0")));
    }

    void weightsWithoutCatalogWeightAreLowerBounds()
    {
        const Catalog &catalog = Catalog::builtin();
        auto built = referenceDesigns()[0].build(catalog);
        QVERIFY(built.ok());
        Design design = *built;
        const report::ReportData before = report::gatherReportData(design, catalog, kDate);
        QCOMPARE(before.unweighedDevices, 0);
        // Two nodes become DGX B300s, whose catalog part has no weight: the total loses their
        // former weight and says that two devices are not counted.
        double formerKg = 0;
        int retyped = 0;
        for (const Device &device :
             std::vector<Device>(design.devices().begin(), design.devices().end())) {
            if (device.role != DeviceRole::Compute || retyped == 2)
                continue;
            formerKg += catalog.find(device.catalogType)->weightKg;
            Device b300 = device;
            b300.catalogType = "dgx-b300";
            design.updateDevice(b300);
            ++retyped;
        }
        QCOMPARE(retyped, 2);
        const report::ReportData after = report::gatherReportData(design, catalog, kDate);
        QCOMPARE(after.unweighedDevices, 2);
        QCOMPARE(after.unweighedParts, std::vector<std::string> { "dgx-b300" });
        QVERIFY(std::abs(after.totalWeightKg - (before.totalWeightKg - formerKg)) < 1e-9);
        if (!havePoppler())
            return;
        auto result = runReport(design);
        QVERIFY(result.ok());
        QTemporaryDir dir;
        const QString text = pdfText(*result, dir).simplified();
        QVERIFY2(hasPair(text, QStringLiteral("Devices without a weight"),
                         QStringLiteral("2 (dgx-b300): not counted above")),
                 qPrintable(text.mid(text.indexOf(QStringLiteral("Total weight")), 400)));
        const QString total = grouped(after.totalWeightKg, 0);
        QVERIFY(hasPair(text, QStringLiteral("Total weight"),
                        "at least " + total + " kg (equipment and cabinets)"));
        QVERIFY(hasPair(text, QStringLiteral("Floor load per rack footprint"),
                        grouped(after.maxFloorLoadKgPerM2, 0)
                            + " kg/m2 in the heaviest rack counted (rack "
                            + QString::fromStdString(after.heaviestRack) + ")"));
    }

    void emptyDesign()
    {
        Design design;
        auto result = runReport(design);
        QVERIFY(result.ok());
        QCOMPARE(result->files.size(), std::size_t(2)); // the PDF and an empty floor plan
    }

    void sameInputsSameBytes()
    {
        auto design = buildDgx8H100Ndr(Catalog::builtin());
        QVERIFY(design.ok());
        auto first = runReport(*design);
        auto second = runReport(*design);
        QVERIFY(first.ok() && second.ok());
        QCOMPARE(first->files.size(), second->files.size());
        for (std::size_t i = 0; i < first->files.size(); ++i) {
            QCOMPARE(first->files[i].path, second->files[i].path);
            QVERIFY2(exporters::fileBytes(first->files[i]).value()
                         == exporters::fileBytes(second->files[i]).value(),
                     first->files[i].path.c_str());
        }
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"

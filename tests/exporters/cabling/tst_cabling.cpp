// Cabling plan: one row per link for the reference designs and a generated SuperPOD (1 SU),
// each link once, summary counts adding up, RFC 4180 quoting, labels, determinism, and the
// XLSX twins opened by LibreOffice. The optics modules per cage: tst_cabling_modules.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/cabling/CablingFiles.h"
#include "exporters/cabling/Csv.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/quantities/CablePlan.h"
#include "tests/exporters/cabling/CablingDesigns.h"
#include "tests/exporters/cabling/CsvReader.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>

#include <set>
#include <tuple>

using namespace cw;
using test::catalog;
using test::designNamed;

namespace {

int endRank(const Design &design, DeviceId id)
{
    const Device *device = design.device(id);
    if (device->role != DeviceRole::Switch)
        return -1;
    return device->tier >= 0 ? device->tier : 1000;
}

std::map<std::string, std::string> runExporter(const Design &design)
{
    auto exporter = exporters::makeCablingExporter();
    auto result = exporter->run(exporters::ExportRequest { design, catalog(), {} });
    if (!result)
        qFatal("cabling export: %s", result.error().message.c_str());
    std::map<std::string, std::string> files;
    for (const auto &file : result->files) {
        auto bytes = exporters::fileBytes(file); // streamed: collected as the writer would
        if (!bytes)
            qFatal("cabling export: %s", bytes.error().message.c_str());
        files[file.path] = std::move(bytes).value();
    }
    return files;
}

} // namespace

class TestCabling : public QObject
{
    Q_OBJECT

private slots:
    void csvQuoting()
    {
        // RFC 4180 §2 rules 6 and 7: fields with commas, quotes or line breaks are enclosed
        // in double quotes and an embedded quote is doubled; other fields are left alone.
        namespace csv = exporters::csv;
        QCOMPARE(csv::field("gpu001"), std::string("gpu001"));
        QCOMPARE(csv::field("a,b"), std::string("\"a,b\""));
        QCOMPARE(csv::field("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csv::field("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(csv::field(""), std::string(""));
        QCOMPARE(csv::line({ "a", "b,c", "" }), std::string("a,\"b,c\",\r\n")); // rule 1: CRLF
        QCOMPARE(csv::number(2.5), std::string("2.5"));
        QCOMPARE(csv::number(3.0), std::string("3"));
        QCOMPARE(csv::number(-0.0001), std::string("0"));
        QCOMPARE(csv::usd(1234.5), std::string("1234.50"));
    }

    void lengthBins_data()
    {
        QTest::addColumn<double>("lengthM");
        QTest::addColumn<QString>("bin");
        // Upper edge included: a 2 m DAC is in "1-2", the longest passive DAC bin
        // (ref:nvidia-linkx-specs).
        QTest::newRow("0.5") << 0.5 << "0-1";
        QTest::newRow("1") << 1.0 << "0-1";
        QTest::newRow("1.01") << 1.01 << "1-2";
        QTest::newRow("2") << 2.0 << "1-2";
        QTest::newRow("2.5") << 2.5 << "2-3";
        QTest::newRow("4") << 4.0 << "3-5";
        QTest::newRow("50") << 50.0 << "30-50";
        QTest::newRow("100") << 100.0 << "50-100";
        QTest::newRow("101") << 101.0 << "100+";
    }
    void lengthBins()
    {
        QFETCH(double, lengthM);
        QFETCH(QString, bin);
        QCOMPARE(QString::fromStdString(cabling::lengthBin(lengthM)), bin);
    }

    void rowsEqualLinks_data()
    {
        QTest::addColumn<QString>("design");
        QTest::addColumn<int>("links");
        QTest::addColumn<QString>("computeFabric");
        QTest::addColumn<int>("computeLinks");
        // Counted by hand from model/examples/ReferenceDesigns.cpp:
        // seed: 8 nodes + MDS + 4 OSS on the HDR switch = 13; management: 8 + head + 5 = 14.
        QTest::newRow("seed") << "seed" << 27 << "compute-hdr" << 13;
        // dgx8: 8 x 8 rails + 2 leaves x 2 spines x 16 = 128 compute; storage: 8 DGX x 2 +
        // MDS 2 + 4 OSS x 2 = 26; management: 8 + head + 5 = 14.
        QTest::newRow("dgx8") << "dgx8" << 168 << "compute-ndr" << 128;
        // SuperPOD 1 SU: 252 node+UFM cables and 256 spine-leaf cables (RA table,
        // ref:nvidia-superpod-h100-ra); the total includes the storage and management fabrics.
        QTest::newRow("superpod") << "superpod" << -1 << "compute-ib" << 252 + 256;
    }
    void rowsEqualLinks()
    {
        QFETCH(QString, design);
        QFETCH(int, links);
        QFETCH(QString, computeFabric);
        QFETCH(int, computeLinks);
        const Design d = designNamed(design);
        if (links < 0)
            links = static_cast<int>(d.links().size());
        QCOMPARE(static_cast<int>(d.links().size()), links);

        auto plan = cabling::buildCablePlan(d, catalog());
        QVERIFY2(plan, plan ? "" : plan.error().message.c_str());
        QCOMPARE(static_cast<int>(plan->rows.size()), links);
        QVERIFY2(plan->notes.empty(), plan->notes.empty() ? "" : plan->notes.front().c_str());

        // Each link exactly once, and every (cable id, leg) distinct: the legs of a twin-port
        // cable share its id.
        std::set<std::uint64_t> seen;
        std::set<std::pair<std::string, int>> legs;
        std::set<std::string> ids;
        int onCompute = 0;
        for (const auto &row : plan->rows) {
            QVERIFY(seen.insert(row.link.value).second);
            QVERIFY(legs.insert({ row.cableId, row.leg }).second);
            QVERIFY(row.leg >= 1 && row.leg <= row.legs && row.legs <= row.linksPerCable);
            ids.insert(row.cableId);
            onCompute += row.fabric == computeFabric.toStdString() ? 1 : 0;
            // A is the host side or the lower switch tier.
            QVERIFY(endRank(d, row.a.deviceId) <= endRank(d, row.z.deviceId));
            QVERIFY(row.lengthM > 0);
            QVERIFY(row.speedGbps > 0);
        }
        for (const Link &link : d.links())
            QVERIFY(seen.count(link.id.value) == 1);
        QCOMPARE(onCompute, computeLinks);

        // The summary adds up: every link in one medium/bin cell, totals equal the sums.
        int summaryLinks = 0, summaryCables = 0, summaryTransceivers = 0;
        double summaryPowerW = 0;
        for (const auto &row : plan->summary) {
            summaryLinks += row.links;
            summaryCables += row.cables;
            summaryTransceivers += row.transceivers;
            summaryPowerW += row.activePowerW;
        }
        QCOMPARE(summaryLinks, links);
        QCOMPARE(plan->total.links, links);
        QCOMPARE(plan->total.cables, summaryCables);
        QCOMPARE(plan->total.transceivers, summaryTransceivers);
        QCOMPARE(plan->total.activePowerW, summaryPowerW);

        // The files: the column names first (no comment line: spreadsheets and pandas would
        // take it for the header), one record per link; the provenance is a file of its own.
        const auto files = runExporter(d);
        QCOMPARE(files.size(), std::size_t(6));
        const test::CsvTable cables = test::readCsv(files.at("cabling.csv"));
        QVERIFY(cables.wellFormed);
        QVERIFY(cables.comment.empty());
        QVERIFY(files.at("cabling.csv").rfind("cable_id,leg,fabric,", 0) == 0);
        QVERIFY(files.at("labels.csv").rfind("cable_id,fabric,legs,", 0) == 0);
        QVERIFY(files.at("cabling-summary.csv").rfind("medium,length_bin_m,", 0) == 0);
        QVERIFY(QString::fromStdString(files.at("cabling-provenance.txt"))
                    .startsWith("Cabling plan for design"));
        QCOMPARE(static_cast<int>(cables.records.size()), links + 1);
        const int idColumn = test::column(cables, "cable_id");
        const int legColumn = test::column(cables, "leg");
        const int lengthColumn = test::column(cables, "length_m");
        QVERIFY(idColumn == 0 && legColumn == 1 && lengthColumn > 0);
        std::set<std::pair<std::string, int>> fileLegs;
        for (std::size_t r = 1; r < cables.records.size(); ++r) {
            QCOMPARE(cables.records[r].size(), cables.records[0].size());
            fileLegs.insert({ cables.records[r][static_cast<std::size_t>(idColumn)],
                              std::stoi(cables.records[r][static_cast<std::size_t>(legColumn)]) });
        }
        QCOMPARE(fileLegs, legs);

        const test::CsvTable summary = test::readCsv(files.at("cabling-summary.csv"));
        QVERIFY(summary.wellFormed);
        const auto &totalRow = summary.records.back();
        QCOMPARE(totalRow.at(0), std::string("all"));
        QCOMPARE(std::stoi(totalRow.at(2)), links);
        int fileLinks = 0;
        for (std::size_t r = 1; r + 1 < summary.records.size(); ++r)
            fileLinks += std::stoi(summary.records[r].at(2));
        QCOMPARE(fileLinks, links);

        // labels.csv: one label per physical cable, as many as the summary's cables.
        const test::CsvTable labels = test::readCsv(files.at("labels.csv"));
        QCOMPARE(static_cast<int>(labels.records.size()), static_cast<int>(ids.size()) + 1);
        QCOMPARE(static_cast<int>(ids.size()), plan->total.cables);
    }

    void twinLegsShareOneCable()
    {
        // dgx8: every copper twin-port or splitter link (acc/dac/aoc parts with 2 links per
        // cable) is a leg of a cable whose other leg ends in the same twin-port cage of the
        // same switch (ports p2k+1 and p2k+2, leg 1 on the lower port), and the cable id is
        // that of leg 1's link. SR4 optics: one fibre per link, links_per_cable 1.
        // Physical cables by hand: 168 links = 4 SR4 fibres + 14 RJ45 patch cables + 150
        // twin legs (every other link is a twin-port or splitter part) = 4 + 14 + 75 = 93.
        const Design d = designNamed("dgx8");
        auto plan = cabling::buildCablePlan(d, catalog());
        QVERIFY(plan);
        std::map<std::string, std::vector<const cabling::CableRow *>> byCable;
        int twinLegs = 0, optics = 0, singles = 0;
        for (const auto &row : plan->rows) {
            byCable[row.cableId].push_back(&row);
            if (row.medium == "sr4") {
                ++optics;
                QCOMPARE(row.linksPerCable, 1);
                QCOMPARE(row.legs, 1);
            } else if (row.linksPerCable == 2) {
                ++twinLegs;
            } else {
                ++singles;
            }
        }
        QCOMPARE(optics, 4);
        QCOMPARE(singles, 14);
        QCOMPARE(twinLegs, 150);
        QCOMPARE(byCable.size(), std::size_t(93));
        QCOMPARE(plan->total.cables, 93);
        for (const auto &[id, rows] : byCable) {
            if (rows.front()->linksPerCable != 2) {
                QCOMPARE(rows.size(), std::size_t(1));
                QCOMPARE(id, rows.front()->cableId);
                continue;
            }
            QCOMPARE(rows.size(), std::size_t(2));
            const cabling::CableRow *leg1 = rows[0]->leg == 1 ? rows[0] : rows[1];
            const cabling::CableRow *leg2 = rows[0]->leg == 1 ? rows[1] : rows[0];
            QCOMPARE(leg2->leg, 2);
            QCOMPARE(leg1->z.device, leg2->z.device);
            QCOMPARE(leg1->catalogPart, leg2->catalogPart);
            QCOMPARE(leg1->lengthM, leg2->lengthM);
            // Switch ports p1..p64 sit at indices 0..63; a cage holds 2k and 2k+1.
            QCOMPARE(leg1->z.portIndex / 2, leg2->z.portIndex / 2);
            QCOMPARE(leg1->z.portIndex + 1, leg2->z.portIndex);
            QCOMPARE(id,
                     "C" + QString::number(leg1->link.value).rightJustified(5, '0').toStdString());
        }

        // The files: cabling.csv keeps one row per link with the shared id and a leg number;
        // labels.csv has one label per cable naming both legs' ports.
        const auto files = runExporter(d);
        const test::CsvTable table = test::readCsv(files.at("cabling.csv"));
        const int perCable = test::column(table, "links_per_cable");
        const int medium = test::column(table, "medium");
        for (std::size_t r = 1; r < table.records.size(); ++r)
            if (table.records[r][static_cast<std::size_t>(medium)] == "sr4")
                QCOMPARE(table.records[r][static_cast<std::size_t>(perCable)], std::string("1"));
        const test::CsvTable labels = test::readCsv(files.at("labels.csv"));
        QCOMPARE(labels.records.size(), std::size_t(93 + 1));
        QCOMPARE(labels.records[0],
                 (std::vector<std::string> { "cable_id", "fabric", "legs", "a_label", "z_label" }));
        int twoLegLabels = 0;
        for (std::size_t r = 1; r < labels.records.size(); ++r)
            twoLegLabels += labels.records[r][2] == "2" ? 1 : 0;
        QCOMPARE(twoLegLabels, 75);
    }

    void twinPortCounts()
    {
        // dgx8, racks A01 and A02 side by side (42U, 0.6 m wide, tray 0.6 m, slack 1 m).
        // Lengths by hand with the tray route of model/build/CableChooser.h, 1U = 44.45 mm:
        //  leaf01 (A01 U33) -> spine01 (A02 U33): 9U x 0.04445 + 0.6 up, 0.6 along, the same
        //  down, 1 slack = 3.6 m: beyond passive DAC (3 m), so the twin-port ACC
        //  acc-ndr-800g-twin (4-5 m, 2 links per cable, 1.5 W per end; ref:nvidia-linkx-specs),
        //  ordered at 4 m.
        //  dgx05 (A02 U1) -> leaf01 (A01 U33): 41U x 0.04445 + 0.6 + 0.6 + 1.0 + 1 = 5.02 m:
        //  beyond ACC's 5 m, so twin-port SR4 optics (mma4z00-ns, 15 W, 2 links per module),
        //  fibre cut to 6 m.
        const Design d = designNamed("dgx8");
        auto plan = cabling::buildCablePlan(d, catalog());
        QVERIFY(plan);
        int leafSpine = 0, dgx05Optics = 0;
        for (const auto &row : plan->rows) {
            const Device *a = d.device(row.a.deviceId);
            const Device *z = d.device(row.z.deviceId);
            if (a->role == DeviceRole::Switch && a->tier == 0 && z->tier == 1) {
                ++leafSpine;
                QCOMPARE(row.catalogPart, std::string("acc-ndr-800g-twin"));
                QCOMPARE(row.lengthM, 4.0);
                QCOMPARE(row.linksPerCable, 2);
            }
            if (row.a.device == "dgx05" && row.z.device == "leaf01") {
                ++dgx05Optics;
                QCOMPARE(row.catalogPart, std::string("mma4z00-ns"));
                QCOMPARE(row.medium, std::string("sr4"));
                QCOMPARE(row.lengthM, 6.0);
            }
        }
        QCOMPARE(leafSpine, 64);
        QCOMPARE(dgx05Optics, 4); // rails 0-3 of dgx05 go to leaf01

        // Physical items per (part, length) group, counted by hand from the rows above:
        // a twin-port cable carries 2 links, so links / 2 cables, 2 active ends each; an
        // optics link needs half a twin-port module at each end and one fibre.
        for (const auto &group : plan->groups) {
            int links = 0;
            for (const auto &row : plan->rows)
                links
                    += row.catalogPart == group.catalogPart && row.lengthM == group.lengthM ? 1 : 0;
            QCOMPARE(group.links, links);
            if (group.catalogPart == "acc-ndr-800g-twin") {
                QCOMPARE(group.cables, (links + 1) / 2);
                QCOMPARE(group.transceivers, 0);
                QCOMPARE(group.activePowerW, group.cables * 2 * 1.5);
            }
            if (group.catalogPart == "mma4z00-ns") {
                QCOMPARE(group.links, 4);
                QCOMPARE(group.cables, 4); // fibres
                // dgx05 mlx5_0/3 and mlx5_4/5 fill 2 OSFP-twin cages, leaf01 p17-p20 fill 2:
                // 4 twin modules, 15 W each (was 2 x 4 links / 2 per module, also 4).
                QCOMPARE(group.transceivers, 4);
                QCOMPARE(group.activePowerW, 60.0);
            }
        }
    }

    void quotingInFile()
    {
        // A hostname with a comma, quotes and a line break survives the round trip.
        Design d = designNamed("seed");
        Device device = *d.devices().begin();
        const std::string tricky = "gpu,\"odd\"\nname";
        device.name = tricky;
        d.updateDevice(device);
        const auto files = runExporter(d);
        const test::CsvTable table = test::readCsv(files.at("cabling.csv"));
        QVERIFY(table.wellFormed);
        const int a = test::column(table, "a_device");
        const int z = test::column(table, "z_device");
        int found = 0;
        for (std::size_t r = 1; r < table.records.size(); ++r) {
            QCOMPARE(table.records[r].size(), table.records[0].size());
            found += table.records[r][static_cast<std::size_t>(a)] == tricky ? 1 : 0;
            found += table.records[r][static_cast<std::size_t>(z)] == tricky ? 1 : 0;
        }
        // The first device of the seed design has one link per port it uses (>= 1).
        QVERIFY(found >= 1);
        QCOMPARE(found, static_cast<int>(d.linksOfDevice(device.id).size()));
    }

    void missingCableIsKept()
    {
        Design d = designNamed("seed");
        Link first = *d.links().begin();
        first.cableType.clear();
        d.updateLink(first);
        Link second = *std::next(d.links().begin());
        second.cableType = "no-such-cable";
        d.updateLink(second);
        auto plan = cabling::buildCablePlan(d, catalog());
        QVERIFY(plan);
        QCOMPARE(plan->rows.size(), d.links().size());
        int none = 0, unknown = 0;
        for (const auto &row : plan->rows) {
            none += row.medium == "none" ? 1 : 0;
            unknown += row.medium == "unknown" ? 1 : 0;
        }
        QCOMPARE(none, 1);
        QCOMPARE(unknown, 1);
        QCOMPARE(plan->notes.size(), std::size_t(2));
        const std::string id
            = "C" + QString::number(first.id.value).rightJustified(5, '0').toStdString();
        QVERIFY(QString::fromStdString(plan->notes[0]).contains(QString::fromStdString(id)));
        QVERIFY(QString::fromStdString(plan->notes[1]).contains("no-such-cable"));
    }

    void planLinksCarryTheRowsText()
    {
        // The exporters write from CablePlanDetail::Links (no strings per row); the text they
        // format must be the rows' own, field by field, twin legs and odd links included:
        // dgx8 has 150 twin legs (75 of them leg 2, see twinLegsShareOneCable) and the seed
        // design gets one link without a cable ("none") and one unknown part ("unknown",
        // part number = the cable type).
        Design seed = designNamed("seed");
        Link first = *seed.links().begin();
        first.cableType.clear();
        seed.updateLink(first);
        Link second = *std::next(seed.links().begin());
        second.cableType = "no-such-cable";
        seed.updateLink(second);
        const Design dgx8 = designNamed("dgx8");
        for (const Design *design : std::initializer_list<const Design *> { &dgx8, &seed }) {
            const Design &d = *design;
            auto rows = cabling::buildCablePlan(d, catalog());
            auto links = cabling::buildCablePlan(d, catalog(), cabling::CablePlanDetail::Links);
            QVERIFY(rows && links);
            QVERIFY(links->rows.empty());
            QCOMPARE(links->links.size(), rows->rows.size());
            QCOMPARE(links->total.cables, rows->total.cables);
            QVERIFY(links->notes == rows->notes);
            int secondLegs = 0;
            std::string scratch;
            char id[24];
            namespace text = cabling::linktext;
            for (std::size_t i = 0; i < rows->rows.size(); ++i) {
                const cabling::CableRow &row = rows->rows[i];
                const cabling::PlanLink &link = links->links[i];
                secondLegs += link.leg == 2 ? 1 : 0;
                QCOMPARE(link.link->id.value, row.link.value);
                QCOMPARE(std::string(text::cableId(link.cableLink, id)), row.cableId);
                QCOMPARE(link.leg, row.leg);
                QCOMPARE(link.legs, row.legs);
                QCOMPARE(std::string(text::fabric(link)), row.fabric);
                QCOMPARE(std::string(text::medium(link)), row.medium);
                QCOMPARE(std::string(text::partNumber(link)), row.partNumber);
                QCOMPARE(std::string(text::catalogPart(link)), row.catalogPart);
                QCOMPARE(text::lengthM(link), row.lengthM);
                QCOMPARE(link.speedGbps, row.speedGbps);
                QCOMPARE(link.linksPerCable, row.linksPerCable);
                for (const auto &[place, port, end] : { std::tuple(link.a, link.portA, &row.a),
                                                        std::tuple(link.z, link.portZ, &row.z) }) {
                    QCOMPARE(std::string(place->row), end->row);
                    QCOMPARE(std::string(place->rack), end->rack);
                    QCOMPARE(text::u(*place), end->u);
                    QCOMPARE(std::string(text::device(*place)), end->device);
                    QCOMPARE(std::string(text::port(*place, port, scratch)), end->port);
                }
            }
            if (design == &dgx8)
                QCOMPARE(secondLegs, 75);
        }
    }

    void labelText()
    {
        cabling::CableRow row;
        row.cableId = "C00042";
        row.fabric = "compute";
        row.a = { DeviceId { 7 }, "R01", "C0001", 12, "gpu001", 0, "mlx5_0" };
        row.z = { DeviceId { 9 }, "R02", "N001", 40, "leaf01", 2, "p3" };
        QCOMPARE(cabling::labelText(row, true),
                 std::string("C00042 compute | C0001 U12 gpu001 mlx5_0 > N001 U40 leaf01 p3"));
        QCOMPARE(cabling::labelText(row, false),
                 std::string("C00042 compute | N001 U40 leaf01 p3 > C0001 U12 gpu001 mlx5_0"));
    }

    void twinLabelText()
    {
        cabling::CableRow first;
        first.cableId = "C00027";
        first.fabric = "compute";
        first.a = { DeviceId { 7 }, "R1", "A01", 1, "dgx01", 0, "mlx5_0" };
        first.z = { DeviceId { 9 }, "R1", "A01", 33, "leaf01", 0, "p1" };
        first.leg = 1;
        cabling::CableRow second = first;
        second.a.port = "mlx5_3";
        second.z.port = "p2";
        second.leg = 2;
        const cabling::PhysicalCable cable { "C00027", "compute", { &first, &second } };
        QCOMPARE(cabling::labelText(cable, true),
                 std::string("C00027 compute | A01 U1 dgx01 mlx5_0/mlx5_3 > A01 U33 leaf01 p1/p2"));
        QCOMPARE(cabling::labelText(cable, false),
                 std::string("C00027 compute | A01 U33 leaf01 p1/p2 > A01 U1 dgx01 mlx5_0/mlx5_3"));
        // A splitter to two hosts: the hosts' ends joined with " + ".
        second.a = { DeviceId { 8 }, "R1", "A01", 9, "dgx02", 0, "mlx5_0" };
        QCOMPARE(cabling::labelText(cable, true),
                 std::string("C00027 compute | A01 U1 dgx01 mlx5_0 + A01 U9 dgx02 mlx5_0 > A01 "
                             "U33 leaf01 p1/p2"));
    }

    void libreOfficeOpensTheWorkbooks()
    {
        // LibreOffice (headless) converts cabling.xlsx and labels.xlsx back to CSV: the cells
        // must equal cabling.csv and labels.csv record for record (numbers included, header
        // row first). Python's zipfile then reads the sheet XML for the frozen header row,
        // the autofilter over the whole table and the column widths.
        QString office = QStandardPaths::findExecutable("soffice");
        if (office.isEmpty())
            QSKIP("soffice not on PATH (Debian: libreoffice-calc-nogui)");
        const Design d = designNamed("dgx8");
        const auto files = runExporter(d);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const char *name : { "cabling.xlsx", "labels.xlsx" }) {
            QFile out(dir.filePath(name));
            QVERIFY(out.open(QIODevice::WriteOnly));
            const std::string &bytes = files.at(name);
            out.write(bytes.data(), static_cast<qint64>(bytes.size()));
        }
        QDir(dir.path()).mkdir("csv");
        QProcess process;
        process.start(
            office,
            { "-env:UserInstallation=" + QUrl::fromLocalFile(dir.filePath("profile")).toString(),
              "--headless", "--norestore", "--convert-to", "csv", "--outdir", dir.filePath("csv"),
              dir.filePath("cabling.xlsx"), dir.filePath("labels.xlsx") });
        QVERIFY2(process.waitForFinished(300000), "LibreOffice did not finish within 300 s");
        for (const std::string stem : { "cabling", "labels" }) {
            QFile converted(dir.filePath(QString::fromStdString("csv/" + stem + ".csv")));
            QVERIFY2(converted.open(QIODevice::ReadOnly),
                     qPrintable("no CSV from LibreOffice: " + process.readAllStandardError()));
            const test::CsvTable fromOffice = test::readCsv(converted.readAll().toStdString());
            const test::CsvTable ours = test::readCsv(files.at(stem + ".csv"));
            QVERIFY(fromOffice.wellFormed && ours.wellFormed);
            QCOMPARE(fromOffice.records.size(), ours.records.size());
            QCOMPARE(fromOffice.records, ours.records);
        }
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("python3 not on PATH: sheet layout not read");
        // dgx8: 168 links (twinLegsShareOneCable) + header = rows 1..169, 19 columns A..S;
        // 93 cables + header = 94 label rows, 5 columns A..E.
        const char *script
            = "import sys, zipfile, re\n"
              "x = zipfile.ZipFile(sys.argv[1]).read('xl/worksheets/sheet1.xml').decode()\n"
              "p = re.search(r'<pane [^>]*>', x).group(0)\n"
              "print('frozen' if 'ySplit=\"1\"' in p and 'state=\"frozen\"' in p else 'no')\n"
              "print(re.search(r'<autoFilter ref=\"([^\"]+)\"', x).group(1))\n"
              "print(len(re.findall(r'<col ', x)))\n";
        const std::vector<std::pair<QString, QString>> expected
            = { { "cabling.xlsx", "frozen\nA1:S169\n19\n" },
                { "labels.xlsx", "frozen\nA1:E94\n5\n" } };
        for (const auto &[name, layout] : expected) {
            QProcess reader;
            reader.start(python, { "-c", script, dir.filePath(name) });
            QVERIFY(reader.waitForFinished(30000));
            QCOMPARE(QString::fromUtf8(reader.readAllStandardOutput()), layout);
        }
    }

    void deterministic()
    {
        const Design d = designNamed("superpod");
        QCOMPARE(runExporter(d), runExporter(d));
        const Design again = designNamed("superpod");
        QCOMPARE(runExporter(again), runExporter(d));
    }
};

QTEST_GUILESS_MAIN(TestCabling)
#include "tst_cabling.moc"

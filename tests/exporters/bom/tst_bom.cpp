// Bill of materials: quantities equal the design's counts (model/summary, as `info` prints
// them), prices extended and totalled (one category worked by hand), spares by the policy
// worked by hand, an unpriced part kept at 0 with a note, bom.xlsx a valid zip that
// LibreOffice opens with the same grand total, procurement checklist figures, determinism.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/bom/BomFiles.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/quantities/BillOfMaterials.h"
#include "model/summary/DesignSummary.h"
#include "resources/EmbeddedResources.h"
#include "tests/exporters/bom/ZipDirectory.h"
#include "tests/exporters/cabling/CsvReader.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>

#include <cmath>

using namespace cw;

namespace {

const Catalog &catalog()
{
    return Catalog::builtin();
}

Design designNamed(const QString &name, const Catalog &from = catalog())
{
    if (name == "superpod") {
        auto generated = generateDesign("superpod-h100", { { "sus", "1" } }, from);
        if (!generated)
            qFatal("superpod-h100: %s", generated.error().message.c_str());
        return generated->design;
    }
    auto built = referenceDesigns().at(name == "seed" ? 0 : 1).build(from);
    if (!built)
        qFatal("%s: %s", qPrintable(name), built.error().message.c_str());
    return *built;
}

bom::Bom bomOf(const Design &design, const Catalog &from = catalog(),
               const bom::SparesPolicy &policy = {})
{
    auto computed = bom::computeBom(design, from, policy);
    if (!computed)
        qFatal("computeBom: %s", computed.error().message.c_str());
    return *computed;
}

const bom::BomCategory &category(const bom::Bom &b, const std::string &name)
{
    for (const auto &c : b.categories)
        if (c.name == name)
            return c;
    qFatal("no category %s", name.c_str());
}

int quantityIn(const bom::Bom &b, const std::string &categoryName, bool spare = false)
{
    int quantity = 0;
    for (const auto &line : b.lines)
        if (line.category == categoryName && line.spare == spare)
            quantity += line.quantity;
    return quantity;
}

std::map<std::string, std::string> runExporter(const Design &design,
                                               std::map<std::string, std::string> params = {})
{
    auto result
        = exporters::makeBomExporter()->run(exporters::ExportRequest { design, catalog(), params });
    if (!result)
        qFatal("bom export: %s", result.error().message.c_str());
    std::map<std::string, std::string> files;
    for (const auto &file : result->files)
        files[file.path] = file.bytes;
    return files;
}

/// The built-in catalog with mgmt-48x1g replaced by a copy without a price.
const Catalog &catalogWithUnpricedSwitch()
{
    static const Catalog c = [] {
        Catalog out;
        for (const auto &file : resources::catalogFiles())
            if (!out.addFile(file.name, file.text))
                qFatal("built-in catalog file %s does not load", std::string(file.name).c_str());
        QFile switches(QStringLiteral(CW_SOURCE_DIR "/resources/catalog/switches.json"));
        if (!switches.open(QIODevice::ReadOnly))
            qFatal("cannot read switches.json");
        const QJsonObject root = QJsonDocument::fromJson(switches.readAll()).object();
        QJsonArray parts;
        for (const QJsonValue &value : root.value("parts").toArray()) {
            QJsonObject part = value.toObject();
            if (part.value("id").toString() == "mgmt-48x1g") {
                part["priceUsd"] = 0;
                parts.append(part);
            }
        }
        QJsonObject file = root;
        file["parts"] = parts;
        if (auto added = out.addFile("unpriced.json", QJsonDocument(file).toJson().toStdString());
            !added)
            qFatal("%s", added.error().message.c_str());
        return out;
    }();
    return c;
}

} // namespace

class TestBom : public QObject
{
    Q_OBJECT

private slots:
    void quantitiesMatchSummary_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("seed") << "seed";
        QTest::newRow("dgx8") << "dgx8";
        QTest::newRow("superpod") << "superpod";
    }
    void quantitiesMatchSummary()
    {
        QFETCH(QString, design);
        const Design d = designNamed(design);
        const DesignSummary summary = summarize(d, catalog()); // what `info --json` prints
        const bom::Bom b = bomOf(d);
        QCOMPARE(quantityIn(b, bom::kCompute), summary.nodes + summary.managementServers);
        QCOMPARE(quantityIn(b, bom::kNetwork), summary.switches);
        QCOMPARE(quantityIn(b, bom::kStorage), summary.storageServers);
        QCOMPARE(b.gpus, summary.gpus);
        QCOMPARE(b.usdPerGpu, b.grandTotalUsd / summary.gpus);
        // Device power in the BOM is the summary's IT power (both the parts' maximum).
        const double devicePowerW = category(b, bom::kCompute).powerW
            + category(b, bom::kNetwork).powerW + category(b, bom::kStorage).powerW
            + category(b, bom::kCooling).powerW;
        QVERIFY(std::abs(devicePowerW - summary.itPowerKw * 1000) < 1e-6);

        // Every line extended and every total summed.
        double grand = 0;
        for (const auto &c : b.categories) {
            double sum = 0;
            for (const auto &line : b.lines) {
                QCOMPARE(line.extendedUsd, line.quantity * line.unitPriceUsd);
                QCOMPARE(line.heatW, line.powerW);
                QVERIFY(line.quantity > 0);
                if (line.category == c.name)
                    sum += line.extendedUsd;
            }
            QCOMPARE(c.totalUsd, sum);
            grand += sum;
        }
        QCOMPARE(b.grandTotalUsd, grand);
        QCOMPARE(b.categories.size(), std::size_t(8));
    }

    void seedCategoriesByHand()
    {
        const bom::Bom b = bomOf(designNamed("seed"));
        // racks and power (model/examples/ReferenceDesigns.cpp, resources/catalog):
        // 5 x rack-42u-air at 2 000 USD = 10 000; PDUs pdu-3ph-400v-32a: 4 GPU racks x 2 per
        // feed x 2 feeds + the infrastructure rack's 1 per feed x 2 = 18 at 2 500 = 45 000.
        // Total 55 000 USD; power 18 PDUs x 30 W = 540 W (the racks draw nothing).
        const auto &racks = category(b, bom::kRacksPower);
        QCOMPARE(racks.totalUsd, 55000.0);
        QCOMPARE(racks.powerW, 540.0);
        // compute: 8 x hdr-8x-h100-seed at 270 000 + 1 x mgmt-server-1u at 12 000 = 2 172 000;
        // power 8 x 10 200 W + 800 W = 82 400 W.
        QCOMPARE(category(b, bom::kCompute).totalUsd, 2172000.0);
        QCOMPARE(category(b, bom::kCompute).powerW, 82400.0);
        // storage: lustre-mds 40 000 + 4 x lustre-oss 120 000 = 520 000.
        QCOMPARE(category(b, bom::kStorage).totalUsd, 520000.0);
        // network: qm8700 15 000 + mgmt-48x1g 4 000 = 19 000.
        QCOMPARE(category(b, bom::kNetwork).totalUsd, 19000.0);
        QCOMPARE(category(b, bom::kCooling).totalUsd, 0.0);
    }

    void seedSparesByHand()
    {
        const bom::Bom b = bomOf(designNamed("seed"));
        // Linked host ports (ReferenceDesigns.cpp): 8 nodes x 1 HDR 200G QSFP56 + the MDS's
        // first 200G QSFP56 storage port + the 4 HDR OSS's (lustre-oss-hdr) first 200G QSFP56
        // port = 13 -> ceil(13/16) = 1 spare ConnectX-6 HDR (connectx-6-200g-hdr, the only
        // 200G QSFP56 NIC, 1 200 USD). The generic HGX node takes stock add-in cards.
        // PSUs: 8 nodes x 6 = 48 -> ceil(48/32) = 2; head node 2 -> 1; both unpriced.
        // Cables: every optics-and-cables line holds fewer than 50, so 2 % rounds up to 1.
        int nics = 0, psus = 0, cableSpares = 0;
        double nicUsd = 0;
        std::map<std::string, int> byCatalog;
        for (const auto &line : b.lines) {
            if (!line.spare)
                continue;
            QCOMPARE(line.category, std::string(bom::kSpares));
            QCOMPARE(line.powerW, 0.0);
            if (line.description.rfind("Spare HCA/NIC", 0) == 0) {
                nics += line.quantity;
                nicUsd += line.extendedUsd;
                byCatalog[line.catalogId] += line.quantity;
            } else if (line.partNumber.rfind("PSU-", 0) == 0) {
                psus += line.quantity;
                QCOMPARE(line.unitPriceUsd, 0.0);
            } else {
                cableSpares += line.quantity;
                QCOMPARE(line.quantity, 1);
            }
        }
        QCOMPARE(nics, 1);
        QCOMPARE(nicUsd, 1200.0);
        QCOMPARE(byCatalog, (std::map<std::string, int> { { "connectx-6-200g-hdr", 1 } }));
        QCOMPARE(psus, 3);
        int cableLines = 0;
        for (const auto &line : b.lines)
            cableLines += line.category == bom::kOpticsCables ? 1 : 0;
        QCOMPARE(cableSpares, cableLines);
        QVERIFY(QString::fromStdString(b.notes.front()).contains("one spare HCA/NIC per 16"));
    }

    void builtInNicsAreVendorFrus()
    {
        // dgx8: the DGX H100's compute ports sit on twin-port OSFP cages of the system's
        // network modules ("OSFP-twin"; no catalog NIC has such a port), so its adapters are
        // the vendor's FRUs, not stock PCIe cards: 8 nodes x 8 compute ports = 64 -> ceil(64/16)
        // = 4, and 8 x 2 QSFP112 storage ports = 16 -> 1, both at 0 USD, quote required.
        // The generic storage servers keep add-in cards: 4 OSS x 2 OSFP 400G = 8 -> 1
        // connectx-7-400g; MDS 2 QSFP56 200G -> 1 connectx-6-200g-hdr.
        const bom::Bom b = bomOf(designNamed("dgx8"));
        std::map<std::string, int> spares;
        for (const auto &line : b.lines) {
            if (!line.spare || line.partNumber.rfind("PSU-", 0) == 0
                || line.category != bom::kSpares)
                continue;
            if (line.partNumber.rfind("FRU-NIC-", 0) == 0) {
                QCOMPARE(line.unitPriceUsd, 0.0);
                QVERIFY(line.catalogId.empty());
                QVERIFY(line.description.find("vendor FRU (network module / card)")
                        != std::string::npos);
                QVERIFY(line.remark.find("quote required") != std::string::npos);
                spares[line.partNumber] += line.quantity;
            } else if (line.description.rfind("Spare HCA/NIC", 0) == 0) {
                // Never a stock card standing in for a built-in port.
                QVERIFY2(line.description.find("OSFP-twin") == std::string::npos,
                         line.description.c_str());
                QVERIFY2(line.description.find("QSFP112") == std::string::npos,
                         line.description.c_str());
                spares[line.catalogId] += line.quantity;
            }
        }
        QCOMPARE(spares,
                 (std::map<std::string, int> { { "FRU-NIC-dgx-h100-400G-OSFP-twin", 4 },
                                               { "FRU-NIC-dgx-h100-400G-QSFP112", 1 },
                                               { "connectx-6-200g-hdr", 1 },
                                               { "connectx-7-400g", 1 } }));
    }

    void sparesPolicyParameters()
    {
        // 4 per spare: ceil(13/4) = 4 HDR (13 linked QSFP56 ports, see seedSparesByHand); no
        // cable spares at 0 %.
        bom::SparesPolicy policy;
        policy.hostAdaptersPerSpare = 4;
        policy.cablesOpticsPct = 0;
        policy.psusPerSpare = 0;
        const bom::Bom b = bomOf(designNamed("seed"), catalog(), policy);
        QCOMPARE(quantityIn(b, bom::kSpares, true), 4);
        // 50 %: each dgx8 twin-port ACC line gets ceil(cables / 2) spares. The bought cables
        // per length are the cabling plan's physical cables (two legs each, tst_cabling
        // twinLegsShareOneCable); with the connector-aware cable choice that is 88 links at
        // 4 m = 44 cables -> 22 spares and 20 links at 5 m = 10 cables -> 5 spares.
        policy = {};
        policy.cablesOpticsPct = 50;
        const bom::Bom dgx = bomOf(designNamed("dgx8"), catalog(), policy);
        // (line length -> quantity) of the ACC lines, bought and spare.
        std::map<std::pair<bool, std::string>, int> acc;
        for (const auto &line : dgx.lines) {
            if (line.catalogId != "acc-ndr-800g-twin")
                continue;
            const QString description = QString::fromStdString(line.description);
            const std::string length = description.endsWith(", 4 m") ? "4"
                : description.endsWith(", 5 m")                      ? "5"
                                                                     : "?";
            acc[{ line.spare, length }] += line.quantity;
        }
        QCOMPARE(acc.size(), std::size_t(4));
        QCOMPARE((acc[{ false, "4" }]), 44);
        QCOMPARE((acc[{ false, "5" }]), 10);
        const int spare4m = acc[{ true, "4" }];
        const int spare5m = acc[{ true, "5" }];
        QCOMPARE(spare4m, 22);
        QCOMPARE(spare5m, 5);

        auto bad = exporters::makeBomExporter()->run(exporters::ExportRequest {
            designNamed("seed"), catalog(), { { "spares.nics-per", "many" } } });
        QVERIFY(!bad);
        QVERIFY(QString::fromStdString(bad.error().message).contains("spares.nics-per=many"));
        auto files = runExporter(designNamed("seed"), { { "spares.cables-pct", "0" } });
        QVERIFY(QString::fromStdString(files.at("bom.csv")).contains("no spare cables or optics"));
    }

    void unpricedPartIsListed()
    {
        const Catalog &c = catalogWithUnpricedSwitch();
        const bom::Bom b = bomOf(designNamed("seed", c), c);
        const bom::BomLine *line = nullptr;
        for (const auto &l : b.lines)
            if (l.catalogId == "mgmt-48x1g" && !l.spare)
                line = &l;
        QVERIFY(line);
        QCOMPARE(line->quantity, 1);
        QCOMPARE(line->unitPriceUsd, 0.0);
        QCOMPARE(line->extendedUsd, 0.0);
        QVERIFY(QString::fromStdString(line->remark).contains("quote"));
        // The network total falls by the switch's 4 000 USD; a note names it.
        QCOMPARE(category(b, bom::kNetwork).totalUsd, 15000.0);
        bool noted = false;
        for (const auto &note : b.notes)
            noted = noted
                || (note.find("no catalog price") != std::string::npos
                    && note.find("mgmt-48x1g") != std::string::npos);
        QVERIFY(noted);
    }

    void csvFile()
    {
        const Design d = designNamed("dgx8");
        const bom::Bom b = bomOf(d);
        const std::string text = bom::bomCsv(b);
        // RFC 4180 §2 item 3: the header line first, nothing before it (no `#` comment that a
        // spreadsheet shows as a data row and pandas takes for the header).
        QVERIFY(text.starts_with("row_type,category,part_number,"));
        const test::CsvTable table = test::readCsv(text);
        QVERIFY(table.wellFormed);
        QVERIFY(table.comment.empty());
        // The provenance is a file of its own.
        QVERIFY(QString::fromStdString(bom::bomProvenance(d))
                    .startsWith("Bill of materials for design"));
        const auto &header = table.records.front();
        QCOMPARE(header, bom::bomColumns());
        int items = 0, subtotals = 0;
        double grand = -1;
        std::string lastCategory;
        for (std::size_t r = 1; r < table.records.size(); ++r) {
            const auto &row = table.records[r];
            QCOMPARE(row.size(), header.size());
            if (row[0] == "item") {
                ++items;
                // Quantity x unit price = extended, to the cent, as printed.
                QCOMPARE(std::round(std::stod(row[4]) * std::stod(row[5]) * 100),
                         std::round(std::stod(row[6]) * 100));
            } else if (row[0] == "subtotal") {
                ++subtotals;
                QVERIFY(row[1] != lastCategory); // grouped: one subtotal per category
                lastCategory = row[1];
            } else if (row[0] == "total") {
                grand = std::stod(row[6]);
            }
        }
        QCOMPARE(items, static_cast<int>(b.lines.size()));
        QCOMPARE(subtotals, 8);
        QCOMPARE(std::round(grand * 100), std::round(b.grandTotalUsd * 100));
    }

    void xlsxIsZipWithSheet()
    {
        const Design d = designNamed("dgx8");
        auto first = bom::bomXlsx(d, bomOf(d));
        QVERIFY2(first, first ? "" : first.error().message.c_str());
        QCOMPARE(first->substr(0, 4), std::string("PK\x03\x04", 4));
        const auto entries = test::zipEntries(*first);
        auto has = [&entries](const char *name) {
            return std::find(entries.begin(), entries.end(), name) != entries.end();
        };
        QVERIFY(has("[Content_Types].xml"));
        QVERIFY(has("xl/workbook.xml"));
        QVERIFY(has("xl/worksheets/sheet1.xml"));
        QVERIFY(has("docProps/core.xml"));
        // Same bytes later: the creation time in docProps/core.xml is fixed, and the zip
        // entries' DOS timestamps (2 s resolution) must not follow the clock either.
        QTest::qSleep(2100);
        auto second = bom::bomXlsx(d, bomOf(d));
        QVERIFY(second);
        QVERIFY(*first == *second);
    }

    void libreOfficeRecalculatesTotals()
    {
        QString office = QStandardPaths::findExecutable("libreoffice");
        if (office.isEmpty())
            office = QStandardPaths::findExecutable("soffice");
        if (office.isEmpty())
            QSKIP("libreoffice/soffice not on PATH (Debian: libreoffice-calc-nogui); bom.xlsx not "
                  "opened by LibreOffice in this run");
        const Design d = designNamed("dgx8");
        const bom::Bom b = bomOf(d);
        auto xlsx = bom::bomXlsx(d, b);
        QVERIFY(xlsx);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile out(dir.filePath("bom.xlsx"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(xlsx->data(), static_cast<qint64>(xlsx->size()));
        out.close();
        // A private profile so the test neither needs nor touches the user's LibreOffice.
        // OOXMLRecalcMode 0 = always recalculate on load: LibreOffice then computes every
        // extended price, subtotal and the grand total from the sheet's formulas instead of
        // showing the values stored beside them, so the comparison checks the formulas.
        QVERIFY(QDir().mkpath(dir.filePath("profile/user")));
        QFile settings(dir.filePath("profile/user/registrymodifications.xcu"));
        QVERIFY(settings.open(QIODevice::WriteOnly));
        // (A plain literal: moc in Qt 6.4 does not parse raw strings.)
        settings.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                       "<oor:items xmlns:oor=\"http://openoffice.org/2001/registry\" "
                       "xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
                       "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"
                       "<item oor:path=\"/org.openoffice.Office.Calc/Formula/Load\">"
                       "<prop oor:name=\"OOXMLRecalcMode\" oor:op=\"fuse\"><value>0</value></prop>"
                       "</item>\n</oor:items>\n");
        settings.close();
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(
            office,
            { "-env:UserInstallation=" + QUrl::fromLocalFile(dir.filePath("profile")).toString(),
              "--headless", "--norestore", "--convert-to", "csv", "--outdir", dir.path(),
              dir.filePath("bom.xlsx") });
        QVERIFY2(process.waitForFinished(300000), "LibreOffice did not finish within 300 s");
        QFile converted(dir.filePath("bom.csv"));
        QVERIFY2(converted.open(QIODevice::ReadOnly),
                 qPrintable("no CSV from LibreOffice: " + process.readAllStandardError()));
        const test::CsvTable table = test::readCsv(converted.readAll().toStdString());
        QVERIFY(table.wellFormed);
        auto cents = [](std::string shown) {
            // Whether LibreOffice writes the cell as shown ("#,##0.00") or raw, drop separators.
            shown.erase(std::remove(shown.begin(), shown.end(), ','), shown.end());
            return std::round(std::stod(shown) * 100);
        };
        bool found = false;
        std::size_t subtotal = 0;
        for (const auto &row : table.records) {
            if (row.size() < 7)
                continue;
            if (row[0] == "subtotal") {
                QVERIFY(subtotal < b.categories.size());
                QCOMPARE(row[1], b.categories[subtotal].name);
                QCOMPARE(cents(row[6]), std::round(b.categories[subtotal].totalUsd * 100));
                ++subtotal;
            }
            if (row[0] == "total") {
                QCOMPARE(cents(row[6]), std::round(b.grandTotalUsd * 100));
                found = true;
            }
        }
        // The column names are the sheet's first row, nothing above them (like bom.csv).
        QVERIFY(!table.records.empty());
        QCOMPARE(table.records.front(), bom::bomColumns());
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("python3 not on PATH: sheet layout not read");
        // Header frozen, the filter from A1 over every row bom.csv has (header included) and
        // the 12 columns A..L; the provenance on a second sheet and in docProps/core.xml.
        const char *script
            = "import sys, zipfile, re, html\n"
              "z = zipfile.ZipFile(sys.argv[1])\n"
              "x = z.read('xl/worksheets/sheet1.xml').decode()\n"
              "p = re.search(r'<pane [^>]*>', x).group(0)\n"
              "print('frozen' if 'ySplit=\"1\"' in p and 'state=\"frozen\"' in p else 'no')\n"
              "print(re.search(r'<autoFilter ref=\"([^\"]+)\"', x).group(1))\n"
              "print(','.join(re.findall(r'<sheet name=\"([^\"]+)\"', "
              "z.read('xl/workbook.xml').decode())))\n"
              "print(html.unescape(re.search(r'<dc:description>([^<]*)<', "
              "z.read('docProps/core.xml').decode()).group(1)))\n";
        QProcess reader;
        reader.start(python, { "-c", script, dir.filePath("bom.xlsx") });
        QVERIFY(reader.waitForFinished(30000));
        const std::size_t csvRows = test::readCsv(bom::bomCsv(b)).records.size();
        const QString provenance
            = QString::fromStdString(bom::bomProvenance(d)).section(QLatin1Char('\n'), 0, 0);
        QVERIFY(provenance.startsWith("Bill of materials for design"));
        QCOMPARE(QString::fromUtf8(reader.readAllStandardOutput()),
                 "frozen\nA1:L" + QString::number(csvRows) + "\nBOM,Provenance\n" + provenance
                     + "\n");
        QCOMPARE(subtotal, b.categories.size());
        QVERIFY(found);
    }

    void checklistFigures()
    {
        const Design d = designNamed("seed");
        const std::string text = bom::procurementChecklist(d, catalog(), bomOf(d));
        const QString md = QString::fromStdString(text);
        for (const char *section :
             { "## Compute", "## Interconnect", "## Storage", "## Facility", "## Management",
               "## Licences and support", "## Spares", "## Lead times" })
            QVERIFY2(md.contains(section), section);
        // IT load by hand: 8 x 10 200 + qm8700 550 + mgmt-48x1g 200 + head 800 + MDS 1 000 +
        // 4 x OSS 1 600 = 90 550 W; x 3.412142 BTU/h per W = 308 969 BTU/h, / 12 000 = 25.7
        // tons of refrigeration.
        QVERIFY(md.contains("IT load: 90.55 kW maximum"));
        QVERIFY(md.contains("90.55 kW = 308969 BTU/h = 25.7 tons"));
        // PDU kVA: sqrt(3) x 400 V x 32 A = 22.17 kVA; 9 PDUs per feed -> 199.5 kVA.
        QVERIFY(md.contains("199.5 kVA on feed A, 199.5 kVA on feed B"));
        QVERIFY(md.contains("no liquid-cooled parts"));
        QVERIFY(md.startsWith("<!-- Procurement checklist for design"));
    }

    void checklistWeightsWithoutCatalogWeightAreLowerBounds()
    {
        Design d = designNamed("seed");
        // Rack A01 weighs 430 kg in the golden checklist; its first device becomes a DGX
        // B300, whose catalog part has no weight (no NVIDIA figure retrieved): A01 then
        // counts 430 kg less that device's former weight, plus one unweighed device.
        const Rack *a01 = nullptr;
        for (const Rack &rack : d.racks())
            a01 = rack.name == "A01" ? &rack : a01;
        QVERIFY(a01);
        Device retyped = *d.device(d.devicesInRack(a01->id).front());
        const double formerKg = catalog().find(retyped.catalogType)->weightKg;
        QVERIFY(formerKg > 0);
        QCOMPARE(catalog().find("dgx-b300")->weightKg, 0.0);
        retyped.catalogType = "dgx-b300";
        d.updateDevice(retyped);
        const QString md
            = QString::fromStdString(bom::procurementChecklist(d, catalog(), bomOf(d)));
        const QString weight = QString::number(std::lround(430 - formerKg));
        QVERIFY2(md.contains(QRegularExpression("\\| A01 \\| 2 \\| [^\\n]*\\| " + weight
                                                + " \\+ 1 unweighed \\| ")),
                 qPrintable(md));
        QVERIFY(md.contains("; 1 device(s) have no catalog weight and are not counted"));
        // The other racks keep their figures and no mark.
        QVERIFY(md.contains("| A02 | 2 | 20.4 | 18 | 44.3 | 44.3 | 430 | 597 | 1361 |"));
    }

    void checklistPowerAndFeeds()
    {
        Design d = designNamed("dgx8");
        const bom::Bom b = bomOf(d);
        // One power basis: bom.csv's total = devices + optics/active cable ends + PDUs' draw.
        // Devices by hand: 8 DGX x 10 200 + head 800 + 5 QM9700 x 1 300 + SN2201 200 + MDS
        // 1 000 + 4 OSS x 1 600 = 96 500 W; the PDUs carry no catalog part (no own draw).
        QCOMPARE(b.devicePowerW, 96500.0);
        QCOMPARE(b.pduPowerW, 0.0);
        QVERIFY(b.cablingPowerW > 0);
        QVERIFY(std::abs(b.powerW - (b.devicePowerW + b.cablingPowerW + b.pduPowerW)) < 1e-9);
        bool noted = false;
        for (const auto &note : b.notes)
            noted = noted
                || note.find("devices' maximum 96500 W (the IT load of procurement-checklist.md)")
                    != std::string::npos;
        QVERIFY(noted);
        // The seed's 18 PDUs are catalog parts drawing 30 W each: 540 W (seedCategoriesByHand).
        QCOMPARE(bomOf(designNamed("seed")).pduPowerW, 540.0);

        QString md = QString::fromStdString(bom::procurementChecklist(d, catalog(), b));
        QVERIFY(md.contains("IT load: 96.5 kW maximum (72.95 kW typical), the devices' nameplate "
                            "maximum power; bom.csv's power total, "));
        // IT load against the IT budget (120 kW), facility load (x PUE 1.3 = 125.45 kW)
        // against the utility supply (180 kW), never facility against the IT budget.
        QVERIFY(md.contains("IT load against the site IT budget: 96.5 kW of 120 kW, within it "
                            "(23.5 kW to spare)"));
        QVERIFY(md.contains("against the utility supply: 180 kW, within it"));
        // DGX H100: 6 x 3.3 kW PSUs split 3 + 3 over the feeds: 3 x 3.3 = 9.9 kW < 10.2 kW
        // (ref:nvidia-superpod-h100-ra): a power cap on feed loss, not "each feed carries its
        // racks".
        QVERIFY(md.contains("8 x NVIDIA DGX H100 (PSUs split evenly across feeds A and B): 3 of 6 "
                            "PSUs = 9.9 kW < 10.2 kW maximum: the node needs a power cap of "
                            "9.9 kW on feed loss"));
        // Head node: 2 x 1 200 W, 1 per feed: 1.2 kW >= 0.8 kW.
        QVERIFY(md.contains("1 of 2 PSUs = 1.2 kW >= 0.8 kW maximum: full power on one feed"));
        QVERIFY(!md.contains("each feed alone must carry"));
        // Rack A01: 47.8 kW with 4 DGX; capped at 9.9 kW each on one feed: 47.8 - 4 x 0.3 =
        // 46.6 kW, within 80 % of 87.3 kVA = 69.8.
        QVERIFY(md.contains("| A01 | 10 | 47.8 | 46.6 | 87.3 | 87.3 |"));
        QVERIFY(md.contains("all 2 rack(s) with two feeds within"));

        // Budgets exceeded, and a rack whose feed is too small: A01 on one 32 A PDU per feed,
        // sqrt(3) x 400 x 32 = 22.17 kVA, x 0.8 = 17.7 kVA < 46.6 kW.
        Site site = d.site();
        site.itPowerBudgetKw = 90;
        site.pue = 1.2;
        site.utilityPowerKw = 110;
        d.setSite(site);
        Rack rack = *d.racks().begin();
        QCOMPARE(rack.name, std::string("A01"));
        rack.pdus
            = { Pdu { "A1", Feed::A, "", 3, 400, 32 }, Pdu { "B1", Feed::B, "", 3, 400, 32 } };
        d.updateRack(rack);
        md = QString::fromStdString(bom::procurementChecklist(d, catalog(), bomOf(d)));
        QVERIFY(md.contains("96.5 kW of 90 kW, EXCEEDS it by 6.5 kW"));
        // 96.5 x 1.2 = 115.8 kW against 110 kW: 5.8 kW over.
        QVERIFY(md.contains("Facility load at PUE 1.2: 115.8 kW against the utility supply: "
                            "110 kW, EXCEEDS it by 5.8 kW"));
        QVERIFY(md.contains("1 of 2 rack(s) short: A01 46.6 kW > 17.7 kVA"));
    }

    void checklistSwitchesPerFabric()
    {
        // SuperPOD 1 SU: oob-mgmt's switches are the two management leaves (tier 0) and the
        // aggregation switch (tier 1); the InfiniBand leaves and spines reach it only through
        // their management ports, so they are hosts of oob-mgmt, not its switches.
        const Design d = designNamed("superpod");
        const QString md
            = QString::fromStdString(bom::procurementChecklist(d, catalog(), bomOf(d)));
        QVERIFY(md.contains(QRegularExpression(
            "Fabric \\*\\*oob-mgmt\\*\\* \\(out-of-band, ethernet, 1 Gb/s\\): \\d+ links; 2 "
            "switch\\(es\\) at tier 0; 1 switch\\(es\\) at tier 1\n")));
        // compute-ib: 8 rail leaves and 4 spines (RA table, ref:nvidia-superpod-h100-ra).
        QVERIFY(md.contains("8 switch(es) at tier 0; 4 switch(es) at tier 1"));
    }

    void superpodOpticsModules()
    {
        // Module lines of the generated SuperPOD (1 SU), counted by hand per cage from its
        // cabling.csv (see tst_cabling_modules superpodModulesPerCage): twin MMA4Z00-NS 124 at the
        // DGXs (flat-top variant, no separate catalog part) + 128 at the leaves for DGX/UFM
        // links (leaf0005-8 each have p31 alone in a cage) + 256 compute leaf-spine + 32 at
        // the storage leaves for DGX links (31 on each of two leaves: every DGX dual-homed)
        // + 64 storage leaf-spine = 604; single-port OSFP
        // MMA4Z00-NS400 4 (UFM); QSFP112 MMA1Z00-NS400 62 (one per DGX storage port).
        // Before the per-cage count: 568, 8 and 124. Power = count x catalog maxPowerW
        // (15 W twin, 9 W single). Management: mgmt0001 in the SU's row R02 reaches the
        // aggregation switch at U19 of network row R01 (up to the tray from both, 3 m row
        // pitch, 1 m slack: about 6.2 m, ordered 7 m, beyond the 3 m QSFP28 DAC) over 100G
        // CWDM4, a module at each end (2 x 3.5 W);
        // mgmt0002 beside it in N001 uses a DAC. Fibres stay one per optics link, 634 + 1.
        const bom::Bom b = bomOf(designNamed("superpod"));
        std::map<std::string, const bom::BomLine *> modules;
        int fibres = 0;
        for (const auto &line : b.lines) {
            if (line.spare || line.category != bom::kOpticsCables)
                continue;
            if (line.description.rfind("Transceiver ", 0) == 0)
                modules[line.catalogId] = &line;
            if (line.partNumber.rfind("FIBRE-", 0) == 0)
                fibres += line.quantity;
        }
        QCOMPARE(modules.size(), std::size_t(4));
        QCOMPARE(modules.at("qsfp28-100g-cwdm4")->quantity, 2);
        QCOMPARE(modules.at("qsfp28-100g-cwdm4")->powerW, 2 * 3.5);
        QCOMPARE(modules.at("mma4z00-ns")->quantity, 604);
        QCOMPARE(modules.at("mma4z00-ns")->powerW, 604 * 15.0);
        QCOMPARE(modules.at("mma4z00-ns400")->quantity, 4);
        QCOMPARE(modules.at("mma4z00-ns400")->powerW, 4 * 9.0);
        QCOMPARE(modules.at("mma1z00-ns400")->quantity, 62);
        QCOMPARE(modules.at("mma1z00-ns400")->powerW, 62 * 9.0);
        QCOMPARE(fibres, 635);
    }

    void emptyDesign()
    {
        // Nothing to buy: every category present and zero, no cost per GPU, no crash.
        const Design empty;
        const bom::Bom b = bomOf(empty);
        QCOMPARE(b.categories.size(), std::size_t(8));
        QCOMPARE(b.grandTotalUsd, 0.0);
        QCOMPARE(b.gpus, 0);
        QCOMPARE(b.usdPerGpu, 0.0);
        QCOMPARE(quantityIn(b, bom::kSoftwareSupport), 1); // Slurm is always listed
        const auto files = runExporter(empty);
        QCOMPARE(files.size(),
                 std::size_t(4)); // bom.csv, bom.xlsx, the checklist, bom-provenance.txt
        QVERIFY(QString::fromStdString(files.at("bom.csv")).contains("no cost per GPU"));
        QVERIFY(QString::fromStdString(files.at("procurement-checklist.md")).contains("no racks"));
    }

    void deterministic()
    {
        const Design d = designNamed("superpod");
        QCOMPARE(runExporter(d), runExporter(designNamed("superpod")));
    }
};

QTEST_GUILESS_MAIN(TestBom)
#include "tst_bom.moc"

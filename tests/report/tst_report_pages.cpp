// The facilities report's pages and drawings: page count against the design's racks and
// distinct elevations, the rack SVGs, the paper size. Fixtures in ReportFixtures.h.

#include "ReportFixtures.h"
#include "SvgDrawing.h"
#include "exporters/report/ElevationGroups.h"
#include "exporters/report/RackFiles.h"
#include "exporters/report/RackSvg.h"

#include <map>
#include <set>

using namespace cw;
using namespace cw::test;

class TestReportPages : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(report::ensureGuiApplication().ok()); // QTEST_MAIN made one: used as is
        QVERIFY(qobject_cast<QGuiApplication *>(QCoreApplication::instance()));
    }

    void pageCountGrowsWithRacks()
    {
        if (!havePoppler())
            QSKIP("pdftoppm not found: install Debian's poppler-utils (scripts/deps.sh)");
        // fat-tree nodes=52 gives 16 racks and nodes=220 gives 65 (clusterwright-cli generate):
        // 7 SUs of 32 slots, 55 node racks of 4 DGX and 7 leaf racks, and 3 network racks: the
        // storage servers, head node, spines and storage spines with their optics fill the
        // 45 kW of a default-site position twice, the third takes the last 3 switches.
        const Design small = generatedFatTree(52);
        const Design large = generatedFatTree(220);
        QCOMPARE(small.racks().size(), std::size_t(16));
        QCOMPARE(large.racks().size(), std::size_t(65));
        PageScan scans[2];
        const Design *designs[2] = { &small, &large };
        for (int i = 0; i < 2; ++i) {
            auto result = runReport(*designs[i]);
            QVERIFY(result.ok());
            keepForReview(*result, "fat-tree-" + std::to_string(designs[i]->racks().size()));
            QTemporaryDir dir;
            QVERIFY(exporters::writeExport(result->files, dir.path().toStdString(), true).ok());
            scans[i] = scanPages(dir);
            QCOMPARE(scans[i].blank, 0);
            // Three drawings per elevation page, one per distinct elevation, the first page
            // titled "5 Rack elevations", the others "(continued)".
            const QString text = runTool(QStringLiteral("pdftotext"),
                                         { QStringLiteral("-layout"),
                                           dir.filePath(QStringLiteral("facilities-report.pdf")),
                                           QStringLiteral("-") });
            const auto drawings = static_cast<int>(distinctElevations(*designs[i]));
            QVERIFY(drawings < static_cast<int>(designs[i]->racks().size()));
            const int elevationPages
                = (drawings + report::kRacksPerElevationPage - 1) / report::kRacksPerElevationPage;
            QCOMPARE(static_cast<int>(text.count(QStringLiteral("Rack elevations (continued)"))),
                     elevationPages - 1);
            QVERIFY(text.contains(QStringLiteral("%1 racks, %2 distinct drawings")
                                      .arg(designs[i]->racks().size())
                                      .arg(drawings)));
            // The index names every rack once, beside the drawing of its kind.
            const QString index = rackIndexText(text);
            for (const Rack &rack : designs[i]->racks())
                QVERIFY2(wordCount(index, rack.name) == 1, rack.name.c_str());
            for (int d = 1; d <= drawings; ++d)
                QVERIFY(wordCount(index, "E" + std::to_string(d)) >= 1);
        }
        // 49 more racks: longer tables and index, not a page per three racks.
        QVERIFY2(
            scans[1].pages > scans[0].pages,
            qPrintable(QStringLiteral("%1 vs %2 pages").arg(scans[0].pages).arg(scans[1].pages)));
    }

    void eachRackSvgParsesAndNamesItsDevices()
    {
        const Catalog &catalog = Catalog::builtin();
        auto design = buildSeed8NodeHdr(catalog);
        QVERIFY(design.ok());
        // One SVG per rack, as asked: report.rack-svgs=each.
        auto result = runReport(*design, { { "report.rack-svgs", "each" } });
        QVERIFY(result.ok());
        const auto floor = fileBytes(*result, "floorplan.svg");
        QVERIFY(floor);
        const auto parses = [](const std::string &bytes, QString &allText) {
            QXmlStreamReader xml(QByteArray::fromStdString(bytes));
            bool svgRoot = false;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isStartElement() && xml.name() == QLatin1String("svg"))
                    svgRoot = true;
                if (xml.isCharacters())
                    allText += xml.text().toString() + QLatin1Char('\n');
            }
            return !xml.hasError() && svgRoot;
        };
        QString floorText;
        QVERIFY(parses(*floor, floorText));
        for (const Rack &rack : design->racks()) {
            QVERIFY2(floorText.contains(QString::fromStdString(rack.name)), rack.name.c_str());
            const std::string path = "racks/" + exporters::safeFileName(rack.name) + ".svg";
            const auto svg = fileBytes(*result, path);
            QVERIFY2(svg, path.c_str());
            QString rackText;
            QVERIFY(parses(*svg, rackText));
            QVERIFY(rackText.contains(QString::fromStdString(rack.name + " front")));
            QVERIFY(rackText.contains(QString::fromStdString(rack.name + " rear")));
            // Every device of the rack is named in its elevation.
            for (DeviceId id : design->devicesInRack(rack.id))
                QVERIFY2(rackText.contains(QString::fromStdString(design->device(id)->name)),
                         design->device(id)->name.c_str());
        }
        // One PDF, one floor plan, one SVG per rack: nothing else.
        QCOMPARE(result->files.size(), design->racks().size() + 2);
    }

    void groupedSvgsIndexEveryRackOnce()
    {
        // 65 racks (pageCountGrowsWithRacks): 55 node racks of a few kinds, leaf and network
        // racks; by default one SVG per distinct elevation, the index and the device list.
        const Catalog &catalog = Catalog::builtin();
        const Design design = generatedFatTree(220);
        auto result = runReport(design);
        QVERIFY(result.ok());
        const std::size_t drawings = distinctElevations(design);
        QCOMPARE(result->files.size(), drawings + 4); // PDF, floor plan, index, devices
        const auto index = fileBytes(*result, "racks/index.csv");
        QVERIFY(index);
        QStringList rows = QString::fromStdString(*index).split(QLatin1Char('\n'));
        QCOMPARE(rows.takeFirst(), QStringLiteral("rack,row,position,drawing,svg"));
        QCOMPARE(rows.takeLast(), QString()); // the last line ends with a newline
        // Every rack exactly once; racks the fixture's own key (part, PDUs, devices' part, U,
        // face, role) calls alike share a drawing, racks it tells apart do not.
        std::map<std::string, std::string> drawingOfRack;
        for (const QString &row : rows) {
            const QStringList cells = row.split(QLatin1Char(','));
            QCOMPARE(cells.size(), 5);
            QVERIFY2(drawingOfRack.emplace(cells[0].toStdString(), cells[3].toStdString()).second,
                     qPrintable(row));
            QCOMPARE(cells[4], cells[3] + QStringLiteral(".svg"));
        }
        QCOMPARE(drawingOfRack.size(), design.racks().size());
        std::map<std::string, std::string> drawingOfKind;
        std::set<std::string> used;
        for (const Rack &rack : design.racks()) {
            QVERIFY2(drawingOfRack.count(rack.name), rack.name.c_str());
            const std::string drawing = drawingOfRack[rack.name];
            const auto [it, added] = drawingOfKind.emplace(rackKind(design, rack), drawing);
            QCOMPARE(it->second, drawing);
            used.insert(drawing);
        }
        QCOMPARE(used.size(), drawings);

        // Each rack drawn alone, in its drawing's style, is its drawing apart from the caption.
        const report::ReportData data = report::gatherReportData(design, catalog, kDate);
        const report::ElevationIndex groups = report::groupElevations(data.racks);
        report::RackSvgWriter writer;
        for (const report::RackFigures &rack : data.racks) {
            const std::string label = drawingOfRack[rack.name];
            const std::size_t group = std::stoul(label.substr(1)) - 1;
            QVERIFY(group < groups.groups.size());
            const auto svg = fileBytes(*result, "racks/" + label + ".svg");
            QVERIFY2(svg, label.c_str());
            const std::string alone = writer.write(
                rack, data.designName, report::drawingStyle(data, groups, group, false));
            QVERIFY(svgDrawing(alone).size() > 1000); // the cabinet at least: not vacuous
            QVERIFY2(svgDrawing(*svg) == svgDrawing(alone), rack.name.c_str());
            // The caption is the PDF's: its first line names the drawing.
            const QString caption = report::elevationCaption(data.racks, groups, group);
            QVERIFY(QString::fromStdString(*svg).contains(
                caption.section(QLatin1Char('\n'), 0, 0).toHtmlEscaped()));
        }

        // Every device in a rack once in the device list, with its rack.
        const auto devices = fileBytes(*result, "racks/devices.csv");
        QVERIFY(devices);
        std::set<std::pair<std::string, std::string>> listed;
        QStringList lines = QString::fromStdString(*devices).split(QLatin1Char('\n'));
        QCOMPARE(lines.takeFirst(),
                 QStringLiteral("rack,device,part,role,bottom_u,height_u,face,max_power_w"));
        lines.removeLast();
        for (const QString &line : lines) {
            const QStringList cells = line.split(QLatin1Char(','));
            QVERIFY(listed.emplace(cells[0].toStdString(), cells[1].toStdString()).second);
        }
        std::size_t mounted = 0;
        for (const Rack &rack : design.racks())
            for (DeviceId id : design.devicesInRack(rack.id)) {
                ++mounted;
                QVERIFY(listed.count({ rack.name, design.device(id)->name }));
            }
        QCOMPARE(listed.size(), mounted);
    }

    void letterPaper()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty())
            QSKIP("pdfinfo not found: install Debian's poppler-utils (scripts/deps.sh)");
        auto design = buildDgx8H100Ndr(Catalog::builtin());
        QVERIFY(design.ok());
        for (const auto &[paper, size] : { std::pair { "letter", "612 x 792 pts (letter)" },
                                           std::pair { "a4", "595 x 842 pts (A4)" } }) {
            auto result = runReport(*design, { { "report.paper", paper } });
            QVERIFY(result.ok());
            QTemporaryDir dir;
            QVERIFY(exporters::writeExport(result->files, dir.path().toStdString(), true).ok());
            const QString info = runTool(QStringLiteral("pdfinfo"),
                                         { dir.filePath(QStringLiteral("facilities-report.pdf")) });
            // US Letter is 8.5 x 11 in = 612 x 792 pt; A4 is 210 x 297 mm = 595.28 x 841.89 pt,
            // which pdfinfo prints rounded.
            QVERIFY2(info.contains(QLatin1String(size)), qPrintable(info));
        }
    }
};

QTEST_MAIN(TestReportPages)
#include "tst_report_pages.moc"

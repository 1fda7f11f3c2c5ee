// The hand-written rack SVGs (exporters/report/RackSvg): well-formed XML whatever the names
// hold, every device named, labels that do not fit elided, one layout per rack height.
#include "SvgDrawing.h"
#include "exporters/common/ByteSink.h"
#include "exporters/report/ElevationGroups.h"
#include "exporters/report/GuiApplication.h"
#include "exporters/report/RackFiles.h"
#include "exporters/report/RackSvg.h"
#include "exporters/report/TextWidths.h"

#include <QXmlStreamReader>
#include <QtTest>

using namespace cw;

namespace {

report::MountedDevice device(std::string name, int bottomU, int heightU, Face face,
                             double maxPowerW)
{
    report::MountedDevice d;
    d.name = std::move(name);
    d.bottomU = bottomU;
    d.heightU = heightU;
    d.face = face;
    d.maxPowerW = maxPowerW;
    return d;
}

/// The text of every <text>, <title> and <desc>, one per line; false when the XML is broken.
bool texts(const std::string &svg, QStringList &out)
{
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    bool root = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("svg"))
            root = true;
        if (xml.isStartElement()
            && (xml.name() == QLatin1String("text") || xml.name() == QLatin1String("title")
                || xml.name() == QLatin1String("desc")))
            out << xml.readElementText();
    }
    return root && !xml.hasError();
}

} // namespace

class TestRackSvg : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(report::ensureGuiApplication().ok()); }

    void markupInNamesStaysText()
    {
        report::RackFigures rack;
        rack.name = "R<1>&\"x\"";
        rack.rackUnits = 42;
        rack.devices = { device("gpu<01>&", 1, 8, Face::Front, 10200),
                         device("leaf'01", 42, 1, Face::Rear, 640) };
        report::RackSvgWriter writer;
        const std::string svg = writer.write(rack, "design & <co>");
        QStringList all;
        QVERIFY(texts(svg, all));
        QVERIFY(all.contains(QStringLiteral("Rack R<1>&\"x\" front and rear")));
        QVERIFY(all.contains(QStringLiteral("design & <co>")));
        QVERIFY(all.contains(QStringLiteral("R<1>&\"x\" front")));
        QVERIFY(all.contains(QStringLiteral("R<1>&\"x\" rear")));
        // Each device on both faces (pale on the other): 8 U, two lines; 1 U, one line.
        QCOMPARE(all.count(QStringLiteral("gpu<01>&")), 2);
        QCOMPARE(all.count(QStringLiteral("10.2 kW")), 2);
        QCOMPARE(all.count(QStringLiteral("leaf'01")), 2);
        QCOMPARE(all.count(QStringLiteral("640 W")), 2);
        // U numbers 1..42 on each face.
        QCOMPARE(all.count(QStringLiteral("42")), 2);
        QCOMPARE(all.count(QStringLiteral("1")), 2);
        // No raw control character reaches the XML: displayText makes it visible.
        rack.name = std::string("R\x01") + "9";
        QStringList escaped;
        QVERIFY(texts(writer.write(rack, "d"), escaped));
    }

    void longNamesAreElidedToTheirBox()
    {
        const report::TextWidths font(true);
        // DejaVu Sans Bold: 'W' is wider than 'i' (design advances 1.0 vs 0.34 em roughly).
        QVERIFY(font.width(QStringLiteral("W"), 10) > 2 * font.width(QStringLiteral("i"), 10));
        QCOMPARE(font.width(QStringLiteral("ab"), 10),
                 font.width(QStringLiteral("a"), 10) + font.width(QStringLiteral("b"), 10));
        const QString name(60, QLatin1Char('n'));
        const QString cut = font.elided(name, 10, 100);
        QVERIFY(cut.endsWith(QChar(0x2026)));
        QVERIFY(font.width(cut, 10) <= 100);
        // One more character would not fit.
        QVERIFY(font.width(cut.left(cut.size() - 1) + QStringLiteral("n") + QChar(0x2026), 10)
                > 100);
        QCOMPARE(font.elided(QStringLiteral("nn"), 10, 100), QStringLiteral("nn"));
        QVERIFY(font.elided(name, 10, 0.5).isEmpty());

        report::RackFigures rack;
        rack.name = "R1";
        rack.rackUnits = 4;
        rack.devices = { device(std::string(80, 'x'), 1, 1, Face::Front, 0) };
        report::RackSvgWriter writer;
        QStringList all;
        QVERIFY(texts(writer.write(rack, "d"), all));
        QVERIFY(std::any_of(all.begin(), all.end(), [](const QString &t) {
            return t.startsWith(QStringLiteral("xxx")) && t.endsWith(QChar(0x2026));
        }));
    }

    void sameHeightSameCabinet()
    {
        report::RackSvgWriter writer;
        report::RackFigures a;
        a.name = "A";
        a.rackUnits = 42;
        report::RackFigures b = a;
        b.name = "B";
        const std::string svgA = writer.write(a, "d");
        const std::string svgB = writer.write(b, "d");
        // Only the names differ: same length for one-letter names, same bytes otherwise.
        QCOMPARE(svgA.size(), svgB.size());
        QVERIFY(svgA != svgB);
        report::RackFigures c = a;
        c.rackUnits = 48; // a taller cabinet: 48 U numbers
        QStringList all;
        QVERIFY(texts(writer.write(c, "d"), all));
        QCOMPARE(all.count(QStringLiteral("48")), 2);
        QVERIFY(texts(writer.write(a, "d"), all));
    }

    void captionMovesTheDrawingOnly()
    {
        report::RackFigures rack;
        rack.name = "R1";
        rack.rackUnits = 42;
        rack.devices = { device("gpu01", 1, 8, Face::Front, 10200),
                         device("leaf01", 42, 1, Face::Rear, 640) };
        rack.devices[0].partId = "dgx-h100";
        rack.devices[1].partId = "qm9700";
        report::RackSvgWriter writer;
        report::RackSvgStyle style { QStringLiteral("E2"), "Elevation E2",
                                     report::DeviceLabel::Part, QString() };
        const std::string plain = writer.write(rack, "d", style);
        // A caption of three lines, the last too long for one line of the drawing's width.
        style.caption = QStringLiteral("E2: 3 racks <&>, 10.8 kW\nrack 42U; 1 x dgx-h100\n")
            + QStringLiteral("C0001 to C0004, ").repeated(12) + QStringLiteral("(48 racks)");
        const std::string captioned = writer.write(rack, "d", style);
        QVERIFY(test::svgDrawing(plain).size() > 1000);
        QCOMPARE(test::svgDrawing(captioned), test::svgDrawing(plain));
        QStringList all;
        QVERIFY(texts(captioned, all));
        QVERIFY(all.contains(QStringLiteral("Elevation E2 front and rear")));
        QVERIFY(all.contains(QStringLiteral("E2: 3 racks <&>, 10.8 kW")));
        QVERIFY(all.contains(QStringLiteral("E2 front")));
        // Parts, not names, label a shared drawing.
        QCOMPARE(all.count(QStringLiteral("dgx-h100")), 2);
        QCOMPARE(all.count(QStringLiteral("qm9700")), 2);
        QVERIFY(!all.join(QLatin1Char(' ')).contains(QStringLiteral("gpu01")));
        // Wrapped at spaces to the drawing's width (440 px less two 10 pt margins) at 7 pt:
        // every run of the long line is there once, no line wider than the width.
        const report::TextWidths font(false);
        QStringList captionLines;
        for (const QString &line : all)
            if (line.contains(QStringLiteral("C0001 to C0004")))
                captionLines << line;
        QVERIFY2(captionLines.size() >= 2, qPrintable(captionLines.join(QLatin1Char('|'))));
        QCOMPARE(captionLines.join(QLatin1Char(' ')).count(QStringLiteral("C0001 to C0004")), 12);
        for (const QString &line : captionLines)
            QVERIFY(font.width(line, 7 * 96.0 / 72) <= 440 - 2 * 10 * 96.0 / 72);
        // The picture grows by the caption: three wrapped lines and more, plus the gap.
        QVERIFY(captioned.size() > plain.size());
    }

    void indexAndDeviceListEscapeCsv()
    {
        report::ReportData data;
        data.racks.resize(3);
        data.racks[0].name = "=HYPERLINK(\"x\")";
        data.racks[0].row = "R,1";
        data.racks[1].name = "B";
        data.racks[1].row = "R,1";
        data.racks[1].position = 1;
        data.racks[2].name = "C";
        data.racks[2].row = "R2";
        data.racks[0].devices = { device("n\"1", 3, 2, Face::Rear, 640.5) };
        data.racks[0].devices[0].partId = "p,1";
        data.racks[0].devices[0].role = DeviceRole::Switch;
        const report::ElevationIndex index = report::groupElevations(data.racks);
        QCOMPARE(index.groups.size(), std::size_t(2)); // B and C alike (empty, same figures)
        exporters::StringSink rackIndex;
        report::writeRackIndex(rackIndex, data, index);
        // RFC 4180 quoting, and a leading ' on a formula-looking cell (OWASP).
        QCOMPARE(QString::fromStdString(rackIndex.take()),
                 QStringLiteral("rack,row,position,drawing,svg\n"
                                "\"'=HYPERLINK(\"\"x\"\")\",\"R,1\",0,E1,E1.svg\n"
                                "B,\"R,1\",1,E2,E2.svg\n"
                                "C,R2,0,E2,E2.svg\n"));
        exporters::StringSink devices;
        report::writeDeviceList(devices, data);
        QCOMPARE(QString::fromStdString(devices.take()),
                 QStringLiteral("rack,device,part,role,bottom_u,height_u,face,max_power_w\n"
                                "\"'=HYPERLINK(\"\"x\"\")\",\"n\"\"1\",\"p,1\",switch,3,2,rear,"
                                "640.5\n"));
    }
};

QTEST_MAIN(TestRackSvg)
#include "tst_rack_svg.moc"

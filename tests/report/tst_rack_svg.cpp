// The hand-written rack SVGs (exporters/report/RackSvg): well-formed XML whatever the names
// hold, every device named, labels that do not fit elided, one layout per rack height.
#include "exporters/report/GuiApplication.h"
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
};

QTEST_MAIN(TestRackSvg)
#include "tst_rack_svg.moc"

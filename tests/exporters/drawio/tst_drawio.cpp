// draw.io export: well-formed per xmllint, one page per view, every connector between
// existing shapes (check_drawio.py), counts worked out from the design, hostile names escaped.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"

#include <QtTest>

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <set>

using namespace cw;

namespace {

Design designNamed(const std::string &name)
{
    auto built = referenceDesigns().at(name == "seed" ? 0 : 1).build(Catalog::builtin());
    if (!built)
        qFatal("%s: %s", name.c_str(), built.error().message.c_str());
    return *built;
}

std::string exported(const Design &design)
{
    auto result = exporters::makeDrawioExporter()->run({ design, Catalog::builtin(), {} });
    if (!result || result->files.size() != 1)
        qFatal("drawio export failed");
    auto bytes = exporters::fileBytes(result->files.front()); // streamed
    if (!bytes)
        qFatal("%s", bytes.error().message.c_str());
    return std::move(bytes).value();
}

/// The lines check_drawio.py prints for the design: pages with vertex and edge counts.
QStringList expectedPages(const Design &design)
{
    int devicesInRacks = 0;
    for (const Rack &rack : design.racks())
        devicesInRacks += static_cast<int>(design.devicesInRack(rack.id).size());
    QStringList pages;
    pages << QString("Floor plan|%1|0").arg(design.rows().size() + design.racks().size());
    pages << QString("Rack elevations|%1|0").arg(design.racks().size() + devicesInRacks);
    for (const Fabric &fabric : design.fabrics()) {
        std::set<DeviceId> members;
        std::set<std::pair<DeviceId, DeviceId>> pairs;
        for (const Link &link : design.links())
            if (link.fabric == fabric.id) {
                members.insert({ link.a.device, link.b.device });
                pairs.insert(std::minmax(link.a.device, link.b.device));
            }
        pages << QString("Fabric %1|%2|%3")
                     .arg(QString::fromStdString(fabric.name))
                     .arg(members.size())
                     .arg(pairs.size());
    }
    return pages;
}

QString runTool(const QString &tool, const QStringList &args, int *exitCode)
{
    QProcess process;
    process.start(tool, args);
    if (!process.waitForFinished(60000))
        return "timeout";
    *exitCode = process.exitCode();
    return QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
}

} // namespace

class TestDrawio : public QObject
{
    Q_OBJECT

private slots:
    void dgx8ByHand()
    {
        // dgx8 compute fabric (docs/examples): 8 DGX, 2 leaves, 2 spines = 12 shapes; each DGX
        // is cabled to both leaves of its rail group (16 pairs), each leaf to both spines
        // (4 pairs): 20 connectors.
        const std::string text = exported(designNamed("dgx8"));
        QVERIFY(text.find("<mxfile host=\"Clusterwright\"") != std::string::npos);
        QVERIFY(text.find("<diagram id=\"floor-plan\" name=\"Floor plan\">") != std::string::npos);
    }

    void realTools_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("seed") << "seed";
        QTest::newRow("dgx8") << "dgx8";
        QTest::newRow("hostile") << "hostile";
    }

    void realTools()
    {
        QFETCH(QString, design);
        const QString xmllint = QStandardPaths::findExecutable("xmllint");
        const QString python = QStandardPaths::findExecutable("python3");
        if (xmllint.isEmpty() || python.isEmpty())
            QSKIP("xmllint or python3 missing (Debian: libxml2-utils)");
        Design d = designNamed(design == "hostile" ? "seed" : design.toStdString());
        if (design == "hostile") {
            d.setName("a --> <b> & \"c\" -");
            Rack rack = *d.racks().begin();
            rack.name = "<rack & \"'\x01>";
            d.updateRack(rack);
        }
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile out(dir.filePath("cluster.drawio"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        const std::string text = exported(d);
        out.write(text.data(), static_cast<qint64>(text.size()));
        out.close();
        int code = -1;
        const QString lint = runTool(xmllint, { "--noout", out.fileName() }, &code);
        QVERIFY2(code == 0, qPrintable(lint));
        const QString pages = runTool(python, { CW_DRAWIO_CHECKER, out.fileName() }, &code);
        QVERIFY2(code == 0, qPrintable(pages));
        QCOMPARE(pages.trimmed().split('\n'), expectedPages(d));
    }
};

QTEST_GUILESS_MAIN(TestDrawio)
#include "tst_drawio.moc"

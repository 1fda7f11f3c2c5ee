// NetBox export: the DGX H100 device type worked by hand, the folder checked by
// check_netbox.py (devicetype-library schema, NetBox import fields, references in import
// order), interface and cable types.

#include "exporters/Exporter.h"
#include "exporters/Families.h"
#include "exporters/netbox/NetboxFiles.h"
#include "exporters/netbox/NetboxImport.h"
#include "exporters/netbox/NetboxTypes.h"
#include "model/catalog/Catalog.h"
#include "model/catalog/CatalogReader.h"
#include "model/common/JsonReader.h"
#include "model/core/Design.h"
#include "model/examples/ReferenceDesigns.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QFileInfo>
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

} // namespace

class TestNetbox : public QObject
{
    Q_OBJECT

private slots:
    void dgxH100ByHand()
    {
        // DGX H100 (ref:nvidia-dgx-h100-ug): 8U, 130.45 kg, 6 PSUs, 10.2 kW max: NetBox adds
        // the ports' draws, so each port carries 10200 / 6 = 1700 W; the eight compute
        // ports are 400G OSFP cages.
        const Part *dgx = Catalog::builtin().find("dgx-h100");
        QVERIFY(dgx);
        const std::string text = netbox::deviceTypeYaml(*dgx);
        QVERIFY(text.find("\nu_height: 8\n") != std::string::npos);
        QVERIFY(text.find("\nweight: 130.45\nweight_unit: \"kg\"\n") != std::string::npos);
        int ports = 0;
        for (std::size_t at = text.find("maximum_draw: 1700\n"); at != std::string::npos;
             at = text.find("maximum_draw: 1700\n", at + 1))
            ++ports;
        QCOMPARE(ports, 6);
        QVERIFY(text.find("  - name: \"mlx5_0\"\n    type: \"400gbase-x-osfp\"\n")
                != std::string::npos);
        QVERIFY(text.find("\nslug: \"nvidia-dgx-h100\"\n") != std::string::npos);
        QVERIFY(text.find("\nmanufacturer: \"NVIDIA\"\nmodel: \"DGX H100\"\n")
                != std::string::npos);
    }

    void typeMapping()
    {
        QCOMPARE(netbox::interfaceType({ "p1", PortRole::Fabric, 400, "OSFP-twin", -1 }),
                 std::string("400gbase-x-osfp"));
        QCOMPARE(netbox::interfaceType({ "p1", PortRole::Fabric, 200, "QSFP56", -1 }),
                 std::string("200gbase-x-qsfp56"));
        QCOMPARE(netbox::interfaceType({ "mgmt0", PortRole::Management, 1, "RJ45", -1 }),
                 std::string("1000base-t"));
        QCOMPARE(netbox::interfaceType({ "x", PortRole::Fabric, 3, "odd", -1 }),
                 std::string("other"));
        QCOMPARE(netbox::cableType("acc"), std::string("dac-active"));
        QCOMPARE(netbox::cableType("sr4"), std::string("mmf"));
        QCOMPARE(netbox::slug("NVIDIA DGX H100 (8U)"), std::string("nvidia-dgx-h100-8u"));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("part");
        QTest::newRow("qm9700") << "qm9700";
        QTest::newRow("dgx-h100") << "dgx-h100";
        QTest::newRow("sn5600") << "sn5600";
    }

    void roundTrip()
    {
        // Export a catalog part as a NetBox device type, import it into a user-catalog part,
        // read that with the catalog reader and compare the figures NetBox carries.
        QFETCH(QString, part);
        const Part *original = Catalog::builtin().find(part.toStdString());
        QVERIFY(original);
        auto json = netbox::importDeviceType(netbox::deviceTypeYaml(*original), "test.yaml");
        QVERIFY2(json, json ? "" : json.error().message.c_str());
        std::unique_ptr<Part> imported;
        try {
            imported = readPart(JsonReader(*json, "/parts/0"));
        } catch (const JsonInputError &error) {
            QFAIL((error.pointer() + ": " + error.what()).c_str());
        }
        QCOMPARE(imported->vendor, original->vendor);
        QCOMPARE(imported->model, original->model);
        QCOMPARE(imported->uHeight, original->uHeight);
        QCOMPARE(imported->weightKg, original->weightKg);
        // Each power port carries ceil(total / ports) W, so the sum is within one watt per
        // port above the original figure.
        const double psus
            = original->server && original->server->psu.count > 0 ? original->server->psu.count : 1;
        QVERIFY(imported->maxPowerW >= original->maxPowerW);
        QVERIFY(imported->maxPowerW < original->maxPowerW + psus);
        QVERIFY(imported->typicalPowerW >= original->typicalPowerW);
        QCOMPARE(imported->ports.size(), original->ports.size());
        for (std::size_t i = 0; i < original->ports.size(); ++i) {
            const PortSpec &a = original->ports[i];
            const PortSpec &b = imported->ports[i];
            QCOMPARE(b.name, a.name);
            QCOMPARE(b.speedGbps, a.speedGbps);
            QCOMPARE(b.role == PortRole::Management, a.role == PortRole::Management);
            // A twin-port cage is one OSFP cage to NetBox.
            QCOMPARE(b.formFactor,
                     a.formFactor == "OSFP-twin" ? std::string("OSFP") : a.formFactor);
        }
    }

    void importRefusesBadInput()
    {
        auto missing = netbox::importDeviceType("manufacturer: \"X\"\nmodel: \"Y\"\n", "a.yaml");
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.error().message)
                    .contains("a.yaml: expected a device type with `slug`"));
        auto broken = netbox::importDeviceType("manufacturer: [\n", "b.yaml");
        QVERIFY(!broken);
        QVERIFY(QString::fromStdString(broken.error().message).startsWith("b.yaml:"));
        auto odd = netbox::importDeviceType("manufacturer: X\nmodel: Y\nslug: y\n"
                                            "interfaces:\n  - name: e1\n    type: carrier-pigeon\n",
                                            "c.yaml");
        QVERIFY(!odd);
        QVERIFY(QString::fromStdString(odd.error().message).contains("carrier-pigeon"));
    }

    void realTools_data()
    {
        QTest::addColumn<QString>("design");
        QTest::newRow("seed") << "seed";
        QTest::newRow("dgx8") << "dgx8";
    }

    void realTools()
    {
        QFETCH(QString, design);
        const QString python = QStandardPaths::findExecutable("python3");
        if (python.isEmpty())
            QSKIP("python3 missing (Debian: python3-yaml python3-jsonschema)");
        const Design d = designNamed(design.toStdString());
        auto result = exporters::makeNetboxExporter()->run({ d, Catalog::builtin(), {} });
        QVERIFY(result);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const auto &file : result->files) {
            const QString path = dir.filePath(QString::fromStdString(file.path));
            QVERIFY(QDir().mkpath(QFileInfo(path).path()));
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            auto bytes = exporters::fileBytes(file); // 07-cables.csv is streamed
            QVERIFY(bytes);
            out.write(bytes->data(), static_cast<qint64>(bytes->size()));
        }
        QProcess check;
        check.start(python, { CW_NETBOX_CHECKER, dir.path() });
        QVERIFY(check.waitForFinished(60000));
        const QString output = QString::fromUtf8(check.readAllStandardOutput()).trimmed();
        QVERIFY2(check.exitCode() == 0,
                 qPrintable(output + QString::fromUtf8(check.readAllStandardError())));
        // The expected counts from the design: one device type per catalog type in use, one
        // site, every rack, every device, one cable row per link.
        std::set<std::string> types;
        for (const Device &device : d.devices())
            types.insert(device.catalogType);
        const QString expected = QString("types=%1 sites=1 racks=%2 devices=%3 cables=%4")
                                     .arg(types.size())
                                     .arg(d.racks().size())
                                     .arg(d.devices().size())
                                     .arg(d.links().size());
        QCOMPARE(output, expected);
    }
};

QTEST_GUILESS_MAIN(TestNetbox)
#include "tst_netbox.moc"

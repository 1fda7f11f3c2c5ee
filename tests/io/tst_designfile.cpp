// The design file: canonical output, round trips, and a clear error for every bad input.

#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/io/AtomicFile.h"
#include "model/io/DesignFile.h"
#include "model/io/SchemaVersion.h"
#include "model/io/SiteFile.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QtTest>

using namespace cw;
using nlohmann::json;

class TestDesignFile : public QObject
{
    Q_OBJECT

    const Catalog &catalog() { return Catalog::builtin(); }

    json referenceJson()
    {
        auto design = buildDgx8H100Ndr(catalog());
        return json::parse(serializeDesign(*design, catalog()));
    }

    QString loadError(const json &document)
    {
        auto loaded = parseDesign(document.dump(), catalog());
        return loaded ? QString() : QString::fromStdString(loaded.error().message);
    }

private slots:
    void canonicalTextShape()
    {
        auto design = buildDgx8H100Ndr(catalog());
        QVERIFY(design);
        const std::string text = serializeDesign(*design, catalog());
        QVERIFY(text.ends_with("}\n"));
        QVERIFY(text.starts_with(
            "{\n  \"format\": \"clusterwright-design\",\n  \"schemaVersion\": 2,\n"));
        QVERIFY(text.find('\t') == std::string::npos);
        // Ports are written by name so the file reads well and survives catalog reordering.
        QVERIFY(text.find("\"port\": \"mlx5_11\"") != std::string::npos);
    }

    void roundTripIsByteIdentical()
    {
        for (const ReferenceDesign &reference : referenceDesigns()) {
            auto design = reference.build(catalog());
            QVERIFY2(design, design ? "" : design.error().message.c_str());
            const std::string first = serializeDesign(*design, catalog());
            auto loaded = parseDesign(first, catalog());
            QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
            QVERIFY(loaded->warnings.empty());
            const std::string second = serializeDesign(loaded->design, catalog());
            QCOMPARE(second, first);
            // Loaded entities equal the built ones, field by field.
            QCOMPARE(loaded->design.devices().items(), design->devices().items());
            QCOMPARE(loaded->design.links().items(), design->links().items());
            QCOMPARE(loaded->design.site(), design->site());
            QCOMPARE(loaded->design.nextId(), design->nextId());
        }
    }

    void atomicWriteReplacesWholeFile()
    {
        QTemporaryDir dir;
        const std::filesystem::path path = dir.filePath("x.cluster.json").toStdString();
        QVERIFY(writeFileAtomically(path, "first version, longer than the second\n"));
        QVERIFY(writeFileAtomically(path, "second\n"));
        QCOMPARE(*readWholeFile(path), std::string("second\n"));
        // No temporary files are left behind.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        // A folder that does not exist: an error naming the path, no crash.
        auto failed = writeFileAtomically("/nonexistent-dir/x.cluster.json", "x");
        QVERIFY(!failed);
        QVERIFY(QString::fromStdString(failed.error().message)
                    .contains("/nonexistent-dir/x.cluster.json"));
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("mutation");
        QTest::addColumn<QString>("expected");
        QTest::newRow("wrong type")
            << "devices/0/u=\"one\""
            << "/devices/0/u: expected a whole number, got the string \"one\"";
        QTest::newRow("negative power budget")
            << "site/itPowerBudgetKw=-5"
            << "/site/itPowerBudgetKw: expected a number >= 0, got -5";
        QTest::newRow("negative breaker")
            << "racks/0/pdus/0/breakerA=-32"
            << "/racks/0/pdus/0/breakerA: expected a number > 0, got -32";
        QTest::newRow("negative cable length")
            << "links/0/lengthM=-1.5"
            << "/links/0/lengthM: expected a number >= 0, got -1.5";
        QTest::newRow("dangling rack")
            << "devices/0/rack=9999"
            << "/devices/0/rack: expected the id of a rack in this design, got 9999";
        QTest::newRow("dangling link device")
            << "links/3/a/device=424242"
            << "/links/3/a/device: expected the id of a device in this design, got 424242";
        QTest::newRow("dangling tier member")
            << "storageTiers/0/members/0=777"
            << "/storageTiers/0/members: expected ids of devices in this design (777 is not one)";
        QTest::newRow("duplicate id") << "devices/1/id=@devices/0/id"
                                      << "/devices/1/id: expected an id not used elsewhere";
        QTest::newRow("duplicate id across kinds") << "fabrics/0/id=@racks/0/id"
                                                   << "is already the id of /racks/0";
        QTest::newRow("unknown part") << "devices/0/type=\"dgx-z900\""
                                      << "/devices/0/type: expected a catalog rack-mounted device "
                                         "id (\"dgx-z900\" is not in the catalog";
        QTest::newRow("unknown port") << "links/0/a/port=\"mlx5_99\""
                                      << "/links/0/a/port: expected a port of dgx-h100 "
                                         "(\"mlx5_99\" is not one of its 13 ports)";
        QTest::newRow("port used twice") << "links/1/a=@links/0/a"
                                         << "is already used by link";
        QTest::newRow("missing key") << "-devices/0/name"
                                     << "/devices/0/name: required key is missing";
        QTest::newRow("bad enum") << "devices/0/role=\"gpu\""
                                  << "/devices/0/role: expected compute | switch | storage | "
                                     "management, got the string \"gpu\"";
        QTest::newRow("nextId too small")
            << "nextId=3"
            << "/nextId: expected a number larger than every id in the file";
        QTest::newRow("foreign format")
            << "format=\"kicad-pcb\""
            << "/format: expected \"clusterwright-design\" (this is not a Clusterwright design)";
        QTest::newRow("newer version")
            << "schemaVersion=99"
            << "/schemaVersion: expected a schema version this build reads (at most 2); the file "
               "was written by a newer Clusterwright";
        QTest::newRow("version 0") << "schemaVersion=0"
                                   << "/schemaVersion: expected a schema version from 1 to 2";
        QTest::newRow("pue below 1") << "site/pue=0.8"
                                     << "/site/pue: expected a PUE >= 1.0";
        QTest::newRow("array not object") << "racks/0=[1,2]"
                                          << "/racks/0: expected an object, got an array";
        const std::string hallA = R"({"name": "A", "rows": 2, "positionsPerRow": 4})";
        QTest::newRow("hall cooling")
            << QString::fromStdString("site/halls=[" + hallA.substr(0, hallA.size() - 1)
                                      + R"(, "cooling": "water"}])")
            << "/site/halls/0/cooling: expected air | rear-door | liquid, got the string \"water\"";
        QTest::newRow("hall rows")
            << "site/halls=[{\"name\": \"A\", \"rows\": 0, \"positionsPerRow\": 4}]"
            << "/site/halls/0/rows: expected a whole number from 1 to 10000, got 0";
        QTest::newRow("hall twice")
            << QString::fromStdString("site/halls=[" + hallA + "," + hallA + "]")
            << "/site/halls/1/name: expected a hall name, unique in the site";
        QTest::newRow("row cooling outside")
            << QString::fromStdString("site/halls=[" + hallA.substr(0, hallA.size() - 1)
                                      + R"(, "rowCooling": [{"row": 2, "cooling": "air"}]}])")
            << "/site/halls/0/rowCooling/0/row: expected a whole number from 0 to 1";
        QTest::newRow("distance to nowhere")
            << QString::fromStdString(
                   R"(site={"halls": [)" + hallA
                   + R"(], "hallDistances": [{"from": "A", "to": "B", "distanceM": 5}]})")
            << "/site/hallDistances/0/to: expected the name of another hall of this site";
        QTest::newRow("row in unknown hall")
            << "rows/0/hall=\"Z\""
            << "/rows/0/hall: expected the name of a hall of the site (or no hall)";
        QTest::newRow("unknown topology kind")
            << "fabrics/0/topology/kind=\"dragonfly\""
            << "/fabrics/0/topology/kind: expected fat-tree | custom";
    }

    void badInput()
    {
        QFETCH(QString, mutation);
        QFETCH(QString, expected);
        json document = referenceJson();
        // Mutation forms: "path=value", "path=@other/path" (copy), "-path" (remove).
        const std::string m = mutation.toStdString();
        if (m[0] == '-') {
            const json::json_pointer pointer("/" + m.substr(1));
            document[pointer.parent_pointer()].erase(pointer.back());
        } else {
            const auto eq = m.find('=');
            const json::json_pointer pointer("/" + m.substr(0, eq));
            const std::string value = m.substr(eq + 1);
            document[pointer] = value[0] == '@'
                ? document[json::json_pointer("/" + value.substr(1))]
                : json::parse(value);
        }
        const QString error = loadError(document);
        QVERIFY2(!error.isEmpty(), "the bad input was accepted");
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void malformedText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << ""
                               << "the file ends too early";
        QTest::newRow("truncated") << "{\n  \"format\": \"clusterwright-design\",\n  \"rows\": ["
                                   << "the file ends too early (truncated?) at line 3";
        QTest::newRow("garbage") << "{\n  \"format\" \"x\"\n}"
                                 << "not valid JSON at line 2";
        QTest::newRow("not an object") << "[1, 2, 3]"
                                       << "/: expected a JSON object";
        QTest::newRow("binary") << QString::fromLatin1("\x01\x02\x03")
                                << "not valid JSON at line 1";
    }

    void malformedText()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        auto loaded = parseDesign(text.toStdString(), catalog());
        QVERIFY(!loaded);
        QVERIFY2(QString::fromStdString(loaded.error().message).contains(expected),
                 loaded.error().message.c_str());
    }

    void truncatedAtEveryLengthNeverCrashes()
    {
        // Cut the canonical file at many points: every cut is a clean error.
        auto design = buildSeed8NodeHdr(catalog());
        const std::string text = serializeDesign(*design, catalog());
        int errors = 0;
        for (std::size_t cut = 0; cut < text.size() - 2; cut += 97) {
            auto loaded = parseDesign(std::string_view(text).substr(0, cut), catalog());
            QVERIFY(!loaded);
            ++errors;
        }
        QVERIFY(errors > 50);
    }

    void railOptimizedKindReadsAsAFatTreeWithRails()
    {
        // One fact, one field: version 1's kind "rail-optimized" (what generators wrote then)
        // migrates to a fat tree whose railOptimized is set, whatever the flag said, and is
        // written back as "fat-tree" with railOptimized true.
        json document = referenceJson();
        document["schemaVersion"] = 1;
        json &topology = document["fabrics"][0]["topology"];
        topology["kind"] = "rail-optimized";
        topology["railOptimized"] = false;
        auto loaded = parseDesign(document.dump(), catalog());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        QCOMPARE(loaded->fileSchemaVersion, 1);
        const Fabric &fabric = *loaded->design.fabrics().begin();
        QVERIFY(fabric.topology.kind == TopologyKind::FatTree);
        QVERIFY(fabric.topology.railOptimized);
        const json written = json::parse(serializeDesign(loaded->design, catalog()));
        QCOMPARE(written["fabrics"][0]["topology"]["kind"].get<std::string>(),
                 std::string("fat-tree"));
        QCOMPARE(written["fabrics"][0]["topology"]["railOptimized"].get<bool>(), true);
        // Version 2 has no such kind: the reader names the place and the two kinds there are.
        document["schemaVersion"] = 2;
        auto refused = parseDesign(document.dump(), catalog());
        QVERIFY(!refused);
        QCOMPARE(QString::fromStdString(refused.error().message),
                 QStringLiteral("/fabrics/0/topology/kind: expected fat-tree | custom, got the "
                                "string \"rail-optimized\""));
    }

    void unknownKeysAreReportedNotLost()
    {
        json document = referenceJson();
        document["devices"][2]["colour"] = "red";
        document["frobnicate"] = true;
        auto loaded = parseDesign(document.dump(), catalog());
        QVERIFY(loaded);
        QCOMPARE(loaded->warnings.size(), std::size_t(2));
        QVERIFY(QString::fromStdString(loaded->warnings[0]).contains("/frobnicate: unknown key"));
        QVERIFY(
            QString::fromStdString(loaded->warnings[1]).contains("/devices/2/colour: unknown key"));
    }

    void loadFileErrorsNameThePath()
    {
        auto missing = loadDesignFile("/no/such/file.cluster.json", catalog());
        QVERIFY(!missing);
        QVERIFY(QString::fromStdString(missing.error().message)
                    .startsWith("/no/such/file.cluster.json: cannot be opened"));
        QTemporaryDir dir;
        auto folder = loadDesignFile(dir.path().toStdString(), catalog());
        QVERIFY(!folder);
        QVERIFY(QString::fromStdString(folder.error().message).contains("is a folder"));
    }

    void hallsRoundTrip()
    {
        auto design = buildDgx8H100Ndr(catalog());
        QVERIFY(design);
        Site site = design->site();
        Hall a;
        a.name = "A";
        a.rows = 3;
        a.positionsPerRow = 12;
        a.rowPitchM = 3.6;
        a.maxKwPerPosition = 140;
        a.cooling = HallCooling::Liquid;
        a.cduSupplyTempC = 32;
        a.rowCooling = { { 0, HallCooling::Air }, { 2, HallCooling::RearDoor } };
        Hall b = a;
        b.name = "B";
        b.rowCooling.clear();
        site.halls = { a, b };
        site.hallDistances = { { "A", "B", 60 } };
        site.cduRedundancy = 2;
        design.value().setSite(site);
        Row row = *design->rows().begin();
        row.hall = "B";
        row.index = 1;
        design.value().updateRow(row);
        const std::string text = serializeDesign(*design, catalog());
        auto loaded = parseDesign(text, catalog());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        QVERIFY(loaded->warnings.empty());
        QVERIFY(loaded->design.site() == site);
        QCOMPARE(loaded->design.rows().begin()->hall, std::string("B"));
        QCOMPARE(serializeDesign(loaded->design, catalog()), text);
        QVERIFY(site.halls[0].coolingOfRow(2) == HallCooling::RearDoor);
        QVERIFY(site.halls[0].coolingOfRow(1) == HallCooling::Liquid);
        // The site alone, as generate --site reads it, and from a whole design file.
        auto alone = parseSite(serializeSite(site));
        QVERIFY(alone);
        QVERIFY(alone->site == site);
        auto fromDesign = parseSite(text);
        QVERIFY(fromDesign);
        QVERIFY(fromDesign->site == site);
        auto bad = parseSite(R"({"halls": [{"name": "A", "rows": 1}]})");
        QVERIFY(!bad);
        QCOMPARE(QString::fromStdString(bad.error().message),
                 QStringLiteral("/halls/0/positionsPerRow: required key is missing"));
    }

    void version1MigratesForward()
    {
        // tests/data/migrations/v1-mini.cluster.json: a version-1 file (no halls, no
        // cduRedundancy). It loads as a free-floor site with N+1 written down, and says so.
        auto v1 = loadDesignFile(
            std::filesystem::path(CW_SOURCE_DIR) / "tests/data/migrations/v1-mini.cluster.json",
            *Catalog::withUserFolders(
                 { std::filesystem::path(CW_SOURCE_DIR) / "tests/data/validation/catalog" })
                 .value());
        QVERIFY2(v1, v1 ? "" : v1.error().message.c_str());
        QCOMPARE(v1->fileSchemaVersion, 1);
        QVERIFY(v1->design.site().halls.empty());
        QCOMPARE(v1->design.site().cduRedundancy, 1);
        QCOMPARE(v1->warnings.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(v1->warnings.front())
                    .startsWith("migrated from schema version 1 to 2"));
        QCOMPARE(v1->design.site().itPowerBudgetKw, 50.0);
    }

    void schemaDocumentIsValidJson()
    {
        auto text = readWholeFile(std::filesystem::path(CW_SOURCE_DIR)
                                  / "resources/schema/design.schema.json");
        QVERIFY(text);
        const json schema = json::parse(*text);
        QCOMPARE(schema["properties"]["schemaVersion"]["const"].get<int>(), kDesignSchemaVersion);
        // Every top-level key the writer emits is documented.
        const json written = referenceJson();
        for (auto it = written.begin(); it != written.end(); ++it)
            QVERIFY2(schema["properties"].contains(it.key()), it.key().c_str());
    }
};

QTEST_GUILESS_MAIN(TestDesignFile)
#include "tst_designfile.moc"

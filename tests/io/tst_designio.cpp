// The streaming writer and the tape reader of the design file: the writer's bytes equal the
// former ordered_json writer's (tests/io/ReferenceWriter.h) on real and on awkward designs,
// awkward designs round-trip, and the reader's messages for the inputs the rewrite touched
// (number overflow, bad UTF-8, a byte order mark, repeated keys, unknown keys, ports used
// twice) name the place.

#include "LoadOutcome.h"
#include "ReferenceWriter.h"

#include "model/catalog/Catalog.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/io/DesignLoadPaths.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace cw;
using nlohmann::json;

namespace {

const Catalog &catalog()
{
    return Catalog::builtin();
}

/// The 8-DGX reference design with every optional part of the format filled in and values
/// that exercise escaping and number formatting.
Design awkwardDesign(double siteNumber)
{
    Design design = buildDgx8H100Ndr(catalog()).value();
    // Control characters are refused by the name policy (model/core/NamePolicy.h): what the
    // writer must still escape in a name is the quote and the backslash.
    design.setName("Quotes \" backslash \\ slash / brace { colon : caf\xc3\xa9");
    Site site = design.site();
    site.name = "H\xc3\xa9lsinki \xe2\x82\xac \xf0\x9f\x98\x80"; // UTF-8: e acute, euro, emoji
    site.utilityPowerKw = siteNumber;
    site.itPowerBudgetKw = 0.1;
    site.pue = 1.0000000000000002;
    site.airCoolingCapacityKw = 1e15; // the largest magnitude a file may hold
    site.liquidCoolingCapacityKw = 123456789.125;
    site.electricityUsdPerKwh = 1e-7;
    site.slackM = 5e-324;
    design.setSite(site);
    Device device = *design.devices().begin();
    QosProfile qos;
    qos.dscpToPriority = { { 26, 3 }, { 48, 6 }, { 0, 0 } };
    qos.pfcCableLengthM = 300;
    qos.losslessPriorities = {};
    device.qos = qos;
    device.tier = 0;
    design.updateDevice(device);
    StorageTier local;
    local.id = design.newId<StorageTierId>();
    local.name = "node-local";
    local.kind = StorageKind::NodeLocalNvme;
    design.addStorageTier(local);
    SchedulerSettings scheduler;
    scheduler.partitions.push_back({ "empty", {}, false, "1:00:00" });
    scheduler.partitions.push_back({ "all", { device.id }, true, "INFINITE" });
    design.setScheduler(scheduler);
    NcclSettings nccl;
    nccl.ibTimeout = 22;
    nccl.ibGidIndex = -1;
    nccl.socketIfname = "=eth0";
    design.setNccl(nccl);
    design.setWaivers(
        { { "power.rack-budget", { 2, 3 }, "accepted \"for now\"", "me", "2024-06-01", "" },
          { "cooling.site", {}, "r", "", "", "2025-01-01" } });
    design.setSeverityOverrides({ { "network.mtu", "off" }, { "z\"quoted", "info" } });
    return design;
}

QString loadError(const std::string &text)
{
    auto loaded = parseDesign(text, catalog());
    return loaded ? QString() : QString::fromStdString(loaded.error().message);
}

std::string referenceText()
{
    return serializeDesign(buildDgx8H100Ndr(catalog()).value(), catalog());
}

/// What a load gives, in comparable form (LoadOutcome.h).
std::string loadOutcome(const Result<LoadedDesign> &loaded)
{
    return test::loadOutcome(loaded, catalog());
}

/// Both load paths on one text: parseDesign (which tries the links straight from the text)
/// must give what the tape alone gives, and the fast path, when it accepts, the same design.
void checkPathsAgree(const std::string &text, const char *what)
{
    const std::string tape = loadOutcome(parseDesignOnTape(text, catalog()));
    const std::string chosen = loadOutcome(parseDesign(text, catalog()));
    QVERIFY2(chosen == tape, what);
    if (auto fast = parseDesignFast(text, catalog())) {
        QVERIFY2(fast->warnings.empty(), what);
        QVERIFY2(serializeDesign(fast->design, catalog()) == tape, what);
    }
}

} // namespace

class TestDesignIo : public QObject
{
    Q_OBJECT

private slots:
    void writerMatchesFormerWriter()
    {
        for (const ReferenceDesign &reference : referenceDesigns()) {
            auto design = reference.build(catalog());
            QVERIFY(design);
            QCOMPARE(serializeDesign(*design, catalog()),
                     test::referenceSerialize(*design, catalog()));
        }
        using Parameters = std::map<std::string, std::string>;
        for (const auto &[name, parameters] :
             { std::pair<std::string, Parameters> { "fat-tree",
                                                    { { "nodes", "128" }, { "storage", "vast" } } },
               std::pair<std::string, Parameters> { "superpod-h100", {} } }) {
            auto generated = generateDesign(name, parameters, catalog());
            QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
            const Design &design = generated->design;
            QCOMPARE(serializeDesign(design, catalog()),
                     test::referenceSerialize(design, catalog()));
        }
    }

    void awkwardValuesMatchAndRoundTrip_data()
    {
        QTest::addColumn<double>("number");
        QTest::newRow("whole") << 150.0;
        QTest::newRow("zero") << 0.0;
        QTest::newRow("negative zero") << -0.0;
        QTest::newRow("tenth") << 0.1;
        QTest::newRow("third") << 1.0 / 3.0;
        QTest::newRow("1e15") << 1e15;
        QTest::newRow("1e-4") << 1e-4;
        QTest::newRow("1e-5") << 1e-5;
        QTest::newRow("min normal") << std::numeric_limits<double>::min();
    }

    void awkwardValuesMatchAndRoundTrip()
    {
        QFETCH(double, number);
        const Design design = awkwardDesign(number);
        const std::string text = serializeDesign(design, catalog());
        QCOMPARE(text, test::referenceSerialize(design, catalog()));
        auto loaded = parseDesign(text, catalog());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        QVERIFY(loaded->warnings.empty());
        QCOMPARE(serializeDesign(loaded->design, catalog()), text);
        QCOMPARE(loaded->design.name(), design.name());
        QCOMPARE(loaded->design.site(), design.site());
        QVERIFY(loaded->design.devices().begin()->qos == design.devices().begin()->qos);
        QVERIFY(loaded->design.nccl() == design.nccl());
        QVERIFY(loaded->design.waivers() == design.waivers());
        QVERIFY(loaded->design.severityOverrides() == design.severityOverrides());
    }

    void nonFiniteNumbersAndBadUtf8AsBefore()
    {
        // nlohmann wrote NaN and infinity as null (a file that then does not load: a number
        // is expected) and threw on invalid UTF-8; the streaming writer does the same.
        Design design = awkwardDesign(std::numeric_limits<double>::quiet_NaN());
        std::string text = serializeDesign(design, catalog());
        QCOMPARE(text, test::referenceSerialize(design, catalog()));
        QVERIFY(text.find("\"utilityPowerKw\": null") != std::string::npos);
        QVERIFY(loadError(text).contains("/site/utilityPowerKw: expected a number, got null"));
        design = awkwardDesign(-std::numeric_limits<double>::infinity());
        QCOMPARE(serializeDesign(design, catalog()), test::referenceSerialize(design, catalog()));
        design.setName("bad \xff byte");
        QVERIFY_THROWS_EXCEPTION(json::type_error, serializeDesign(design, catalog()));
        QVERIFY_THROWS_EXCEPTION(json::type_error, test::referenceSerialize(design, catalog()));
    }

    void numberOverflowIsAnErrorWithAPlace()
    {
        // nlohmann reports 1e400 with an out_of_range exception, which the former loader did
        // not catch; now it is an error with a line and column like any malformed text.
        std::string text = referenceText();
        const std::string key = "\"utilityPowerKw\": ";
        const auto at = text.find(key) + key.size();
        text.replace(at, text.find(',', at) - at, "1e400");
        const QString error = loadError(text);
        QVERIFY2(error.startsWith("not valid JSON at line 9, column"), qPrintable(error));
        QVERIFY2(error.contains("number overflow"), qPrintable(error));
    }

    void invalidUtf8NamesTheLine()
    {
        std::string text = referenceText();
        text.replace(text.find("Reference hall"), 9, "Ref\xc3(xx)"); // a lead byte alone
        const QString error = loadError(text);
        QVERIFY2(error.startsWith("not valid JSON at line 8, column"), qPrintable(error));
    }

    void byteOrderMarkAndRepeatedKeys()
    {
        // A leading UTF-8 BOM is skipped.
        std::string text = "\xef\xbb\xbf" + referenceText();
        QVERIFY(parseDesign(text, catalog()));
        // A repeated key is an error naming the object and the key: readers disagree on which
        // value wins (nlohmann the last, others the first), so the file means two things.
        text = referenceText();
        text.replace(text.find("\"pue\": 1.3"), 10, "\"pue\": 9.0, \"pue\": 1.25");
        const QString error = loadError(text);
        QVERIFY2(error.startsWith("/site/pue (line "), qPrintable(error));
        QVERIFY2(error.contains("duplicate key \"pue\""), qPrintable(error));
        // The same key spelt with an escape is the same key.
        text = referenceText();
        text.replace(text.find("\"pue\": 1.3"), 10, "\"pue\": 9.0, \"p\\u0075e\": 1.25");
        QVERIFY(loadError(text).contains("duplicate key \"pue\""));
    }

    void absurdNumbersNameTheField_data()
    {
        QTest::addColumn<QString>("number");
        QTest::newRow("1e16") << "1e16";
        QTest::newRow("max double") << "1.7976931348623157e308";
        QTest::newRow("2^53 + 2") << "9007199254740994";
        QTest::newRow("-1e308") << "-1e308";
    }

    void absurdNumbersNameTheField()
    {
        // 1e308 W once printed as "inf kW": every number of a file is at most 1e15 in magnitude.
        QFETCH(QString, number);
        std::string text = referenceText();
        text.replace(text.find("\"pue\": 1.3"), 10, "\"pue\": " + number.toStdString());
        const QString error = loadError(text);
        QVERIFY2(error.startsWith("/site/pue: expected a finite number of magnitude at most 1e15"),
                 qPrintable(error));
    }

    void unknownKeysSortedPerObject()
    {
        // Warnings list an object's unknown keys in key order, once each (as the std::map of
        // nlohmann's objects listed them), objects in reading order.
        // ordered_json keeps the keys in the order added: the text has zeta before alpha.
        nlohmann::ordered_json document = nlohmann::ordered_json::parse(referenceText());
        document["site"]["zeta"] = 1;
        document["site"]["alpha"] = 2;
        document["links"][4]["a"]["colour"] = "red";
        document["links"][4]["a"]["a~b/c"] = "odd";
        auto loaded = parseDesign(document.dump(), catalog());
        QVERIFY(loaded);
        const std::vector<std::string> expected {
            "/site/alpha: unknown key, ignored (it will not be saved)",
            "/site/zeta: unknown key, ignored (it will not be saved)",
            "/links/4/a/a~0b~1c: unknown key, ignored (it will not be saved)",
            "/links/4/a/colour: unknown key, ignored (it will not be saved)"
        };
        QCOMPARE(loaded->warnings, expected);
    }

    void duplicateIdsFoundAboveNextIdToo()
    {
        // Ids below nextId are checked in a flat table, others in a hash map: a repeated id
        // is found either way, naming its first owner.
        json document = json::parse(referenceText());
        document["devices"][1]["id"] = 1000000000000;
        document["devices"][2]["id"] = 1000000000000;
        QVERIFY(loadError(document.dump())
                    .startsWith("/devices/2/id: expected an id not used elsewhere (1000000000000 "
                                "is already the id "
                                "of /devices/1)"));
        document = json::parse(referenceText());
        document["links"][3]["id"] = document["devices"][0]["id"];
        QVERIFY(loadError(document.dump()).contains("is already the id of /devices/0)"));
    }

    void referenceErrorsNameThePointer_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("id too large for a whole number")
            << "/devices/2/id"
            << "1e20"
            << "/devices/2/id: expected a whole number, got 1e+20";
        QTest::newRow("id as a whole float is accepted") << "/nextId"
                                                         << "1000.0"
                                                         << "";
        QTest::newRow("u below range")
            << "/devices/3/u"
            << "0"
            << "/devices/3/u: expected a whole number from 1 to 60, got 0";
        QTest::newRow("port used twice names the link")
            << "/links/5/b/port"
            << "\"p1\""
            << "/links/5/b/port: expected a free port (\"p1\" of device 16 is already used by "
               "link 31), got the string \"p1\"";
        QTest::newRow("same port both ends")
            << "/links/0/b"
            << "{\"device\": 7, \"port\": \"mlx5_0\"}"
            << "/links/0/b: expected a port other than the a side's, got an object";
        QTest::newRow("bad DSCP key")
            << "/fabrics/0/qos"
            << "{\"dscpToPriority\": {\"64\": 1}}"
            << "/fabrics/0/qos/dscpToPriority: expected DSCP keys from \"0\" to \"63\", got \"64\"";
        QTest::newRow("bad severity")
            << "/severityOverrides"
            << "{\"a\": \"error\", \"b\": 3}"
            << "/severityOverrides/b: expected error | warning | info | off, got 3";
        QTest::newRow("member not an id")
            << "/storageTiers/0/members"
            << "[1.5]"
            << "/storageTiers/0/members/0: expected a whole number, got 1.5";
        QTest::newRow("device not an object")
            << "/devices/4"
            << "\"dgx\""
            << "/devices/4: expected an object, got the string \"dgx\"";
        QTest::newRow("cable part of the wrong kind")
            << "/links/2/cable"
            << "\"qm9700\""
            << "/links/2/cable: expected a catalog cable or transceiver id (\"qm9700\" is a "
               "switch)";
        // describe() cuts a value's text at 37 characters and adds "...".
        QTest::newRow("long string is cut")
            << "/devices/0/role"
            << "\"0123456789012345678901234567890123456789\""
            << "/devices/0/role: expected compute | switch | storage | management, got the "
               "string \"012345678901234567890123456789012345...";
    }

    void linkKeysInAnyOrderReadTheSame()
    {
        // The reader walks each link object's members once (a slot per known key) instead of
        // searching it per key: the writer's order, its reverse and an unknown key in
        // between give the same design (saved again: the writer's bytes).
        const std::string reference = referenceText();
        nlohmann::ordered_json document = nlohmann::ordered_json::parse(reference);
        for (auto &link : document["links"]) {
            nlohmann::ordered_json reversed = nlohmann::ordered_json::object();
            for (auto it = link.rbegin(); it != link.rend(); ++it) {
                reversed[it.key()] = it.value();
                if (it.key() == "b")
                    reversed["note"] = "kept out";
            }
            for (const char *side : { "a", "b" })
                reversed[side] = nlohmann::ordered_json { { "port", link[side]["port"] },
                                                          { "device", link[side]["device"] } };
            link = reversed;
        }
        const std::string text = document.dump(1);
        const std::size_t links = text.find("\"links\"");
        QVERIFY(text.find("\"lengthM\"", links) < text.find("\"id\"", links));
        auto loaded = parseDesign(text, catalog());
        QVERIFY2(loaded, loaded ? "" : loaded.error().message.c_str());
        QCOMPARE(serializeDesign(loaded->design, catalog()), reference);
        // One per link (168), listed up to kMaxLoadWarnings (100), then counted.
        QCOMPARE(document["links"].size(), std::size_t { 168 });
        QCOMPARE(loaded->warnings.size(), std::size_t { 101 });
        QCOMPARE(loaded->warnings.back(), std::string("... and 68 more unknown keys, not listed"));
        QCOMPARE(loaded->warnings.front(),
                 std::string("/links/0/note: unknown key, ignored (it will not be saved)"));
        // A repeated key in a link is refused before the reader, whichever its place.
        document = nlohmann::ordered_json::parse(reference);
        std::string repeated = document.dump(1);
        const std::size_t lengthAt = repeated.find("\"lengthM\"", repeated.find("\"links\""));
        repeated.insert(lengthAt, "\"fabric\": 1, ");
        const QString error = loadError(repeated);
        QVERIFY2(error.startsWith("/links/0/fabric (line "), qPrintable(error));
        QVERIFY2(error.contains("duplicate key \"fabric\""), qPrintable(error));
    }

    void linkErrorsInEveryKeyOrder_data()
    {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value"); // empty: the key is removed
        QTest::addColumn<QString>("expected");
        // Link 3 of the reference design: its first error, as the key-by-key reader gave it.
        QTest::newRow("id missing") << "/links/3/id"
                                    << ""
                                    << "/links/3/id: required key is missing";
        QTest::newRow("id a string")
            << "/links/3/id"
            << "\"7\""
            << "/links/3/id: expected a whole number, got the string \"7\"";
        QTest::newRow("id zero") << "/links/3/id"
                                 << "0"
                                 << "/links/3/id: expected a positive whole number, got 0";
        QTest::newRow("fabric missing") << "/links/3/fabric"
                                        << ""
                                        << "/links/3/fabric: required key is missing";
        QTest::newRow("fabric dangling")
            << "/links/3/fabric"
            << "999"
            << "/links/3/fabric: expected the id of a fabric in this design, got 999";
        QTest::newRow("a missing") << "/links/3/a"
                                   << ""
                                   << "/links/3/a: required key is missing";
        QTest::newRow("b an array") << "/links/3/b"
                                    << "[]"
                                    << "/links/3/b: expected an object, got an array";
        QTest::newRow("device missing") << "/links/3/b/device"
                                        << ""
                                        << "/links/3/b/device: required key is missing";
        QTest::newRow("device negative")
            << "/links/3/a/device"
            << "-4"
            << "/links/3/a/device: expected the id of a device in this design, got -4";
        QTest::newRow("port missing") << "/links/3/a/port"
                                      << ""
                                      << "/links/3/a/port: required key is missing";
        QTest::newRow("port a number") << "/links/3/b/port"
                                       << "1"
                                       << "/links/3/b/port: expected a string, got 1";
        QTest::newRow("cable a number") << "/links/3/cable"
                                        << "5"
                                        << "/links/3/cable: expected a string, got 5";
        QTest::newRow("cable empty is no cable") << "/links/3/cable"
                                                 << "\"\""
                                                 << "";
        QTest::newRow("cable absent is no cable") << "/links/3/cable"
                                                  << ""
                                                  << "";
        QTest::newRow("length a string")
            << "/links/3/lengthM"
            << "\"3\""
            << "/links/3/lengthM: expected a number, got the string \"3\"";
        QTest::newRow("length absent is zero") << "/links/3/lengthM"
                                               << ""
                                               << "";
    }

    void linkErrorsInEveryKeyOrder()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        // nlohmann::json sorts keys ("a", "b", "cable", "fabric", "id", "lengthM"),
        // ordered_json keeps the writer's ("id", "fabric", "a", "b", "cable", "lengthM"); a
        // second error later in the same link (lengthM) must not come first in either.
        const std::string reference = referenceText();
        const auto check = [&](auto document) {
            using Json = decltype(document);
            const typename Json::json_pointer at(pointer.toStdString());
            if (!pointer.endsWith("lengthM"))
                document["links"][3]["lengthM"] = -1;
            if (value.isEmpty())
                document[at.parent_pointer()].erase(at.back());
            else
                document[at] = Json::parse(value.toStdString());
            const QString error = loadError(document.dump(2));
            if (expected.isEmpty() && !pointer.endsWith("lengthM"))
                QCOMPARE(error, QString("/links/3/lengthM: expected a number >= 0, got -1"));
            else
                QCOMPARE(error, expected);
        };
        check(json::parse(reference));
        check(nlohmann::ordered_json::parse(reference));
    }

    void fastPathTakesTheWritersLayoutAndAnyKeyOrder()
    {
        // The written file (the links matched as the writer lays them out), the same with
        // keys sorted and minified (the general scanner), and with CRLF line ends: the fast
        // path reads all of them, to the writer's bytes.
        const std::string reference = referenceText();
        const json sorted = json::parse(reference);
        std::string crlf;
        for (char c : reference)
            crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
        for (const std::string &text : { reference, sorted.dump(), sorted.dump(3), crlf }) {
            auto fast = parseDesignFast(text, catalog());
            QVERIFY(fast);
            QCOMPARE(serializeDesign(fast->design, catalog()), reference);
            QCOMPARE(fast->design.links().size(), std::size_t { 168 });
        }
        // An unknown key, an escape or an old schema version: the tape's path (warnings,
        // the unescaped name, the migration) gives the result.
        json unknown = sorted;
        unknown["links"][7]["note"] = "x";
        // "mlx5_0" with its underscore escaped: the same name once the tape unescapes it.
        std::string escapedText = reference;
        const std::size_t port = escapedText.find("\"mlx5_0\"", escapedText.find("\"links\""));
        escapedText.replace(port, 8, "\"mlx5\\u005f0\"");
        std::string older = reference;
        older.replace(older.find("\"schemaVersion\": 2"), 18, "\"schemaVersion\": 1");
        for (const std::string &text : { unknown.dump(2), escapedText, older }) {
            QVERIFY(!parseDesignFast(text, catalog()));
            checkPathsAgree(text, "declined");
        }
        QVERIFY(parseDesign(escapedText, catalog()));
    }

    void fastPathAgreesWithTheTapeOnEveryLinkValue_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QStringList>("values");
        const QStringList ids { "0",  "-3",   "7.0",  "1e2",         "4294967296",          "\"5\"",
                                "[]", "null", "9999", "99999999999", "18446744073709551616" };
        const QStringList names { "\"\"",       "\"p\\u0031\"", "\"caf\u00e9\"", "5",
                                  "\"p1\\\"\"", "\"mlx5_0\"",   "\"nope\"",      "{}" };
        QTest::newRow("id") << "id" << ids;
        QTest::newRow("fabric") << "fabric" << ids;
        QTest::newRow("a/device") << "a/device" << ids;
        QTest::newRow("b/device") << "b/device" << ids;
        QTest::newRow("a/port") << "a/port" << names;
        QTest::newRow("b/port") << "b/port" << names;
        QTest::newRow("cable") << "cable" << (names + QStringList { "\"qm9700\"" });
        QTest::newRow("lengthM") << "lengthM"
                                 << QStringList { "0",
                                                  "-0",
                                                  "-0.0",
                                                  "0.1",
                                                  "2.50",
                                                  "1e-400",
                                                  "1E2",
                                                  "3.000000000000001",
                                                  "123456789012345.6",
                                                  "1000000000000000",
                                                  "1000000000000000.5",
                                                  "1e15",
                                                  "1e400",
                                                  "0.30000000000000004",
                                                  "12345678901234567890123",
                                                  "\"3\"",
                                                  "true" };
    }

    void fastPathAgreesWithTheTapeOnEveryLinkValue()
    {
        // Each value put into a link of the written file by text substitution (so the
        // layout stays the writer's and the literal matcher meets it), in the first, a middle
        // and the last link: both paths give the same error, or the same design.
        QFETCH(QString, key);
        QFETCH(QStringList, values);
        const std::string reference = referenceText();
        const json document = json::parse(reference);
        for (std::size_t link : { std::size_t { 0 }, std::size_t { 80 }, std::size_t { 167 } }) {
            const json &entry = document["links"][link];
            const std::string field = key.toStdString();
            const bool nested = field.size() > 2 && field[1] == '/';
            const std::string name = nested ? field.substr(2) : field;
            const json &old = nested ? entry[field.substr(0, 1)][name] : entry[name];
            // The link's own text, then the old value's within it.
            const std::string idText
                = "\"id\": " + std::to_string(entry["id"].get<long long>()) + ",";
            const std::size_t linkAt = reference.find(idText);
            QVERIFY(linkAt != std::string::npos);
            std::size_t keyAt = reference.find("\"" + name + "\": ", linkAt);
            if (nested && field[0] == 'b')
                keyAt = reference.find("\"" + name + "\": ", reference.find("\"b\": {", linkAt));
            const std::size_t valueAt = keyAt + name.size() + 4;
            const std::string oldText = old.is_number_float()
                ? reference.substr(valueAt, reference.find_first_of(",\n", valueAt) - valueAt)
                : old.dump();
            QCOMPARE(reference.substr(valueAt, oldText.size()), oldText);
            for (const QString &value : values) {
                std::string text = reference;
                text.replace(valueAt, oldText.size(), value.toStdString());
                const std::string what
                    = field + " = " + value.toStdString() + " in link " + std::to_string(link);
                checkPathsAgree(text, what.c_str());
            }
        }
    }

    void fastPathAgreesWithTheTapeOnMutatedText()
    {
        // Bytes deleted, inserted or changed at random places of the links (a fixed seed):
        // broken JSON, broken links and, now and then, a different valid file. Whatever the
        // fast path accepts equals the tape's design; every error reads as the tape's.
        const std::string reference = referenceText();
        const std::size_t first = reference.find("\"links\": [");
        const std::size_t last = reference.find("\"storageTiers\"");
        const std::string alphabet = "{}[]\",:0123456789-.eE \n\tabpz\\\x1f\x80\xc3";
        std::mt19937 random(20261125);
        int accepted = 0;
        for (int round = 0; round < 1500; ++round) {
            std::string text = reference;
            const int edits = 1 + static_cast<int>(random() % 3);
            for (int e = 0; e < edits; ++e) {
                const std::size_t at = first + random() % (last - first);
                const char c = alphabet[random() % alphabet.size()];
                switch (random() % 3) {
                case 0:
                    text.erase(at, 1);
                    break;
                case 1:
                    text.insert(at, 1, c);
                    break;
                default:
                    text[at] = c;
                }
            }
            if (parseDesignFast(text, catalog()))
                ++accepted;
            checkPathsAgree(text, ("round " + std::to_string(round)).c_str());
        }
        // Edits inside whitespace leave a file the fast path still reads.
        QVERIFY(accepted > 10);
    }

    void referenceErrorsNameThePointer()
    {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        json document = json::parse(referenceText());
        document[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
        const QString error = loadError(document.dump(2));
        if (expected.isEmpty())
            QVERIFY2(error.isEmpty(), qPrintable(error));
        else
            QVERIFY2(error.startsWith(expected), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestDesignIo)
#include "tst_designio.moc"

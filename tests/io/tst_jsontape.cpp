// The tape parser (model/io/JsonTape.h) against nlohmann::json, the parser the design file
// used before and the reference for what is valid: the same texts are accepted and rejected,
// and an accepted text gives the same values with the same number types. Hand-picked edge
// cases (RFC 8259 grammar, number ranges, escapes, UTF-8) and a few thousand seeded random
// mutations of a real design file.

#include "model/catalog/Catalog.h"
#include "model/common/JsonLimits.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/io/DesignFile.h"
#include "model/io/JsonTape.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <functional>

#include <random>

using namespace cw;
using nlohmann::json;

namespace {

/// The tape's value as a nlohmann DOM; members are assigned in order, so a repeated key
/// keeps its last value, as nlohmann's parser does.
json toJson(const JsonTape &tape, std::uint32_t index)
{
    const JsonTape::Node &n = tape.node(index);
    switch (n.type) {
    case JsonTape::Type::Null:
        return nullptr;
    case JsonTape::Type::False:
        return false;
    case JsonTape::Type::True:
        return true;
    case JsonTape::Type::Signed:
        return n.v.i;
    case JsonTape::Type::Unsigned:
        return n.v.u;
    case JsonTape::Type::Float:
        return n.v.d;
    case JsonTape::Type::String:
        return std::string(tape.string(index));
    case JsonTape::Type::Array: {
        json array = json::array();
        tape.forEachElement(index, [&](std::uint32_t e) { array.push_back(toJson(tape, e)); });
        return array;
    }
    case JsonTape::Type::Object: {
        json object = json::object();
        tape.forEachMember(index, [&](std::uint32_t k, std::uint32_t v) {
            object[std::string(tape.string(k))] = toJson(tape, v);
        });
        return object;
    }
    }
    return nullptr;
}

/// Same value and the same JSON types all the way down (nlohmann's == calls 1 and 1.0 equal).
bool sameTyped(const json &a, const json &b)
{
    if (a.type() != b.type())
        return false;
    if (a.is_object()) {
        if (a.size() != b.size())
            return false;
        for (auto it = a.begin(); it != a.end(); ++it)
            if (!b.contains(it.key()) || !sameTyped(it.value(), b.at(it.key())))
                return false;
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!sameTyped(a[i], b[i]))
                return false;
        return true;
    }
    if (a.is_number_float()) // bitwise, so -0.0 and 0.0 differ
        return std::memcmp(&a.get_ref<const double &>(), &b.get_ref<const double &>(),
                           sizeof(double))
            == 0;
    return a == b;
}

/// Empty when the tape and nlohmann agree on `text`, otherwise what differs. The values are
/// compared unless `compareValues` is false (the helpers here recurse; very deep documents
/// are only checked for acceptance).
std::string disagreement(const std::string &text, bool compareValues = true)
{
    JsonTape tape;
    bool tapeAccepts = tape.parse(text);
    json reference;
    bool nlohmannAccepts = true;
    try {
        reference = json::parse(text);
    } catch (const json::exception &) {
        nlohmannAccepts = false;
    }
    // nlohmann stops at a NUL byte as at the end of the text ("{}\0junk" is accepted). The
    // tape rejects that; parseDesign then reads nlohmann's re-serialization, as here.
    std::string rewritten;
    if (!tapeAccepts && nlohmannAccepts && text.find('\0') != std::string::npos) {
        rewritten = reference.dump();
        tapeAccepts = tape.parse(rewritten);
    }
    if (tapeAccepts != nlohmannAccepts)
        return std::string("tape ") + (tapeAccepts ? "accepts" : "rejects") + ", nlohmann "
            + (nlohmannAccepts ? "accepts" : "rejects");
    if (tapeAccepts && compareValues && !sameTyped(toJson(tape, 0), reference))
        return "values differ: tape " + toJson(tape, 0).dump() + ", nlohmann " + reference.dump();
    return {};
}

} // namespace

class TestJsonTape : public QObject
{
    Q_OBJECT

private slots:
    void agreesWithNlohmann_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("compareValues");
        const char *const cases[] = {
            // Grammar.
            "{}",
            "[]",
            " \t\r\n{ } ",
            "{\"a\":1}",
            "{\"a\":[1,{\"b\":[]},\"c\"],\"d\":{}}",
            "[[[[[]]]]]",
            "true",
            "false",
            "null",
            "\"text\"",
            "7",
            "{\"a\":1,}",
            "[1,]",
            "[,1]",
            "{,}",
            "{\"a\" 1}",
            "{\"a\":}",
            "{1:2}",
            "[1 2]",
            "{} x",
            "{}}",
            "[",
            "{",
            "{\"a\":1",
            "\"open",
            "",
            "   ",
            "tru",
            "nul",
            "fals",
            "True",
            "NaN",
            "Infinity",
            "-Infinity",
            "'single'",
            "{\"a\":1 /* c */}",
            "// c\n{}",
            "{\"a\":1}\n\n",
            "\n[\n1\n]\n",
            // Numbers.
            "0",
            "-0",
            "-0.0",
            "0.0",
            "1.5",
            "-1.5e10",
            "1E5",
            "1e+5",
            "1e-5",
            "0.1",
            "123456789.125",
            "01",
            "00",
            "-01",
            "1.",
            ".5",
            "+1",
            "-",
            "1e",
            "1e+",
            "1.e5",
            "0x10",
            "1_000",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775807",
            "-9223372036854775808",
            "-9223372036854775809",
            "1e308",
            "1.7976931348623157e308",
            "1e309",
            "1e400",
            "-1e400",
            "1e-400",
            "4.9e-324",
            "2.4e-324",
            "100000000000000000000000000000000000000000",
            // Strings and escapes.
            "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
            "\"\\u00e9\"",
            "\"\\u00E9\"",
            "\"\\ud83d\\ude00\"",
            "\"\\u0000\"",
            "\"a\\u0000b\"",
            "\"\\ud800\"",
            "\"\\udc00\"",
            "\"\\ud800\\u0041\"",
            "\"\\ud800\\udbff\"",
            "\"\\uZZZZ\"",
            "\"\\u12\"",
            "\"\\x41\"",
            "\"\\a\"",
            "\"\\\"",
            "\"tab\there\"",
            "\"new\nline\"",
            "\"\x01\"",
            "\"\x1f\"",
            "\"\x7f\"",
            // UTF-8: valid, overlong, surrogates, out of range, truncated, stray bytes.
            "\"\xc3\xa9\"",
            "\"\xe2\x82\xac\"",
            "\"\xf0\x9f\x98\x80\"",
            "\"\xef\xbb\xbf\"",
            "\"\xc0\xaf\"",
            "\"\xc1\xbf\"",
            "\"\xe0\x80\xaf\"",
            "\"\xed\xa0\x80\"",
            "\"\xf4\x90\x80\x80\"",
            "\"\xf5\x80\x80\x80\"",
            "\"\xc3\"",
            "\"\xe2\x82\"",
            "\"\xff\"",
            "\"\x80\"",
            "\xc3\xa9",
            "{\"\xc3\xa9\":1}",
            // Byte order mark, keys.
            "\xef\xbb\xbf{}",
            "\xef\xbb\xbf",
            "\xef\xbb{}",
            "{\"a\":1,\"a\":2}",
            "{\"a\":{\"x\":1},\"a\":[2]}",
            "{\"\":0}",
            "{\"a/b~c\":1}",
        };
        int row = 0;
        for (const char *text : cases)
            QTest::addRow("case %d", row++) << QByteArray(text) << true;
        // Embedded NUL bytes, outside and inside a string.
        QTest::newRow("NUL outside") << QByteArray("{}\0", 3) << true;
        QTest::newRow("NUL inside") << QByteArray("\"a\0b\"", 5) << true;
        // Deep nesting: no recursion in either parser.
        QTest::newRow("deep arrays")
            << (QByteArray(100000, '[') + QByteArray(100000, ']')) << false;
        QTest::newRow("deep unclosed") << QByteArray(100000, '[') << false;
    }

    void agreesWithNlohmann()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, compareValues);
        const std::string why = disagreement(text.toStdString(), compareValues);
        QVERIFY2(why.empty(), (why + " for: " + text.left(80).toStdString()).c_str());
    }

    void numberTypesFollowNlohmann()
    {
        // What the design reader relies on: ids are unsigned, negatives signed, anything with
        // a fraction or exponent (or beyond 64 bits) a double.
        JsonTape tape;
        QVERIFY(tape.parse("[5, -5, 5.0, 1e2, 18446744073709551616, -0]"));
        std::vector<JsonTape::Type> types;
        tape.forEachElement(0, [&](std::uint32_t e) { types.push_back(tape.node(e).type); });
        const std::vector<JsonTape::Type> expected {
            JsonTape::Type::Unsigned, JsonTape::Type::Signed, JsonTape::Type::Float,
            JsonTape::Type::Float,    JsonTape::Type::Float,  JsonTape::Type::Signed
        };
        QVERIFY(types == expected);
    }

    void pointersAndErrorOffsets()
    {
        JsonTape tape;
        QVERIFY(tape.parse(R"({"racks": [{"id": 1}, {"pdus": [{"a/b": 1, "c~d": [7, 8]}]}]})"));
        // Find the node of the 8 and name it.
        std::uint32_t eight = JsonTape::npos;
        for (std::uint32_t i = 0; i < tape.nodeCount(); ++i)
            if (tape.node(i).type == JsonTape::Type::Unsigned && tape.node(i).v.u == 8)
                eight = i;
        QVERIFY(eight != JsonTape::npos);
        QCOMPARE(tape.pointerOf(eight), std::string("/racks/1/pdus/0/c~0d/1"));
        QCOMPARE(tape.pointerOf(0), std::string());
        const std::uint32_t pdus = tape.find(tape.find(0, "racks"), "pdus");
        QCOMPARE(pdus, JsonTape::npos); // "racks" is an array: no member "pdus"
        // Where parsing stopped: at the second comma of "[1,,2]".
        QVERIFY(!tape.parse("[1,,2]"));
        QCOMPARE(tape.errorOffset(), std::size_t(3));
    }

    void everyByteValueInStringsAndWhitespace()
    {
        // Every byte value, at every offset of two 8-byte words, inside a string and inside
        // a run of spaces, with the next byte value after it (what a word-at-a-time scanner
        // would get wrong first): the tape accepts, rejects and reads each text as nlohmann
        // does.
        int checked = 0;
        for (int value = 0; value < 256; ++value) {
            for (std::size_t at = 0; at < 17; ++at) {
                std::string bytes(20, 'a');
                bytes[at] = static_cast<char>(value);
                bytes[at + 1] = static_cast<char>((value + 1) & 0xff);
                std::string spaces(20, ' ');
                spaces[at] = static_cast<char>(value);
                spaces[at + 1] = static_cast<char>((value + 1) & 0xff);
                for (const std::string &text :
                     { "[\"" + bytes + "\"]", "{\"k" + bytes + "\": 1}", "[1," + spaces + "2]",
                       "{" + spaces + "\"k\"" + spaces + ":" + spaces + "true" + spaces + "}" }) {
                    const std::string why = disagreement(text);
                    if (!why.empty())
                        QFAIL(qPrintable(QStringLiteral("byte %1 at %2: %3")
                                             .arg(value)
                                             .arg(at)
                                             .arg(QString::fromStdString(why))));
                    ++checked;
                }
            }
        }
        QCOMPARE(checked, 256 * 17 * 4);
        // A long plain string after a deep indentation reads back whole.
        JsonTape tape;
        const std::string longText(1000, 'x');
        const std::string text = "{\n" + std::string(37, ' ') + "\"k\": \"" + longText + "\"}";
        QVERIFY(tape.parse(text)); // the tape points into the text: it must outlive the tape
        QCOMPARE(std::string(tape.string(tape.find(0, "k"))), longText);
    }

    void whitespaceRunsOfEveryLengthUpToTheEnd()
    {
        // Indentation is skipped eight bytes at a time: runs of 0-24 spaces (whole words,
        // a word and a part, a part shorter than a word at the very end of the text), mixed
        // with newlines and tabs, are read as nlohmann reads them, and a parse that stops
        // after a run names the byte just past it: "[1," is 3 bytes, then the run.
        for (std::size_t length = 0; length <= 24; ++length) {
            const std::string run(length, ' ');
            for (const std::string &text : { "[1," + run + "2]" + run, run + "{\"k\":" + run + "1}",
                                             "[1,\n" + run + "\t" + run + "\r\n2]" + run + "\n" }) {
                const std::string why = disagreement(text);
                QVERIFY2(why.empty(), qPrintable(QString::fromStdString(why + " for: " + text)));
            }
            JsonTape tape;
            QVERIFY(!tape.parse("[1," + run + "x]"));
            QCOMPARE(tape.errorOffset(), 3 + length);
            QVERIFY(!tape.parse("[1," + run));
            QCOMPARE(tape.errorOffset(), 3 + length);
        }
    }

    void randomMutationsOfADesignAgree()
    {
        // A real design file with bytes deleted, inserted, replaced or duplicated: every
        // mutant is accepted or rejected by both parsers alike, with equal values. Structural
        // and quoting characters are favoured so that most mutants stay near valid.
        const Catalog &catalog = Catalog::builtin();
        auto design = buildSeed8NodeHdr(catalog);
        QVERIFY(design);
        const std::string original = serializeDesign(*design, catalog);
        const std::string alphabet = "{}[]\":,\\ 0123456789.eE+-tfnu\x01\x80\xc3\xa9\xff";
        std::mt19937 random(20240611);
        int accepted = 0;
        for (int i = 0; i < 3000; ++i) {
            std::string text = original;
            const int edits = 1 + static_cast<int>(random() % 3);
            for (int e = 0; e < edits; ++e) {
                const std::size_t at = random() % text.size();
                const char c = alphabet[random() % alphabet.size()];
                switch (random() % 4) {
                case 0:
                    text.erase(at, 1 + random() % 3);
                    break;
                case 1:
                    text.insert(at, 1, c);
                    break;
                case 2:
                    text[at] = c;
                    break;
                case 3:
                    text.insert(at, text.substr(at, random() % 40));
                    break;
                }
                if (text.empty())
                    text = "x";
            }
            const std::string why = disagreement(text);
            if (!why.empty())
                QFAIL(qPrintable(
                    QStringLiteral("mutant %1: %2").arg(i).arg(QString::fromStdString(why))));
            JsonTape tape;
            accepted += tape.parse(text) ? 1 : 0;
            // The loader never crashes on a mutant and always says where.
            auto loaded = parseDesign(text, catalog);
            if (!loaded) {
                const std::string &message = loaded.error().message;
                QVERIFY2(message.starts_with("/") || message.find("line ") != std::string::npos
                             || message.starts_with("inconsistent design"),
                         message.c_str());
            }
        }
        // Both kinds occur: the comparison covered valid and invalid texts.
        QVERIFY(accepted > 100);
        QVERIFY(accepted < 2900);
    }

    void limitsAgreeWithTheLimitScan()
    {
        // The tape checks the limits on its way (parseDesign no longer scans the text twice):
        // for every valid text it must refuse exactly what checkJsonLimits refuses. Small
        // limits so that random documents reach them: depth 4, strings of 6 bytes, 3 keys.
        JsonLimits limits;
        limits.maxDepth = 4;
        limits.maxStringBytes = 6;
        limits.maxKeysPerObject = 3;
        std::mt19937 random(20251125);
        const std::vector<std::string> keys { "\"a\"",       "\"b\"",      "\"c\"",      "\"d\"",
                                              "\"\\u0061\"", "\"abcdef\"", "\"abcdefg\"" };
        const std::vector<std::string> scalars { "1",    "\"x\"",       "\"\\n\\n\\n\\n\"",
                                                 "true", "\"1234567\"", "null" };
        // A random value: nested objects and arrays up to depth 6.
        std::function<std::string(int)> value = [&](int depth) -> std::string {
            const unsigned kind = depth >= 6 ? 2 : random() % 3;
            if (kind == 2)
                return scalars[random() % scalars.size()];
            const int members = static_cast<int>(random() % 5);
            std::string text = kind == 0 ? "{" : "[";
            for (int m = 0; m < members; ++m) {
                if (m > 0)
                    text += ",";
                if (kind == 0)
                    text += keys[random() % keys.size()] + ":";
                text += value(depth + 1);
            }
            return text + (kind == 0 ? "}" : "]");
        };
        int refused = 0;
        int passed = 0;
        for (int i = 0; i < 4000; ++i) {
            const std::string text = value(0);
            const bool scanOk = static_cast<bool>(checkJsonLimits(text, limits));
            JsonTape tape;
            const bool tapeOk = tape.parse(text, &limits);
            QVERIFY2(!tape.limitExceeded() == tapeOk, text.c_str()); // all texts are JSON
            QVERIFY2(scanOk == tapeOk,
                     qPrintable(QStringLiteral("%1: scan %2, tape %3")
                                    .arg(QString::fromStdString(text))
                                    .arg(scanOk)
                                    .arg(tapeOk)));
            (tapeOk ? passed : refused) += 1;
        }
        // Both verdicts occur often (the seed is fixed).
        QVERIFY2(refused > 500 && passed > 500,
                 qPrintable(QStringLiteral("%1 refused, %2 passed").arg(refused).arg(passed)));
    }

    void deferredRootArrayIsLeftToItsParser()
    {
        // The deferral hands the root's "links" array to another parser (the design loader's
        // link scan): here one that takes a flat array of numbers and counts them. Only an
        // array member of the root is deferred; the rest of the document is the tape's.
        int handed = 0;
        const JsonTape::Deferral deferral { "links", [&handed](const char *p, const char *end) {
                                               ++handed;
                                               const char *close = std::find(p, end, ']');
                                               return close == end ? nullptr : close + 1;
                                           } };
        JsonTape tape;
        const std::string text
            = R"({"a": {"links": [1, 2]}, "links" : [3, 4, 5], "b": [{"links": 6}], "c": 7})";
        QVERIFY(tape.parse(text, nullptr, &deferral));
        QCOMPARE(handed, 1);
        const std::uint32_t links = tape.find(0, "links");
        QCOMPARE(tape.deferredNode(), links);
        QCOMPARE(tape.node(links).type, JsonTape::Type::Array);
        QCOMPARE(tape.node(links).size(), 0u);
        // Everything else reads as without the deferral, the nested "links" included.
        json expected = json::parse(text);
        expected["links"] = json::array();
        QVERIFY(sameTyped(toJson(tape, 0), expected));
        // A "links" that is not an array stays on the tape; a second one, or the other
        // parser's refusal, fails the whole parse (the loader then reads all on the tape).
        QVERIFY(tape.parse(R"({"links": {"x": [1]}})", nullptr, &deferral));
        QCOMPARE(tape.deferredNode(), JsonTape::npos);
        QVERIFY(!tape.parse(R"({"links": [1], "links": [2]})", nullptr, &deferral));
        QVERIFY(!tape.parse(R"({"links": [1)", nullptr, &deferral));
        QVERIFY(tape.parse(R"([{"links": [1]}])", nullptr, &deferral));
        QCOMPARE(tape.deferredNode(), JsonTape::npos);
    }
};

QTEST_GUILESS_MAIN(TestJsonTape)
#include "tst_jsontape.moc"

// The load's fast path on a link table large enough for two threads (65,536 links and more:
// model/io/ScannedEnds.h resolves the two halves' ends at once, and
// DesignAdjacency::addLinksInIdOrder fills the devices' lists by device on two threads): the
// design read must be the tape path's, to the adjacency, and every link the one-thread path
// refuses must still be refused, also when the two links in conflict fall in different halves
// (the error then comes from the tape's reader, word for word).

#include "LoadOutcome.h"

#include "model/catalog/Catalog.h"
#include "model/core/DesignAdjacency.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "model/io/DesignLoadPaths.h"
#include "model/io/LinkScan.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <functional>
#include <string>
#include <thread>

using namespace cw;
using json = nlohmann::json;

namespace {

const Catalog &catalog()
{
    return Catalog::builtin();
}

/// 4,096 nodes of the fat-tree template: above the two-thread size of links.
const std::string &largeText()
{
    static const std::string text = [] {
        auto generated = generateDesign("fat-tree", { { "nodes", "4096" } }, catalog());
        return generated ? serializeDesign(generated->design, catalog()) : std::string();
    }();
    return text;
}

} // namespace

class TestLoadThreads : public QObject
{
    Q_OBJECT

private slots:
    void twoThreadsReadTheTapesDesign()
    {
        const std::string &text = largeText();
        QVERIFY(!text.empty());
        auto fast = parseDesignFast(text, catalog());
        QVERIFY(fast);
        QVERIFY(fast->design.links().size() > 65536);
        auto tape = parseDesignOnTape(text, catalog());
        QVERIFY(tape);
        QCOMPARE(serializeDesign(fast->design, catalog()), text);
        // The tape's reader adds its links one by one (Design::addLink).
        QVERIFY(fast->design.adjacency() == tape->design.adjacency());
        for (const Device &device : fast->design.devices())
            QCOMPARE(fast->design.linksOfDevice(device.id), tape->design.linksOfDevice(device.id));
    }

    void conflictsAcrossTheHalvesAreRefusedAsOnTheTape()
    {
        const json written = json::parse(largeText());
        const std::size_t count = written["links"].size();
        const std::size_t early = 5;
        const std::size_t late = count - 5; // in the second thread's half
        const std::vector<std::pair<const char *, std::function<void(json &)>>> cases {
            { "a port taken in both halves",
              [&](json &j) {
                  j["links"][late]["a"] = j["links"][early]["a"];
              } },
            { "a port taken twice in the second half",
              [&](json &j) {
                  j["links"][late]["b"] = j["links"][late - 1]["b"];
              } },
            { "a port taken by both ends of one link",
              [&](json &j) {
                  j["links"][late]["b"] = j["links"][late]["a"];
              } },
            { "no such port in the second half",
              [&](json &j) {
                  j["links"][late]["a"]["port"] = "nope";
              } },
            { "no such device in the second half",
              [&](json &j) {
                  j["links"][late]["b"]["device"] = 999999999;
              } },
            { "no such fabric in the second half",
              [&](json &j) {
                  j["links"][late]["fabric"] = 999999999;
              } },
            { "a link with a device's id in the second half",
              [&](json &j) {
                  j["links"][late]["id"] = j["devices"][0]["id"];
              } },
            { "a link id repeated across the halves",
              [&](json &j) {
                  j["links"][late]["id"] = j["links"][early]["id"];
              } },
        };
        for (const auto &[what, mutate] : cases) {
            json mutated = written;
            mutate(mutated);
            const std::string text = mutated.dump(2);
            QVERIFY2(!parseDesignFast(text, catalog()), what);
            auto chosen = parseDesign(text, catalog());
            auto tape = parseDesignOnTape(text, catalog());
            QVERIFY2(!chosen && !tape, what);
            QCOMPARE(QString::fromStdString(chosen.error().message),
                     QString::fromStdString(tape.error().message));
        }
    }

    void theScanAheadChecksTheEndItGuessed()
    {
        // The writer's layout lets the tape go on past the links while another thread scans
        // them (LinkScanAhead: the end taken from the "storageTiers" member after them). The
        // written text, the guess misled by a member between the links and "storageTiers",
        // and a refusal in the last link: the same outcome as the tape's, warnings and
        // errors word for word.
        const std::string &written = largeText();
        const std::string after = "\n  ],\n  \"storageTiers\": ";
        const std::size_t close = written.rfind(after);
        QVERIFY(close != std::string::npos);
        std::string misled = written;
        misled.insert(close + 5, "\n  \"extra\": [\n    1\n  ],");
        std::string badPort = written;
        const std::size_t port = badPort.rfind("\"port\": \"", close) + 9;
        badPort.replace(port, badPort.find('"', port) - port, "nope");
        std::string noTiers = written;
        noTiers.replace(close + 9, 12, "storageTierz");
        for (const std::string *text :
             std::initializer_list<const std::string *> { &written, &misled, &badPort, &noTiers }) {
            const std::string chosen = test::loadOutcome(parseDesign(*text, catalog()), catalog());
            QCOMPARE(chosen, test::loadOutcome(parseDesignOnTape(*text, catalog()), catalog()));
            QCOMPARE(bool(parseDesignFast(*text, catalog())), text == &written);
        }
        QVERIFY(describeError(badPort).contains("nope"));
        QVERIFY(describeError(misled).isEmpty()); // an unknown member warns
    }

    void theEarlyScanChecksTheStartItGuessed()
    {
        // The scan starts before the tape is parsed, at the first line that opens a member
        // "links" at the root's indent (LinkScanAhead::startEarly); the tape's deferral then
        // checks that its links are those. Decoys at that indent inside a row, before the
        // root's links, whether the scan of the decoy fails ([1]) or succeeds (two real
        // links): the fast path declines and the load is the tape's, warning for warning.
        const std::string &written = largeText();
        const std::size_t rows = written.find("\n  \"rows\": [\n    {");
        const std::size_t links = written.find("\n  \"links\": [\n");
        QVERIFY(rows != std::string::npos && links != std::string::npos && rows < links);
        const std::size_t firstRow = rows + std::string("\n  \"rows\": [\n    {").size();
        const std::size_t secondLink = written.find("\n    },\n    {", links);
        const std::size_t thirdLink = written.find("\n    },\n    {", secondLink + 1);
        const std::string twoLinks
            = written.substr(links + 13, thirdLink + 6 - (links + 13)); // "\n    {...},...}"
        std::string failingDecoy = written;
        failingDecoy.insert(firstRow, "\n  \"links\": [\n  1\n  ],");
        std::string scannableDecoy = written;
        scannableDecoy.insert(firstRow, "\n  \"links\": [" + twoLinks + "\n  ],");
        // Not the writer's line (a space before the colon): no early start; the tape's
        // deferral starts the scan as before, and the fast path still reads the file.
        std::string notEarly = written;
        notEarly.replace(links, 13, "\n  \"links\" : [");
        for (const std::string *text : std::initializer_list<const std::string *> {
                 &written, &failingDecoy, &scannableDecoy, &notEarly }) {
            const std::string chosen = test::loadOutcome(parseDesign(*text, catalog()), catalog());
            QCOMPARE(chosen, test::loadOutcome(parseDesignOnTape(*text, catalog()), catalog()));
            QCOMPARE(bool(parseDesignFast(*text, catalog())),
                     text == &written || text == &notEarly);
        }
        QVERIFY(describeError(scannableDecoy).isEmpty()); // an unknown member warns
        auto decoyed = parseDesign(scannableDecoy, catalog());
        QVERIFY(decoyed);
        QCOMPARE(decoyed->design.links().size(),
                 parseDesign(written, catalog())->design.links().size());
        QVERIFY(!decoyed->warnings.empty());

        // The check itself, which the row's warning above would otherwise hide: the scan of
        // the decoy is not taken for the root's links, and the written links are.
        if (std::thread::hardware_concurrency() < 2)
            QSKIP("one processor: the scan does not start early");
        for (const std::string *text :
             std::initializer_list<const std::string *> { &written, &scannableDecoy }) {
            std::vector<Link> scanned;
            std::vector<Link> second;
            LinkScanner scanner(*text, nullptr, scanned,
                                [](std::string_view name, CableName &pooled) {
                                    pooled = CableName(name);
                                    return true;
                                });
            LinkScanAhead ahead(scanner, second);
            ahead.startEarly(*text);
            const char *root = text->data() + text->rfind("\n  \"links\": [") + 12;
            const char *end = text->data() + text->size();
            const char *after = ahead.start(root, end);
            if (text == &written) {
                QCOMPARE(after, text->data() + text->rfind("\n  ],\n  \"storageTiers\"") + 4);
                QVERIFY(ahead.finish());
                QCOMPARE(scanned.size() + second.size(),
                         parseDesign(written, catalog())->design.links().size());
            } else {
                QCOMPARE(after, nullptr);
            }
        }
    }

    void aCancelledScanNeverSaysItRead()
    {
        // A scan nobody finishes (the tape failed first) is cancelled by LinkScanAhead's end
        // instead of waited for: once cancelled, whether it got to the end or not, finish()
        // says it did not read the array, so its links are never taken. The file with a
        // syntax error at its top still gets the tape's message.
        const std::string &written = largeText();
        std::vector<Link> scanned;
        std::vector<Link> second;
        LinkScanner scanner(written, nullptr, scanned,
                            [](std::string_view name, CableName &pooled) {
                                pooled = CableName(name);
                                return true;
                            });
        LinkScanAhead ahead(scanner, second);
        ahead.startEarly(written);
        ahead.cancel();
        QVERIFY(!ahead.finish());
        std::string broken = written;
        broken.insert(broken.find("\"rows\": [") + 10, ",");
        QVERIFY(!parseDesignFast(broken, catalog()));
        auto chosen = parseDesign(broken, catalog());
        QVERIFY(!chosen);
        QCOMPARE(QString::fromStdString(chosen.error().message),
                 QString::fromStdString(parseDesignOnTape(broken, catalog()).error().message));
    }

private:
    static QString describeError(const std::string &text)
    {
        auto loaded = parseDesign(text, catalog());
        return loaded ? QString() : QString::fromStdString(loaded.error().message);
    }
};

QTEST_GUILESS_MAIN(TestLoadThreads)
#include "tst_load_threads.moc"

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

#include <nlohmann/json.hpp>

#include <QtTest>

#include <functional>
#include <string>

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

private:
    static QString describeError(const std::string &text)
    {
        auto loaded = parseDesign(text, catalog());
        return loaded ? QString() : QString::fromStdString(loaded.error().message);
    }
};

QTEST_GUILESS_MAIN(TestLoadThreads)
#include "tst_load_threads.moc"

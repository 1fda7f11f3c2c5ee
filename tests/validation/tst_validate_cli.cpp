// `clusterwright-cli validate`: text and JSON output, --fail-on, exit codes, and the design
// fixtures under tests/data/validation (which also exercise the RoCE override keys of the
// file format). Set CW_REGENERATE_VALIDATION_FIXTURES=1 to rewrite the fixtures from
// ValidationFixtures.h; review the diff.

#include "ValidationFixtures.h"

#include "app/cli/CommandValidate.h"
#include "model/io/DesignFile.h"
#include "model/validation/ValidationEngine.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace cw;
using namespace cw::test;

namespace {

std::filesystem::path fixture(const char *name)
{
    return std::filesystem::path(CW_TEST_DATA_DIR) / "validation" / name;
}

/// The clean mini design plus RoCE overrides: leaf01's headroom sized for 2 m cables
/// (installed 5 m: needs 178176 B, 2 m reserves 175104 B -> roce.headroom error), leaf01's
/// DSCP map sending 26 to priority 1 (waived), gpu01 on PFC priority 4 (severity lowered to
/// warning), converged-storage switched off.
Design roceDesign(const Catalog &catalog)
{
    Mini m = buildMini(catalog);
    Device leaf = *m.design.device(m.leaf01);
    leaf.qos = QosProfile {};
    leaf.qos->dscpToPriority[26] = 1;
    leaf.qos->pfcCableLengthM = 2;
    m.design.updateDevice(leaf);
    Device node = *m.design.device(m.gpu01);
    node.qos = QosProfile {};
    node.qos->pfcPriority = 4;
    node.qos->losslessPriorities = { 3, 4 };
    node.qos->dscpToPriority[26] = 4;
    m.design.updateDevice(node);
    m.design.setWaivers({ { "roce.dscp-map-inconsistent",
                            { m.leaf01.value },
                            "SONiC image pending; map fixed at install",
                            "network team",
                            "2025-01-15",
                            "" } });
    m.design.setSeverityOverrides(
        { { "roce.pfc-priority-mismatch", "warning" }, { "net.converged-storage", "off" } });
    return m.design;
}

struct Run
{
    int code;
    std::string out;
    std::string err;
};

Run validate(std::vector<std::string> args)
{
    std::ostringstream out, err;
    cli::Context context(out, err);
    context.args = std::move(args);
    context.catalogFolders = { fixture("catalog") };
    const int code = cli::runValidate(context);
    return { code, out.str(), err.str() };
}

std::string readText(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

} // namespace

class TestValidateCli : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fixturesRoundTrip();
    void cleanDesignExitsZero();
    void errorsExitThree();
    void failOnLevels();
    void waiversAndOverridesInJson();
    void usageAndInputErrors();
};

void TestValidateCli::initTestCase()
{
    if (qEnvironmentVariableIsSet("CW_REGENERATE_VALIDATION_FIXTURES")) {
        const auto catalog = validationCatalog();
        QVERIFY(
            saveDesignFile(buildMini(*catalog).design, *catalog, fixture("mini-clean.cluster.json"))
                .ok());
        QVERIFY(
            saveDesignFile(roceDesign(*catalog), *catalog, fixture("roce-overrides.cluster.json"))
                .ok());
    }
}

void TestValidateCli::fixturesRoundTrip()
{
    const auto catalog = validationCatalog();
    for (const char *name : { "mini-clean.cluster.json", "roce-overrides.cluster.json" }) {
        const std::string text = readText(fixture(name));
        auto loaded = parseDesign(text, *catalog);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        QVERIFY(loaded->warnings.empty());
        QCOMPARE(serializeDesign(loaded->design, *catalog), text); // byte-identical
    }
    // The file carries what the code built, overrides included.
    auto loaded = parseDesign(readText(fixture("roce-overrides.cluster.json")), *catalog);
    QVERIFY(loaded->design.devices().items() == roceDesign(*catalog).devices().items());
}

void TestValidateCli::cleanDesignExitsZero()
{
    const Run text = validate({ fixture("mini-clean.cluster.json").string() });
    QCOMPARE(text.code, 0);
    QVERIFY2(text.out.find("0 error(s), 2 warning(s), 0 info, 0 waived; "
                           + std::to_string(builtinRules().size()) + " rules run")
                 != std::string::npos,
             text.out.c_str());

    const Run json = validate({ fixture("mini-clean.cluster.json").string(), "--json" });
    QCOMPARE(json.code, 0);
    const auto j = nlohmann::json::parse(json.out);
    // Only the two DGX H100's feed-loss caps (3 of 6 PSUs per feed: 9.9 of 10.2 kW).
    QCOMPARE(j["violations"].size(), std::size_t(2));
    for (const auto &v : j["violations"])
        QCOMPARE(v["rule"].get<std::string>(), std::string("power.feed-loss-capacity"));
    QCOMPARE(j["summary"]["error"].get<int>(), 0);
    QCOMPARE(j["rules_run"].size(), builtinRules().size()); // the whole deck
    QVERIFY(j["rules_disabled"].empty());
}

void TestValidateCli::errorsExitThree()
{
    const Run run = validate({ fixture("roce-overrides.cluster.json").string(), "--json" });
    QCOMPARE(run.code, 3);
    const auto j = nlohmann::json::parse(run.out);
    QCOMPARE(j["summary"]["error"].get<int>(), 1); // roce.headroom on leaf01
    // gpu01 vs leaf01 and vs leaf02, and the two DGX H100's feed-loss caps.
    QCOMPARE(j["summary"]["warning"].get<int>(), 4);
    QCOMPARE(j["summary"]["waived"].get<int>(), 1);
    bool headroom = false;
    for (const auto &v : j["violations"]) {
        if (v["rule"] != "roce.headroom")
            continue;
        headroom = true;
        QCOMPARE(v["severity"].get<std::string>(), std::string("error"));
        QCOMPARE(v["names"][0].get<std::string>(), std::string("leaf01"));
        QCOMPARE(v["names"][1].get<std::string>(), std::string("compute-roce"));
        QCOMPARE(v["entities"].size(), std::size_t(2));
        QVERIFY(!v["waived"].get<bool>());
        // 5 m at 400 G needs 178176 B; sized for 2 m the profile reserves 175104 B.
        const std::string message = v["message"];
        QVERIFY2(message.find("needs 178176 B of PFC headroom per lossless priority; sized for 2 m "
                              "it gets 175104 B")
                     != std::string::npos,
                 message.c_str());
    }
    QVERIFY(headroom);
}

void TestValidateCli::failOnLevels()
{
    const std::string file = fixture("roce-overrides.cluster.json").string();
    QCOMPARE(validate({ file, "--fail-on", "never" }).code, 0);
    QCOMPARE(validate({ file, "--fail-on=warning" }).code, 3);
    // Only warnings left once the headroom error is waived as well.
    const auto catalog = validationCatalog();
    Design design = roceDesign(*catalog);
    auto waivers = design.waivers();
    waivers.push_back(
        { "roce.headroom", {}, "cables shortened in phase 2", "ops", "", "2099-12-31" });
    design.setWaivers(waivers);
    const auto path
        = std::filesystem::path(QDir::tempPath().toStdString()) / "cw-validate-warn.cluster.json";
    QVERIFY(saveDesignFile(design, *catalog, path).ok());
    QCOMPARE(validate({ path.string() }).code, 0);
    QCOMPARE(validate({ path.string(), "--fail-on", "warning" }).code, 3);
    std::filesystem::remove(path);
}

void TestValidateCli::waiversAndOverridesInJson()
{
    const Run run = validate({ fixture("roce-overrides.cluster.json").string(), "--json" });
    const auto j = nlohmann::json::parse(run.out);
    QCOMPARE(j["rules_disabled"].size(), std::size_t(1));
    QCOMPARE(j["rules_disabled"][0].get<std::string>(), std::string("net.converged-storage"));
    QCOMPARE(j["rules_run"].size(), builtinRules().size() - 1); // less the one switched off
    int waived = 0;
    for (const auto &v : j["violations"])
        if (v["waived"].get<bool>()) {
            ++waived;
            QCOMPARE(v["rule"].get<std::string>(), std::string("roce.dscp-map-inconsistent"));
            QCOMPARE(v["waiver_reason"].get<std::string>(),
                     std::string("SONiC image pending; map fixed at install"));
        } else if (v["rule"] == "roce.pfc-priority-mismatch") {
            QCOMPARE(v["severity"].get<std::string>(), std::string("warning"));
        }
    QCOMPARE(waived, 1);
    QVERIFY(j["stale_waivers"].empty());

    const Run text = validate({ fixture("roce-overrides.cluster.json").string() });
    QVERIFY(text.out.find("waived error [roce.dscp-map-inconsistent]") != std::string::npos);
    QVERIFY(text.out.find("not checked (off): net.converged-storage") != std::string::npos);
}

void TestValidateCli::usageAndInputErrors()
{
    QCOMPARE(validate({}).code, 1);
    QCOMPARE(validate({ "a.cluster.json", "b.cluster.json" }).code, 1);
    QCOMPARE(validate({ fixture("mini-clean.cluster.json").string(), "--fail-on", "fatal" }).code,
             1);
    QCOMPARE(validate({ fixture("mini-clean.cluster.json").string(), "--strict" }).code, 1);
    const Run help = validate({ "--help" });
    QCOMPARE(help.code, 0);
    QVERIFY(help.out.starts_with("Usage: clusterwright-cli validate DESIGN"));
    QCOMPARE(validate({ "/nonexistent/x.cluster.json" }).code, 2);
    const Run bad = validate(
        { (std::filesystem::path(CW_TEST_DATA_DIR) / "bad" / "malformed.cluster.json").string() });
    QCOMPARE(bad.code, 2);
    QVERIFY(bad.err.starts_with("error: "));
}

QTEST_GUILESS_MAIN(TestValidateCli)
#include "tst_validate_cli.moc"

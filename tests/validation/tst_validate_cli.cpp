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

/// `validate --json` as printed before the output was streamed (CommandValidate.cpp at
/// 7ef0075): the whole result as one nlohmann object, dumped with an indent of 2.
std::string formerJson(const ValidationResult &result)
{
    using Json = nlohmann::ordered_json;
    Json j;
    Json violations = Json::array();
    for (const Violation &v : result.violations) {
        Json entities = Json::array();
        for (const EntityRef &ref : v.entities)
            entities.push_back(ref.id);
        Json item;
        item["rule"] = v.ruleKey;
        item["severity"] = std::string(toString(v.severity));
        item["message"] = v.message;
        item["entities"] = std::move(entities);
        item["names"] = v.names;
        item["waived"] = v.waived;
        if (v.waived)
            item["waiver_reason"] = v.waiverReason;
        if (!v.fix.empty())
            item["fix"] = v.fix;
        violations.push_back(std::move(item));
    }
    j["violations"] = std::move(violations);
    j["summary"] = { { "error", result.errors },
                     { "warning", result.warnings },
                     { "info", result.infos },
                     { "waived", result.waived } };
    j["rules_run"] = result.rulesRun;
    j["rules_disabled"] = result.rulesDisabled;
    Json stale = Json::array();
    for (const StaleWaiver &w : result.staleWaivers)
        stale.push_back({ { "index", w.index },
                          { "rule", w.waiver.ruleKey },
                          { "entities", w.waiver.entityIds },
                          { "reason", w.reason },
                          { "expired", w.expired } });
    j["stale_waivers"] = std::move(stale);
    j["notes"] = result.notes;
    return j.dump(2) + "\n";
}

/// `validate` text as printed before the output was streamed (CommandValidate.cpp at 7ef0075).
std::string formerText(const ValidationResult &result)
{
    std::ostringstream out;
    for (const Violation &v : result.violations) {
        out << (v.waived ? "waived " : "") << toString(v.severity) << " [" << v.ruleKey << "] "
            << v.message << "\n";
        if (!v.fix.empty() && !v.waived)
            out << "    fix: " << v.fix << "\n";
    }
    for (const StaleWaiver &w : result.staleWaivers)
        out << "stale waiver #" << w.index << " [" << w.waiver.ruleKey << "]: " << w.reason << "\n";
    for (const std::string &note : result.notes)
        out << "note: " << note << "\n";
    out << result.errors << " error(s), " << result.warnings << " warning(s), " << result.infos
        << " info, " << result.waived << " waived; " << result.rulesRun.size() << " rules run";
    if (!result.rulesDisabled.empty()) {
        out << "; not checked (off):";
        for (const std::string &key : result.rulesDisabled)
            out << " " << key;
    }
    out << "\n";
    return out.str();
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
    void outputMatchesTheFormerPrinting();
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

void TestValidateCli::outputMatchesTheFormerPrinting()
{
    const auto catalog = validationCatalog();
    // The RoCE fixture (an error, warnings, a waived error, a rule switched off) with a
    // stale waiver, an expired one and an override of an unknown rule (a note) added; the
    // clean fixture with nothing but two warnings; a design with no violation at all.
    Design busy = roceDesign(*catalog);
    auto waivers = busy.waivers();
    waivers.push_back({ "net.no-such-rule", {}, "typo", "ops", "", "" });
    waivers.push_back({ "power.feed-loss-capacity", { 999999 }, "gone", "ops", "", "" });
    waivers.push_back({ "power.feed-loss-capacity", {}, "old", "ops", "2020-01-01", "2020-02-01" });
    busy.setWaivers(waivers);
    auto overrides = busy.severityOverrides();
    overrides["net.unknown"] = "warning";
    busy.setSeverityOverrides(overrides);
    Design quiet = buildMini(*catalog).design;
    quiet.setSeverityOverrides({ { "power.feed-loss-capacity", "off" } });
    const auto folder = std::filesystem::path(QDir::tempPath().toStdString());
    int index = 0;
    for (const Design *design : { &busy, &quiet }) {
        const auto path
            = folder / ("cw-validate-former-" + std::to_string(index++) + ".cluster.json");
        QVERIFY(saveDesignFile(*design, *catalog, path).ok());
        const ValidationResult expected = ValidationEngine(*catalog).runFull(*design);
        QCOMPARE(validate({ path.string() }).out, formerText(expected));
        QCOMPARE(validate({ path.string(), "--json" }).out, formerJson(expected));
        std::filesystem::remove(path);
    }
    const auto clean = fixture("mini-clean.cluster.json");
    auto loaded = parseDesign(readText(clean), *catalog);
    QVERIFY(loaded.ok());
    const ValidationResult expected = ValidationEngine(*catalog).runFull(loaded->design);
    QCOMPARE(validate({ clean.string() }).out, formerText(expected));
    QCOMPARE(validate({ clean.string(), "--json" }).out, formerJson(expected));
}

QTEST_GUILESS_MAIN(TestValidateCli)
#include "tst_validate_cli.moc"

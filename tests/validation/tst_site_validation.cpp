// Designs generated into constrained sites pass the project's own rules: the generator keeps
// within the site (positions, kW per position, budgets, CDUs), so the rules that compare a
// design with its site find nothing, and they do find the same limits when the site shrinks.

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/validation/ValidationEngine.h"
#include "resources/EmbeddedResources.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <set>

using namespace cw;

namespace {

constexpr const char *kToday = "2026-11-25";

Hall hall(const std::string &name, int rows, int positions, double kw, HallCooling cooling)
{
    Hall h;
    h.name = name;
    h.rows = rows;
    h.positionsPerRow = positions;
    h.maxKwPerPosition = kw;
    h.cooling = cooling;
    return h;
}

/// The built-in catalog plus a liquid-cooled DGX H100 stand-in (12 kW, liquid only).
const Catalog &liquidCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        nlohmann::json liquid;
        for (const auto &file : resources::catalogFiles()) {
            c.addFile(file.name, file.text);
            // Parsed into a named value: a range-for over a temporary's member would dangle.
            const nlohmann::json json = nlohmann::json::parse(file.text);
            for (const auto &part : json["parts"])
                if (part["id"] == "dgx-h100")
                    liquid = part;
        }
        liquid["id"] = "test-dgx-lc";
        liquid["cooling"] = "liquid";
        liquid["maxPowerW"] = 12000;
        const nlohmann::json file { { "format", "clusterwright-catalog" },
                                    { "version", 1 },
                                    { "parts", nlohmann::json::array({ liquid }) } };
        if (auto added = c.addFile("test-liquid.json", file.dump()); !added)
            throw std::runtime_error(added.error().message);
        return c;
    }();
    return catalog;
}

QString errorsOf(const ValidationResult &result)
{
    QString text;
    for (const Violation &v : result.violations)
        if (v.severity == Severity::Error)
            text += QString::fromStdString(v.ruleKey + ": " + v.message) + "\n";
    return text;
}

} // namespace

class TestSiteValidation : public QObject
{
    Q_OBJECT

private slots:
    void twoHallDesignIsClean()
    {
        // 256 DGX H100 with Lustre over two rear-door halls 40 m apart, budgets set.
        Site site;
        site.itPowerBudgetKw = 3200;
        site.utilityPowerKw = 4200;
        site.liquidCoolingCapacityKw = 3200;
        site.halls = { hall("A", 4, 12, 45, HallCooling::RearDoor),
                       hall("B", 4, 12, 45, HallCooling::RearDoor) };
        site.hallDistances = { { "A", "B", 40 } };
        auto generated
            = generateDesign("fat-tree", { { "nodes", "256" } }, Catalog::builtin(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        std::set<std::string> halls;
        for (const Row &row : generated->design.rows())
            halls.insert(row.hall);
        QCOMPARE(halls.size(), std::size_t(2));
        const ValidationResult result
            = validateDesign(generated->design, Catalog::builtin(), kToday);
        QVERIFY2(result.errors == 0, qPrintable(errorsOf(result)));
    }

    void liquidDesignWithCdusIsClean()
    {
        Site site;
        site.halls = { hall("L", 3, 20, 140, HallCooling::Liquid) };
        auto generated = generateDesign(
            "fat-tree",
            { { "nodes", "64" }, { "node-type", "test-dgx-lc" }, { "storage", "none" } },
            liquidCatalog(), site);
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const ValidationResult result = validateDesign(generated->design, liquidCatalog(), kToday);
        QVERIFY2(result.errors == 0, qPrintable(errorsOf(result)));
        // Without its CDUs the same design breaks the CDU rules: remove the floor units.
        Design design = generated->design;
        std::vector<RackId> cdus;
        for (const Rack &rack : design.racks())
            if (rack.catalogType == "cdu-inrow-750kw")
                cdus.push_back(rack.id);
        QVERIFY(!cdus.empty());
        design.removeRack(cdus.back());
        const ValidationResult fewer = validateDesign(design, liquidCatalog(), kToday);
        bool redundancy = false;
        for (const Violation &v : fewer.violations)
            redundancy = redundancy || v.ruleKey == "cooling.cdu-redundancy";
        QVERIFY2(redundancy, qPrintable(errorsOf(fewer)));
    }
};

QTEST_GUILESS_MAIN(TestSiteValidation)
#include "tst_site_validation.moc"

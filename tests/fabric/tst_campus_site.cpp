// scripts/campus-site.py's B300 campus (docs/performance.md, "Generation into a campus of
// halls"): the script's halls, power and routes are what its docstring says, and DGX B300
// racks of four, as the SuperPOD B300 XDR reference architecture puts them, generate into its
// positions and validate clean (but for the B300's missing catalog weight, one warning a rack).

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "model/io/SiteFile.h"
#include "model/validation/ValidationEngine.h"

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace cw;

namespace {

/// The site the script writes for `arguments`, parsed as the CLI's --site parses it.
Site campusSite(const QStringList &arguments)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        qFatal("python3 not found (scripts/deps.sh installs it)");
    QProcess process;
    process.start(python,
                  QStringList { QStringLiteral(CW_SOURCE_DIR "/scripts/campus-site.py") }
                      + arguments);
    if (!process.waitForFinished(60'000) || process.exitCode() != 0)
        qFatal("campus-site.py failed: %s", process.readAllStandardError().constData());
    const QByteArray json = process.readAllStandardOutput();
    auto loaded
        = parseSite(std::string_view(json.constData(), static_cast<std::size_t>(json.size())));
    if (!loaded)
        qFatal("campus-site.py wrote an unreadable site: %s", loaded.error().message.c_str());
    return loaded->site;
}

double routeM(const Site &site, const std::string &a, const std::string &b)
{
    for (const HallDistance &d : site.hallDistances)
        if ((d.from == a && d.to == b) || (d.from == b && d.to == a))
            return d.distanceM;
    return -1;
}

/// 1,024 or 2,048 DGX B300 on XDR Q3400 switches, no storage fabric (the 131k design's
/// parameters at a test's size).
Design generateB300(int nodes, const Site &site)
{
    auto generated = generateDesign("fat-tree",
                                    { { "nodes", std::to_string(nodes) },
                                      { "node-type", "dgx-b300" },
                                      { "switch-type", "q3400-ra" },
                                      { "storage", "none" } },
                                    Catalog::builtin(), site);
    if (!generated)
        qFatal("%s", generated.error().message.c_str());
    return std::move(generated->design);
}

/// The design's warnings when every one is space.rack-weight-unknown (the DGX B300's catalog
/// part has no weight: docs/catalog.md), -1 otherwise: such a design passes every rule the
/// catalog's figures let it be checked by.
int onlyUnweighedRacks(const ValidationResult &result)
{
    int count = 0;
    for (const Violation &violation : result.violations) {
        if (violation.waived || violation.severity != Severity::Warning)
            continue;
        if (violation.ruleKey != "space.rack-weight-unknown")
            return -1;
        ++count;
    }
    return count == result.warnings ? count : -1;
}

/// DGX B300 count of every rack that holds one.
std::map<RackId, int> b300PerRack(const Design &design)
{
    std::map<RackId, int> count;
    for (const Device &device : design.devices())
        if (device.catalogType == "dgx-b300")
            ++count[device.rack];
    return count;
}

} // namespace

class TestCampusSite : public QObject
{
    Q_OBJECT

private slots:
    void presetIsTheDocumentedCampus()
    {
        const Site site = campusSite({ QStringLiteral("--preset"), QStringLiteral("b300") });
        // 4 buildings x 2 storeys x 13 halls.
        QCOMPARE(site.halls.size(), std::size_t(104));
        QCOMPARE(site.hallDistances.size(), std::size_t(104 * 103 / 2));
        for (const Hall &hall : site.halls) {
            QCOMPARE(hall.rows, 20);
            QCOMPARE(hall.positionsPerRow, 20);
            QCOMPARE(hall.maxKwPerPosition, 60.0);
            QVERIFY(hall.cooling == HallCooling::RearDoor);
        }
        // 104 halls x 400 positions x 60 kW.
        QCOMPARE(site.itPowerBudgetKw, 2'496'000.0);
        QCOMPARE(site.utilityPowerKw, 3'244'800.0); // x PUE 1.3
        // The centre is between buildings 1 and 2 (0-based), at column 6: the nearest halls are
        // column 6 on the ground storey of those two buildings, 40 m from it, and they are the
        // middle of the list (H52, H53): 80 m apart, one building pitch.
        QCOMPARE(routeM(site, "H52", "H53"), 80.0);
        // The farthest pair: columns 0 and 12 of buildings 0 and 3, both on the upper storey:
        // 12 x 30 m + 3 x 80 m + down one storey and up one, 2 x 10 m = 620 m.
        double longest = 0;
        for (const HallDistance &d : site.hallDistances)
            longest = std::max(longest, d.distanceM);
        QCOMPARE(longest, 620.0);
    }

    void racksOfFourB300GenerateAndValidateClean()
    {
        // One building of the preset's hall type, 2 columns x 2 storeys. Ranked by route from
        // the centre (15 m along the storey): ground (0,0) 15 m, ground (0,1) 15 m, upper (1,0)
        // 25 m, upper (1,1) 25 m; the odd ranks farthest first, then the even ranks: H1 =
        // upper col 1, H2 = ground col 1, H3 = ground col 0, H4 = upper col 0.
        const Site site = campusSite({ QStringLiteral("--preset"), QStringLiteral("b300"),
                                       QStringLiteral("--buildings"), QStringLiteral("1"),
                                       QStringLiteral("--columns"), QStringLiteral("2") });
        QCOMPARE(site.halls.size(), std::size_t(4));
        QCOMPARE(routeM(site, "H1", "H2"), 10.0); // one storey up the riser
        QCOMPARE(routeM(site, "H1", "H3"), 40.0); // one column (30 m) and one storey
        QCOMPARE(routeM(site, "H2", "H3"), 30.0);
        const Design design = generateB300(2048, site);
        // A DGX B300 with eight 800G modules (the generator counts the worst 800G module, 17 W
        // a port) draws 14,000 + 8 x 17 = 14,136 W; four and the 200 W management switch are
        // 56,744 W, within a 60 kW position (a fifth would be 70,880 W).
        const std::map<RackId, int> perRack = b300PerRack(design);
        int full = 0;
        for (const auto &[rack, count] : perRack) {
            QVERIFY(count <= 4);
            full += count == 4 ? 1 : 0;
        }
        // Scalable units of 72 nodes (18 racks of four) start in fresh racks: 2,048 = 28 x 72
        // + 32, so 28 x 18 + 8 = 512 racks of four, none partly filled.
        QCOMPARE(full, 512);
        QCOMPARE(perRack.size(), std::size_t(512));
        // 512 compute racks do not fit one hall of 400 positions: the design spans halls and
        // its links between them follow the script's routes.
        std::set<std::string> halls;
        for (const Rack &rack : design.racks())
            if (const Row *row = design.row(rack.row))
                halls.insert(row->hall);
        QVERIFY(halls.size() >= 2);
        const ValidationResult result = validateDesign(design, Catalog::builtin());
        QCOMPARE(result.errors, 0);
        QCOMPARE(onlyUnweighedRacks(result), int(perRack.size()));
    }

    void fortyFiveKwPositionsHoldThree()
    {
        // The H100 campus's hall rating: four B300 (56,744 W) exceed 45 kW, three and the
        // management switch draw 3 x 14,136 + 200 = 42,608 W.
        const Site site = campusSite({ QStringLiteral("--preset"), QStringLiteral("b300"),
                                       QStringLiteral("--buildings"), QStringLiteral("1"),
                                       QStringLiteral("--columns"), QStringLiteral("2"),
                                       QStringLiteral("--position-kw"), QStringLiteral("45") });
        const Design design = generateB300(1024, site);
        int most = 0;
        const std::map<RackId, int> perRack = b300PerRack(design);
        for (const auto &[rack, count] : perRack)
            most = std::max(most, count);
        QCOMPARE(most, 3);
        const ValidationResult result = validateDesign(design, Catalog::builtin());
        QCOMPARE(result.errors, 0);
        QCOMPARE(onlyUnweighedRacks(result), int(perRack.size()));
    }
};

QTEST_GUILESS_MAIN(TestCampusSite)
#include "tst_campus_site.moc"

// Every generated design is valid (issue 13): each template with every switch-type and
// node-type the built-in catalog offers for it, InfiniBand and RoCE, 1:1 and 2:1, rail-optimized
// or not, several storage choices, small designs and the 16,384-node default. Each case either
// validates with 0 errors or is refused with a reason that names the constraint. The part
// lists are read from the catalog at run time, so new parts are covered without editing this.

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/validation/ValidationEngine.h"

#include "resources/EmbeddedResources.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

using namespace cw;

namespace {

using Parameters = std::map<std::string, std::string>;

const Catalog &builtinCatalog()
{
    static const Catalog catalog = [] {
        Catalog c;
        for (const auto &file : resources::catalogFiles())
            if (!c.addFile(file.name, file.text))
                throw std::runtime_error("built-in catalog file does not load");
        return c;
    }();
    return catalog;
}

bool runs(const Part &part, Technology technology)
{
    if (!part.network)
        return false;
    return std::any_of(part.network->technologies.begin(), part.network->technologies.end(),
                       [&](Technology t) {
                           return t == technology
                               || (technology == Technology::RoCEv2 && t == Technology::Ethernet);
                       });
}

/// Switch ids the template accepts for `technology` (the generator refuses the others).
std::vector<std::string> switchTypes(Technology technology)
{
    std::vector<std::string> ids;
    for (const Part *part : builtinCatalog().partsOfKind(PartKind::Switch))
        if (runs(*part, technology))
            ids.push_back(part->id);
    return ids;
}

/// Every server of the catalog: those without compute NICs must be refused with a reason.
std::vector<std::string> nodeTypes()
{
    std::vector<std::string> ids;
    for (const Part *part : builtinCatalog().partsOfKind(PartKind::Server))
        ids.push_back(part->id);
    return ids;
}

std::string describe(const std::string &name, const Parameters &parameters)
{
    std::string text = name;
    for (const auto &[key, value] : parameters)
        text += " " + key + "=" + value;
    return text;
}

/// Words that name a constraint a refusal can have: ports, leaves, cables and their reach,
/// racks and space, catalog parts, the site's power and cooling.
bool namesConstraint(const std::string &message)
{
    static const std::vector<std::string> words { "port",  "leaf",    "leaves", "radix", "cable",
                                                  "cages", "reach",   " m ",    "rack",  "NIC",
                                                  "nodes", "catalog", "switch", "power", "cooling",
                                                  "site",  "hall",    "row",    "kW",    "MW",
                                                  "Gb/s",  "tiers" };
    return std::any_of(words.begin(), words.end(), [&](const std::string &word) {
        return message.find(word) != std::string::npos;
    });
}

/// The fabric a fabric-scoped violation is about, or nullptr.
const Fabric *fabricNamed(const Design &design, const Violation &violation)
{
    for (const EntityRef &entity : violation.entities)
        if (entity.kind == EntityKind::Fabric)
            return design.fabric(FabricId { entity.id });
    return nullptr;
}

struct Outcome
{
    int generated = 0;
    int refused = 0;
    std::vector<std::string> failures;
    std::map<std::string, int> refusals; ///< refusal text without the template -> cases
};

/// Generates one case and checks the verdict; failures are collected to report them all.
bool check(const std::string &name, const Parameters &parameters, Outcome &outcome)
{
    const std::string what = describe(name, parameters);
    auto generated = generateDesign(name, parameters, builtinCatalog());
    if (!generated) {
        const std::string &message = generated.error().message;
        ++outcome.refused;
        ++outcome.refusals[message.substr(std::min(message.size(), name.size() + 2), 140)];
        if (message.rfind(name + ": ", 0) != 0 || message.size() <= name.size() + 12
            || !namesConstraint(message))
            outcome.failures.push_back(what + ": refusal does not name a constraint: \"" + message
                                       + "\"");
        return false;
    }
    ++outcome.generated;
    const ValidationResult result
        = validateDesign(generated->design, builtinCatalog(), "2026-01-01");
    if (result.errors > 0) {
        std::string first;
        for (const Violation &violation : result.violations)
            if (violation.severity == Severity::Error && !violation.waived) {
                first = violation.ruleKey + ": " + violation.message;
                break;
            }
        outcome.failures.push_back(what + ": " + std::to_string(result.errors)
                                   + " validation error(s), first " + first);
    }
    // Redundancy the generator owes by construction: every node and storage server has two
    // storage ports on two leaves (no storage leaf cuts anyone off), and a switch's management
    // port is a management endpoint, so no out-of-band leaf is "oversubscribed". The seed
    // templates reproduce a published design as it is (one storage switch), so not them.
    const bool reproducesReference = name.rfind("seed-", 0) == 0;
    for (const Violation &violation : result.violations) {
        if (reproducesReference)
            break;
        if (const Fabric *fabric = fabricNamed(generated->design, violation)) {
            const bool storageSpof = violation.ruleKey == "net.single-point-of-failure"
                && fabric->purpose == FabricPurpose::Storage;
            const bool oobOversubscribed = violation.ruleKey == "net.oversubscription"
                && fabric->purpose == FabricPurpose::OutOfBand;
            if (storageSpof || oobOversubscribed)
                outcome.failures.push_back(what + ": " + violation.ruleKey + ": "
                                           + violation.message);
        }
    }
    return true;
}

QString report(const Outcome &outcome)
{
    QString text = QStringLiteral("%1 generated, %2 refused, %3 failed")
                       .arg(outcome.generated)
                       .arg(outcome.refused)
                       .arg(outcome.failures.size());
    for (std::size_t i = 0; i < std::min<std::size_t>(outcome.failures.size(), 20); ++i)
        text += "\n  " + QString::fromStdString(outcome.failures[i]);
    for (const auto &[reason, cases] : outcome.refusals)
        text += QStringLiteral("\n  refused x%1: ").arg(cases) + QString::fromStdString(reason);
    return text;
}

/// Findings of one rule in a validation result.
int countRule(const ValidationResult &result, const std::string &ruleKey)
{
    return static_cast<int>(
        std::count_if(result.violations.begin(), result.violations.end(),
                      [&](const Violation &violation) { return violation.ruleKey == ruleKey; }));
}

} // namespace

class TestGenerateMatrix : public QObject
{
    Q_OBJECT

private slots:
    void catalogOffersBothTechnologies()
    {
        // The matrix is only as wide as the catalog: at least one switch per technology.
        QVERIFY(!switchTypes(Technology::InfiniBand).empty());
        QVERIFY(!switchTypes(Technology::RoCEv2).empty());
        QVERIFY(nodeTypes().size() >= 2);
    }

    void fatTreeEverySwitchAndNode()
    {
        Outcome outcome;
        for (const char *technology : { "infiniband", "roce" }) {
            const Technology tech
                = std::string(technology) == "roce" ? Technology::RoCEv2 : Technology::InfiniBand;
            for (const std::string &switchType : switchTypes(tech))
                for (const std::string &nodeType : nodeTypes())
                    for (const char *ratio : { "1:1", "2:1" })
                        for (const char *nodes : { "16", "64" })
                            check("fat-tree",
                                  { { "nodes", nodes },
                                    { "technology", technology },
                                    { "switch-type", switchType },
                                    { "node-type", nodeType },
                                    { "oversubscription", ratio } },
                                  outcome);
        }
        qInfo().noquote() << report(outcome);
        QVERIFY2(outcome.failures.empty(), qPrintable(report(outcome)));
        QVERIFY2(outcome.generated > 0, qPrintable(report(outcome)));
    }

    void fatTreeShapesAndStorage()
    {
        // Not rail-optimized, 3:1 and 4:1 leaves (4:1 on 64 ports: 12 up, 48 down, 4 unused),
        // forced 3 tiers, and every storage choice, on every switch with the default node.
        Outcome outcome;
        const std::vector<Parameters> variants {
            { { "rail-optimized", "false" } },
            { { "oversubscription", "3:1" } },
            { { "oversubscription", "4:1" }, { "storage-oversubscription", "2:1" } },
            { { "tiers", "3" } },
            { { "storage", "none" } },
            { { "storage", "weka" } },
            { { "storage", "vast" }, { "storage-nodes", "8" } },
            { { "storage-fabric", "converged" } },
        };
        for (const char *technology : { "infiniband", "roce" }) {
            const Technology tech
                = std::string(technology) == "roce" ? Technology::RoCEv2 : Technology::InfiniBand;
            for (const std::string &switchType : switchTypes(tech))
                for (const Parameters &variant : variants) {
                    Parameters parameters = variant;
                    parameters["nodes"] = "48";
                    parameters["technology"] = technology;
                    parameters["switch-type"] = switchType;
                    check("fat-tree", parameters, outcome);
                }
        }
        qInfo().noquote() << report(outcome);
        QVERIFY2(outcome.failures.empty(), qPrintable(report(outcome)));
        QVERIFY2(outcome.generated > 0, qPrintable(report(outcome)));
    }

    void issueCasesGenerate()
    {
        // The designs issue 13 found invalid must now generate and validate: RoCE on the
        // default SONiC switch, the Arista 7060DX5 and the SN5600, and 2:1 on the QM9700.
        const std::vector<Parameters> cases {
            { { "nodes", "64" }, { "technology", "roce" } },
            { { "nodes", "64" },
              { "technology", "roce" },
              { "switch-type", "arista-7060dx5-64s" } },
            { { "nodes", "64" }, { "technology", "roce" }, { "switch-type", "sn5600" } },
            { { "nodes", "64" }, { "oversubscription", "2:1" } },
        };
        for (const Parameters &parameters : cases) {
            Outcome outcome;
            QVERIFY2(check("fat-tree", parameters, outcome),
                     qPrintable(QString::fromStdString(describe("fat-tree", parameters)) + "\n"
                                + report(outcome)));
            QVERIFY2(outcome.failures.empty(), qPrintable(report(outcome)));
        }
    }

    void otherTemplatesAtEveryAcceptedValue()
    {
        Outcome outcome;
        for (const DesignTemplate &t : designTemplates()) {
            if (t.name == "fat-tree")
                continue;
            if (t.name == "superpod-h100") {
                for (const char *sus : { "1", "2", "3", "4" })
                    QVERIFY2(check(t.name, { { "sus", sus } }, outcome), sus);
                continue;
            }
            // Templates without a parameter list: their defaults.
            Parameters defaults;
            for (const TemplateParameter &parameter : t.parameters)
                if (!parameter.defaultValue.empty())
                    defaults[parameter.name] = parameter.defaultValue;
            QVERIFY2(check(t.name, defaults, outcome), t.name.c_str());
        }
        QVERIFY2(outcome.failures.empty(), qPrintable(report(outcome)));
    }

    void defaultLargeDesigns_data()
    {
        QTest::addColumn<QString>("nodes");
        // 16,384 DGX x 8 rails: 2 rail planes of a full k = 64 3-tier tree (2,048 leaves per
        // plane). 32,768: 4 planes of 2,048 leaves; the storage fabric (2 ports per node =
        // 65,536 endpoints + servers, more than one k = 64 tree's 65,536) splits into 2 planes.
        QTest::newRow("16384") << QStringLiteral("16384");
        QTest::newRow("32768") << QStringLiteral("32768");
    }

    void defaultLargeDesigns()
    {
        // The fat-tree template's defaults (QM9700, rail-optimized, Lustre, management
        // network): generated and valid, so no link is longer than its cable reaches
        // (net.cable-reach) and every link has a cable part (net.link-without-cable).
        QFETCH(QString, nodes);
        Outcome outcome;
        QVERIFY2(check("fat-tree", { { "nodes", nodes.toStdString() } }, outcome),
                 qPrintable(report(outcome)));
        QVERIFY2(outcome.failures.empty(), qPrintable(report(outcome)));
    }
    void xdrB300NodesMatchTheirSwitch()
    {
        // DGX B300: 8 ConnectX-8 at XDR 800 Gb/s (ref:nvidia-superpod-b300-xdr-ra) on the
        // Quantum-X800 Q3400's 800 Gb/s ports: 64 nodes x 8 rails = 512 node links, each 800
        // Gb/s at both ends, over the XDR modules of ref:nvidia-linkx-xdr.
        const Parameters xdr { { "nodes", "64" },
                               { "node-type", "dgx-b300" },
                               { "storage", "none" },
                               { "switch-type", "q3400-ra" } };
        auto generated = generateDesign("fat-tree", xdr, builtinCatalog());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        int nodeLinks = 0;
        int xdrModules = 0;
        for (const Link &link : design.links()) {
            const Fabric *fabric = design.fabric(link.fabric);
            if (fabric->purpose != FabricPurpose::Compute)
                continue;
            const std::string &a = design.device(link.a.device)->catalogType;
            const std::string &b = design.device(link.b.device)->catalogType;
            if (a == "dgx-b300" || b == "dgx-b300")
                ++nodeLinks;
            xdrModules += link.cableType.str().rfind("xdr-", 0) == 0 ? 1 : 0;
        }
        QCOMPARE(nodeLinks, 64 * 8);
        // Every compute link, node-to-leaf and leaf-to-spine, is an XDR module pair: no NDR
        // (100G-PAM4) part fits an XDR cage.
        int computeLinks = 0;
        for (const Link &link : design.links())
            computeLinks += design.fabric(link.fabric)->purpose == FabricPurpose::Compute ? 1 : 0;
        QCOMPARE(xdrModules, computeLinks);
        const ValidationResult result = validateDesign(design, builtinCatalog(), "2026-01-01");
        QCOMPARE(result.errors, 0);
        QCOMPARE(countRule(result, "net.port-speed-mismatch"), 0);
    }

    void ndrNodesOnXdrSwitchAreRefused()
    {
        // The DGX H100's ConnectX-7 runs NDR 400 Gb/s on 100G-PAM4 lanes; XDR parts "cannot
        // downshift to 100G-PAM4", and NVIDIA's only XDR split is to ConnectX-8
        // (ref:nvidia-linkx-xdr): no cable joins them, so the generator refuses and names the
        // binding pair of speeds and the parts that match either end.
        const Parameters ndr { { "nodes", "64" },
                               { "storage", "none" },
                               { "switch-type", "q3400-ra" } };
        auto refused = generateDesign("fat-tree", ndr, builtinCatalog());
        QVERIFY(!refused);
        const std::string &message = refused.error().message;
        for (const char *part :
             { "switch-type q3400-ra ports run 800 Gb/s (XDR)",
               "dgx-h100's compute NICs run 400 Gb/s (NDR)", "compute NICs run 800 Gb/s (dgx-b300)",
               "reaches 400 Gb/s NICs (qm9700)" })
            QVERIFY2(message.find(part) != std::string::npos, message.c_str());
        // An HDR DGX A100 (ConnectX-6, 200 Gb/s) is refused the same way on the XDR switch.
        Parameters hdr = ndr;
        hdr["node-type"] = "dgx-a100";
        auto hdrRefused = generateDesign("fat-tree", hdr, builtinCatalog());
        QVERIFY(!hdrRefused);
        QVERIFY2(hdrRefused.error().message.find("200 Gb/s (HDR)") != std::string::npos,
                 hdrRefused.error().message.c_str());
    }

    void hdrNodesOnNdrSwitchKeepTheirSplitters()
    {
        // An NDR twin-port cage splits into two HDR 200 Gb/s links over NVIDIA's splitter
        // cables (MCP7Y60 / MFA7U10, ref:nvidia-linkx-100g-pam4): DGX A100 nodes on the QM9700
        // generate and validate without errors. Each of the 64 x 8 rail links runs 200 Gb/s
        // on a 400 Gb/s port, which the rule reports as a warning, as before.
        const Parameters hdr { { "nodes", "64" },
                               { "node-type", "dgx-a100" },
                               { "storage", "none" },
                               { "switch-type", "qm9700" } };
        auto generated = generateDesign("fat-tree", hdr, builtinCatalog());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        int splitters = 0;
        for (const Link &link : generated->design.links())
            splitters += link.cableType.str().find("hdr-splitter-osfp-2x200g") != std::string::npos;
        QCOMPARE(splitters, 64 * 8);
        const ValidationResult result
            = validateDesign(generated->design, builtinCatalog(), "2026-01-01");
        QCOMPARE(result.errors, 0);
        QCOMPARE(countRule(result, "net.port-speed-mismatch"), 64 * 8);
    }
    void xdrComputeWithNdrStorageFabric()
    {
        // The DGX B300's storage cards are 400G QSFP112 (BlueField-3), which no XDR cage takes
        // (ref:nvidia-linkx-xdr): with the default storage fabric on the compute switch-type
        // the generator refuses, naming the cages and the storage switch that reaches them;
        // storage-switch-type=qm9700 puts the storage fabric on NDR switches instead.
        Parameters both { { "nodes", "64" },
                          { "node-type", "dgx-b300" },
                          { "switch-type", "q3400-ra" } };
        auto refused = generateDesign("fat-tree", both, builtinCatalog());
        QVERIFY(!refused);
        for (const char *part : { "storage fabric's switch q3400-ra has ports of 800 Gb/s (XDR) in "
                                  "OSFP224-twin cages",
                                  "storage NICs run 400 Gb/s (NDR) in QSFP112 cages",
                                  "choose storage-switch-type (qm9700) or storage=none" })
            QVERIFY2(refused.error().message.find(part) != std::string::npos,
                     refused.error().message.c_str());
        both["storage-switch-type"] = "qm9700";
        auto generated = generateDesign("fat-tree", both, builtinCatalog());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const Design &design = generated->design;
        for (const Link &link : design.links()) {
            const FabricPurpose purpose = design.fabric(link.fabric)->purpose;
            if (purpose == FabricPurpose::OutOfBand) // every switch's management port
                continue;
            for (const PortRef &end : { link.a, link.b }) {
                const std::string &type = design.device(end.device)->catalogType;
                if (type == "q3400-ra")
                    QVERIFY(purpose == FabricPurpose::Compute);
                if (type == "qm9700")
                    QVERIFY(purpose == FabricPurpose::Storage);
            }
        }
        const ValidationResult result = validateDesign(design, builtinCatalog(), "2026-01-01");
        QCOMPARE(result.errors, 0);
        // The only slower links are the Lustre MDS's two HDR 200G ports on NDR leaves (over
        // HDR splitters), as in every design with a Lustre tier: 2 findings.
        QCOMPARE(countRule(result, "net.port-speed-mismatch"), 2);
    }
};

QTEST_GUILESS_MAIN(TestGenerateMatrix)
#include "tst_generate_matrix.moc"

// The floor plan's rack colour and the power rules read one load and one capacity: for every
// rack of every reference example, and for a rack pushed over its feed, the canvas's
// DesignCache::rackPower() equals the validation engine's RuleContext::rackLoadW() and the
// rack's capacity from model/core/PduCapacity.h, both equal a sum worked here from the catalog,
// and the colour is red exactly when power.rack-over-feed or power.rack-over-rating fires on
// that rack.

#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/core/PduCapacity.h"
#include "model/examples/ReferenceDesigns.h"
#include "model/validation/DesignIndex.h"
#include "model/validation/RuleContext.h"
#include "model/validation/ValidationEngine.h"
#include "views/canvas/CanvasStyle.h"
#include "views/canvas/DesignCache.h"
#include "views/canvas/NewEntities.h"
#include "views/document/Document.h"

#include <QtTest>

#include <algorithm>
#include <memory>

using namespace cw;
using namespace cw::canvas;

namespace {

std::unique_ptr<Document> openExample(std::size_t index)
{
    auto built = referenceDesigns()[index].build(Catalog::builtin());
    if (!built)
        qFatal("example %zu does not build: %s", index, built.error().message.c_str());
    return std::make_unique<Document>(
        Catalog::builtin(), std::make_unique<Design>(std::move(built).value()), QString());
}

/// The load worked independently of both: each device's catalog maximum power, summed.
double handLoadW(const Design &design, const Catalog &catalog, RackId rack)
{
    double loadW = 0;
    for (const Device &device : design.devices())
        if (device.rack == rack)
            if (const Part *part = catalog.find(device.catalogType))
                loadW += part->maxPowerW;
    return loadW;
}

bool powerRuleFires(const ValidationResult &result, RackId rack)
{
    return std::any_of(result.violations.begin(), result.violations.end(), [&](const Violation &v) {
        return (v.ruleKey == "power.rack-over-feed" || v.ruleKey == "power.rack-over-rating")
            && std::find(v.entities.begin(), v.entities.end(), EntityRef::of(rack))
            != v.entities.end();
    });
}

/// Checks every rack of the document and counts the red ones in `red`.
void checkAgreement(Document &document, int &red)
{
    const Design &design = document.design();
    const Catalog &catalog = document.catalog();
    DesignIndex index;
    index.rebuild(design, catalog);
    const RuleContext context(design, catalog, index);
    ValidationEngine engine(catalog);
    const ValidationResult result = engine.runFull(design);
    DesignCache *cache = DesignCache::of(&document);
    red = 0;
    for (const Rack &rack : design.racks()) {
        const RackPower power = cache->rackPower(rack.id);
        const QByteArray name = QByteArray::fromStdString(rack.name);
        // Exact equality: one sum, not two that happen to agree within rounding.
        QVERIFY2(power.loadW == context.rackLoadW(rack.id), name.constData());
        QCOMPARE(power.loadW, context.rackLoadW(rack.id));
        QCOMPARE(power.loadW, handLoadW(design, catalog, rack.id));
        const Part *rackPart = context.rackPart(rack);
        QCOMPARE(power.capacityW,
                 rackCapacityW(rack, rackPart && rackPart->rack ? rackPart->rack->maxPowerKw : 0));
        const bool over = power.loadW > 0 && (rack.pdus.empty() || power.loadW > power.capacityW);
        QCOMPARE(power.level == LoadLevel::Red, over);
        QCOMPARE(powerRuleFires(result, rack.id), over);
        red += over ? 1 : 0;
    }
}

} // namespace

class TestRackColourRules : public QObject
{
    Q_OBJECT

private slots:
    void everyExampleAgrees_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < referenceDesigns().size(); ++i)
            QTest::newRow(referenceDesigns()[i].fileName.c_str()) << static_cast<int>(i);
    }
    void everyExampleAgrees()
    {
        QFETCH(int, index);
        auto document = openExample(static_cast<std::size_t>(index));
        QVERIFY(!document->design().racks().empty());
        int red = -1;
        checkAgreement(*document, red);
        QVERIFY(red >= 0);
    }

    void overloadedRackIsRedAndFlagged()
    {
        // Seed example, rack A01: 2 x hdr-8x-h100-seed at 10,200 W = 20,400 W against feed A's
        // 2 PDUs x 400 V x 32 A x sqrt(3) x 0.8 = 35,473 W. Two more servers: 40,800 W, over.
        auto document = openExample(0);
        const Design &design = document->design();
        const auto a01 = std::find_if(design.racks().begin(), design.racks().end(),
                                      [](const Rack &rack) { return rack.name == "A01"; });
        QVERIFY(a01 != design.racks().end());
        const RackId rack = a01->id;
        int red = -1;
        checkAgreement(*document, red);
        QCOMPARE(red, 0);
        const Part *server = Catalog::builtin().find("hdr-8x-h100-seed");
        QVERIFY(server);
        for (int u : { 20, 30 })
            QCOMPARE(document->addDevice(newDevice(design, *server, rack, u, Face::Front)),
                     QString());
        QCOMPARE(DesignCache::of(document.get())->rackPower(rack).loadW, 40800.0);
        checkAgreement(*document, red);
        QCOMPARE(red, 1);
    }
};

QTEST_MAIN(TestRackColourRules)
#include "tst_rack_colour_rules.moc"

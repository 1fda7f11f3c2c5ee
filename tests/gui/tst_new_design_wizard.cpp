// File > New from Template: widgets from the parameter specs, the site choice, and the binding
// constraint shown before anything is created.

#include "app/gui/NewDesignWizard.h"
#include "model/catalog/Catalog.h"
#include "model/io/AtomicFile.h"
#include "model/io/SiteFile.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace cw;

namespace {

/// One rear-door hall of 4 x 10 positions at 45 kW and 100 kW of IT: 10.2 N + 3.6 <= 100 kW
/// for `rails=1 storage=none` fat trees (one leaf, one spine, head node, management switch),
/// so at most 9 DGX H100 (tests/fabric/tst_site_generation works the same figures).
Site smallSite()
{
    Site site;
    site.name = "small";
    site.itPowerBudgetKw = 100;
    Hall hall;
    hall.name = "A";
    hall.rows = 4;
    hall.positionsPerRow = 10;
    hall.maxKwPerPosition = 45;
    hall.cooling = HallCooling::RearDoor;
    site.halls = { hall };
    return site;
}

} // namespace

class TestNewDesignWizard : public QObject
{
    Q_OBJECT

private slots:
    void widgetsFollowParameterSpecs()
    {
        NewDesignWizard wizard(Catalog::builtin());
        wizard.setTemplate(QStringLiteral("fat-tree"));
        auto *nodes = wizard.findChild<QSpinBox *>(QStringLiteral("nodes"));
        QVERIFY(nodes);
        QCOMPARE(nodes->minimum(), 1);
        QCOMPARE(nodes->maximum(), 1000000);
        auto *technology = wizard.findChild<QComboBox *>(QStringLiteral("technology"));
        QVERIFY(technology);
        QCOMPARE(technology->count(), 2);
        QCOMPARE(technology->currentText(), QStringLiteral("infiniband"));
        QVERIFY(wizard.findChild<QCheckBox *>(QStringLiteral("rail-optimized"))->isChecked());
        auto *perRack = wizard.findChild<QSpinBox *>(QStringLiteral("nodes-per-rack"));
        QCOMPARE(perRack->text(), QStringLiteral("auto"));
        auto *switches = wizard.findChild<QComboBox *>(QStringLiteral("switch-type"));
        QVERIFY(switches->findData(QStringLiteral("qm9700")) > 0);
        // Left at their defaults, only the required and unticked values reach the generator.
        wizard.setParameter(QStringLiteral("nodes"), QStringLiteral("16"));
        wizard.setParameter(QStringLiteral("rail-optimized"), QStringLiteral("false"));
        const auto values = wizard.parameterValues();
        QCOMPARE(values.at("nodes"), std::string("16"));
        QCOMPARE(values.at("rail-optimized"), std::string("false"));
        QVERIFY(!values.contains("nodes-per-rack"));
        QVERIFY(!values.contains("switch-type"));
        QCOMPARE(values.at("technology"), std::string("infiniband"));
    }

    void refusalShownBeforeAnythingIsCreated()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("site.json"));
        QVERIFY(writeFileAtomically(path.toStdString(), serializeSite(smallSite())));
        NewDesignWizard wizard(Catalog::builtin());
        wizard.setTemplate(QStringLiteral("fat-tree"));
        wizard.setParameter(QStringLiteral("nodes"), QStringLiteral("16"));
        wizard.setParameter(QStringLiteral("rails"), QStringLiteral("1"));
        wizard.setParameter(QStringLiteral("storage"), QStringLiteral("none"));
        wizard.useSiteFile(path);
        QString error;
        QVERIFY(!wizard.generate(&error));
        QCOMPARE(error,
                 QStringLiteral("fat-tree: 16 x dgx-h100 need 166.8 kW IT; the site gives "
                                "100.0 kW: at most 9 nodes (binding constraint: power)"));
        QVERIFY(!wizard.takeDesign());
        // The Check fit button shows the same, in the page.
        wizard.findChild<QPushButton *>(QStringLiteral("checkFit"))->click();
        QTRY_VERIFY_WITH_TIMEOUT(!wizard.isGenerating(), 60000); // generated on a worker
        bool shown = false;
        for (QLabel *label : wizard.findChildren<QLabel *>())
            shown = shown || label->text() == error;
        QVERIFY(shown);
        // 9 nodes fit, and the design carries the site unchanged.
        wizard.setParameter(QStringLiteral("nodes"), QStringLiteral("9"));
        QVERIFY2(wizard.generate(&error), qPrintable(error));
        auto design = wizard.takeDesign();
        QVERIFY(design);
        QVERIFY(design->site() == smallSite());
    }

    void openDesignSiteAndBadSiteFile()
    {
        const Site site = smallSite();
        NewDesignWizard wizard(Catalog::builtin(), nullptr, &site);
        wizard.setTemplate(QStringLiteral("fat-tree"));
        wizard.setParameter(QStringLiteral("nodes"), QStringLiteral("4"));
        wizard.setParameter(QStringLiteral("rails"), QStringLiteral("1"));
        wizard.setParameter(QStringLiteral("storage"), QStringLiteral("none"));
        QVERIFY(wizard.useOpenDesignSite());
        QString error;
        QVERIFY2(wizard.generate(&error), qPrintable(error));
        QVERIFY(wizard.takeDesign()->site() == site);
        NewDesignWizard without(Catalog::builtin());
        QVERIFY(!without.useOpenDesignSite());
        without.useSiteFile(QStringLiteral("/no/such/site.json"));
        QVERIFY(!without.generate(&error));
        QVERIFY2(error.startsWith(QStringLiteral("Site file: /no/such/site.json")),
                 qPrintable(error));
    }
};

QTEST_MAIN(TestNewDesignWizard)
#include "tst_new_design_wizard.moc"

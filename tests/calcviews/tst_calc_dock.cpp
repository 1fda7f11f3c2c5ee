// The Calculators dock as a user drives it: type into a generated form, read the result and
// its assumptions, open a design and see what it prefilled, look at the charts and export
// them. Expected figures are worked by hand (comments) from the formulas in
// docs/calculators.md, resources/examples/8dgx-h100-ndr.cluster.json and the catalog.

#include "calculators/Registry.h"
#include "model/catalog/Catalog.h"
#include "model/core/Design.h"
#include "model/fabric/Templates.h"
#include "model/io/DesignFile.h"
#include "views/calculators/CalculatorPanel.h"
#include "views/calculators/CalculatorsDock.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtTest>

#include <cmath>
#include <optional>

using cw::calcviews::CalculatorPanel;
using cw::calcviews::CalculatorsDock;

namespace {

bool near(double actual, double expected, double relTolerance = 1e-9)
{
    return std::fabs(actual - expected) <= relTolerance * std::fabs(expected);
}

#define CW_VERIFY_NEAR_TOL(actual, expected, tolerance)                                            \
    QVERIFY2(near((actual), (expected), (tolerance)),                                              \
             qPrintable(QStringLiteral("actual %1, expected %2")                                   \
                            .arg((actual), 0, 'g', 17)                                             \
                            .arg((expected), 0, 'g', 17)))

#define CW_VERIFY_NEAR(actual, expected)                                                           \
    QVERIFY2(near((actual), (expected)),                                                           \
             qPrintable(QStringLiteral("actual %1, expected %2")                                   \
                            .arg((actual), 0, 'g', 17)                                             \
                            .arg((expected), 0, 'g', 17)))

/// The result row of JSON key `key` (the key is the row's data; its text is words).
const QTreeWidgetItem *shownRow(const CalculatorPanel *panel, const QString &key)
{
    const auto *tree = panel->findChild<QTreeWidget *>(QStringLiteral("results"));
    for (int i = 0; tree && i < tree->topLevelItemCount(); ++i) {
        if (tree->topLevelItem(i)->data(0, Qt::UserRole).toString() == key)
            return tree->topLevelItem(i);
    }
    return nullptr;
}

/// The value text of the result row `key` ("" when absent).
QString shownValue(const CalculatorPanel *panel, const QString &key)
{
    const QTreeWidgetItem *row = shownRow(panel, key);
    return row ? row->text(1) : QString();
}

/// Pixels that differ from the background (the top-left pixel).
int inkedPixels(const QImage &image)
{
    const QRgb background = image.pixel(0, 0);
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += image.pixel(x, y) != background ? 1 : 0;
    return count;
}

/// Pixels close to `colour` (anti-aliasing tolerance).
int pixelsOf(const QImage &image, const QColor &colour)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            count += std::abs(c.red() - colour.red()) + std::abs(c.green() - colour.green())
                    + std::abs(c.blue() - colour.blue())
                < 30;
        }
    return count;
}

} // namespace

class TestCalcDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        auto loaded = cw::loadDesignFile(
            CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json", cw::Catalog::builtin());
        QVERIFY(loaded.ok());
        m_design = std::move(loaded.value().design);
    }

    void onePanelPerCalculator()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        QStringList expected;
        for (const auto &info : cw::calc::calculators())
            expected << QString::fromStdString(info.name);
        QCOMPARE(dock.calculatorNames(), expected);
        QVERIFY(expected.contains(QStringLiteral("cost")));
        dock.showCalculator(QStringLiteral("kv-cache"));
        QCOMPARE(dock.currentPanel(), dock.panel(QStringLiteral("kv-cache")));
        // A form field per input, with its unit in the label.
        const CalculatorPanel *checkpoint = dock.panel(QStringLiteral("checkpoint"));
        QVERIFY(checkpoint->findChild<QLineEdit *>(QStringLiteral("write-gbyte-s")));
        QVERIFY(checkpoint->findChild<QComboBox *>(QStringLiteral("async"))); // true/false
    }

    void typeIntoTheFormAndReadTheResult()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        CalculatorPanel *power = dock.panel(QStringLiteral("power"));
        QVERIFY(!power->hasResult()); // it-kw and pue are required
        QVERIFY(power->errorText().contains(QStringLiteral("missing")));
        QTest::keyClicks(power->findChild<QLineEdit *>(QStringLiteral("it-kw")),
                         QStringLiteral("100"));
        QTest::keyClicks(power->findChild<QLineEdit *>(QStringLiteral("pue")),
                         QStringLiteral("1.3"));
        QVERIFY2(power->hasResult(), qPrintable(power->errorText()));
        // 100 kW x 1.3 = 130 kW; 100,000 W x 3.412142 = 341,214.2 BTU/h; / 12,000 = 28.43 tons.
        QCOMPARE(power->result().at("facility_kw").get<double>(), 130.0);
        CW_VERIFY_NEAR(power->result().at("btu_per_hour").get<double>(), 341214.2);
        // What the user reads: words and units, not the JSON keys and bare numbers.
        QCOMPARE(shownRow(power, QStringLiteral("facility_kw"))->text(0),
                 QStringLiteral("Facility power"));
        QCOMPARE(shownValue(power, QStringLiteral("facility_kw")), QStringLiteral("130.0 kW"));
        QCOMPARE(shownValue(power, QStringLiteral("btu_per_hour")),
                 QStringLiteral("341,214.2 BTU/h"));
        QCOMPARE(shownValue(power, QStringLiteral("cooling_tons")), QStringLiteral("28.43 tons"));
        QVERIFY(!power->result().at("assumptions").empty());
        QVERIFY(power->findChild<QLabel *>(QStringLiteral("assumptions"))
                    ->text()
                    .contains(QStringLiteral("NIST SP 811")));
    }

    void validationNamesTheField()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        CalculatorPanel *power = dock.panel(QStringLiteral("power"));
        power->setInput(QStringLiteral("it-kw"), QStringLiteral("100"));
        power->setInput(QStringLiteral("pue"), QStringLiteral("0.9"));
        QVERIFY(!power->hasResult());
        QVERIFY(power->errorText().startsWith(
            QStringLiteral("parameter 'pue': expected a number >= 1")));
        QVERIFY(power->findChild<QLineEdit *>(QStringLiteral("pue"))
                    ->styleSheet()
                    .contains(QStringLiteral("border")));
        QVERIFY(power->findChild<QLineEdit *>(QStringLiteral("it-kw"))->styleSheet().isEmpty());
        QVERIFY(power->findChild<QLabel *>(QStringLiteral("error"))
                    ->text()
                    .contains(QStringLiteral("'pue'")));
    }

    void prefilledFromTheOpenDesign()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&*m_design);
        CalculatorPanel *checkpoint = dock.panel(QStringLiteral("checkpoint"));
        // Everything comes from the design: workload 70e9 params, 60 min, tier 'lustre' 120 GB/s.
        QCOMPARE(checkpoint->prefilledValue(QStringLiteral("write-gbyte-s")),
                 QStringLiteral("120"));
        QVERIFY(checkpoint->prefilledSource(QStringLiteral("write-gbyte-s"))
                    .contains(QStringLiteral("'lustre'")));
        QVERIFY2(checkpoint->hasResult(), qPrintable(checkpoint->errorText()));
        // 70e9 x 14 B = 9.8e11 B / 120 GB/s = 8.1667 s per 3600 s.
        CW_VERIFY_NEAR(checkpoint->result().at("stall_fraction").get<double>(),
                       9.8e11 / 120e9 / 3600);
        // The placeholder shows the design's value; typing a value wins over it.
        auto *write = checkpoint->findChild<QLineEdit *>(QStringLiteral("write-gbyte-s"));
        QCOMPARE(write->placeholderText(), QStringLiteral("120"));
        QTest::keyClicks(write, QStringLiteral("50"));
        QVERIFY(checkpoint->prefilledValue(QStringLiteral("write-gbyte-s")).isEmpty());
        CW_VERIFY_NEAR(checkpoint->result().at("write_seconds").get<double>(), 19.6); // 9.8e11/50e9

        // Cost: capex from the bill of materials, the rest from the design and site.
        CalculatorPanel *cost = dock.panel(QStringLiteral("cost"));
        QVERIFY2(cost->hasResult(), qPrintable(cost->errorText()));
        QVERIFY(cost->prefilledSource(QStringLiteral("capex-usd"))
                    .contains(QStringLiteral("bill of materials")));
        // 96.5 kW x 1.3 x 8760 h x 0.10 USD = 109,894.2 USD a year.
        CW_VERIFY_NEAR(cost->result().at("opex_usd_per_year").get<double>(), 109894.2);

        // Closing the design: back to defaults and required inputs.
        dock.setDesign(nullptr);
        QVERIFY(
            dock.panel(QStringLiteral("power"))->prefilledValue(QStringLiteral("it-kw")).isEmpty());
        QVERIFY(!dock.panel(QStringLiteral("power"))->hasResult());
    }

    void resultsInHumanUnits()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&*m_design);
        // Checkpoint of the example's 70e9-parameter workload to its 120 GB/s Lustre tier:
        // 70e9 x 14 B = 980 GB; 980 GB / 120 GB/s = 8.17 s; 8.1667 s / 3600 s = 0.23 %;
        // the default 5 % stall target over 60 min is 180 s: 980 GB / 180 s = 5.44 GB/s.
        CalculatorPanel *checkpoint = dock.panel(QStringLiteral("checkpoint"));
        QVERIFY2(checkpoint->hasResult(), qPrintable(checkpoint->errorText()));
        QCOMPARE(shownValue(checkpoint, QStringLiteral("checkpoint_bytes")),
                 QStringLiteral("980.0 GB"));
        QCOMPARE(shownValue(checkpoint, QStringLiteral("write_seconds")), QStringLiteral("8.17 s"));
        QCOMPARE(shownValue(checkpoint, QStringLiteral("stall_fraction")), QStringLiteral("0.2 %"));
        QCOMPARE(shownValue(checkpoint, QStringLiteral("bandwidth_for_target_gbyte_s")),
                 QStringLiteral("5.44 GB/s"));
        QCOMPARE(shownRow(checkpoint, QStringLiteral("bandwidth_for_target_gbyte_s"))->text(0),
                 QStringLiteral("Bandwidth for target"));

        // Cost: 96.5 kW x 1.3 x 8760 h x 0.10 USD = 109,894.2 USD a year.
        CalculatorPanel *cost = dock.panel(QStringLiteral("cost"));
        QVERIFY2(cost->hasResult(), qPrintable(cost->errorText()));
        QCOMPARE(shownValue(cost, QStringLiteral("opex_usd_per_year")),
                 QStringLiteral("$109,894 a year"));
        QCOMPARE(shownRow(cost, QStringLiteral("opex_usd_per_year"))->text(0),
                 QStringLiteral("Operating cost"));
        // 96.5 kW x 1.3 x 8760 h = 1,098,942 kWh = 1.10 GWh.
        QCOMPARE(shownValue(cost, QStringLiteral("energy_kwh_per_year")),
                 QStringLiteral("1.10 GWh a year"));

        // KV cache of Llama-2-70B: 327,680 B per token; x 4096 tokens = 1.342 GB.
        CalculatorPanel *kv = dock.panel(QStringLiteral("kv-cache"));
        kv->setInput(QStringLiteral("model"), QStringLiteral("llama-2-70b"));
        kv->setInput(QStringLiteral("tokens"), QStringLiteral("4096"));
        QVERIFY2(kv->hasResult(), qPrintable(kv->errorText()));
        QCOMPARE(shownValue(kv, QStringLiteral("bytes_per_token")), QStringLiteral("327.7 kB"));
        QCOMPARE(shownValue(kv, QStringLiteral("bytes_per_sequence")), QStringLiteral("1.34 GB"));

        // A radix-64 two-tier fat tree: 64 x 64 / 2 = 2,048 endpoints; 64 leaves, 32 spines;
        // the per-tier counts as rows of their own, not a JSON object.
        CalculatorPanel *fatTree = dock.panel(QStringLiteral("fat-tree"));
        fatTree->setInput(QStringLiteral("radix"), QStringLiteral("64"));
        fatTree->setInput(QStringLiteral("tiers"), QStringLiteral("2"));
        QVERIFY2(fatTree->hasResult(), qPrintable(fatTree->errorText()));
        QCOMPARE(shownValue(fatTree, QStringLiteral("max_endpoints")), QStringLiteral("2,048"));
        const QTreeWidgetItem *byTier = shownRow(fatTree, QStringLiteral("switches_by_tier"));
        QVERIFY(byTier);
        QCOMPARE(byTier->text(0), QStringLiteral("Switches by tier"));
        QCOMPARE(byTier->childCount(), 3);
        QStringList tiers;
        for (int i = 0; i < byTier->childCount(); ++i)
            tiers << byTier->child(i)->text(0) + QLatin1Char('=') + byTier->child(i)->text(1);
        QCOMPARE(tiers, QStringList({ "Core=0", "Leaf=64", "Spine=32" }));

        // No JSON key and no raw JSON left in what the user reads.
        for (const CalculatorPanel *panel : { checkpoint, cost, kv, fatTree }) {
            const auto *tree = panel->findChild<QTreeWidget *>(QStringLiteral("results"));
            for (QTreeWidgetItemIterator it(const_cast<QTreeWidget *>(tree)); *it; ++it) {
                QVERIFY2(!(*it)->text(0).contains(QLatin1Char('_')), qPrintable((*it)->text(0)));
                QVERIFY2(!(*it)->text(1).contains(QLatin1Char('{')), qPrintable((*it)->text(1)));
            }
        }
    }

    void powerChartGroupsRacksOfEqualLoad()
    {
        // The generated 256-node fat tree has 75 racks: one bar each was unreadable at the
        // dock's width. Racks of equal load and feed share a bar, labelled with their count.
        auto generated
            = cw::generateDesign("fat-tree", { { "nodes", "256" } }, cw::Catalog::builtin());
        QVERIFY2(generated, generated ? "" : generated.error().message.c_str());
        const cw::Design &design = generated.value().design;
        QCOMPARE(static_cast<int>(design.racks().size()), 75);
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&design);
        CalculatorPanel *power = dock.panel(QStringLiteral("power"));
        QVERIFY(power->chartStatus().isEmpty());
        QCustomPlot *plot = power->chart();
        auto *load = qobject_cast<QCPBars *>(plot->plottable(0));
        auto *feed = qobject_cast<QCPBars *>(plot->plottable(1));
        QVERIFY(load && feed);
        const int bars = load->data()->size();
        QVERIFY2(bars >= 2 && bars <= 12, qPrintable(QString::number(bars)));
        // 8 compute racks hold 4 DGX H100 of 10.2 kW and a mgmt-48x1g of 200 W = 41.0 kW, the
        // other 56 only the DGX = 40.8 kW, each against one feed of 2 PDUs x 415 V x 60 A x
        // sqrt(3) x 0.8 = 69.0 kW: the two rack kinds nearest their feed, in that order.
        const double feedKw = 2 * 415 * 60 * std::sqrt(3.0) * 0.8 / 1000;
        CW_VERIFY_NEAR_TOL(load->data()->at(0)->value, 41.0, 1e-6);
        CW_VERIFY_NEAR_TOL(load->data()->at(1)->value, 40.8, 1e-6);
        CW_VERIFY_NEAR_TOL(feed->data()->at(0)->value, feedKw, 1e-6);
        CW_VERIFY_NEAR_TOL(feed->data()->at(1)->value, feedKw, 1e-6);
        for (int i = 1; i < bars; ++i)
            QVERIFY(load->data()->at(i)->value / feed->data()->at(i)->value
                    <= load->data()->at(i - 1)->value / feed->data()->at(i - 1)->value);
        // Every rack is counted once in the labels ("56 racks", or a rack's own name).
        auto *ticker = dynamic_cast<QCPAxisTickerText *>(plot->xAxis->ticker().data());
        QVERIFY(ticker);
        int racks = 0;
        for (const QString &label : ticker->ticks()) {
            const QStringList words = label.split(QLatin1Char(' '));
            racks += words.size() == 2 && words[1] == QLatin1String("racks") ? words[0].toInt() : 1;
        }
        QCOMPARE(racks, 75);
        QCOMPARE(ticker->ticks().value(1), QStringLiteral("8 racks"));
        QCOMPARE(ticker->ticks().value(2), QStringLiteral("56 racks"));
        QCOMPARE(plot->xAxis->tickLabelRotation(), 45.0);
    }

    void kvCacheChartForTheSelectedModel()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        CalculatorPanel *kv = dock.panel(QStringLiteral("kv-cache"));
        auto *model = kv->findChild<QComboBox *>(QStringLiteral("model"));
        QVERIFY(model);
        model->setCurrentIndex(model->findText(QStringLiteral("llama-2-70b")));
        kv->setInput(QStringLiteral("tokens"), QStringLiteral("4096"));
        QVERIFY2(kv->hasResult(), qPrintable(kv->errorText()));
        // Llama-2-70B: 2 x 80 layers x 8 kv heads x 128 x 2 B = 327,680 B per token.
        QCOMPARE(kv->result().at("bytes_per_token").get<double>(), 327680.0);
        QCustomPlot *plot = kv->chart();
        QVERIFY(plot && kv->chartStatus().isEmpty());
        QCOMPARE(plot->graphCount(), 1);
        // Context 1k..128k in powers of two = 8 points; at 4096 tokens 327,680 x 4096 B
        // = 1.25 GiB.
        QCOMPARE(plot->graph(0)->dataCount(), 8);
        const auto at4096 = plot->graph(0)->data()->findBegin(4096, false);
        QCOMPARE(at4096->key, 4096.0);
        CW_VERIFY_NEAR(at4096->value, 1.25);

        const QImage image = plot->toPixmap(640, 400).toImage();
        QCOMPARE(image.size(), QSize(640, 400));
        QVERIFY2(inkedPixels(image) > 640 * 400 / 50, "the chart is (nearly) blank");
        QVERIFY2(pixelsOf(image, QColor(255, 127, 14)) > 100, "the KV-cache curve is not drawn");
    }

    void designChartsAndExport()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        CalculatorPanel *power = dock.panel(QStringLiteral("power"));
        QVERIFY(!power->chartStatus().isEmpty()); // no design: nothing to draw
        dock.setDesign(&*m_design);
        QVERIFY(power->chartStatus().isEmpty());
        // Racks A01 47.8 kW and A02 48.7 kW (device maximum power) against one feed of
        // 2 x 400 V x 63 A x sqrt(3) x 0.8 = 69.84 kW.
        QCustomPlot *plot = power->chart();
        QCOMPARE(plot->plottableCount(), 2);
        auto *load = qobject_cast<QCPBars *>(plot->plottable(0));
        auto *feed = qobject_cast<QCPBars *>(plot->plottable(1));
        QVERIFY(load && feed);
        CW_VERIFY_NEAR(load->data()->at(0)->value, 47.8);
        CW_VERIFY_NEAR(load->data()->at(1)->value, 48.7);
        CW_VERIFY_NEAR(feed->data()->at(0)->value, 2 * 400 * 63 * std::sqrt(3.0) * 0.8 / 1000);

        // Bandwidth hierarchy of a DGX H100 GPU on the allreduce panel: HBM 3350, NVLink 450,
        // PCIe 64, NIC 50, storage 2.8125 read / 1.875 write GB/s (180 and 120 GB/s / 64).
        auto *bandwidth = qobject_cast<QCPBars *>(
            dock.panel(QStringLiteral("allreduce"))->chart()->plottable(0));
        QVERIFY(bandwidth);
        QCOMPARE(bandwidth->data()->size(), 6);
        QCOMPARE(bandwidth->data()->at(0)->value, 3350.0);
        QCOMPARE(bandwidth->data()->at(5)->value, 1.875);

        // Checkpoint: stall against bandwidth with the design's tier marked, exported.
        CalculatorPanel *checkpoint = dock.panel(QStringLiteral("checkpoint"));
        QVERIFY(checkpoint->chartStatus().isEmpty());
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("stall.png"));
        const QString svg = dir.filePath(QStringLiteral("stall.svg"));
        QVERIFY(checkpoint->exportChart(png, 800, 500));
        QVERIFY(checkpoint->exportChart(svg, 800, 500));
        QVERIFY(!checkpoint->exportChart(dir.filePath(QStringLiteral("stall.bmp"))));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 500));
        QVERIFY2(inkedPixels(image) > 800 * 500 / 50, "the exported PNG is (nearly) blank");
        QVERIFY2(pixelsOf(image, QColor(31, 119, 180)) > 100, "the stall curve is not drawn");
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("<path") || text.contains("<polyline"));
        QVERIFY(text.contains("lustre")); // the design's tier label
    }

    void trainingTimeCurvesAtSeveralMfus()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&*m_design);
        CalculatorPanel *time = dock.panel(QStringLiteral("training-time"));
        QVERIFY2(time->hasResult(), qPrintable(time->errorText()));
        QCustomPlot *plot = time->chart();
        QCOMPARE(plot->graphCount(), 3); // MFU 0.3, 0.4 (the workload's), 0.5
        // At 64 GPUs and MFU 0.4: 8.4e23 / (64 x 989e12 x 0.4) / 86400 = 384.0 days.
        const auto at64 = plot->graph(1)->data()->findBegin(64, false);
        QCOMPARE(at64->key, 64.0);
        CW_VERIFY_NEAR(at64->value, 8.4e23 / (64 * 989e12 * 0.4) / 86400);
    }

    void opensOnAWorkingCalculation()
    {
        // With the example open, the dock shows training-memory computed from the design (zero
        // assumed), not "parameter 'zero': missing".
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&*m_design);
        CalculatorPanel *current = dock.currentPanel();
        QCOMPARE(current, dock.panel(QStringLiteral("training-memory")));
        QVERIFY2(current->hasResult(), qPrintable(current->errorText()));
        QCOMPARE(current->prefilledValue(QStringLiteral("zero")), QStringLiteral("1"));
        QVERIFY(current->prefilledIsAssumed(QStringLiteral("zero")));
        QVERIFY(!current->prefilledIsAssumed(QStringLiteral("params")));
        // Human units: 4 x 70e9 + 12 x 70e9 / 64 = 293,125,000,000 B = 293.1 GB.
        QCOMPARE(shownValue(current, QStringLiteral("model_states_bytes_per_gpu")),
                 QStringLiteral("293.1 GB"));
        QCOMPARE(shownValue(current, QStringLiteral("fits")), QStringLiteral("no"));
        // The design's list names the assumption as one.
        QVERIFY(current->findChildren<QLabel *>().size() > 0);
        bool marked = false;
        for (const QLabel *label : current->findChildren<QLabel *>())
            marked = marked || label->text().contains(QStringLiteral("ASSUMED zero = 1"));
        QVERIFY(marked);
    }

    void emptyDesignOpensOnPowerFromTheBudget()
    {
        // File > New: a hall with a 410 kW IT budget and no device yet. The dock opened on
        // "parameter 'it-kw': missing"; now power is sized against the hall's budget, marked
        // assumed: 410 kW x PUE 1.3 = 533.0 kW; 410,000 W x 3.412142 = 1,398,978.2 BTU/h.
        cw::Design design;
        cw::Site site = design.site();
        site.name = "Hall 1";
        site.itPowerBudgetKw = 410;
        design.setSite(site);
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&design);
        CalculatorPanel *current = dock.currentPanel();
        QVERIFY(current);
        QVERIFY2(current->hasResult(), qPrintable(current->errorText()));
        CalculatorPanel *power = dock.panel(QStringLiteral("power"));
        QVERIFY2(power->hasResult(), qPrintable(power->errorText()));
        QCOMPARE(power->prefilledValue(QStringLiteral("it-kw")), QStringLiteral("410"));
        QVERIFY(power->prefilledIsAssumed(QStringLiteral("it-kw")));
        QVERIFY(power->prefilledSource(QStringLiteral("it-kw")).contains(QStringLiteral("budget")));
        QCOMPARE(shownValue(power, QStringLiteral("facility_kw")), QStringLiteral("533.0 kW"));
        QCOMPARE(shownValue(power, QStringLiteral("btu_per_hour")),
                 QStringLiteral("1,398,978.2 BTU/h"));
        // Its chart has nothing to draw: no axes, the hint whole on lines of its own.
        QVERIFY(!power->chartStatus().isEmpty());
        QVERIFY(!power->chart()->xAxis->visible() && !power->chart()->yAxis->visible());
    }

    void humanUnitsForRatesAndTimes()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        CalculatorPanel *collective = dock.panel(QStringLiteral("collective"));
        collective->setInput(QStringLiteral("bytes"), QStringLiteral("8e9"));
        collective->setInput(QStringLiteral("ranks"), QStringLiteral("8"));
        collective->setInput(QStringLiteral("link-gbyte-s"), QStringLiteral("2000"));
        QVERIFY2(collective->hasResult(), qPrintable(collective->errorText()));
        // 2000 GB/s line rate = 2.00 TB/s; all-reduce 2 x 7/8 x 8e9 / 2e12 = 7 ms.
        QCOMPARE(shownValue(collective, QStringLiteral("effective_gbyte_s")),
                 QStringLiteral("2.00 TB/s"));
        QCOMPARE(shownValue(collective, QStringLiteral("seconds")), QStringLiteral("7.00 ms"));
        CalculatorPanel *interval = dock.panel(QStringLiteral("checkpoint-interval"));
        interval->setInput(QStringLiteral("mtbf-hours"), QStringLiteral("24"));
        interval->setInput(QStringLiteral("checkpoint-s"), QStringLiteral("300"));
        // Young: sqrt(2 x 300 x 86400) = 7200 s = 2.00 h.
        QCOMPARE(shownValue(interval, QStringLiteral("young_interval_s")),
                 QStringLiteral("2.00 h"));
    }

    void newChartsDrawAndKeepTheirLegendOffTheData()
    {
        CalculatorsDock dock(cw::Catalog::builtin());
        dock.setDesign(&*m_design);
        // Checkpoint interval: three curves (total, saving, rework) against the interval.
        CalculatorPanel *interval = dock.panel(QStringLiteral("checkpoint-interval"));
        QVERIFY2(interval->hasResult(), qPrintable(interval->errorText()));
        QVERIFY(interval->chartStatus().isEmpty());
        QCustomPlot *plot = interval->chart();
        QCOMPARE(plot->graphCount(), 3);
        // The total is the sum of its parts at every sampled interval.
        for (int i = 0; i < plot->graph(0)->dataCount(); i += 10) {
            const double total = plot->graph(0)->data()->at(i)->value;
            const double parts
                = plot->graph(1)->data()->at(i)->value + plot->graph(2)->data()->at(i)->value;
            CW_VERIFY_NEAR(total, parts);
        }
        // The legend is laid out below the axis rect, never inside it.
        QVERIFY(plot->legend->visible());
        plot->replot();
        const QRect axes = plot->axisRect()->outerRect();
        const QRect legend = plot->legend->outerRect();
        QVERIFY2(!axes.intersects(legend), "the legend covers the plot");
        QVERIFY(legend.top() >= axes.bottom());

        // Memory against pipeline depth for m = 1, 4, 16, 64 micro-batches.
        CalculatorPanel *memory = dock.panel(QStringLiteral("training-memory"));
        const std::vector<std::pair<QString, QString>> shape {
            { "layers", "80" }, { "hidden", "8192" }, { "heads", "64" }, { "seq", "4096" }
        };
        for (const auto &[key, value] : shape)
            memory->setInput(key, value);
        QVERIFY2(memory->hasResult(), qPrintable(memory->errorText()));
        QCOMPARE(memory->chart()->graphCount(), 4);
        QVERIFY(memory->chartStatus().isEmpty());

        // Bus bandwidth against message size, one curve per collective.
        CalculatorPanel *collective = dock.panel(QStringLiteral("collective"));
        QVERIFY2(collective->hasResult(), qPrintable(collective->errorText()));
        QCOMPARE(collective->chart()->graphCount(), 5); // 4 collectives + broadcast
        // The design's 64 ranks over NDR, NCCL's 14 us per step: at 10 GB the all-reduce curve
        // is within 0.5 % of 46 GB/s (50 x 0.92): 1e10 / (126 x 14 us + 2 x 63/64 x 1e10 / 46e9)
        // x 126/64 = 45.81 GB/s; at 1 kB it is latency-bound, far below.
        const QCPGraph *allReduce = collective->chart()->graph(0);
        CW_VERIFY_NEAR_TOL(allReduce->data()->at(allReduce->dataCount() - 1)->value, 45.81118,
                           1e-5);
        QVERIFY(allReduce->data()->at(0)->value < 0.01);
        // Power bars: the legend sits below the bars too.
        QCustomPlot *power = dock.panel(QStringLiteral("power"))->chart();
        power->replot();
        QVERIFY(!power->axisRect()->outerRect().intersects(power->legend->outerRect()));
        const QImage image = plot->toPixmap(480, 320).toImage();
        QVERIFY2(inkedPixels(image) > 480 * 320 / 50, "the chart is (nearly) blank");
    }

private:
    std::optional<cw::Design> m_design;
};

QTEST_MAIN(TestCalcDock)

#include "tst_calc_dock.moc"

// Safe forms everywhere in the workbench (issue 22, item 6), as a user scrolling past them
// sees: a wheel over a spin box or combo box that does not have the focus edits nothing (the
// template wizard's "storage-nodes" went 4 -> 5 and "storage" lustre -> none under one notch
// each), the Calculators dock scrolls past its fields and charts (a chart used to swallow the
// wheel and zoom into an empty range), and a focused field still takes the wheel.

#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignWizard.h"

#include "views/calculators/CalculatorPanel.h"
#include "views/calculators/CalculatorsDock.h"

#include "model/catalog/Catalog.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QtTest>

#include <memory>

using namespace cw;

namespace {

const QString kDgxExample
    = QStringLiteral(CW_SOURCE_DIR "/resources/examples/8dgx-h100-ndr.cluster.json");

/// One wheel notch (120 eighths of a degree; negative = towards the user) over `widget`'s
/// centre, delivered to the widget under the mouse. Returns whether the widget kept it: a
/// wheel it ignores goes on to its parents (the dock's scroll area) when the window system
/// sends it; Qt does not propagate one sent from a test, so the test reads the verdict.
bool notch(QWidget *widget, int degrees8, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
{
    const QPointF centre = QRectF(widget->rect()).center();
    QWheelEvent wheel(centre, widget->mapToGlobal(centre), QPoint(), QPoint(0, degrees8),
                      Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &wheel);
    return wheel.isAccepted();
}

/// The scroll area `widget` sits in.
QScrollArea *scrollAreaOf(QWidget *widget)
{
    for (QWidget *w = widget; w; w = w->parentWidget())
        if (auto *area = qobject_cast<QScrollArea *>(w))
            return area;
    return nullptr;
}

} // namespace

class TestSafeForms : public QObject
{
    Q_OBJECT

private slots:
    void wizardIgnoresTheWheelUnlessFocused();
    void calculatorsDockScrollsPastFieldsAndCharts();
};

void TestSafeForms::wizardIgnoresTheWheelUnlessFocused()
{
    NewDesignWizard wizard(Catalog::builtin());
    wizard.setTemplate(QStringLiteral("fat-tree"));
    wizard.show();
    QVERIFY(QTest::qWaitForWindowExposed(&wizard));
    auto *storageNodes = wizard.findChild<QSpinBox *>(QStringLiteral("storage-nodes"));
    auto *storage = wizard.findChild<QComboBox *>(QStringLiteral("storage"));
    auto *switchType = wizard.findChild<QComboBox *>(QStringLiteral("switch-type"));
    QVERIFY(storageNodes && storage && switchType);
    const int nodesBefore = storageNodes->value();
    const QString storageBefore = storage->currentText();
    const QString switchBefore = switchType->currentText();
    QVERIFY(!storageNodes->hasFocus() && !storage->hasFocus());

    notch(storageNodes, 120);
    notch(storage, 120);
    notch(storage, -120);
    notch(switchType, -120);
    QCOMPARE(storageNodes->value(), nodesBefore);
    QCOMPARE(storage->currentText(), storageBefore);
    QCOMPARE(switchType->currentText(), switchBefore);
    QVERIFY(!storageNodes->hasFocus()); // and the wheel did not take the focus either
    QCOMPARE(wizard.parameterValues().at("storage"), storageBefore.toStdString());

    // Focused (clicked or tabbed into), the field takes the wheel as the user means it.
    wizard.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&wizard));
    storageNodes->setFocus();
    QVERIFY(storageNodes->hasFocus());
    notch(storageNodes, 120);
    QCOMPARE(storageNodes->value(), nodesBefore + 1);
}

void TestSafeForms::calculatorsDockScrollsPastFieldsAndCharts()
{
    auto window = std::make_unique<MainWindow>(Catalog::builtin());
    window->setBatchMode(true);
    QVERIFY(window->openFile(kDgxExample));
    window->resize(1400, 900);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    calcviews::CalculatorsDock *dock = window->calculatorsDock();
    dock->show();
    dock->raise();
    dock->showCalculator(QStringLiteral("checkpoint"));
    QCoreApplication::processEvents();
    calcviews::CalculatorPanel *checkpoint = dock->currentPanel();
    QVERIFY(checkpoint && checkpoint->isVisible());
    QVERIFY2(checkpoint->hasResult(), qPrintable(checkpoint->errorText()));

    // The calculator picker and a choice field: the wheel passes them by.
    auto *picker = dock->findChild<QComboBox *>(QStringLiteral("calculator"));
    auto *async = checkpoint->findChild<QComboBox *>(QStringLiteral("async"));
    QVERIFY(picker && async);
    const int pickerBefore = picker->currentIndex();
    const int asyncBefore = async->currentIndex();
    QVERIFY(!notch(picker, -120));
    QVERIFY(!notch(async, -120));
    QCOMPARE(picker->currentIndex(), pickerBefore);
    QCOMPARE(dock->currentPanel(), checkpoint);
    QCOMPARE(async->currentIndex(), asyncBefore);

    // The chart: a plain wheel is left to the dock's scroll area (the axes stay), Ctrl+wheel
    // zooms. The scroll area itself scrolls on the wheel it is given.
    QCustomPlot *chart = checkpoint->chart();
    QScrollArea *area = scrollAreaOf(checkpoint);
    QVERIFY(chart && area);
    const QCPRange xBefore = chart->xAxis->range();
    const QCPRange yBefore = chart->yAxis->range();
    QVERIFY(!notch(chart, -120));
    QVERIFY(chart->xAxis->range() == xBefore && chart->yAxis->range() == yBefore);
    area->verticalScrollBar()->setValue(0);
    QVERIFY2(area->verticalScrollBar()->maximum() > 0, "the dock has nothing to scroll");
    notch(area->viewport(), -120);
    QVERIFY(area->verticalScrollBar()->value() > 0);
    QVERIFY(notch(chart, -120, Qt::ControlModifier));
    QVERIFY(chart->xAxis->range() != xBefore || chart->yAxis->range() != yBefore);
}

QTEST_MAIN(TestSafeForms)
#include "tst_safe_forms.moc"

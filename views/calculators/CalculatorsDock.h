#pragma once

#include <QDockWidget>

#include <memory>
#include <vector>

class QComboBox;
class QStackedWidget;

namespace cw {
class Catalog;
class Design;
} // namespace cw

namespace cw::calcviews {

class CalculatorPanel;
struct DesignContext;

/// The Calculators dock: one CalculatorPanel per calculator of the registry, picked from a
/// list, each prefilled from the open design. The main window passes the design on every
/// change (setDesign); the dock holds no copy, so the design must outlive the next call.
class CalculatorsDock : public QDockWidget
{
    Q_OBJECT

public:
    /// Registers the catalog's GPU peaks and, if none are registered yet, the built-in model
    /// presets with the calculator registry; `catalog` must outlive the dock.
    explicit CalculatorsDock(const Catalog &catalog, QWidget *parent = nullptr);
    ~CalculatorsDock() override;

    /// The open design (nullptr when none); re-gathers its facts and refreshes every panel.
    /// Until the user picks a calculator, the dock shows the first one the design completes
    /// (training-memory for a design with a workload), never one that only reports a missing
    /// input.
    void setDesign(const Design *design);

    QStringList calculatorNames() const;
    CalculatorPanel *panel(const QString &name) const;
    CalculatorPanel *currentPanel() const;
    void showCalculator(const QString &name);

private:
    const Catalog &m_catalog;
    QComboBox *m_selector = nullptr;
    QStackedWidget *m_stack = nullptr;
    std::vector<CalculatorPanel *> m_panels;
    std::shared_ptr<const DesignContext> m_context;
    bool m_userPicked = false; // the user chose a calculator: keep it across designs
};

} // namespace cw::calcviews

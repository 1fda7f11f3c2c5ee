#pragma once

#include "calculators/ParamSpec.h"

#include <QWidget>

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QTreeWidget;

namespace cw::calcviews {

struct DesignContext;

/// One calculator as a form generated from its registry metadata (one field per ParamSpec,
/// with unit, default and help), the result with its assumptions, and a chart where the
/// calculator has one. Inputs the user leaves empty are taken from the open design when it
/// knows them, else from the calculator's defaults: the CLI's `--design` rule.
class CalculatorPanel : public QWidget
{
    Q_OBJECT

public:
    explicit CalculatorPanel(calc::CalculatorInfo info, QWidget *parent = nullptr);
    ~CalculatorPanel() override;

    const calc::CalculatorInfo &info() const { return m_info; }

    /// The open design's facts (an empty context when none); recomputes.
    void setDesignContext(std::shared_ptr<const DesignContext> context);

    /// Sets an input as a user types it; an empty text clears it. Recomputes.
    void setInput(const QString &key, const QString &text);
    QString input(const QString &key) const;
    /// The value the design gives `key` ("" when it gives none), and where it comes from.
    QString prefilledValue(const QString &key) const;
    QString prefilledSource(const QString &key) const;
    /// True when the prefilled value of `key` is an assumption, not a design figure.
    bool prefilledIsAssumed(const QString &key) const
    {
        return m_assumed.contains(key.toStdString());
    }

    bool hasResult() const { return !m_result.is_null(); }
    /// The result keys and "assumptions" of the last run (null after an error).
    const nlohmann::json &result() const { return m_result; }
    /// The last run's error, naming the parameter at fault; empty on success.
    QString errorText() const { return m_error; }
    /// Given plus prefilled inputs of the last run.
    const std::map<std::string, std::string> &effectiveInputs() const { return m_effective; }

    /// The chart (nullptr when this calculator has none) and why it is empty, if it is.
    QCustomPlot *chart() const { return m_chart; }
    QString chartStatus() const { return m_chartStatus; }
    /// Writes the chart as PNG or SVG by the file's suffix; false without a chart.
    bool exportChart(const QString &fileName, int widthPx = 800, int heightPx = 500) const;

signals:
    void recomputed();

private:
    struct Field;

    void buildForm();
    QWidget *buildChart();
    void recompute();
    void redrawChart();
    void showInputs();
    void showResult();
    std::map<std::string, std::string> givenInputs() const;
    Field *field(const QString &key);
    const Field *field(const QString &key) const;
    void exportWithDialog(const QString &suffix);

    calc::CalculatorInfo m_info;
    std::vector<std::unique_ptr<Field>> m_fields;
    std::shared_ptr<const DesignContext> m_context;
    std::map<std::string, std::pair<std::string, std::string>> m_prefilled; // key -> value, source
    std::set<std::string> m_assumed; // prefilled keys the design does not give (assumptions)
    std::vector<std::string> m_prefillNotes;
    std::map<std::string, std::string> m_effective;
    nlohmann::json m_result;
    QString m_error;
    QString m_chartStatus;

    QLabel *m_errorLabel = nullptr;
    QTreeWidget *m_results = nullptr;
    QLabel *m_assumptions = nullptr;
    QLabel *m_warnings = nullptr; // sanity bands crossed, former names used
    QLabel *m_notes = nullptr;
    QCustomPlot *m_chart = nullptr;
};

} // namespace cw::calcviews

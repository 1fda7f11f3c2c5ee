#include "views/calculators/CalculatorPanel.h"

#include "calculators/GpuPeaks.h"
#include "calculators/Registry.h"
#include "views/calculators/CalculatorCharts.h"
#include "views/calculators/DesignContext.h"
#include "views/calculators/PlotExport.h"
#include "views/calculators/ResultFormat.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <functional>
#include <set>

namespace cw::calcviews {

/// One input: a line edit for numbers and free text, a combo box for a choice.
struct CalculatorPanel::Field
{
    calc::ParamSpec spec;
    QLineEdit *line = nullptr;
    QComboBox *combo = nullptr; // item 0 = "not given" (default or design)
    QLabel *origin = nullptr; // "design", "default", "required"
};

namespace {

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

/// The values of a choice input; model presets and GPU parts are only known at run time.
std::vector<std::string> choicesOf(const calc::ParamSpec &spec)
{
    if (!spec.choices.empty())
        return spec.choices;
    std::vector<std::string> names;
    if (spec.key == "model") {
        for (const calc::ModelPreset &preset : calc::modelPresets())
            names.push_back(preset.name);
    } else if (spec.key == "gpu") {
        for (const calc::GpuPeak &peak : calc::gpuPeaks())
            names.push_back(peak.name);
    }
    return names;
}

/// A chart inside the dock's scroll area: the plain wheel scrolls the dock past it (it used to
/// zoom the axes and stop the scrolling, leaving a chart zoomed into nothing); Ctrl+wheel
/// zooms, a drag pans and a double-click puts the axes back.
class DockChart : public QCustomPlot
{
public:
    explicit DockChart(std::function<void()> redraw)
        : m_redraw(std::move(redraw))
    {
        setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
        setToolTip(QObject::tr("Ctrl+wheel zooms, drag pans, double-click resets the axes"));
    }

protected:
    void wheelEvent(QWheelEvent *event) override
    {
        if (event->modifiers() & Qt::ControlModifier)
            QCustomPlot::wheelEvent(event);
        else
            event->ignore(); // on to the scroll area
    }
    void mouseDoubleClickEvent(QMouseEvent *event) override
    {
        QCustomPlot::mouseDoubleClickEvent(event);
        m_redraw();
    }

private:
    std::function<void()> m_redraw;
};

/// One result row: words and a value in human units; the JSON key and exact value in the
/// tooltips; an object (switches by tier) as one child row per entry.
QTreeWidgetItem *resultItem(const std::string &key, const nlohmann::json &value)
{
    auto *item = new QTreeWidgetItem({ outputLabel(key), QString() });
    item->setData(0, Qt::UserRole, text(key));
    item->setToolTip(0, text(key));
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it)
            item->addChild(resultItem(it.key(), *it));
    } else {
        item->setText(1, formatOutput(key, value));
        item->setToolTip(1, text(value.dump()));
    }
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QString htmlList(const std::vector<std::string> &items)
{
    QString html = QStringLiteral("<ul style=\"margin-left:-20px\">");
    for (const std::string &item : items)
        html += QStringLiteral("<li>%1</li>").arg(text(item).toHtmlEscaped());
    return html + QStringLiteral("</ul>");
}

} // namespace

CalculatorPanel::CalculatorPanel(calc::CalculatorInfo info, QWidget *parent)
    : QWidget(parent)
    , m_info(std::move(info))
    , m_context(std::make_shared<DesignContext>())
{
    setObjectName(text(m_info.name));
    buildForm();
    recompute();
}

CalculatorPanel::~CalculatorPanel() = default;

void CalculatorPanel::buildForm()
{
    auto *layout = new QVBoxLayout(this);
    auto *summary = new QLabel(text(m_info.summary));
    summary->setWordWrap(true);
    layout->addWidget(summary);

    auto *inputs = new QGroupBox(tr("Inputs"));
    auto *form = new QFormLayout(inputs);
    for (const calc::ParamSpec &spec : m_info.params) {
        auto f = std::make_unique<Field>();
        f->spec = spec;
        const QString key = text(spec.key);
        const QString help = text(spec.help);
        auto *row = new QHBoxLayout;
        const std::vector<std::string> choices = choicesOf(spec);
        if (!choices.empty()) {
            f->combo = new QComboBox;
            f->combo->setObjectName(key);
            f->combo->addItem(QString());
            for (const std::string &choice : choices)
                f->combo->addItem(text(choice));
            f->combo->setToolTip(help);
            connect(f->combo, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
            row->addWidget(f->combo, 1);
        } else {
            f->line = new QLineEdit;
            f->line->setObjectName(key);
            f->line->setToolTip(help + tr("\nNumbers accept 70e9, 70B, 4096, 2.5."));
            f->line->setClearButtonEnabled(true);
            connect(f->line, &QLineEdit::textChanged, this, [this] { recompute(); });
            row->addWidget(f->line, 1);
        }
        f->origin = new QLabel;
        f->origin->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("required__")));
        row->addWidget(f->origin);
        auto *label = new QLabel(
            spec.unit.empty() ? key : QStringLiteral("%1 [%2]").arg(key, text(spec.unit)));
        label->setToolTip(help);
        form->addRow(label, row);
        m_fields.push_back(std::move(f));
    }
    layout->addWidget(inputs);

    m_errorLabel = new QLabel;
    m_errorLabel->setObjectName(QStringLiteral("error"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b22222;"));
    layout->addWidget(m_errorLabel);

    auto *results = new QGroupBox(tr("Result"));
    auto *resultLayout = new QVBoxLayout(results);
    m_results = new QTreeWidget;
    m_results->setObjectName(QStringLiteral("results"));
    m_results->setColumnCount(2);
    m_results->setHeaderLabels({ tr("Output"), tr("Value") });
    m_results->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_results->setMinimumHeight(120);
    resultLayout->addWidget(m_results);
    m_warnings = new QLabel;
    m_warnings->setObjectName(QStringLiteral("warnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setStyleSheet(QStringLiteral("color: #b8860b;"));
    m_warnings->setVisible(false);
    resultLayout->addWidget(m_warnings);
    m_assumptions = new QLabel;
    m_assumptions->setObjectName(QStringLiteral("assumptions"));
    m_assumptions->setWordWrap(true);
    m_assumptions->setTextInteractionFlags(Qt::TextSelectableByMouse);
    resultLayout->addWidget(new QLabel(tr("Assumptions:")));
    resultLayout->addWidget(m_assumptions);
    m_notes = new QLabel;
    m_notes->setWordWrap(true);
    m_notes->setStyleSheet(QStringLiteral("color: #555;"));
    resultLayout->addWidget(m_notes);
    layout->addWidget(results);

    if (hasChart(m_info.name))
        layout->addWidget(buildChart(), 1);
    layout->addStretch();
}

QWidget *CalculatorPanel::buildChart()
{
    auto *box = new QGroupBox(tr("Chart"));
    auto *layout = new QVBoxLayout(box);
    m_chart = new DockChart([this] { redrawChart(); });
    m_chart->setObjectName(text(m_info.name) + QStringLiteral("-chart"));
    m_chart->setMinimumHeight(280);
    layout->addWidget(m_chart, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    for (const QString &suffix : { QStringLiteral("png"), QStringLiteral("svg") }) {
        auto *button = new QPushButton(tr("Export %1…").arg(suffix.toUpper()));
        connect(button, &QPushButton::clicked, this, [this, suffix] { exportWithDialog(suffix); });
        buttons->addWidget(button);
    }
    layout->addLayout(buttons);
    return box;
}

void CalculatorPanel::exportWithDialog(const QString &suffix)
{
    const QString fileName = QFileDialog::getSaveFileName(
        this, tr("Export chart"), text(m_info.name) + QLatin1Char('.') + suffix,
        suffix == QLatin1String("png") ? tr("PNG image (*.png)") : tr("SVG drawing (*.svg)"));
    if (!fileName.isEmpty())
        exportChart(fileName);
}

bool CalculatorPanel::exportChart(const QString &fileName, int widthPx, int heightPx) const
{
    return m_chart && exportPlot(m_chart, fileName, widthPx, heightPx);
}

CalculatorPanel::Field *CalculatorPanel::field(const QString &key)
{
    for (auto &f : m_fields) {
        if (text(f->spec.key) == key)
            return f.get();
    }
    return nullptr;
}

const CalculatorPanel::Field *CalculatorPanel::field(const QString &key) const
{
    return const_cast<CalculatorPanel *>(this)->field(key);
}

void CalculatorPanel::setDesignContext(std::shared_ptr<const DesignContext> context)
{
    m_context = context ? std::move(context) : std::make_shared<DesignContext>();
    recompute();
}

void CalculatorPanel::setInput(const QString &key, const QString &value)
{
    Field *f = field(key);
    if (!f)
        return;
    if (f->line) {
        f->line->setText(value); // textChanged recomputes
    } else {
        const int index = value.isEmpty() ? 0 : f->combo->findText(value);
        if (index < 0) { // not a listed choice: let the calculator say what it expects
            f->combo->addItem(value);
            f->combo->setCurrentIndex(f->combo->count() - 1);
        } else {
            f->combo->setCurrentIndex(index);
        }
    }
}

QString CalculatorPanel::input(const QString &key) const
{
    const Field *f = field(key);
    if (!f)
        return {};
    if (f->line)
        return f->line->text().trimmed();
    return f->combo->currentIndex() > 0 ? f->combo->currentText() : QString();
}

QString CalculatorPanel::prefilledValue(const QString &key) const
{
    const auto it = m_prefilled.find(key.toStdString());
    return it == m_prefilled.end() ? QString() : text(it->second.first);
}

QString CalculatorPanel::prefilledSource(const QString &key) const
{
    const auto it = m_prefilled.find(key.toStdString());
    return it == m_prefilled.end() ? QString() : text(it->second.second);
}

std::map<std::string, std::string> CalculatorPanel::givenInputs() const
{
    std::map<std::string, std::string> given;
    for (const auto &f : m_fields) {
        const QString value = input(text(f->spec.key));
        if (!value.isEmpty())
            given[f->spec.key] = value.toStdString();
    }
    return given;
}

void CalculatorPanel::recompute()
{
    const std::map<std::string, std::string> given = givenInputs();
    m_prefilled.clear();
    m_assumed.clear();
    m_prefillNotes.clear();
    m_effective = given;
    if (m_context->hasDesign()) {
        const calc::PrefillExtras extras
            = m_info.name == "cost" && !given.contains("capex-usd") && m_context->costExtras
            ? m_context->costExtras()
            : calc::PrefillExtras {};
        const calc::Prefill prefill
            = calc::prefillFromDesign(m_info.name, *m_context->facts, given, extras);
        for (const calc::PrefilledInput &in : prefill.inputs) {
            m_prefilled[in.key] = { in.value, in.source };
            if (in.assumed)
                m_assumed.insert(in.key);
        }
        m_prefillNotes = prefill.notes;
        m_effective = prefill.merged(given);
    }
    const calc::CalcOutcome outcome = calc::runCalculator(m_info.name, m_effective);
    m_result = outcome.result;
    m_error = text(outcome.error);
    showInputs();
    showResult();
    redrawChart();
    emit recomputed();
}

void CalculatorPanel::redrawChart()
{
    if (m_chart)
        m_chartStatus = drawChart(m_chart, m_info.name, m_effective, *m_context);
}

void CalculatorPanel::showInputs()
{
    // The parameter the error names gets a red frame (validation in the calculator's words).
    static const QRegularExpression faulty(QStringLiteral("^parameter '([^']+)'"));
    const QString badKey = faulty.match(m_error).captured(1);
    for (auto &f : m_fields) {
        const QString key = text(f->spec.key);
        const auto prefilled = m_prefilled.find(f->spec.key);
        QString hint, origin, tip = text(f->spec.help);
        if (prefilled != m_prefilled.end() && m_assumed.contains(f->spec.key)) {
            hint = text(prefilled->second.first);
            origin = tr("assumed");
            tip += tr("\nAssumed: %1").arg(text(prefilled->second.second));
        } else if (prefilled != m_prefilled.end()) {
            hint = text(prefilled->second.first);
            origin = tr("design");
            tip += tr("\nFrom the design: %1").arg(text(prefilled->second.second));
        } else if (f->spec.defaultValue) {
            hint = text(*f->spec.defaultValue);
            origin = tr("default");
        } else if (f->spec.required) {
            origin = tr("required");
        }
        const bool given = !input(key).isEmpty();
        f->origin->setText(given ? QString() : origin);
        f->origin->setToolTip(tip);
        f->origin->setStyleSheet(origin == tr("design")        ? QStringLiteral("color: #2c7a2c;")
                                     : origin == tr("assumed") ? QStringLiteral("color: #b8860b;")
                                                               : QStringLiteral("color: #777;"));
        const QString frame
            = key == badKey ? QStringLiteral("border: 1px solid #d62728;") : QString();
        if (f->line) {
            f->line->setPlaceholderText(hint);
            f->line->setToolTip(tip);
            f->line->setStyleSheet(frame);
        } else {
            f->combo->setItemText(0, hint.isEmpty() ? QString() : QStringLiteral("(%1)").arg(hint));
            f->combo->setToolTip(tip);
            f->combo->setStyleSheet(frame);
        }
    }
}

void CalculatorPanel::showResult()
{
    m_errorLabel->setText(m_error);
    m_errorLabel->setVisible(!m_error.isEmpty());
    m_results->clear();
    std::vector<std::string> assumptions, warnings;
    std::set<std::string> formerOutputs;
    for (const auto &[former, current] : m_info.renamedOutputs)
        formerOutputs.insert(former);
    if (!m_result.is_null()) {
        for (auto it = m_result.begin(); it != m_result.end(); ++it) {
            if (it.key() == "assumptions") {
                for (const auto &a : *it)
                    assumptions.push_back(a.get<std::string>());
                continue;
            }
            if (it.key() == "warnings") {
                for (const auto &w : *it)
                    warnings.push_back(w.get<std::string>());
                continue;
            }
            if (it.key() == "deprecated_outputs" || formerOutputs.contains(it.key()))
                continue;
            m_results->addTopLevelItem(resultItem(it.key(), *it));
        }
    }
    m_results->expandAll();
    m_assumptions->setText(htmlList(assumptions));
    m_warnings->setText(warnings.empty() ? QString() : htmlList(warnings));
    m_warnings->setVisible(!warnings.empty());
    std::vector<std::string> notes;
    for (const auto &[key, valueSource] : m_prefilled) {
        if (!m_assumed.contains(key))
            notes.push_back(key + " = " + valueSource.first
                            + " from the design: " + valueSource.second);
    }
    for (const auto &[key, valueSource] : m_prefilled) {
        if (m_assumed.contains(key))
            notes.push_back("ASSUMED " + key + " = " + valueSource.first + ": "
                            + valueSource.second);
    }
    for (const std::string &note : m_prefillNotes)
        notes.push_back("not from the design: " + note);
    m_notes->setText(notes.empty() ? QString() : tr("Design inputs:") + htmlList(notes));
}

} // namespace cw::calcviews

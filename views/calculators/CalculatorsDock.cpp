#include "views/calculators/CalculatorsDock.h"

#include "calculators/ModelPresets.h"
#include "calculators/Registry.h"
#include "model/prefill/CatalogGpus.h"
#include "resources/EmbeddedResources.h"
#include "views/calculators/CalculatorPanel.h"
#include "views/calculators/DesignContext.h"

#include <QComboBox>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace cw::calcviews {

namespace {

/// The presets the CLI registers at start-up (resources/models/*.json, embedded). A bad
/// built-in file is caught by the calculator tests; here it only leaves the list shorter.
void registerBuiltinPresets()
{
    if (!calc::modelPresets().empty())
        return;
    std::vector<calc::ModelPreset> presets;
    for (const auto &file : resources::modelPresetFiles()) {
        std::string error;
        auto parsed
            = calc::parseModelPresets(nlohmann::json::parse(file.text, nullptr, false), error);
        presets.insert(presets.end(), parsed.begin(), parsed.end());
    }
    calc::setModelPresets(std::move(presets));
}

} // namespace

CalculatorsDock::CalculatorsDock(const Catalog &catalog, QWidget *parent)
    : QDockWidget(tr("Calculators"), parent)
    , m_catalog(catalog)
    , m_context(makeDesignContext(nullptr, catalog))
{
    setObjectName(QStringLiteral("CalculatorsDock"));
    registerBuiltinPresets();
    calc::registerCatalogGpus(catalog);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    m_selector = new QComboBox;
    m_selector->setObjectName(QStringLiteral("calculator"));
    m_stack = new QStackedWidget;
    for (const calc::CalculatorInfo &info : calc::calculators()) {
        auto *panel = new CalculatorPanel(info);
        auto *scroll = new QScrollArea;
        scroll->setWidgetResizable(true);
        scroll->setWidget(panel);
        m_stack->addWidget(scroll);
        m_selector->addItem(QString::fromStdString(info.name));
        m_selector->setItemData(m_selector->count() - 1, QString::fromStdString(info.summary),
                                Qt::ToolTipRole);
        m_panels.push_back(panel);
    }
    connect(m_selector, &QComboBox::currentIndexChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(m_selector, &QComboBox::activated, this, [this] { m_userPicked = true; });
    layout->addWidget(m_selector);
    layout->addWidget(m_stack, 1);
    setWidget(content);
}

CalculatorsDock::~CalculatorsDock() = default;

void CalculatorsDock::setDesign(const Design *design)
{
    m_context = makeDesignContext(design, m_catalog);
    for (CalculatorPanel *panel : m_panels)
        panel->setDesignContext(m_context);
    if (m_userPicked || !design || (currentPanel() && currentPanel()->hasResult()))
        return;
    for (std::size_t i = 0; i < m_panels.size(); ++i) {
        if (m_panels[i]->hasResult()) {
            m_selector->setCurrentIndex(static_cast<int>(i));
            return;
        }
    }
}

QStringList CalculatorsDock::calculatorNames() const
{
    QStringList names;
    for (const CalculatorPanel *panel : m_panels)
        names << QString::fromStdString(panel->info().name);
    return names;
}

CalculatorPanel *CalculatorsDock::panel(const QString &name) const
{
    for (CalculatorPanel *panel : m_panels) {
        if (QString::fromStdString(panel->info().name) == name)
            return panel;
    }
    return nullptr;
}

CalculatorPanel *CalculatorsDock::currentPanel() const
{
    const int index = m_selector->currentIndex();
    return index >= 0 ? m_panels[static_cast<std::size_t>(index)] : nullptr;
}

void CalculatorsDock::showCalculator(const QString &name)
{
    const int index = m_selector->findText(name);
    if (index >= 0) {
        m_selector->setCurrentIndex(index);
        m_userPicked = true;
    }
}

} // namespace cw::calcviews

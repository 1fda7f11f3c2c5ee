#include "app/gui/NewDesignWizard.h"

#include "model/fabric/Templates.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace cw {
namespace {

/// The parameters page: generation runs when the user presses Finish, and a failure keeps
/// the page open with the reason.
class ParametersPage : public QWizardPage
{
public:
    ParametersPage(NewDesignWizard *wizard, QLabel *error)
        : m_wizard(wizard)
        , m_error(error)
    { }

    bool validatePage() override
    {
        QString why;
        if (m_wizard->generate(&why))
            return true;
        m_error->setText(why);
        m_error->show();
        return false;
    }

private:
    NewDesignWizard *m_wizard;
    QLabel *m_error;
};

} // namespace

NewDesignWizard::NewDesignWizard(const Catalog &catalog, QWidget *parent)
    : QWizard(parent)
    , m_catalog(catalog)
{
    setWindowTitle(tr("New Design from Template"));
    setOption(QWizard::NoBackButtonOnStartPage);

    auto *choose = new QWizardPage(this);
    choose->setTitle(tr("Template"));
    choose->setSubTitle(tr("The generator builds racks, nodes, switches, cabling and storage."));
    auto *chooseLayout = new QVBoxLayout(choose);
    m_templates = new QListWidget(choose);
    for (const DesignTemplate &t : designTemplates()) {
        auto *item = new QListWidgetItem(QString::fromStdString(t.name), m_templates);
        item->setToolTip(QString::fromStdString(t.summary));
    }
    m_summary = new QLabel(choose);
    m_summary->setWordWrap(true);
    chooseLayout->addWidget(m_templates);
    chooseLayout->addWidget(m_summary);
    addPage(choose);

    m_error = new QLabel;
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->hide();
    auto *parameters = new ParametersPage(this, m_error);
    parameters->setTitle(tr("Parameters"));
    parameters->setSubTitle(tr("Empty fields take the default shown."));
    auto *parametersLayout = new QVBoxLayout(parameters);
    auto *formHost = new QWidget(parameters);
    m_form = new QFormLayout(formHost);
    parametersLayout->addWidget(formHost);
    parametersLayout->addWidget(m_error);
    parametersLayout->addStretch(1);
    addPage(parameters);

    connect(m_templates, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < static_cast<int>(designTemplates().size()))
            m_summary->setText(
                QString::fromStdString(designTemplates()[static_cast<std::size_t>(row)].summary));
        showParameters();
    });
    m_templates->setCurrentRow(0);
}

void NewDesignWizard::showParameters()
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    m_error->hide();
    const int row = m_templates->currentRow();
    if (row < 0)
        return;
    const DesignTemplate &t = designTemplates()[static_cast<std::size_t>(row)];
    if (t.parameters.empty())
        m_form->addRow(new QLabel(tr("This template has no parameters.")));
    for (const TemplateParameter &parameter : t.parameters) {
        auto *edit = new QLineEdit;
        edit->setObjectName(QString::fromStdString(parameter.name));
        edit->setPlaceholderText(parameter.defaultValue.empty()
                                     ? tr("required")
                                     : QString::fromStdString(parameter.defaultValue));
        edit->setToolTip(QString::fromStdString(parameter.help));
        m_form->addRow(QString::fromStdString(parameter.name), edit);
        m_fields[parameter.name] = edit;
    }
}

void NewDesignWizard::setTemplate(const QString &name)
{
    const auto matches = m_templates->findItems(name, Qt::MatchExactly);
    if (!matches.isEmpty())
        m_templates->setCurrentItem(matches.front());
}

void NewDesignWizard::setParameter(const QString &name, const QString &value)
{
    if (auto it = m_fields.find(name.toStdString()); it != m_fields.end())
        it->second->setText(value);
}

bool NewDesignWizard::generate(QString *error)
{
    const QListWidgetItem *item = m_templates->currentItem();
    if (!item) {
        *error = tr("Choose a template.");
        return false;
    }
    std::map<std::string, std::string> values;
    for (const auto &[name, edit] : m_fields)
        if (!edit->text().trimmed().isEmpty())
            values[name] = edit->text().trimmed().toStdString();
    auto generated = generateDesign(item->text().toStdString(), values, m_catalog);
    if (!generated) {
        *error = QString::fromStdString(generated.error().message);
        return false;
    }
    m_notes.clear();
    for (const std::string &note : generated.value().notes)
        m_notes << QString::fromStdString(note);
    m_design = std::make_unique<Design>(std::move(generated.value().design));
    return true;
}

} // namespace cw

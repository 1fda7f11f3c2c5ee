#include "app/gui/NewDesignWizard.h"

#include "model/catalog/Catalog.h"
#include "model/fabric/Templates.h"
#include "model/io/SiteFile.h"

#include "views/docks/SafeFields.h"
#include "views/document/DesignSnapshots.h"
#include <QAbstractButton>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEventLoop>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>

#include <QThreadPool>
#include <QVBoxLayout>

#include <algorithm>

namespace cw {
namespace {

/// A required number starts here (a small design) rather than at its minimum.
constexpr int kSuggestedNodes = 64;

/// The last page: generation runs when the user presses Finish, and a failure (a design that
/// does not fit its site included) keeps the page open with the reason.
class GeneratePage : public QWizardPage
{
public:
    GeneratePage(NewDesignWizard *wizard, QLabel *error)
        : m_wizard(wizard)
        , m_error(error)
    { }

    bool validatePage() override
    {
        // Generating takes seconds at 16,384 nodes: it runs on a worker, and Finish comes
        // back here once it has a design for the choices as they are.
        if (m_wizard->hasCurrentDesign())
            return true;
        m_error->hide();
        m_wizard->startGenerating([this](const QString &why) {
            if (why.isEmpty()) {
                if (m_wizard->hasCurrentDesign())
                    m_wizard->accept();
                return;
            }
            m_error->setText(why);
            m_error->show();
        });
        return false;
    }

private:
    NewDesignWizard *m_wizard;
    QLabel *m_error;
};

QLabel *errorLabel()
{
    auto *label = new QLabel;
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #b00020;"));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->hide();
    return label;
}

} // namespace

NewDesignWizard::NewDesignWizard(const Catalog &catalog, QWidget *parent, const Site *openSite)
    : QWizard(parent)
    , m_catalog(catalog)
{
    if (openSite)
        m_openSite = *openSite;
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

    auto *parameters = new QWizardPage(this);
    parameters->setTitle(tr("Parameters"));
    parameters->setSubTitle(tr("Defaults are preselected; \"auto\" and \"all\" leave the choice to "
                               "the generator."));
    auto *parametersLayout = new QVBoxLayout(parameters);
    auto *formHost = new QWidget(parameters);
    m_form = new QFormLayout(formHost);
    parametersLayout->addWidget(formHost);
    parametersLayout->addStretch(1);
    addPage(parameters);

    m_error = errorLabel();
    auto *site = new GeneratePage(this, m_error);
    site->setTitle(tr("Site"));
    site->setSubTitle(tr("The building the design must fit. The generator never changes it: "
                         "when the design does not fit, it says which limit binds and the "
                         "largest design that fits."));
    auto *siteLayout = new QVBoxLayout(site);
    siteLayout->addWidget(buildSitePage());
    siteLayout->addWidget(m_error);
    siteLayout->addStretch(1);
    addPage(site);

    connect(m_templates, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < static_cast<int>(designTemplates().size())) {
            const DesignTemplate &t = designTemplates()[static_cast<std::size_t>(row)];
            m_summary->setText(QString::fromStdString(t.summary));
            m_defaultSiteText->setText(QString::fromStdString(t.defaultSite));
        }
        showParameters();
    });
    m_templates->setCurrentRow(0);
}

QWidget *NewDesignWizard::buildSitePage()
{
    auto *host = new QWidget;
    auto *layout = new QVBoxLayout(host);
    m_defaultSite = new QRadioButton(tr("The template's default site"), host);
    m_defaultSiteText = new QLabel(host);
    m_defaultSiteText->setWordWrap(true);
    m_defaultSiteText->setIndent(24);
    m_openDesignSite = new QRadioButton(tr("The site of the open design"), host);
    m_openDesignSite->setEnabled(m_openSite.has_value());
    if (m_openSite)
        m_openDesignSite->setText(tr("The site of the open design (%1, %n hall(s))", nullptr,
                                     static_cast<int>(m_openSite->halls.size()))
                                      .arg(QString::fromStdString(m_openSite->name)));
    m_fileSite = new QRadioButton(tr("A site file (the design file's \"site\" object, or a "
                                     "design file)"),
                                  host);
    auto *group = new QButtonGroup(host);
    for (QRadioButton *button : { m_defaultSite, m_openDesignSite, m_fileSite })
        group->addButton(button);
    m_defaultSite->setChecked(true);
    auto *fileRow = new QHBoxLayout;
    m_sitePath = new QLineEdit(host);
    m_sitePath->setObjectName(QStringLiteral("sitePath"));
    m_sitePath->setPlaceholderText(tr("site.json"));
    auto *browse = new QPushButton(tr("Browse..."), host);
    fileRow->addSpacing(24);
    fileRow->addWidget(m_sitePath, 1);
    fileRow->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Site"), QString(), tr("Sites and designs (*.json);;All files (*)"));
        if (!path.isEmpty())
            useSiteFile(path);
    });
    connect(m_sitePath, &QLineEdit::textEdited, this, [this] { m_fileSite->setChecked(true); });
    auto *check = new QPushButton(tr("Check fit"), host);
    check->setObjectName(QStringLiteral("checkFit"));
    check->setToolTip(tr("Generate into the site without creating the design yet"));
    m_check = check;
    m_busy = new QProgressBar(host);
    m_busy->setObjectName(QStringLiteral("generating"));
    m_busy->setRange(0, 0); // the generator has no steps to count
    m_busy->setFormat(tr("Generating..."));
    m_busy->hide();
    m_fit = new QLabel(host);
    m_fit->setWordWrap(true);
    m_fit->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(check, &QPushButton::clicked, this, &NewDesignWizard::checkFit);
    layout->addWidget(m_defaultSite);
    layout->addWidget(m_defaultSiteText);
    layout->addWidget(m_openDesignSite);
    layout->addWidget(m_fileSite);
    layout->addLayout(fileRow);
    layout->addWidget(check, 0, Qt::AlignLeft);
    layout->addWidget(m_busy);
    layout->addWidget(m_fit);
    return host;
}

QWidget *NewDesignWizard::editorFor(const TemplateParameter &parameter)
{
    const QString fallback = QString::fromStdString(parameter.defaultValue);
    switch (parameter.kind) {
    case ParameterKind::Integer: {
        auto *spin = new QSpinBox;
        // "auto"/"all" sits one below the range as the spin box's special value.
        spin->setRange(parameter.allowsAuto ? parameter.minimum - 1 : parameter.minimum,
                       parameter.maximum);
        if (parameter.allowsAuto) {
            spin->setSpecialValueText(fallback);
            spin->setValue(spin->minimum());
        } else if (parameter.defaultValue.empty()) {
            spin->setValue(std::clamp(kSuggestedNodes, parameter.minimum, parameter.maximum));
        } else {
            spin->setValue(fallback.toInt());
        }
        return spin;
    }
    case ParameterKind::Choice: {
        auto *combo = new QComboBox;
        for (const std::string &choice : parameter.choices)
            combo->addItem(QString::fromStdString(choice), QString::fromStdString(choice));
        combo->setCurrentIndex(std::max(0, combo->findData(fallback)));
        return combo;
    }
    case ParameterKind::Boolean: {
        auto *box = new QCheckBox;
        box->setChecked(parameter.defaultValue == "true");
        return box;
    }
    case ParameterKind::Part: {
        auto *combo = new QComboBox;
        // The first entry leaves the choice to the template (its default may depend on other
        // parameters, e.g. the RoCE switch).
        combo->addItem(tr("default: %1").arg(fallback), QString());
        for (const Part *part : m_catalog.partsOfKind(parameter.partKind))
            combo->addItem(
                QString::fromStdString(part->id + "  (" + part->vendor + " " + part->model + ")"),
                QString::fromStdString(part->id));
        return combo;
    }
    case ParameterKind::Text:
        break;
    }
    auto *edit = new QLineEdit;
    edit->setPlaceholderText(parameter.defaultValue.empty() ? tr("required") : fallback);
    return edit;
}

void NewDesignWizard::showParameters()
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_fields.clear();
    m_error->hide();
    if (m_fit)
        m_fit->clear();
    const int row = m_templates->currentRow();
    if (row < 0)
        return;
    const DesignTemplate &t = designTemplates()[static_cast<std::size_t>(row)];
    if (t.parameters.empty())
        m_form->addRow(new QLabel(tr("This template has no parameters.")));
    for (const TemplateParameter &parameter : t.parameters) {
        QWidget *editor = editorFor(parameter);
        editor->setObjectName(QString::fromStdString(parameter.name));
        editor->setToolTip(QString::fromStdString(parameter.help));
        SafeFields::guard(editor); // a wheel scrolling past "storage-nodes" must not edit it
        m_form->addRow(QString::fromStdString(parameter.name), editor);
        m_fields[parameter.name] = editor;
    }
}

std::map<std::string, std::string> NewDesignWizard::parameterValues() const
{
    std::map<std::string, std::string> values;
    for (const auto &[name, editor] : m_fields) {
        QString value;
        if (auto *spin = qobject_cast<QSpinBox *>(editor)) {
            if (spin->specialValueText().isEmpty() || spin->value() != spin->minimum())
                value = QString::number(spin->value());
        } else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
            value = combo->currentData().toString();
        } else if (auto *box = qobject_cast<QCheckBox *>(editor)) {
            value = box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
        } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
            value = edit->text().trimmed();
        }
        if (!value.isEmpty())
            values[name] = value.toStdString();
    }
    return values;
}

void NewDesignWizard::setTemplate(const QString &name)
{
    const auto matches = m_templates->findItems(name, Qt::MatchExactly);
    if (!matches.isEmpty())
        m_templates->setCurrentItem(matches.front());
}

void NewDesignWizard::setParameter(const QString &name, const QString &value)
{
    auto it = m_fields.find(name.toStdString());
    if (it == m_fields.end())
        return;
    QWidget *editor = it->second;
    if (auto *spin = qobject_cast<QSpinBox *>(editor)) {
        bool number = false;
        const int parsed = value.toInt(&number);
        spin->setValue(number ? parsed : spin->minimum());
    } else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        combo->setCurrentIndex(std::max(0, combo->findData(value)));
    } else if (auto *box = qobject_cast<QCheckBox *>(editor)) {
        box->setChecked(value == QStringLiteral("true"));
    } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        edit->setText(value);
    }
}

void NewDesignWizard::useDefaultSite()
{
    m_defaultSite->setChecked(true);
}

bool NewDesignWizard::useOpenDesignSite()
{
    if (!m_openSite)
        return false;
    m_openDesignSite->setChecked(true);
    return true;
}

void NewDesignWizard::useSiteFile(const QString &path)
{
    m_sitePath->setText(path);
    m_fileSite->setChecked(true);
}

bool NewDesignWizard::chosenSite(std::optional<Site> &site, QString *error) const
{
    site.reset();
    if (m_openDesignSite->isChecked() && m_openSite) {
        site = *m_openSite;
    } else if (m_fileSite->isChecked()) {
        auto loaded = loadSiteFile(m_sitePath->text().toStdString());
        if (!loaded) {
            *error = tr("Site file: %1").arg(QString::fromStdString(loaded.error().message));
            return false;
        }
        site = loaded->site;
    }
    return true;
}

QString NewDesignWizard::choicesKey() const
{
    QStringList parts;
    if (const QListWidgetItem *item = m_templates->currentItem())
        parts << item->text();
    for (const auto &[key, value] : parameterValues())
        parts << QString::fromStdString(key + '=' + value);
    parts << (m_openDesignSite->isChecked() ? QStringLiteral("site:open")
                  : m_fileSite->isChecked() ? QStringLiteral("site:file:") + m_sitePath->text()
                                            : QStringLiteral("site:default"));
    return parts.join(u'\n');
}

bool NewDesignWizard::hasCurrentDesign() const
{
    return m_design && m_designKey == choicesKey();
}

bool NewDesignWizard::generate(QString *error)
{
    std::optional<QString> result;
    if (!startGenerating([&result](const QString &why) { result = why; })) {
        *error = tr("A design is already being generated.");
        return false;
    }
    while (!result)
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents
                                        | QEventLoop::WaitForMoreEvents);
    *error = *result;
    return result->isEmpty();
}

bool NewDesignWizard::startGenerating(std::function<void(const QString &error)> then)
{
    if (isGenerating())
        return false;
    m_design.reset();
    const QListWidgetItem *item = m_templates->currentItem();
    std::optional<Site> site;
    QString why;
    if (!item)
        why = tr("Choose a template.");
    else if (!chosenSite(site, &why) && why.isEmpty())
        why = tr("The site cannot be read.");
    if (!why.isEmpty()) {
        then(why);
        return true;
    }
    struct Outcome
    {
        std::shared_ptr<Design> design;
        QStringList notes;
        QString error;
    };
    auto outcome = std::make_shared<Outcome>();
    const Catalog &catalog = m_catalog;
    auto promise = std::make_shared<QPromise<void>>();
    m_running = promise->future();
    promise->start();
    backgroundJobs()->start([promise, outcome, &catalog, name = item->text().toStdString(),
                             values = parameterValues(), site] {
        auto generated = generateDesign(name, values, catalog, site);
        if (!generated) {
            outcome->error = QString::fromStdString(generated.error().message);
        } else {
            for (const std::string &note : generated.value().notes)
                outcome->notes << QString::fromStdString(note);
            outcome->design = std::make_shared<Design>(std::move(generated.value().design));
        }
        promise->finish();
    });
    m_generating = true;
    m_busy->show();
    m_check->setEnabled(false);
    button(QWizard::FinishButton)->setEnabled(false);
    auto *watcher = new QFutureWatcher<void>(this);
    connect(watcher, &QFutureWatcherBase::finished, this,
            [this, watcher, outcome, key = choicesKey(), then] {
                watcher->deleteLater();
                m_generating = false;
                m_busy->hide();
                m_check->setEnabled(true);
                button(QWizard::FinishButton)->setEnabled(true);
                if (outcome->design) {
                    // The worker is done with it: the only owner left.
                    m_design = std::make_unique<Design>(std::move(*outcome->design));
                    m_designKey = key;
                    m_notes = outcome->notes;
                }
                then(outcome->error);
            });
    watcher->setFuture(m_running);
    return true;
}

void NewDesignWizard::checkFit()
{
    m_fit->clear();
    startGenerating([this](const QString &why) { showFit(why); });
}

void NewDesignWizard::showFit(const QString &why)
{
    if (!why.isEmpty() || !m_design) {
        m_fit->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_fit->setText(why);
        return;
    }
    std::size_t halls = 0;
    for (const Hall &hall : m_design->site().halls)
        halls += std::any_of(m_design->rows().begin(), m_design->rows().end(),
                             [&hall](const Row &row) { return row.hall == hall.name; });
    m_fit->setStyleSheet(QString());
    m_fit->setText(
        tr("Fits: %1 racks in %2 rows%3.")
            .arg(m_design->racks().size())
            .arg(m_design->rows().size())
            .arg(halls > 0 ? tr(" of %n hall(s)", nullptr, static_cast<int>(halls)) : QString()));
}

} // namespace cw

#include "views/export/ExportDialog.h"

#include "views/document/Document.h"
#include "views/document/LiveValidator.h"

#include "exporters/Exporter.h"
#include "model/core/Design.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <stdexcept>

namespace cw::exportviews {
namespace {

/// Lines of violations or file names listed before "... and N more".
constexpr std::size_t kListedLines = 50;

QString plural(std::size_t count, const char *one, const char *many)
{
    return QStringLiteral("%1 %2").arg(count).arg(QString::fromLatin1(count == 1 ? one : many));
}

QString violationLine(const Violation &violation)
{
    return QStringLiteral("  %1: %2")
        .arg(QString::fromStdString(violation.ruleKey), QString::fromStdString(violation.message));
}

template<typename Container, typename Format>
void appendList(QStringList &lines, const Container &items, Format format)
{
    std::size_t shown = 0;
    for (const auto &item : items) {
        if (shown++ == kListedLines) {
            lines << QStringLiteral("  ... and %1 more").arg(items.size() - kListedLines);
            break;
        }
        lines << format(item);
    }
}

} // namespace

QString outcomeText(const exporters::ExportRunOutcome &outcome)
{
    using exporters::ExportStatus;
    QStringList lines;
    const std::size_t errors = outcome.blockingErrors.size();
    switch (outcome.status) {
    case ExportStatus::RefusedByValidation:
        lines << QStringLiteral("Nothing was written: the design has %1 that %2 not waived:")
                     .arg(plural(errors, "validation error", "validation errors"),
                          QLatin1String(errors == 1 ? "is" : "are"));
        appendList(lines, outcome.blockingErrors, violationLine);
        lines << QStringLiteral("Fix or waive them, or export despite validation errors.");
        break;
    case ExportStatus::ExporterFailed:
        lines << QStringLiteral("Nothing was written: %1: %2")
                     .arg(QString::fromStdString(outcome.failedFormat),
                          QString::fromStdString(outcome.error));
        break;
    case ExportStatus::FilesExist:
        lines << QStringLiteral("Nothing was written: %1 already %2:")
                     .arg(plural(outcome.existing.size(), "file", "files"),
                          QLatin1String(outcome.existing.size() == 1 ? "exists" : "exist"));
        appendList(lines, outcome.existing, [](const std::filesystem::path &path) {
            return QStringLiteral("  ") + QString::fromStdString(path.string());
        });
        lines << QStringLiteral("Choose another folder, or overwrite existing files.");
        break;
    case ExportStatus::WriteFailed:
        lines << QStringLiteral("Export failed: %1").arg(QString::fromStdString(outcome.error));
        break;
    case ExportStatus::Cancelled:
        lines << QStringLiteral("Export cancelled: nothing was written.");
        break;
    case ExportStatus::Written:
        if (errors > 0) {
            lines << QStringLiteral("Exported despite %1 that %2 not waived:")
                         .arg(plural(errors, "validation error", "validation errors"),
                              QLatin1String(errors == 1 ? "is" : "are"));
            appendList(lines, outcome.blockingErrors, violationLine);
        }
        for (const std::string &note : outcome.notes)
            lines << QString::fromStdString(note);
        lines << QStringLiteral("Wrote %1:").arg(plural(outcome.written.size(), "file", "files"));
        for (std::size_t i = 0; i < outcome.written.size(); ++i)
            lines << QStringLiteral("  %1 (%2 bytes)")
                         .arg(QString::fromStdString(outcome.written[i].string()))
                         .arg(outcome.sizes[i]);
        break;
    }
    return lines.join(u'\n');
}

ExportDialog::ExportDialog(Document *document, const exporters::ExporterRegistry &registry,
                           QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_registry(registry)
{
    setObjectName(QStringLiteral("ExportDialog"));
    setWindowTitle(tr("Export"));

    // Formats: a checkable row per format, a row per parameter with a line edit.
    m_formats = new QTreeWidget(this);
    m_formats->setObjectName(QStringLiteral("exportFormats"));
    m_formats->setColumnCount(3);
    m_formats->setHeaderLabels({ tr("Format"), tr("Value"), tr("What it writes") });
    m_formats->setRootIsDecorated(true);
    m_formats->setSelectionMode(QAbstractItemView::NoSelection);
    for (const exporters::Exporter *exporter : m_registry.all()) {
        const QString name = QString::fromStdString(exporter->name());
        auto *item = new QTreeWidgetItem(m_formats);
        item->setText(0, name);
        item->setText(2, QString::fromStdString(exporter->summary()));
        item->setToolTip(2, item->text(2));
        item->setCheckState(0, Qt::Unchecked);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        m_formatItems[item] = exporter;
        for (const exporters::ExportParameter &parameter : exporter->parameters()) {
            auto *child = new QTreeWidgetItem(item);
            const QString key = QString::fromStdString(parameter.key);
            child->setText(0, key);
            child->setText(2, QString::fromStdString(parameter.description));
            child->setToolTip(2, child->text(2));
            child->setFlags(Qt::ItemIsEnabled);
            auto *edit = new QLineEdit(m_formats);
            edit->setObjectName(QStringLiteral("param:%1:%2").arg(name, key));
            edit->setPlaceholderText(tr("default"));
            edit->setToolTip(child->text(2));
            m_formats->setItemWidget(child, 1, edit);
            m_params[{ name, key }] = edit;
        }
        item->setExpanded(true);
    }
    m_formats->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_formats->setColumnWidth(1, 160);
    m_formats->header()->setStretchLastSection(true);
    connect(m_formats, &QTreeWidget::itemChanged, this, &ExportDialog::updateButtons);

    m_folder = new QLineEdit(this);
    m_folder->setObjectName(QStringLiteral("exportFolder"));
    m_folder->setPlaceholderText(tr("folder to write into (created if missing)"));
    connect(m_folder, &QLineEdit::textChanged, this, &ExportDialog::updateButtons);
    auto *browse = new QToolButton(this);
    browse->setText(tr("Browse..."));
    connect(browse, &QToolButton::clicked, this, &ExportDialog::browse);
    auto *folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);

    m_overwrite = new QCheckBox(tr("&Overwrite existing files"), this);
    m_overwrite->setObjectName(QStringLiteral("exportOverwrite"));
    m_allowErrors = new QCheckBox(tr("Export despite validation &errors"), this);
    m_allowErrors->setObjectName(QStringLiteral("exportAllowErrors"));
    m_validation = new QLabel(this);
    m_validation->setObjectName(QStringLiteral("exportValidation"));
    m_validation->setWordWrap(true);
    m_layoutHint = new QLabel(this);
    m_layoutHint->setWordWrap(true);

    m_result = new QPlainTextEdit(this);
    m_result->setObjectName(QStringLiteral("exportResult"));
    m_result->setReadOnly(true);
    m_result->setPlaceholderText(tr("What was written, or why not, appears here."));

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("exportProgress"));
    m_progress->setVisible(false);

    auto *buttons = new QDialogButtonBox(this);
    m_export = buttons->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    m_export->setObjectName(QStringLiteral("exportRun"));
    m_cancel = buttons->addButton(tr("&Cancel Export"), QDialogButtonBox::ActionRole);
    m_cancel->setObjectName(QStringLiteral("exportCancel"));
    m_cancel->setEnabled(false);
    buttons->addButton(QDialogButtonBox::Close);
    // Export keeps the dialog open (the result is shown in it); Close closes it.
    connect(m_export, &QPushButton::clicked, this, [this] { startExport(); });
    connect(m_cancel, &QPushButton::clicked, this, &ExportDialog::cancelExport);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *folderLabel = new QLabel(tr("Output &folder:"), this);
    folderLabel->setBuddy(m_folder);
    auto *form = new QFormLayout;
    form->addRow(folderLabel, folderRow);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_formats, 3);
    layout->addWidget(m_layoutHint);
    layout->addLayout(form);
    layout->addWidget(m_overwrite);
    layout->addWidget(m_allowErrors);
    layout->addWidget(m_validation);
    layout->addWidget(m_result, 2);
    layout->addWidget(m_progress);
    layout->addWidget(buttons);
    resize(760, 620);

    if (m_document) {
        connect(m_document->validator(), &LiveValidator::violationsChanged, this,
                &ExportDialog::updateValidation);
        connect(m_document->validator(), &LiveValidator::settled, this,
                &ExportDialog::updateValidation);
    }
    updateValidation();
    updateButtons();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::setOutputFolder(const QString &folder)
{
    m_folder->setText(folder);
}

QString ExportDialog::outputFolder() const
{
    return m_folder->text().trimmed();
}

void ExportDialog::setFormatChecked(const QString &format, bool checked)
{
    for (const auto &[item, exporter] : m_formatItems)
        if (QString::fromStdString(exporter->name()) == format)
            item->setCheckState(0, checked ? Qt::Checked : Qt::Unchecked);
}

QStringList ExportDialog::checkedFormats() const
{
    QStringList names;
    for (int i = 0; i < m_formats->topLevelItemCount(); ++i)
        if (QTreeWidgetItem *item = m_formats->topLevelItem(i); item->checkState(0) == Qt::Checked)
            names << item->text(0);
    return names;
}

QLineEdit *ExportDialog::parameterEdit(const QString &format, const QString &key) const
{
    const auto it = m_params.find({ format, key });
    return it == m_params.end() ? nullptr : it->second;
}

std::vector<exporters::ExportSelection> ExportDialog::selections() const
{
    // In the registry's order, as the CLI's `all` runs them.
    std::vector<exporters::ExportSelection> chosen;
    for (int i = 0; i < m_formats->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_formats->topLevelItem(i);
        if (item->checkState(0) != Qt::Checked)
            continue;
        const exporters::Exporter *exporter = m_formatItems.at(item);
        exporters::ExportSelection selection { exporter, {} };
        const QString name = QString::fromStdString(exporter->name());
        for (const exporters::ExportParameter &parameter : exporter->parameters()) {
            // An empty box means the format's default: the key is not passed at all.
            const QString value
                = parameterEdit(name, QString::fromStdString(parameter.key))->text().trimmed();
            if (!value.isEmpty())
                selection.params[parameter.key] = value.toStdString();
        }
        chosen.push_back(std::move(selection));
    }
    return chosen;
}

bool ExportDialog::startExport()
{
    if (isExporting())
        return false; // one export at a time
    const auto chosen = selections();
    if (!m_document || chosen.empty() || outputFolder().isEmpty()) {
        exporters::ExportRunOutcome outcome;
        outcome.status = exporters::ExportStatus::ExporterFailed;
        outcome.failedFormat = "export";
        outcome.error = !m_document ? "no design is open"
            : chosen.empty()        ? "no format is ticked"
                                    : "no output folder is given";
        m_result->setPlainText(outcomeText(outcome));
        m_outcome = outcome;
        emit exportFinished(QString::fromStdString(outcome.error));
        return false;
    }
    // The same gate as `clusterwright-cli export`, on the design as it is now.
    exporters::ExportRunOptions options;
    options.folder = std::filesystem::path(QDir::cleanPath(outputFolder()).toStdString());
    options.force = m_overwrite->isChecked();
    options.allowErrors = m_allowErrors->isChecked();
    options.subfolders = chosen.size() > 1;
    m_jobFolder = outputFolder();
    m_job = exportviews::startExport(*m_document, chosen, std::move(options));
    m_outcome.reset();
    m_result->setPlainText(tr("Exporting..."));
    m_progress->setRange(0, 0); // busy until the first step reports its count
    m_progress->setFormat(tr("%v of %m steps"));
    m_progress->setVisible(true);
    m_cancel->setEnabled(true);
    updateButtons();
    auto *watcher = new QFutureWatcher<exporters::ExportRunOutcome>(this);
    connect(watcher, &QFutureWatcherBase::progressRangeChanged, m_progress,
            &QProgressBar::setRange);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, m_progress,
            &QProgressBar::setValue);
    connect(watcher, &QFutureWatcherBase::progressTextChanged, this, [this](const QString &step) {
        m_result->setPlainText(tr("Exporting: %1...").arg(step));
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        finishExport();
    });
    watcher->setFuture(m_job->future);
    return true;
}

bool ExportDialog::isExporting() const
{
    return m_job.has_value();
}

void ExportDialog::cancelExport()
{
    if (!m_job)
        return;
    m_job->cancel();
    m_cancel->setEnabled(false);
    m_result->setPlainText(tr("Cancelling..."));
}

void ExportDialog::finishExport()
{
    exporters::ExportRunOutcome outcome;
    try {
        if (m_job->future.resultCount() == 0) {
            m_job->future.waitForFinished(); // rethrows what the worker threw
            throw std::runtime_error("the export stopped without a result");
        }
        outcome = m_job->future.result();
    } catch (const std::exception &error) {
        outcome.status = exporters::ExportStatus::ExporterFailed;
        outcome.failedFormat = "export";
        outcome.error = error.what();
    }
    m_job.reset();
    m_progress->setVisible(false);
    m_cancel->setEnabled(false);
    updateButtons();
    m_result->setPlainText(outcomeText(outcome));
    m_outcome = outcome;
    emit exportFinished(outcome.ok()
                            ? tr("Exported %1 to %2")
                                  .arg(plural(outcome.written.size(), "file", "files"), m_jobFolder)
                            : m_result->toPlainText().section(u'\n', 0, 0));
}

exporters::ExportRunOutcome ExportDialog::exportNow()
{
    if (startExport()) {
        QEventLoop loop;
        connect(this, &ExportDialog::exportFinished, &loop, &QEventLoop::quit);
        if (isExporting())
            loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    return m_outcome.value_or(exporters::ExportRunOutcome {});
}

void ExportDialog::reject()
{
    // Closing stops the export: it was this dialog's to show.
    cancelExport();
    QDialog::reject();
}

void ExportDialog::browse()
{
    const QString folder
        = QFileDialog::getExistingDirectory(this, tr("Export into folder"), outputFolder());
    if (!folder.isEmpty())
        m_folder->setText(folder);
}

void ExportDialog::updateValidation()
{
    if (!m_document)
        return;
    const auto blocking = exporters::blockingErrors(m_document->validator()->violations());
    if (blocking.empty()) {
        m_validation->setText(tr("The design has no validation errors that are not waived."));
        m_validation->setToolTip({});
        return;
    }
    m_validation->setText(
        tr("<b>The design has %1 that %2 not waived.</b> Export is refused unless \"Export "
           "despite validation errors\" is ticked (hover for the list).")
            .arg(plural(blocking.size(), "validation error", "validation errors"),
                 QLatin1String(blocking.size() == 1 ? "is" : "are")));
    QStringList lines;
    appendList(lines, blocking, violationLine);
    m_validation->setToolTip(lines.join(u'\n'));
}

void ExportDialog::updateButtons()
{
    const int formats = static_cast<int>(checkedFormats().size());
    m_export->setEnabled(formats > 0 && !outputFolder().isEmpty() && !isExporting());
    m_export->setToolTip(formats == 0                   ? tr("Tick at least one format.")
                             : outputFolder().isEmpty() ? tr("Choose the output folder.")
                                                        : QString());
    m_layoutHint->setText(formats > 1 ? tr("Several formats: each goes into its own sub-folder, "
                                           "<folder>/<format>/.")
                                      : tr("Files go straight into the output folder."));
}

} // namespace cw::exportviews

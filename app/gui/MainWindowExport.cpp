// MainWindow's Export menu (the Export dialog, the facilities pack) and File > Export View.

#include "app/gui/JobStatus.h"
#include "app/gui/MainWindow.h"

#include "views/canvas/CanvasView.h"
#include "views/export/ExportDialog.h"
#include "views/export/ExportJob.h"
#include "views/export/ViewExport.h"

#include "exporters/Exporter.h"
#include "exporters/common/ExportRun.h"
#include "model/core/Design.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTabWidget>

namespace cw {
namespace {

const QString kDesignSuffix = QStringLiteral(".cluster.json");

/// "8dgx-h100-ndr" for ".../8dgx-h100-ndr.cluster.json"; empty for an untitled design.
QString designStem(const QString &filePath)
{
    QString name = QFileInfo(filePath).fileName();
    if (name.endsWith(kDesignSuffix))
        name.chop(kDesignSuffix.size());
    return name;
}

} // namespace

QString MainWindow::defaultExportFolder() const
{
    if (!m_exportFolder.isEmpty())
        return m_exportFolder;
    const QString path = m_document ? m_document->filePath() : QString();
    if (path.isEmpty())
        return QDir::home().filePath(QStringLiteral("clusterwright-export"));
    return QFileInfo(path).dir().filePath(designStem(path) + QStringLiteral("-export"));
}

exportviews::ExportDialog *MainWindow::openExportDialog()
{
    if (!m_document)
        return nullptr;
    auto *dialog = new exportviews::ExportDialog(m_document.get(), *m_exporters, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setOutputFolder(defaultExportFolder());
    connect(dialog, &exportviews::ExportDialog::exportFinished, this,
            [this, dialog](const QString &summary) {
                showMessage(summary);
                if (dialog->lastOutcome() && dialog->lastOutcome()->ok())
                    m_exportFolder = dialog->outputFolder();
            });
    // Window-modal and non-blocking: the document cannot change under it, and tests reach it.
    dialog->open();
    return dialog;
}

QString MainWindow::exportCurrentView(const QString &path)
{
    canvas::CanvasView *view = currentView();
    if (!view)
        return tr("No view to export.");
    const QString designName
        = m_document ? QString::fromStdString(m_document->design().name()) : QString();
    const QString title
        = QStringLiteral("%1 - %2").arg(designName.isEmpty() ? tr("Untitled") : designName,
                                        m_tabs->tabText(m_tabs->currentIndex()));
    return exportviews::exportViewImage(*view, path, title);
}

void MainWindow::exportViewWithDialog()
{
    if (!currentView())
        return;
    const QString pngFilter = tr("PNG image (*.png)");
    const QString svgFilter = tr("SVG drawing (*.svg)");
    // "<design>-floor-plan.png" next to the design (or in the last export folder).
    const QString stem = m_document ? designStem(m_document->filePath()) : QString();
    const QString viewName = m_tabs->tabText(m_tabs->currentIndex()).toLower().replace(u' ', u'-');
    const QString folder
        = m_exportFolder.isEmpty() && m_document && !m_document->filePath().isEmpty()
        ? QFileInfo(m_document->filePath()).absolutePath()
        : QFileInfo(defaultExportFolder()).absolutePath();
    QString selectedFilter = pngFilter;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export view"),
        QDir(folder).filePath((stem.isEmpty() ? QStringLiteral("untitled") : stem) + u'-' + viewName
                              + QStringLiteral(".png")),
        pngFilter + QStringLiteral(";;") + svgFilter, &selectedFilter);
    if (path.isEmpty())
        return;
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        path += selectedFilter == svgFilter ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (const QString error = exportCurrentView(path); !error.isEmpty()) {
        if (m_batch)
            showMessage(error);
        else
            QMessageBox::warning(this, tr("Cannot export the view"), error);
        return;
    }
    showMessage(tr("Wrote %1").arg(QDir::toNativeSeparators(path)));
}

void MainWindow::exportFacilitiesPack()
{
    if (!m_document)
        return;
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Facilities pack: export into folder"), defaultExportFolder());
    if (!folder.isEmpty())
        exportFacilitiesPackTo(folder);
}

exporters::ExportRunOutcome MainWindow::exportFacilitiesPackTo(const QString &folder)
{
    std::optional<exporters::ExportRunOutcome> result;
    startFacilitiesPack(
        folder, [&result](const exporters::ExportRunOutcome &outcome) { result = outcome; });
    // Dialogs asked on the way run their own loops; this one only waits for the last run.
    m_jobStatus->waitUntil([&result] { return result.has_value(); });
    return *result;
}

void MainWindow::startFacilitiesPack(const QString &folder,
                                     std::function<void(const exporters::ExportRunOutcome &)> done)
{
    exporters::ExportRunOutcome outcome;
    const exporters::Exporter *report = m_exporters->find("report");
    if (!m_document || !report || m_jobStatus->isBusy()) {
        outcome.status = exporters::ExportStatus::ExporterFailed;
        outcome.failedFormat = "report";
        outcome.error = !m_document ? "no design is open"
            : !report               ? "the facilities report is not available"
                                    : "another job is running; wait for it or cancel it";
        showMessage(exportviews::outcomeText(outcome));
        if (done)
            done(outcome);
        return;
    }
    exporters::ExportRunOptions options;
    options.folder = std::filesystem::path(QDir::cleanPath(folder).toStdString());
    runFacilitiesPack(folder, std::move(options), std::move(done));
}

void MainWindow::runFacilitiesPack(const QString &folder, exporters::ExportRunOptions options,
                                   std::function<void(const exporters::ExportRunOutcome &)> done)
{
    const std::vector<exporters::ExportSelection> selections { { m_exporters->find("report"),
                                                                 {} } };
    // The CLI's gate on a full validation, and the report, on a snapshot of the design.
    const exportviews::ExportJob job = exportviews::startExport(*m_document, selections, options);
    m_jobStatus->track<exporters::ExportRunOutcome>(
        tr("Facilities pack"), job.future, [job] { job.cancel(); },
        [this, folder, options, done](QFuture<exporters::ExportRunOutcome> future) mutable {
            exporters::ExportRunOutcome outcome;
            if (future.resultCount() > 0) {
                outcome = future.result();
            } else {
                outcome.status = exporters::ExportStatus::ExporterFailed;
                outcome.failedFormat = "report";
                outcome.error = "the export stopped without a result";
            }
            // Interactive: the two refusals the CLI leaves to --allow-errors and --force are
            // questions; a yes runs the pack again (after this job has ended).
            bool again = false;
            bool declined = false;
            if (!m_batch && outcome.status == exporters::ExportStatus::RefusedByValidation) {
                again = QMessageBox::warning(this, tr("Facilities pack"),
                                             exportviews::outcomeText(outcome)
                                                 + tr("\n\nExport the facilities pack anyway?"),
                                             QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
                    == QMessageBox::Yes;
                options.allowErrors = again;
                declined = !again;
            } else if (!m_batch && outcome.status == exporters::ExportStatus::FilesExist) {
                again = QMessageBox::question(this, tr("Facilities pack"),
                                              exportviews::outcomeText(outcome)
                                                  + tr("\n\nOverwrite them?"),
                                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
                    == QMessageBox::Yes;
                options.force = again;
                declined = !again;
            }
            if (again && m_document) {
                QMetaObject::invokeMethod(
                    this,
                    [this, folder, options, done] { runFacilitiesPack(folder, options, done); },
                    Qt::QueuedConnection);
                return;
            }
            reportFacilitiesPack(folder, outcome, declined);
            if (done)
                done(outcome);
        });
}

void MainWindow::reportFacilitiesPack(const QString &folder,
                                      const exporters::ExportRunOutcome &outcome, bool declined)
{
    const QString text = exportviews::outcomeText(outcome);
    if (outcome.ok()) {
        m_exportFolder = folder;
        showMessage(tr("Facilities pack: wrote %1 files to %2")
                        .arg(outcome.written.size())
                        .arg(QDir::toNativeSeparators(folder)));
        if (!m_batch)
            QMessageBox::information(this, tr("Facilities pack"), text);
    } else {
        showMessage(text.section(u'\n', 0, 0));
        const bool quiet
            = declined || outcome.status == exporters::ExportStatus::Cancelled || m_batch;
        if (!quiet)
            QMessageBox::warning(this, tr("Facilities pack"), text);
    }
}

} // namespace cw

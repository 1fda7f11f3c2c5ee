// MainWindow's Export menu (the Export dialog, the facilities pack) and File > Export View.

#include "app/gui/MainWindow.h"

#include "views/canvas/CanvasView.h"
#include "views/document/LiveValidator.h"
#include "views/export/ExportDialog.h"
#include "views/export/ViewExport.h"

#include "exporters/Exporter.h"
#include "exporters/common/ExportRun.h"
#include "model/core/Design.h"

#include <QApplication>
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
    exporters::ExportRunOutcome outcome;
    const exporters::Exporter *report = m_exporters->find("report");
    if (!m_document || !report) {
        outcome.status = exporters::ExportStatus::ExporterFailed;
        outcome.failedFormat = "report";
        outcome.error = m_document ? "the facilities report is not available" : "no design is open";
        showMessage(exportviews::outcomeText(outcome));
        return outcome;
    }
    // The CLI's gate on a full validation (the flushed live validator equals a full run).
    m_document->validator()->flush();
    exporters::ExportRunOptions options;
    options.folder = std::filesystem::path(QDir::cleanPath(folder).toStdString());
    const std::vector<exporters::ExportSelection> selections { { report, {} } };
    auto run = [&] {
        QApplication::setOverrideCursor(Qt::WaitCursor);
        auto result
            = exporters::runExport(m_document->design(), m_document->catalog(),
                                   m_document->validator()->violations(), selections, options);
        QApplication::restoreOverrideCursor();
        return result;
    };
    outcome = run();
    bool declined = false;
    // Interactive: the two refusals the CLI leaves to --allow-errors and --force are questions.
    if (outcome.status == exporters::ExportStatus::RefusedByValidation && !m_batch) {
        declined = QMessageBox::warning(this, tr("Facilities pack"),
                                        exportviews::outcomeText(outcome)
                                            + tr("\n\nExport the facilities pack anyway?"),
                                        QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            != QMessageBox::Yes;
        if (!declined) {
            options.allowErrors = true;
            outcome = run();
        }
    }
    if (outcome.status == exporters::ExportStatus::FilesExist && !m_batch) {
        declined
            = QMessageBox::question(this, tr("Facilities pack"),
                                    exportviews::outcomeText(outcome) + tr("\n\nOverwrite them?"),
                                    QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            != QMessageBox::Yes;
        if (!declined) {
            options.force = true;
            outcome = run();
        }
    }
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
        if (!m_batch && !declined)
            QMessageBox::warning(this, tr("Facilities pack"), text);
    }
    return outcome;
}

} // namespace cw

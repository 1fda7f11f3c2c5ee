// MainWindow's File commands: new, open, save, revert, recent files, recovery, settings.

#include "app/gui/JobStatus.h"
#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignDefaults.h"

#include "app/gui/NewDesignWizard.h"

#include "model/core/Design.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>

#include <cstdio>

namespace cw {
namespace {

constexpr int kMaxRecentFiles = 10;
const QString kFileFilter = QStringLiteral("Cluster designs (*.cluster.json);;All files (*)");

} // namespace

void MainWindow::newDocument(std::unique_ptr<Design> design)
{
    auto document = std::make_unique<Document>(m_catalog, std::move(design), QString());
    setDocument(std::move(document));
}

void MainWindow::newEmpty()
{
    if (!maybeSave())
        return;
    newDocument(defaultNewDesign(m_catalog));
}

void MainWindow::newFromTemplate()
{
    if (!maybeSave())
        return;
    // The open design's site is offered as the new design's (a copy: the wizard keeps it).
    NewDesignWizard wizard(m_catalog, this, m_document ? &m_document->design().site() : nullptr);
    if (wizard.exec() != QDialog::Accepted)
        return;
    if (auto design = wizard.takeDesign()) {
        newDocument(std::move(design));
        if (!wizard.notes().isEmpty())
            showMessage(wizard.notes().join(QStringLiteral("; ")));
    }
}

void MainWindow::openWithDialog()
{
    if (!maybeSave())
        return;
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open design"), openDialogFolder(), kFileFilter);
    if (!path.isEmpty())
        startOpen(path);
}

QString MainWindow::openDialogFolder() const
{
    // Where the architect is working: the open design's folder, else the last file's.
    const QString current = m_document ? m_document->filePath() : QString();
    if (!current.isEmpty())
        return QFileInfo(current).absolutePath();
    for (const QString &recent : m_recent)
        if (QFileInfo(recent).dir().exists())
            return QFileInfo(recent).absolutePath();
    return QDir::homePath();
}

QFuture<QString> MainWindow::saveTo(const QString &path)
{
    if (!m_document)
        return QtFuture::makeReadyFuture(tr("No design is open."));
    if (m_jobStatus->isBusy()) {
        const QString why
            = tr("%1 is still running; wait for it or cancel it.").arg(m_jobStatus->title());
        showMessage(why);
        return QtFuture::makeReadyFuture(why);
    }
    QFuture<QString> future = m_document->saveInBackground(path);
    if (future.isFinished()) { // refused at once (no file name, a save still writing)
        saveFinished(path, future.result());
        return future;
    }
    // Reported when it ends (Document::saveFinished, connected in setDocument); a save
    // cannot stop half-way (the file is replaced atomically), so it has no Cancel.
    m_jobStatus->track<QString>(tr("Saving %1").arg(QFileInfo(path).fileName()), future, {}, {});
    return future;
}

bool MainWindow::save()
{
    if (!m_document)
        return false;
    if (m_document->filePath().isEmpty())
        return saveAs();
    return saveTo(m_document->filePath()).isValid();
}

bool MainWindow::saveAs()
{
    if (!m_document)
        return false;
    QString path = QFileDialog::getSaveFileName(this, tr("Save design as"), m_document->filePath(),
                                                kFileFilter);
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".cluster.json")))
        path += QStringLiteral(".cluster.json");
    return saveTo(path).isValid();
}

void MainWindow::saveFinished(const QString &path, const QString &error)
{
    if (!error.isEmpty()) {
        if (m_batch)
            std::fprintf(stderr, "error: %s\n", qPrintable(error));
        else
            QMessageBox::warning(this, tr("Cannot save design"), error);
        return;
    }
    addRecentFile(path); // Document::save moved the recovery copy to the new name
    showMessage(m_document && m_document->isModified()
                    ? tr("Saved %1 (edits made while saving are not in it yet)").arg(path)
                    : tr("Saved %1").arg(path));
}

void MainWindow::waitForJob()
{
    while (m_jobStatus->isBusy()) {
        QEventLoop loop;
        connect(m_jobStatus, &JobStatus::busyChanged, &loop, &QEventLoop::quit);
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
}

void MainWindow::revert()
{
    if (!m_document || m_document->filePath().isEmpty())
        return;
    if (!m_batch && m_document->isModified()
        && QMessageBox::question(this, tr("Revert"), tr("Discard the changes since the last save?"))
            != QMessageBox::Yes)
        return;
    const QString path = m_document->filePath();
    if (m_batch)
        openFile(path); // scripted: done when this returns
    else
        startOpen(path);
}

bool MainWindow::maybeSave()
{
    if (m_batch || !m_document || !m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"), tr("The design has unsaved changes. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save) {
        // What follows (close, open, new) needs the file written: wait for it.
        if (!save())
            return false;
        waitForJob();
        return m_document && !m_document->isModified();
    }
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // An export still running stops before it writes; a save finishes.
    m_jobStatus->cancel();
    waitForJob();
    writeSettings();
    event->accept();
}

void MainWindow::addRecentFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recent.removeAll(absolute);
    m_recent.prepend(absolute);
    while (m_recent.size() > kMaxRecentFiles)
        m_recent.removeLast();
    rebuildRecentMenu();
    if (!m_batch)
        QSettings().setValue(QStringLiteral("recentFiles"), m_recent);
}

void MainWindow::rebuildRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    for (const QString &path : m_recent) {
        QAction *open = m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (maybeSave())
                startOpen(path);
        });
        open->setToolTip(path);
        open->setStatusTip(path);
    }
    m_recentMenu->setEnabled(!m_recent.isEmpty());
    if (!m_recent.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            m_recent.clear();
            rebuildRecentMenu();
            if (!m_batch)
                QSettings().setValue(QStringLiteral("recentFiles"), m_recent);
        });
    }
}

void MainWindow::readSettings()
{
    // Batch runs (screenshots, tests) must look the same on every machine.
    if (m_batch)
        return;
    QSettings settings;
    m_recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    rebuildRecentMenu();
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::writeSettings()
{
    if (m_batch)
        return;
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"),
                      m_presentation ? m_stateBeforePresentation : saveState());
    settings.setValue(QStringLiteral("recentFiles"), m_recent);
}

void MainWindow::offerRecovery()
{
    if (m_batch)
        return;
    const QDir folder(Document::recoveryFolder());
    const QStringList copies
        = folder.entryList({ QStringLiteral("*.cluster.json") }, QDir::Files, QDir::Time);
    for (const QString &name : copies) {
        const QString path = folder.filePath(name);
        QFile originFile(path + QStringLiteral(".origin"));
        QString origin;
        if (originFile.open(QIODevice::ReadOnly))
            origin = QString::fromUtf8(originFile.readAll()).trimmed();
        const QString what = origin.isEmpty() ? tr("an untitled design") : origin;
        const auto answer = QMessageBox::question(
            this, tr("Recover unsaved work"),
            tr("Clusterwright did not close normally. A recovery copy of %1 from %2 exists.\n"
               "Restore it?")
                .arg(what, QFileInfo(path).lastModified().toString()),
            QMessageBox::Yes | QMessageBox::No | QMessageBox::Discard, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            // Loaded on a worker like any open. The copy stays until the recovered design
            // is saved or discarded: a second crash before the next autosave still finds it.
            // One design per window: a copy that fails to load is reported and kept.
            startOpen(path, {},
                      [origin, path](Document &document) { document.adoptRecovery(origin, path); });
            return;
        }
        if (answer == QMessageBox::Discard) {
            QFile::remove(path);
            QFile::remove(path + QStringLiteral(".origin"));
        }
    }
}

} // namespace cw

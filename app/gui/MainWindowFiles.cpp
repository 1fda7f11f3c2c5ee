// MainWindow's File commands: new, open, save, revert, recent files, recovery, settings.

#include "app/gui/MainWindow.h"
#include "app/gui/NewDesignDefaults.h"

#include "app/gui/NewDesignWizard.h"

#include "model/core/Design.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
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
        = QFileDialog::getOpenFileName(this, tr("Open design"), QString(), kFileFilter);
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::openFile(const QString &path)
{
    QString error;
    auto document = Document::open(m_catalog, path, &error);
    if (!document) {
        if (m_batch)
            std::fprintf(stderr, "error: %s\n", qPrintable(error));
        else
            QMessageBox::warning(this, tr("Cannot open design"), error);
        return false;
    }
    setDocument(std::move(document));
    addRecentFile(path);
    return true;
}

bool MainWindow::save()
{
    if (!m_document)
        return false;
    if (m_document->filePath().isEmpty())
        return saveAs();
    if (const QString why = m_document->save(); !why.isEmpty()) {
        if (m_batch)
            std::fprintf(stderr, "error: %s\n", qPrintable(why));
        else
            QMessageBox::warning(this, tr("Cannot save design"), why);
        return false;
    }
    addRecentFile(m_document->filePath());
    showMessage(tr("Saved %1").arg(m_document->filePath()));
    return true;
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
    if (const QString why = m_document->save(path); !why.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot save design"), why);
        return false;
    }
    addRecentFile(path); // Document::save moved the recovery copy to the new name
    return true;
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
    openFile(path);
}

bool MainWindow::maybeSave()
{
    if (m_batch || !m_document || !m_document->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"), tr("The design has unsaved changes. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
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
                openFile(path);
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
            QString error;
            auto document = Document::open(m_catalog, path, &error);
            if (!document) {
                QMessageBox::warning(this, tr("Cannot recover"), error);
                continue;
            }
            // The copy stays until the recovered design is saved or discarded: a second
            // crash before the next autosave still finds it.
            document->adoptRecovery(origin, path);
            setDocument(std::move(document));
            return; // one design per window
        }
        if (answer == QMessageBox::Discard) {
            QFile::remove(path);
            QFile::remove(path + QStringLiteral(".origin"));
        }
    }
}

} // namespace cw
